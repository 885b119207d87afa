/**
 * `npm run db:copy`: a SQLite database with games in every state — a lobby, running games (one with a decision
 * taken back), finished ones (one compacted into its archive), an abandoned one — with settings, vacations,
 * votes, ratings and waiting jobs, copied to PostgreSQL: every table has the same rows, every game's state equals
 * its replay on the copy, and the copy plays on (new ids go on from the old ones).
 */
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { registerGame } from '../../src/games/registry.js';
import { Campfire } from '../../src/service/index.js';
import { copyDatabase, CopyError, TABLES } from '../../src/store/copy.js';
import { migrate } from '../../src/store/db.js';
import { Repo } from '../../src/store/repo.js';
import { pgReachable, testStore, type TestStore } from '../helpers/stores.js';
import { toy } from '../helpers/toy-game.js';

registerGame(toy);
const opened: TestStore[] = [];
afterEach(async () => { while (opened.length) await opened.pop()!.drop(); });

/** Plays `n` decisions (or to the end) of a toy game, always the first offered option of whoever owes one. */
async function play(cf: Campfire, gameId: number, n = Infinity): Promise<void> {
  for (let i = 0; i < n; i++) {
    const row = (await cf.games.repo.game(gameId))!;
    if (row.status !== 'running') return;
    const d = (await cf.games.decisions(row))[0]!;
    const seats = await cf.games.seats(gameId);
    const r = await cf.games.decide(gameId, { userId: seats[d.seat]!.user_id }, row.version, d.options[0]!.id);
    if (!r.ok) throw new Error(r.error);
  }
}

async function sourceWithEverything(): Promise<{ db: Database.Database; cf: Campfire }> {
  const db = new Database(':memory:');
  migrate(db);
  let clock = 1_700_000_000_000;
  const repo = Repo.sqlite(db, () => clock++);
  let seeds = 0;
  const cf = new Campfire(repo, { now: () => clock, newSeed: () => `copy-${++seeds}` });
  const game = async (host: string, others: string[], start = true) => {
    const l = await cf.games.createLobby({ game: 'toy', guildId: '111111111111111111', channelId: `c-${host}`, threadId: `t-${host}`, host: { id: host, name: host.toUpperCase() }, locale: 'en' });
    if (!l.ok) throw new Error(l.error);
    for (const o of others) await cf.games.join(l.value.id, { id: o, name: o.toUpperCase() });
    if (start) await cf.games.start(l.value.id, host);
    return l.value.id;
  };
  await game('lobbyhost', ['x'], false);
  const running = await game('ann', ['bob', 'cid']);
  await play(cf, running, 4);
  const row = (await repo.game(running))!;
  const undo = await cf.games.undoLast(running, row.version, { userId: 'ann', name: 'Ann' }, true);
  if (!undo.ok) throw new Error(undo.error);
  await play(cf, running, 1);
  const finished = await game('dora', ['eve']);
  await play(cf, finished);
  const compacted = await game('fay', ['gus']);
  await play(cf, compacted);
  expect(await repo.compact(compacted)).toBe(true);
  const abandoned = await game('hal', ['ivy']);
  await play(cf, abandoned, 2);
  await cf.games.abandon(abandoned);
  await cf.settings.saveUser('ann', { quietFrom: 22, quietUntil: 7, utcOffsetHours: 1, language: 'de' });
  await repo.saveGuildSettings({ guild_id: '111111111111111111', deadline_hours: 24, vacation_days: 10, manager_role: null, locale: 'de', global_board: 1 });
  await repo.addVacation('bob', '111111111111111111', clock, clock + 86_400_000);
  await repo.openPoll({ game_id: running, kind: 'abandon', proposer: 'ann', version: 5, opened_at: clock });
  await repo.vote(running, 'abandon', 'ann', 'yes');
  await repo.jobs.add({ game_id: running, lane: 'game', effect: JSON.stringify({ kind: 'table', gameId: running }), priority: 0, run_at: clock });
  return { db, cf };
}

describe.skipIf(!pgReachable)('GIVEN a SQLite database with games in every state', () => {
  it('WHEN copied to PostgreSQL THEN every row arrives, every game replays to its stored state, and the copy plays on', async () => {
    const { db } = await sourceWithEverything();
    const target = await testStore('postgres');
    opened.push(target);
    const report = await copyDatabase(db, target.repo);
    expect(report.problems).toEqual([]);
    for (const t of TABLES) expect(report.tables[t]!.target, t).toBe(report.tables[t]!.source);
    expect(report.tables.games!.source).toBe(5);
    expect(report.tables.archives!.source).toBe(1);
    expect(report.games).toEqual({ checked: 4, replayed: 3, compacted: 1 });
    // Rows are the same, field for field.
    const rows = (table: string, order: string) => db.prepare(`SELECT * FROM ${table} ORDER BY ${order}`).all();
    expect(await target.repo.sql.all('SELECT * FROM games ORDER BY id')).toEqual(rows('games', 'id'));
    expect(await target.repo.sql.all('SELECT game_id, version, seat, option, user_id, events, at, revealed, undone FROM decisions ORDER BY game_id, version')).toEqual(rows('decisions', 'game_id, version'));
    expect(await target.repo.settings('ann')).toEqual(db.prepare('SELECT * FROM user_settings WHERE user_id = ?').get('ann'));
    // The copy is a working database: the running game goes on, a new game gets the next id, compacted games read.
    const cf = new Campfire(target.repo, { newSeed: () => 'after-copy' });
    const running = (await target.repo.runningGames())[0]!;
    await play(cf, running.id, 1);
    expect((await target.repo.game(running.id))!.version).toBe(running.version + 1);
    const fresh = await cf.games.createLobby({ game: 'toy', guildId: null, channelId: 'new', threadId: null, host: { id: 'zed', name: 'Zed' }, locale: 'en' });
    expect(fresh.ok && fresh.value.id).toBe(6);
    expect((await target.repo.decisions(4)).length).toBeGreaterThan(0);
    db.close();
  });

  it('WHEN the target already holds games THEN nothing is copied', async () => {
    const { db } = await sourceWithEverything();
    const target = await testStore('postgres');
    opened.push(target);
    await copyDatabase(db, target.repo);
    await expect(copyDatabase(db, target.repo)).rejects.toThrow(CopyError);
    db.close();
  });
});
