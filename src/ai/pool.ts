/**
 * Runs computer-player searches in worker threads (the shared piscina pool of `src/workers/pool.ts`), so a
 * search never blocks the bot's event loop. A search that overruns its time (budget + margin) is aborted and its
 * request rejected; the pool starts a fresh thread for the next one.
 */
import { WorkerPool } from '../workers/pool.js';
import type { AiAnswer, AiRequest } from './protocol.js';

export interface PoolOptions {
  /** Number of worker threads of a pool of its own (default 1); ignored with `workers`. */
  size?: number;
  /** Share this pool of worker threads (the bot's, which also draws pictures) instead of owning one. */
  workers?: WorkerPool;
  /** Module exporting `getGame(id)` that the workers load games from (default: `src/games/all.ts`). */
  registryUrl?: string;
  /** Extra time allowed beyond the request's time budget before the search is aborted (default 30 s). */
  marginMs?: number;
}

export class AiWorkerPool {
  private readonly workers: WorkerPool;
  private readonly owned: boolean;
  private readonly registryUrl?: string;
  private readonly marginMs: number;

  constructor(opts: PoolOptions = {}) {
    this.owned = !opts.workers;
    this.workers = opts.workers ?? new WorkerPool({ threads: Math.max(1, opts.size ?? 1) });
    this.registryUrl = opts.registryUrl;
    this.marginMs = opts.marginMs ?? 30_000;
  }

  /** Chooses an option in a worker. Rejects if the game is unknown, the seat owes nothing, or the worker fails. */
  choose(req: AiRequest): Promise<AiAnswer> {
    return this.workers.choose({ kind: 'ai', req, ...(this.registryUrl ? { registryUrl: this.registryUrl } : {}) }, (req.budget.timeMs ?? 0) + this.marginMs);
  }

  /** Stops the worker threads it owns (a shared pool is closed by its owner). */
  async close(): Promise<void> {
    if (this.owned) await this.workers.close();
  }
}

let shared: AiWorkerPool | null = null;

/** The process-wide pool used by `chooseAsync`. */
export function defaultPool(): AiWorkerPool {
  shared ??= new AiWorkerPool();
  return shared;
}

/** Uses the bot's worker threads for every computer player from now on. */
export function shareWorkers(workers: WorkerPool): void {
  shared = new AiWorkerPool({ workers });
}

/** Chooses an option for a computer player without blocking the event loop (in the shared worker pool). */
export function chooseAsync(req: AiRequest): Promise<AiAnswer> {
  return defaultPool().choose(req);
}

/** Stops the shared pool (at shutdown, or in tests). */
export async function closeDefaultPool(): Promise<void> {
  const p = shared;
  shared = null;
  await p?.close();
}
