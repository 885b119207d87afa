/**
 * The real bot (`src/main.ts`, unchanged) launched as shards 0 and 1 of 2 by `launchShards`, against the stand-in:
 * each child connects with exactly its shard — discord.js reads the launcher's SHARDS / SHARD_COUNT — and answers
 * the commands of its guilds; a DM goes to shard 0.
 *
 * Each child has its own SQLite file here: the SQLite store admits one process per database (its pid file), so
 * shards that share games need the PostgreSQL store. What this test checks is the connection and the routing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import '../../src/games/all.js';
import { deployCommands } from '../../src/bot/deploy.js';
import { launchShards, type RunningShards } from '../../src/ops/shards.js';
import { messageText, startStandIn, type RunningStandIn } from '../../src/standin/index.js';

describe('GIVEN the bot launched as two shards', () => {
  let s: RunningStandIn | undefined;
  let running: RunningShards | undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'campfire-shards-'));
  const lines: string[] = [];

  afterAll(async () => {
    await running?.stop();
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('THEN each shard answers /campfire in its own guild, and shard 0 in a DM', { timeout: 180_000 }, async () => {
    s = await startStandIn();
    const zero = s.addGuild({ name: 'Zero', shard: [0, 2] });
    const one = s.addGuild({ name: 'One', shard: [1, 2] });
    await deployCommands({ token: s.token, apiBase: s.apiBase });
    const standIn = s;
    running = await launchShards({
      token: standIn.token,
      totalShards: 2,
      shardList: [0, 1],
      log: { info: (m, c) => lines.push(`${m} ${JSON.stringify(c ?? {})}`), warn: (m, c) => lines.push(`${m} ${JSON.stringify(c ?? {})}`), error: (m, c) => lines.push(`${m} ${JSON.stringify(c ?? {})}`) },
      childEnv: (shard) => ({
        DISCORD_API_BASE: standIn.apiBase,
        DATABASE_PATH: path.join(dir, `shard-${shard}.db`),
        LOG_LEVEL: 'warn',
        BACKUP_EVERY_HOURS: '0',
        AI_BUDGET_MS: '50',
      }),
      spawnDelayMs: 0,
      readyTimeoutMs: 90_000,
    });
    await running.started;
    expect([...running.manager.shards.values()].map((x) => x.ready), lines.join('\n')).toEqual([true, true]);
    expect(s.connectedShards().sort()).toEqual([[0, 2], [1, 2]]);

    const seen = (id: string) => s!.interaction(id);
    for (const guild of [zero, one]) {
      const out = await s.user('ada').slash(s.channelByName('general', guild.id).id, 'campfire', { subcommand: 'leaderboard', options: { game: 'mammut' } });
      expect(out.kind, `answer in ${guild.name}`).toBe('message');
      expect(messageText(out.message!)).toContain('Nobody has a rating here yet.');
      expect(seen(out.interactionId)?.guildId).toBe(guild.id);
    }
    const sessions = [...s.gateway.sessions.values()].filter((x) => x.ws);
    const got = (shard: number, interactionId: string) =>
      sessions.filter((x) => x.shard[0] === shard).some((x) => x.buffer.some((e) => e.t === 'INTERACTION_CREATE' && e.d.id === interactionId));
    const inOne = await s.user('bruno').slash(s.channelByName('general', one.id).id, 'campfire', { subcommand: 'leaderboard', options: { game: 'mammut' } });
    expect(got(1, inOne.interactionId)).toBe(true);
    expect(got(0, inOne.interactionId)).toBe(false);

    const dm = s.user('chloe').openDm();
    const inDm = await s.user('chloe').slash(dm, 'campfire', { subcommand: 'games' });
    expect(inDm.kind).toBe('message');
    expect(got(0, inDm.interactionId)).toBe(true);
    expect(got(1, inDm.interactionId)).toBe(false);
  });
});
