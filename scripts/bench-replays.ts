/**
 * `npm run bench -- --storage-only --storage-games 1000 --verify-replays [--games mammut,tal] [--verify-store postgres]`
 *
 * The time of the operator's check before a deploy (`npm run maintenance -- --verify-replays`) on a database of
 * `--storage-games` games stored through the service, as the storage bench stores them (random legal choices), here
 * of every game named (round robin; default all): a third left running mid-game, the rest played to the end; one
 * game in five with a decision taken back; half of the finished ones then compacted by maintenance's `compact`.
 * With `--verify-store postgres` the SQLite file is also copied into a fresh PostgreSQL schema (`npm run db:copy`'s
 * copy and its verification, at `LOAD_DATABASE_URL`, default the local server) and checked there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { randInt, seedRng, type RngState } from '../src/engine/rng.js';
import type { GameModule } from '../src/games/types.js';
import { verifyReplays, type VerifyReport } from '../src/ops/verify-replays.js';
import { GameService } from '../src/service/games.js';
import { copyDatabase } from '../src/store/copy.js';
import { openDatabase } from '../src/store/db.js';
import { openStore } from '../src/store/open.js';
import { Repo } from '../src/store/repo.js';

/** Plays up to `n` random legal decisions (never `back`) through the service, with now and then an undo. */
async function play(service: GameService, gameId: number, rng: RngState, n: number, undo: boolean): Promise<void> {
  const undoAt = undo ? 3 + randInt(rng, 20) : -1;
  let last: number | null = null;
  for (let i = 0; i < n; i++) {
    const row = (await service.repo.game(gameId))!;
    if (row.status !== 'running') return;
    if (i === undoAt && last !== null) {
      // Undo takes back the asker's own last decision and everything after it: the last one to decide asks.
      const r = await service.undoLast(gameId, row.version, { userId: `u${last}`, name: `U${last}` }, true);
      if (!r.ok) throw new Error(r.error);
      continue;
    }
    const d = (await service.decisions(row))[0]!;
    const ids = d.options.filter((o) => o.role !== 'back');
    const r = await service.decide(gameId, { userId: `u${d.seat}` }, row.version, ids[randInt(rng, ids.length)]!.id);
    if (!r.ok) throw new Error(r.error);
    last = d.seat;
  }
}

export interface ReplayBench { games: number; built: Record<string, number>; buildSeconds: number; sqlite: VerifyReport; postgres?: VerifyReport & { copySeconds: number } }

export async function benchVerifyReplays(opts: { total: number; modules: GameModule[]; postgres: boolean; log: (line: string) => void }): Promise<ReplayBench> {
  const dir = mkdtempSync(path.join(tmpdir(), 'campfire-replays-'));
  const db = openDatabase(path.join(dir, 'replays.db'));
  const repo = Repo.sqlite(db);
  let seeds = 0;
  const service = new GameService(repo, { newSeed: () => `replays-${++seeds}` });
  const rng = seedRng('verify-replays-bench');
  const t0 = performance.now();
  const finished: number[] = [];
  for (let g = 0; g < opts.total; g++) {
    const m = opts.modules[g % opts.modules.length]!;
    const players = m.engine.minPlayers + randInt(rng, m.engine.maxPlayers - m.engine.minPlayers + 1);
    const lobby = await service.createLobby({ game: m.engine.id, guildId: 'g', channelId: 'c', threadId: `t${g}`, host: { id: 'u0', name: 'U0' }, locale: 'en' });
    if (!lobby.ok) throw new Error(lobby.error);
    for (let i = 1; i < players; i++) await service.join(lobby.value.id, { id: `u${i}`, name: `U${i}` });
    await service.start(lobby.value.id, 'u0');
    await play(service, lobby.value.id, rng, g % 3 === 0 ? 10 + randInt(rng, 60) : 100_000, g % 5 === 0);
    if ((await repo.game(lobby.value.id))!.status === 'finished') finished.push(lobby.value.id);
    if ((g + 1) % 100 === 0) opts.log(`  stored ${g + 1} games`);
  }
  for (const id of finished.filter((_, i) => i % 2 === 0)) await repo.compact(id);
  const buildSeconds = Math.round(performance.now() - t0) / 1000;
  const sqlite = await verifyReplays(repo);
  const out: ReplayBench = { games: opts.total, built: sqlite.byStatus, buildSeconds, sqlite };
  if (opts.postgres) {
    const url = process.env.LOAD_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
    const schema = `replays_${randomBytes(4).toString('hex')}`;
    const target = await openStore({ url, schema });
    try {
      const tc = performance.now();
      const copy = await copyDatabase(db, target);
      if (copy.problems.length) throw new Error(`db:copy: ${copy.problems.join('; ')}`);
      const copySeconds = Math.round(performance.now() - tc) / 1000;
      out.postgres = { ...await verifyReplays(target), copySeconds };
    } finally {
      await target.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try { await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`); } finally { await c.end(); }
    }
  }
  db.close();
  rmSync(dir, { recursive: true, force: true });
  return out;
}
