/** Builds and starts the bot process: database, games, discord.js client, handlers, recovery. */
import type { Client } from 'discord.js';
import './games/all.js';
import { CampfireBot, type BotOptions } from './bot/bot.js';
import { attach, createClient, discordPlatform } from './bot/discord.js';
import { consoleLogger, type Logger } from './bot/platform.js';
import { GameService } from './service/games.js';
import { openDatabase, type Db } from './store/db.js';
import { Repo } from './store/repo.js';

export interface RunningBot { client: Client; bot: CampfireBot; db: Db; stop(): Promise<void> }

export async function startBot(opts: { token: string; apiBase?: string; databasePath?: string; log?: Logger; bot?: BotOptions }): Promise<RunningBot> {
  const log = opts.log ?? consoleLogger;
  const db = openDatabase(opts.databasePath);
  const service = new GameService(new Repo(db));
  const client = createClient({ apiBase: opts.apiBase });
  const bot = new CampfireBot(service, discordPlatform(client, log), log, opts.bot);
  attach(client, bot, log);
  const ready = new Promise<void>((resolve) => client.once('clientReady', () => resolve()));
  await client.login(opts.token);
  await ready;
  log.info(`logged in as ${client.user?.tag ?? '?'}`);
  bot.recover();
  return {
    client, bot, db,
    async stop() {
      await bot.settle();
      await client.destroy();
      db.close();
    },
  };
}
