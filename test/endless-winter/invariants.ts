/** Invariants checked after every self-play step of Endless Winter. */
import { engine } from '../../src/games/endless-winter/index.js';
import { cardTable, campsOnMap, foodLimit, supplyCards, type EwState } from '../../src/games/endless-winter/state.js';
import { POINTS } from '../../src/games/endless-winter/geometry.js';

let rotation = 0;

export function checkInvariants(s: EwState): void {
  // Every card is in exactly one place: supplies, decks, display, box, hands, piles, stacks, graves.
  const places: number[] = [...s.supply.flatMap((_, i) => supplyCards(s, i)), ...s.prog1, ...s.prog2, ...s.display.filter((c) => c >= 0), ...s.box];
  for (const p of s.players) places.push(...p.hand, ...p.deck, ...p.discard, ...p.played, ...p.stack, ...p.buried);
  const total = cardTable(s).length;
  if (places.length !== total || new Set(places).size !== total) fail(`cards not conserved: ${places.length} placed, ${new Set(places).size} distinct, ${total} exist`);
  // Animals: deck, hunting ground and players' areas hold all 60 once.
  const animals = [...s.animalDeck, ...s.ground, ...s.players.flatMap((p) => p.animals)];
  if (animals.length !== 60 || new Set(animals).size !== 60) fail('animals not conserved');
  if (s.ground.length > 6) fail('hunting ground over 6');
  s.players.forEach((p, seat) => {
    for (const k of p.killed) if (!p.animals.includes(k)) fail('a killed animal must be the player\'s');
    if (p.food < 0 || p.food > foodLimit(s, seat)) fail(`food ${p.food} outside 0..${foodLimit(s, seat)} (seat ${seat})`);
    if (p.tool < 0) fail('tools below 0');
    const onMap = campsOnMap(s, seat);
    if (onMap < 0 || onMap > 5) fail(`camps on the map: ${onMap}`);
    if (s.settle.filter((x) => x === seat).length !== p.settlements) fail('settlement count');
    if (p.settlements > 3 || p.stones.length > 3) fail('board limits');
  });
  if (s.camps.some((c) => c < 0)) fail('negative camps');
  // One settlement a point, never on a point of the start tile.
  s.settle.forEach((x, i) => { if (x >= 0 && POINTS[i]!.includes(0)) fail('settlement on the start tile'); });
  if (s.megs.length !== s.players.reduce((a, p) => a + p.megs, 0)) fail('megaliths on the site = megaliths taken from boards');
  const spots = new Set(s.megs.map((g) => `${g.l}:${g.x}:${g.y}`));
  if (spots.size !== s.megs.length) fail('two megaliths on one spot');
  if (s.turn && s.turn.pool < 0) fail('negative labour');
  // Nothing hidden leaks into another seat's view (one viewer per step, in rotation, so every seat is checked often).
  rotation = (rotation + 1) % (s.n + 1);
  for (const v of [rotation - 1]) {
    const view = engine.view(s, v < 0 ? null : v);
    if ('rng' in view) fail('the view must not carry the random state');
    view.players.forEach((pv, i) => {
      if (i === v) return;
      if (pv.hand !== null) fail(`seat ${v} sees the hand of ${i}`);
      if (s.phase !== 'over' && pv.buried !== null) fail(`seat ${v} sees the grave of ${i}`);
      if (s.phase === 'action' && pv.stack !== null) fail(`seat ${v} sees the eclipse stack of ${i}`);
    });
  }
}

function fail(why: string): never {
  throw new Error(`invariant broken: ${why}`);
}
