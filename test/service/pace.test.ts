/**
 * A player's and a table's pace, from the stored decisions and the table's log only: the median time to answer a
 * turn over the last 30 days, and the deadlines that passed.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { viewAfter } from '../../src/engine/apply.js';
import { registerGame } from '../../src/games/registry.js';
import { Campfire, type Actor } from '../../src/service/index.js';
import { answeredTurns, median } from '../../src/service/pace.js';
import { DAY, HOUR } from '../../src/service/timers.js';
import { migrate } from '../../src/store/db.js';
import { Repo } from '../../src/store/repo.js';
import { toy, type ToyState } from '../helpers/toy-game.js';

registerGame(toy);

function world() {
  const db = new Database(':memory:');
  migrate(db);
  let clock = Math.ceil(1_700_000_000_000 / DAY) * DAY;
  const repo = Repo.sqlite(db, () => clock);
  const cf = new Campfire(repo, { now: () => clock, newSeed: () => 'pace-seed' });
  return { repo, cf, now: () => clock, advance: (ms: number) => { clock += ms; } };
}
type World = ReturnType<typeof world>;

const person = (id: string): Actor => ({ id, name: id.toUpperCase(), guildId: 'g' });

async function running(w: World, people: Actor[], deadlineHours = 0): Promise<number> {
  const g = await w.cf.lobby.open({ game: 'toy', actor: people[0]!, channelId: 'c', threadId: null, locale: 'en' });
  if (!g.ok) throw new Error(g.error);
  for (const p of people.slice(1)) await w.cf.lobby.join(g.value.id, p);
  await w.cf.lobby.setDeadline(g.value.id, people[0]!, deadlineHours);
  const s = await w.cf.lobby.start(g.value.id, people[0]!);
  if (!s.ok) throw new Error(s.error);
  return g.value.id;
}

/** The seat that owes passes after `waitMs`. */
async function passAfter(w: World, gameId: number, waitMs: number) {
  w.advance(waitMs);
  const g = (await w.repo.game(gameId))!;
  const d = (await w.cf.games.decisions(g))[0]!;
  const r = await w.cf.games.decide(gameId, { userId: (await w.cf.games.seats(gameId))[d.seat]!.user_id }, g.version, 'pass');
  if (!r.ok) throw new Error(r.error);
}

describe('GIVEN decisions in order', () => {
  it('THEN a turn is timed from the previous seat\'s decision to the first step of the run; steps inside it, computers and the table do not count', () => {
    const turns = answeredTurns([
      { seat: 0, user_id: 'ann', at: 0, undone: 0 },
      { seat: 1, user_id: 'bob', at: 5 * HOUR, undone: 0 },
      { seat: 1, user_id: 'bob', at: 5 * HOUR + 60_000, undone: 0 }, // a step inside bob's turn
      { seat: 2, user_id: 'ai:1', at: 5 * HOUR + 70_000, undone: 0 },
      { seat: 0, user_id: 'ann', at: 6 * HOUR, undone: 1 }, // taken back
      { seat: 0, user_id: 'table', at: 7 * HOUR, undone: 0 },
      { seat: 1, user_id: 'bob', at: 8 * HOUR, undone: 0 },
    ]);
    expect(turns).toEqual([
      { seat: 1, userId: 'bob', at: 5 * HOUR, ms: 5 * HOUR },
      { seat: 1, userId: 'bob', at: 8 * HOUR, ms: HOUR },
    ]);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});

describe('GIVEN two people who answer at different speeds', () => {
  it('THEN each has their own median over 30 days, the table its own, and a passed deadline is counted and logged', async () => {
    const w = world();
    const ann = person('ann'), bob = person('bob');
    const id = await running(w, [ann, bob], 24);
    // ann's first move has no start to measure from; then bob takes 2 h, ann 10 min, bob 4 h, ann 20 min…
    await passAfter(w, id, 30 * 60_000);
    await passAfter(w, id, 2 * HOUR);
    await passAfter(w, id, 10 * 60_000);
    // bob lets his deadline pass: the timer asks the table, and the log keeps a line.
    w.advance(25 * HOUR);
    await w.cf.deadlines.tick();
    await passAfter(w, id, 0);

    const a = await w.cf.pace.ofUser('ann');
    const b = await w.cf.pace.ofUser('bob');
    expect(a).toEqual({ medianMs: 10 * 60_000, turns: 1, deadlinesPassed: 0 });
    expect(b.turns).toBe(2);
    expect(b.medianMs).toBe((2 * HOUR + 25 * HOUR) / 2);
    expect(b.deadlinesPassed).toBe(1);
    const table = await w.cf.pace.ofGame(id);
    expect(table).toEqual({ medianMs: 2 * HOUR, turns: 3, deadlinesPassed: 1 });
    const log = await w.repo.tableLog(id);
    expect(log.some((l) => l.events.includes('log.deadline_passed'))).toBe(true);

    // 31 days later the window is empty.
    w.advance(31 * DAY);
    expect(await w.cf.pace.ofUser('bob')).toEqual({ medianMs: null, turns: 0, deadlinesPassed: 0 });
  });
});

describe('GIVEN a pace to show', () => {
  it('THEN durations read in the reader\'s language, in at most two units', async () => {
    const { duration } = await import('../../src/bot/pace.js');
    expect(duration(12 * 60_000, 'en')).toBe('12 min');
    expect(duration(3 * HOUR + 20 * 60_000, 'en')).toBe('3 hr 20 min');
    expect(duration(3 * HOUR + 20 * 60_000, 'de')).toBe('3 Std., 20 Min.');
    expect(duration(2 * DAY + 4 * HOUR, 'de')).toBe('2 Tg., 4 Std.');
    expect(duration(DAY, 'en')).toBe('1 day');
  });
});

describe('GIVEN a player who comes back after the others moved', () => {
  it('THEN the recap holds what happened since their own last move, their private lines too, the newest few with a count of the rest', async () => {
    const w = world();
    const people = ['ann', 'bob', 'cid', 'dan'].map(person);
    const id = await running(w, people, 24);
    await passAfter(w, id, 60_000); // ann
    expect((await w.cf.views.recap(id, 0)).events).toEqual([]);
    const boardAtAnnsMove = JSON.stringify(toy.engine.view(await w.cf.games.state((await w.repo.game(id))!) as ToyState, null));
    const versionAtAnnsMove = (await w.repo.game(id))!.version;
    for (let i = 0; i < 3; i++) await passAfter(w, id, 60_000); // bob, cid, dan
    // ann's deadline passes and the table skips her: that is not her move, the recap still counts from her own.
    w.advance(25 * HOUR);
    await w.cf.deadlines.tick();
    const g = (await w.repo.game(id))!;
    await w.cf.games.decide(id, { userId: 'table', asSeat: 0 }, g.version, 'pass');
    await passAfter(w, id, 60_000); // bob
    const r = await w.cf.views.recap(id, 0, 4);
    const keys = [...r.events].map((e) => e.msg.key);
    expect(keys.at(-1)).toBe('toy.passed');
    expect(r.events.length + r.more).toBeGreaterThanOrEqual(5); // bob, cid, dan, the deadline, the skip, bob
    expect(r.events).toHaveLength(4);
    expect(r.more).toBe(r.events.length + r.more - 4);
    // The glance beside it outlines what changed since the board as ann left it: the game replayed to her move.
    expect(JSON.stringify(viewAfter(toy.engine, r.since!))).toBe(boardAtAnnsMove);
    expect(JSON.stringify(viewAfter(toy.engine, r.since!))).not.toBe(JSON.stringify(toy.engine.view(await w.cf.games.state((await w.repo.game(id))!) as ToyState, null)));
    // A table posted then and followed by a new one: the new table's glance outlines what changed since it; redrawn in
    // place, since the table before it (none here: nothing to outline).
    await w.repo.update(id, { table_version: versionAtAnnsMove, table_since: 0 });
    expect(JSON.stringify(viewAfter(toy.engine, (await w.cf.views.table(id))!.since!))).toBe(boardAtAnnsMove);
    expect((await w.cf.views.table(id, true))!.since).toBeNull();
    // Once ann moves again, her recap is empty until the others move.
    await passAfter(w, id, 60_000); // cid
    await passAfter(w, id, 60_000); // dan
    await passAfter(w, id, 60_000); // ann
    expect((await w.cf.views.recap(id, 0)).events).toEqual([]);
  });
});
