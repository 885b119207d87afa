/**
 * Deadlines over days: what is due at a tick (reminders, passed deadlines), the table's vote on an absent
 * player (wait, skip, or a computer plays), and carrying out the verdict. Timers are rows, marked done in the
 * same transaction that decides what they cause, so a restart neither repeats nor loses one.
 */
import type { Seat } from '../engine/types.js';
import type { GameRow } from '../store/repo.js';
import { type Actor, type Ctx, type Done, done, fail, present } from './context.js';
import { dedupe, type Effect } from './effects.js';
import { play } from './play.js';
import { DEADLINE_PASSED } from './pace.js';
import { dueActions, HOUR, quietEnd, quietNow, type TimerAction } from './timers.js';

/** A vote on an absent player closes by itself after the game's deadline or this long, whichever is shorter. */
export const VOTE_MAX_MS = 24 * HOUR;

export const VERDICTS = ['wait', 'skip', 'replace'] as const;
export type Verdict = (typeof VERDICTS)[number];
export type DeadlineTally = Record<Verdict, number>;

export interface DeadlineVoteResult {
  game: GameRow;
  seat: Seat;
  name: string;
  tally: DeadlineTally;
  /** Set once the vote closed. */
  verdict: Verdict | null;
  /** Hours of extra time, when the verdict is to wait. */
  hours: number;
}

const pollKind = (seat: Seat) => `deadline.${seat}`;

async function tallyOf(ctx: Ctx, gameId: number, seat: Seat): Promise<DeadlineTally> {
  const votes = await ctx.repo.votes(gameId, pollKind(seat));
  return { wait: votes.filter((v) => v.vote === 'wait').length, skip: votes.filter((v) => v.vote === 'skip').length, replace: votes.filter((v) => v.vote === 'replace').length };
}

/** Those who vote on an absent seat: the other people at the table who play their own seat. */
async function voters(ctx: Ctx, gameId: number, seat: Seat) {
  return present(await ctx.games.seats(gameId)).filter((p) => p.seat !== seat);
}

/**
 * Carries out the table's verdict on an absent seat. Waiting gives a whole new deadline counted from now.
 * Skipping takes the rules' safe default, repeated only while the same compound decision is still open (its
 * next step offers `back`), so a skip never eats the seat's next turn.
 */
async function resolve(ctx: Ctx, g: GameRow, seat: Seat, verdict: Verdict): Promise<Effect[]> {
  await ctx.repo.closePoll(g.id, pollKind(seat));
  if (verdict === 'wait') {
    await ctx.repo.updateTurn(g.id, seat, { since: ctx.now(), extra_ms: 0, expired_at: null, reminded_at: null });
    return [];
  }
  if (verdict === 'replace') {
    await ctx.games.replaceSeat(g.id, seat, 'strong');
    return [{ kind: 'computer', gameId: g.id }];
  }
  const owedBefore = await play.owed(ctx, g.id);
  const events = [];
  for (let guard = 0; guard < 50; guard++) {
    const now = (await ctx.repo.game(g.id))!;
    const d = (await ctx.games.decisions(now)).find((x) => x.seat === seat);
    if (!d || now.status !== 'running' || (guard > 0 && !d.options.some((o) => o.role === 'back'))) break;
    const r = await ctx.games.decide(g.id, { userId: 'table', asSeat: seat }, now.version, d.defaultOption);
    if (!r.ok) break;
    await ctx.repo.addTableLog(g.id, r.value.game.version, [{ msg: { key: 'log.skipped', args: { p: { seat } } } }]);
    events.push(...r.value.events);
  }
  // A new decision of the same seat (its next turn) gets a deadline and a reminder of its own.
  await ctx.repo.updateTurn(g.id, seat, { since: ctx.now(), extra_ms: 0, reminded_at: null, expired_at: null });
  return play.consequencesOf(ctx, g.id, seat, events, owedBefore);
}

/**
 * Votes that nobody finished close by themselves after the game's deadline or 24 h (whichever is shorter): those
 * who voted decide by the usual rules (a majority of the votes cast, else the host's vote, else waiting); with no
 * vote at all the table waits once more, and skips the next time.
 */
async function closeLateVotes(ctx: Ctx, now: number): Promise<Effect[]> {
  const effects: Effect[] = [];
  for (const p of await ctx.repo.openDeadlinePolls()) {
    if (now < p.opened_at + Math.min((p.deadline_hours || 24) * HOUR, VOTE_MAX_MS)) continue;
    const seat = Number(p.kind.slice('deadline.'.length));
    const g = (await ctx.repo.game(p.game_id))!;
    const tally = await tallyOf(ctx, g.id, seat);
    const cast = tally.wait + tally.skip + tally.replace;
    let verdict: Verdict = VERDICTS.find((v) => tally[v] * 2 > cast) ?? (((await ctx.repo.votes(g.id, p.kind)).find((v) => v.user_id === g.host_id)?.vote as Verdict | undefined) ?? 'wait');
    const turn = (await ctx.repo.turns(g.id)).find((t) => t.seat === seat);
    if (cast === 0) verdict = (turn?.silent_waits ?? 0) >= 1 ? 'skip' : 'wait';
    if (cast === 0 && verdict === 'wait') await ctx.repo.updateTurn(g.id, seat, { silent_waits: (turn?.silent_waits ?? 0) + 1 });
    if (p.message_id) effects.push({ kind: 'vote_closed', gameId: g.id, seat, messageId: p.message_id, verdict, tally, hours: g.deadline_hours ?? 24, by: 'time' });
    effects.push(...await resolve(ctx, g, seat, verdict));
  }
  return effects;
}

export const deadlines = {
  /**
   * Everything due at `now`: reminders, and passed deadlines (a vote of the table, or a skip when nobody else
   * is there to ask). Each timer is marked done in the same transaction.
   */
  tick(ctx: Ctx): Promise<{ due: TimerAction[]; effects: Effect[] }> {
    return ctx.repo.transaction(async () => {
      // Several processes tick; one at a time does the work, so every timer fires once.
      if (!(await ctx.repo.tryExclusive('deadlines.tick'))) return { due: [], effects: [] };
      const now = ctx.now();
      const effects: Effect[] = await closeLateVotes(ctx, now);
      const due = await dueActions(ctx.repo, now);
      for (const a of due) {
        if (a.kind === 'remind') {
          await ctx.repo.updateTurn(a.gameId, a.seat, { reminded_at: now });
          effects.push({ kind: 'remind', gameId: a.gameId, seat: a.seat, dueAt: a.dueAt });
          continue;
        }
        await ctx.repo.updateTurn(a.gameId, a.seat, { expired_at: now });
        const g = (await ctx.repo.game(a.gameId))!;
        // The log keeps it (and a player's pace counts it: `pace.ts`).
        await ctx.repo.addTableLog(g.id, g.version, [{ msg: { key: DEADLINE_PASSED, args: { p: { seat: a.seat } } } }]);
        if ((await voters(ctx, g.id, a.seat)).length === 0) effects.push(...await resolve(ctx, g, a.seat, 'skip'));
        else {
          await ctx.repo.openPoll({ game_id: g.id, kind: pollKind(a.seat), proposer: null, version: g.version, opened_at: now });
          // Voters in their quiet hours are named without a ping, and hear of the vote when their quiet hours end.
          const quiet: string[] = [];
          for (const p of await voters(ctx, g.id, a.seat)) if (quietNow(await ctx.repo.settings(p.user_id), now)) quiet.push(p.user_id);
          effects.push({ kind: 'deadline_vote', gameId: g.id, seat: a.seat, quiet });
          for (const userId of quiet) effects.push({ kind: 'vote_dm', gameId: g.id, seat: a.seat, userId, notBefore: quietEnd(await ctx.repo.settings(userId), now) });
        }
      }
      return { due, effects: dedupe(effects) };
    });
  },

  /** The vote as it stands (for drawing the vote's post). */
  async voteState(ctx: Ctx, gameId: number, seat: Seat): Promise<{ tally: DeadlineTally; voters: string[]; name: string; open: boolean; closesAt: number | null }> {
    const poll = await ctx.repo.poll(gameId, pollKind(seat));
    const hours = (await ctx.repo.game(gameId))?.deadline_hours || 24;
    return {
      tally: await tallyOf(ctx, gameId, seat),
      voters: (await voters(ctx, gameId, seat)).map((p) => p.user_id),
      name: (await ctx.games.seats(gameId))[seat]?.name ?? '?',
      open: !!poll,
      closesAt: poll ? poll.opened_at + Math.min(hours * HOUR, VOTE_MAX_MS) : null,
    };
  },

  /**
   * A vote on an absent seat. A majority of the voters decides; when everyone voted without one, the host's
   * vote decides, else the table waits.
   */
  async vote(ctx: Ctx, gameId: number, actor: Actor, seat: Seat, choice: string, messageId?: string): Promise<Done<DeadlineVoteResult>> {
    if (!(VERDICTS as readonly string[]).includes(choice)) return fail('bad_option_value');
    return ctx.repo.transaction(async () => {
      const g = await ctx.repo.game(gameId);
      const poll = await ctx.repo.poll(gameId, pollKind(seat));
      const turn = (await ctx.repo.turns(gameId)).find((x) => x.seat === seat);
      if (!g || g.status !== 'running' || !poll || !turn || turn.expired_at === null) return fail('vote_closed');
      if (messageId !== undefined && poll.message_id !== null && poll.message_id !== messageId) return fail('wrong_message');
      const who = await voters(ctx, gameId, seat);
      if (!who.some((p) => p.user_id === actor.id)) return fail('not_voter');
      await ctx.repo.vote(gameId, pollKind(seat), actor.id, choice);
      const tally = await tallyOf(ctx, gameId, seat);
      let verdict = VERDICTS.find((v) => tally[v] * 2 > who.length) ?? null;
      if (!verdict && tally.wait + tally.skip + tally.replace === who.length) {
        const host = (await ctx.repo.votes(gameId, pollKind(seat))).find((v) => v.user_id === g.host_id)?.vote as Verdict | undefined;
        verdict = host ?? 'wait';
      }
      const effects = verdict ? await resolve(ctx, g, seat, verdict) : [];
      return done({ game: (await ctx.repo.game(gameId))!, seat, name: (await ctx.games.seats(gameId))[seat]?.name ?? '?', tally, verdict, hours: g.deadline_hours ?? 24 }, effects);
    });
  },
};
