/**
 * The store on both databases: the same functions give the same answers on SQLite and PostgreSQL, transactions
 * roll back and nest, job claims keep lanes in order and in one process at a time, and two processes acting on one
 * game apply exactly one decision (the other is told the game moved on).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { registerGame } from '../../src/games/registry.js';
import { Campfire } from '../../src/service/index.js';
import { openDatabase } from '../../src/store/db.js';
import { openStore } from '../../src/store/open.js';
import { Repo } from '../../src/store/repo.js';
import { toy } from '../helpers/toy-game.js';
import { PG_URL, STORES, testStore, type TestStore } from '../helpers/stores.js';

registerGame(toy);

const opened: TestStore[] = [];
afterEach(async () => { while (opened.length) await opened.pop()!.drop(); });
async function store(kind: 'sqlite' | 'postgres', now?: () => number, schema?: string) {
  const s = await testStore(kind, now, schema);
  opened.push(s);
  return s;
}

const newGame = (repo: Repo, n = 1) => repo.createGame({ game: 'toy', guildId: 'g1', channelId: `c${n}`, threadId: null, hostId: 'u1', locale: 'en', options: {} });

describe.each(STORES)('the store on $kind', ({ kind, runs }) => {
  it.skipIf(!runs)('GIVEN rows written THEN they read back with numbers as numbers and text as text', async () => {
    const { repo } = await store(kind, () => 1_700_000_000_123);
    const id = await newGame(repo);
    expect(typeof id).toBe('number');
    expect(await repo.addPlayer(id, 'u1', 'Ann')).toBe(true);
    expect(await repo.addPlayer(id, 'u1', 'Ann again')).toBe(false);
    await repo.addPlayer(id, 'u2', 'Bob');
    await repo.update(id, { status: 'running', version: 3, seed: 's' });
    const g = (await repo.game(id))!;
    expect(g).toMatchObject({ id, game: 'toy', status: 'running', version: 3, created_at: 1_700_000_000_123, guild_id: 'g1', thread_id: null, lives_in_channel: 0 });
    expect((await repo.players(id)).map((p) => [p.user_id, p.joined, p.kind])).toEqual([['u1', 1, 'human'], ['u2', 2, 'human']]);
    await repo.insertDecision({ game_id: id, version: 1, seat: 0, option: 'a', user_id: 'u1', events: '[]', at: 5, revealed: 0 });
    await expect(repo.insertDecision({ game_id: id, version: 1, seat: 1, option: 'b', user_id: 'u2', events: '[]', at: 6, revealed: 0 })).rejects.toThrow();
    expect(await repo.decisionCount(id)).toBe(1);
    await repo.addResult({ game_id: id, user_id: 'u1', game: 'toy', guild_id: 'g1', place: 1, score: 12.5, won: 1, players: 2 });
    await repo.addResult({ game_id: id, user_id: 'u2', game: 'toy', guild_id: 'g1', place: 2, score: 3, won: 0, players: 2 });
    expect(await repo.stats('u1')).toEqual([{ game: 'toy', games: 1, wins: 1, avg_place: 1 }]);
    await repo.vote(id, 'abandon', 'u2', 'yes');
    await repo.vote(id, 'abandon', 'u1', 'no');
    await repo.vote(id, 'abandon', 'u2', 'no');
    expect(await repo.votes(id, 'abandon')).toEqual([{ user_id: 'u2', vote: 'no' }, { user_id: 'u1', vote: 'no' }]);
  });

  it.skipIf(!runs)('GIVEN a transaction that throws THEN nothing of it stays; a failed savepoint leaves the rest of its transaction', async () => {
    const { repo } = await store(kind);
    const id = await newGame(repo);
    await expect(repo.transaction(async () => { await repo.update(id, { version: 7 }); throw new Error('boom'); })).rejects.toThrow('boom');
    expect((await repo.game(id))!.version).toBe(0);
    const seen: string[] = [];
    await repo.transaction(async () => {
      await repo.update(id, { version: 1 });
      repo.afterCommit(() => seen.push('outer'));
      await repo.transaction(async () => { await repo.update(id, { version: 99 }); repo.afterCommit(() => seen.push('inner, rolled back')); throw new Error('inner'); }).catch(() => {});
      expect(seen).toEqual([]);
    });
    expect((await repo.game(id))!.version).toBe(1);
    expect(seen).toEqual(['outer']);
  });

  it.skipIf(!runs)('GIVEN a finished game compacted THEN its decisions come back from the archive', async () => {
    const { repo } = await store(kind);
    const id = await newGame(repo);
    for (let v = 1; v <= 3; v++) await repo.insertDecision({ game_id: id, version: v, seat: v % 2, option: `o${v}`, user_id: 'u1', events: JSON.stringify([{ msg: { key: 'x' } }]), at: 100 + v, revealed: 0 });
    await repo.markUndone(id, 2);
    await repo.update(id, { status: 'finished' });
    expect(await repo.compact(id)).toBe(true);
    expect(await repo.compact(id)).toBe(false);
    expect((await repo.decisions(id)).map((d) => [d.version, d.option, d.undone])).toEqual([[1, 'o1', 0], [2, 'o2', 1], [3, 'o3', 0]]);
    expect((await repo.activeDecisions(id)).map((d) => d.version)).toEqual([1, 3]);
  });

  it.skipIf(!runs)('GIVEN jobs in lanes THEN a claim takes each lane\'s first job only, another process gets none of them until the claim runs out or is finished', async () => {
    let now = 1000;
    const { repo } = await store(kind, () => now);
    const id = await newGame(repo);
    const a1 = await repo.jobs.add({ game_id: id, lane: 'game', effect: '{"kind":"table"}', priority: 0, run_at: now });
    const a2 = await repo.jobs.add({ game_id: id, lane: 'game', effect: '{"kind":"computer"}', priority: 1, run_at: now });
    const d1 = await repo.jobs.add({ game_id: id, lane: 'dm:0', effect: '{"kind":"dm"}', priority: 2, run_at: now });
    const first = await repo.jobs.claim('host-a', now, 10, 60_000);
    expect(first.map((j) => j.id)).toEqual([a1, d1]);
    expect(await repo.jobs.claim('host-b', now, 10, 60_000)).toEqual([]);
    await repo.jobs.finish(a1);
    expect((await repo.jobs.claim('host-b', now, 10, 60_000)).map((j) => j.id)).toEqual([a2]);
    await repo.jobs.retry(a2, now + 120_000, 'Discord said 503');
    // host-a dies holding d1: after its claim runs out, another process takes it.
    now += 60_001;
    expect((await repo.jobs.claim('host-b', now, 10, 60_000)).map((j) => j.id)).toEqual([d1]);
    // A restarted host frees what it held at once; a job waiting for its retry stays waiting.
    expect(await repo.jobs.releaseClaims('host-b')).toBe(1);
    expect((await repo.jobs.claim('host-a', now, 10, 60_000)).map((j) => j.id)).toEqual([d1]);
    now += 60_000;
    expect((await repo.jobs.claim('host-a', now, 10, 60_000)).map((j) => j.id)).toEqual([a2]);
  });
});

describe.skipIf(!STORES[1]!.runs)('PostgreSQL only', () => {
  it('GIVEN two processes claiming jobs at the same moment THEN every job is claimed exactly once', async () => {
    const a = await store('postgres');
    const b = await store('postgres', undefined, a.schema!);
    const ids: number[] = [];
    for (let g = 0; g < 40; g++) {
      const id = await newGame(a.repo, g);
      ids.push(await a.repo.jobs.add({ game_id: id, lane: 'game', effect: '{"kind":"table"}', priority: 0, run_at: 0 }));
    }
    const claimed: number[] = [];
    await Promise.all([...Array(8)].map(async (_, i) => {
      const repo = i % 2 ? b.repo : a.repo;
      for (let k = 0; k < 10; k++) claimed.push(...(await repo.jobs.claim(`w${i}`, 1, 3, 60_000)).map((j) => j.id));
    }));
    expect(claimed.sort((x, y) => x - y)).toEqual(ids);
  });

  it('GIVEN one lock name THEN only one transaction at a time holds it', async () => {
    const a = await store('postgres');
    const b = await store('postgres', undefined, a.schema!);
    let inner: boolean | null = null;
    const outer = await a.repo.transaction(async () => {
      const mine = await a.repo.tryExclusive('tick');
      inner = await b.repo.transaction(() => b.repo.tryExclusive('tick'));
      return mine;
    });
    expect(outer).toBe(true);
    expect(inner).toBe(false);
    expect(await b.repo.transaction(() => b.repo.tryExclusive('tick'))).toBe(true);
  });

  it('GIVEN a database written by a newer Campfire THEN it is refused, not changed', async () => {
    const a = await store('postgres');
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    try { await c.query(`UPDATE "${a.schema}".campfire_schema SET version = 999`); } finally { await c.end(); }
    await expect(openStore({ url: PG_URL, schema: a.schema! })).rejects.toThrow(/schema version 999/);
  });
});

/**
 * Two service instances (two processes) on one database, each with its own cache, clicking the same game. On
 * PostgreSQL only: a SQLite file belongs to one process (a second `npm start` on it is refused), and two SQLite
 * connections inside one process would wait for each other's write lock on one thread.
 */
describe.skipIf(!STORES[1]!.runs)('two processes on one PostgreSQL database', () => {
  const kind = 'postgres' as string;
  it('GIVEN both click the same option of the same version at once THEN exactly one decision is applied and the other is told the game moved on', async () => {
    let a: Repo, b: Repo;
    if (kind === 'sqlite') {
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'cf-two-')), 'c.db');
      a = Repo.sqlite(openDatabase(file));
      b = Repo.sqlite(openDatabase(file));
      opened.push({ kind, repo: a, db: null, url: null, schema: null, drop: () => a.close() }, { kind, repo: b, db: null, url: null, schema: null, drop: () => b.close() });
    } else {
      const s = await store('postgres');
      a = s.repo;
      b = (await store('postgres', undefined, s.schema!)).repo;
    }
    const one = new Campfire(a, { worker: 'one' });
    const two = new Campfire(b, { worker: 'two' });
    for (let round = 0; round < 10; round++) {
      const g = (await one.games.createLobby({ game: 'toy', guildId: 'g', channelId: `c${round}`, threadId: null, host: { id: 'u1', name: 'Ann' }, locale: 'en' }));
      if (!g.ok) throw new Error(g.error);
      await one.games.join(g.value.id, { id: 'u2', name: 'Bob' });
      await one.games.start(g.value.id, 'u1');
      const row = (await two.views.game(g.value.id))!;
      const d = (await two.games.decisions(row))[0]!;
      const user = (await two.games.seats(row.id))[d.seat]!.user_id;
      const option = d.options.find((o) => o.role !== 'back')!.id;
      const results = await Promise.all([one.games.decide(row.id, { userId: user }, row.version, option), two.games.decide(row.id, { userId: user }, row.version, option)]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, error: 'stale' });
      expect(await a.decisionCount(row.id)).toBe(1);
      // Each process's own cache agrees with the database afterwards.
      const after = (await b.game(row.id))!;
      expect(JSON.stringify(await two.games.state(after))).toBe(after.state);
      expect(JSON.stringify(await one.games.state((await a.game(row.id))!))).toBe(after.state);
    }
  });
});
