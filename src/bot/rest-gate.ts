/**
 * Discord's bot-wide limit, kept on our side: at most `limit` requests in any `windowMs` (plus a small margin),
 * interaction callbacks and their webhooks apart (Discord does not count them).
 *
 * A request holds its slot from the moment it may go until `windowMs + marginMs` after its answer came back. The
 * answer comes after Discord counted the request, so whatever delays a request on its way (a busy event loop, the
 * network), any window of Discord's sees at most `limit` of ours. (Counting from the moment a request was allowed
 * to go, as this gate did first, let a stalled event loop bunch requests together: under load, one global 429 a
 * minute.) discord.js counts the global limit in fixed windows from its first request, and interaction callbacks
 * with it; its counter is set out of the way (see `createClient`).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RESTOptions } from 'discord.js';
import { observe } from './rest-policy.js';

type MakeRequest = RESTOptions['makeRequest'];

export interface GateOptions {
  limit?: number; windowMs?: number; marginMs?: number; now?: () => number;
  /** While true (too many invalid requests of late, see `rest-policy.ts`), the gate lets half as many go. */
  strained?: () => boolean;
}

/**
 * How urgent the REST calls made inside `restPriority.run(p, …)` are, lowest first: the job runner runs each job in
 * its job's priority (0 tables and pings, 1 computer moves, 2 DMs, 3 tidying), so that under a backlog the budget
 * goes to the news first. Calls outside any job (answers to a click, start-up) count as 0.
 */
export const restPriority = new AsyncLocalStorage<number>();

/** Whether a request counts against the global limit (Discord exempts interaction callbacks and webhooks). */
export function countsGlobally(url: string): boolean {
  const path = url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/api(\/v\d+)?/, '');
  return !path.startsWith('/interactions/') && !path.startsWith('/webhooks/');
}

interface Waiter { priority: number; go: (done: () => void) => void }
/** A slot of the window: `until` is Infinity while its request is on its way. */
interface Slot { until: number }

export class GlobalGate {
  private readonly limit: number;
  private readonly span: number;
  private readonly now: () => number;
  private readonly strained: () => boolean;
  private slots: Slot[] = [];
  /** Requests waiting for a slot: most urgent first, then in the order they asked. */
  private readonly waiting: Waiter[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(opts: GateOptions = {}) {
    this.limit = opts.limit ?? 50;
    this.span = (opts.windowMs ?? 1000) + (opts.marginMs ?? 20);
    this.now = opts.now ?? Date.now;
    this.strained = opts.strained ?? (() => false);
  }

  /** Requests waiting for their turn. */
  get queued(): number { return this.waiting.length; }

  /**
   * Resolves when one more request may go, with the function to call once its answer came back: the most urgent
   * waiting request first (`priority`, default the caller's `restPriority`), those of one priority in the order
   * they asked.
   */
  take(priority: number = restPriority.getStore() ?? 0): Promise<() => void> {
    return new Promise((go) => {
      let i = this.waiting.length;
      while (i > 0 && this.waiting[i - 1]!.priority > priority) i--;
      this.waiting.splice(i, 0, { priority, go });
      this.grant();
    });
  }

  /** Lets waiting requests go while a slot is free; otherwise looks again when one frees. */
  private grant(): void {
    if (this.timer) { clearTimeout(this.timer); this.timer = null; }
    while (this.waiting.length) {
      const now = this.now();
      this.slots = this.slots.filter((s) => s.until > now);
      if (this.slots.length >= (this.strained() ? Math.max(1, Math.floor(this.limit / 2)) : this.limit)) {
        const soonest = Math.min(...this.slots.map((s) => s.until));
        // All on their way: the first answer calls `grant` again.
        if (Number.isFinite(soonest)) this.timer = setTimeout(() => { this.timer = null; this.grant(); }, soonest - now + 1);
        return;
      }
      const slot: Slot = { until: Infinity };
      this.slots.push(slot);
      let answered = false;
      this.waiting.shift()!.go(() => {
        if (answered) return;
        answered = true;
        slot.until = this.now() + this.span;
        this.grant();
      });
    }
  }

  /**
   * `makeRequest` for discord.js's REST manager: waits its turn for requests that count, then sends; every answer
   * is looked at on its way back (`observe`: invalid requests counted, refusals noted for `rejectOnRateLimit`).
   */
  wrap(makeRequest: MakeRequest): MakeRequest {
    return async (url, init) => {
      if (!countsGlobally(url)) return observe(await makeRequest(url, init));
      const answered = await this.take();
      try {
        return await observe(await makeRequest(url, init));
      } finally {
        answered();
      }
    };
  }
}
