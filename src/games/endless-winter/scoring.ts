/**
 * Board queries, incomes and scoring of Endless Winter (moved out of engine.ts unchanged): influence on a tile, the
 * sacred stones' points, the eclipse's terrain and player-board incomes, the final scoring parts.
 */
import { m } from './keys.js';
import type { GameEvent } from '../../engine/types.js';
import { animalSetScore, type Atom } from './data.js';
import { atomsMsg } from './names.js';
import { POINTS, siteLayout } from './geometry.js';
import { dataOf, def, GLACIER, speciesOf, type EwState, type PState } from './state.js';

const seatRef = (seat: number): { seat: number } => ({ seat });

export function influence(s: EwState, tile: number, seat: number): number {
  let inf = s.camps[tile * s.n + seat]!;
  POINTS.forEach((pt, i) => { if (s.settle[i] === seat && pt.includes(tile)) inf += 2; });
  return inf;
}

export function layout(s: EwState) {
  return siteLayout(dataOf(s), s.sitePat, s.siteTiles);
}

/** Points one sacred stone gives `seat` now. */
export function stoneScore(s: EwState, seat: number, stone: number): number {
  const sc = dataOf(s).stones[stone]!.score;
  const tbl = (n: number): number => sc.table![Math.min(n, sc.table!.length - 1)]!;
  const pl = s.players[seat]!;
  switch (sc.kind) {
    case 'settlementsNextTo': {
      const type = dataOf(s).terrain.findIndex((t) => t.id === sc.arg);
      return POINTS.filter((pt, i) => s.settle[i] === seat && pt.some((t) => s.tiles[t] === type)).length * sc.per!;
    }
    case 'campTypes': {
      const types = new Set<number>();
      s.tiles.forEach((t, i) => { if (i > 0 && s.camps[i * s.n + seat]! > 0) types.add(t); });
      return types.size * sc.per!;
    }
    case 'groundMegaliths': return s.megs.filter((g) => g.l === 0 && g.o === seat).length * sc.per!;
    case 'upperMegaliths': return s.megs.filter((g) => g.l > 0 && g.o === seat).length * sc.per!;
    case 'buildTiles': {
      const lay = layout(s);
      return tbl(new Set(s.megs.filter((g) => g.l === 0 && g.o === seat).map((g) => lay.cells[g.y * lay.w + g.x]!.tile)).size);
    }
    case 'buried': return tbl(pl.buried.length);
    case 'idolSteps': return Math.floor((pl.offering + pl.fame) / sc.per!);
    case 'distinctKills': return new Set(pl.killed.map((a) => speciesOf(s, a))).size * sc.per!;
    case 'killsOf': {
      const sp = dataOf(s).species.findIndex((x) => x.id === sc.arg);
      return tbl(pl.killed.filter((a) => speciesOf(s, a) === sp).length);
    }
  }
}

export const living = (pl: PState): number[] => pl.animals.filter((a) => !pl.killed.includes(a));
/** The terrain tiles whose income `seat` receives: most influence, or tied for most unless the majority variant is on. */
export function terrainIncomeTiles(s: EwState, seat: number): number[] {
  // `influence` of every seat on every tile, counted in one pass
  const n = s.n;
  const all = s.camps.slice();
  for (let i = 0; i < POINTS.length; i++) { const q = s.settle[i]!; if (q >= 0) for (const tile of POINTS[i]!) all[tile * n + q]! += 2; }
  const out: number[] = [];
  for (let tile = 1; tile < s.tiles.length; tile++) {
    const mine = all[tile * n + seat]!;
    if (mine <= 0) continue;
    // the most influence on the tile, and how many seats have it
    let max = -Infinity, most = 0;
    for (let q = tile * n; q < (tile + 1) * n; q++) { const v = all[q]!; if (v > max) { max = v; most = 1; } else if (v === max) most++; }
    if (mine < max) continue;
    if (s.opts.majority && most > 1) continue;
    out.push(tile);
  }
  return out;
}

/** Eclipse step 3: the income of the terrain tiles `seat` has the most influence on (logged when `ev` is given). */
export function terrainIncome(s: EwState, seat: number, ev?: GameEvent[]): Atom[] {
  const gains: Atom[] = [];
  for (const tile of terrainIncomeTiles(s, seat)) {
    const t = s.tiles[tile]!;
    gains.push(...(t === GLACIER ? dataOf(s).glacier.income : dataOf(s).terrain[t]!.income));
  }
  if (gains.length) ev?.push({ msg: m('ev.terrain', { p: seatRef(seat), gain: atomsMsg(gains) }) });
  return merge(gains);
}

/** Eclipse step 4: the player board's income, the sacred stones' points with it (logged when `ev` is given). */
export function boardIncome(s: EwState, seat: number, ev?: GameEvent[]): Atom[] {
  const pl = s.players[seat]!;
  const gains: Atom[] = [];
  for (let i = 0; i < pl.settlements; i++) gains.push(...dataOf(s).player.settlementSlotIncome);
  for (const [slot, inc] of Object.entries(dataOf(s).player.megalithSlotIncome)) if (pl.megs >= Number(slot)) gains.push(...inc);
  let pts = 0;
  for (const st of pl.stones) pts += stoneScore(s, seat, st);
  if (pts) { gains.push({ k: 'points', n: pts }); ev?.push({ msg: m('ev.stonePoints', { p: seatRef(seat), n: pts }) }); }
  return merge(gains);
}

function merge(list: Atom[]): Atom[] {
  const out: Atom[] = [];
  for (const a of list) { const x = out.find((o) => o.k === a.k); if (x) x.n += a.n; else out.push({ ...a }); }
  return out;
}

/** Final scoring parts for every seat. */
export function scoreFinal(s: EwState): NonNullable<EwState['final']> {
  const fameRank = s.players.map((_, i) => i).filter((i) => s.players[i]!.fame > 0)
    .sort((a, b) => s.players[b]!.fame - s.players[a]!.fame || s.players[a]!.fameAt - s.players[b]!.fameAt);
  return s.players.map((pl, seat) => {
    const offering = pl.offering > 0 ? Math.floor((pl.food + pl.tool) / dataOf(s).offering[pl.offering - 1]!.ratio) : 0;
    const rank = fameRank.indexOf(seat);
    const table = rank === 0 ? dataOf(s).burial.first : rank === 1 ? dataOf(s).burial.second : dataOf(s).burial.rest;
    const fame = rank < 0 ? 0 : table[Math.min(pl.buried.length, table.length - 1)]!;
    let cards = 0;
    for (const c of [...pl.hand, ...pl.deck, ...pl.discard, ...pl.buried, ...pl.played, ...pl.stack]) cards += def(s, c).points;
    const counts: Record<string, number> = {};
    for (const a of living(pl)) { const id = dataOf(s).species[speciesOf(s, a)]!.id; counts[id] = (counts[id] ?? 0) + 1; }
    const animals = animalSetScore(dataOf(s).species, counts);
    return { seat, offering, fame, cards, animals, total: pl.score + offering + fame + cards + animals };
  });
}
