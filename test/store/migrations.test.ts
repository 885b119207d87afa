import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseTooNewError, loadMigrations, migrate, openDatabase } from '../../src/store/db.js';
import { Repo } from '../../src/store/repo.js';

const dirs: string[] = [];
afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });
const tempFile = () => { const d = mkdtempSync(path.join(tmpdir(), 'campfire-db-')); dirs.push(d); return path.join(d, 'test.db'); };

describe('migrations', () => {
  const all = loadMigrations();

  it('GIVEN an empty database THEN every migration applies and user_version is the newest', () => {
    const db = new Database(':memory:');
    expect(migrate(db)).toBe(all.length);
    expect(db.pragma('user_version', { simple: true })).toBe(all.length);
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(['games', 'players', 'decisions', 'user_settings']));
  });

  it('GIVEN a finished game written before 007 THEN after migrating it is compacted and reads the same', async () => {
    const db = new Database(':memory:');
    migrate(db, all, 6);
    const id = Number(db.prepare(`INSERT INTO games (game, status, channel_id, host_id, seed, state, version, created_at, updated_at) VALUES ('toy', 'finished', 'c', 'u1', 's', '{}', 2, 1, 1)`).run().lastInsertRowid);
    db.prepare(`INSERT INTO decisions (game_id, version, seat, option, user_id, events, at, undone) VALUES (?, 1, 0, 'a', 'u1', '[{"msg":{"key":"x"}}]', 5, 1), (?, 2, 0, 'b', 'u1', '[]', 9, 0)`).run(id, id);
    migrate(db);
    const repo = Repo.sqlite(db, () => 1000);
    const before = await repo.decisions(id);
    expect(await repo.compact(id)).toBe(true);
    expect((await repo.game(id))!.state).toBeNull();
    // Taken-back decisions keep their log lines; the others' come back from a replay (marked '').
    expect(await repo.decisions(id)).toEqual([before[0], { ...before[1], events: '' }]);
    expect((await repo.activeDecisions(id)).map((d) => d.option)).toEqual(['b']);
    expect(await repo.decisionCount(id)).toBe(1);
    expect(await repo.compactable(10)).toEqual([]);
  });

  it('GIVEN a database at each previous version with data THEN migrating keeps the data', async () => {
    for (let from = 1; from < all.length + 1; from++) {
      const db = new Database(':memory:');
      migrate(db, all, from);
      expect(db.pragma('user_version', { simple: true })).toBe(from);
      // Rows written with the oldest schema's columns, as an old version of the bot wrote them.
      const id = Number(db.prepare(`INSERT INTO games (game, status, channel_id, host_id, created_at, updated_at) VALUES ('toy', 'running', 'c', 'u1', 1, 1)`).run().lastInsertRowid);
      db.prepare(`INSERT INTO players (game_id, user_id, name, joined, seat) VALUES (?, 'u1', 'Ann', 1, 0)`).run(id);
      db.prepare(`INSERT INTO decisions (game_id, version, seat, option, user_id, at) VALUES (?, 1, 0, 'pass', 'u1', 5)`).run(id);
      expect(migrate(db)).toBe(all.length);
      const repo = Repo.sqlite(db, () => 1000);
      expect((await repo.game(id))?.host_id).toBe('u1');
      expect((await repo.players(id)).map((p) => [p.name, p.replaced])).toEqual([['Ann', 0]]);
      expect((await repo.activeDecisions(id)).map((d) => [d.option, d.undone, d.revealed])).toEqual([['pass', 0, 0]]);
    }
  });

  it('GIVEN a database newer than the code THEN it is refused and left untouched', () => {
    const file = tempFile();
    const db = openDatabase(file);
    db.pragma(`user_version = ${all.length + 1}`);
    db.close();
    expect(() => openDatabase(file)).toThrow(expect.objectContaining({ code: 'too_new' }));
    expect(() => migrate(new Database(file))).toThrow(DatabaseTooNewError);
    const again = new Database(file);
    expect(again.pragma('user_version', { simple: true })).toBe(all.length + 1);
    again.close();
  });

  it('GIVEN a failing migration THEN none of the pending ones is applied', () => {
    const db = new Database(':memory:');
    const broken = [...all, { version: all.length + 1, name: 'x', sql: 'CREATE TABLE ok_table (a); THIS IS NOT SQL;' }];
    expect(() => migrate(db, broken)).toThrow();
    expect(db.pragma('user_version', { simple: true })).toBe(0);
    expect(db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE name IN ('games', 'ok_table')").get()).toEqual({ n: 0 });
  });

  it('opens file databases in WAL mode', () => {
    const db = openDatabase(tempFile());
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });
});
