/**
 * The worker threads (piscina) that keep the event loop free for deciding and replying: table and hand
 * pictures, replay GIFs and the computer players' search run here. Interactive work (a picture a reply waits
 * for) goes before background work (a table post, a computer's move): tasks are handed to piscina only while a
 * thread is free, from two queues, interactive first. A task that overruns its time limit is aborted (piscina
 * ends its thread and starts another).
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { AiAnswer } from '../ai/protocol.js';
import type { Task } from './tasks.js';

export type Priority = 'interactive' | 'background';

export interface WorkerPoolOptions {
  /** Threads (default: the machine's cores). */
  threads?: number;
  /**
   * Threads kept free of background work, for the pictures replies wait for, so that a click's panel never waits for
   * a table another game's post is drawing. Default: 1 from three threads on, else 0 — on two cores keeping one
   * thread halved the tables' throughput for a few milliseconds of reply time (`npm run bench -- --load`, steady:
   * newest table p99 4.8 s with one kept, 3.8 s without; click → reply p99 103 against 116 ms).
   */
  reserved?: number;
}

interface Queued { task: Task | string; limitMs: number; resolve: (v: unknown) => void; reject: (e: unknown) => void }

const isTs = import.meta.url.endsWith('.ts');

/** A picture task as JSON (see `WorkerPool.picture`); its first key is `kind`. */
export type PictureJson = string & { readonly __pictureJson: true };

/** The JSON of a picture task, `kind` first. */
export function pictureTask(task: Extract<Task, { kind: 'table' | 'glance' | 'hand' | 'choice' | 'gif' }>): PictureJson {
  const { kind, ...rest } = task;
  return JSON.stringify({ kind, ...rest }) as PictureJson;
}

export class WorkerPool {
  private readonly piscina: Piscina;
  private readonly threads: number;
  private readonly reserved: number;
  private readonly queues: Record<Priority, Queued[]> = { interactive: [], background: [] };
  private running = 0;
  private closed = false;
  private warmed = false;

  constructor(opts: WorkerPoolOptions = {}) {
    this.threads = Math.max(1, opts.threads ?? availableParallelism());
    this.reserved = Math.min(this.threads - 1, Math.max(0, opts.reserved ?? (this.threads >= 3 ? 1 : 0)));
    const entry = new URL(isTs ? './tasks.ts' : './tasks.js', import.meta.url);
    this.piscina = new Piscina({
      filename: isTs ? new URL('./boot.mjs', import.meta.url).href : entry.href,
      workerData: { entry: entry.href },
      minThreads: this.threads,
      maxThreads: this.threads,
      idleTimeout: 30_000,
    });
  }

  /** Runs a task (or its JSON) in a worker; rejects if it throws or takes longer than `limitMs`. */
  run<T>(task: Task | string, priority: Priority, limitMs = 30_000): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the worker pool is closed'));
    return new Promise<T>((resolve, reject) => {
      this.queues[priority].push({ task, limitMs, resolve: resolve as (v: unknown) => void, reject });
      this.pump();
    });
  }

  /**
   * Draws a picture in a worker. The task may come as its JSON (`pictureTask`): a string crosses to the thread as one
   * copy, where a view as objects is cloned field by field on the event loop (a tenth of its time under load).
   */
  async picture(task: Extract<Task, { kind: 'table' | 'glance' | 'hand' | 'choice' | 'gif' }> | PictureJson, priority: Priority): Promise<Buffer | null> {
    const gif = typeof task === 'string' ? task.startsWith('{"kind":"gif"') : task.kind === 'gif';
    // a replay draws up to 40 full-size tables (Endless Winter's are 1,100 × 2,800 px): more time than one picture
    const bytes = await this.run<Uint8Array | null>(task, priority, gif ? 120_000 : 30_000);
    return bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null;
  }

  choose(task: Extract<Task, { kind: 'ai' }>, limitMs: number): Promise<AiAnswer> {
    return this.run<AiAnswer>(task, 'background', limitMs);
  }

  /** Starts every thread and loads the games in it now, not at the first click after a start. */
  async warm(): Promise<void> {
    await Promise.all(Array.from({ length: this.threads }, () => this.run({ kind: 'warm' }, 'interactive', 120_000)));
    this.warmed = true;
  }

  /** Every thread has started and loaded the games (`warm` finished): until then a reply should not wait for one. */
  get isWarm(): boolean { return this.warmed; }

  /** Tasks waiting for a thread, by priority. */
  waiting(): Record<Priority, number> {
    return { interactive: this.queues.interactive.length, background: this.queues.background.length };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const q of Object.values(this.queues)) for (const job of q.splice(0)) job.reject(new Error('the worker pool is closed'));
    await this.piscina.destroy();
  }

  private pump(): void {
    while (this.running < this.threads) {
      const job = this.queues.interactive.shift() ?? (this.running < this.threads - this.reserved ? this.queues.background.shift() : undefined);
      if (!job) return;
      this.running++;
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(new Error(`worker task took longer than ${job.limitMs} ms`)), job.limitMs);
      this.piscina.run(job.task, { signal: abort.signal }).then(job.resolve, (e: unknown) => job.reject(abort.signal.aborted ? abort.signal.reason : e)).finally(() => {
        clearTimeout(timer);
        this.running--;
        this.pump();
      });
    }
  }
}
