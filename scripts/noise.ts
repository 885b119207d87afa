/**
 * `npm run bench -- --noise [--game G] [--players N] [--games K] [--json]`: how loud a game is.
 *
 * Plays whole seeded games through the real bot (discord.js) and the strict stand-in with simulated people who act
 * at a reader's pace: after every click each waits until the bot has finished posting (its job runner is idle), then
 * the person whose decision has waited longest answers it — from the DM's buttons when their DM carries them, else
 * with **My turn** on the newest table, at random — choosing a random forward option at each step. Reports per game
 * and player count: handovers per round (a handover: people owe a decision who did not before the change), table
 * posts per handover (goal 1), posts for steps inside one person's turn (goal 0), pings per person per round, new DMs
 * per person per turn (goal ≤ 1), prompts whose only choice is pass (goal 0), and MB of table pictures (posted or
 * redrawn) per round per thread. Edits of messages older than an hour are not simulated (the stand-in's clock is
 * real time here).
 */
import Database from 'better-sqlite3';
import '../src/games/all.js';
import { getGame } from '../src/games/registry.js';
import type { SimUser } from '../src/standin/index.js';
import { StandInRefusal } from '../src/standin/model.js';
import { components, rand, settled, startGame, world, type World } from '../test/e2e/world.js';
import { choicesOf, dms, finished, idle, step } from '../test/e2e/reader.js';

type Obj = Record<string, any>;

const PLAYERS: Record<string, number> = { mammut: 3, eiszeit: 4, tal: 3, 'endless-winter': 3 };

export interface NoiseResult {
  game: string; players: number; games: number; decisions: number; rounds: number; handovers: number;
  tablePosts: number; postsInsideTurn: number; pings: number; dms: number; turns: number; passOnly: number; pictureMB: number;
  perGame: { handoversPerRound: number; postsPerHandover: number; pingsPerPersonPerRound: number; dmsPerPersonPerTurn: number; maxDmsInOneTurn: number; mbPerRound: number }[];
}

/**
 * `owed`: the decisions people are asked (a prompt whose only forward choice is pass counts against the goal);
 * `unseen`: seats asked in a reaction window with nothing to play, which pass by themselves and are shown to nobody.
 */
interface DbLook { version: number; status: string; owed: { seat: number; passOnly: boolean }[]; unseen: number[]; round: number; seats: string[] }

function look(w: World, gameId: number): DbLook {
  const db = new Database(w.databasePath, { readonly: true });
  try {
    const row = db.prepare('SELECT game, version, status, state FROM games WHERE id = ?').get(gameId) as { game: string; version: number; status: string; state: string };
    const seats = (db.prepare('SELECT user_id FROM players WHERE game_id = ? AND seat IS NOT NULL ORDER BY seat').all(gameId) as { user_id: string }[]).map((p) => p.user_id);
    const engine = getGame(row.game)!.engine;
    const state = JSON.parse(row.state) as Obj;
    const all = row.status === 'running' ? engine.decisions(state as never) : [];
    const onlyPass = (d: (typeof all)[number]) => { const forward = d.options.filter((o) => o.role !== 'back'); return forward.length > 0 && forward.every((o) => o.role === 'pass'); };
    const owed = all.filter((d) => !(d.window && onlyPass(d))).map((d) => ({ seat: d.seat, passOnly: onlyPass(d) }));
    const unseen = all.filter((d) => d.window && onlyPass(d)).map((d) => d.seat);
    return { version: row.version, status: row.status, owed, unseen, round: typeof state.round === 'number' ? state.round : 1, seats };
  } finally {
    db.close();
  }
}

/** Bytes of table pictures in the thread, each picture counted once (a redraw in place brings a new one). */
function pictures(w: World, thread: string, seen: Set<string>): number {
  let bytes = 0;
  for (const m of w.standIn.messagesIn(thread)) {
    for (const a of (m.attachments ?? []) as Obj[]) {
      if (a.filename !== 'table.png' || seen.has(String(a.id))) continue;
      seen.add(String(a.id));
      bytes += Number(a.size ?? 0);
    }
  }
  return bytes;
}

async function oneGame(w: World, game: string, users: SimUser[], maxClicks: number) {
  const { thread, gameId } = await startGame(w, game, users);
  await idle(w);
  const seen = new Set<string>();
  let bytes = pictures(w, thread, seen);
  const tablesNow = () => w.standIn.messagesIn(thread).filter((m) => (m.attachments ?? []).some((a: Obj) => a.filename === 'table.png')).length;
  const pingsOf = (id: string) => w.standIn.messagesIn(thread).filter((m) => ((m.mentions ?? []) as Obj[]).some((u) => u.id === id)).length;
  const s = { decisions: 0, handovers: 0, tablePosts: tablesNow(), postsInsideTurn: 0, passOnly: 0, turns: 0, maxDmsInOneTurn: 0 };
  const since = new Map<number, number>();
  let clock = 0;
  let now = look(w, gameId);
  for (const o of now.owed) { since.set(o.seat, clock); s.turns++; }
  // The DMs a person had when their turn came (their turn's DM is the first one after it).
  const dmsAtTurn = new Map<number, number>();
  for (const o of now.owed) dmsAtTurn.set(o.seat, 0);
  const firstRound = now.round;
  /** Counts one change (or several) seen since `from`: posts, the handover, turns begun and ended, DMs per turn. */
  const account = (from: { before: DbLook; posts0: number; dms0: Map<string, number> }, next: number | null): void => {
    const { before, posts0, dms0 } = from;
    if (now.version === before.version) return;
    s.decisions += now.version - before.version;
    const posted = tablesNow() - posts0;
    s.tablePosts += posted;
    const handed = now.owed.filter((o) => !before.owed.some((b) => b.seat === o.seat));
    clock++;
    for (const o of before.owed) {
      if (now.owed.some((x) => x.seat === o.seat)) continue;
      since.delete(o.seat);
      const got = dms(w, now.seats[o.seat]!).length - (dmsAtTurn.get(o.seat) ?? 0);
      s.maxDmsInOneTurn = Math.max(s.maxDmsInOneTurn, got);
    }
    for (const o of handed) { since.set(o.seat, clock); s.turns++; dmsAtTurn.set(o.seat, dms0.get(now.seats[o.seat]!) ?? 0); }
    if (handed.length || now.status !== 'running') s.handovers++;
    else s.postsInsideTurn += posted;
    if (next !== null && now.owed.find((o) => o.seat === next)?.passOnly && handed.some((o) => o.seat === next)) s.passOnly++;
  };
  const mark = () => ({ before: now, posts0: tablesNow(), dms0: new Map(users.map((u) => [u.id, dms(w, u.id).length])) });
  for (let clicks = 0; now.status === 'running' && clicks < maxClicks;) {
    // The decision that has waited longest is answered first.
    const next = [...now.owed].sort((a, b) => (since.get(a.seat) ?? 0) - (since.get(b.seat) ?? 0)).map((o) => o.seat).find((seat) => users.some((u) => u.id === now.seats[seat]));
    if (next === undefined && now.unseen.length) {
      // Only seats that pass by themselves (after a delay drawn like a person's answer): wait for them.
      const from = mark();
      for (let i = 0; i < 600 && look(w, gameId).version === from.before.version; i++) await new Promise((r) => setTimeout(r, 100));
      if (process.env.NOISE_DEBUG && look(w, gameId).version === from.before.version) {
        const db = new Database(w.databasePath, { readonly: true });
        console.error('stuck', JSON.stringify(now), JSON.stringify(db.prepare('SELECT id, effect, run_at, lane FROM jobs').all()), Date.now());
        db.close();
      }
      await idle(w);
      now = look(w, gameId);
      account(from, null);
      continue;
    }
    if (next === undefined) throw new Error(`${game}: nobody to act (computers only?)`);
    const who = users.find((u) => u.id === now.seats[next])!;
    const dm = [...dms(w, who.id)].reverse().find((m) => choicesOf(m).length > 0);
    let panel: Obj | undefined;
    if (dm && rand(2) === 0) panel = dm;
    else {
      const table = [...w.standIn.messagesIn(thread)].reverse().find((m) => components(m).some((c) => String(c.custom_id).endsWith('|turn')));
      if (!table) throw new Error(`${game}: no table with My turn`);
      panel = (await settled(w, await who.click(table.id, components(table).find((c) => String(c.custom_id).endsWith('|turn'))!.custom_id))).message;
    }
    if (now.owed.find((o) => o.seat === next)?.passOnly) s.passOnly++;
    while (panel && !finished(panel) && now.status === 'running') {
      const from = mark();
      let out: Obj;
      try {
        out = await step(w, who, panel);
      } catch (e) {
        // The panel was redrawn under the click (another seat's answer in a window it shares, a pass that came by
        // itself): a person would see the new buttons; look again.
        if (!(e instanceof StandInRefusal)) throw e;
        await idle(w);
        now = look(w, gameId);
        account(from, next);
        break;
      }
      clicks++;
      await idle(w);
      panel = out.message;
      now = look(w, gameId);
      if (now.version === from.before.version) { if (out.kind !== 'update') break; continue; }
      account(from, next);
      if (!now.owed.some((o) => o.seat === next)) break;
    }
    bytes += pictures(w, thread, seen);
    const from = mark();
    now = look(w, gameId);
    account(from, null);
  }
  bytes += pictures(w, thread, seen);
  const rounds = Math.max(1, now.round - firstRound + 1);
  const pings = users.reduce((a, u) => a + pingsOf(u.id), 0);
  const dmCount = users.reduce((a, u) => a + dms(w, u.id).length, 0);
  return { ...s, rounds, pings, dms: dmCount, bytes, finished: now.status === 'finished' };
}

export async function runNoise(opts: { games: string[]; players?: number; count: number; maxClicks?: number; log?: (line: string) => void }): Promise<NoiseResult[]> {
  const out: NoiseResult[] = [];
  for (const game of opts.games) {
    const n = opts.players ?? PLAYERS[game] ?? 3;
    const r: NoiseResult = { game, players: n, games: 0, decisions: 0, rounds: 0, handovers: 0, tablePosts: 0, postsInsideTurn: 0, pings: 0, dms: 0, turns: 0, passOnly: 0, pictureMB: 0, perGame: [] };
    for (let k = 0; k < opts.count; k++) {
      const w = await world();
      try {
        await w.startInProcess();
        const users = ['ada', 'bruno', 'chloe', 'dieter', 'emil', 'frida'].slice(0, n).map((u) => w.standIn.user(u));
        const g = await oneGame(w, game, users, opts.maxClicks ?? 4000);
        r.games++;
        r.decisions += g.decisions; r.rounds += g.rounds; r.handovers += g.handovers; r.tablePosts += g.tablePosts;
        r.postsInsideTurn += g.postsInsideTurn; r.pings += g.pings; r.dms += g.dms; r.turns += g.turns; r.passOnly += g.passOnly;
        r.pictureMB += g.bytes / 1e6;
        r.perGame.push({
          handoversPerRound: g.handovers / g.rounds, postsPerHandover: g.tablePosts / Math.max(1, g.handovers),
          pingsPerPersonPerRound: g.pings / n / g.rounds, dmsPerPersonPerTurn: g.dms / Math.max(1, g.turns), maxDmsInOneTurn: g.maxDmsInOneTurn, mbPerRound: g.bytes / 1e6 / g.rounds,
        });
        opts.log?.(`${game} (${n}) game ${k + 1}: ${g.finished ? 'finished' : 'stopped'} after ${g.decisions} decisions, ${g.rounds} rounds, ${g.handovers} handovers, ${g.tablePosts} table posts (${g.postsInsideTurn} inside a turn), ${g.pings} pings, ${g.dms} DMs over ${g.turns} turns (at most ${g.maxDmsInOneTurn} in one turn), ${g.passOnly} pass-only prompts, ${(g.bytes / 1e6).toFixed(1)} MB of table pictures`);
      } finally {
        await w.close();
      }
    }
    out.push(r);
  }
  return out;
}

/** The results as a Markdown table (sums over the games, and per round / per handover figures). */
export function noiseTable(rs: NoiseResult[]): string {
  const f = (x: number) => (Number.isFinite(x) ? x.toFixed(x >= 10 ? 0 : 2) : '–');
  const lines = [
    '| game (players) | games | decisions | rounds | handovers per round | table posts per handover | posts inside a turn | pings per person per round | new DMs per person per turn (max in one turn) | pass-only prompts | MB of table pictures per round |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rs) {
    const max = Math.max(0, ...r.perGame.map((g) => g.maxDmsInOneTurn));
    lines.push(`| ${r.game} (${r.players}) | ${r.games} | ${r.decisions} | ${r.rounds} | ${f(r.handovers / r.rounds)} | ${f(r.tablePosts / Math.max(1, r.handovers))} | ${r.postsInsideTurn} | ${f(r.pings / r.players / r.rounds)} | ${f(r.dms / Math.max(1, r.turns))} (${max}) | ${r.passOnly} | ${f(r.pictureMB / r.rounds)} |`);
  }
  return lines.join('\n');
}
