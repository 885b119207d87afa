/** Builds and starts the bot process: database, games, discord.js client, handlers, recovery. */
import type { Client } from 'discord.js';
import './games/all.js';
import { CampfireBot, type BotOptions } from './bot/bot.js';
import { attach, createClient, discordPlatform } from './bot/discord.js';
import { consoleLogger, type Logger } from './bot/platform.js';
import { Campfire } from './service/index.js';
import { openDatabase, type Db } from './store/db.js';
import { closeDefaultPool, computerChoice, shareWorkers, type AiLevel } from './ai/index.js';
import { pooledPictures } from './bot/pictures.js';
import { WorkerPool } from './workers/pool.js';
import { Repo } from './store/repo.js';

export interface RunningBot { client: Client; bot: CampfireBot; db: Db; stop(): Promise<void> }

export async function startBot(opts: { token: string; apiBase?: string; databasePath?: string; log?: Logger; bot?: BotOptions; seeds?: () => string }): Promise<RunningBot> {
  const log = opts.log ?? consoleLogger;
  const db = openDatabase(opts.databasePath);
  // CAMPFIRE_TEST_SEED makes new games reproducible (tests); otherwise every game gets a random seed.
  const fixed = process.env.CAMPFIRE_TEST_SEED;
  let n = 0;
  const service = new Campfire(new Repo(db), { newSeed: opts.seeds ?? (fixed ? () => `${fixed}-${++n}` : undefined) });
  const client = createClient({ apiBase: opts.apiBase });
  // Pictures and computer players' searches run in worker threads: the event loop only decides and replies.
  const workers = new WorkerPool({ threads: Number(process.env.WORKER_THREADS) || undefined });
  shareWorkers(workers);
  // Threads start and load the games while the client logs in; a hand asked for before that is drawn in-process.
  void workers.warm().catch((err: unknown) => log.warn('worker threads could not be warmed', { err: String(err) }));
  const budgetMs = Number(process.env.AI_BUDGET_MS) || 1500;
  const choosers = { random: computerChoice('random'), strong: computerChoice('strong', { budget: { timeMs: budgetMs } }) };
  const bot = new CampfireBot(service, discordPlatform(client, log), log, {
    computerChoice: (level, ...rest) => choosers[(level === 'random' ? 'random' : 'strong') as AiLevel](...rest),
    ...(process.env.PICTURES_INLINE ? {} : { pictures: pooledPictures(workers) }),
    ...opts.bot,
  });
  attach(client, bot, log);
  const ready = new Promise<void>((resolve) => client.once('clientReady', () => resolve()));
  await client.login(opts.token);
  await ready;
  log.info(`logged in as ${client.user?.tag ?? '?'}`);
  bot.recover();
  bot.startJobs();
  // Deadlines and reminders live in the database; this only asks every minute what is due.
  const tick = () => void bot.tick().catch((err) => log.error('tick failed', { err: String(err) }));
  tick();
  const timer = setInterval(tick, 60_000);
  timer.unref();
  return {
    client, bot, db,
    async stop() {
      clearInterval(timer);
      await bot.settle();
      bot.stopJobs();
      await bot.settle();
      await closeDefaultPool();
      await workers.close();
      await client.destroy();
      db.close();
    },
  };
}
