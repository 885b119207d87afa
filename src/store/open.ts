/**
 * Opens the store the settings ask for: PostgreSQL when `DATABASE_URL` is a `postgres://` URL, else the SQLite
 * file at `DATABASE_PATH` (default `./data/campfire.db`). Both are migrated; what comes back is a `Repo`, and
 * nothing above it knows which database it is.
 */
import { defaultDatabasePath, openDatabase } from './db.js';
import { openPostgres } from './pgdb.js';
import { Repo } from './repo.js';
import { SqliteSql } from './sqlite.js';

export function isPostgresUrl(url: string | undefined | null): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

export interface StoreOptions {
  /** `postgres://…`; unset: SQLite. */
  url?: string;
  /** The SQLite file (ignored with a PostgreSQL URL). */
  path?: string;
  /** PostgreSQL: keep the tables in this schema (tests). */
  schema?: string;
  now?: () => number;
}

export async function openStore(opts: StoreOptions = {}): Promise<Repo> {
  const url = opts.url ?? process.env.DATABASE_URL;
  if (isPostgresUrl(url)) return new Repo(await openPostgres(url, { schema: opts.schema }), opts.now);
  return new Repo(new SqliteSql(openDatabase(opts.path ?? defaultDatabasePath())), opts.now);
}
