/**
 * Moving up: copies a SQLite database into an empty PostgreSQL one, table by table in one transaction, and
 * verifies the copy — the same number of rows in every table, and every game's stored state equal to a replay
 * of its seed and decisions on the copy (a compacted game replays from its archive). `npm run db:copy`.
 */
import { replay } from '../engine/apply.js';
import { getGame } from '../games/registry.js';
import type { Db } from './db.js';
import type { Repo } from './repo.js';

/** Tables in an order that satisfies their foreign keys. */
export const TABLES = [
  'games', 'players', 'decisions', 'table_log', 'turns', 'vacations', 'user_settings', 'guild_settings', 'votes', 'polls',
  'results', 'placings', 'ratings', 'rating_changes', 'jobs', 'archives',
] as const;

/** Tables whose ids the target must go on counting from. */
const IDENTITY = ['games', 'jobs'] as const;

const BATCH = 200;

export interface CopyReport {
  tables: Record<string, { source: number; target: number }>;
  games: { checked: number; replayed: number; compacted: number };
  problems: string[];
}

export class CopyError extends Error {}

function columns(db: Db, table: string): string[] {
  return (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
}

/** Copies every row of `source` (a migrated SQLite database) into `target`, which must hold no games yet. */
export async function copyDatabase(source: Db, target: Repo, opts: { log?: (line: string) => void } = {}): Promise<CopyReport> {
  const log = opts.log ?? (() => {});
  if (target.dialect !== 'postgres') throw new CopyError('the target must be a PostgreSQL database (postgres://…)');
  const sql = target.sql;
  const existing = await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM games');
  if (existing!.n > 0) throw new CopyError(`the target already holds ${existing!.n} games; copy into an empty database`);
  await target.transaction(async () => {
    for (const table of TABLES) {
      const cols = columns(source, table);
      const list = cols.join(', ');
      let done = 0;
      const rows = source.prepare(`SELECT ${list} FROM ${table} ORDER BY rowid`).iterate() as IterableIterator<Record<string, unknown>>;
      let batch: Record<string, unknown>[] = [];
      const flush = async () => {
        if (!batch.length) return;
        const values = batch.map(() => `(${cols.map(() => '?').join(', ')})`).join(', ');
        await sql.run(`INSERT INTO ${table} (${list}) VALUES ${values}`, batch.flatMap((r) => cols.map((c) => r[c] as string | number | null | Buffer)));
        done += batch.length;
        batch = [];
      };
      for (const r of rows) {
        batch.push(r);
        if (batch.length >= BATCH) await flush();
      }
      await flush();
      log(`${table}: ${done} rows`);
    }
    for (const table of IDENTITY) {
      await sql.run(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), COALESCE((SELECT MAX(id) FROM ${table}), 0) + 1, false)`);
    }
  });
  return verifyCopy(source, target);
}

/** Counts in every table, and every game's state against a replay of its decisions, on the copy. */
export async function verifyCopy(source: Db, target: Repo): Promise<CopyReport> {
  const report: CopyReport = { tables: {}, games: { checked: 0, replayed: 0, compacted: 0 }, problems: [] };
  for (const table of TABLES) {
    const s = (source.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    const t = (await target.sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n;
    report.tables[table] = { source: s, target: t };
    if (s !== t) report.problems.push(`${table}: ${s} rows in the source, ${t} in the copy`);
  }
  const games = await target.sql.all<{ id: number; game: string; status: string; seed: string | null; state: string | null; options: string }>('SELECT id, game, status, seed, state, options FROM games WHERE seed IS NOT NULL ORDER BY id');
  for (const g of games) {
    report.games.checked++;
    const m = getGame(g.game);
    if (!m) { report.problems.push(`game ${g.id}: ${g.game} is not a game this Campfire knows`); continue; }
    const seats = (await target.players(g.id)).filter((p) => p.seat !== null).length;
    const choices = (await target.activeDecisions(g.id)).map((d) => ({ seat: d.seat, option: d.option }));
    let replayed: string;
    try {
      replayed = JSON.stringify(replay(m.engine, seats, JSON.parse(g.options), g.seed!, choices));
    } catch (err) {
      report.problems.push(`game ${g.id}: does not replay (${(err as Error).message})`);
      continue;
    }
    if (g.state === null) { report.games.compacted++; continue; }
    if (replayed !== g.state) report.problems.push(`game ${g.id}: its stored state differs from the replay of its decisions`);
    else report.games.replayed++;
  }
  return report;
}
