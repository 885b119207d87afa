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
import type { RESTOptions } from 'discord.js';

type MakeRequest = RESTOptions['makeRequest'];

export interface GateOptions { limit?: number; windowMs?: number; marginMs?: number; now?: () => number }

/** Whether a request counts against the global limit (Discord exempts interaction callbacks and webhooks). */
export function countsGlobally(url: string): boolean {
  const path = url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/api(\/v\d+)?/, '');
  return !path.startsWith('/interactions/') && !path.startsWith('/webhooks/');
}

export class GlobalGate {
  private readonly limit: number;
  private readonly span: number;
  private readonly now: () => number;
  /** Send times of the requests in the current span, oldest first. */
  private readonly sent: number[] = [];
  private queue: Promise<void> = Promise.resolve();

  constructor(opts: GateOptions = {}) {
    this.limit = opts.limit ?? 50;
    this.span = (opts.windowMs ?? 1000) + (opts.marginMs ?? 80);
    this.now = opts.now ?? Date.now;
  }

  /** Resolves when one more request may go; requests go in the order they asked. */
  take(): Promise<void> {
    const turn = this.queue.then(() => this.slot());
    this.queue = turn;
    return turn;
  }

  private async slot(): Promise<void> {
    for (;;) {
      const now = this.now();
      while (this.sent.length && this.sent[0]! <= now - this.span) this.sent.shift();
      if (this.sent.length < this.limit) { this.sent.push(now); return; }
      await new Promise((r) => setTimeout(r, this.sent[0]! + this.span - now + 1));
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
