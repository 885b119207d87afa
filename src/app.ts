/**
 * Builds and starts the bot process: database, games, discord.js client, handlers, recovery; and what running it
 * needs: structured logs, the operator's port (health, readiness, metrics), scheduled backups and maintenance,
 * start checks, and a graceful stop.
 */
import { Events, RESTEvents, Routes, type Client } from 'discord.js';
import path from 'node:path';
import './games/all.js';
import { CampfireBot, type BotOptions } from './bot/bot.js';
import { commandDefinitions } from './bot/commands.js';
import { attach, createClient, discordPlatform } from './bot/discord.js';
import type { Logger } from './bot/platform.js';
import { Campfire } from './service/index.js';
import { StoreError, checkWritable, defaultDatabasePath, openDatabase, type Db } from './store/db.js';
import { closeDefaultPool, computerChoice, shareWorkers, type AiLevel } from './ai/index.js';
import { pooledPictures } from './bot/pictures.js';
import { WorkerPool } from './workers/pool.js';
import { Repo } from './store/repo.js';
import { isPostgresUrl, openStore } from './store/open.js';
import { redact } from './store/pgdb.js';
import { backupTo, holdDatabase, pidFileOf, runningPid } from './ops/backup.js';
import { startOpsServer, type Check, type OpsServer } from './ops/http.js';
import { createLogger } from './ops/log.js';
import { databaseBytes, maintainInSlices } from './ops/maintenance.js';
import { jobRunnerReady, metrics, setActiveGamesProbe, setDatabaseSizeProbe, setJobBacklogProbe, setJobRunnerReadyProbe, since } from './ops/metrics.js';
import { StartError, compareCommands, isTokenRejected } from './ops/startup.js';
import { shardOfThisProcess } from './ops/shards.js';

export interface RunningBot {
  client: Client;
  bot: CampfireBot;
  /** The SQLite database; null on PostgreSQL. */
  db: Db | null;
  repo: Repo;
  ops: OpsServer | null;
  /** Stops at once after the background work (tests). */
  stop(): Promise<void>;
  /**
   * The graceful stop (SIGTERM): new interactions are answered "back in a moment", the ones in flight and the
   * games' background work finish (up to `shutdownTimeoutMs`), then the database is closed cleanly.
   */
  shutdown(reason?: string): Promise<{ finished: boolean }>;
}

export interface StartOptions {
  token: string;
  apiBase?: string;
  databasePath?: string;
  /** `DATABASE_URL`: a `postgres://` URL selects PostgreSQL (the SQLite path is then unused). */
  databaseUrl?: string;
  log?: Logger;
  bot?: BotOptions;
  seeds?: () => string;
  /** `METRICS_PORT`: the operator's HTTP port (0: any free port); off when undefined. */
  metricsPort?: number;
  /** Scheduled backups; off when `everyHours` is 0 or the option is missing. */
  backup?: { dir?: string; everyHours: number; keep: number };
  /** Compaction of finished games and vacuum, every this many hours (default 1; 0: off). */
  maintenanceEveryHours?: number;
  /** How long `shutdown` waits for work in flight (default 20 s). */
  shutdownTimeoutMs?: number;
  /** Compare the slash commands registered on Discord with this version's (default on). */
  checkCommands?: boolean;
  /** Guild whose commands to compare as well (DEV_GUILD_ID). */
  commandsGuildId?: string;
}

const HOUR = 3_600_000;

export async function startBot(opts: StartOptions): Promise<RunningBot> {
  const log = opts.log ?? createLogger();
  const databasePath = opts.databasePath ?? defaultDatabasePath();
  const databaseUrl = opts.databaseUrl ?? process.env.DATABASE_URL;
  // SQLite: one process per file (a second is refused). PostgreSQL: any number of processes share the database.
  let db: Db | null = null;
  let release = () => {};
  let repo: Repo;
  if (isPostgresUrl(databaseUrl)) {
    repo = await openStore({ url: databaseUrl });
    log.info('database', { kind: 'postgres', url: redact(databaseUrl) });
  } else {
    const other = databasePath === ':memory:' ? null : runningPid(databasePath);
    if (other !== null && other !== process.pid) {
      throw new StoreError('cannot_open', `another Campfire (pid ${other}) runs on the database ${databasePath}; stop it first (if none runs, delete ${pidFileOf(databasePath)})`);
    }
    db = openDatabase(databasePath);
    release = holdDatabase(databasePath);
    // Held alone (above): rows may be kept across calls (see `store/memo.ts`).
    repo = Repo.sqlite(db, Date.now, { alone: true });
  }
  const timers: NodeJS.Timeout[] = [];
  let client: Client | null = null;
  let stopWorkers: (() => Promise<void>) | null = null;
  try {
    // CAMPFIRE_TEST_SEED makes new games reproducible (tests); otherwise every game gets a random seed.
    const fixed = process.env.CAMPFIRE_TEST_SEED;
    let n = 0;
    // A shard's process carries out the jobs of its own servers' games (Discord tells it of those only).
    const shard = shardOfThisProcess();
    const service = new Campfire(repo, { shards: shard ? { ids: [shard.id], count: shard.count } : null, newSeed: opts.seeds ?? (fixed ? () => `${fixed}-${++n}` : undefined) });
    client = createClient({ apiBase: opts.apiBase, globalShare: shard ? 1 / shard.count : 1 });
    const c = client;
    c.rest.on(RESTEvents.Response, (request, response) => {
      metrics.rest.inc({ route: request.route, status: String(response.status) });
      if (response.status === 429) metrics.rateLimited.inc({ route: request.route });
    });
    // Pictures and computer players' searches run in worker threads: the event loop only decides and replies.
    // The threads start and load the games while the client logs in; a hand asked for before that is drawn here.
    const workers = new WorkerPool({ threads: Number(process.env.WORKER_THREADS) || undefined, ...(process.env.WORKER_RESERVED ? { reserved: Number(process.env.WORKER_RESERVED) } : {}) });
    stopWorkers = () => workers.close();
    shareWorkers(workers);
    void workers.warm().catch((err: unknown) => log.warn('worker threads could not be warmed', { err: String(err) }));
    const budgetMs = Number(process.env.AI_BUDGET_MS) || 1500;
    const choosers = { random: computerChoice('random'), strong: computerChoice('strong', { budget: { timeMs: budgetMs } }) };
    const bot = new CampfireBot(service, discordPlatform(c, log), log, {
      computerChoice: async (level, module, ...rest) => {
        const t0 = performance.now();
        try {
          return await choosers[(level === 'random' ? 'random' : 'strong') as AiLevel](module, ...rest);
        } finally {
          metrics.computerSeconds.observe({ game: module.engine.id, level: level === 'random' ? 'random' : 'strong' }, since(t0));
        }
      },
      ...(process.env.PICTURES_INLINE ? {} : { pictures: pooledPictures(workers) }),
      ...opts.bot,
    });
    attach(c, bot, log);
    // The job runner's backlog and health for the operator's port: a due job waiting more than 5 minutes is stuck.
    setJobBacklogProbe(async () => { const b = await service.jobs.backlog(); return { pending: b.count, oldestAgeSeconds: (b.oldestMs ?? 0) / 1000 }; });
    setJobRunnerReadyProbe(async () => { const b = await service.jobs.backlog(); return b.nextAt !== null && Date.now() - b.nextAt > 5 * 60_000 ? `a job has waited ${Math.round((Date.now() - b.nextAt) / 1000)} s` : true; });
    setActiveGamesProbe(() => repo.runningByGame());
    if (db) { const file = db; setDatabaseSizeProbe(() => databaseBytes(file)); }

    const ready = new Promise<void>((resolve) => c.once('clientReady', () => resolve()));
    try {
      await c.login(opts.token);
    } catch (err) {
      if (isTokenRejected(err)) throw new StartError('token_rejected', 'Discord rejected the bot token (DISCORD_TOKEN). Copy it again from the developer portal (Bot → Reset Token) into .env');
      throw err;
    }
    await ready;
    log.info('logged in', { as: c.user?.tag ?? '?' });

    if (opts.checkCommands !== false) {
      // The raw REST answer: the same JSON `npm run deploy-commands` sends.
      const appId = c.application!.id;
      const registered = (await c.rest.get(Routes.applicationCommands(appId))) as object[];
      // Commands registered in one server (a test server) count too: the given one, else the first servers the bot is in.
      const wanted = commandDefinitions().map((d) => (d as { name: string }).name);
      const has = () => wanted.every((w) => registered.some((r) => (r as { name: string }).name === w));
      for (const guildId of [...new Set([opts.commandsGuildId, ...c.guilds.cache.keys()].filter((g): g is string => !!g))].slice(0, 5)) {
        if (has() && guildId !== opts.commandsGuildId) break;
        // A server the application cannot see (a DEV_GUILD_ID of another installation) simply has none.
        registered.push(...((await c.rest.get(Routes.applicationGuildCommands(appId, guildId)).catch(() => [])) as object[]));
      }
      const problem = compareCommands(commandDefinitions(), registered);
      if (problem) throw new StartError('commands_differ', problem);
    }

    let ops: OpsServer | null = null;
    let lastTick = Date.now();
    if (opts.metricsPort !== undefined) {
      const checks: Record<string, Check> = {
        gateway: () => (c.ws.status === 0 ? true : `gateway status ${c.ws.status}`),
        database: async () => { if (db) checkWritable(db, databasePath); else await repo.ping(); return true as const; },
        // The job runner says whether it is stuck; without one, the timer loop counts: no tick for five minutes is stuck.
        jobs: async () => (await jobRunnerReady()) ?? (Date.now() - lastTick < 5 * 60_000 ? true : `no timer run for ${Math.round((Date.now() - lastTick) / 1000)} s`),
        shutdown: () => (bot.isDraining ? 'shutting down' : true),
      };
      ops = await startOpsServer({ port: opts.metricsPort, checks });
      log.info('operator port open', { port: ops.port, paths: ['/healthz', '/readyz', '/metrics'] });
    }

    await bot.recover();
    bot.startJobs();
    // Deadlines and reminders live in the database; this only asks every minute what is due.
    const tick = () => { lastTick = Date.now(); void bot.tick().catch((err) => log.error('tick failed', { err: String((err as Error)?.stack ?? err) })); };
    tick();
    timers.push(setInterval(tick, 60_000));

    let backupRunning: Promise<void> | null = null;
    const maintenanceHours = opts.maintenanceEveryHours ?? 1;
    if (maintenanceHours > 0) {
      timers.push(setInterval(() => {
        maintainInSlices(repo, log, { stopped: () => bot.isDraining }).catch((err) => log.error('maintenance failed', { err: String((err as Error)?.stack ?? err) }));
      }, maintenanceHours * HOUR));
    }
    // Backups are SQLite's: on PostgreSQL they are the database's own business (pg_dump, base backups).
    const backupDb = db;
    if (backupDb && opts.backup && opts.backup.everyHours > 0) {
      const dir = opts.backup.dir ?? path.join(path.dirname(path.resolve(databasePath)), 'backups');
      const keep = opts.backup.keep;
      timers.push(setInterval(() => {
        if (backupRunning) return;
        backupRunning = backupTo(backupDb, dir, { keep }).then(
          (file) => { metrics.backups.inc({ outcome: 'ok' }); log.info('backup written', { file }); },
          (err) => { metrics.backups.inc({ outcome: 'failed' }); log.error('backup failed', { dir, err: String((err as Error)?.message ?? err) }); },
        ).finally(() => { backupRunning = null; });
      }, opts.backup.everyHours * HOUR));
    }
    for (const t of timers) t.unref();
    c.on(Events.ShardDisconnect, () => log.warn('gateway disconnected'));

    let closing: Promise<{ finished: boolean }> | null = null;
    const close = async (timeoutMs: number, reason: string) => {
      for (const t of timers) clearInterval(t);
      log.info('stopping', { reason, timeoutMs });
      const finished = await bot.drain(timeoutMs);
      if (!finished) log.warn('stopped before all work finished; the next start posts owed tables and computer moves', { timeoutMs });
      // A backup under way finishes before the database closes.
      await backupRunning;
      bot.stopJobs();
      await closeDefaultPool();
      await workers.close();
      stopWorkers = null;
      setJobBacklogProbe(null);
      setJobRunnerReadyProbe(null);
      await c.destroy();
      await ops?.close();
      setActiveGamesProbe(null);
      setDatabaseSizeProbe(null);
      await repo.close();
      release();
      log.info('stopped', { finished });
      return { finished };
    };
    return {
      client: c, bot, db, repo, ops,
      async stop() { closing ??= close(opts.shutdownTimeoutMs ?? 60_000, 'stop'); await closing; },
      shutdown(reason = 'SIGTERM') { closing ??= close(opts.shutdownTimeoutMs ?? 20_000, reason); return closing; },
    };
  } catch (err) {
    for (const t of timers) clearInterval(t);
    await stopWorkers?.();
    await client?.destroy();
    await repo.close();
    release();
    throw err;
  }
}

