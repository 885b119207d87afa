/** Opening the database: a clear error for a file that is not a database, is damaged, cannot be written or is too new. */
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMigrations, openDatabase } from '../../src/store/db.js';

const dirs: string[] = [];
const temp = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'campfire-open-'));
  dirs.push(dir);
  return path.join(dir, name);
};
afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });

describe('opening the database', () => {
  it('GIVEN a file that is not a database THEN not_a_database', () => {
    const file = temp('x.db');
    writeFileSync(file, 'hello'.repeat(1000));
    expect(() => openDatabase(file)).toThrow(expect.objectContaining({ code: 'not_a_database' }));
  });

  it('GIVEN a truncated database THEN corrupt', () => {
    const file = temp('x.db');
    const db = openDatabase(file);
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    const cut = temp('cut.db');
    writeFileSync(cut, readFileSync(file).subarray(0, 4096 * 3));
    expect(() => openDatabase(cut)).toThrow(expect.objectContaining({ code: 'corrupt' }));
  });

  it('GIVEN a database that cannot be written THEN read_only, instead of a start that fails every write', () => {
    const file = temp('x.db');
    openDatabase(file).close();
    expect(() => openDatabase(file, { readonly: true })).toThrow(expect.objectContaining({ code: 'read_only' }));
  });

  it('GIVEN a database newer than the code THEN too_new, and it is left untouched', () => {
    const file = temp('x.db');
    const db = openDatabase(file);
    db.pragma(`user_version = ${loadMigrations().length + 5}`);
    db.close();
    expect(() => openDatabase(file)).toThrow(expect.objectContaining({ code: 'too_new' }));
    const again = new Database(file);
    expect(again.pragma('user_version', { simple: true })).toBe(loadMigrations().length + 5);
    again.close();
  });
});
