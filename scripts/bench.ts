/**
 * `npm run bench -- --noise [--game G] [--players N] [--games K]`: how loud whole games are (scripts/noise.ts).
 * `npm run bench [-- --json] [-- --quick] [-- --games mammut,eiszeit] [-- --ai-games N] [-- --ai-budget-ms B] [-- --ai]`
 *   `[-- --storage-games N] [-- --storage-only] [-- --no-storage] [-- --verify-replays [--verify-store postgres]] [-- --render-only]`
 *   (`--render-only`: per game only the pictures, then the summary)
 *
 * Measures on this machine, for every registered game (or those named):
 *  - board render time (median, p99) of the public table, of the glance picture and of a hand, and the bytes of a
 *    table against the glance a handover now posts;
 *  - self-play speed on one core (complete random games a second);
 *  - decision → committed state (engine apply + SQLite transaction, WAL, on a file);
 *  - whole interaction handling in the bot (a click received → its reply ready, panel render included);
 *  - a real round trip through the Discord stand-in with the unmodified discord.js client (click sent →
 *    callback received, with the hand picture attached);
 *  - memory over many games played and stored (heap after GC, every 1,000 games);
 *  - storage: bytes per finished game once maintenance compacted it (random Mammut games on a file database);
 *    with `--verify-replays` instead: the time of `npm run maintenance -- --verify-replays` over that many stored
 *    games of every game, running, finished and compacted (scripts/bench-replays.ts);
 *  - computer players: strong against random (win rate and decision time), on a small sample by default; with
 *    `--ai` instead the full report (rule of thumb vs greedy, strong vs greedy and vs the rule of thumb, at 200 ms
 *    and the production budget, with 95 % intervals and decision times; `--ai-games N`, `--ai-budgets 200,1500`);
 *  - clicks per turn a person makes on the panel, median and mean over self-play games (`--click-games N`;
 *    see scripts/clicks.ts for what counts).
 * `--json` prints the same figures as one JSON object.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import '../src/games/all.js';
import { CampfireBot } from '../src/bot/bot.js';
import { Campfire } from '../src/service/index.js';
import { makeId } from '../src/bot/ids.js';
import type { Ix, OutMessage, Platform } from '../src/bot/platform.js';
import { translator } from '../src/bot/present.js';
import { apply } from '../src/engine/apply.js';
import { playRandom } from '../src/engine/selfplay.js';
import { randInt, seedRng } from '../src/engine/rng.js';
import { allGames, getGame } from '../src/games/registry.js';
import type { GameModule } from '../src/games/types.js';
import { GameService } from '../src/service/games.js';
import { migrate, openDatabase } from '../src/store/db.js';
import { Repo } from '../src/store/repo.js';
import { parseArgs, stats } from './args.js';
import { measureClicks } from './clicks.js';

const args = parseArgs();
if (args.noise) {
  // The noise benchmark: whole games through the real bot at a reader's pace (see scripts/noise.ts).
  const { runNoise, noiseTable } = await import('./noise.js');
  const games = args.game ? String(args.game).split(',') : ['mammut', 'eiszeit', 'tal', 'endless-winter'];
  const rs = await runNoise({ games, players: args.players ? Number(args.players) : undefined, count: Number(args.games) || 1, maxClicks: args['max-clicks'] ? Number(args['max-clicks']) : undefined, log: (l) => console.error(l) });
  console.log(args.json ? JSON.stringify(rs, null, 2) : noiseTable(rs));
  process.exit(0);
}
if (args.load) {
  // The load benchmark: the real bot process through the stand-in (see scripts/load.ts).
  const { runLoad, refuseLoad } = await import('./load.js');
  const profiles: ('burst' | 'steady')[] = args.profile === 'burst' || args.profile === 'steady' ? [args.profile] : ['burst', 'steady'];
  const store = args.store === undefined ? 'sqlite' : String(args.store);
  const processes = args.processes === undefined ? 1 : Number(args.processes);
  const killShard = args['kill-shard'] === undefined ? 0 : Number(args['kill-shard']);
  const wrong = (store !== 'sqlite' && store !== 'postgres' ? `--store is sqlite or postgres, not "${String(args.store)}"` : null)
    ?? (processes !== 1 && processes !== 2 ? `--processes is 1 or 2, not "${String(args.processes)}"` : null)
    ?? (killShard !== 0 && killShard !== 1 ? `--kill-shard is 0 or 1, not "${String(args['kill-shard'])}"` : null)
    ?? refuseLoad({ store: store as 'sqlite' | 'postgres', processes: processes as 1 | 2 });
  if (wrong) { console.error(`bench --load: ${wrong}.`); process.exit(2); }
  const results: Record<string, unknown> = { store, processes, from: args.from === 'source' ? 'source' : 'dist' };
  for (const profile of profiles) {
    if (!args.json) console.error(`load/${profile}: store ${store}, ${processes === 2 ? '2 processes (SHARD_COUNT=2, one launcher + bot process per shard)' : '1 process'}`);
    results[profile] = await runLoad({
      profile, games: Number(args.games) || 100, users: Number(args.users) || 3, seconds: Number(args.seconds) || 60,
      killAt: profile === 'steady' ? (args['kill-at'] === 'none' ? null : Number(args['kill-at']) || 30) : null,
      limits: !args['no-limits'], ageMinutes: Number(args['age-minutes']) || 0, store: store as 'sqlite' | 'postgres', processes: processes as 1 | 2, killShard: killShard as 0 | 1,
      from: args.from === 'source' ? 'source' : 'dist',
      log: (...a) => { if (!args.json) console.error(...a); },
    });
    if (!args.json) console.log(JSON.stringify(results[profile]));
  }
  if (args.json) console.log(JSON.stringify(results));
  process.exit(0);
}
const quick = !!args.quick;
const only = typeof args.games === 'string' ? args.games.split(',') : null;
const modules = allGames().filter((m) => !only || only.includes(m.engine.id));
const out: Record<string, any> = { machine: { cpus: (await import('node:os')).cpus().length, node: process.version }, units: 'milliseconds unless named otherwise', games: {} };
const log = (...a: unknown[]) => { if (!args.json) console.log(...a); };
const gc: () => void = (globalThis as any).gc ?? (() => { v8.setFlagsFromString('--expose-gc'); return vm.runInNewContext('gc'); })();
const round = (x: number) => Math.round(x * 100) / 100;
const dist = (xs: number[]) => { const s = stats(xs); return { median: round(s.p50), p99: round(s.p99), mean: round(s.mean), max: round(s.max), samples: xs.length }; };
const time = (fn: () => void) => { const t = performance.now(); fn(); return performance.now() - t; };

// Storage: bytes a finished game keeps once maintenance compacted it (`--storage-games N`, `--storage-only`).
if (!args['no-storage'] && args['verify-replays']) {
  // The check before a deploy, on stored games of every kind instead (see scripts/bench-replays.ts).
  const { benchVerifyReplays } = await import('./bench-replays.js');
  const total = typeof args['storage-games'] === 'string' ? Number(args['storage-games']) : 1000;
  const r = await benchVerifyReplays({ total, modules, postgres: args['verify-store'] === 'postgres', log });
  out.verifyReplays = r;
  const line = (v: typeof r.sqlite) => `${v.checked} games (${Object.entries(v.byStatus).map(([k, n]) => `${n} ${k}`).join(', ')}; ${v.compacted} compacted; ${v.undoneChecked} taken-back decisions) in ${v.seconds} s, ${v.differ.length} differ`;
  log(`\nverify-replays over ${r.games} stored games of ${modules.map((m) => m.engine.id).join(', ')} (stored in ${r.buildSeconds} s): SQLite ${line(r.sqlite)}${r.postgres ? `; PostgreSQL (copied in ${r.postgres.copySeconds} s) ${line(r.postgres)}` : ''}`);
  for (const d of [...r.sqlite.differ, ...r.postgres?.differ ?? []]) log(`  game ${d.id} (${d.game}, ${d.status}): ${d.problem}`);
  if (args['storage-only']) {
    if (args.json) console.log(JSON.stringify(out, null, 2));
    process.exit(0);
  }
} else if (!args['no-storage'] && !args['render-only']) {
  const { runMaintenance, usedBytes, databaseBytes } = await import('../src/ops/maintenance.js');
  const { statSync } = await import('node:fs');
  const m = getGame('mammut')!;
  const total = typeof args['storage-games'] === 'string' ? Number(args['storage-games']) : quick ? 1000 : 10_000;
  const dir = mkdtempSync(path.join(tmpdir(), 'campfire-storage-'));
  const file = path.join(dir, 'storage.db');
  const db = openDatabase(file);
  const repo = Repo.sqlite(db);
  const service = new GameService(repo);
  const t0 = performance.now();
  const rng = seedRng('storage');
  for (let g = 0; g < total; g++) {
    const players = m.engine.minPlayers + randInt(rng, m.engine.maxPlayers - m.engine.minPlayers + 1);
    const lobby = await service.createLobby({ game: m.engine.id, guildId: 'g', channelId: 'c', threadId: `t${g}`, host: { id: 'u0', name: 'A' }, locale: 'en' });
    if (!lobby.ok) throw new Error('lobby');
    for (let i = 1; i < players; i++) await service.join(lobby.value.id, { id: `u${i}`, name: `P${i}` });
    await service.start(lobby.value.id, 'u0');
    await playToEnd(service, lobby.value.id, rng);
  }
  const finished = (db.prepare(`SELECT COUNT(*) AS n FROM games WHERE status = 'finished'`).get() as { n: number }).n;
  db.pragma('wal_checkpoint(TRUNCATE)');
  const before = { used: usedBytes(db), file: statSync(file).size };
  const tm = performance.now();
  let compacted = 0;
  for (;;) { const r = await runMaintenance(repo, { info() {}, warn() {}, error() {} }, { batch: 1000 }); compacted += r.compacted; if (!r.compacted) break; }
  const maintenanceSeconds = round((performance.now() - tm) / 1000);
  db.pragma('wal_checkpoint(TRUNCATE)');
  const after = { used: usedBytes(db), file: statSync(file).size, pages: databaseBytes(db) };
  db.close();
  rmSync(dir, { recursive: true, force: true });
  out.storage = {
    game: m.engine.id, games: total, finished, compacted, playSeconds: round((tm - t0) / 1000), maintenanceSeconds,
    bytesPerFinishedGameBefore: Math.round(before.used / finished), bytesPerFinishedGame: Math.round(after.used / finished),
    fileMBBefore: round(before.file / 1e6), fileMBAfter: round(after.file / 1e6), goalBytesPerGame: 5000,
    what: 'database pages in use (every table and index) divided by finished games, before and after maintenance compacted them',
  };
  log(`\nstorage over ${total} random ${m.engine.name} games (2-${m.engine.maxPlayers} players): ${out.storage.bytesPerFinishedGameBefore} bytes per finished game before maintenance, ${out.storage.bytesPerFinishedGame} after (goal ≤ 5000); file ${out.storage.fileMBBefore} MB → ${out.storage.fileMBAfter} MB; maintenance ${maintenanceSeconds} s`);
  if (args['storage-only']) {
    if (args.json) console.log(JSON.stringify(out, null, 2));
    process.exit(0);
  }
}

/** Plays a stored game to its end through the service, each seat choosing a random legal option. */
async function playToEnd(service: GameService, gameId: number, rng: ReturnType<typeof seedRng>): Promise<void> {
  for (let guard = 0; guard < 100_000; guard++) {
    const row = (await service.repo.game(gameId))!;
    if (row.status !== 'running') break;
    const d = (await service.decisions(row))[0]!;
    const ids = d.options.filter((o) => o.role !== 'back');
    await service.decide(row.id, { userId: `u${d.seat}` }, row.version, ids[randInt(rng, ids.length)]!.id);
  }
}

/** States along one random game (for render samples). */
function sampleStates(m: GameModule, players: number, n: number) {
  const states: unknown[] = [];
  playRandom(m.engine, players, {}, `bench-${m.engine.id}`, { onStep: ({ after, step }) => { if (step % 3 === 0) states.push(after); } });
  const step = Math.max(1, Math.floor(states.length / n));
  return states.filter((_, i) => i % step === 0).slice(0, n);
}

for (const m of modules) {
  const e = m.engine;
  const players = Math.min(e.maxPlayers, Math.max(e.minPlayers, 3));
  const names = Array.from({ length: players }, (_, i) => `Player ${i + 1}`);
  const t = translator('en', m, names);
  const r: Record<string, any> = { players };
  log(`\n== ${e.name} (${players} players) ==`);

  // Rendering.
  const states = sampleStates(m, players, quick ? 20 : 60);
  const tableMs: number[] = [], handMs: number[] = [], glanceMs: number[] = [], tableBytes: number[] = [], glanceBytes: number[] = [];
  let previous: unknown = null;
  for (const s of states) {
    const view = e.view(s as never, null);
    let png: Buffer | null = null;
    tableMs.push(time(() => { png = m.ui.renderTable(view, { t, names }); }));
    tableBytes.push(png!.length);
    // the glance a handover posts instead, with what changed since the previous sample outlined
    glanceMs.push(time(() => { png = m.ui.renderGlance(view, { t, names, previous }); }));
    glanceBytes.push(png!.length);
    previous = view;
    handMs.push(time(() => m.ui.renderHand(e.view(s as never, 0), 0, { t, names })));
    // Let the event loop turn, as it does between interactions: the canvas library frees pixel memory then.
    await new Promise((r) => setImmediate(r));
  }
  r.renderTableMs = dist(tableMs.slice(2));
  r.renderGlanceMs = dist(glanceMs.slice(2));
  r.renderHandMs = dist(handMs.slice(2));
  r.tableKB = { median: round(stats(tableBytes).p50 / 1024), what: 'the full table (PNG) a handover posted before the glance' };
  r.glanceKB = { median: round(stats(glanceBytes).p50 / 1024), what: 'the glance picture a handover posts (PNG, 1,100×700)' };
  log(`render table: median ${r.renderTableMs.median} ms, p99 ${r.renderTableMs.p99} ms (goal: median ≤ 50 ms); hand: median ${r.renderHandMs.median} ms`);
  // The issue's goals (≤ ½ of the table post's time and bytes) are against the post at c4c9493, before the glance:
  // `tsx scripts/post-pictures.ts --other <a checkout of c4c9493>` measures both side by side. Here, today's two pictures.
  log(`render glance: median ${r.renderGlanceMs.median} ms (${round(r.renderGlanceMs.median / r.renderTableMs.median)}× today's full table); bytes per post: full table ${r.tableKB.median} KB → glance ${r.glanceKB.median} KB (${round(r.glanceKB.median / r.tableKB.median)}×); goal ≤ 0.5× of the post at c4c9493: scripts/post-pictures.ts`);
  if (args['render-only']) {
    out.games[e.id] = r;
    continue;
  }

  // Self-play speed.
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  let games = 0, decisions = 0;
  while (performance.now() - t0 < (quick ? 2000 : 6000)) {
    // In place, as computer players' playouts run (the contract's copy per step is measured by the tests).
    const g = playRandom(e, players, {}, `speed-${games}`, { inPlace: true });
    games++;
    decisions += g.steps;
  }
  const secs = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  r.selfplayGamesPerSecond = round(games / secs);
  r.selfplayDecisionsPerSecond = Math.round(decisions / secs);
  // Per CPU-second of the whole process (garbage collection on helper threads included): the stricter figure, and
  // the steadier one on a shared machine.
  r.selfplayGamesPerCpuSecond = round(games / ((cpu.user + cpu.system) / 1e6));
  log(`self-play: ${r.selfplayGamesPerSecond} games/s (${r.selfplayDecisionsPerSecond} decisions/s) on one thread, ${r.selfplayGamesPerCpuSecond} games per CPU-second`);

  // Decision → committed state, and whole interaction handling, on a file database.
  const dir = mkdtempSync(path.join(tmpdir(), 'campfire-bench-'));
  try {
    const db = openDatabase(path.join(dir, 'bench.db'));
    const repo = Repo.sqlite(db);
    const cf = new Campfire(repo, { newSeed: () => 'bench-seed' });
    const service = cf.games;
    const sent: OutMessage[] = [];
    const platform: Platform = {
      post: async (_c, msg) => { sent.push(msg); return String(sent.length); },
      edit: async () => true, createThread: async () => null, dm: async () => ({ result: 'sent' as const }), archiveThread: async () => true, exists: async () => true, link: () => 'x',
    };
    const bot = new CampfireBot(cf, platform, { info() {}, warn() {}, error() {} });
    const lobby = await service.createLobby({ game: e.id, guildId: 'g', channelId: 'c', threadId: 't', host: { id: 'u0', name: names[0]! }, locale: 'en' });
    if (!lobby.ok) throw new Error('lobby');
    for (let i = 1; i < players; i++) await service.join(lobby.value.id, { id: `u${i}`, name: names[i]! });
    await service.start(lobby.value.id, 'u0');
    const gameId = lobby.value.id;
    const commitMs: number[] = [], handleMs: number[] = [], followMs: number[] = [];
    const rng = seedRng('bench-choices');
    const ix = (userId: string, customId: string): Ix => ({
      user: { id: userId, name: userId }, locale: 'en', guildLocale: 'en', guildId: 'g', channelId: 't', inThread: true, inDm: false, canManageThreads: false, customId, message: 'ephemeral',
      reply: async () => {}, update: async () => {}, followUp: async () => {}, replyMessageId: async () => null, defer: async () => {},
    });
    for (let i = 0; i < (quick ? 150 : 400); i++) {
      let row = (await repo.game(gameId))!;
      if (row.status !== 'running') break;
      const d = (await service.decisions(row))[0]!;
      const opt = d.options.filter((o) => o.role !== 'back')[randInt(rng, d.options.filter((o) => o.role !== 'back').length)]!;
      const user = `u${d.seat}`;
      if (i % 2 === 0) {
        commitMs.push(time(async () => { await service.decide(gameId, { userId: user }, row.version, opt.id); }));
      } else {
        const t1 = performance.now();
        await bot.handle(ix(user, makeId('C', gameId, row.version, opt.id)));
        handleMs.push(performance.now() - t1);
        await bot.settle();
        followMs.push(performance.now() - t1);
      }
      row = (await repo.game(gameId))!;
    }
    r.decisionCommitMs = dist(commitMs);
    r.interactionHandlingMs = dist(handleMs);
    log(`decision → committed: median ${r.decisionCommitMs.median} ms, p99 ${r.decisionCommitMs.p99} ms`);
    r.interactionFollowUpMs = dist(followMs);
    log(`interaction handling (click → reply ready, panel render included): median ${r.interactionHandlingMs.median} ms, p99 ${r.interactionHandlingMs.p99} ms (goals p50 ≤ 60, p99 ≤ 150)`);
    log(`click → everything after it done (table drawn and posted, DMs sent): median ${r.interactionFollowUpMs.median} ms, p99 ${r.interactionFollowUpMs.p99} ms`);
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // Clicks per turn a person makes on the panel (scripts/clicks.ts), over self-play games.
  const clickGames = typeof args['click-games'] === 'string' ? Number(args['click-games']) : quick ? 10 : 40;
  r.clicksPerTurn = {};
  for (const player of ['random', 'thorough'] as const) {
    const c = measureClicks(m, { games: clickGames, players, player });
    r.clicksPerTurn[player] = { median: c.median, mean: c.mean, p90: c.p90, turns: c.turns, games: c.games };
    log(`clicks per turn (${player} stand-in, ${c.games} games): median ${c.median}, mean ${c.mean}, p90 ${c.p90}`);
  }
  out.games[e.id] = r;
}

// Memory over many games played and stored (the first game only, as the heaviest path is the same for all).
{
  const m = getGame(typeof args['memory-game'] === 'string' ? args['memory-game'] : 'mammut') ?? modules[0]!;
  const total = typeof args['memory-games'] === 'string' ? Number(args['memory-games']) : quick ? 1000 : 10_000;
  const db = new Database(':memory:');
  migrate(db);
  const repo = Repo.sqlite(db);
  const service = new GameService(repo);
  const heap: { games: number; heapMB: number; rssMB: number }[] = [];
  const players = Math.min(m.engine.maxPlayers, 3);
  const t0 = performance.now();
  for (let g = 0; g < total; g++) {
    const lobby = await service.createLobby({ game: m.engine.id, guildId: 'g', channelId: 'c', threadId: `t${g}`, host: { id: 'u0', name: 'A' }, locale: 'en' });
    if (!lobby.ok) throw new Error('lobby');
    for (let i = 1; i < players; i++) await service.join(lobby.value.id, { id: `u${i}`, name: `P${i}` });
    await service.start(lobby.value.id, 'u0');
    const rng = seedRng(`mem-${g}`);
    await playToEnd(service, lobby.value.id, rng);
    if ((g + 1) % Math.max(1, Math.floor(total / 10)) === 0) {
      gc();
      const mu = process.memoryUsage();
      heap.push({ games: g + 1, heapMB: round(mu.heapUsed / 1e6), rssMB: round(mu.rss / 1e6) });
    }
  }
  const dbMB = round(((db.prepare('PRAGMA page_count').get() as any).page_count * (db.prepare('PRAGMA page_size').get() as any).page_size) / 1e6);
  out.memory = { game: m.engine.id, games: total, seconds: round((performance.now() - t0) / 1000), heapAfterGcByGames: heap, databaseMB: dbMB, note: 'games are stored in an in-memory SQLite database, so RSS grows with the stored data; heap after GC should stay flat' };
  log(`\nmemory over ${total} ${m.engine.name} games played and stored: heap after GC ${heap.map((h) => h.heapMB).join(' → ')} MB; RSS ${heap.map((h) => h.rssMB).join(' → ')} MB; database ${dbMB} MB`);
}

// A real round trip through the stand-in.
if (!args['no-standin'] && !args['render-only']) {
  const { startStandIn } = await import('../src/standin/index.js');
  const { deployCommands } = await import('../src/bot/deploy.js');
  const { startBot } = await import('../src/app.js');
  const standIn = await startStandIn({ log: () => {} });
  await deployCommands({ token: standIn.token, apiBase: standIn.apiBase, guildId: standIn.guild.id });
  const dir = mkdtempSync(path.join(tmpdir(), 'campfire-bench-'));
  const bot = await startBot({ token: standIn.token, apiBase: standIn.apiBase, databasePath: path.join(dir, 'b.db'), log: { info() {}, warn() {}, error() {} } });
  const users = ['ada', 'bruno', 'chloe'].map((u) => standIn.user(u));
  const general = standIn.channelByName('general').id;
  const lobby = (await users[0]!.slash(general, 'campfire', { subcommand: 'new', options: { game: 'mammut' } })).message!;
  const gameId = Number(String(lobby.components[0].components[0].custom_id).split('|')[1]);
  for (const u of users.slice(1)) await u.click(lobby.id, `L|${gameId}|0|join`);
  await users[0]!.click(lobby.id, `L|${gameId}|0|start`);
  const thread = await standIn.waitFor(() => standIn.threadsOf(general)[0]?.id as string | undefined, { what: 'thread' });
  const latencies: number[] = [];
  for (let i = 0; i < (quick ? 20 : 60); i++) {
    const table = await standIn.waitFor(() => standIn.messagesIn(thread).filter((m: any) => (m.attachments ?? []).some((a: any) => a.filename === 'table.png')).at(-1), { what: 'table' });
    const who = users.find((u) => String(table.content).includes(`<@${u.id}>`));
    const turn = table.components?.[0]?.components?.find((c: any) => String(c.custom_id).endsWith('|turn'))?.custom_id;
    if (!who || !turn) break;
    const t1 = performance.now();
    const panel = await who.click(table.id, turn);
    latencies.push(performance.now() - t1);
    const pick = panel.message?.components?.flatMap((r: any) => r.components).find((c: any) => /^[CM]\|/.test(c.custom_id) && c.label !== 'Back');
    if (!pick) break;
    if (pick.type === 3) await who.select(panel.message!.id, pick.custom_id, [pick.options[0].value]);
    else await who.click(panel.message!.id, pick.custom_id);
    await bot.bot.settle();
  }
  out.standInRoundTripMs = { ...dist(latencies), what: '"My turn" click sent → interaction callback received with the hand picture attached, through the unmodified discord.js client', goalP99: 150 };
  log(`\nstand-in round trip (click → callback with picture): median ${out.standInRoundTripMs.median} ms, p99 ${out.standInRoundTripMs.p99} ms (goal p99 ≤ 150)`);
  await bot.stop();
  await standIn.close();
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Time budget per strong decision in the bench's matches: the budgets at which the 200-game matches of the closing
 * notes were measured (`scripts/ai-match.ts`), small enough that the sample finishes in minutes. The bot itself
 * thinks for `AI_BUDGET_MS` (1.5 s by default), which only makes the strong level stronger.
 */
const AI_BENCH_BUDGET_MS: Record<string, number> = { mammut: 50, eiszeit: 30, tal: 150, 'endless-winter': 25 };

// Computer players, the full report (`--ai`): per game, the rule of thumb against the greedy player, the strong player
// against both, at 200 ms and at the production budget (`--ai-budgets 200,1500`), `--ai-games N` games each (20).
if (args.ai && !args['render-only']) {
  const { runMatch } = await import('./ai-match.js');
  const n = typeof args['ai-games'] === 'string' ? Number(args['ai-games']) : 20;
  const budgets = typeof args['ai-budgets'] === 'string' ? args['ai-budgets'].split(',').map(Number) : [200, 1500];
  const pairs = [['policy', 'greedy'], ['strong', 'greedy'], ['strong', 'policy']] as const;
  out.aiMatches = {};
  for (const m of modules) {
    const players = m.engine.id === 'eiszeit' ? 3 : Math.max(2, m.engine.minPlayers);
    const rows: Record<string, unknown>[] = (out.aiMatches[m.engine.id] = []);
    for (const [player, opponent] of pairs) for (const budgetMs of player === 'strong' ? budgets : [budgets[0]!]) {
      const r = await runMatch({ game: m.engine.id, games: n, players, budgetMs, player, opponent, seed: `bench-ai-${player}-${opponent}` });
      const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
      rows.push({ player, opponent, players, budgetMs, games: r.games, wins: r.wins, ties: r.ties, winRate: round(r.winRate), interval95: r.winInterval.map(round), meanDecisionMs: round(r.meanDecisionMs), maxDecisionMs: round(r.maxDecisionMs) });
      log(`computer players, ${m.engine.name} (${players} players): ${player} vs ${opponent}${player === 'strong' ? ` at ${budgetMs} ms` : ''}: ${r.wins} wins of ${r.games} (${pct(r.winRate)}, 95% ${pct(r.winInterval[0])}–${pct(r.winInterval[1])}), ${r.ties} ties; ${player} decision mean ${round(r.meanDecisionMs)} ms, max ${round(r.maxDecisionMs)} ms`);
    }
  }
}

// Computer players, a small sample by default (`--no-ai` skips it, `--ai` above is the full report).
if (!args['no-ai'] && !args.ai && !args['render-only']) {
  const { runMatch } = await import('./ai-match.js');
  const n = typeof args['ai-games'] === 'string' ? Number(args['ai-games']) : quick ? 2 : 10;
  out.ai = {};
  for (const m of modules) {
    const budgetMs = typeof args['ai-budget-ms'] === 'string' ? Number(args['ai-budget-ms']) : AI_BENCH_BUDGET_MS[m.engine.id] ?? 200;
    const r = await runMatch({ game: m.engine.id, games: n, players: Math.max(2, m.engine.minPlayers), budgetMs });
    out.ai[m.engine.id] = { games: r.games, players: r.players, budgetMs, strongWinRate: r.winRate, ties: r.ties, meanDecisionMs: round(r.meanDecisionMs), maxDecisionMs: round(r.maxDecisionMs) };
    log(`computer players, ${m.engine.name}: strong beat random in ${(r.winRate * 100).toFixed(1)}% of ${r.games} games (${r.players} players, ${budgetMs} ms budget); decision mean ${round(r.meanDecisionMs)} ms, max ${round(r.maxDecisionMs)} ms`);
  }
}

if (args.json) console.log(JSON.stringify(out, null, 2));
process.exit(0);
