/** `npm start` checks itself: each problem an operator must fix gets a plain message and its own exit code. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { REST, Routes } from 'discord.js';
import '../../src/games/all.js';
import { commandDefinitions } from '../../src/bot/commands.js';
import { deployCommands } from '../../src/bot/deploy.js';
import { compareCommands } from '../../src/ops/startup.js';
import { holdDatabase } from '../../src/ops/backup.js';
import { startStandIn, type RunningStandIn } from '../../src/standin/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
let standIn: RunningStandIn | null = null;
let dir: string | null = null;
afterEach(async () => {
  await standIn?.close();
  standIn = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

/** Runs `npm start` against the stand-in (not spawnSync: the stand-in answers from this process). */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  dir = mkdtempSync(path.join(tmpdir(), 'campfire-startcheck-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/main.ts')], {
    cwd: root, env: { ...process.env, DATABASE_PATH: path.join(dir, 'c.db'), DISCORD_API_BASE: standIn!.apiBase, DEV_GUILD_ID: '', LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (b) => { stderr += String(b); });
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) => child.once('exit', (code) => { clearTimeout(timer); resolve({ code, stderr }); }));
}

describe('start checks', () => {
  it('GIVEN a token Discord rejects THEN it says so and exits with code 2', { timeout: 90_000 }, async () => {
    standIn = await startStandIn({ log: () => {} });
    const r = await start({ DISCORD_TOKEN: 'not.the.token' });
    expect(r.stderr).toMatch(/Campfire cannot start: Discord rejected the bot token \(DISCORD_TOKEN\)/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.code).toBe(2);
  });

  it('GIVEN /campfire never registered THEN it names the command to run and exits with code 4', { timeout: 90_000 }, async () => {
    standIn = await startStandIn({ log: () => {} });
    const r = await start({ DISCORD_TOKEN: standIn.token });
    expect(r.stderr).toMatch(/not registered: \/campfire.*npm run deploy-commands/);
    expect(r.code).toBe(4);
  });

  it('GIVEN /campfire registered by an older version THEN it says it differs and exits with code 4', { timeout: 90_000 }, async () => {
    standIn = await startStandIn({ log: () => {} });
    const old = commandDefinitions().map((c) => ({ ...c, description: 'An older description' }));
    const rest = new REST({ api: standIn.apiBase }).setToken(standIn.token);
    await rest.put(Routes.applicationGuildCommands(standIn.applicationId, standIn.guild.id), { body: old });
    const r = await start({ DISCORD_TOKEN: standIn.token });
    expect(r.stderr).toMatch(/registered differently from this version's definition: \/campfire.*npm run deploy-commands/);
    expect(r.code).toBe(4);
  });

  it('GIVEN another Campfire running on the same database THEN it refuses to start with code 3', { timeout: 90_000 }, async () => {
    standIn = await startStandIn({ log: () => {} });
    await deployCommands({ token: standIn.token, apiBase: standIn.apiBase, guildId: standIn.guild.id });
    const db = path.join(mkdtempSync(path.join(tmpdir(), 'campfire-twice-')), 'c.db');
    const release = holdDatabase(db); // this test process plays the Campfire already running
    try {
      const r = await start({ DISCORD_TOKEN: standIn.token, DATABASE_PATH: db });
      expect(r.stderr).toMatch(/Campfire cannot start: another Campfire \(pid \d+\) runs on the database/);
      expect(r.code).toBe(3);
    } finally {
      release();
      rmSync(path.dirname(db), { recursive: true, force: true });
    }
  });
});

describe('compareCommands', () => {
  it('GIVEN the definitions as Discord returns them (ids, versions, defaults filled in) THEN they match', async () => {
    standIn = await startStandIn({ log: () => {} });
    await deployCommands({ token: standIn.token, apiBase: standIn.apiBase, guildId: standIn.guild.id });
    const rest = new REST({ api: standIn.apiBase }).setToken(standIn.token);
    const registered = (await rest.get(Routes.applicationGuildCommands(standIn.applicationId, standIn.guild.id))) as object[];
    expect(compareCommands(commandDefinitions(), registered)).toBeNull();
  });

  it('GIVEN an option whose maximum changed THEN they differ', () => {
    const defined = commandDefinitions();
    const changed = JSON.parse(JSON.stringify(defined).replace('"min_value":1', '"min_value":2')) as object[];
    expect(compareCommands(defined, changed)).toMatch(/differently.*\/campfire/);
  });
});
