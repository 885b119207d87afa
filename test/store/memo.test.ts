/**
 * Rows read once per transaction or read-only call (`store/memo.ts`), on both databases: a game's row, players and
 * settings are read from the database once in a scope, a write in the scope is read back at once, a rolled-back
 * savepoint leaves nothing of itself behind, and nothing is kept from one transaction to the next (another process's
 * change is seen by the next transaction). A process that alone writes its database (the bot on its SQLite file) keeps
 * the rows across calls: each is read once until a write through the repo or a rollback.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import Database from 'better-sqlite3';
import { migrate } from '../../src/store/db.js';
import { Repo } from '../../src/store/repo.js';
import { STORES, testStore, type TestStore } from '../helpers/stores.js';

const opened: TestStore[] = [];
afterEach(async () => { while (opened.length) await opened.pop()!.drop(); });
async function store(kind: 'sqlite' | 'postgres') {
  const s = await testStore(kind);
  opened.push(s);
  return s;
}

async function gameOfTwo(repo: Repo): Promise<number> {
  const id = await repo.createGame({ game: 'toy', guildId: 'g1', channelId: 'c1', threadId: null, hostId: 'u1', locale: 'en', options: {} });
  await repo.addPlayer(id, 'u1', 'Ann');
  await repo.addPlayer(id, 'u2', 'Bob');
  return id;
}

/** Inside a transaction: a savepoint that seats Ann, reads it back and fails. */
async function seatInFailedSavepoint(repo: Repo, id: number): Promise<void> {
  await expect(repo.transaction(async () => {
    await repo.setSeat(id, 'u1', 1);
    expect((await repo.players(id))[0]!.seat).toBe(1);
    throw new Error('boom');
  })).rejects.toThrow('boom');
}

/** Counts from now on the statements that read a table (`count('players')`). */
function reads(repo: Repo): (table: string) => number {
  const calls = [vi.spyOn(repo.sql, 'all'), vi.spyOn(repo.sql, 'get')];
  return (table) => calls.flatMap((c) => c.mock.calls).filter((c) => String(c[0]).includes(`FROM ${table} WHERE`)).length;
}

describe.each(STORES)('rows read once on $kind', ({ kind, runs }) => {
  it.skipIf(!runs)('GIVEN one transaction THEN a game, its players and a user\'s settings are read once each, and every write is read back', async () => {
    const { repo } = await store(kind);
    const id = await gameOfTwo(repo);
    const count = reads(repo);
    await repo.transaction(async () => {
      for (let i = 0; i < 3; i++) {
        expect((await repo.players(id)).map((p) => p.name)).toEqual(['Ann', 'Bob']);
        expect((await repo.game(id))!.version).toBe(0);
        expect((await repo.settings('u1')).dms).toBe(1);
      }
      await repo.setSeat(id, 'u2', 0);
      await repo.update(id, { version: 4 });
      await repo.saveSettings({ ...await repo.settings('u1'), dms: 0 });
      expect((await repo.players(id)).find((p) => p.user_id === 'u2')!.seat).toBe(0);
      expect((await repo.game(id))!.version).toBe(4);
      expect((await repo.settings('u1')).dms).toBe(0);
    });
    expect([count('players'), count('games'), count('user_settings')]).toEqual([2, 2, 2]);
  });

  it.skipIf(!runs)('GIVEN a savepoint rolled back THEN what it wrote is not read back from the scope', async () => {
    const { repo } = await store(kind);
    const id = await gameOfTwo(repo);
    await repo.transaction(async () => {
      expect((await repo.players(id))[0]!.seat).toBeNull();
      await seatInFailedSavepoint(repo, id);
      expect((await repo.players(id))[0]!.seat).toBeNull();
    });
  });

  it.skipIf(!runs)('GIVEN a change made outside the scopes between two transactions THEN the second transaction reads it', async () => {
    const { repo } = await store(kind);
    const id = await gameOfTwo(repo);
    expect(await repo.transaction(async () => (await repo.players(id)).map((p) => p.name))).toEqual(['Ann', 'Bob']);
    // As another process would: straight into the database, past the repo's own writes.
    await repo.sql.run('UPDATE players SET name = ? WHERE game_id = ? AND user_id = ?', ['Ann B.', id, 'u1']);
    expect(await repo.transaction(async () => (await repo.players(id)).map((p) => p.name))).toEqual(['Ann B.', 'Bob']);
  });

  it.skipIf(!runs)('GIVEN a read-only call that runs a transaction THEN it reads what the transaction wrote', async () => {
    const { repo } = await store(kind);
    const id = await gameOfTwo(repo);
    await repo.reading(async () => {
      expect((await repo.game(id))!.version).toBe(0);
      await repo.transaction(async () => { await repo.sql.run('UPDATE games SET version = 9 WHERE id = ?', [id]); });
      expect((await repo.game(id))!.version).toBe(9);
    });
  });

  it.skipIf(!runs)('GIVEN rows read in a scope THEN a caller changing them changes nothing the next caller gets, and work left behind by the scope reads afresh', async () => {
    const { repo } = await store(kind);
    const id = await gameOfTwo(repo);
    const later: { name?: Promise<string | undefined> } = {};
    let go!: () => void;
    const gate = new Promise<void>((r) => { go = r; });
    await repo.reading(async () => {
      const ps = await repo.players(id);
      ps[0]!.name = 'changed';
      ps.reverse();
      expect((await repo.players(id)).map((p) => p.name)).toEqual(['Ann', 'Bob']);
      later.name = gate.then(async () => (await repo.players(id))[0]?.name);
    });
    await repo.sql.run('UPDATE players SET name = ? WHERE game_id = ? AND user_id = ?', ['Ann B.', id, 'u1']);
    go();
    expect(await later.name).toBe('Ann B.');
  });
});

describe('rows kept across calls where the process alone writes the database (the bot on SQLite)', () => {
  const alone = () => { const db = new Database(':memory:'); migrate(db); return Repo.sqlite(db, Date.now, { alone: true }); };

  it('GIVEN many calls THEN a game, its players and settings are read once, and every write through the repo is read back in the next call', async () => {
    const repo = alone();
    const id = await gameOfTwo(repo);
    const count = reads(repo);
    for (let i = 0; i < 3; i++) {
      await repo.transaction(async () => { await repo.players(id); await repo.game(id); await repo.settings('u1'); });
      await repo.reading(async () => { await repo.players(id); await repo.game(id); });
      await repo.players(id);
    }
    expect([count('players'), count('games'), count('user_settings')]).toEqual([1, 1, 1]);
    await repo.transaction(async () => {
      await repo.setSeat(id, 'u2', 0);
      await repo.update(id, { version: 4 });
      await repo.saveSettings({ ...await repo.settings('u1'), dms: 0 });
    });
    expect((await repo.players(id)).find((p) => p.user_id === 'u2')!.seat).toBe(0);
    expect((await repo.reading(() => repo.game(id)))!.version).toBe(4);
    expect((await repo.transaction(() => repo.settings('u1'))).dms).toBe(0);
    await repo.addPlayer(id, 'u3', 'Cy');
    expect((await repo.players(id)).map((p) => p.name)).toEqual(['Ann', 'Bob', 'Cy']);
  });

  it('GIVEN a transaction that reads its own write and then fails THEN the next call reads what the database holds, not the write', async () => {
    const repo = alone();
    const id = await gameOfTwo(repo);
    expect((await repo.game(id))!.version).toBe(0);
    await expect(repo.transaction(async () => {
      await repo.update(id, { version: 7 });
      expect((await repo.game(id))!.version).toBe(7);
      throw new Error('boom');
    })).rejects.toThrow('boom');
    expect((await repo.game(id))!.version).toBe(0);
    // A savepoint rolled back inside a transaction that commits: likewise.
    await repo.transaction(async () => {
      await seatInFailedSavepoint(repo, id);
    });
    expect((await repo.players(id))[0]!.seat).toBeNull();
  });

  it('GIVEN a repo that shares its database (the default) THEN nothing is kept from one call to the next', async () => {
    const db = new Database(':memory:');
    migrate(db);
    const repo = Repo.sqlite(db);
    const id = await gameOfTwo(repo);
    const count = reads(repo);
    for (let i = 0; i < 3; i++) await repo.reading(() => repo.game(id));
    expect(count('games')).toBe(3);
  });
});
