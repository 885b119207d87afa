/**
 * Endless Winter's board: settlement points, megaliths, stones, idols, ice finds, tribe members from the supply, animals,
 * camps and progress cards taken.
 */
import { m } from './keys.js';
import type { GameEvent } from '../../engine/types.js';
import { clampFood, pushGains } from './gains.js';
import { ORTHO, POINTS, SETTLEABLE } from './geometry.js';
import { atomsMsg, cardName, seatRef, tileMsg } from './names.js';
import { layout } from './scoring.js';
import { cardTable, dataOf, type EwState, ICE_UP, megalithsLeft, speciesOf, supplyTop } from './state.js';

export function legalSettlementPoints(s: EwState, seat: number): number[] {
  if (s.players[seat]!.settlements >= dataOf(s).player.settlements) return [];
  return SETTLEABLE.filter((i) => s.settle[i] === -1 && POINTS[i]!.every((t) => s.camps[t * s.n + seat]! > 0));
}

function megAt(s: EwState, l: number, x: number, y: number): number {
  return s.megs.findIndex((g) => g.l === l && g.x === x && g.y === y);
}

/** A megalith spot as one number (level, and x, y from -1 up: a build site is far smaller than 100 cells a side). */
const spot = (l: number, x: number, y: number): number => (l * 100 + y + 1) * 100 + x + 1;
const ORTHO_STEPS = Object.values(ORTHO);

/** Legal megalith placements for `seat`'s next megalith: [level, x, y]. */
export function megalithSpots(s: EwState, seat: number): [number, number, number][] {
  if (megalithsLeft(s, seat) <= 0) return [];
  const neutral = s.players[seat]!.megs < dataOf(s).player.neutralMegaliths;
  const lay = layout(s);
  const placed = new Set(s.megs.map((g) => spot(g.l, g.x, g.y)));
  const occ = (l: number, x: number, y: number): boolean => placed.has(spot(l, x, y));
  const out: [number, number, number][] = [];
  for (let y = 0; y < lay.h; y++) for (let x = 0; x < lay.w; x++) {
    const c = lay.cells[y * lay.w + x];
    if (!c || occ(0, x, y)) continue;
    const nextTo = ORTHO_STEPS.some(([dx, dy]) => occ(0, x + dx, y + dy));
    if (c.cell.start ? neutral : nextTo) out.push([0, x, y]);
  }
  if (!neutral) {
    for (let l = 1; l < Math.min(lay.w, lay.h); l++) for (let y = 0; y < lay.h - l; y++) for (let x = 0; x < lay.w - l; x++) {
      if (occ(l, x, y)) continue;
      const below = l - 1;
      if (occ(below, x, y) && occ(below, x + 1, y) && occ(below, x, y + 1) && occ(below, x + 1, y + 1)) out.push([l, x, y]);
    }
  }
  return out;
}

export function neutralSpots(s: EwState, seat: number, fromX: number, fromY: number, arrows: ('N' | 'E' | 'S' | 'W')[]): [number, number][] {
  if (s.players[seat]!.megs >= dataOf(s).player.neutralMegaliths) return [];
  const lay = layout(s);
  return arrows.map((d) => [fromX + ORTHO[d][0], fromY + ORTHO[d][1]] as [number, number])
    .filter(([x, y]) => x >= 0 && y >= 0 && x < lay.w && y < lay.h && lay.cells[y * lay.w + x] && megAt(s, 0, x, y) < 0);
}

/** Places `seat`'s next megalith and gives what it earns. */
export function placeMegalith(s: EwState, seat: number, l: number, x: number, y: number, ev: GameEvent[]): void {
  const pl = s.players[seat]!;
  const neutral = pl.megs < dataOf(s).player.neutralMegaliths;
  pl.megs++;
  s.megs.push({ l, x, y, o: neutral ? -1 : seat });
  ev.push({ msg: m('ev.megalith', { p: seatRef(seat), level: l }) });
  if (l === 0) {
    const lay = layout(s);
    const c = lay.cells[y * lay.w + x]!.cell;
    const normal = c.gain.filter((g) => g.k !== 'neutral');
    if (c.gain.some((g) => g.k === 'neutral')) {
      s.queueSeat = seat;
      s.queue.unshift({ k: 'neutral', n: 1, atoms: [{ k: 'neutral', n: x * 100 + y }] });
    }
    if (normal.length) pushGains(s, seat, normal, true);
    return;
  }
  const others = new Array(s.n).fill(0) as number[];
  let mine = 0;
  for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) {
    const g = s.megs[megAt(s, l - 1, x + dx, y + dy)]!;
    if (g.o === seat) mine += 2;
    else { mine += 1; if (g.o >= 0) others[g.o]!++; }
  }
  pl.score += mine;
  ev.push({ msg: m('ev.megalithPoints', { p: seatRef(seat), n: mine }) });
  others.forEach((pts, o) => { if (pts) { s.players[o]!.score += pts; ev.push({ msg: m('ev.megalithPoints', { p: seatRef(o), n: pts }) }); } });
}

export function availableStones(s: EwState): { side: 'L' | 'R'; slot: number }[] {
  const out: { side: 'L' | 'R'; slot: number }[] = [];
  s.stonesL.forEach((st, i) => { if (st >= 0) out.push({ side: 'L', slot: i }); });
  if (s.round >= 3) s.stonesR.forEach((st, i) => { if (st >= 0) out.push({ side: 'R', slot: i }); });
  return out;
}

export function takeStone(s: EwState, seat: number, side: 'L' | 'R', slot: number, ev: GameEvent[]): void {
  const arr = side === 'L' ? s.stonesL : s.stonesR;
  const st = arr[slot]!;
  arr[slot] = -1;
  s.players[seat]!.stones.push(st);
  ev.push({ msg: m('ev.stone', { p: seatRef(seat), stone: m(`stone.${dataOf(s).stones[st]!.id}`) }) });
  pushGains(s, seat, dataOf(s).stones[st]!.income, true);
}

export function moveIdol(s: EwState, seat: number, track: 'offering' | 'fame', ev: GameEvent[]): void {
  const pl = s.players[seat]!;
  if (track === 'fame') {
    pl.fame++;
    pl.fameAt = fameCounter(s);
    const pts = dataOf(s).fame.points[pl.fame] ?? 0;
    pl.score += pts;
    ev.push({ msg: m('ev.fame', { p: seatRef(seat), level: pl.fame, n: pts }) });
    return;
  }
  const top = dataOf(s).offering.length;
  if (pl.offering >= top) {
    pl.score += 1;
    ev.push({ msg: m('ev.offeringTop', { p: seatRef(seat) }) });
    return;
  }
  pl.offering++;
  ev.push({ msg: m('ev.offering', { p: seatRef(seat), pos: pl.offering }) });
  const bonus = dataOf(s).offering[pl.offering - 1]!.bonus;
  if (bonus) { s.queueSeat = seat; s.queue.unshift({ k: bonus, n: 1 }); }
}

function fameCounter(s: EwState): number {
  return 1 + Math.max(0, ...s.players.map((p) => p.fameAt));
}

function revealIce(s: EwState, tile: number, ev: GameEvent[]): void {
  // Ice finds have no effect during the eclipse.
  if (s.phase === 'action' && s.ice[tile]! >= 0 && s.ice[tile]! < ICE_UP) {
    s.ice[tile] = s.ice[tile]! + ICE_UP;
    ev.push({ msg: m('ev.ice', { gain: atomsMsg(dataOf(s).iceFinds[s.ice[tile]! - ICE_UP]!) }) });
  }
}

export function buildSettlement(s: EwState, seat: number, pt: number, ev: GameEvent[]): void {
  const pl = s.players[seat]!;
  s.settle[pt] = seat;
  pl.settlements++;
  for (const t of POINTS[pt]!) s.camps[t * s.n + seat]!--;
  clampFood(s, seat);
  ev.push({ msg: m('ev.settlement', { p: seatRef(seat) }) });
  if (s.opts.ice && s.phase === 'action') for (const t of POINTS[pt]!) if (s.ice[t]! >= ICE_UP) pushGains(s, seat, dataOf(s).iceFinds[s.ice[t]! - ICE_UP]!, true);
}

export function memberSupplyTake(s: EwState, seat: number, sup: number, to: 'hand' | 'discard', ev: GameEvent[]): void {
  const pl = s.players[seat]!;
  const card = s.supply[sup]! > 0 ? supplyTop(s, sup) : undefined;
  if (card !== undefined) s.supply[sup]!--;
  if (card === undefined) {
    pl.score += 1;
    ev.push({ msg: m('ev.emptySupply', { p: seatRef(seat) }) });
    return;
  }
  (to === 'hand' ? pl.hand : pl.discard).push(card);
  ev.push({ msg: m(to === 'hand' ? 'ev.memberHand' : 'ev.memberDiscard', { p: seatRef(seat), card: cardName(s, card) }) });
}

export function kill(s: EwState, seat: number, animal: number, ev: GameEvent[]): void {
  s.players[seat]!.killed.push(animal);
  const sp = dataOf(s).species[speciesOf(s, animal)]!;
  ev.push({ msg: m('ev.kill', { p: seatRef(seat), animal: m(`animal.${sp.id}`), sp: sp.id }) });
  pushGains(s, seat, sp.kill, true);
}

/** Kills `animal` for `seat`; with `take`, its income (the queue's last item, just added) is taken as shown. */
export function killTaking(s: EwState, seat: number, animal: number, take: boolean | undefined, ev: GameEvent[]): void {
  const before = s.queue.length;
  kill(s, seat, animal, ev);
  const it = s.queue[before];
  if (take && it?.k === 'bundle' && s.queue.length === before + 1) s.queue.splice(before, 1, ...it.atoms!.map((a) => ({ k: a.k, n: a.n })));
}

export function takeAnimal(s: EwState, seat: number, a: number, ev: GameEvent[]): void {
  s.players[seat]!.animals.push(a);
  const sp = dataOf(s).species[speciesOf(s, a)]!;
  ev.push({ msg: m('ev.animal', { p: seatRef(seat), animal: m(`animal.${sp.id}`), sp: sp.id }) });
}

export function moveCamp(s: EwState, seat: number, from: number, to: number, ev: GameEvent[]): void {
  s.camps[from * s.n + seat]!--;
  s.camps[to * s.n + seat]!++;
  revealIce(s, to, ev);
  ev.push({ msg: m('ev.move', { p: seatRef(seat), from: tileMsg(s, from), to: tileMsg(s, to) }) });
}

/** Takes the progress card of display slot `slot` into `seat`'s hand. */
export function takeProgress(s: EwState, seat: number, slot: number, ev: GameEvent[]): void {
  const c = s.display[slot]!;
  s.display[slot] = -1;
  s.players[seat]!.hand.push(c);
  ev.push({ msg: m('ev.progress', { p: seatRef(seat), card: cardName(s, c) }) });
}

/** The first card of kind `cardKind` in `pile` (taken out), except `except`. */
export function takeOfKind(s: EwState, pile: number[], cardKind: number, except = -1): number {
  const idx = pile.findIndex((c) => cardTable(s)[c] === cardKind && c !== except);
  return pile.splice(idx, 1)[0]!;
}
