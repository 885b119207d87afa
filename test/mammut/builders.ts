/** Builders for Mammut positions: a table with chosen shares, cards, tracks and shaman. */
import type { Seat } from '../../src/engine/types.js';
import { ANIMALS, CARD_OF, CARD_TYPES, TILES } from '../../src/games/mammut/data.js';
import { knowsBack, upFace, zones } from '../../src/games/mammut/board.js';
import { engine } from '../../src/games/mammut/index.js';
import { MIDDLE, NT, SHAMAN, type MammutState } from '../../src/games/mammut/state.js';
import { gameBuilders } from '../helpers/builders.js';

export interface TableSpec {
  players: number;
  round?: number;
  start?: Seat;
  /**
   * Per seat, per share, the tiles: a face ('axe', 'fur', 'tusk', 'meat', 'fire'), '?>meat' (a ? tile with meat
   * on its back), an animal id, or 'shaman:red' / 'shaman:blue'. A flat list of strings is one share.
   */
  shares?: (string[] | string[][])[];
  /** Faces that must lie face up in the middle (same notation). */
  middle?: string[];
  fur?: number[];
  /** Scores; without it everyone has the set-up's 10 (the rulebook's start on the score track). */
  score?: number[];
  /** Scoring / loot card ids played this round, per seat. */
  played?: string[][];
  /** Card ids in hand, per seat (replacing the dealt ones). */
  hands?: string[][];
  coll?: string[][];
  /** Where the shaman lies when no share names it: 'middle' by default; its arrow colour. */
  arrow?: 'red' | 'blue';
}


/** A fresh state whose tiles all lie in the middle, then arranged as `spec` says. */
export function table(spec: TableSpec): MammutState {
  const s = engine.setup(spec.players, {}, 'builder');
  if (spec.round !== undefined) s.round = spec.round;
  if (spec.start !== undefined) { s.start = spec.start; s.current = spec.start; }
  if (spec.fur) s.fur = [...spec.fur];
  if (spec.score) s.score = [...spec.score];
  if (spec.coll) s.collection = spec.coll.map((c) => c.map((a) => ANIMALS.indexOf(a)).sort((x, y) => x - y));
  const used = new Set<number>();
  const put = (what: string, code: number): void => {
    let t: number;
    let side: number;
    if (what.startsWith('shaman:')) {
      t = SHAMAN;
      side = TILES[t]!.sides.indexOf(what.slice(7));
    } else if (what.startsWith('?>')) {
      const back = what.slice(2);
      t = TILES.findIndex((d, i) => !used.has(i) && d.kind === 'loot' && d.sides.includes('?') && d.sides.includes(back));
      side = t < 0 ? -1 : TILES[t]!.sides.indexOf('?');
    } else {
      // Prefer tiles without a ? back so the builder leaves ? tiles for tests that need them.
      const fits = (i: number): boolean => !used.has(i) && i !== SHAMAN && TILES[i]!.sides.includes(what);
      t = TILES.findIndex((d, i) => fits(i) && !d.sides.includes('?'));
      if (t < 0) t = TILES.findIndex((_, i) => fits(i));
      side = t < 0 ? -1 : TILES[t]!.sides.indexOf(what);
    }
    if (t < 0 || side < 0) throw new Error(`builder: no free tile shows ${what}`);
    used.add(t);
    s.up[t] = side;
    s.place[t] = code;
  };
  s.place = Array(NT).fill(MIDDLE);
  spec.shares?.forEach((shares, seat) => {
    const list: string[][] = shares.length > 0 && Array.isArray(shares[0]) ? (shares as string[][]) : shares.length ? [shares as string[]] : [];
    list.forEach((sh, i) => sh.forEach((w) => put(w, seat * 2 + i)));
  });
  spec.middle?.forEach((w) => put(w, MIDDLE));
  if (!used.has(SHAMAN)) s.up[SHAMAN] = TILES[SHAMAN]!.sides.indexOf(spec.arrow ?? 'red');
  // Tiles nobody asked for lie in the middle, on a side that is not '?' so they never surprise a test.
  for (let t = 0; t < NT; t++) {
    if (used.has(t) || t === SHAMAN) continue;
    const q = TILES[t]!.sides.indexOf('?');
    if (q >= 0) s.up[t] = 1 - q;
  }
  // Cards: everything back to the deck, then hands and played as asked.
  if (spec.played || spec.hands) {
    const pool = CARD_OF.map((_, i) => i);
    const take = (id: string): number => {
      const type = CARD_TYPES.findIndex((c) => c.id === id);
      const i = pool.findIndex((c) => CARD_OF[c] === type);
      if (i < 0) throw new Error(`builder: no card ${id} left`);
      return pool.splice(i, 1)[0]!;
    };
    const hands: number[][] = s.hands.map(() => []);
    const played: number[][] = s.played.map(() => []);
    spec.played?.forEach((cards, seat) => (played[seat] = cards.map(take)));
    if (spec.hands) spec.hands.forEach((cards, seat) => (hands[seat] = cards.map(take)));
    else s.hands.forEach((h, seat) => (hands[seat] = h.map(() => pool.shift()!)));
    s.hands = hands;
    s.played = played;
    s.deck = pool;
    s.discard = [];
  }
  return s;
}

/** Options chosen as a player does (`choose(s, id, [seat, id], …)`), what is offered, who acts: test/helpers/builders.ts. */
export const { choose, optionIds, toAct } = gameBuilders(engine);

/** Faces in a seat's shares (flat, sorted), as a view of that seat shows them. */
export function shareFaces(s: MammutState, seat: Seat): string[] {
  return zones(s).shares[seat]!.flat().map((t) => upFace(s, t)).sort();
}

export function handIds(s: MammutState, seat: Seat): string[] {
  return s.hands[seat]!.map((c) => CARD_TYPES[CARD_OF[c]!]!.id).sort();
}

export { knowsBack };
