/**
 * The table's votes: abandoning a game and agreeing to an undo. Each vote is a poll row (who asked, at which
 * version, on which message) with its votes; every function is one transaction.
 */
import type { Msg } from '../engine/types.js';
import type { GameRow, PlayerRow } from '../store/repo.js';
import { undoList, type UndoPlan } from './games.js';
import { type Actor, type Ctx, type Done, done, fail, mayManageGames, present } from './context.js';
import type { Effect } from './effects.js';
import { cancelledLobbyEffects } from './lobby.js';
import { play } from './play.js';
import { stalePanelsOff } from './posts.js';

export interface Tally { yes: number; no: number; of: number }

export type AbandonResult =
  /** The host (or a moderator) asked to end a running game: it ends only once they confirm (`sure`). */
  | { how: 'confirm'; game: GameRow }
  | { how: 'ended'; game: GameRow }
  | { how: 'poll'; game: GameRow; proposer: string; tally: Tally; closed: null | 'ended' | 'kept' };

export type UndoResult =
  | { how: 'done'; game: GameRow; by: string; consent: boolean; seat: number | null }
  /** A vote: `list` the decisions that would go ("Ada: Migrate"), `asked` the people who must agree (names). */
  | { how: 'poll'; game: GameRow; proposer: string; tally: Tally; list: Msg[]; asked: string[] }
  | { how: 'refused'; game: GameRow };

/** A click on a poll's buttons counts only on the message that carries that poll. */
function onItsMessage(poll: { message_id: string | null }, messageId: string | undefined): boolean {
  return messageId === undefined || poll.message_id === null || poll.message_id === messageId;
}

async function nameOf(ctx: Ctx, gameId: number, userId: string): Promise<string> {
  return (await ctx.repo.players(gameId)).find((p) => p.user_id === userId)?.name ?? '?';
}

/** Counts the abandon poll and closes it once a majority of the seated people is certain either way. */
async function settleAbandon(ctx: Ctx, g: GameRow, proposer: string): Promise<{ result: AbandonResult; effects: Effect[] }> {
  const of = (await ctx.games.seats(g.id)).filter((p) => p.kind === 'human').length;
  const votes = await ctx.repo.votes(g.id, 'abandon');
  const tally = { yes: votes.filter((v) => v.vote === 'yes').length, no: votes.filter((v) => v.vote === 'no').length, of };
  let closed: 'ended' | 'kept' | null = null;
  const effects: Effect[] = [];
  if (tally.yes * 2 > of) {
    closed = 'ended';
    await ctx.games.abandon(g.id);
    effects.push({ kind: 'buttons_off', gameId: g.id }, { kind: 'lobby', gameId: g.id }, ...await stalePanelsOff(ctx, g.id));
  } else if (tally.no * 2 >= of) closed = 'kept';
  if (closed) await ctx.repo.closePoll(g.id, 'abandon');
  return { result: { how: 'poll', game: (await ctx.repo.game(g.id))!, proposer, tally, closed }, effects };
}

export const votes = {
  /**
   * Ends a game: at once for the host, moderators and the server's manager role (a lobby: the host or a
   * moderator cancels it); any other seated player opens a vote that a majority of the seated people decides. A
   * running game ended at once is asked about first ("Sure?"): it ends when the same call comes again with `sure`.
   */
  abandon(ctx: Ctx, gameId: number, actor: Actor, sure = false): Promise<Done<AbandonResult>> {
    return ctx.repo.transaction(async () => {
      const g = await ctx.repo.game(gameId);
      if (!g) return fail('unknown_game');
      if (g.status !== 'running' && g.status !== 'lobby') return fail('not_running');
      const manages = g.host_id === actor.id || await mayManageGames(ctx, actor);
      if (g.status === 'lobby') {
        if (!manages) return fail('not_host', { host: await nameOf(ctx, gameId, g.host_id) });
        await ctx.games.abandon(gameId);
        const ended = (await ctx.repo.game(gameId))!;
        return done<AbandonResult>({ how: 'ended', game: ended }, [{ kind: 'lobby', gameId }, ...cancelledLobbyEffects(ended, actor.name)]);
      }
      if (manages) {
        if (!sure) return done<AbandonResult>({ how: 'confirm', game: g });
        await ctx.games.abandon(gameId);
        await ctx.repo.closePoll(gameId, 'abandon');
        return done<AbandonResult>({ how: 'ended', game: (await ctx.repo.game(gameId))! }, [{ kind: 'buttons_off', gameId }, { kind: 'lobby', gameId }, ...await stalePanelsOff(ctx, gameId)]);
      }
      if (!(await ctx.games.seats(gameId)).some((p) => p.kind === 'human' && p.user_id === actor.id)) return fail('not_seated');
      if (await ctx.repo.poll(gameId, 'abandon')) return fail('vote_open');
      await ctx.repo.openPoll({ game_id: gameId, kind: 'abandon', proposer: actor.id, version: g.version, opened_at: ctx.now() });
      await ctx.repo.vote(gameId, 'abandon', actor.id, 'yes');
      const { result, effects } = await settleAbandon(ctx, g, actor.name);
      return done(result, effects);
    });
  },

  abandonVote(ctx: Ctx, gameId: number, actor: Actor, yes: boolean, messageId?: string): Promise<Done<AbandonResult>> {
    return ctx.repo.transaction(async () => {
      const g = await ctx.repo.game(gameId);
      const poll = await ctx.repo.poll(gameId, 'abandon');
      if (!g || g.status !== 'running' || !poll) return fail('vote_closed');
      if (!onItsMessage(poll, messageId)) return fail('wrong_message');
      if (!(await ctx.games.seats(gameId)).some((p) => p.kind === 'human' && p.user_id === actor.id)) return fail('not_seated');
      await ctx.repo.vote(gameId, 'abandon', actor.id, yes ? 'yes' : 'no');
      const { result, effects } = await settleAbandon(ctx, g, await nameOf(ctx, gameId, poll.proposer ?? ''));
      return done(result, effects);
    });
  },

  /** The poll's message, once posted: clicks on any other message are refused. */
  async pollPosted(ctx: Ctx, gameId: number, kind: string, messageId: string): Promise<void> {
    await ctx.repo.setPollMessage(gameId, kind, messageId);
  },

  /**
   * Takes back the asker's own last decision and everything after it (BGA's policy). Alone when nothing of anyone
   * else's goes and nothing taken back revealed anything; otherwise the people whose decisions would go are asked
   * (and, when something taken back revealed anything, everyone else at the table), and all of them must agree.
   */
  undo(ctx: Ctx, gameId: number, actor: Actor, version?: number): Promise<Done<UndoResult>> {
    return ctx.repo.transaction(async () => {
      const g = await ctx.repo.game(gameId);
      if (!g) return fail('unknown_game');
      // While the table votes on an undo, nothing else is taken back (it would change what the vote is about).
      if (await ctx.repo.poll(gameId, 'undo')) return fail('vote_open');
      const status = await ctx.games.undoStatus(gameId, actor.id);
      if (status === 'nothing' || (version !== undefined && (version !== g.version || status !== 'alone'))) return fail('undo_nothing');
      if (status === 'alone') return undoNow(ctx, g, actor.id, false);
      const plan = (await ctx.games.undoPlan(gameId, actor.id, true))!;
      const asked = await undoVoters(ctx, gameId, actor.id, plan);
      if (asked.length === 0) return fail('undo_alone_only');
      await ctx.repo.openPoll({ game_id: gameId, kind: 'undo', proposer: actor.id, version: g.version, opened_at: ctx.now() });
      return done<UndoResult>({ how: 'poll', game: g, proposer: actor.name, tally: { yes: 0, no: 0, of: asked.length }, list: undoList(plan), asked: asked.map((p) => p.name) });
    });
  },

  undoVote(ctx: Ctx, gameId: number, actor: Actor, version: number, agree: boolean, messageId?: string): Promise<Done<UndoResult>> {
    return ctx.repo.transaction(async () => {
      const g = await ctx.repo.game(gameId);
      const poll = await ctx.repo.poll(gameId, 'undo');
      if (!g || !poll) return fail('vote_closed');
      if (!onItsMessage(poll, messageId)) return fail('wrong_message');
      const proposer = poll.proposer ?? '';
      const plan = g.status === 'running' ? await ctx.games.undoPlan(gameId, proposer, true) : null;
      if (!plan || poll.version !== g.version || version !== poll.version) {
        await ctx.repo.closePoll(gameId, 'undo');
        return fail('vote_closed');
      }
      const asked = await undoVoters(ctx, gameId, proposer, plan);
      if (!asked.some((p) => p.user_id === actor.id)) return fail('not_voter');
      if (!agree) {
        await ctx.repo.closePoll(gameId, 'undo');
        return done<UndoResult>({ how: 'refused', game: g });
      }
      await ctx.repo.vote(gameId, 'undo', actor.id, 'yes');
      const yes = (await ctx.repo.votes(gameId, 'undo')).filter((v) => v.vote === 'yes' && asked.some((p) => p.user_id === v.user_id)).length;
      if (yes < asked.length) return done<UndoResult>({ how: 'poll', game: g, proposer: await nameOf(ctx, gameId, proposer), tally: { yes, no: 0, of: asked.length }, list: undoList(plan), asked: asked.map((p) => p.name) });
      await ctx.repo.closePoll(gameId, 'undo');
      return undoNow(ctx, g, proposer, asked.map((p) => ({ seat: p.seat! })));
    });
  },
};

/**
 * Who must agree to `userId`'s undo: every other person present whose decision would go; everyone else present when
 * a decision that goes revealed something (they all may have seen it).
 */
async function undoVoters(ctx: Ctx, gameId: number, userId: string, plan: UndoPlan): Promise<PlayerRow[]> {
  const revealed = plan.decisions.some((d) => d.revealed);
  const owners = new Set(plan.decisions.map((d) => d.userId));
  return present(await ctx.games.seats(gameId)).filter((p) => p.user_id !== userId && (revealed || owners.has(p.user_id)));
}

async function undoNow(ctx: Ctx, g: GameRow, userId: string, consent: false | { seat: number }[]): Promise<Done<UndoResult>> {
  const owedBefore = await play.owed(ctx, g.id);
  const by = await nameOf(ctx, g.id, userId);
  const r = await ctx.games.undoLast(g.id, g.version, { userId, name: by }, consent);
  if (!r.ok) return fail(r.error);
  return done<UndoResult>({ how: 'done', game: r.value.game, by, consent: !!consent, seat: await ctx.games.seatOf(g.id, userId) }, await play.consequencesOf(ctx, g.id, null, [], owedBefore));
}
