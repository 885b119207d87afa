/**
 * Keeping the database small: finished and abandoned games are compacted (`Repo.compact`), and the pages they
 * freed go back to the file system (incremental vacuum; a one-time full VACUUM turns it on for an old database).
 */
import type { Logger } from './log.js';
import type { Db } from '../store/db.js';
import type { Repo } from '../store/repo.js';

export interface MaintenanceResult { compacted: number; bytesBefore: number; bytesAfter: number; vacuum: 'incremental' | 'full' | 'none' }

export function databaseBytes(db: Db): number {
  return (db.pragma('page_count', { simple: true }) as number) * (db.pragma('page_size', { simple: true }) as number);
}

/** Bytes the data takes: the file without its free pages. */
export function usedBytes(db: Db): number {
  return ((db.pragma('page_count', { simple: true }) as number) - (db.pragma('freelist_count', { simple: true }) as number)) * (db.pragma('page_size', { simple: true }) as number);
}

/**
 * Pages' worth of bytes lying unused inside pages: a compacted game's row shrinks in place, and new games go to new
 * pages, so that room is only given back by a full VACUUM. Needs SQLite's dbstat table (better-sqlite3 has it);
 * 0 without it.
 */
function wasted(db: Db): number {
  try {
    const r = db.prepare('SELECT SUM(unused) AS unused FROM dbstat').get() as { unused: number | null };
    return (r.unused ?? 0) / (db.pragma('page_size', { simple: true }) as number);
  } catch {
    return 0;
  }
}

/**
 * Compacts up to `batch` finished games per call (each in its own short transaction, so players are never kept
 * waiting), then returns free pages to the file system: the incremental vacuum, or a full VACUUM when more than a
 * quarter of the file is free or unused room (it rewrites the file: a second or so per 10,000 games).
 */
export async function runMaintenance(repo: Repo, log: Logger, opts: { batch?: number; fullVacuum?: boolean; vacuum?: boolean } = {}): Promise<MaintenanceResult> {
  // PostgreSQL gives space back by itself (autovacuum): there only the compaction is ours, and sizes are not kept.
  const db = repo.sqliteDb;
  const bytesBefore = db ? databaseBytes(db) : 0;
  let compacted = 0;
  for (const id of await repo.compactable(opts.batch ?? 500)) if (await repo.compact(id)) compacted++;
  let vacuum: MaintenanceResult['vacuum'] = 'none';
  if (opts.vacuum === false || !db) {
    if (compacted) log.info('maintenance', { compacted });
    return { compacted, bytesBefore, bytesAfter: db ? databaseBytes(db) : 0, vacuum };
  }
  if ((db.pragma('auto_vacuum', { simple: true }) as number) === 2 && (db.pragma('freelist_count', { simple: true }) as number) > 0) {
    db.pragma('incremental_vacuum');
    vacuum = 'incremental';
  }
  const pages = db.pragma('page_count', { simple: true }) as number;
  const free = db.pragma('freelist_count', { simple: true }) as number;
  if (opts.fullVacuum || free > pages / 4 || wasted(db) > pages / 4) {
    // VACUUM rewrites the file packed; with auto_vacuum set first, freed pages go back by the incremental step later.
    db.pragma('auto_vacuum = INCREMENTAL');
    db.exec('VACUUM');
    vacuum = 'full';
  }
  const bytesAfter = databaseBytes(db);
  if (compacted || vacuum !== 'none') log.info('maintenance', { compacted, vacuum, bytesBefore, bytesAfter });
  return { compacted, bytesBefore, bytesAfter, vacuum };
}

/**
 * The bot's maintenance: compacts finished games a few at a time, yielding to the event loop between batches so
 * interactions are answered meanwhile, then vacuums once. Resolves with the total compacted.
 */
export async function maintainInSlices(repo: Repo, log: Logger, opts: { batch?: number; stopped?: () => boolean } = {}): Promise<number> {
  let total = 0;
  for (;;) {
    if (opts.stopped?.()) return total;
    const r = await runMaintenance(repo, log, { batch: opts.batch ?? 20, vacuum: false });
    total += r.compacted;
    if (!r.compacted) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  if (!opts.stopped?.()) await runMaintenance(repo, log, { batch: 0 });
  return total;
}
