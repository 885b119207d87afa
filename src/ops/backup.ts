/**
 * Backups with SQLite's online backup API (the bot keeps running and writing meanwhile): written to a temporary
 * name, checked with `integrity_check`, then renamed into place (a backup file is whole or absent), the oldest
 * pruned. A restore refuses while the bot runs: the running bot holds a pid file next to the database.
 */
import Database from 'better-sqlite3';
import { closeSync, copyFileSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadMigrations, type Db } from '../store/db.js';

const PREFIX = 'campfire-';
const SUFFIX = '.db';

function stamp(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15) + 'Z';
}

/** Backups in `dir`, oldest first. */
export function listBackups(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.startsWith(PREFIX) && f.endsWith(SUFFIX)).sort().map((f) => path.join(dir, f));
}

/** `integrity_check` of a database file: 'ok' or what SQLite found. */
export function checkFile(file: string): string {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return String(db.pragma('integrity_check', { simple: true }));
  } finally {
    db.close();
  }
}

export class BackupError extends Error {}

/** Takes a backup of `db` into `dir` and keeps the newest `keep`. Returns the backup's path. */
export async function backupTo(db: Db, dir: string, opts: { keep?: number; now?: number } = {}): Promise<string> {
  mkdirSync(dir, { recursive: true });
  let target = path.join(dir, `${PREFIX}${stamp(opts.now ?? Date.now())}${SUFFIX}`);
  for (let n = 2; existsSync(target); n++) target = path.join(dir, `${PREFIX}${stamp(opts.now ?? Date.now())}-${n}${SUFFIX}`);
  const partial = `${target}.partial`;
  try {
    await db.backup(partial);
    const check = checkFile(partial);
    if (check !== 'ok') throw new BackupError(`the backup failed its integrity check (${check})`);
    const fd = openSync(partial, 'r+');
    fsyncSync(fd);
    closeSync(fd);
    renameSync(partial, target);
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
  const keep = opts.keep ?? 7;
  const all = listBackups(dir);
  for (const old of all.slice(0, Math.max(0, all.length - keep))) rmSync(old, { force: true });
  return target;
}

// ---- the running bot's pid file ---------------------------------------------------------------------

export const pidFileOf = (databasePath: string) => `${path.resolve(databasePath)}.pid`;

/** The pid of a live process that holds the database, or null. A pid file of a dead process is stale. */
export function runningPid(databasePath: string): number | null {
  const file = pidFileOf(databasePath);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** Marks the database as in use by this process (the bot at start); returns the function that unmarks it. */
export function holdDatabase(databasePath: string): () => void {
  if (databasePath === ':memory:') return () => {};
  const file = pidFileOf(databasePath);
  writeFileSync(file, `${process.pid}\n`);
  return () => { if (existsSync(file) && readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true }); };
}

/**
 * Puts `backup` in place of the database at `databasePath`. Refuses while the bot runs, and refuses a file that
 * is damaged or newer than this code. The database it replaces is kept as `<database>.before-restore`.
 */
export function restoreFrom(backup: string, databasePath: string): { replaced: string | null } {
  const pid = runningPid(databasePath);
  if (pid !== null) throw new BackupError(`Campfire is running (pid ${pid}) on ${databasePath}; stop it first (it finishes its work on SIGTERM), then restore (if no Campfire runs, delete ${pidFileOf(databasePath)})`);
  if (!existsSync(backup)) throw new BackupError(`no such backup: ${backup}`);
  let check: string;
  try { check = checkFile(backup); } catch (err) { throw new BackupError(`${backup} is not a database (${(err as Error).message})`); }
  if (check !== 'ok') throw new BackupError(`${backup} is damaged (${check}); choose another backup`);
  const probe = new Database(backup, { readonly: true });
  const version = probe.pragma('user_version', { simple: true }) as number;
  probe.close();
  if (version > loadMigrations().length) throw new BackupError(`${backup} was written by a newer Campfire (schema ${version}); upgrade first`);
  const target = path.resolve(databasePath);
  mkdirSync(path.dirname(target), { recursive: true });
  const incoming = `${target}.restoring`;
  copyFileSync(backup, incoming);
  let replaced: string | null = null;
  if (existsSync(target)) {
    // Fold the old database's WAL into it before keeping it aside, so the copy kept is whole.
    const old = new Database(target);
    old.pragma('wal_checkpoint(TRUNCATE)');
    old.close();
    replaced = `${target}.before-restore`;
    renameSync(target, replaced);
  }
  // A WAL or shared-memory file left from the old database must never be applied to the restored one.
  for (const ext of ['-wal', '-shm']) rmSync(`${target}${ext}`, { force: true });
  renameSync(incoming, target);
  return { replaced };
}
