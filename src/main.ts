/** `npm start`: the bot against Discord (or the local stand-in when DISCORD_API_BASE points at it). */
import 'dotenv/config';
import { startBot } from './app.js';
import { NO_TOKEN_HELP, readConfig } from './config.js';
import { createLogger } from './ops/log.js';
import { EXIT_CODES, StartError } from './ops/startup.js';
import { StoreError } from './store/db.js';

const config = readConfig();
const log = createLogger({ level: config.logLevel });
if (!config.token) {
  console.error(NO_TOKEN_HELP);
  process.exit(EXIT_CODES.no_token);
}
process.on('unhandledRejection', (err) => log.error('unhandled rejection', { err: String((err as Error)?.stack ?? err) }));

const running = await startBot({
  token: config.token, apiBase: config.apiBase, databasePath: config.databasePath, databaseUrl: config.databaseUrl, log,
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
