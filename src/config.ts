/** Settings from the environment (and `.env`, loaded by main). See `.env.example` for each of them. */
export interface Config {
  token: string | undefined;
  apiBase: string | undefined;
  databasePath: string | undefined;
  /** `postgres://…` selects PostgreSQL instead of the SQLite file. */
  databaseUrl: string | undefined;
  devGuildId: string | undefined;
  /** `LOG_LEVEL`: trace, debug, info (default), warn, error. */
  logLevel: string;
  /** `METRICS_PORT`: /healthz, /readyz, /metrics on this port; off when unset. */
  metricsPort: number | undefined;
  /** `BACKUP_DIR`: where backups go; default `backups/` next to the database. */
  backupDir: string | undefined;
  /** `BACKUP_EVERY_HOURS`: scheduled backups (default 24; 0 turns them off). */
  backupEveryHours: number;
  /** `BACKUP_KEEP`: how many backups to keep (default 7). */
  backupKeep: number;
  /** `SHUTDOWN_TIMEOUT_MS`: how long SIGTERM waits for work in flight (default 20 s). */
  shutdownTimeoutMs: number;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const clean = (v: string | undefined) => (v && v.trim() ? v.trim() : undefined);
  const num = (v: string | undefined) => { const c = clean(v); return c !== undefined && Number.isFinite(Number(c)) && Number(c) >= 0 ? Number(c) : undefined; };
  return {
    token: clean(env.DISCORD_TOKEN),
    apiBase: clean(env.DISCORD_API_BASE),
    databasePath: clean(env.DATABASE_PATH),
    databaseUrl: clean(env.DATABASE_URL),
    devGuildId: clean(env.DEV_GUILD_ID),
    logLevel: clean(env.LOG_LEVEL) ?? 'info',
    metricsPort: num(env.METRICS_PORT),
    backupDir: clean(env.BACKUP_DIR),
    backupEveryHours: num(env.BACKUP_EVERY_HOURS) ?? 24,
    backupKeep: Math.max(1, num(env.BACKUP_KEEP) ?? 7),
    shutdownTimeoutMs: num(env.SHUTDOWN_TIMEOUT_MS) ?? 20_000,
  };
}

export const NO_TOKEN_HELP = `Campfire needs a Discord bot token to start.

  1. Create an application at https://discord.com/developers/applications, add a bot, copy its token.
  2. Copy .env.example to .env and set DISCORD_TOKEN=<the token> (and DEV_GUILD_ID for a test server).
  3. Run \`npm run deploy-commands\` once, then \`npm start\` again.

No token? Try Campfire without Discord: \`npm run sandbox\` and open http://localhost:3000.`;
