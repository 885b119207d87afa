/**
 * The table's rules, in one place. `Campfire` gives the Discord layer every policy (lobby, play, votes,
 * deadlines, settings, one player's games and digest, ratings) and every read it may show (views), each a function of the service that runs in one
 * transaction and returns a typed result with the effects to carry out. The Discord layer never reads the store.
 */
import type { Repo } from '../store/repo.js';
import type { Ctx } from './context.js';
import { deadlines } from './deadlines.js';
import { GameService, type ServiceOptions } from './games.js';
import { lobby } from './lobby.js';
import { mygames } from './mygames.js';
import { play } from './play.js';
import { posts } from './posts.js';
import { ratings } from './ratings.js';
import { settings } from './settings.js';
import { views } from './views.js';
import { votes } from './votes.js';

/** A namespace of `(ctx, ...args)` functions, with the context bound. */
type Bound<T> = { [K in keyof T]: T[K] extends (ctx: Ctx, ...args: infer A) => infer R ? (...args: A) => R : never };

function bind<T extends object>(ctx: Ctx, ns: T): Bound<T> {
  return Object.fromEntries(Object.entries(ns).map(([k, f]) => [k, (...args: unknown[]) => (f as (c: Ctx, ...a: unknown[]) => unknown)(ctx, ...args)])) as Bound<T>;
}

export class Campfire {
  readonly lobby: Bound<typeof lobby>;
  readonly play: Bound<typeof play>;
  readonly votes: Bound<typeof votes>;
  readonly deadlines: Bound<typeof deadlines>;
  readonly settings: Bound<typeof settings>;
  readonly views: Bound<typeof views>;
  readonly posts: Bound<typeof posts>;
  readonly mygames: Bound<typeof mygames>;
  readonly ratings: Bound<typeof ratings>;
  /** The game core (decisions, undo, replay), for tests and tools. */
  readonly games: GameService;

  constructor(repo: Repo, opts: ServiceOptions = {}) {
    this.games = new GameService(repo, opts);
    const ctx: Ctx = { repo, games: this.games, now: opts.now ?? Date.now };
    this.lobby = bind(ctx, lobby);
    this.play = bind(ctx, play);
    this.votes = bind(ctx, votes);
    this.deadlines = bind(ctx, deadlines);
    this.settings = bind(ctx, settings);
    this.views = bind(ctx, views);
    this.posts = bind(ctx, posts);
    this.mygames = bind(ctx, mygames);
    this.ratings = bind(ctx, ratings);
  }
}

export type { Actor, Done, Failure, Result, ServiceError } from './context.js';
export type { Effect } from './effects.js';
