/**
 * Mammut's computer players and the tiles they put back from a taken share (issue #13: they used to put back only
 * one). The rule of thumb (`playoutPolicy`, ai.ts) proposes the set of tiles to put back; the search tries that set
 * beside the single tiles and keeps it unless its playouts show another choice clearly better.
 */
import { describe, expect, it } from 'vitest';
import { apply, setChoiceId } from '../../src/engine/apply.js';
import { policyOptions } from '../../src/engine/selfplay.js';
import { seedRng } from '../../src/engine/rng.js';
import { strongPlayer } from '../../src/ai/index.js';
import { engine } from '../../src/games/mammut/index.js';
import { choose, shareFaces, table } from './builders.js';

const ids = (s: ReturnType<typeof table>): string[] => policyOptions(engine.decisions(s)[0]!).map((o) => o.id);

/** Seat 1 has taken seat 0's share and now chooses which of its tiles go back to the middle. */
function takenShare(share: string[], collections: string[][]) {
  let s = table({ players: 3, round: 3, start: 0, shares: [share, [], []], coll: collections });
  s.startTook = true;
  s.current = 1;
  s = choose(s, 'rob:0');
  return s;
}

describe('putting tiles back from a taken share', () => {
  // Everybody owns a bear, a wolf and a boar: those animal tiles score nothing for anybody. Kept, they would only let
  // the next player who takes the share put them back and keep the tusk and the meat.
  const everybody = ['bear', 'wolf', 'boar'];
  const junk = () => takenShare(['bear', 'wolf', 'boar', 'tusk', 'meat'], [everybody, everybody, everybody]);

  it('GIVEN animal tiles nobody can use among the taken tiles THEN the rule of thumb puts all of them back as one set', () => {
    const s = junk();
    const d = engine.decisions(s)[0]!;
    const pick = engine.playoutPolicy!(s, 1, ids(s), seedRng('policy'));
    expect(pick).toBe(setChoiceId(d, ['b:bear', 'b:wolf', 'b:boar']));
  });

  it('GIVEN that position THEN the strong computer player puts the three animal tiles back and keeps the tusk and the meat', () => {
    const s = junk();
    const choice = strongPlayer().decide(engine, s, 1, { maxIterations: 60 }, seedRng('strong-put-back'));
    expect(choice.optionId.split('+').sort()).toEqual(['b:bear', 'b:boar', 'b:wolf']);
    const r = apply(engine, s, 1, choice.optionId);
    expect(r.ok).toBe(true);
    if (r.ok) expect(shareFaces(r.state, 1)).toEqual(['meat', 'tusk']);
  });

  it('GIVEN an animal tile worthless to the taker but not to the others THEN it goes back alone, not as junk with others', () => {
    // Seat 1 owns the bear, the others do not: it is the cheapest tile to give up, but no tile nobody can use.
    const s = takenShare(['bear', 'tusk', 'meat'], [[], ['bear'], []]);
    const offered = ids(s);
    const pick = engine.playoutPolicy!(s, 1, offered, seedRng('policy'));
    expect(offered[pick as number]).toBe('b:bear');
  });

  it('GIVEN tiles all worth something THEN the rule of thumb puts back a single tile', () => {
    const s = takenShare(['tusk', 'meat', 'fur'], [[], [], []]);
    const pick = engine.playoutPolicy!(s, 1, ids(s), seedRng('policy'));
    expect(typeof pick).toBe('number');
  });

  it('GIVEN a mix being picked THEN the rule of thumb has no opinion (the steps of the mix decide)', () => {
    const s = choose(table({ players: 3, start: 0 }), 'mix');
    expect(s.pending?.kind).toBe('take');
    expect(engine.playoutPolicy!(s, 0, ids(s), seedRng('policy'))).toBeNull();
  });

  it('GIVEN the player on turn THEN the rule of thumb names a take, a share or a card, never a mix', () => {
    const s = table({ players: 3, start: 0 });
    const offered = ids(s);
    const pick = engine.playoutPolicy!(s, 0, offered, seedRng('policy'));
    expect(typeof pick).toBe('number');
    expect(offered[pick as number]).not.toBe('mix');
  });
});
