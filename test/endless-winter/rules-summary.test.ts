/**
 * The Endless Winter rules summary quotes the numbers the engine plays with (set-up by player count, limits,
 * fame and burial points, set caps), in both languages, and states the corrections of issue #19.
 */
import { describe, expect, it } from 'vitest';
import { CURRENT as DATA } from '../../src/games/endless-winter/data.js';
import { rules } from '../../src/games/endless-winter/rules.js';
import { SUPPLY } from '../../src/games/endless-winter/state.js';

const stones = (n: number): number => 2 * DATA.stoneSlots[String(n)]!;
const startCards = DATA.cards.filter((c) => c.supply === 'start').reduce((a, c) => a + c.copies, 0);
const cap = (id: string): number => DATA.species.find((s) => s.id === id)!.sets.length;
const otherCaps = [...new Set(DATA.species.filter((s) => !s.joker && s.id !== 'mammoth').map((s) => s.sets.length))];
const famePoints = Object.values(DATA.fame.points);

describe('the Endless Winter rules summary', () => {
  it('GIVEN the engine data THEN the set-up page quotes its numbers in both languages', () => {
    const g = DATA.glaciersByPlayers;
    expect(rules.en.setup).toContain(`through ${DATA.rounds} rounds`);
    expect(rules.de.setup).toContain(`durch ${DATA.rounds} Runden`);
    expect(rules.en.setup).toContain(`${DATA.mapTiles} terrain tiles`);
    expect(rules.de.setup).toContain(`${DATA.mapTiles} Geländefelder`);
    expect(rules.en.setup).toContain(`glaciers (${g['2']} with 2–3 players, ${g['4']} with 4 players)`);
    expect(rules.de.setup).toContain(`Gletscher (${g['2']} bei 2–3 Spielern, ${g['4']} bei 4 Spielern)`);
    expect(g['3']).toBe(g['2']);
    expect(rules.en.setup).toContain(`${stones(2)} with 2 players, ${stones(3)} with 3, ${stones(4)} with 4`);
    expect(rules.de.setup).toContain(`${stones(2)} bei 2 Spielern, ${stones(3)} bei 3, ${stones(4)} bei 4`);
    expect(rules.en.setup).toContain(`${DATA.display} age-I progress cards`);
    expect(rules.de.setup).toContain(`${DATA.display} Fortschritte des I. Zeitalters`);
    expect(rules.en.setup).toContain(`supplies of ${SUPPLY} cards`);
    expect(rules.de.setup).toContain(`mit je ${SUPPLY} Karten`);
    expect(rules.en.setup).toContain(`(room for ${DATA.huntingGround})`);
    expect(rules.de.setup).toContain(`(Platz für ${DATA.huntingGround})`);
    const p = DATA.player;
    expect(rules.en.setup).toContain(`${p.camps} camps on its food track, ${p.settlements} settlements, ${p.neutralMegaliths} grey neutral megaliths and ${p.colourMegaliths} in your colour`);
    expect(rules.de.setup).toContain(`${p.camps} Lagern auf der Nahrungsleiste, ${p.settlements} Siedlungen, ${p.neutralMegaliths} grauen neutralen Megalithen und ${p.colourMegaliths} in deiner Farbe`);
    expect(rules.en.setup).toContain(`Your ${startCards} starting cards`);
    expect(rules.de.setup).toContain(`Deine ${startCards} Startkarten`);
    // The first camp starts on the map: the limit with 1 camp off the board.
    expect(rules.en.setup).toContain(`your food limit is now ${p.foodLimit[1]}`);
    expect(rules.de.setup).toContain(`Nahrungsleisten-Limit ist jetzt ${p.foodLimit[1]}`);
  });

  it('GIVEN the engine data THEN the scoring page quotes its numbers in both languages', () => {
    expect(rules.en.turn).toContain(`at most ${DATA.player.stoneCosts.length}.`);
    expect(rules.de.turn).toContain(`höchstens ${DATA.player.stoneCosts.length}.`);
    const [a, b, c] = famePoints;
    expect(rules.en.scoring).toContain(`pay ${a}, ${b} and ${c} at once (${a! + b! + c!} in all)`);
    expect(rules.de.scoring).toContain(`geben sofort ${a}, ${b} und ${c} (zusammen ${a! + b! + c!})`);
    expect(rules.en.scoring).toContain(`highest with 4 buried cards scores ${DATA.burial.first[4]}`);
    expect(rules.de.scoring).toContain(`höchste Position mit 4 begrabenen Karten bringt ${DATA.burial.first[4]}`);
    expect(otherCaps).toHaveLength(1);
    expect(rules.en.scoring).toContain(`at most ${cap('mammoth')} woolly mammoths, ${otherCaps[0]} of every other species`);
    expect(rules.de.scoring).toContain(`höchstens ${cap('mammoth')} Wollhaarmammuts, ${otherCaps[0]} bei allen anderen Gattungen`);
    const slots = Object.keys(DATA.player.megalithSlotIncome).map(Number).sort((x, y) => x - y);
    expect(slots).toEqual([1, 3, 5]);
    expect(rules.en.scoring).toContain('1 tool once megalith space 1 is empty, 1 idol each once spaces 3 and 5 are empty');
    expect(rules.de.scoring).toContain('1 Werkzeug, sobald Megalithfeld 1 frei ist, je 1 Götze, sobald die Felder 3 und 5 frei sind');
  });

  it('GIVEN the corrections of issue #19 THEN both languages state them', () => {
    // Tied players each get the whole terrain income.
    expect(rules.en.scoring).toMatch(/each tied player gets all of it/);
    expect(rules.de.scoring).toMatch(/bei Gleichstand erhält es jeder Beteiligte ganz/);
    // The neutral megaliths need no start cell.
    expect(rules.en.scoring).toMatch(/your neutral ones may go here as well, they need no start cell/);
    expect(rules.de.scoring).toMatch(/auch deine neutralen dürfen hierhin, sie brauchen kein Startfeld/);
    // Resting forbids tribe members; no food for labour in the eclipse; eclipse bonuses are optional.
    expect(rules.en.turn).toMatch(/No tribe members may be played/);
    expect(rules.de.turn).toMatch(/Keine Stammesmitglieder ausspielen/);
    expect(rules.en.turn).toMatch(/no food may be spent/);
    expect(rules.de.turn).toMatch(/keine Nahrung ausgeben/);
    expect(rules.en.turn).toMatch(/all bonuses and special actions are optional/);
    expect(rules.de.turn).toMatch(/alle Boni und Sonderaktionen sind optional/);
    // An unmoved idol marker scores 0, on both tracks.
    expect(rules.en.scoring.match(/An unmoved marker scores 0/g)).toHaveLength(2);
    expect(rules.de.scoring.match(/Ein unbewegter Marker bringt 0 Punkte/g)).toHaveLength(2);
  });
});
