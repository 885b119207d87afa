/**
 * Runs computer-player searches in worker threads, so a search never blocks the bot's event loop.
 *
 * A pool keeps `size` long-lived workers (default 1: the machine has few cores and the bot must stay
 * responsive), gives each one request at a time and queues the rest. Idle workers do not keep the process
 * alive. A worker that crashes or overruns its time (budget + margin) is terminated, its request rejected,
 * and a new one is started for the next request.
 */
import { Worker } from 'node:worker_threads';
import type { AiAnswer, AiRequest, WorkerReply, WorkerRequest } from './protocol.js';

export interface PoolOptions {
  /** Number of worker threads (default 1). */
  size?: number;
  /** Module exporting `getGame(id)` that the workers load games from (default: `src/games/all.ts`). */
  registryUrl?: string;
  /** Extra time allowed beyond the request's time budget before the worker is considered stuck (default 30 s). */
  marginMs?: number;
}

interface Job {
  id: number;
  req: AiRequest;
  resolve: (a: AiAnswer) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

const isTs = import.meta.url.endsWith('.ts');

export class AiWorkerPool {
  private readonly size: number;
  private readonly registryUrl?: string;
  private readonly marginMs: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(opts: PoolOptions = {}) {
    this.size = Math.max(1, opts.size ?? 1);
    this.registryUrl = opts.registryUrl;
    this.marginMs = opts.marginMs ?? 30_000;
  }

  /** Chooses an option in a worker. Rejects if the game is unknown, the seat owes nothing, or the worker fails. */
  choose(req: AiRequest): Promise<AiAnswer> {
    if (this.closed) return Promise.reject(new Error('ai pool is closed'));
    return new Promise<AiAnswer>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, req, resolve, reject });
      this.pump();
    });
  }

  /** Stops every worker; queued and running requests are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('ai pool closed'));
    await Promise.all(this.slots.splice(0).map((s) => this.retire(s, new Error('ai pool closed'))));
  }

  private spawn(): Slot {
    const entry = new URL(isTs ? './worker.ts' : './worker.js', import.meta.url);
    const worker = isTs
      ? new Worker(new URL('./worker-boot.mjs', import.meta.url), { workerData: { entry: entry.href, registryUrl: this.registryUrl } })
      : new Worker(entry, { workerData: { registryUrl: this.registryUrl } });
    const slot: Slot = { worker, job: null, timer: null };
    worker.on('message', (reply: WorkerReply) => this.onReply(slot, reply));
    worker.on('error', (e) => void this.retire(slot, e));
    worker.on('exit', (code) => void this.retire(slot, new Error(`ai worker exited with code ${code}`)));
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.job === null);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.job = job;
      slot.worker.ref();
      const limit = (job.req.budget.timeMs ?? 0) + this.marginMs;
      slot.timer = setTimeout(() => void this.retire(slot, new Error(`ai worker took longer than ${limit} ms`)), limit);
      slot.worker.postMessage({ id: job.id, req: job.req } satisfies WorkerRequest);
    }
  }

  private onReply(slot: Slot, reply: WorkerReply): void {
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    slot.worker.unref();
    if (reply.ok) job.resolve(reply.result);
    else job.reject(new Error(reply.error));
    this.pump();
  }

  /** Removes a slot (crash, overrun, close): rejects its job and terminates the thread. */
  private async retire(slot: Slot, why: Error): Promise<void> {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    const job = slot.job;
    slot.job = null;
    job?.reject(why);
    slot.worker.removeAllListeners('exit');
    await slot.worker.terminate();
    if (!this.closed) this.pump();
  }
}

let shared: AiWorkerPool | null = null;

/** The process-wide pool used by `chooseAsync`. */
export function defaultPool(): AiWorkerPool {
  shared ??= new AiWorkerPool();
  return shared;
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
