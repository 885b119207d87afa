/**
 * Sharding settings (SHARD_COUNT, SHARDS) and the shard launcher: two child processes through discord.js's
 * ShardingManager, each logged in to the stand-in with its own shard, and a child that dies started again.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Shard } from 'discord.js';
import { startStandIn, type RunningStandIn } from '../../src/standin/index.js';
import { StartError } from '../../src/ops/startup.js';
import { whenLauncherGone, forgetBlankShardSettings, launchShards, parseShardList, shardOfThisProcess, shardPlan, ShardConfigError, type RunningShards } from '../../src/ops/shards.js';

describe('GIVEN a SHARDS list and a SHARD_COUNT', () => {
  it.each([
    ['0-3', 4, [0, 1, 2, 3]],
    ['0,2,5', 6, [0, 2, 5]],
    ['1', 2, [1]],
    [' 4 , 0-1 ', 8, [0, 1, 4]],
    ['2-2', 3, [2]],
    ['0 - 1', 2, [0, 1]],
  ])('WHEN SHARDS="%s" of %i THEN the shards are %j', (text, count, ids) => {
    expect(parseShardList(text, count)).toEqual(ids);
  });

  it.each([
    ['0-4', 4, /shard 4 is out of range; SHARD_COUNT=4 has shards 0 to 3/],
    ['7', 2, /shard 7 is out of range/],
    ['3-1', 4, /"3-1" runs backwards; write 1-3/],
    ['0,1,1', 4, /shard 1 is named twice/],
    ['0-2,2', 4, /shard 2 is named twice/],
    ['a', 4, /"a" is neither a shard id nor a range/],
    ['-1', 4, /"-1" is neither/],
    ['1.5', 4, /"1.5" is neither/],
    ['0,,1', 4, /"" is neither/],
    [',', 4, /SHARDS is empty/],
  ])('WHEN SHARDS="%s" of %i THEN it is refused, saying why', (text, count, why) => {
    expect(() => parseShardList(text, count)).toThrow(ShardConfigError);
    expect(() => parseShardList(text, count)).toThrow(why);
  });
});

describe('GIVEN the environment of a process', () => {
  it('WHEN neither SHARD_COUNT nor SHARDS is set (or both are blank) THEN it runs alone, as before', () => {
    expect(shardPlan({})).toEqual({ mode: 'single' });
    expect(shardPlan({ SHARD_COUNT: ' ', SHARDS: '' })).toEqual({ mode: 'single' });
  });

  it('WHEN only SHARD_COUNT is set THEN it launches every shard', () => {
    expect(shardPlan({ SHARD_COUNT: '3' })).toEqual({ mode: 'launcher', totalShards: 3, shardList: [0, 1, 2] });
  });

  it('WHEN SHARD_COUNT and SHARDS are set THEN it launches the listed shards', () => {
    expect(shardPlan({ SHARD_COUNT: '8', SHARDS: '4-7' })).toEqual({ mode: 'launcher', totalShards: 8, shardList: [4, 5, 6, 7] });
  });

  it('WHEN SHARDS is set without SHARD_COUNT THEN it is refused, naming SHARD_COUNT, as a start error with exit code 5', () => {
    expect(() => shardPlan({ SHARDS: '0-3' })).toThrow(/SHARDS="0-3" is set but SHARD_COUNT is not/);
    try {
      shardPlan({ SHARDS: '0-3' });
    } catch (err) {
      expect(err).toBeInstanceOf(StartError);
      expect((err as StartError).exitCode).toBe(5);
    }
    expect.assertions(3);
  });

  it.each(['0', '-2', 'two', '2.5', 'auto'])('WHEN SHARD_COUNT="%s" THEN it is refused', (count) => {
    expect(() => shardPlan({ SHARD_COUNT: count })).toThrow(new RegExp(`SHARD_COUNT="${count}" is not a number of shards`));
  });

  it('WHEN SHARDS names a shard beyond SHARD_COUNT THEN it is refused', () => {
    expect(() => shardPlan({ SHARD_COUNT: '2', SHARDS: '0-2' })).toThrow(/shard 2 is out of range/);
  });

  it('WHEN discord.js\'s launcher started it (SHARDING_MANAGER, SHARDS=<one id>) THEN it is that shard\'s child and launches nothing', () => {
    const env = { SHARDING_MANAGER: 'true', SHARDS: '1', SHARD_COUNT: '2' };
    expect(shardPlan(env)).toEqual({ mode: 'child', shard: 1, totalShards: 2 });
    expect(shardOfThisProcess(env)).toEqual({ id: 1, count: 2 });
    expect(shardOfThisProcess({ SHARDS: '1', SHARD_COUNT: '2' })).toBeNull();
  });

  it('WHEN SHARDS or SHARD_COUNT is blank THEN forgetBlankShardSettings removes it, so discord.js\'s Client does not misread it', () => {
    const env: NodeJS.ProcessEnv = { SHARDS: '', SHARD_COUNT: '  ', OTHER: '' };
    forgetBlankShardSettings(env);
    expect(env).toEqual({ OTHER: '' });
    const set: NodeJS.ProcessEnv = { SHARDS: '1', SHARD_COUNT: '2' };
    forgetBlankShardSettings(set);
    expect(set).toEqual({ SHARDS: '1', SHARD_COUNT: '2' });
  });

  it('WHEN SHARDING_MANAGER is set but SHARDS is not one shard of the count THEN it is refused', () => {
    expect(() => shardPlan({ SHARDING_MANAGER: 'true', SHARDS: '0-3', SHARD_COUNT: '4' })).toThrow(/started by the shard launcher only/);
    expect(() => shardPlan({ SHARDING_MANAGER: 'true', SHARDS: '2', SHARD_COUNT: '2' })).toThrow(ShardConfigError);
  });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

interface Me {
  kind: 'me';
  pid: number;
  plan: unknown;
  shard: unknown;
  clientShards: unknown;
  clientShardCount: unknown;
  guilds: string[];
}

/** Asks a launched child what it runs (see test/ops/fixtures/shard-child.ts). */
function ask(shard: Shard): Promise<Me> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`shard ${shard.id} did not answer`)), 10_000);
    const listener = (m: unknown) => {
      if ((m as Me)?.kind !== 'me') return;
      clearTimeout(timer);
      shard.off('message', listener);
      resolve(m as Me);
    };
    shard.on('message', listener);
    void shard.send({ kind: 'who' }).catch(reject);
  });
}

describe('GIVEN the launcher', () => {
  const log = { info() {}, warn() {}, error() {} };
  it.each([
    [{ totalShards: 2, shardList: [2] }, /shard 2 is not one of the 2 shards/],
    [{ totalShards: 0, shardList: [0] }, /totalShards must be a whole number from 1/],
    [{ totalShards: 2, shardList: [] }, /must name each shard once/],
    [{ totalShards: 2, shardList: [1, 1] }, /must name each shard once/],
  ])('WHEN it is asked for %j THEN it refuses before starting anything', async (plan, why) => {
    await expect(launchShards({ token: 'x', log, ...plan })).rejects.toThrow(why);
    expect(process.env.SHARDING_MANAGER).toBeUndefined();
  });
});

describe('GIVEN the launcher and the stand-in', () => {
  let s: RunningStandIn | undefined;
  let running: RunningShards | undefined;
  const logged: string[] = [];

  afterAll(async () => {
    await running?.stop();
    await s?.close();
  });

  it('WHEN it launches shards 0 and 1 of 2 THEN two child processes log in, each with its shard and its guilds; one that dies is started again', async () => {
    s = await startStandIn();
    const zero = s.addGuild({ name: 'Zero', shard: [0, 2] });
    const one = s.addGuild({ name: 'One', shard: [1, 2] });
    const tokenBefore = process.env.DISCORD_TOKEN;
    const log = { info: (m: string) => logged.push(m), warn: (m: string) => logged.push(m), error: (m: string) => logged.push(m) };
    const standIn = s;
    running = await launchShards({
      token: standIn.token,
      totalShards: 2,
      shardList: [0, 1],
      log,
      file: path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/shard-child.ts'),
      childEnv: () => ({ DISCORD_API_BASE: standIn.apiBase }),
      spawnDelayMs: 0,
      respawnDelayMs: 100,
    });
    await running.started;
    const shards = running.manager.shards;
    expect([...shards.keys()].sort()).toEqual([0, 1]);
    expect([...shards.values()].every((x) => x.ready)).toBe(true);
    expect(s.connectedShards().sort()).toEqual([[0, 2], [1, 2]]);

    const [me0, me1] = await Promise.all([ask(shards.get(0)!), ask(shards.get(1)!)]);
    expect(me0.pid).not.toBe(me1.pid);
    expect(me0.pid).not.toBe(process.pid);
    expect(me0).toMatchObject({ plan: { mode: 'child', shard: 0, totalShards: 2 }, shard: { id: 0, count: 2 }, clientShards: [0], clientShardCount: 2 });
    expect(me1).toMatchObject({ plan: { mode: 'child', shard: 1, totalShards: 2 }, shard: { id: 1, count: 2 }, clientShards: [1], clientShardCount: 2 });
    expect(me0.guilds).toContain(zero.id);
    expect(me0.guilds).not.toContain(one.id);
    expect(me1.guilds).toContain(one.id);
    expect(me1.guilds.every((g) => s!.shardOf(g, 2) === 1)).toBe(true);

    // Shard 1's process dies: the launcher starts it again; it identifies anew as shard 1; shard 0 is untouched.
    const identifies = s.gateway.stats.identifies;
    process.kill(me1.pid, 'SIGKILL');
    await s.waitFor(() => running!.starts.get(1) === 2 && shards.get(1)!.ready, { what: 'shard 1 started again and ready', timeoutMs: 30_000 });
    const again = await ask(shards.get(1)!);
    expect(again.pid).not.toBe(me1.pid);
    expect(again.clientShards).toEqual([1]);
    expect(s.gateway.stats.identifies).toBe(identifies + 1);
    expect(running.starts.get(0)).toBe(1);
    expect((await ask(shards.get(0)!)).pid).toBe(me0.pid);
    expect(logged).toContain('shard died; starting it again');

    // Stopping ends both children (SIGTERM; they exit with 0) and puts the environment back.
    expect(await running.stop()).toEqual({ finished: true });
    expect([me0.pid, again.pid].filter(alive)).toEqual([]);
    await s.waitFor(() => s!.connectedShards().length === 0, { what: 'both shards disconnected' });
    expect(process.env.DISCORD_TOKEN).toBe(tokenBefore);
    expect(process.env.SHARDING_MANAGER).toBeUndefined();
  }, 90_000);

  it('WHEN the launcher process is killed outright THEN its child notices and stops, rather than run on unsupervised', async () => {
    const standIn = s ?? (s = await startStandIn());
    const launcher = spawn(process.execPath, ['--import', 'tsx', path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/shard-launcher.ts')], {
      env: { ...process.env, STANDIN_TOKEN: standIn.token, STANDIN_API: standIn.apiBase },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const childPid = await new Promise<number>((resolve, reject) => {
      launcher.stdout.on('data', (b) => {
        const m = /"childPid":(\d+)/.exec(String(b));
        if (m) resolve(Number(m[1]));
      });
      launcher.on('exit', (code) => reject(new Error(`launcher exited with ${code}`)));
    });
    await standIn.waitFor(() => standIn.connectedShards().some(([id]) => id === 0), { what: 'shard 0 connected' });
    launcher.kill('SIGKILL');
    await standIn.waitFor(() => !alive(childPid), { what: 'the orphaned child to stop', timeoutMs: 20_000 });
    await standIn.waitFor(() => standIn.connectedShards().length === 0, { what: 'shard 0 disconnected' });
  }, 60_000);

  it('WHEN this process was not launched as a shard THEN whenLauncherGone watches nothing', () => {
    expect(whenLauncherGone(() => undefined, {})).toBe(false);
  });

  it('WHEN it is stopped while the shards are still starting THEN the one starting ends and the next is never started', async () => {
    const standIn = s ?? (s = await startStandIn());
    running = await launchShards({
      token: standIn.token,
      totalShards: 2,
      shardList: [0, 1],
      log: { info() {}, warn() {}, error() {} },
      file: path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/shard-child.ts'),
      childEnv: () => ({ DISCORD_API_BASE: standIn.apiBase }),
      spawnDelayMs: 60_000,
    });
    const first = running.manager.shards.get(0)!.process!;
    expect(first.pid).toBeGreaterThan(0);
    await running.stop();
    await running.started;
    expect(first.exitCode ?? first.signalCode).not.toBeNull();
    expect([...running.manager.shards.keys()]).toEqual([0]);
    expect(running.starts.get(1)).toBeUndefined();
  }, 60_000);

  it('WHEN a child exits with a start error the operator must fix THEN it is not started again and `failed` says which and why', async () => {
    const standIn = s ?? (s = await startStandIn());
    running = await launchShards({
      token: standIn.token,
      totalShards: 2,
      shardList: [0, 1],
      log: { info() {}, warn() {}, error: (m: string) => logged.push(m) },
      file: path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/shard-child.ts'),
      childEnv: (shard): Record<string, string> => ({ DISCORD_API_BASE: standIn.apiBase, ...(shard === 1 ? { SHARD_CHILD_EXIT: '4' } : {}) }),
      spawnDelayMs: 0,
      respawnDelayMs: 50,
    });
    await running.started;
    expect(await running.failed).toEqual({ shard: 1, exitCode: 4 });
    expect(logged).toContain('shard cannot start; not starting it again');
    // Ten respawn delays later it has still been started once only; shard 0 runs on.
    await new Promise((r) => setTimeout(r, 500));
    expect(running.starts.get(1)).toBe(1);
    expect(running.manager.shards.get(1)!.process).toBeNull();
    expect(running.manager.shards.get(0)!.ready).toBe(true);
    // Shard 1 did not finish by itself: the launcher should not exit with 0.
    expect(await running.stop()).toEqual({ finished: false });
  }, 60_000);
});
