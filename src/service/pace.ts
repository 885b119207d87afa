/**
 * How fast a player and a table move, from what is stored anyway: the decisions (who chose, when) and the table's log
 * (a deadline that passed leaves a line there). No tracking of its own.
 *
 * The time to answer a turn is measured per run of decisions by one seat: from the previous decision of another
 * seat (when the turn came to it, as far as the table can tell) to the first decision of the run; the steps inside
 * the turn do not count again. Computers' moves and the table's own decisions (a skip) are not a person answering.
 * Where several seats owe a decision at once (a Tal survival, a card window), each is measured from the previous
 * decision at the table, which is when the newest news reached them.
 */
import type { Seat } from '../engine/types.js';
import type { DecisionRow } from '../store/repo.js';
import type { Ctx } from './context.js';
import { DAY } from './timers.js';

/** The window the medians look back over. */
export const PACE_WINDOW_MS = 30 * DAY;

/** The key of the table log line written when a seat's deadline passes (the bot's catalogue has its text). */
export const DEADLINE_PASSED = 'log.deadline_passed';

export interface Pace {
  /** Median time to answer a turn, in ms (null: no turn answered in the window). */
  medianMs: number | null;
  /** Turns answered in the window. */
  turns: number;
  /** Deadlines that passed in the window. */
  deadlinesPassed: number;
}

/** Each answered turn: the seat, the person who answered, when, and how long it took. */
export function answeredTurns(decisions: readonly (Pick<DecisionRow, 'seat' | 'user_id' | 'at'> & { undone?: number })[]): { seat: Seat; userId: string; at: number; ms: number }[] {
  const out: { seat: Seat; userId: string; at: number; ms: number }[] = [];
  let prev: { seat: Seat; at: number } | null = null;
  for (const d of decisions) {
    if (d.undone) continue;
    const firstOfRun = prev !== null && prev.seat !== d.seat;
    if (firstOfRun && isPerson(d.user_id)) out.push({ seat: d.seat, userId: d.user_id, at: d.at, ms: Math.max(0, d.at - prev!.at) });
    prev = { seat: d.seat, at: d.at };
  }
  return out;
}

const isPerson = (userId: string) => userId !== 'table' && userId !== 'auto' && userId !== 'ai' && !userId.startsWith('ai:');

export function median(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

async function deadlineLines(ctx: Ctx, gameId: number, since: number): Promise<Seat[]> {
  const seats: Seat[] = [];
  for (const row of await ctx.repo.tableLog(gameId)) {
    if (row.at < since) continue;
    for (const e of JSON.parse(row.events) as { msg: { key: string; args?: { p?: { seat: Seat } } } }[]) {
      if (e.msg.key === DEADLINE_PASSED && e.msg.args?.p) seats.push(e.msg.args.p.seat);
    }
  }
  return seats;
}

export const pace = {
  /** A player's pace over the last 30 days, across all their games (running and finished). */
  async ofUser(ctx: Ctx, userId: string): Promise<Pace> {
    const since = ctx.now() - PACE_WINDOW_MS;
    const times: number[] = [];
    let passed = 0;
    for (const g of await ctx.repo.gamesOf(userId, ['running', 'finished', 'abandoned'])) {
      if (g.updated_at < since) continue;
      const seat = (await ctx.repo.players(g.id)).find((p) => p.user_id === userId)?.seat;
      if (seat === null || seat === undefined) continue;
      for (const t of answeredTurns(await ctx.repo.decisions(g.id))) if (t.userId === userId && t.at >= since) times.push(t.ms);
      passed += (await deadlineLines(ctx, g.id, since)).filter((s) => s === seat).length;
    }
    return { medianMs: median(times), turns: times.length, deadlinesPassed: passed };
  },

  /** Several players' pace at once (a lobby's host and joiners), in the order asked. */
  async ofUsers(ctx: Ctx, userIds: readonly string[]): Promise<Pace[]> {
    const out: Pace[] = [];
    for (const u of userIds) out.push(await pace.ofUser(ctx, u));
    return out;
  },

  /** A table's pace over its whole life: the median turn of its people together, and deadlines passed. */
  async ofGame(ctx: Ctx, gameId: number): Promise<Pace> {
    const turns = answeredTurns(await ctx.repo.decisions(gameId));
    return { medianMs: median(turns.map((t) => t.ms)), turns: turns.length, deadlinesPassed: (await deadlineLines(ctx, gameId, 0)).length };
  },
};
