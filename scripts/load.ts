/**
 * `npm run bench -- --load [--profile burst|steady|both] [--games 100] [--users 3] [--seconds 60] [--kill-at 30]
 *  [--no-limits] [--json]`
 *
 * Drives the real bot process (`src/main.ts`, its own SQLite file) through the Discord stand-in with Discord-like
 * rate limits: `games` Mammut games of `users` simulated people each. Every person answers the panel the bot DMs
 * them when their turn comes — at once (burst: what our CPU can do) or 5–15 s later (steady: about what people do)
 * — and follows a compound turn through to its end. In the steady profile the bot process is killed (SIGKILL) at
 * `kill-at` seconds and started again. Prints, per profile (also as JSON): decisions a second; click → reply
 * p50/p99; decision → its table (or a newer one) posted p50/p99; interactions unanswered within 3 s (and how many
 * of them were sent while the process was down); decisions lost and doubled (the database against what people
 * were told); REST requests a second and 429s; the bot's peak RSS; restart → first answer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { deployCommands } from '../src/bot/deploy.js';
import { parseId } from '../src/bot/ids.js';
import { botEnvironment } from '../src/sandbox/server.js';
import { DISCORD_LIKE_BUCKETS, startStandIn, type RunningStandIn, type SimUser } from '../src/standin/index.js';
import { stats } from './args.js';

type Obj = Record<string, any>;
const root = fileURLToPath(new URL('../', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface LoadOptions { profile: 'burst' | 'steady'; games: number; users: number; seconds: number; killAt: number | null; limits: boolean; log: (...a: unknown[]) => void }

interface Decision { gameId: number; version: number; at: number }

const round = (x: number) => Math.round(x * 10) / 10;
const pct = (xs: number[]) => { const s = stats(xs.length ? xs : [0]); return { p50: round(s.p50), p99: round(s.p99), max: round(s.max), n: xs.length }; };

function components(m: Obj | null): Obj[] {
  return (m?.components ?? []).flatMap((r: Obj) => r.components ?? []);
}

/** The bot process, killable and restartable, with its peak memory. */
class BotProcess {
  child: ChildProcess | null = null;
  peakRssKb = 0;
  constructor(private readonly env: Record<string, string>) {}
  async start(standIn: RunningStandIn): Promise<void> {
    const before = standIn.gateway.stats.identifies;
    this.child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/main.ts')], { cwd: root, env: { ...process.env, ...this.env }, stdio: ['ignore', 'ignore', 'pipe'] });
    this.child.stderr?.on('data', () => {});
    await standIn.waitFor(() => standIn.gateway.stats.identifies > before, { timeoutMs: 60_000, what: 'the bot to identify' });
  }
  sampleRss(): void {
    try {
      const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${this.child?.pid}/status`, 'utf8'));
      if (m) this.peakRssKb = Math.max(this.peakRssKb, Number(m[1]));
    } catch { /* gone */ }
  }
  async kill(): Promise<void> {
    const c = this.child;
    if (!c) return;
    this.sampleRss();
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL');
    await exited;
    this.child = null;
  }
}

export async function runLoad(o: LoadOptions): Promise<Obj> {
  const standIn = await startStandIn({ log: () => {}, users: [], ...(o.limits ? { rateLimits: DISCORD_LIKE_BUCKETS } : {}) });
  await deployCommands({ token: standIn.token, apiBase: standIn.apiBase, guildId: standIn.guild.id });
  const dir = mkdtempSync(path.join(tmpdir(), 'campfire-load-'));
  const databasePath = path.join(dir, 'campfire.db');
  const bot = new BotProcess({ ...botEnvironment(standIn, { databasePath }), CAMPFIRE_TEST_SEED: 'load', AI_BUDGET_MS: '50' });
  const general = standIn.channelByName('general').id;
  try {
    await bot.start(standIn);
    // ---- set-up: games × users people, each game in its own thread, started
    o.log(`load/${o.profile}: setting up ${o.games} games × ${o.users} people…`);
    const people: SimUser[][] = [];
    const gameIds: number[] = [];
    const setupOne = async (g: number) => {
      const us = Array.from({ length: o.users }, (_, i) => standIn.addUser({ username: `p${g}x${i}`, globalName: `Player ${g}.${i}`, locale: 'en-US' }));
      const lobby = await us[0]!.slash(general, 'campfire', { subcommand: 'new', options: { game: 'mammut' } }, { waitMs: 20_000 });
      const lobbyId = lobby.message!.id as string;
      const join = components(lobby.message).find((c) => String(c.custom_id).endsWith('|join'))!.custom_id as string;
      for (const u of us.slice(1)) await u.click(lobbyId, join, { waitMs: 20_000 });
      const start = join.replace(/\|join$/, '|start');
      const started = await us[0]!.click(lobbyId, start, { waitMs: 20_000 });
      if (started.kind === 'none') throw new Error('start was not answered');
      people[g] = us;
      gameIds[g] = parseId(join)!.gameId;
    };
    for (let g = 0; g < o.games; g += 10) await Promise.all(Array.from({ length: Math.min(10, o.games - g) }, (_, i) => setupOne(g + i)));
    await sleep(2000);

    // ---- the clicking
    const decisions: Decision[] = [];
    const latencies: number[] = [];
    let unanswered = 0, unansweredWhileDown = 0, interactions = 0;
    let down = false, restartAt = 0, firstAnswerAfterRestart: number | null = null;
    const t0 = Date.now();
    const end = t0 + o.seconds * 1000;
    const seen = new Set<string>();
    const dmChannel = new Map<string, string>();
    const newestPanel = (u: SimUser): Obj | null => {
      let id = dmChannel.get(u.id);
      if (!id) {
        const dm = standIn.dmsOf(u.id);
        if (!dm.length) return null;
        id = dm[0]!.channel_id as string;
        dmChannel.set(u.id, id);
      }
      const list = standIn.storedMessagesIn(id, { as: u.id });
      const last = list[list.length - 1];
      return last ? standIn.message(last.id) : null;
    };
    /** One choice on a panel message; returns the next panel of the same turn, if any. */
    const act = async (u: SimUser, m: Obj): Promise<Obj | null> => {
      const comps = components(m).filter((c) => !c.disabled && /^(C|M)\|/.test(String(c.custom_id)) && !/back|zurück/i.test(String(c.label ?? '')));
      if (!comps.length) return null;
      const c = comps.find((x) => x.type === 3) ?? comps[Math.floor(Math.random() * comps.length)]!;
      const id = parseId(c.custom_id)!;
      interactions++;
      const sentWhileDown = down;
      const outcome = c.type === 3
        ? await u.select(m.id, c.custom_id, [c.options[Math.floor(Math.random() * c.options.length)].value], { waitMs: 3500 }).catch(() => null)
        : await u.click(m.id, c.custom_id, { waitMs: 3500 }).catch(() => null);
      if (!outcome || outcome.kind === 'none') {
        unanswered++;
        if (sentWhileDown || down) unansweredWhileDown++;
        return null;
      }
      if (outcome.callbackLatencyMs !== null && outcome.callbackLatencyMs !== undefined) latencies.push(outcome.callbackLatencyMs);
      if (restartAt && firstAnswerAfterRestart === null && Date.now() > restartAt) firstAnswerAfterRestart = Date.now() - restartAt;
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
          const m = newestPanel(u);
          if (!m || seen.has(`${m.id}:${m.edited_timestamp ?? ''}`)) continue;
          seen.add(`${m.id}:${m.edited_timestamp ?? ''}`);
          if (!components(m).some((c) => /^(C|M)\|/.test(String(c.custom_id)))) continue;
          if (o.profile === 'steady') await sleep(5000 + Math.random() * 10_000);
          let next: Obj | null = m;
          for (let step = 0; next && step < 12 && Date.now() < end; step++) {
            next = await act(u, next);
            if (next) seen.add(`${next.id}:${next.edited_timestamp ?? ''}`);
            if (next && o.profile === 'steady') await sleep(300 + Math.random() * 700);
          }
          acted = true;
        }
        if (!acted) await sleep(o.profile === 'burst' ? 40 : 250);
      }
    };
    const killer = o.killAt !== null ? (async () => {
      await sleep(o.killAt! * 1000);
      down = true;
      await bot.kill();
      restartAt = Date.now();
      await bot.start(standIn);
      down = false;
    })() : Promise.resolve();
    const sampler = setInterval(() => bot.sampleRss(), 1000);
    await Promise.all([...people.map((_, g) => driveGame(g)), killer]);
    const elapsed = (Date.now() - t0) / 1000;
    // Let the tables catch up before measuring decision → table.
    const settleUntil = Date.now() + 60_000;
    const db = new Database(databasePath, { readonly: true });
    const tableVersion = (id: number) => (db.prepare('SELECT table_version, version FROM games WHERE id = ?').get(id) as { table_version: number; version: number });
    while (Date.now() < settleUntil && gameIds.some((id) => { const r = tableVersion(id); return r.table_version < r.version; })) await sleep(500);
    clearInterval(sampler);
    bot.sampleRss();

    // ---- decision → its table (or a newer one) posted, from the thread's table posts
    const tablePosts = new Map<number, { version: number; at: number }[]>();
    for (const id of gameIds) {
      const g = db.prepare('SELECT thread_id FROM games WHERE id = ?').get(id) as { thread_id: string };
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
    const stored = db.prepare('SELECT game_id, COUNT(*) AS n FROM decisions WHERE undone = 0 GROUP BY game_id').all() as { game_id: number; n: number }[];
    const storedBy = new Map(stored.map((r) => [r.game_id, r.n]));
    const toldBy = new Map<number, Set<number>>();
    for (const d of decisions) toldBy.set(d.gameId, (toldBy.get(d.gameId) ?? new Set()).add(d.version));
    let lost = 0, doubled = 0;
    for (const [gameId, versions] of toldBy) {
      const n = storedBy.get(gameId) ?? 0;
      for (const v of versions) if (v > n) lost++;
    }
    doubled = decisions.length - [...toldBy.values()].reduce((s, v) => s + v.size, 0);
    db.close();
    const rest = standIn.requestLog.filter((r) => r.at >= t0 && !r.route.startsWith('/interactions'));
    const result = {
      profile: o.profile,
      store: 'sqlite', processes: 1,
      games: o.games, people: o.games * o.users, seconds: round(elapsed),
      machine: { cores: (await import('node:os')).availableParallelism(), load1: round(loadavg()[0]!) },
      decisionsPerSecond: round(decisions.length / elapsed),
      decisions: decisions.length,
      interactions,
      clickToReplyMs: pct(latencies),
      decisionToTableMs: pct(toTable),
      decisionsWithoutTable: neverShown,
      unansweredWithin3s: unanswered,
      unansweredWhileDown,
      lost, doubled,
      restRequestsPerSecond: round(rest.length / elapsed),
      rest429: rest.filter((r) => r.status === 429).length,
      botPeakRssMb: round(bot.peakRssKb / 1024),
      restartToFirstAnswerMs: firstAnswerAfterRestart,
    };
    return result;
  } finally {
    await bot.kill();
    await standIn.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
