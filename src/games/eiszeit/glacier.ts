/**
 * The glacier: after each round but the last, the player last on the score track (ties: fewer hunters on the board,
 * fewer stones, then lot) may cover a free region touching the top edge or a glacier. Hunters there go back to
 * their supplies, clubs and mammoths beside the board.
 */
import { pick } from '../../engine/rng.js';
import type { GameEvent, Msg, Seat } from '../../engine/types.js';
import { dataOf, freeRegions, m, onBoard, regMsg, seatRef } from './board.js';
import type { EiszeitState } from './state.js';

type S = EiszeitState;

/** Who may place the glacier (`s.glacierSeat`): last on the track; ties: fewer hunters on the board, fewer stones, then lot. */
export function chooseGlacierSeat(s: S, events: GameEvent[]): void {
  const key = (q: Seat) => [s.score[q], onBoard(s, q), s.stones[q]];
  let tied = Array.from({ length: s.players }, (_, q) => q);
  for (let k = 0; k < 3; k++) {
    const best = Math.min(...tied.map((q) => key(q)[k]!));
    tied = tied.filter((q) => key(q)[k] === best);
  }
  const chooser = tied.length > 1 ? pick(s.rng, tied) : tied[0]!;
  if (tied.length > 1) events.push({ msg: m('ev.glacierLot', { p: seatRef(chooser), list: tied.map(seatRef) }) });
  s.glacierSeat = chooser;
}

/** Regions a glacier may cover now: free, touching the top edge or a glacier. */
export function glacierCandidates(s: S): number[] {
  return freeRegions(s).filter((r) => dataOf(s).board.regions[r]!.topEdge || dataOf(s).adj[r]!.some((id) => s.glacier[id - 1]));
}

/**
 * What covering region `r` would do, for the option's detail: whose hunters go home and how many mammoths leave.
 * Presentation only (the option's id and payload are the region's).
 */
export function glacierDetail(s: S, r: number): Msg {
  const back: Msg[] = [];
  for (let q = 0; q < s.players; q++) if (s.hunters[r]![q]! > 0) back.push(m('ev.lost', { p: seatRef(q), n: s.hunters[r]![q]! }));
  return m('choice.glacierDetail', { list: back.length ? back : [m('choice.nobody')], m: s.mammothsIn[r]! });
}

/** The glacier covers region `r`: its hunters go back to their supplies, clubs, mammoths and fire tiles beside the board. */
export function placeGlacier(s: S, r: number, events: GameEvent[]): void {
  s.glacier[r] = true;
  s.glacierCount++;
  const back: Msg[] = [];
  for (let q = 0; q < s.players; q++) {
    const k = s.hunters[r]![q]!;
    if (k > 0) back.push(m('ev.lost', { p: seatRef(q), n: k }));
    s.supply[q] += k;
    s.hunters[r]![q] = 0;
    s.clubs += s.clubbed[r]![q]!;
    s.clubbed[r]![q] = 0;
  }
  const mm = s.mammothsIn[r]!;
  s.mammoths += mm;
  s.mammothsIn[r] = 0;
  for (let t = 0; t < s.fireAt.length; t++) if (s.fireAt[t] === r) s.fireAt[t] = -1;
  events.push({ msg: m('ev.glacier', { p: seatRef(s.glacierSeat), r: regMsg(s, r), list: back, m: mm }) });
}

/** The glacier placed (or not) for the round's report. */
export function setGlacierReport(s: S, seat: Seat, region: number | null): void {
  s.report = { ...s.report!, glacier: { seat, region } };
}
