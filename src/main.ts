/** `npm start`: the bot against Discord (or the local stand-in when DISCORD_API_BASE points at it). */
import 'dotenv/config';
import { startBot } from './app.js';
import { NO_TOKEN_HELP, readConfig } from './config.js';
import { StoreError } from './store/db.js';

const config = readConfig();
if (!config.token) {
  console.error(NO_TOKEN_HELP);
  process.exit(1);
}
const running = await startBot({ token: config.token, apiBase: config.apiBase, databasePath: config.databasePath }).catch((err: unknown) => {
  if (!(err instanceof StoreError)) throw err;
  // A database that cannot be used is the operator's to fix: say what is wrong, no stack trace.
  console.error(`Campfire cannot start: ${err.message}.`);
  process.exit(3);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void running.stop().finally(() => process.exit(0));
  });
}
