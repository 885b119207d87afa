/**
 * Fault injection and rate-limit buckets for the stand-in's REST API.
 *
 * A route is named `METHOD /path/template`, with snowflakes and tokens replaced by `:id` and `:token`, e.g.
 * `POST /channels/:id/messages`, `POST /interactions/:id/:token/callback`, `PATCH /webhooks/:id/:token/messages/@original`.
 */
import { createHash } from 'node:crypto';

export type RouteMatcher = string | RegExp | ((route: string, path: string) => boolean);

export interface InjectedFault {
  /** Matches the route template (string: exact template or `*` for any; RegExp: tested against template and path). */
  route: RouteMatcher;
  status: 429 | 500 | 502 | 503;
  /** How many matching requests fail. */
  count: number;
  /** For 429: seconds the client must wait (body `retry_after`, headers `Retry-After`, `X-RateLimit-Reset-After`). */
  retryAfter?: number;
  /** For 429: a global rate limit (`X-RateLimit-Global: true`, `global: true`). */
  global?: boolean;
  /** Number of requests this fault has failed so far. */
  hits: number;
}

export interface BucketRule {
  route: RouteMatcher;
  /** Requests allowed per window and per major parameter (channel id, webhook token…). */
  limit: number;
  windowMs: number;
  /** One bucket for all matching requests (else one per route and major parameter). */
  global?: boolean;
}

/**
 * Buckets shaped after Discord's commonly observed limits: 5 messages per 5 s per channel, 5 message edits per 5 s
 * per channel, and the bot-wide global limit of 50 requests per second, which interaction endpoints (callbacks and
 * the interaction webhooks: follow-ups, `@original`) are not bound by. The default of `startStandIn()`;
 * `rateLimits: []` switches them off.
 */
export const DISCORD_LIKE_BUCKETS: BucketRule[] = [
  { route: 'POST /channels/:id/messages', limit: 5, windowMs: 5000 },
  { route: 'PATCH /channels/:id/messages/:id', limit: 5, windowMs: 5000 },
  { route: (template) => !template.includes(' /interactions/') && !template.includes(' /webhooks/'), limit: 50, windowMs: 1000, global: true },
];

/** The opaque `X-RateLimit-Bucket` of a route's bucket (stable, so discord.js keeps one queue per route). */
export function bucketHash(route: string): string {
  return createHash('sha1').update(route).digest('hex').slice(0, 32);
}

/** The per-route rule governing a route, if any (newest added first, then the base rules). */
export function routeRule(f: Faults, route: string, path: string): BucketRule | undefined {
  return [...f.buckets.slice().reverse(), ...f.baseBuckets].find((b) => !b.global && matches(b.route, route, path));
}

export function routeTemplate(method: string, segments: string[]): string {
  const out = segments.map((seg, i) => {
    if (/^\d{15,25}$/.test(seg)) return ':id';
    if (i > 0 && (segments[0] === 'webhooks' || segments[0] === 'interactions') && i === 2) return ':token';
    return seg;
  });
  return `${method} /${out.join('/')}`;
}

export function matches(m: RouteMatcher, route: string, path: string): boolean {
  if (typeof m === 'function') return m(route, path);
  if (typeof m === 'string') return m === '*' || m === route;
  return m.test(route) || m.test(path);
}

export class Faults {
  readonly injected: InjectedFault[] = [];
  /** Buckets added with `limit()` (removed by `clear()`); they take precedence over the base buckets. */
  readonly buckets: BucketRule[] = [];
  /** The stand-in's configured buckets (`rateLimits`, default `DISCORD_LIKE_BUCKETS`); `clear()` keeps them. */
  readonly baseBuckets: BucketRule[] = [];
  private readonly usage = new Map<string, { windowStart: number; used: number }>();
  private readonly ruleIds = new Map<BucketRule, number>();

  /** The next `count` requests matching `route` fail with `status` (default one 429 with retry_after 0.1 s). */
  inject(f: { route: RouteMatcher; status?: InjectedFault['status']; count?: number; retryAfter?: number; global?: boolean }): InjectedFault {
    const fault: InjectedFault = {
      route: f.route,
      status: f.status ?? 429,
      count: f.count ?? 1,
      retryAfter: f.retryAfter ?? 0.1,
      global: f.global ?? false,
      hits: 0,
    };
    this.injected.push(fault);
    return fault;
  }

  /** Adds a real rate-limit bucket: more than `limit` requests per `windowMs` (per major parameter) get 429. */
  limit(rule: BucketRule): void {
    this.buckets.push(rule);
  }

  /** Removes injected faults and the buckets added with `limit()`, and resets every bucket's count. */
  clear(): void {
    this.injected.length = 0;
    this.buckets.length = 0;
    this.usage.clear();
  }

  private ruleId(rule: BucketRule): number {
    let id = this.ruleIds.get(rule);
    if (id === undefined) {
      id = this.ruleIds.size;
      this.ruleIds.set(rule, id);
    }
    return id;
  }

  /** The fault to apply to this request, if any (consumes one use). */
  take(route: string, path: string): InjectedFault | null {
    for (const f of this.injected) {
      if (f.hits < f.count && matches(f.route, route, path)) {
        f.hits++;
        return f;
      }
    }
    return null;
  }

  /**
   * Bucket accounting for one request, as Discord answers it: every matching rule counts the request (a per-route
   * bucket per major parameter and the bot-wide "global" rules). The per-route bucket's `X-RateLimit-*` headers go on
   * every response it governs; an exhausted bucket gives 429 with `X-RateLimit-Scope: user`, an exhausted global rule
   * gives 429 with `X-RateLimit-Global: true` and `X-RateLimit-Scope: global` (and no per-route headers). Nothing is
   * counted for a request answered with 429.
   */
  bucket(route: string, path: string, major: string, now: number): { headers: Record<string, string>; retryAfter: number | null; global: boolean } {
    // The newest added rule first, then the base rules: the first per-route rule that matches is the request's bucket.
    const rules = [...this.buckets.slice().reverse(), ...this.baseBuckets].filter((b) => matches(b.route, route, path));
    if (rules.length === 0) return { headers: {}, retryAfter: null, global: false };
    const states = rules.map((rule) => {
      const key = rule.global ? `global|${this.ruleId(rule)}` : `${this.ruleId(rule)}|${route}|${major}`;
      let u = this.usage.get(key);
      if (!u || now - u.windowStart >= rule.windowMs) {
        u = { windowStart: now, used: 0 };
        this.usage.set(key, u);
      }
      return { rule, u, resetAfter: Math.max(0, rule.windowMs - (now - u.windowStart)) / 1000 };
    });
    const globalFull = states.find((x) => x.rule.global && x.u.used >= x.rule.limit);
    if (globalFull) {
      return {
        headers: { 'x-ratelimit-global': 'true', 'x-ratelimit-scope': 'global' },
        retryAfter: globalFull.resetAfter,
        global: true,
      };
    }
    const own = states.find((x) => !x.rule.global);
    const counted = states.filter((x) => x.rule.global || x === own);
    const headersOf = (x: (typeof states)[number], remaining: number): Record<string, string> => ({
      'x-ratelimit-limit': String(x.rule.limit),
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': ((x.u.windowStart + x.rule.windowMs) / 1000).toFixed(3),
      'x-ratelimit-reset-after': x.resetAfter.toFixed(3),
      'x-ratelimit-bucket': bucketHash(route),
    });
    if (own && own.u.used >= own.rule.limit) {
      return { headers: { ...headersOf(own, 0), 'x-ratelimit-scope': 'user' }, retryAfter: own.resetAfter, global: false };
    }
    for (const x of counted) x.u.used++;
    return { headers: own ? headersOf(own, own.rule.limit - own.u.used) : {}, retryAfter: null, global: false };
  }
}
