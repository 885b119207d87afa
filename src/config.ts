/** Settings from the environment (and `.env`, loaded by main). See `.env.example` for each of them. */
export interface Config {
  token: string | undefined;
  apiBase: string | undefined;
  databasePath: string | undefined;
  devGuildId: string | undefined;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const clean = (v: string | undefined) => (v && v.trim() ? v.trim() : undefined);
  return {
    token: clean(env.DISCORD_TOKEN),
    apiBase: clean(env.DISCORD_API_BASE),
    databasePath: clean(env.DATABASE_PATH),
    devGuildId: clean(env.DEV_GUILD_ID),
  };
}

export const NO_TOKEN_HELP = `Campfire needs a Discord bot token to start.

  1. Create an application at https://discord.com/developers/applications, add a bot, copy its token.
  2. Copy .env.example to .env and set DISCORD_TOKEN=<the token> (and DEV_GUILD_ID for a test server).
  3. Run \`npm run deploy-commands\` once, then \`npm start\` again.

No token? Try Campfire without Discord: \`npm run sandbox\` and open http://localhost:3000.`;
