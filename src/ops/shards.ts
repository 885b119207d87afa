/**
 * Sharding: which shards this host runs, and the launcher that runs them, one child process each, through
 * discord.js's `ShardingManager`.
 *
 * The operator sets `SHARD_COUNT` (shards over all hosts) and optionally `SHARDS` (this host's: "0-3", "0,2,5",
 * "1"; default all). Unset, the bot runs as one process, as before. The launcher's children get discord.js's own
 * variables — `SHARDING_MANAGER=true`, `SHARDS=<one id>`, `SHARD_COUNT` — which the discord.js `Client` reads by
 * itself, so a child connects with exactly its shard as long as the bot passes no `shards`/`shardCount` option.
 * Because the child sees `SHARDS` and `SHARD_COUNT` too, `shardPlan` tells a child apart from a launcher by
 * `SHARDING_MANAGER`: a child must not launch shards of its own.
 */
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { ShardingManager, type Shard } from 'discord.js';
import type { Logger } from './log.js';
import { EXIT_CODES, StartError } from './startup.js';

/**
 * Node flags of a bot process (`npm start` passes the same):
 * - V8's young generation kept small (2 MB semi-spaces instead of up to 16), which keeps about 30 MB of the bot's
 *   memory under load for scavenges that stay cheap;
 * - the garbage collector in the thread that needs it (`--single-threaded-gc`): V8's four helper threads for
 *   parallel and concurrent collection took 60 % of a core under load on two cores, where the event loop and the two
 *   worker threads already want both (`npm run bench -- --load`, burst: 84 decisions a second without, 116 with).
 *   On a machine with many more cores than the bot's threads, an operator may drop it.
 */
export const BOT_NODE_FLAGS = ['--max-semi-space-size=2', '--single-threaded-gc'];

/**
 * A `SHARD_COUNT` / `SHARDS` setting that cannot be run; the message names the variable and what to write. A
 * `StartError` (exit code 5, `shard_settings`), so `main.ts` reports it like the other start problems.
 */
export class ShardConfigError extends StartError {
  constructor(message: string) {
    super('shard_settings', message);
  }
}

/** How this process runs: alone (no sharding), as the launcher of some shards, or as one launched shard. */
export type ShardPlan =
  | { mode: 'single' }
  | { mode: 'launcher'; totalShards: number; shardList: number[] }
  | { mode: 'child'; shard: number; totalShards: number };

const clean = (v: string | undefined) => (v !== undefined && v.trim() !== '' ? v.trim() : undefined);

function wholeNumber(text: string): number | null {
  return /^\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : null;
}

/**
 * Parses a shard list such as "0-3", "0,2,5", "1" or "0-1, 6" into sorted ids, each below `count`. Throws
 * `ShardConfigError` for anything else: an empty list, a malformed part, a backwards range, an id out of range or
 * named twice.
 */
export function parseShardList(text: string, count: number): number[] {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.every((p) => p === '')) throw new ShardConfigError('SHARDS is empty: name this host\'s shards, e.g. SHARDS=0-3 or SHARDS=0,2');
  const ids: number[] = [];
  for (const part of parts) {
    const range = /^(\d+)\s*-\s*(\d+)$/.exec(part);
    const from = range ? wholeNumber(range[1]) : wholeNumber(part);
    const to = range ? wholeNumber(range[2]) : from;
    if (from === null || to === null) {
      throw new ShardConfigError(`SHARDS="${text}": "${part}" is neither a shard id nor a range like 0-3`);
    }
    if (from > to) throw new ShardConfigError(`SHARDS="${text}": the range "${part}" runs backwards; write ${to}-${from}`);
    for (let id = from; id <= to; id++) {
      if (id >= count) {
        throw new ShardConfigError(`SHARDS="${text}": shard ${id} is out of range; SHARD_COUNT=${count} has shards 0 to ${count - 1}`);
      }
      if (ids.includes(id)) throw new ShardConfigError(`SHARDS="${text}": shard ${id} is named twice`);
      ids.push(id);
    }
  }
  return ids.sort((a, b) => a - b);
}

/** The shard this process was launched for by a `ShardingManager` (from discord.js's variables), or null. */
export function shardOfThisProcess(env: NodeJS.ProcessEnv = process.env): { id: number; count: number } | null {
  if (env.SHARDING_MANAGER !== 'true') return null;
  const id = wholeNumber(clean(env.SHARDS) ?? '');
  const count = wholeNumber(clean(env.SHARD_COUNT) ?? '');
  if (id === null || count === null || count < 1 || id >= count) return null;
  return { id, count };
}

/**
 * Reads `SHARD_COUNT` and `SHARDS` (and discord.js's `SHARDING_MANAGER` in a launched child). Call it once at
 * start, before `launchShards`: the launcher itself sets `SHARDING_MANAGER` in its own environment. Throws
 * `ShardConfigError` for a setting that cannot be run.
 */
export function shardPlan(env: NodeJS.ProcessEnv = process.env): ShardPlan {
  const child = shardOfThisProcess(env);
  if (child) return { mode: 'child', shard: child.id, totalShards: child.count };
  if (env.SHARDING_MANAGER === 'true') {
    throw new ShardConfigError(`SHARDING_MANAGER is set but SHARDS="${env.SHARDS ?? ''}" and SHARD_COUNT="${env.SHARD_COUNT ?? ''}" do not name one shard of the count; this process should be started by the shard launcher only`);
  }
  const countText = clean(env.SHARD_COUNT);
  const listText = clean(env.SHARDS);
  if (countText === undefined) {
    if (listText !== undefined) {
      throw new ShardConfigError(`SHARDS="${listText}" is set but SHARD_COUNT is not: set SHARD_COUNT to the number of shards over all hosts (or unset both to run one process)`);
    }
    return { mode: 'single' };
  }
  const count = wholeNumber(countText);
  if (count === null || count < 1) {
    throw new ShardConfigError(`SHARD_COUNT="${countText}" is not a number of shards: write a whole number from 1, e.g. SHARD_COUNT=4`);
  }
  const shardList = listText === undefined ? Array.from({ length: count }, (_, i) => i) : parseShardList(listText, count);
  return { mode: 'launcher', totalShards: count, shardList };
}

/**
 * Removes `SHARDS` and `SHARD_COUNT` when they are set but blank (as `SHARD_COUNT=` in a `.env`): `shardPlan` reads
 * them as unset, but discord.js's `Client` reads any `SHARDS` / `SHARD_COUNT` in the environment itself and refuses a
 * blank one ("Unexpected end of JSON input", "shardCount … greater than or equal to 1"). Call it before a Client is
 * made.
 */
export function forgetBlankShardSettings(env: NodeJS.ProcessEnv = process.env): void {
  for (const k of ['SHARDS', 'SHARD_COUNT']) if (k in env && clean(env[k]) === undefined) delete env[k];
}

/**
 * In a launched child: calls `onGone` when the launcher is gone (its IPC channel closed — it crashed or was killed
 * without stopping its shards), so the child shuts down rather than run on unsupervised beside the shards a new
 * launcher starts. discord.js does not do this by itself. Does nothing in a process that is not a launched child;
 * returns whether it watches.
 */
export function whenLauncherGone(onGone: () => void, env: NodeJS.ProcessEnv = process.env): boolean {
  if (!shardOfThisProcess(env) || !process.connected) return false;
  process.once('disconnect', onGone);
  return true;
}

export interface LaunchShardsOptions {
  token: string;
  totalShards: number;
  shardList: number[];
  log: Logger;
  /** The script each child runs (default `src/main.ts`, the bot). */
  file?: string;
  /** Node options of the children (default `['--import', 'tsx']`, as `npm start` runs TypeScript). */
  execArgv?: string[];
  /** Extra environment for one shard's child (e.g. its own METRICS_PORT). */
  childEnv?: (shard: number) => Record<string, string>;
  /** Wait between starting shards (default 5500 ms: Discord allows one IDENTIFY per 5 s at max_concurrency 1). */
  spawnDelayMs?: number;
  /** How long a child has to become ready before it is killed and started again (default 60 s). */
  readyTimeoutMs?: number;
  /** Wait before the first respawn of a shard that died (default 1 s); it doubles while the shard keeps dying. */
  respawnDelayMs?: number;
  /** Longest wait between respawns (default 60 s). */
  maxRespawnDelayMs?: number;
  /** How long a child must have lived for its next death to start the backoff afresh (default 60 s). */
  stableAfterMs?: number;
  /** How long `stop()` waits for the children to finish after SIGTERM before killing them (default 25 s). */
  stopTimeoutMs?: number;
  /**
   * Exit codes after which a shard is not started again, because starting again cannot help: by default the bot's
   * start errors an operator must fix (token rejected, database, commands differ; see `EXIT_CODES`), not 1, which
   * is also what any crash exits with. `failed` then resolves.
   */
  fatalExitCodes?: number[];
}

export interface RunningShards {
  readonly manager: ShardingManager;
  /** Resolves once every shard has been started once (ready, or failed and left to be started again). */
  readonly started: Promise<void>;
  /** How often each shard has been started (1 = never respawned). */
  readonly starts: ReadonlyMap<number, number>;
  /**
   * Resolves when a shard exited with one of `fatalExitCodes` (it is not started again): the launcher should then
   * stop the others and exit with that code, so that the operator sees the child's message and the code.
   */
  readonly failed: Promise<{ shard: number; exitCode: number }>;
  /**
   * Stops the shards for good (no respawns after): sends `signal` (default SIGTERM) to every child, which shuts down
   * as `npm start` does, waits up to `stopTimeoutMs`, then kills what is left. `signal: null` only waits: for when
   * the signal already reached the children (Ctrl-C in a terminal signals the whole process group, and the bot takes
   * a second signal as "stop now"). `finished`: every child exited with 0 by itself (exit the launcher with 0 then,
   * else 1, as `npm start` does after its shutdown).
   */
  stop(opts?: { signal?: NodeJS.Signals | null }): Promise<{ finished: boolean }>;
}

const MANAGER_ENV = ['SHARDING_MANAGER', 'SHARDING_MANAGER_MODE', 'DISCORD_TOKEN'] as const;

/**
 * Starts the shards `shardList` of `totalShards`, one child process each (discord.js `ShardingManager`, mode
 * `process`), one after the other, and keeps them running: a child that dies, or does not become ready in time, is
 * started again after a backoff. Returns at once, so that the caller can route SIGTERM to `stop()` while the shards
 * are still starting (one every `spawnDelayMs`); `started` resolves once each has been started once.
 */
export async function launchShards(opts: LaunchShardsOptions): Promise<RunningShards> {
  if (!Number.isInteger(opts.totalShards) || opts.totalShards < 1) throw new ShardConfigError(`totalShards must be a whole number from 1, not ${opts.totalShards}`);
  const bad = opts.shardList.find((id) => !Number.isInteger(id) || id < 0 || id >= opts.totalShards);
  if (bad !== undefined) throw new ShardConfigError(`shard ${bad} is not one of the ${opts.totalShards} shards (0 to ${opts.totalShards - 1})`);
  if (opts.shardList.length === 0 || new Set(opts.shardList).size !== opts.shardList.length) {
    throw new ShardConfigError(`shardList must name each shard once: ${JSON.stringify(opts.shardList)}`);
  }
  // From dist/ (npm start) the compiled main.js; from the sources (tests, tsx) main.ts with tsx's loader.
  const fromSource = import.meta.url.endsWith('.ts');
  const file = opts.file ?? fileURLToPath(new URL(fromSource ? '../main.ts' : '../main.js', import.meta.url));
  const readyTimeout = opts.readyTimeoutMs ?? 60_000;
  const baseDelay = opts.respawnDelayMs ?? 1000;
  const maxDelay = opts.maxRespawnDelayMs ?? 60_000;
  const stableAfter = opts.stableAfterMs ?? 60_000;
  // The ShardingManager writes its settings into this process's environment, for the children to inherit; they are
  // put back on stop().
  const savedEnv = Object.fromEntries(MANAGER_ENV.map((k) => [k, process.env[k]]));
  const manager = new ShardingManager(file, {
    totalShards: opts.totalShards,
    shardList: opts.shardList,
    mode: 'process',
    respawn: false,
    token: opts.token,
    execArgv: opts.execArgv ?? [...BOT_NODE_FLAGS, ...(fromSource ? ['--import', 'tsx'] : [])],
  });
  const fatal = opts.fatalExitCodes ?? [EXIT_CODES.token_rejected, EXIT_CODES.database, EXIT_CODES.commands_differ];
  let reportFailure: (f: { shard: number; exitCode: number }) => void = () => undefined;
  const failed = new Promise<{ shard: number; exitCode: number }>((resolve) => (reportFailure = resolve));
  const starts = new Map<number, number>();
  const timers = new Set<NodeJS.Timeout>();
  let stopping = false;

  const start = async (shard: Shard): Promise<void> => {
    starts.set(shard.id, (starts.get(shard.id) ?? 0) + 1);
    try {
      await shard.spawn(readyTimeout);
    } catch (err) {
      // A child that died before it was ready has been reported (and maybe scheduled again) by its death.
      if (stopping || !shard.process) return;
      // Still running but not ready in time: kill it; its death schedules the next start.
      opts.log.error('shard did not become ready; starting it again', { shard: shard.id, err: String((err as Error)?.message ?? err) });
      shard.kill();
    }
  };

  const watch = (shard: Shard): void => {
    let delay = baseDelay;
    let startedAt = Date.now();
    shard.on('spawn', (child: ChildProcess | Worker) => {
      startedAt = Date.now();
      opts.log.info('shard started', { shard: shard.id, pid: 'pid' in child ? child.pid : undefined });
    });
    shard.on('ready', () => opts.log.info('shard ready', { shard: shard.id }));
    shard.on('disconnect', () => opts.log.warn('shard disconnected', { shard: shard.id }));
    shard.on('reconnecting', () => opts.log.info('shard reconnecting', { shard: shard.id }));
    shard.on('error', (err: Error) => opts.log.error('shard error', { shard: shard.id, err: String(err?.message ?? err) }));
    shard.on('death', (child: ChildProcess | Worker) => {
      if (stopping) return;
      if (Date.now() - startedAt >= stableAfter) delay = baseDelay;
      const proc = child && 'pid' in child ? { pid: child.pid, exitCode: child.exitCode, signal: child.signalCode } : {};
      if (proc.exitCode !== undefined && proc.exitCode !== null && fatal.includes(proc.exitCode)) {
        opts.log.error('shard cannot start; not starting it again', { shard: shard.id, ...proc });
        reportFailure({ shard: shard.id, exitCode: proc.exitCode });
        return;
      }
      opts.log.warn('shard died; starting it again', { shard: shard.id, ...proc, inMs: delay });
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!stopping && !shard.process) void start(shard);
      }, delay);
      timers.add(timer);
      delay = Math.min(maxDelay, delay * 2);
    });
  };

  manager.on('shardCreate', (shard: Shard) => {
    const extra = opts.childEnv?.(shard.id);
    if (extra) Object.assign(shard.env as Record<string, unknown>, extra);
    watch(shard);
  });

  opts.log.info('launching shards', { shards: opts.shardList, totalShards: opts.totalShards });
  // The wait between two shards, cut short by stop().
  let wake: () => void = () => undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(t);
        resolve();
      };
    });
  const started = (async () => {
    for (const [i, id] of opts.shardList.entries()) {
      if (stopping) return;
      if (i > 0 && (opts.spawnDelayMs ?? 5500) > 0) await pause(opts.spawnDelayMs ?? 5500);
      if (stopping) return;
      await start(manager.createShard(id));
    }
  })();

  return {
    manager,
    started,
    starts,
    failed,
    stop: async ({ signal = 'SIGTERM' } = {}) => {
      stopping = true;
      wake();
      for (const t of timers) clearTimeout(t);
      timers.clear();
      const waits = [...manager.shards.values()].map((shard) => {
        const child = shard.process;
        if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child?.exitCode === 0);
        return new Promise<boolean>((resolve) => {
          const force = setTimeout(() => child.kill('SIGKILL'), opts.stopTimeoutMs ?? 25_000);
          child.once('exit', (code) => {
            clearTimeout(force);
            resolve(code === 0);
          });
          if (signal) child.kill(signal);
        });
      });
      const finished = (await Promise.all(waits)).every(Boolean);
      await started;
      for (const k of MANAGER_ENV) {
        if (savedEnv[k] === undefined) delete process.env[k];
        else process.env[k] = savedEnv[k];
      }
      return { finished };
    },
  };
}
