/**
 * The table's rules, in one place. `Campfire` gives the Discord layer every policy (lobby, play, votes,
 * deadlines, settings, one player's games and digest, ratings) and every read it may show (views), each a function of the service that runs in one
 * transaction and returns a typed result with the effects to carry out. The Discord layer never reads the store.
 */
import { hostname } from 'node:os';
import type { Repo } from '../store/repo.js';
import type { Ctx } from './context.js';
import { deadlines } from './deadlines.js';
import type { Effect } from './effects.js';
import { GameService, type ServiceOptions } from './games.js';
import { jobs } from './jobs.js';
import { lobby } from './lobby.js';
import { mygames } from './mygames.js';
import { pace } from './pace.js';
import { play } from './play.js';
import { posts } from './posts.js';
import { ratings } from './ratings.js';
import { settings } from './settings.js';
import { views } from './views.js';
import { votes } from './votes.js';

/** A namespace of `(ctx, ...args)` functions, with the context bound; every answer comes as a promise. */
type Bound<T> = { [K in keyof T]: T[K] extends (ctx: Ctx, ...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never };

type Fn = (c: Ctx, ...a: unknown[]) => unknown;

/** Reads: the context bound, each call reading a game's row, its players and settings once (see `store/memo.ts`). */
function bind<T extends object>(ctx: Ctx, ns: T): Bound<T> {
  return Object.fromEntries(Object.entries(ns).map(([k, f]) => [k, (...args: unknown[]) => ctx.repo.reading(async () => (f as Fn)(ctx, ...args))])) as Bound<T>;
}

/**
 * Policies: each call is one transaction, and the effects its answer carries are written as jobs in that same
 * transaction (the outbox), so a change and everything it must cause are committed together or not at all.
 */
function bindPolicies<T extends object>(ctx: Ctx, ns: T): Bound<T> {
  return Object.fromEntries(Object.entries(ns).map(([k, f]) => [k, (...args: unknown[]) => ctx.repo.transaction(async () => {
    const r = await (f as Fn)(ctx, ...args) as { effects?: unknown } | undefined;
    if (r && typeof r === 'object' && Array.isArray(r.effects) && r.effects.length) await jobs.add(ctx, r.effects as Effect[]);
    return r;
  })])) as Bound<T>;
}

/** This process's name among those sharing the database: `CAMPFIRE_WORKER`, else the host and its shards. */
export function defaultWorker(): string {
  return process.env.CAMPFIRE_WORKER || `${hostname()}/${process.env.SHARDS ?? 'all'}`;
}

export class Campfire {
  readonly lobby: Bound<typeof lobby>;
  readonly play: Bound<typeof play>;
  readonly votes: Bound<typeof votes>;
  readonly deadlines: Bound<typeof deadlines>;
  readonly settings: Bound<typeof settings>;
  readonly views: Bound<typeof views>;
  readonly posts: Bound<typeof posts>;
  readonly jobs: Bound<typeof jobs>;
  readonly mygames: Bound<typeof mygames>;
  readonly ratings: Bound<typeof ratings>;
  readonly pace: Bound<typeof pace>;
  /** The game core (decisions, undo, replay), for tests and tools. */
  readonly games: GameService;

  constructor(repo: Repo, opts: ServiceOptions = {}) {
    this.games = new GameService(repo, opts);
    const ctx: Ctx = { repo, games: this.games, now: opts.now ?? Date.now, worker: opts.worker ?? defaultWorker(), shards: opts.shards ?? null };
    this.lobby = bindPolicies(ctx, lobby);
    this.play = bindPolicies(ctx, play);
    this.votes = bindPolicies(ctx, votes);
    this.deadlines = bindPolicies(ctx, deadlines);
    this.settings = bindPolicies(ctx, settings);
    this.posts = bindPolicies(ctx, posts);
    this.views = bind(ctx, views);
    this.jobs = bind(ctx, jobs);
    this.mygames = bindPolicies(ctx, mygames);
    this.ratings = bindPolicies(ctx, ratings);
    this.pace = bind(ctx, pace);
  }
}

export type { Actor, Done, Failure, Result, ServiceError } from './context.js';
export type { Effect } from './effects.js';
