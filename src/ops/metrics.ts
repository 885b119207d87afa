/**
 * Every metric Campfire exposes, in one prom-client Registry (scraped at `/metrics`, see `http.ts`). Code that
 * measures something imports `metrics` and records; things only another part knows (the job runner's backlog, the
 * database size) are read through probes set at start, when Prometheus scrapes.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface JobBacklog { pending: number; oldestAgeSeconds: number }

type Probe<T> = () => T | Promise<T>;

let jobProbe: Probe<JobBacklog> | null = null;
let activeGamesProbe: Probe<Record<string, number>> | null = null;
let databaseSizeProbe: (() => number) | null = null;

/** The job runner tells how many jobs wait and how old the oldest is (called at every scrape). */
export function setJobBacklogProbe(fn: Probe<JobBacklog> | null): void { jobProbe = fn; }
let jobReadyProbe: Probe<true | string> | null = null;

/** The job runner says whether it is working (true) or stuck (a short reason); `/readyz` asks it. */
export function setJobRunnerReadyProbe(fn: Probe<true | string> | null): void { jobReadyProbe = fn; }
/** The job runner's answer, or null when no job runner registered one. */
export async function jobRunnerReady(): Promise<true | string | null> { return jobReadyProbe ? jobReadyProbe() : null; }

let invalidProbe: (() => number) | null = null;
/** The REST layer tells how many 401, 403 and 429 answers came in the last 10 minutes. */
export function setInvalidRequestsProbe(fn: (() => number) | null): void { invalidProbe = fn; }

/** Running games by game id (e.g. `{ mammut: 3 }`). */
export function setActiveGamesProbe(fn: Probe<Record<string, number>> | null): void { activeGamesProbe = fn; }
/** The database's size in bytes. */
export function setDatabaseSizeProbe(fn: (() => number) | null): void { databaseSizeProbe = fn; }

function build() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'campfire_' });
  const r = [registry];
  return {
    registry,
    interactions: new Counter({ name: 'campfire_interactions_total', help: 'Interactions answered, by kind (command or component) and outcome', labelNames: ['kind', 'outcome'] as const, registers: r }),
    deferred: new Counter({ name: 'campfire_interactions_deferred_total', help: 'Interactions acknowledged first and answered later (no answer within 1.5 s, or 0.1 s while pictures queue)', labelNames: ['kind'] as const, registers: r }),
    tables: new Counter({ name: 'campfire_tables_posted_total', help: 'Tables posted, by way: a follow-up of the click that caused them (outside the global limit) or a channel post', labelNames: ['via'] as const, registers: r }),
    replySeconds: new Histogram({ name: 'campfire_reply_seconds', help: 'Interaction received → first reply sent', labelNames: ['kind'] as const, buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 3, 5], registers: r }),
    decisions: new Counter({ name: 'campfire_decisions_committed_total', help: 'Decisions committed, by game', labelNames: ['game'] as const, registers: r }),
    jobSeconds: new Histogram({ name: 'campfire_job_seconds', help: 'Background jobs: committed → started (wait) and started → done (run), by kind', labelNames: ['kind', 'phase'] as const, buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60], registers: r }),
    jobBacklog: new Gauge({ name: 'campfire_job_backlog', help: 'Background jobs waiting', registers: r, async collect() { if (jobProbe) this.set((await jobProbe()).pending); } }),
    jobOldest: new Gauge({ name: 'campfire_job_oldest_age_seconds', help: 'Age of the oldest waiting job', registers: r, async collect() { if (jobProbe) this.set((await jobProbe()).oldestAgeSeconds); } }),
    rest: new Counter({ name: 'campfire_rest_requests_total', help: 'Discord REST requests, by route and status', labelNames: ['route', 'status'] as const, registers: r }),
    rateLimited: new Counter({ name: 'campfire_rest_rate_limited_total', help: 'Discord REST 429 answers, by route', labelNames: ['route'] as const, registers: r }),
    invalidRequests: new Counter({ name: 'campfire_rest_invalid_requests_total', help: 'Discord REST answers that count toward Discord\'s invalid-request limit (401, 403, 429), by status', labelNames: ['status'] as const, registers: r }),
    invalidRecent: new Gauge({ name: 'campfire_rest_invalid_requests_10m', help: 'Invalid requests (401, 403, 429) in the last 10 minutes; Discord blocks the address at 10,000, the bot stops tidying past 1,000', registers: r, collect() { if (invalidProbe) this.set(invalidProbe()); } }),
    jobsGivenUp: new Counter({ name: 'campfire_jobs_given_up_total', help: 'Background jobs given up, by kind and why (attempts: the retry cap; age: too old to try again)', labelNames: ['kind', 'why'] as const, registers: r }),
    editsSpared: new Counter({ name: 'campfire_edits_spared_total', help: 'Edits of messages left as they are, by kind and why (old: older than Discord lets a bot edit freely; refused: Discord said no, e.g. 30046)', labelNames: ['kind', 'why'] as const, registers: r }),
    pictureCache: new Counter({ name: 'campfire_picture_cache_total', help: 'Pictures asked for, by what and whether an identical one was drawn moments before (hit) or not (miss)', labelNames: ['what', 'result'] as const, registers: r }),
    renderSeconds: new Histogram({ name: 'campfire_render_seconds', help: 'Time to draw a picture, by what (table, hand)', labelNames: ['what', 'game'] as const, buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1], registers: r }),
    computerSeconds: new Histogram({ name: 'campfire_computer_move_seconds', help: 'Time a computer player took to choose, by game and level', labelNames: ['game', 'level'] as const, buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 1.5, 2.5, 5], registers: r }),
    activeGames: new Gauge({
      name: 'campfire_active_games', help: 'Running games, by game', labelNames: ['game'] as const, registers: r,
      async collect() { if (!activeGamesProbe) return; const byGame = await activeGamesProbe(); this.reset(); for (const [game, n] of Object.entries(byGame)) this.set({ game }, n); },
    }),
    databaseBytes: new Gauge({ name: 'campfire_database_bytes', help: 'Size of the database', registers: r, collect() { if (databaseSizeProbe) this.set(databaseSizeProbe()); } }),
    backups: new Counter({ name: 'campfire_backups_total', help: 'Backups taken, by outcome', labelNames: ['outcome'] as const, registers: r }),
  };
}

export type Metrics = ReturnType<typeof build>;

/** The process's metrics. */
export const metrics: Metrics = build();

/** Seconds since `t0` (a `performance.now()` value). */
export function since(t0: number): number {
  return (performance.now() - t0) / 1000;
}

/** Times `fn` into a histogram with the given labels. */
export function timed<T>(h: Histogram<string>, labels: Record<string, string>, fn: () => T): T {
  const t0 = performance.now();
  try { return fn(); } finally { h.observe(labels, since(t0)); }
}
