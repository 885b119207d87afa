/** Invariants checked after every self-play step. */
import type { Seat } from '../../src/engine/types.js';
import { CARD_OF, CARD_TYPES, TILE_DATA } from '../../src/games/mammut/data.js';
import { downFace, knowsBack, upFace, zones } from '../../src/games/mammut/board.js';
import { engine } from '../../src/games/mammut/index.js';
import { MIDDLE, NT, type MammutState } from '../../src/games/mammut/state.js';

const ALL_CARDS = CARD_OF.map((_, i) => i).join(',');
const ALL_TILES = Array.from({ length: NT }, (_, i) => i).join(',');
const sorted = (list: readonly number[]): string => [...list].sort((a, b) => a - b).join(',');

function fail(why: string, s: MammutState): never {
  throw new Error(`invariant: ${why}\n${JSON.stringify(s)}`);
}

/** Tiles: each of the 32 lies exactly once in the middle or one share; cards: each of the 19 exactly once. */
export function conservation(s: MammutState): void {
  if (s.place.length !== NT || s.up.length !== NT || s.known.length !== NT) fail('tile strings have the wrong length', s);
  if (sorted(s.tileDef) !== ALL_TILES) fail('tile identities are not a permutation', s);
  for (let t = 0; t < NT; t++) {
    const k = s.place[t]!;
    if (k === MIDDLE) continue;
    if (!Number.isInteger(k) || k < 0 || k >> 1 >= s.players || (k & 1) >= s.sharesEach) fail(`tile ${t} lies nowhere valid (${k})`, s);
    if ((k & 1) === 1 && !s.place.includes(k - 1)) fail('a second share without a first', s);
  }
  const cards = [...s.deck, ...s.discard, ...s.hands.flat(), ...s.played.flat()];
  if (sorted(cards) !== ALL_CARDS) fail(`cards not conserved: ${cards.join(',')}`, s);
  const shares = zones(s).shares;
  const holders = shares.reduce((a, l) => a + l.length, 0);
  if (s.phase === 'taking' && holders >= s.players * s.sharesEach) fail('every share slot full while sharing goes on', s);
}

export function scores(s: MammutState): void {
  for (const v of s.score) if (!(v >= 0) || !Number.isInteger(v)) fail(`score ${v}`, s);
  for (const c of s.collection) if (new Set(c).size !== c.length) fail('a collection holds an animal twice', s);
  for (let a = 0; a < TILE_DATA.animals.length; a++) {
    const owners = s.collection.filter((c) => c.includes(a)).length;
    if (owners > TILE_DATA.collectionPerSort) fail('more collection animals than the supply has', s);
  }
  if (s.phase === 'over' && s.round !== 5) fail('game over before round 5', s);
}

/** A seat's view holds nothing that seat may not see: other hands, others' face-down cards, unknown backs. */
export function secrecy(s: MammutState, seat: Seat | null): void {
  const v = engine.view(s, seat);
  const own = seat === null ? null : s.hands[seat]!.map((c) => CARD_TYPES[CARD_OF[c]!]!.id).sort();
  if (JSON.stringify(v.hand) !== JSON.stringify(own)) fail(`seat ${seat} sees a hand that is not its own`, s);
  if (s.phase === 'taking') {
    v.played.forEach((p, owner) => {
      if (owner !== seat && p.scoring.some((c) => c !== null)) fail(`seat ${seat} sees a face-down card of seat ${owner}`, s);
    });
  }
  if (seat !== s.current && v.selection !== null) fail(`seat ${seat} sees another player's running selection`, s);
  const z = zones(s);
  // What the seat may know, from the state: the up face, and the back only where the seat knows it.
  const expectTiles = (tiles: number[]): string =>
    tiles.map((t) => `${upFace(s, t)}|${knowsBack(s, t, seat) && upFace(s, t) !== downFace(s, t) && !['red', 'blue'].includes(upFace(s, t)) ? downFace(s, t) : ''}`).sort().join(',');
  const seen = (tiles: { face: string; back?: string }[]): string => tiles.map((t) => `${t.face}|${t.back ?? ''}`).sort().join(',');
  if (seen(v.middle) !== expectTiles(z.middle)) fail(`seat ${seat}: middle ${seen(v.middle)} vs ${expectTiles(z.middle)}`, s);
  v.shares.forEach((l, p) => l.forEach((sh, i) => {
    if (seen(sh) !== expectTiles(z.shares[p]![i]!)) fail(`seat ${seat}: share ${p}.${i} shows more or less than it may`, s);
  }));
}

let counter = 0;
/** All invariants; the view check rotates over the seats and the spectator, one view a step. */
export function invariant(s: MammutState): void {
  conservation(s);
  scores(s);
  const k = counter++ % (s.players + 1);
  secrecy(s, k === s.players ? null : k);
}
