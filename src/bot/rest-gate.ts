/**
 * Discord's bot-wide limit, kept on our side with a sliding window: at most `limit` requests in any `windowMs` (plus
 * a margin for the network's jitter), interaction callbacks and their webhooks apart (Discord does not count them).
 *
 * discord.js counts the global limit in fixed windows that start at its first request; Discord's windows start
 * when the first request *arrives*, so a window of ours that ends before Discord's lets a burst straddle the two
 * and earn a global 429 (seen under load: 1–2 per minute). A sliding window over `windowMs + marginMs` cannot:
 * whatever the phase, any window of Discord's sees at most `limit` of our requests while the jitter stays under
 * the margin. The cost is the margin's share of the budget (80 ms of 1,080: 7 %).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RESTOptions } from 'discord.js';

type MakeRequest = RESTOptions['makeRequest'];

export interface GateOptions { limit?: number; windowMs?: number; marginMs?: number; now?: () => number }

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

interface Waiter { priority: number; seq: number; go: () => void }

export class GlobalGate {
  private readonly limit: number;
  private readonly span: number;
  private readonly now: () => number;
  /** Send times of the requests in the current span, oldest first. */
  private readonly sent: number[] = [];
  /** Requests waiting for a slot: most urgent first, then in the order they asked. */
  private readonly waiting: Waiter[] = [];
  private seq = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(opts: GateOptions = {}) {
    this.limit = opts.limit ?? 50;
    this.span = (opts.windowMs ?? 1000) + (opts.marginMs ?? 80);
    this.now = opts.now ?? Date.now;
  }

  /** Requests waiting for their turn. */
  get queued(): number { return this.waiting.length; }

  /**
   * Resolves when one more request may go: the most urgent waiting request first (`priority`, default the caller's
   * `restPriority`), those of one priority in the order they asked.
   */
  take(priority: number = restPriority.getStore() ?? 0): Promise<void> {
    return new Promise<void>((go) => {
      const w: Waiter = { priority, seq: this.seq++, go };
      let i = this.waiting.length;
      while (i > 0 && this.waiting[i - 1]!.priority > priority) i--;
      this.waiting.splice(i, 0, w);
      this.grant();
    });
  }

  /** Lets waiting requests go while the window has room; otherwise looks again when its oldest send leaves it. */
  private grant(): void {
    if (this.timer) return;
    while (this.waiting.length) {
      const now = this.now();
      while (this.sent.length && this.sent[0]! <= now - this.span) this.sent.shift();
      if (this.sent.length >= this.limit) {
        this.timer = setTimeout(() => { this.timer = null; this.grant(); }, this.sent[0]! + this.span - now + 1);
        return;
      }
      this.sent.push(now);
      this.waiting.shift()!.go();
    }
  }

  /** `makeRequest` for discord.js's REST manager: waits its turn for requests that count, then sends. */
  wrap(makeRequest: MakeRequest): MakeRequest {
    return async (url, init) => {
      if (countsGlobally(url)) await this.take();
      return makeRequest(url, init);
    };
  }
}
