/**
 * Past one machine: two hosts, each `npm start` with SHARD_COUNT=2 and its own SHARDS (0 on one, 1 on the other),
 * sharing one PostgreSQL database, against the strict stand-in with a server on each shard. A Mammut game is played
 * in each server at the same time; half-way through, the bot process of shard 1 is killed (SIGKILL) and its launcher
 * starts it again. The game on shard 0 goes on meanwhile, the game on shard 1 goes on after the restart, and at the
 * end both are finished with exactly the decisions the players were told of, each state equal to its replay.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import '../../src/games/all.js';
import { deployCommands } from '../../src/bot/deploy.js';
import { GameService } from '../../src/service/games.js';
import { botEnvironment } from '../../src/sandbox/server.js';
import { startStandIn, type RunningStandIn } from '../../src/standin/index.js';
import type { SimUser } from '../../src/standin/standin.js';
import { testStore, pgReachable, urlWithSchema, type TestStore } from '../helpers/stores.js';
import { gameIdOf, latestTable, playToEnd, quietLog, textOf, type World } from './world.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe.skipIf(!pgReachable)('GIVEN two hosts (one shard each) on one PostgreSQL database', () => {
  let s: RunningStandIn | undefined;
  let store: TestStore | undefined;
  const hosts: ChildProcess[] = [];
  const lines: string[] = [];

  afterAll(async () => {
    if (lines.length) console.log(lines.slice(-60).join('\n'));
    for (const h of hosts) {
      if (h.exitCode !== null) continue;
      const gone = new Promise((r) => h.once('exit', r));
      h.kill('SIGTERM');
      await Promise.race([gone, new Promise((r) => setTimeout(r, 20_000))]);
      if (h.exitCode === null) h.kill('SIGKILL');
    }
    await s?.close();
    await store?.drop();
  });

  /** The bot process (the launcher's child) of a host. */
  const botOf = (launcher: ChildProcess): number | null => {
    try {
      // The launcher's children: the shard's bot (node … src/main.ts) and tsx's esbuild service.
      const out = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(launcher.pid)], { encoding: 'utf8' }).trim();
      const bot = out.split('\n').map((l) => l.trim()).find((l) => l.includes('main.ts'));
      return bot ? Number(bot.split(/\s+/)[0]) : null;
    } catch { return null; }
  };

  it('THEN both play, a killed shard comes back and goes on, and no decision is lost or doubled', { timeout: 600_000 }, async () => {
    s = await startStandIn({ log: (l) => { if (l.startsWith('refused body')) lines.push(l); } });
    const standIn = s;
    const zero = s.addGuild({ name: 'Zero', shard: [0, 2] });
    const one = s.addGuild({ name: 'One', shard: [1, 2] });
    await deployCommands({ token: s.token, apiBase: s.apiBase });
    store = await testStore('postgres');
    const url = urlWithSchema(store.schema!);
    for (const shard of [0, 1]) {
      const env = {
        ...process.env, ...botEnvironment(standIn, { databasePath: path.join(root, 'data', 'unused.db') }),
        DATABASE_URL: url, SHARD_COUNT: '2', SHARDS: String(shard), AI_BUDGET_MS: '50', CAMPFIRE_TEST_SEED: `hosts-${shard}`,
        LOG_LEVEL: 'warn', BACKUP_EVERY_HOURS: '0',
      };
      delete (env as Record<string, string | undefined>).METRICS_PORT;
      const h = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/main.ts')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
      h.stdout?.on('data', (b) => lines.push(`host ${shard} out: ${String(b).trim()}`));
      h.stderr?.on('data', (b) => lines.push(`host ${shard}: ${String(b).trim()}`));
      hosts.push(h);
    }
    const connected = (shard: number) => standIn.connectedShards().some(([id]) => id === shard);
    await standIn.waitFor(() => connected(0) && connected(1), { timeoutMs: 120_000, what: 'both shards to connect' });
    await new Promise((r) => setTimeout(r, 500));

    const players: Record<string, SimUser[]> = { [zero.id]: [standIn.user('ada'), standIn.user('bruno')], [one.id]: [standIn.user('chloe'), standIn.user('dieter')] };
    const games: { guild: string; thread: string; gameId: number; choices: number; ended?: boolean }[] = [];
    for (const guild of [zero, one]) {
      const users = players[guild.id]!;
      const general = standIn.channelByName('general', guild.id).id;
      const out = await users[0]!.slash(general, 'campfire', { subcommand: 'new', options: { game: 'mammut' } });
      expect(out.kind, lines.join('\n')).toBe('message');
      const lobby = out.message!;
      const gameId = gameIdOf(lobby);
      await users[1]!.click(lobby.id, `L|${gameId}|0|join`);
      await users[0]!.click(lobby.id, `L|${gameId}|0|start`);
      const thread = await standIn.waitFor(() => standIn.threadsOf(general)[0]?.id as string | undefined, { timeoutMs: 10_000, what: 'the game thread' });
      games.push({ guild: guild.id, thread, gameId, choices: 0 });
    }
    const w = { standIn } as unknown as World;

    // Shard 1's bot process dies after its game's 6th choice; the other game's progress meanwhile is counted.
    let zeroAtKill = -1;
    let zeroAtReturn = -1;
    let restarted = false;
    const [a, b] = games as [typeof games[0], typeof games[0]];
    await Promise.all([
      playToEnd(w, a.thread, players[a.guild]!, { maxChoices: 5000, onChoice: async (n) => { a.choices = n; } }).then((n) => { a.ended = true; return n; }),
      playToEnd(w, b.thread, players[b.guild]!, {
        maxChoices: 5000,
        onChoice: async (n) => {
          b.choices = n;
          if (n !== 6) return;
          const pid = botOf(hosts[1]!);
          expect(pid, 'the bot process of shard 1').not.toBeNull();
          // Let the decision's jobs start, then kill the process outright. Its launcher is held (SIGSTOP) until the
          // other game has gone on, so the outage lasts as long as the check needs, whatever the machine's load.
          await new Promise((r) => setTimeout(r, 200));
          process.kill(hosts[1]!.pid!, 'SIGSTOP');
          process.kill(pid!, 'SIGKILL');
          zeroAtKill = a.choices;
          await standIn.waitFor(() => !connected(1), { timeoutMs: 30_000, what: 'shard 1 to drop' });
          await standIn.waitFor(() => a.choices > zeroAtKill || !!a.ended, { timeoutMs: 90_000, what: 'the game on shard 0 to go on while shard 1 is down' });
          zeroAtReturn = connected(1) ? -1 : a.choices;
          process.kill(hosts[1]!.pid!, 'SIGCONT');
          await standIn.waitFor(() => connected(1) && botOf(hosts[1]!) !== pid, { timeoutMs: 120_000, what: 'shard 1 to come back' });
          restarted = true;
        },
      }),
    ]);
    expect(restarted).toBe(true);
    expect(zeroAtReturn, 'the game on shard 0 went on while shard 1 was down').toBeGreaterThan(zeroAtKill);

    // The database agrees with what the players were told: every choice once, states equal to their replays.
    const service = new GameService(store.repo);
    for (const g of games) {
      const row = (await store.repo.game(g.gameId))!;
      expect(row.status).toBe('finished');
      expect(row.guild_id).toBe(g.guild);
      expect(await store.repo.decisionCount(g.gameId)).toBe(g.choices);
      expect(row.state).toBe(JSON.stringify(await service.replayed(row)));
      expect(textOf(latestTable(w, g.thread))).toMatch(/Final result|Endergebnis/);
    }
    // Nothing is stranded: the tidying left behind the news (old tables' buttons, each channel 5 edits in 5 s) finishes.
    let left = (await store.repo.jobs.backlog()).count;
    for (const until = Date.now() + 90_000; left > 0 && Date.now() < until; left = (await store.repo.jobs.backlog()).count) await new Promise((r) => setTimeout(r, 250));
    expect(left, 'jobs left in the outbox').toBe(0);
    expect(lines.filter((l) => /refused body|error/i.test(l)), lines.join('\n')).toEqual([]);
    quietLog.lines.length = 0;
  });
});
