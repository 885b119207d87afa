/** The real bot with its operator's port: ready once connected, REST and interactions counted, not ready while stopping. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startBot, type RunningBot } from '../../src/app.js';
import { deployCommands } from '../../src/bot/deploy.js';
import { setJobRunnerReadyProbe } from '../../src/ops/metrics.js';
import { startStandIn, type RunningStandIn } from '../../src/standin/index.js';
import { quietLog } from '../e2e/world.js';

let standIn: RunningStandIn | null = null;
let bot: RunningBot | null = null;
let dir = '';
afterEach(async () => {
  setJobRunnerReadyProbe(null);
  await bot?.stop();
  await standIn?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  bot = null; standIn = null; dir = '';
});

describe('the operator port of the running bot', () => {
  it('GIVEN the bot connected to the stand-in THEN /readyz is 200, /metrics counts REST requests and the interaction, and a stuck job runner makes it 503', { timeout: 120_000 }, async () => {
    standIn = await startStandIn({ log: () => {} });
    await deployCommands({ token: standIn.token, apiBase: standIn.apiBase, guildId: standIn.guild.id });
    dir = mkdtempSync(path.join(tmpdir(), 'campfire-ops-'));
    bot = await startBot({ token: standIn.token, apiBase: standIn.apiBase, databasePath: path.join(dir, 'c.db'), log: quietLog, metricsPort: 0 });
    const port = bot.ops!.port;
    const get = async (p: string) => { const r = await fetch(`http://127.0.0.1:${port}${p}`); return { status: r.status, body: await r.text() }; };
    const poll = async (ok: () => Promise<boolean>) => { for (let i = 0; i < 200 && !(await ok()); i++) await new Promise((r) => setTimeout(r, 50)); };
    await poll(async () => (await get('/readyz')).status === 200);
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body).checks).toEqual({ gateway: 'ok', database: 'ok', jobs: 'ok', shutdown: 'ok' });

    const general = standIn.channelByName('general').id;
    await standIn.user('ada').slash(general, 'campfire', { subcommand: 'new', options: { game: 'mammut' } });
    // The handler goes on after its reply (it opens the game's thread): wait until it counted the interaction.
    await poll(async () => /^campfire_interactions_total\{kind="command:new"/m.test((await get('/metrics')).body));
    await bot.bot.settle();
    const m = (await get('/metrics')).body;
    expect(m).toMatch(/^campfire_interactions_total\{kind="command:new",outcome="ok"\} [1-9]/m);
    expect(m).toMatch(/^campfire_rest_requests_total\{route="\/channels\/:id\/messages\/:id\/threads",status="201"\} [1-9]/m);
    expect(m).toMatch(/^campfire_database_bytes [1-9]/m);

    setJobRunnerReadyProbe(() => 'oldest job waiting for 600 s');
    const stuck = await get('/readyz');
    expect(stuck.status).toBe(503);
    expect(JSON.parse(stuck.body).checks.jobs).toBe('oldest job waiting for 600 s');
  });
});
