/** Playing: a seat's decision, a computer's move, taking a seat back, and what a restart must resume. */
import type { BaseState, Decision, GameEvent, Seat } from '../engine/types.js';
import type { GameModule } from '../games/types.js';
import type { GameRow } from '../store/repo.js';
import { type Actor, type Ctx, type Done, done, fail, shardOf } from './context.js';
import { consequences, type Effect } from './effects.js';
import { answeredOnDm, stalePanelsOff } from './posts.js';
import { answeredTurns } from './pace.js';
import { standingPasses } from './standing.js';

export interface Chosen {
  game: GameRow;
  seat: Seat;
  /** The seat still owes a decision (the next step of a compound action): show it its panel again. */
  stillOwes: boolean;
  /** The chooser may take this back alone (it revealed nothing and is the game's last decision). */
  mayUndoAlone: boolean;
}

/** What a computer needs to choose: the state it may search from its own view, and the decision. */
export interface ComputerTurn {
  gameId: number;
  version: number;
  seat: Seat;
  level: string;
  module: GameModule;
  state: BaseState;
  decision: Decision;
  seed: string;
}

/**
 * The click a choice came from, when it was made in a channel: its interaction token may post the game's next table
 * as a follow-up (Discord keeps a token 15 minutes; interaction webhooks do not count against the bot's global limit).
 */
export interface ReplyVia { token: string; channelId: string }

/** How long after a click its token is used for tables (Discord's 15 minutes, less a margin for the post itself). */
export const REPLY_TOKEN_MS = 14 * 60_000;

async function owed(ctx: Ctx, gameId: number): Promise<Seat[]> {
  const g = await ctx.repo.game(gameId);
  return g ? (await ctx.games.decisions(g)).map((d) => d.seat) : [];
}

/**
 * How long a seat with nothing playable takes to "pass" in a reaction window: one of the table's own answer times
 * (its people's turns so far), at random, times 0.5–1.5; a minute while the table has none. So the window closes at
 * a time a person's answer could have taken, whoever held a card.
 */
/** The shortest time a seat with nothing to play takes to pass in a window. */
export const MIN_PASS_DELAY_MS = 1000;

/** Decisions a seat's player answered once for all (`/campfire settings always_pass`): none by default. */
type Standing = (d: Decision) => boolean;
const noStanding: Standing = () => false;

/**
 * A seat asked in a reaction window with nothing to play, or whose player always passes in that window: it passes by
 * itself, unseen (`auto_pass`).
 */
const passesUnseen = (d: Decision, standing: Standing = noStanding) => !!d.window && (d.options.every((o) => o.role === 'pass') || standing(d));

/** The seats whose decisions a person sees and answers (not those that pass by themselves in a window). */
export function personSeats(decisions: Decision[], standing: Standing = noStanding): Seat[] {
  return decisions.filter((d) => !passesUnseen(d, standing)).map((d) => d.seat);
}

/** The standing answers of a game's players: a window a seat's player always passes in (see `settings.ts`). */
async function standingOf(ctx: Ctx, g: GameRow): Promise<Standing> {
  const by = new Map<Seat, string[]>();
  for (const p of await ctx.games.seats(g.id)) {
    if (p.kind !== 'human' || p.seat === null) continue;
    const list = standingPasses(await ctx.repo.settings(p.user_id));
    if (list.length) by.set(p.seat, list);
  }
  return by.size ? (d) => !!d.window && !!by.get(d.seat)?.includes(`${g.game}:${d.window.key}`) : noStanding;
}

async function humanDelay(ctx: Ctx, gameId: number): Promise<number> {
  const times = answeredTurns(await ctx.repo.choices(gameId)).map((t) => t.ms);
  const base = times.length ? times[Math.floor(Math.random() * times.length)]! : 60_000;
  // No person answers within a second; the floor also keeps the pass a change of its own, after the one that asked.
  return Math.max(MIN_PASS_DELAY_MS, Math.round(base * (0.5 + Math.random())));
}

export const play = {
  /**
   * The effects of a committed change, from who owed a decision before it and who owes one now; and DM panels drawn
   * before it lose their buttons (see `stalePanelsOff`; call inside the change's transaction).
   */
  async consequencesOf(ctx: Ctx, gameId: number, actor: Seat | null, events: GameEvent[], owedBefore: Seat[]): Promise<Effect[]> {
    const stale = await stalePanelsOff(ctx, gameId, null, owedBefore);
    const g = await ctx.repo.game(gameId);
    if (!g || (g.status !== 'running' && g.status !== 'finished')) return stale;
    const seats = await ctx.games.seats(gameId);
    const computer = (s: Seat) => seats[s]?.kind === 'ai' || !!seats[s]?.replaced;
    const owedNow = await ctx.games.decisions(g);
    // The game just ended: its lobby card says so.
    const ended: Effect[] = g.status === 'finished' && actor !== null && g.lobby_message_id ? [{ kind: 'lobby', gameId }] : [];
    // Seats a reaction window asks that hold nothing playable: never shown or pinged, they pass by themselves after a
    // delay drawn from the table's own answers (the timing says nothing of who could have acted).
    const standing = await standingOf(ctx, g);
    const unseen = owedNow.filter((d) => passesUnseen(d, standing) && !computer(d.seat)).map((d) => d.seat);
    // Every such seat gets its pass after this change (a pass drawn before it is void: it names the version it was
    // drawn at), also one that held a playable card before it and lost it now (another tribe's Wind shaman set the
    // wind): it was a person's seat a moment ago and would otherwise wait for nobody.
    const autoPasses: Effect[] = [];
    for (const seat of unseen) autoPasses.push({ kind: 'auto_pass', gameId, seat, version: g.version, notBefore: ctx.now() + await humanDelay(ctx, gameId) });
    const news = consequences({
      gameId, actor, events, owedBefore,
      // A seat that will pass by itself owes nothing a person sees: it hands nothing over.
      owedNow: owedNow.map((d) => d.seat).filter((s) => !unseen.includes(s)),
      midTurn: actor !== null && !!owedNow.find((d) => d.seat === actor)?.options.some((o) => o.role === 'back'),
      computer,
      person: (s) => seats[s]?.kind === 'human' && !seats[s]?.replaced,
      human: (s) => seats[s]?.kind === 'human',
      finished: g.status === 'finished',
    }).filter((e) => !(e.kind === 'dm' && unseen.includes(e.seat)));
    return [...stale, ...ended, ...news, ...autoPasses];
  },

  /** A seat with nothing playable in a reaction window passes (see `auto_pass`), unless the game moved on. */
  async autoPass(ctx: Ctx, gameId: number, seat: Seat, version: number): Promise<Done<GameRow | null>> {
    const g = await ctx.repo.game(gameId);
    if (!g || g.status !== 'running' || g.version !== version) return done(null, []);
    const d = (await ctx.games.decisions(g)).find((x) => x.seat === seat);
    const standing = await standingOf(ctx, g);
    if (!d || !passesUnseen(d, standing)) return done(null, []);
    const before = personSeats(await ctx.games.decisions(g), standing);
    const r = await ctx.games.decide(gameId, { userId: 'auto', asSeat: seat }, version, d.defaultOption);
    if (!r.ok) return done(null, []);
    return done(r.value.game, await play.consequencesOf(ctx, gameId, seat, r.value.events, before));
  },

  /**
   * A person chooses `optionId` for their seat on the panel drawn at `version` (on the message `messageId`, when
   * known: a DM panel chosen on is redrawn by the answer, see `answeredOnDm`).
   */
  async choose(ctx: Ctx, gameId: number, actor: Actor, version: number, optionId: string, messageId?: string, via?: ReplyVia): Promise<Done<Chosen>> {
    const r = await ctx.games.decide(gameId, { userId: actor.id }, version, optionId);
    if (!r.ok) return fail(r.error, undefined, r.msg);
    const { game, seat } = r.value;
    // A click in the game's own thread (or the channel it lives in): its token carries the tables of the next minutes.
    if (via && via.channelId === (game.thread_id ?? (game.lives_in_channel ? game.channel_id : null))) {
      await ctx.repo.update(gameId, { reply_token: via.token, reply_until: ctx.now() + REPLY_TOKEN_MS });
    }
    const before = personSeats(ctx.games.module(game).engine.decisions(r.value.before), await standingOf(ctx, game));
    // The player is back: a vote on their lateness is over (its post loses its buttons), and a decision they
    // still owe (the next step, or their next turn) gets a deadline of its own.
    const effects: Effect[] = [];
    const poll = await ctx.repo.poll(gameId, `deadline.${seat}`);
    if (poll) {
      await ctx.repo.closePoll(gameId, `deadline.${seat}`);
      if (poll.message_id) effects.push({ kind: 'vote_closed', gameId, seat, messageId: poll.message_id, verdict: 'answered', tally: { wait: 0, skip: 0, replace: 0 }, hours: 0, by: 'votes' });
    }
    await ctx.repo.updateTurn(gameId, seat, { since: ctx.now(), extra_ms: 0, reminded_at: null, expired_at: null, silent_waits: 0 });
    const stillOwes = (await ctx.games.decisions(game)).some((d) => d.seat === seat);
    const mayUndoAlone = game.status === 'running' && await ctx.games.undoStatus(gameId, actor.id) === 'alone';
    // The DM panels drawn before this choice lose their buttons: the chooser's says it was answered (unless the
    // choice was made on it: the answer redraws that one).
    if (messageId) await answeredOnDm(ctx, gameId, seat, messageId, stillOwes || mayUndoAlone);
    effects.push(...await stalePanelsOff(ctx, gameId, seat, before));
    return done({ game, seat, stillOwes, mayUndoAlone }, [...effects, ...await play.consequencesOf(ctx, gameId, seat, r.value.events, before)]);
  },

  /** The computer's decision owed now in this game, if one is owed. */
  async computerTurn(ctx: Ctx, gameId: number): Promise<ComputerTurn | null> {
    const g = await ctx.repo.game(gameId);
    if (!g || g.status !== 'running') return null;
    const seats = await ctx.games.seats(gameId);
    const d = (await ctx.games.decisions(g)).find((x) => seats[x.seat]?.kind === 'ai' || !!seats[x.seat]?.replaced);
    if (!d) return null;
    return {
      gameId, version: g.version, seat: d.seat, level: seats[d.seat]!.ai_level ?? 'strong',
      module: ctx.games.module(g), state: await ctx.games.state(g), decision: d, seed: `${g.seed}:${g.version}`,
    };
  },

  /** Applies a computer's choice (refused politely when the game moved on meanwhile). */
  async computerChose(ctx: Ctx, turn: ComputerTurn, optionId: string): Promise<Done<GameRow>> {
    const seats = await ctx.games.seats(turn.gameId);
    // Recorded as the computer's (a computer seat's own id, or 'ai' for a person's seat a computer plays for now), so
    // that a person's pace never counts a computer's moves.
    const p = seats[turn.seat]!;
    const r = await ctx.games.decide(turn.gameId, { userId: p.kind === 'ai' ? p.user_id : 'ai', asSeat: turn.seat }, turn.version, optionId);
    if (!r.ok) return fail(r.error, undefined, r.msg);
    const before = personSeats(turn.module.engine.decisions(r.value.before), await standingOf(ctx, r.value.game));
    return done(r.value.game, await play.consequencesOf(ctx, turn.gameId, turn.seat, r.value.events, before));
  },

  /** An absent player whose seat a computer plays takes it back; their deadline starts afresh. */
  async reclaim(ctx: Ctx, gameId: number, actor: Actor): Promise<Done<{ game: GameRow; seat: Seat }>> {
    const g = await ctx.repo.game(gameId);
    if (!g) return fail('unknown_game');
    const seat = await ctx.games.seatOf(gameId, actor.id);
    if (seat === null || g.status === 'lobby') return fail('not_seated');
    if ((await ctx.games.seats(gameId))[seat]?.replaced) {
      await ctx.repo.transaction(async () => {
        await ctx.games.reclaimSeat(gameId, seat);
        await ctx.repo.updateTurn(gameId, seat, { since: ctx.now(), extra_ms: 0, reminded_at: null, expired_at: null });
        await ctx.repo.closePoll(gameId, `deadline.${seat}`);
      });
    }
    return done({ game: (await ctx.repo.game(gameId))!, seat });
  },

  /**
   * After a restart: a game whose newest table is older than its state (the process died between the commit
   * and the post) gets its table again, and computers that owe a decision move.
   */
  async recover(ctx: Ctx): Promise<Done<null>> {
    const effects: Effect[] = [];
    for (const g of await ctx.repo.runningGames()) {
      if (ctx.shards && !ctx.shards.ids.includes(shardOf(g.guild_id, ctx.shards.count))) continue;
      // Work that was committed is waiting as jobs; this catches only what no job covers.
      const pending = await ctx.repo.jobs.pendingKinds(g.id);
      if ((g.table_version === null || g.table_version < g.version) && !pending.has('table')) effects.push({ kind: 'table', gameId: g.id });
      if (await play.computerTurn(ctx, g.id) && !pending.has('computer')) effects.push({ kind: 'computer', gameId: g.id });
    }
    return done(null, effects);
  },

  /** `/campfire status`: the table posted again, and a computer nudged if one owes a move. */
  refresh(ctx: Ctx, gameId: number): Done<null> {
    return done(null, [{ kind: 'table', gameId }, { kind: 'computer', gameId }]);
  },

  owed,
};
