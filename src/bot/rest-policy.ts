/**
 * How long a Discord call may wait, and what ends it. discord.js's REST client waits out every 429 and tries again
 * without limit (a 429 is never counted among its `retries`): right for a rate limit that passes, wrong for a 429
 * that says "not now for this message" — 30046, "maximum number of edits to messages older than 1 hour reached",
 * comes back on every try, each try counting toward Discord's invalid-request limit. discord.js asks
 * `rejectOnRateLimit` before every such wait; ours answers from the call's scope (`restCall`):
 * - a refusal (a 429 whose code is in `REFUSAL_CODES`, read by the request wrapper): rejected at once, the caller
 *   hears `refusalOf(err)`, a final answer;
 * - a wait longer than the call's patience (the job runner gives tidying a few seconds, news longer): rejected, the
 *   job is tried again later, within its retry cap.
 * Calls outside any scope (answers to a click) wait as discord.js does.
 *
 * Every 401, 403 and 429 counts toward Discord's invalid-request limit: 10,000 in 10 minutes, after which Discord
 * blocks the bot's address for a while. `invalidRequests` counts them for this process (the limit is the address's,
 * so one count for every client of the process); past a tenth of the limit the bot is `strained`: the job runner
 * stops tidying and the global gate halves its pace until the count falls again.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { RateLimitError, type RateLimitData, type ResponseLike } from 'discord.js';
import { metrics, setInvalidRequestsProbe } from '../ops/metrics.js';

/** Codes of a 429 that no waiting fixes soon (Discord repeats them at once): 30046, old-message edits. */
export const REFUSAL_CODES: ReadonlySet<number> = new Set([30046]);

export interface RestCall {
  /** `Date.now()` after which a rate-limit wait is not waited out: the call fails, its job is tried again later. */
  until?: number;
  /** The code of the refusal the call's last 429 carried (set by the request wrapper). */
  refused?: number;
}

/** The scope of the REST calls made inside `restCall.run(…)`; a platform call makes one of its own (`withCall`). */
export const restCall = new AsyncLocalStorage<RestCall>();

/** Runs `fn` as one call: a scope of its own, with the patience of the scope around it. */
export function withCall<T>(fn: () => Promise<T>): Promise<T> {
  const outer = restCall.getStore();
  return restCall.run({ until: outer?.until }, fn);
}

/** The code of the refusal that ended this call, when it was one (see `REFUSAL_CODES`). */
export function refusalOf(err: unknown): number | null {
  if (!(err instanceof RateLimitError)) return null;
  return restCall.getStore()?.refused ?? null;
}

/** discord.js's `rejectOnRateLimit`: true ends the call with a RateLimitError instead of waiting. */
export function rejectOnRateLimit(data: RateLimitData): boolean {
  const call = restCall.getStore();
  if (!call) return false;
  if (call.refused !== undefined) return true;
  return call.until !== undefined && Date.now() + data.retryAfter > call.until;
}

/** Discord's invalid-request limit: this many 401, 403 and 429 answers in `INVALID_WINDOW_MS` block the address. */
export const INVALID_LIMIT = 10_000;
export const INVALID_WINDOW_MS = 10 * 60_000;
/** Past this many in the window the bot slows down and stops tidying: a tenth of Discord's limit. */
export const INVALID_CAUTION = INVALID_LIMIT / 10;

/** A count of invalid requests over the last 10 minutes, in 10-second slices. */
export class InvalidRequests {
  private readonly slices = new Map<number, number>();
  /** The highest count seen (the peak, for the load bench's report). */
  peak = 0;
  constructor(private readonly now: () => number = Date.now, private readonly sliceMs = 10_000) {}

  add(status: number): void {
    const slice = Math.floor(this.now() / this.sliceMs);
    this.slices.set(slice, (this.slices.get(slice) ?? 0) + 1);
    metrics.invalidRequests.inc({ status: String(status) });
    this.peak = Math.max(this.peak, this.count());
  }

  /** Invalid requests in the last 10 minutes. */
  count(): number {
    const from = Math.floor((this.now() - INVALID_WINDOW_MS) / this.sliceMs);
    let n = 0;
    for (const [slice, c] of this.slices) {
      if (slice <= from) this.slices.delete(slice);
      else n += c;
    }
    return n;
  }

  /** Past a tenth of Discord's limit: slow down, no tidying. */
  strained(): boolean { return this.count() > INVALID_CAUTION; }

  reset(): void { this.slices.clear(); this.peak = 0; }
}

/** This process's count (Discord's limit is per address). */
export const invalidRequests = new InvalidRequests();
setInvalidRequestsProbe(() => invalidRequests.count());

/** Whether Discord counts an answer of this status toward the invalid-request limit. */
export const isInvalid = (status: number): boolean => status === 401 || status === 403 || status === 429;

/**
 * Looks at an answer on its way back to discord.js (from the `makeRequest` wrapper): counts it when invalid, and
 * notes on the call the code of a 429 that is a refusal, so that `rejectOnRateLimit` ends the call instead of trying
 * again. A 429's body is read here, so it is handed on as a Response of its own (discord.js never reads it).
 */
export async function observe(res: ResponseLike): Promise<ResponseLike> {
  // Discord does not count a 429 of a shared resource (X-RateLimit-Scope: shared) against the bot.
  if (isInvalid(res.status) && res.headers.get('x-ratelimit-scope') !== 'shared') invalidRequests.add(res.status);
  const call = restCall.getStore();
  if (call) call.refused = undefined;
  if (res.status !== 429) return res;
  const text = await res.text().catch(() => '');
  let code: unknown;
  try { code = (JSON.parse(text) as { code?: unknown }).code; } catch { code = undefined; }
  if (call && typeof code === 'number' && REFUSAL_CODES.has(code)) call.refused = code;
  return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers as HeadersInit }) as unknown as ResponseLike;
}
