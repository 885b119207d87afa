/**
 * Fault injection and rate-limit buckets for the stand-in's REST API.
 *
 * A route is named `METHOD /path/template`, with snowflakes and tokens replaced by `:id` and `:token`, e.g.
 * `POST /channels/:id/messages`, `POST /interactions/:id/:token/callback`, `PATCH /webhooks/:id/:token/messages/@original`.
 */
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
 * per channel, and 50 requests per second for everything else. Opt-in (`startStandIn({ rateLimits: DISCORD_LIKE_BUCKETS })`).
 */
export const DISCORD_LIKE_BUCKETS: BucketRule[] = [
  { route: 'POST /channels/:id/messages', limit: 5, windowMs: 5000 },
  { route: 'PATCH /channels/:id/messages/:id', limit: 5, windowMs: 5000 },
  { route: (template) => !template.includes('/interactions/'), limit: 50, windowMs: 1000, global: true },
];

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
  readonly buckets: BucketRule[] = [];
  private readonly usage = new Map<string, { windowStart: number; used: number }>();

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

  clear(): void {
    this.injected.length = 0;
    this.buckets.length = 0;
    this.usage.clear();
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

  /** Bucket accounting; returns the headers to send and, when exhausted, the seconds to wait. */
  bucket(route: string, path: string, major: string, now: number): { headers: Record<string, string>; retryAfter: number | null } {
    const rule = this.buckets.find((b) => matches(b.route, route, path));
    if (!rule) return { headers: {}, retryAfter: null };
    const key = rule.global ? `global|${this.buckets.indexOf(rule)}` : `${route}|${major}`;
    let u = this.usage.get(key);
    if (!u || now - u.windowStart >= rule.windowMs) {
      u = { windowStart: now, used: 0 };
      this.usage.set(key, u);
    }
    const resetAfter = Math.max(0, rule.windowMs - (now - u.windowStart)) / 1000;
    const hash = Buffer.from(route).toString('base64url').slice(0, 16);
    if (u.used >= rule.limit) {
      return {
        headers: {
          'x-ratelimit-limit': String(rule.limit),
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': ((u.windowStart + rule.windowMs) / 1000).toFixed(3),
          'x-ratelimit-reset-after': resetAfter.toFixed(3),
          'x-ratelimit-bucket': hash,
          'x-ratelimit-scope': 'user',
        },
        retryAfter: resetAfter,
      };
    }
    u.used++;
    return {
      headers: {
        'x-ratelimit-limit': String(rule.limit),
        'x-ratelimit-remaining': String(rule.limit - u.used),
        'x-ratelimit-reset': ((u.windowStart + rule.windowMs) / 1000).toFixed(3),
        'x-ratelimit-reset-after': resetAfter.toFixed(3),
        'x-ratelimit-bucket': hash,
      },
      retryAfter: null,
    };
  }
}
