/**
 * An end-to-end world: the local Discord stand-in, the /campfire command registered on it, and the real bot
 * (the unmodified discord.js client) connected to it — in this process or as a child process that a test can kill.
 */
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBot, type RunningBot } from '../../src/app.js';
import type { BotOptions } from '../../src/bot/bot.js';
import { deployCommands } from '../../src/bot/deploy.js';
import type { Logger } from '../../src/bot/platform.js';
import { startStandIn, type RunningStandIn, type SimUser, type StandInOptions } from '../../src/standin/index.js';
import { botEnvironment, registerSandboxCommands } from '../../src/sandbox/server.js';
import { parseId } from '../../src/bot/ids.js';
import { GameService } from '../../src/service/games.js';
import { Repo } from '../../src/store/repo.js';
import { getGame } from '../../src/games/registry.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
type Obj = Record<string, any>;

export const quietLog: Logger & { lines: string[] } = {
  lines: [],
  info() {},
  warn(m, c) { quietLog.lines.push(`warn ${m} ${JSON.stringify(c ?? {})}`); },
  error(m, c) { quietLog.lines.push(`error ${m} ${JSON.stringify(c ?? {})}`); },
};

export interface World {
  standIn: RunningStandIn;
  dir: string;
  databasePath: string;
  bot: RunningBot | null;
  child: ChildProcess | null;
  /** The bot in this process; `bot` adds to (or replaces) its options, e.g. slower pictures. */
  startInProcess(bot?: BotOptions): Promise<void>;
  startChild(): Promise<void>;
  killChild(): Promise<void>;
  close(): Promise<void>;
}

let seedCount = 0;

/**
 * `standIn`: options for the stand-in, on top of its strict defaults — a test that relaxes one must say why.
 * `commands`: where /campfire is registered (default: in the test server; `sandbox`: as the sandbox does it).
 * (`STANDIN_OPTIONS`, a JSON object in the environment, does the same for a whole run, to compare timings.)
 */
export async function world(opts: { firstReplyMs?: number; standIn?: StandInOptions; commands?: 'guild' | 'sandbox' } = {}): Promise<World> {
  // The strict stand-in (Discord's rate limits, schema-checked bodies) as every test gets it; what it refused or
  // rate-limited is kept in `standInLines` and printed when the world closes.
  const standInLines: string[] = [];
  const standIn = await startStandIn({
    log: (l) => { if (l.startsWith('refused body') || l.startsWith('rate limited')) standInLines.push(l); },
    ...(opts.firstReplyMs ? { firstReplyMs: opts.firstReplyMs } : {}),
    // A click the bot deferred (its answer took over 1.5 s, as on a loaded machine) settles on the answer that follows.
    settleMs: 5000,
    ...(process.env.STANDIN_OPTIONS ? (JSON.parse(process.env.STANDIN_OPTIONS) as StandInOptions) : {}),
    ...opts.standIn,
  });
  // Commands in the test server (instant, as in development), or as `npm run sandbox` registers them (global).
  if (opts.commands === 'sandbox') await registerSandboxCommands(standIn);
  else await deployCommands({ token: standIn.token, apiBase: standIn.apiBase, guildId: standIn.guild.id });
  const dir = mkdtempSync(path.join(tmpdir(), 'campfire-e2e-'));
  const w: World = {
    standIn, dir, databasePath: path.join(dir, 'campfire.db'), bot: null, child: null,
    async startInProcess(bot: BotOptions = {}) {
      const before = standIn.gateway.stats.identifies;
      w.bot = await startBot({ token: standIn.token, apiBase: standIn.apiBase, databasePath: w.databasePath, log: quietLog, seeds: () => `e2e-${++seedCount}`, bot: { computerChoice: async (_l, _m, _s, _seat, d) => d.options.find((o) => o.role !== 'back')!.id, ...bot } });
      await standIn.waitFor(() => standIn.gateway.stats.identifies > before, { timeoutMs: 20_000, what: 'the bot to identify' });
    },
    async startChild() {
      const before = standIn.gateway.stats.identifies;
      w.child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/main.ts')], {
        cwd: root, env: { ...process.env, ...botEnvironment(standIn, { databasePath: w.databasePath }), AI_BUDGET_MS: '50', CAMPFIRE_TEST_SEED: 'e2e', LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'],
      });
      w.child.stderr?.on('data', (b) => quietLog.lines.push(`child: ${String(b)}`));
      // The bot logs "logged in" once discord.js has processed READY (and the guilds with it): from then on it answers.
      let loggedIn = false;
      createInterface({ input: w.child.stdout! }).on('line', (line) => { if (line.includes('"msg":"logged in"')) loggedIn = true; });
      await standIn.waitFor(() => standIn.gateway.stats.identifies > before, { timeoutMs: 60_000, what: 'the bot process to identify' });
      await standIn.waitFor(() => loggedIn, { timeoutMs: 60_000, what: 'the bot process to log in (READY processed)' });
    },
    async killChild() {
      const c = w.child;
      if (!c) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGKILL');
      await exited;
      w.child = null;
    },
    async close() {
      await w.bot?.stop();
      await w.killChild();
      await standIn.close();
      rmSync(dir, { recursive: true, force: true });
            if (standInLines.length) console.warn(`[stand-in] ${standInLines.length} refused or rate-limited requests:\n${standInLines.slice(0, 40).join('\n')}`);
    },
  };
  return w;
}

/** Components of a message, flattened: buttons and string selects with their custom ids. */
export function components(message: Obj | null | undefined): Obj[] {
  return ((message?.components ?? []) as Obj[]).flatMap((r) => (r.components ?? []) as Obj[]);
}

export function findButton(message: Obj, pred: (id: string) => boolean): string | undefined {
  return components(message).find((c) => c.type === 2 && typeof c.custom_id === 'string' && pred(c.custom_id))?.custom_id;
}

/** The newest message in a channel (as `as` sees it) that matches. */
export function newest(w: World, channelId: string, pred: (m: Obj) => boolean, as?: string): Obj | undefined {
  return w.standIn.messagesIn(channelId, { as }).filter(pred).at(-1);
}

/** The newest table post of a game: it carries a "My turn" button, or is the final one. */
export function latestTable(w: World, thread: string): Obj | undefined {
  return newest(w, thread, (m) => (m.attachments ?? []).some((a: Obj) => a.filename === 'table.png'));
}

/**
 * The answer to an interaction once it is complete: a deferred one (the bot acknowledged it and answers later, as it
 * does when the answer takes longer than 1.5 s) is waited for until its message is edited or followed up.
 */
export async function settled(w: Pick<World, 'standIn'>, out: Obj, timeoutMs = 20_000): Promise<Obj> {
  if (out.kind !== 'deferred') return out;
  const rec = w.standIn.interaction(out.interactionId)!;
  await w.standIn.waitFor(() => rec.originalEdited || rec.followUpIds.length > 0, { timeoutMs, what: 'the answer after the deferral' });
  const o = w.standIn.outcomeOf(rec) as Obj;
  // A deferred click answered with a new message (a panel opened from the table): that message is the answer.
  if (o.kind === 'deferred' && o.followUps.length) {
    const m = o.followUps.at(-1) as Obj;
    return { ...o, kind: 'message', message: m, ephemeral: ((m.flags ?? 0) & 64) === 64 };
  }
  return o;
}

/**
 * What a message says: its content, or in the Components V2 layout (the table post) its text displays, wherever they
 * sit in containers and sections.
 */
export function textOf(message: Obj | null | undefined): string {
  const texts: string[] = [String(message?.content ?? '')];
  const walk = (list: Obj[] | undefined) => {
    for (const c of list ?? []) {
      if (c.type === 10 && typeof c.content === 'string') texts.push(c.content);
      walk(c.components);
    }
  };
  walk(message?.components);
  return texts.filter(Boolean).join('\n');
}

export function mentioned(message: Obj): string[] {
  return [...textOf(message).matchAll(/<@(\d+)>/g)].map((x) => x[1]!);
}

let seed = 12345;
export function rand(n: number): number {
  seed = (seed * 1103515245 + 12345) >>> 0;
  return seed % n;
}

/** The newest table is another post than `table`, or `table` redrawn in place at a newer version (its buttons say which). */
export function tableMoved(w: World, thread: string, table: Obj): boolean {
  const now = latestTable(w, thread);
  if (!now) return false;
  if (now.id !== table.id) return true;
  const version = (m: Obj) => components(m).map((c) => parseId(c.custom_id)?.version).find((v) => v !== undefined);
  return version(now) !== version(table) || textOf(now) !== textOf(table);
}

/**
 * Plays the game in `thread` to the end as people would: the pinged player presses "My turn" on the newest
 * table, then clicks through the ephemeral panel (a random button or menu choice each time, "Back" rarely)
 * until it says "Done". Returns the number of panel choices made.
 */
export async function playToEnd(w: World, thread: string, users: SimUser[], opts: { maxChoices?: number; onChoice?: (n: number) => Promise<void>; weight?: (optionId: string) => number } = {}): Promise<number> {
  const maxChoices = opts.maxChoices ?? 3000;
  let choices = 0;
  const byId = new Map(users.map((u) => [u.id, u]));
  while (choices < maxChoices) {
    // Timeouts allow for Discord's rate limits (5 posts and 5 edits per 5 s in the thread), which discord.js waits out.
    const table = await w.standIn.waitFor(() => latestTable(w, thread), { timeoutMs: 45_000, what: 'a table post' });
    if (/Final result|Endergebnis/.test(textOf(table))) return choices;
    const turn = findButton(table, (id) => id.endsWith('|turn'));
    let who = mentioned(table).map((id) => byId.get(id)).find(Boolean);
    let opened: Obj | undefined;
    // A reaction window pings nobody: those asked hear of it privately, so each person looks at their own panel.
    if (turn && !who) {
      for (const u of users) {
        const p = (await settled(w, await u.click(table.id, turn))).message;
        if (components(p).some((c) => typeof c.custom_id === 'string' && /^[CMS]\|/.test(c.custom_id))) { who = u; opened = p; break; }
      }
    }
    if (!turn || !who) {
      await w.standIn.waitFor(() => tableMoved(w, thread, table), { timeoutMs: 45_000, what: 'the table to move on (computer turn)' });
      continue;
    }
    // (a click may be answered deferred, as the bot does when its answer takes over 1.5 s on a loaded machine)
    let panel = opened ?? (await settled(w, await who.click(table.id, turn))).message;
    for (let guard = 0; panel && guard < 200; guard++) {
      // S: the "Sure?" of an irreversible choice.
      const live = components(panel).filter((c) => typeof c.custom_id === 'string' && /^[CMS]\|/.test(c.custom_id));
      if (live.length === 0) break;
      // Every option counts once, as in self-play: each button, and each entry of each menu ("Back" rarely).
      const picks: { c: Obj; value: string | null }[] = live.flatMap((c): { c: Obj; value: string | null }[] => (c.type === 3 ? (c.options as Obj[]).map((o) => ({ c, value: o.value as string })) : [{ c, value: null }]));
      const forward = picks.filter((p) => !(p.c.type === 2 && /^(Back|Zurück)$/.test(p.c.label)));
      const pool = forward.length && rand(10) > 0 ? forward : picks;
      // A test may make some options rarer (a person rarely ping-pongs); weights are per option id.
      const weights = pool.map((p) => opts.weight?.(p.value ?? String(p.c.custom_id).split('|')[3]) ?? 1);
      let r = (rand(1_000_000) / 1_000_000) * weights.reduce((a, b) => a + b, 0);
      const { c, value } = pool.find((_, i) => (r -= weights[i]!) < 0) ?? pool[pool.length - 1]!;
      const out = await settled(w, value !== null ? await who.select(panel.id, c.custom_id, [value]) : await who.click(panel.id, c.custom_id));
      choices++;
      await opts.onChoice?.(choices);
      if (out.kind !== 'update') {
        quietLog.lines.push(`panel answer ${out.kind}: ${JSON.stringify(out.message?.content)}`);
        break;
      }
      panel = out.message;
      if (/^(Done\. The table|Erledigt\. Der Tisch)/.test(String(panel?.content))) break;
    }
    try {
      // A handover posts a new table; a decision that stays with people who already held it (an answer in a phase
      // they share, a round's end where the same person starts) redraws the newest table in place.
      await w.standIn.waitFor(() => tableMoved(w, thread, table), { timeoutMs: 45_000, what: 'a new table after a turn' });
    } catch (e) {
      throw new Error(`${(e as Error).message}; last panel: ${JSON.stringify(panel?.content)} ${JSON.stringify(components(panel).map((c) => c.custom_id))}; log: ${quietLog.lines.slice(-5).join(' | ')}`);
    }
  }
  throw new Error(`game did not end within ${maxChoices} choices`);
}

export function gameIdOf(message: Obj): number {
  const id = components(message).map((c) => parseId(c.custom_id)).find(Boolean);
  if (!id) throw new Error('no Campfire component on the message');
  return id.gameId;
}

/** Opens a lobby in `general` as users[0], joins the rest, starts; returns the thread id and game id. */
export async function startGame(w: World, game: string, users: SimUser[]): Promise<{ thread: string; gameId: number; lobby: Obj }> {
  const general = w.standIn.channelByName('general').id;
  const before = new Set(w.standIn.threadsOf(general).map((t) => t.id as string));
  const out = await users[0]!.slash(general, 'campfire', { subcommand: 'new', options: { game } });
  const lobby = out.message!;
  const gameId = gameIdOf(lobby);
  for (const u of users.slice(1)) await u.click(lobby.id, `L|${gameId}|0|join`);
  await users[0]!.click(lobby.id, `L|${gameId}|0|start`);
  // This game's thread: the one made since (a world may hold several games).
  const thread = await w.standIn.waitFor(() => w.standIn.threadsOf(general).map((t) => t.id as string).find((id) => !before.has(id)), { timeoutMs: 5000, what: 'the game thread' });
  await w.standIn.waitFor(() => latestTable(w, thread), { timeoutMs: 60_000, what: 'the first table' });
  return { thread, gameId, lobby };
}

/** What the bot's database says of a game (read-only, beside the running bot): version, decisions, state and its replay. */
export async function dbState(w: World, gameId: number) {
  const db = new Database(w.databasePath, { readonly: true });
  const service = new GameService(Repo.sqlite(db));
  const row = (await service.repo.game(gameId))!;
  const replayed = await service.replayed(row);
  const module = getGame(row.game)!;
  const out = {
    version: row.version, decisions: (await service.repo.activeDecisions(gameId)).length, state: row.state, replayed: JSON.stringify(replayed),
    tableVersion: row.table_version,
    /** Kinds of job still waiting in the outbox for this game. */
    owedJobs: [...await service.repo.jobs.pendingKinds(gameId)].sort(),
    /** Someone is inside a compound turn (a step that offers "back"): by the posting policy no table is due for it. */
    midTurn: module.engine.decisions(replayed as never).some((d) => d.options.some((o) => o.role === 'back')),
  };
  db.close();
  return out;
}
