/**
 * `npm run bench -- --load [--profile burst|steady|both] [--games 100] [--users 3] [--seconds 60] [--kill-at 30]
 *  [--store sqlite|postgres] [--processes 1|2] [--kill-shard 0|1] [--from dist|source] [--no-limits] [--age-minutes 61] [--json]`
 *
 * Drives the real bot (`src/main.ts`) through the Discord stand-in with Discord-like rate limits: `games` Mammut
 * games of `users` simulated people each. Every person answers when their turn comes — from whichever reaches them
 * first, the table's ping in the game's thread (My turn opens their panel) or the panel the bot DMs them — at
 * once (burst: what our CPU can do) or 5–15 s later (steady: about what people do) — and follows a compound turn
 * through to its end; a click left unanswered is tried again on the panel as it then is. In the steady profile a bot process is killed (SIGKILL) at `kill-at` seconds and started again.
 *
 * `--from dist` (default) runs the bot as `npm start` does, compiled (`npm run build` first); `--from source` runs
 * `src/main.ts` through tsx, as `npm start` did before it compiled (to compare the two in one sitting).
 * The stand-in refuses every edit of a message older than an hour (its strict default, 429 / 30046); with
 * `--age-minutes N` its clock jumps N minutes forward once every game has its first table, so that everything posted
 * until then (lobby cards, first tables, DMs, interaction tokens) is that much older when the clicking begins.
 *
 * Store and processes:
 *  - `--store sqlite` (default): its own SQLite file in a temporary directory. `--store postgres`: its own schema in
 *    the PostgreSQL at `LOAD_DATABASE_URL` (default `postgres://postgres@127.0.0.1:5432/test`), dropped afterwards.
 *  - `--processes 1` (default): one bot process (`src/main.ts` without SHARD_COUNT); the kill kills it and the bench
 *    starts it again. `--processes 2` (PostgreSQL only: a SQLite file belongs to one process): SHARD_COUNT=2 and one
 *    bot process tree per shard, as two hosts would run it — `src/main.ts` with SHARDS=0 and with SHARDS=1, each a
 *    launcher with its own child (discord.js's ShardingManager). The games are spread over two guilds, one per
 *    shard. The kill kills one shard's bot process (the launcher's child, `--kill-shard`, default 0) and its launcher
 *    starts it again. Default shard 0 because Discord delivers every DM interaction to shard 0, and the panels people
 *    click are DMs: killing shard 1 would only hold up the lobbies and table buttons of its guild.
 *
 * Prints, per profile (also as JSON): store and processes; decisions a second; click → reply p50/p99; decision → its
 * table (or a newer one) posted p50/p99; interactions unanswered within 3 s (and how many of them were sent while the
 * killed process was down, or were waiting for their answer when it was killed); decisions lost and doubled (the database against what people were told); REST requests a
 * second and 429s; the bot processes' peak RSS (with 2 processes: the sum of the two shard processes' peaks, each
 * given too, launchers apart); kill → first answer from the killed shard (or the one process).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { deployCommands } from '../src/bot/deploy.js';
import { parseId } from '../src/bot/ids.js';
import { botEnvironment } from '../src/sandbox/server.js';
import { DISCORD_LIKE_BUCKETS, startStandIn, type RunningStandIn, type SimUser } from '../src/standin/index.js';
import { BOT_NODE_FLAGS } from '../src/ops/shards.js';
import { openStore } from '../src/store/open.js';
import { stats } from './args.js';

type Obj = Record<string, any>;
const root = fileURLToPath(new URL('../', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type StoreKind = 'sqlite' | 'postgres';

export interface LoadOptions {
  profile: 'burst' | 'steady'; games: number; users: number; seconds: number; killAt: number | null; limits: boolean;
  store: StoreKind; processes: 1 | 2; killShard: 0 | 1; log: (...a: unknown[]) => void;
  /** The compiled bot (dist/, as `npm start`), or the sources through tsx. Default dist. */
  from?: 'dist' | 'source';
  /** Minutes the stand-in's clock jumps before the clicking starts (default 0). */
  ageMinutes?: number;
}

/** Refuses what cannot be run; returns the reason, or null. */
export function refuseLoad(o: Pick<LoadOptions, 'store' | 'processes'>): string | null {
  if (o.processes === 2 && o.store !== 'postgres') {
    return 'two processes need --store postgres: a SQLite file belongs to one process (the store takes it with a pid file), so two shards cannot share the games';
  }
  return null;
}

interface Decision { gameId: number; version: number; at: number }

/** Discord's bot-wide limit: requests a second, interaction callbacks and their webhooks apart. */
const GLOBAL_PER_SECOND = 50;
const round = (x: number) => Math.round(x * 10) / 10;
const pct = (xs: number[]) => { const s = stats(xs.length ? xs : [0]); return { p50: round(s.p50), p99: round(s.p99), max: round(s.max), n: xs.length }; };

function components(m: Obj | null): Obj[] {
  return (m?.components ?? []).flatMap((r: Obj) => r.components ?? []);
}

/** Whether a message mentions `userId`: in its content, or (the table post in Components V2) in a text display. */
function pings(m: Obj, userId: string): boolean {
  const texts: string[] = [String(m.content ?? '')];
  const walk = (list: Obj[] | undefined) => { for (const c of list ?? []) { if (c.type === 10) texts.push(String(c.content)); walk(c.components); } };
  walk(m.components);
  return texts.some((t) => t.includes(`<@${userId}>`));
}

/** CPU time a process has used so far, user and system, all its threads (workers too), in ms (from /proc). */
const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;
function cpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // after ')': state(0) ppid … utime is field 14 of the whole line, i.e. index 11 here; stime 12.
    return ((Number(f[11]) + Number(f[12])) * 1000) / TICKS_PER_SECOND;
  } catch { return null; /* gone */ }
}

/** The CPU the bot processes used, summed over every process that ran (the last reading of each). */
class CpuMeter {
  private readonly last = new Map<number, number>();
  sample(pids: (number | null | undefined)[]): void {
    for (const pid of pids) { const ms = cpuMs(pid ?? undefined); if (pid && ms !== null) this.last.set(pid, ms); }
  }
  total(): number { return [...this.last.values()].reduce((a, b) => a + b, 0); }
}

function peakRssKb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch { return 0; /* gone */ }
}

/** The live child processes of `pid` (from /proc: Linux only, as the RSS figures are). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      // pid (comm) state ppid …; comm may hold spaces, so read after the last ')'.
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(rest[1]) === pid && rest[0] !== 'Z') out.push(Number(d));
    } catch { /* gone */ }
  }
  return out;
}

/** What the bench needs of the bot, however many processes it runs as. */
interface Bots {
  /** Starts every process and waits until all shards are connected. */
  start(): Promise<void>;
  /** SIGKILLs the one process (or the child of shard `shard`'s launcher) and waits until it is back on the gateway. */
  killAndRestart(shard: number, whenGone: () => void): Promise<void>;
  sampleRss(): void;
  rss(): Obj;
  /** CPU time the bot processes used so far, in ms (sampled with the RSS, and now). */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** Keeps the last lines a process wrote to stderr, to show when it did not come up. */
function tail(child: ChildProcess, lines: string[]): void {
  // LOAD_BOT_LOG=<file>: the bot processes' output goes there too (for finding out why a run went wrong).
  const file = process.env.LOAD_BOT_LOG;
  child.stdout?.on('data', (b: Buffer) => { if (file) appendFileSync(file, b); });
  child.stderr?.on('data', (b: Buffer) => { if (file) appendFileSync(file, b); });
  child.stderr?.on('data', (b: Buffer) => { lines.push(...b.toString().split('\n').filter(Boolean)); if (lines.length > 40) lines.splice(0, lines.length - 40); });
}

/**
 * Node's own flags for the bot processes, from `LOAD_BOT_NODE_ARGS` (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to
 * profile the bot under load; Node refuses those in NODE_OPTIONS).
 */
const botNodeArgs = (): string[] => [...BOT_NODE_FLAGS, ...(process.env.LOAD_BOT_NODE_ARGS ?? '').split(/\s+/).filter(Boolean)];

/** What follows Node's flags to start a bot process: the compiled `dist/main.js` (built now), or `src/main.ts` via tsx. */
let botEntry: string[] = [];
function prepareBotEntry(from: 'dist' | 'source'): void {
  if (from === 'source') { botEntry = ['--import', 'tsx', path.join(root, 'src/main.ts')]; return; }
  const built = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', path.join(root, 'tsconfig.build.json')], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
  botEntry = [path.join(root, 'dist/main.js')];
}

/** One bot process, killed and started again by the bench. */
class OneProcess implements Bots {
  child: ChildProcess | null = null;
  peakKb = 0;
  readonly stderr: string[] = [];
  constructor(private readonly standIn: RunningStandIn, private readonly env: Record<string, string>) {}
  async start(): Promise<void> {
    const before = this.standIn.gateway.stats.identifies;
    this.child = spawn(process.execPath, [...botNodeArgs(), ...botEntry], { cwd: root, env: { ...process.env, ...this.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    tail(this.child, this.stderr);
    await this.standIn.waitFor(() => this.standIn.gateway.stats.identifies > before, { timeoutMs: 180_000, what: `the bot to identify (its stderr: ${this.stderr.join('\n')})` });
  }
  readonly cpu = new CpuMeter();
  sampleRss(): void { this.peakKb = Math.max(this.peakKb, peakRssKb(this.child?.pid)); this.cpu.sample([this.child?.pid]); }
  cpuMs(): number { this.sampleRss(); return this.cpu.total(); }
  async kill(): Promise<void> { await this.end('SIGKILL'); }
  async killAndRestart(_shard: number, whenGone: () => void): Promise<void> {
    await this.kill();
    whenGone();
    await this.start();
  }
  rss(): Obj { return { botPeakRssMb: round(this.peakKb / 1024), rssOf: 'the bot process' }; }
  /** SIGTERM, as an operator stops the bot (it finishes what it is doing); what is left after 20 s is killed. */
  async stop(): Promise<void> { await this.end('SIGTERM'); }
  private async end(signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
    const c = this.child;
    if (!c) return;
    this.sampleRss();
    const exited = new Promise((r) => c.once('exit', r));
    c.kill(signal);
    const timer = setTimeout(() => c.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
    this.child = null;
  }
}

/**
 * Two shards as two hosts run them: `src/main.ts` with SHARD_COUNT=2 and SHARDS=0, and again with SHARDS=1; each is
 * a launcher whose child (discord.js's ShardingManager) is the bot process of that shard and is started again by
 * the launcher when it dies.
 */
class TwoShards implements Bots {
  launchers: ChildProcess[] = [];
  /** Peak RSS of each shard's bot process, the highest over its lives. */
  readonly peakKb = [0, 0];
  readonly launcherPeakKb = [0, 0];
  readonly stderr: string[][] = [[], []];
  constructor(private readonly standIn: RunningStandIn, private readonly env: Record<string, string>) {}
  private connected(shard: number): boolean {
    return this.standIn.connectedShards().some(([id, count]) => id === shard && count === 2);
  }
  /** The bot process of `shard`: its launcher's live child. */
  childPid(shard: number): number | null {
    const l = this.launchers[shard];
    return l?.pid ? (childrenOf(l.pid)[0] ?? null) : null;
  }
  async start(): Promise<void> {
    for (const shard of [0, 1]) {
      const l = spawn(process.execPath, [...botNodeArgs(), ...botEntry], {
        cwd: root, env: { ...process.env, ...this.env, SHARD_COUNT: '2', SHARDS: String(shard) }, stdio: ['ignore', 'pipe', 'pipe'],
      });
      tail(l, this.stderr[shard]!);
      this.launchers[shard] = l;
    }
    await this.standIn.waitFor(() => this.connected(0) && this.connected(1), {
      timeoutMs: 120_000, what: `both shards to connect (stderr: ${this.stderr.map((x) => x.join('\n')).join('\n---\n')})`,
    });
  }
  readonly cpu = new CpuMeter();
  cpuMs(): number { this.sampleRss(); return this.cpu.total(); }
  sampleRss(): void {
    this.cpu.sample([this.childPid(0), this.childPid(1)]);
    for (const shard of [0, 1]) {
      this.peakKb[shard] = Math.max(this.peakKb[shard]!, peakRssKb(this.childPid(shard) ?? undefined));
      this.launcherPeakKb[shard] = Math.max(this.launcherPeakKb[shard]!, peakRssKb(this.launchers[shard]?.pid));
    }
  }
  async killAndRestart(shard: number, whenGone: () => void): Promise<void> {
    const pid = this.childPid(shard);
    if (!pid) throw new Error(`shard ${shard} has no bot process to kill`);
    this.sampleRss();
    const before = this.standIn.gateway.stats.identifies;
    process.kill(pid, 'SIGKILL');
    // Gone once the launcher has reaped it (no /proc entry) or it shows as a zombie.
    const gone = () => !existsSync(`/proc/${pid}`) || /\) Z /.test((() => { try { return readFileSync(`/proc/${pid}/stat`, 'utf8'); } catch { return ') Z '; } })());
    await this.standIn.waitFor(gone, { timeoutMs: 10_000, what: `shard ${shard}'s process ${pid} to die` });
    whenGone();
    // The launcher starts it again (after its 1 s backoff); back when it has identified for that shard again.
    await this.standIn.waitFor(() => this.standIn.gateway.stats.identifies > before && this.connected(shard) && this.childPid(shard) !== pid, {
      timeoutMs: 120_000, what: `shard ${shard} to be started again by its launcher (identifies ${this.standIn.gateway.stats.identifies - before}, connected ${JSON.stringify(this.standIn.connectedShards())}, process ${this.childPid(shard)} was ${pid}; stderr: ${this.stderr[shard]!.join('\n')})`,
    });
  }
  rss(): Obj {
    return {
      botPeakRssMb: round((this.peakKb[0]! + this.peakKb[1]!) / 1024),
      rssOf: 'sum of the two shard bot processes\' peaks (launchers apart)',
      shardPeakRssMb: this.peakKb.map((k) => round(k / 1024)),
      launcherPeakRssMb: this.launcherPeakKb.map((k) => round(k / 1024)),
    };
  }
  async stop(): Promise<void> {
    // SIGTERM: each launcher stops its child as `npm start` does; what is left after 30 s is killed.
    const pids = [0, 1].map((s) => this.childPid(s));
    await Promise.all(this.launchers.map((l) => {
      if (l.exitCode !== null || l.signalCode !== null) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const force = setTimeout(() => { l.kill('SIGKILL'); }, 30_000);
        l.once('exit', () => { clearTimeout(force); resolve(); });
        l.kill('SIGTERM');
      });
    }));
    for (const pid of pids) if (pid && existsSync(`/proc/${pid}`)) { try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ } }
  }
}

/** What the bench reads back from the database the bot wrote, either store. */
interface Reader {
  all<T>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

const PG_URL = process.env.LOAD_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

function pgUrlWithSchema(schema: string): string {
  const u = new URL(PG_URL);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

export async function runLoad(o: LoadOptions): Promise<Obj> {
  prepareBotEntry(o.from ?? 'dist');
  const refused = refuseLoad(o);
  if (refused) throw new Error(refused);
  const standIn = await startStandIn({ log: () => {}, users: [], ...(o.limits ? { rateLimits: DISCORD_LIKE_BUCKETS } : {}) });
  // One process: the games in the stand-in's first guild, as before. Two: one guild on each shard, half the games in
  // each; the commands registered for the whole application, which both guilds see.
  const guilds = o.processes === 2 ? [0, 1].map((shard) => standIn.addGuild({ name: `Shard ${shard}`, shard: [shard, 2] }).id) : [standIn.guild.id];
  if (o.processes === 2) await deployCommands({ token: standIn.token, apiBase: standIn.apiBase });
  else await deployCommands({ token: standIn.token, apiBase: standIn.apiBase, guildId: standIn.guild.id });
  const dir = mkdtempSync(path.join(tmpdir(), 'campfire-load-'));
  const databasePath = path.join(dir, 'campfire.db');
  const schema = o.store === 'postgres' ? `load_${randomBytes(5).toString('hex')}` : null;
  if (schema) await (await openStore({ url: PG_URL, schema })).close(); // creates and migrates it, once, before any bot
  const env: Record<string, string> = {
    ...botEnvironment(standIn, { databasePath }), CAMPFIRE_TEST_SEED: 'load', AI_BUDGET_MS: '50',
    ...(schema ? { DATABASE_URL: pgUrlWithSchema(schema) } : {}),
  };
  if (o.processes === 2) delete env.DISCORD_GUILD_ID;
  const bot: Bots = o.processes === 2 ? new TwoShards(standIn, env) : new OneProcess(standIn, env);
  let db: Reader | null = null;
  /** The shard an interaction reached: its guild's, and 0 for a DM (Discord's rule). */
  const shardOfInteraction = (interactionId: string | undefined): number => {
    if (o.processes === 1 || !interactionId) return 0;
    const g = standIn.interaction(interactionId)?.guildId;
    return g ? standIn.shardOf(g, 2) : 0;
  };
  try {
    await bot.start();
    // ---- set-up: games × users people, each game in its own thread, started
    o.log(`load/${o.profile}: setting up ${o.games} games × ${o.users} people…`);
    const people: SimUser[][] = [];
    const lobbies: string[] = [];
    const gameIds: number[] = [];
    // A set-up step the bot left unanswered (it is still warming up, or the machine is busy) is tried again, up to
    // four times; how often is reported (setupRetries).
    let setupRetries = 0;
    const tryHard = async <T extends { kind: string }>(what: string, step: () => Promise<T>, ok: (r: T) => boolean): Promise<T> => {
      for (let attempt = 1; ; attempt++) {
        const r = await step();
        if (ok(r)) return r;
        if (attempt >= 4) throw new Error(`set-up: ${what} was not answered (${attempt} tries)`);
        setupRetries++;
        await sleep(2000);
      }
    };
    const setupOne = async (g: number) => {
      const us = Array.from({ length: o.users }, (_, i) => standIn.addUser({ username: `p${g}x${i}`, globalName: `Player ${g}.${i}`, locale: 'en-US' }));
      const general = standIn.channelByName('general', guilds[g % guilds.length]).id;
      const lobby = await tryHard(`game ${g}'s /campfire new`, () => us[0]!.slash(general, 'campfire', { subcommand: 'new', options: { game: 'mammut' } }, { waitMs: 20_000 }),
        (r) => !!r.message && components(r.message).some((c) => String(c.custom_id).endsWith('|join')));
      const lobbyId = lobby.message!.id as string;
      const join = components(lobby.message).find((c) => String(c.custom_id).endsWith('|join'))!.custom_id as string;
      for (const u of us.slice(1)) await tryHard(`game ${g}'s join`, () => u.click(lobbyId, join, { waitMs: 20_000 }), (r) => r.kind !== 'none');
      const start = join.replace(/\|join$/, '|start');
      await tryHard(`game ${g}'s start`, () => us[0]!.click(lobbyId, start, { waitMs: 20_000 }), (r) => r.kind !== 'none');
      people[g] = us;
      lobbies[g] = lobbyId;
      gameIds[g] = parseId(join)!.gameId;
    };
    for (let g = 0; g < o.games; g += 10) await Promise.all(Array.from({ length: Math.min(10, o.games - g) }, (_, i) => setupOne(g + i)));
    // Every game has its thread and its first table before the clock starts (Discord makes threads one after
    // another per channel, 300 ms each here: a hundred lobbies in one channel take half a minute).
    await standIn.waitFor(() => lobbies.every((l) => {
      const thread = standIn.messages.get(l)?.threadId;
      return !!thread && standIn.storedMessagesIn(thread).some((m) => m.attachments.some((a) => a.filename === 'table.png'));
    }), { timeoutMs: 180_000, what: 'every game\'s thread and first table' });
    await sleep(2000);
    if (o.ageMinutes) standIn.clock.advance(o.ageMinutes * 60_000);

    // ---- the clicking
    const decisions: Decision[] = [];
    const latencies: number[] = [];
    let unanswered = 0, unansweredWhileDown = 0, interactions = 0;
    /** Seconds into the run at which each unanswered interaction was given up on. */
    const unansweredAt: number[] = [];
    let down = false, killedAt = 0, restartAt = 0, killedShard = -1, firstAnswerAfterRestart: number | null = null;
    const t0 = Date.now();
    const cpu0 = bot.cpuMs();
    const end = t0 + o.seconds * 1000;
    const seen = new Set<string>();
    const dmChannel = new Map<string, string>();
    // People look often (every 40 ms in the burst); what they see is copied out of the stand-in only when it changed
    // since their last look, so the bench's own CPU goes to the people's clicks, not to re-reading the same posts.
    const looked = new Map<string, { key: string; seen: unknown }>();
    const unchanged = <T>(who: string, key: string, look: () => T): T => {
      const before = looked.get(who);
      if (before?.key === key) return before.seen as T;
      const seen = look();
      looked.set(who, { key, seen });
      return seen;
    };
    const dmLookedAt = new Map<string, number>();
    /** The newest message of the person's DM with the bot (their panel), if any. */
    const newestPanel = (u: SimUser): Obj | null => {
      let id = dmChannel.get(u.id);
      if (!id) {
        // No DM yet: look for one at most once a second.
        if (Date.now() - (dmLookedAt.get(u.id) ?? 0) < 1000) return null;
        dmLookedAt.set(u.id, Date.now());
        const dm = standIn.dmsOf(u.id);
        if (!dm.length) return null;
        id = dm[0]!.channel_id as string;
        dmChannel.set(u.id, id);
      }
      const ids = standIn.channelMessages.get(id) ?? [];
      const last = standIn.messages.get(ids[ids.length - 1] ?? '');
      return unchanged(`dm:${u.id}`, `${ids.length}:${last?.id}:${last?.editedAt}:${last?.deleted}`, () => {
        const list = standIn.storedMessagesIn(id, { as: u.id });
        const newest = list[list.length - 1];
        return newest ? standIn.message(newest.id) : null;
      });
    };
    /** The game's newest table, when it pings `u` and offers My turn (the thread is the game's lobby's thread). */
    const tableFor = (g: number, u: SimUser): { id: string; turn: string } | null => {
      const thread = standIn.messages.get(lobbies[g]!)?.threadId;
      if (!thread) return null;
      const ids = standIn.channelMessages.get(thread) ?? [];
      const last = standIn.messages.get(ids[ids.length - 1] ?? '');
      const found = unchanged(`table:${g}:${u.id}`, `${ids.length}:${last?.editedAt}`, () => {
        const list = standIn.storedMessagesIn(thread, { as: u.id });
        for (let i = list.length - 1; i >= 0; i--) {
          const m = list[i]!;
          if (!m.attachments.some((a) => a.filename === 'table.png')) continue;
          const turn = components(m).find((c) => /\|turn$/.test(String(c.custom_id)));
          return { table: m, turn: turn && pings(m, u.id) ? { id: m.id, turn: turn.custom_id as string } : null, editedAt: m.editedAt };
        }
        return null;
      });
      // The table itself may have lost its buttons since (it is not the newest message then).
      if (found && found.table.editedAt !== found.editedAt) looked.delete(`table:${g}:${u.id}`);
      return found && found.table.editedAt === found.editedAt ? found.turn : found ? tableFor(g, u) : null;
    };
    /**
     * Sends one interaction and books its answer: counted, its callback latency, unanswered (and whether it was sent
     * while the bot was down), the first answer after a restart. Null when it went unanswered.
     */
    const interact = async (send: () => Promise<Obj>): Promise<Obj | null> => {
      interactions++;
      const sentWhileDown = down, sentAt = Date.now();
      const outcome = await send().catch(() => null);
      if (!outcome || outcome.kind === 'none') {
        unanswered++;
        unansweredAt.push(Math.round((Date.now() - t0) / 1000));
        // Sent while the process was down, or on its way when it was killed (SIGKILL loses what it was answering).
        if (sentWhileDown || down || (killedAt >= sentAt && killedAt <= sentAt + 3000)) unansweredWhileDown++;
        return null;
      }
      if (outcome.callbackLatencyMs !== null && outcome.callbackLatencyMs !== undefined) latencies.push(outcome.callbackLatencyMs);
      if (restartAt && firstAnswerAfterRestart === null && Date.now() > restartAt && shardOfInteraction(outcome.interactionId) === killedShard) firstAnswerAfterRestart = Date.now() - restartAt;
      return outcome;
    };
    /** My turn on a table that pings `u`: returns the private panel it opens (with choices), if any. */
    const openFromTable = async (u: SimUser, t: { id: string; turn: string }): Promise<Obj | null | 'unanswered'> => {
      const outcome = await interact(() => u.click(t.id, t.turn, { waitMs: 3500 }));
      if (!outcome) return 'unanswered';
      return outcome.message && components(outcome.message).some((x) => /^(C|M)\|/.test(String(x.custom_id))) ? outcome.message : null;
    };
    /** One choice on a panel message; returns the next panel of the same turn, if any. */
    const act = async (u: SimUser, m: Obj): Promise<Obj | null | 'unanswered'> => {
      const comps = components(m).filter((c) => !c.disabled && /^(C|M)\|/.test(String(c.custom_id)) && !/back|zurück/i.test(String(c.label ?? '')));
      if (!comps.length) return null;
      const c = comps.find((x) => x.type === 3) ?? comps[Math.floor(Math.random() * comps.length)]!;
      const id = parseId(c.custom_id)!;
      const outcome = await interact(() => c.type === 3
        ? u.select(m.id, c.custom_id, [c.options[Math.floor(Math.random() * c.options.length)].value], { waitMs: 3500 })
        : u.click(m.id, c.custom_id, { waitMs: 3500 }));
      if (!outcome) return 'unanswered';
      if (outcome.kind === 'update') {
        decisions.push({ gameId: id.gameId, version: id.version + 1, at: standIn.clock.now() });
        return components(outcome.message).some((x) => /^(C|M)\|/.test(String(x.custom_id))) ? outcome.message : null;
      }
      return outcome.message && components(outcome.message).length ? outcome.message : null;
    };
    const driveGame = async (g: number) => {
      while (Date.now() < end) {
        let acted = false;
        for (const u of people[g]!) {
          // A person answers whichever comes first: the ping on the game's table (My turn opens their panel) or
          // the DM with their panel.
          let m = newestPanel(u);
          if (m && (seen.has(`${m.id}:${m.edited_timestamp ?? ''}`) || !components(m).some((c) => /^(C|M)\|/.test(String(c.custom_id))))) m = null;
          const table = m ? null : tableFor(g, u);
          if (!m && (!table || seen.has(`${table.id}:${u.id}`))) continue;
          if (m) seen.add(`${m.id}:${m.edited_timestamp ?? ''}`);
          if (table) seen.add(`${table.id}:${u.id}`);
          let fromTable = table;
          if (o.profile === 'steady') {
            await sleep(5000 + Math.random() * 10_000);
            // What the person sees when they get to it: the table or DM may have changed meanwhile (a newer
            // table took over the ping and the old one lost its buttons; a clicked button is refused as Discord does).
            if (m) m = newestPanel(u);
            else fromTable = tableFor(g, u);
            if (m && !components(m).some((c) => /^(C|M)\|/.test(String(c.custom_id)))) m = null;
            if (!m && !fromTable) continue;
          }
          let next: Obj | null | 'unanswered' = m ?? await openFromTable(u, fromTable!);
          for (let step = 0; next && next !== 'unanswered' && step < 12 && Date.now() < end; step++) {
            next = await act(u, next);
            if (next && next !== 'unanswered') seen.add(`${next.id}:${next.edited_timestamp ?? ''}`);
            if (next && next !== 'unanswered' && o.profile === 'steady') await sleep(300 + Math.random() * 700);
          }
          if (next === 'unanswered') {
            // Discord shows "This interaction failed": the person tries again on the panel as it now is, a moment
            // later (steady: after the usual 5–15 s again).
            const now = newestPanel(u);
            if (now) seen.delete(`${now.id}:${now.edited_timestamp ?? ''}`);
            if (table) seen.delete(`${table.id}:${u.id}`);
            if (o.profile === 'burst') await sleep(1000);
          }
          acted = true;
        }
        if (!acted) await sleep(o.profile === 'burst' ? 40 : 250);
      }
    };
    const killer = o.killAt !== null ? (async () => {
      await sleep(o.killAt! * 1000);
      down = true;
      killedAt = Date.now();
      killedShard = o.processes === 2 ? o.killShard : 0;
      await bot.killAndRestart(killedShard, () => { restartAt = Date.now(); });
      down = false;
    })() : Promise.resolve();
    const sampler = setInterval(() => bot.sampleRss(), 1000);
    // Whether jobs wait, second by second (for how much of Discord's budget the runner uses while they do).
    const backlogReader = schema ? await pgReader(schema) : sqliteReader(databasePath);
    const backlogSeconds: { at: number; due: number }[] = [];
    let sampling = true;
    const backlogSampler = (async () => {
      while (sampling) {
        const at = Date.now();
        const due = Number((await backlogReader.all<{ n: number }>('SELECT COUNT(*) AS n FROM jobs WHERE run_at <= ?', [at]))[0]?.n ?? 0);
        backlogSeconds.push({ at, due });
        await sleep(Math.max(0, 1000 - (Date.now() - at)));
      }
    })();
    await Promise.all([...people.map((_, g) => driveGame(g)), killer]);
    const elapsed = (Date.now() - t0) / 1000;
    const botCpuMs = bot.cpuMs() - cpu0;
    sampling = false;
    await backlogSampler;
    await backlogReader.close();
    // Let the tables catch up before measuring decision → table.
    const settleUntil = Date.now() + 60_000;
    db = schema ? await pgReader(schema) : sqliteReader(databasePath);
    const ours = gameIds.length ? `id IN (${gameIds.join(',')})` : 'FALSE';
    const behind = async () => Number((await db!.all<{ n: number }>(`SELECT COUNT(*) AS n FROM games WHERE ${ours} AND (table_version IS NULL OR table_version < version)`))[0]!.n);
    while (Date.now() < settleUntil && await behind() > 0) await sleep(500);
    clearInterval(sampler);
    bot.sampleRss();

    // ---- decision → its table (or a newer one) posted, from the thread's table posts
    const tablePosts = new Map<number, { version: number; at: number }[]>();
    for (const id of gameIds) {
      const g = (await db.all<{ thread_id: string }>('SELECT thread_id FROM games WHERE id = ?', [id]))[0]!;
      // A table post carries its version in its buttons (T|game|version|…); edits later take the buttons off,
      // so the version is read from what was shown when it was created.
      const posts = standIn.shown.filter((r) => r.channelId === g.thread_id && r.kind === 'create').flatMap((r) => {
        const t = components(r.payload).map((c) => parseId(c.custom_id)).find((p) => p?.kind === 'T');
        const created = standIn.storedMessagesIn(g.thread_id).find((m) => m.id === r.messageId)?.createdAt;
        return t && created !== undefined ? [{ version: t.version, at: created }] : [];
      });
      tablePosts.set(id, posts);
    }
    const toTable: number[] = [];
    let neverShown = 0;
    for (const d of decisions) {
      const first = (tablePosts.get(d.gameId) ?? []).filter((p) => p.version >= d.version).sort((a, b) => a.at - b.at)[0];
      if (first) toTable.push(Math.max(0, first.at - d.at));
      else neverShown++;
    }
    // ---- lost and doubled: what people were told against the database
    const stored = await db.all<{ game_id: number; n: number }>('SELECT game_id, COUNT(*) AS n FROM decisions WHERE undone = 0 GROUP BY game_id');
    const storedBy = new Map(stored.map((r) => [Number(r.game_id), Number(r.n)]));
    const toldBy = new Map<number, Set<number>>();
    for (const d of decisions) toldBy.set(d.gameId, (toldBy.get(d.gameId) ?? new Set()).add(d.version));
    let lost = 0, doubled = 0;
    for (const [gameId, versions] of toldBy) {
      const n = storedBy.get(gameId) ?? 0;
      for (const v of versions) if (v > n) lost++;
    }
    doubled = decisions.length - [...toldBy.values()].reduce((s, v) => s + v.size, 0);
    await db.close();
    db = null;
    // Requests bound by the global limit: everything but interaction callbacks and their webhooks (follow-ups, edits).
    const bound = (r: { route: string }) => !r.route.includes(' /interactions/') && !r.route.includes(' /webhooks/');
    const rest = standIn.requestLog.filter((r) => r.at >= t0 && bound(r));
    // Budget use while jobs waited: in each sampled second with due jobs, the bound requests sent in the second after
    // the sample, against Discord's 50 a second.
    const busy = backlogSeconds.filter((b) => b.due > 0);
    const used = busy.map((b) => rest.filter((r) => r.at >= b.at && r.at < b.at + 1000).length / GLOBAL_PER_SECOND);
    const budgetUse = used.length ? round(100 * used.reduce((x, y) => x + y, 0) / used.length) : null;
    const result = {
      profile: o.profile,
      store: o.store, processes: o.processes, ...(o.killAt !== null ? { killed: o.processes === 2 ? `shard ${killedShard}'s bot process` : 'the bot process' } : {}),
      games: o.games, people: o.games * o.users, setupRetries, seconds: round(elapsed),
      machine: { cores: (await import('node:os')).availableParallelism(), load1: round(loadavg()[0]!) },
      decisionsPerSecond: round(decisions.length / elapsed),
      decisions: decisions.length,
      // The bot's CPU (every thread of its processes, workers drawing pictures among them) per decision made.
      botCpuMsPerDecision: decisions.length ? round(botCpuMs / decisions.length) : null,
      decisionsPerBotCpuSecond: botCpuMs > 0 ? round(decisions.length / (botCpuMs / 1000)) : null,
      interactions,
      clickToReplyMs: pct(latencies),
      decisionToTableMs: pct(toTable),
      decisionsWithoutTable: neverShown,
      unansweredWithin3s: unanswered,
      unansweredWhileDown,
      ...(unansweredAt.length ? { unansweredAtSecond: Object.fromEntries([...new Set(unansweredAt)].sort((a, b) => a - b).map((sec) => [sec, unansweredAt.filter((x) => x === sec).length])) } : {}),
      ...(restartAt ? { restartedAtSecond: Math.round((restartAt - t0) / 1000) } : {}),
      lost, doubled,
      restRequestsPerSecond: round(rest.length / elapsed),
      restByKind: restByKind(rest, standIn),
      rest429: rest.filter((r) => r.status === 429).length,
      rest429Global: rest.filter((r) => r.status === 429 && r.global).length,
      ...invalidRequests(standIn, t0),
      secondsWithJobsWaiting: busy.length,
      budgetUsePercentWhileJobsWait: budgetUse,
      ...bot.rss(),
      killToFirstAnswerMs: firstAnswerAfterRestart,
    };
    return result;
  } finally {
    await bot.stop();
    await db?.close();
    await standIn.close();
    rmSync(dir, { recursive: true, force: true });
    if (schema) await dropSchema(schema);
  }
}

/**
 * Discord's invalid-request limit (10,000 answers of 401, 403 or 429 in 10 minutes block the address): the most in
 * any 10 minutes of the stand-in's log, from the start of the clicking (every request counts, interactions too),
 * and the refused edits of message among them (429 on a message's PATCH).
 */
function invalidRequests(standIn: RunningStandIn, t0: number): { invalidPer10MinPeak: number; invalidByStatus: Record<string, number>; refusedMessageEdits: number } {
  const bad = standIn.requestLog.filter((r) => r.at >= t0 && (r.status === 401 || r.status === 403 || r.status === 429));
  let peak = 0;
  for (let i = 0, j = 0; i < bad.length; i++) {
    while (bad[j]!.at <= bad[i]!.at - 10 * 60_000) j++;
    peak = Math.max(peak, i - j + 1);
  }
  const byStatus: Record<string, number> = {};
  for (const r of bad) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
  return { invalidPer10MinPeak: peak, invalidByStatus: byStatus, refusedMessageEdits: bad.filter((r) => r.status === 429 && !r.global && r.route === 'PATCH /channels/:id/messages/:id').length };
}

/** The bound requests by what they did: `POST message in thread`, `PATCH message in DM`, … (most first). */
function restByKind(rest: { method: string; path: string; route: string }[], standIn: RunningStandIn): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rest) {
    const channelId = /\/channels\/(\d+)/.exec(r.path)?.[1];
    const c = channelId ? standIn.channel(channelId) : null;
    const where = !c ? '' : c.type === 1 ? ' in DM' : standIn.isThread(c) ? ' in thread' : ' in channel';
    const what = r.route.replace(/^\w+ /, '').replace(/\/channels\/:\w+/, '').replace(/:\w+/g, '…') || '/';
    const key = `${r.method} ${what}${where}`;
    out[key] = (out[key] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(out).sort((a, b) => b[1] - a[1]));
}

function sqliteReader(file: string): Reader {
  const db = new Database(file, { readonly: true });
  return { all: async <T>(sql: string, params: unknown[] = []) => db.prepare(sql).all(...params) as T[], close: async () => { db.close(); } };
}

async function pgReader(schema: string): Promise<Reader> {
  const c = new pg.Client({ connectionString: pgUrlWithSchema(schema) });
  await c.connect();
  let closed = false;
  return {
    all: async <T>(sql: string, params: unknown[] = []) => {
      let i = 0;
      return (await c.query(sql.replace(/\?/g, () => `$${++i}`), params)).rows as T[];
    },
    close: async () => { if (!closed) { closed = true; await c.end(); } },
  };
}

async function dropSchema(schema: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try { await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`); } finally { await c.end(); }
}
