/**
 * `npm start`: the bot against Discord (or the local stand-in when DISCORD_API_BASE points at it). With
 * `SHARD_COUNT` (and optionally `SHARDS`, the shards this host runs) it is a launcher instead: discord.js's
 * ShardingManager starts one bot process per shard and starts again any that dies (see src/ops/shards.ts).
 */
import 'dotenv/config';
import { startBot } from './app.js';
import { NO_TOKEN_HELP, readConfig } from './config.js';
import { createLogger } from './ops/log.js';
import { forgetBlankShardSettings, launchShards, shardPlan, whenLauncherGone, type ShardPlan } from './ops/shards.js';
import { EXIT_CODES, StartError } from './ops/startup.js';
import { StoreError } from './store/db.js';

const config = readConfig();
const log = createLogger({ level: config.logLevel });
if (!config.token) {
  console.error(NO_TOKEN_HELP);
  process.exit(EXIT_CODES.no_token);
}
process.on('unhandledRejection', (err) => log.error('unhandled rejection', { err: String((err as Error)?.stack ?? err) }));

// discord.js's Client reads SHARDS / SHARD_COUNT itself: blank lines in .env must not reach it.
forgetBlankShardSettings();
let plan: ShardPlan;
try {
  plan = shardPlan();
} catch (err) {
  if (err instanceof StartError) { console.error(`Campfire cannot start: ${err.message}.`); process.exit(err.exitCode); }
  throw err;
}
if (plan.mode === 'launcher') {
  // Each shard is a bot process of its own; each gets its own operator port (METRICS_PORT + 1 + shard).
  const shards = await launchShards({
    token: config.token!, totalShards: plan.totalShards, shardList: plan.shardList, log,
    childEnv: (shard): Record<string, string> => (config.metricsPort !== undefined ? { METRICS_PORT: String(config.metricsPort + 1 + shard) } : {}),
  });
  void shards.failed.then(async ({ exitCode }) => { await shards.stop(); process.exit(exitCode); });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // Ctrl-C reaches the whole process group already; SIGTERM is passed on.
    process.on(signal, () => void shards.stop({ signal: signal === 'SIGINT' ? null : 'SIGTERM' }).then(({ finished }) => process.exit(finished ? 0 : 1)));
  }
} else {
  await runOne();
}

async function runOne(): Promise<void> {
  const token = config.token!;
  const running = await startBot({
    token, apiBase: config.apiBase, databasePath: config.databasePath, databaseUrl: config.databaseUrl, log,
    metricsPort: config.metricsPort,
    backup: { dir: config.backupDir, everyHours: config.backupEveryHours, keep: config.backupKeep },
    shutdownTimeoutMs: config.shutdownTimeoutMs,
    commandsGuildId: config.devGuildId ?? process.env.DISCORD_GUILD_ID,
    checkCommands: process.env.COMMANDS_CHECK !== 'off',
  }).catch((err: unknown) => {
    // What the operator must fix is said plainly, without a stack trace, with its own exit code.
    if (err instanceof StoreError) {
      console.error(`Campfire cannot start: ${err.message}.`);
      process.exit(EXIT_CODES.database);
    }
    if (err instanceof StartError) {
      console.error(`Campfire cannot start: ${err.message}.`);
      process.exit(err.exitCode);
    }
    throw err;
  });

  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) {
        log.warn('second signal: stopping now', { signal });
        process.exit(1);
      }
      stopping = true;
      void running.shutdown(signal).then(
        ({ finished }) => process.exit(finished ? 0 : 1),
        (err) => { log.error('shutdown failed', { err: String((err as Error)?.stack ?? err) }); process.exit(1); },
      );
    });
  }
  // A shard whose launcher was killed outright stops too (discord.js would leave it running).
  if (plan.mode === 'child') whenLauncherGone(() => void running.shutdown('launcher gone').then(() => process.exit(0)));
}
