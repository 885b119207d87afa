/**
 * When settling ends: the conflicts and the scoring. In each free region the hunters beyond its limit (3, plus one
 * per mammoth, plus the fire tiles there) leave, the players with the fewest hunters there first, hunters with a club
 * last (`resolveConflict`); then the fire tiles and clubs go back beside the board, and every hunter left scores 1,
 * 2 or 3 points by the mammoths in its region (`pointsPerHunter`).
 */
import type { GameEvent, Msg } from '../../engine/types.js';
import { H, m, R, regMsg, seatRef, sum } from './board.js';
import { firesIn } from './fire.js';
import type { ConflictLine, EiszeitState } from './state.js';

type S = EiszeitState;

/**
 * Resolves one region's conflict: `h` hunters per seat (mutated), `c` of them with clubs. Order fixed from the
 * counts before anyone leaves, fewest first, equal counts together, repeated; a seat with only clubbed hunters
 * left is skipped; stops as soon as the limit is reached or nobody can leave. Returns hunters removed per seat.
 */
export function resolveConflict(reg: { h: number[]; c: number[] }, limit: number): number[] {
  const n = reg.h.length;
  const removed: number[] = Array(n).fill(0);
  let total = sum(reg.h);
  if (total <= limit) return removed;
  const counts = [...new Set(reg.h.filter((x) => x > 0))].sort((x, y) => x - y);
  const groups = counts.map((k) => reg.h.map((x, q) => (x === k ? q : -1)).filter((q) => q >= 0));
  for (;;) {
    let progress = false;
    for (const g of groups) {
      for (const q of g) {
        if (reg.h[q]! - reg.c[q]! > 0) {
          reg.h[q]!--; removed[q]!++; total--; progress = true;
        }
      }
      if (total <= limit) return removed;
    }
    if (!progress) return removed;
  }
}

/** What each hunter in a region scores, by the mammoths there. */
export const pointsPerHunter = (mammoths: number) => (mammoths === 0 ? 1 : mammoths === 1 ? 2 : 3);

/** The conflict in every free region (logged region by region), then fire tiles and clubs leave the board; one line per region for the report. */
export function conflicts(s: S, events: GameEvent[]): ConflictLine[] {
  const lines: ConflictLine[] = [];
  for (let r = 0; r < R; r++) {
    if (s.glacier[r]) continue;
    const fires = firesIn(s, r).map((t) => s.fireVal[t]!);
    const mm = s.mammothsIn[r]!;
    const limit = 3 + mm + sum(fires);
    const reg = { h: [...s.hunters[r]!], c: [...s.clubbed[r]!] };
    const before = [...reg.h];
    const removed = resolveConflict(reg, limit);
    for (let q = 0; q < s.players; q++) {
      s.supply[q] += removed[q]!;
      s.hunters[r]![q] = reg.h[q]!;
    }
    lines.push({ region: r, mammoths: mm, fires, limit, before, clubs: reg.c, removed, points: Array(s.players).fill(0), perHunter: pointsPerHunter(mm) });
    if (sum(before) > limit) {
      events.push({ msg: m('ev.conflict', { r: regMsg(s, r), limit, m: mm, fire: sum(fires), count: sum(before), lost: lostMsg(removed), left: sum(reg.h) }) });
    } else if (sum(before) > 0) {
      events.push({ msg: m('ev.noConflict', { r: regMsg(s, r), limit, m: mm, fire: sum(fires), count: sum(before) }) });
    }
  }
  // fire tiles and clubs on the board go back beside the board
  s.fireAt.fill(-1);
  for (let r = 0; r < R; r++) {
    s.clubs += sum(s.clubbed[r]!);
    s.clubbed[r]!.fill(0);
  }
  return lines;
}

/** Every hunter left on the board scores for its region; the points go into the report's lines, then the totals are logged. */
export function scoreRegions(s: S, lines: ConflictLine[], events: GameEvent[]): void {
  for (const line of lines) {
    const pts = line.perHunter;
    const got: Msg[] = [];
    for (let q = 0; q < s.players; q++) {
      line.points[q] = H(s, line.region, q) * pts;
      s.score[q] += line.points[q]!;
      if (line.points[q]! > 0) got.push(m('ev.pts', { p: seatRef(q), n: line.points[q]! }));
    }
    if (got.length > 0) events.push({ msg: m('ev.score', { r: regMsg(s, line.region), per: pts, list: got }) });
  }
  events.push({ msg: m('ev.totals', { list: s.score.map((v, q) => m('ev.pts', { p: seatRef(q), n: v })) }) });
}

function lostMsg(removed: number[]): Msg[] {
  return removed.map((k, q) => (k > 0 ? m('ev.lost', { p: seatRef(q), n: k }) : null)).filter((x): x is Msg => x !== null);
}
