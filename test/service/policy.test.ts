/**
 * The table's rules, against the service alone (no Discord): who may change server settings, what a vacation
 * pauses, who may start and undo, whom a vote names, which values are accepted, and a database that waits its
 * turn. Each test is one finding of the permissions audit.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { registerGame } from '../../src/games/registry.js';
import type { Actor } from '../../src/service/index.js';
import { Campfire } from '../../src/service/index.js';
import { digestDay } from '../../src/service/mygames.js';
import { DAY, HOUR, offsetMinutes, quietEnd, quietNow } from '../../src/service/timers.js';
import { migrate } from '../../src/store/db.js';
import { Repo } from '../../src/store/repo.js';
import { toy } from '../helpers/toy-game.js';

registerGame(toy);

function world() {
  const db = new Database(':memory:');
  migrate(db);
  let clock = 1_700_000_000_000;
  const repo = Repo.sqlite(db, () => clock);
  const cf = new Campfire(repo, { now: () => clock, newSeed: () => 'policy-seed' });
  return { db, repo, cf, now: () => clock, advance: (ms: number) => { clock += ms; } };
}
type World = ReturnType<typeof world>;

const person = (id: string, guildId = 'guild-a', extra: Partial<Actor> = {}): Actor => ({ id, name: id.toUpperCase(), guildId, ...extra });

/** A running toy game in `guildId` with these people (host first) and computers. */
async function running(w: World, people: Actor[], computers = 0, guildId = 'guild-a'): Promise<number> {
  const host = people[0]!;
  const g = await w.cf.lobby.open({ game: 'toy', actor: { ...host, guildId }, channelId: `chan-${guildId}`, threadId: null, locale: 'en' });
  if (!g.ok) throw new Error(g.error);
  const id = g.value.id;
  for (const p of people.slice(1)) expect((await w.cf.lobby.join(id, p)).ok).toBe(true);
  for (let i = 0; i < computers; i++) expect((await w.cf.lobby.addComputer(id, host, 'random')).ok).toBe(true);
  const s = await w.cf.lobby.start(id, host);
  if (!s.ok) throw new Error(s.error);
  return id;
}

/** Plays the owed decision of the game as whoever owes it (a person or a computer), choosing `pick`. */
async function step(w: World, gameId: number, pick: (ids: string[]) => string) {
  const g = (await w.repo.game(gameId))!;
  const d = (await w.cf.games.decisions(g))[0]!;
  const seat = (await w.cf.games.seats(gameId))[d.seat]!;
  const option = pick(d.options.filter((o) => o.role !== 'back').map((o) => o.id));
  const r = await w.cf.games.decide(gameId, { userId: seat.user_id, asSeat: d.seat }, g.version, option);
  if (!r.ok) throw new Error(r.error);
  return { seat: d.seat, userId: seat.user_id, revealed: r.value.revealed };
}

describe('server settings', () => {
  it('GIVEN a moderator with only Manage Threads, or the manager role THEN server settings are refused; Manage Server may', async () => {
    const w = world();
    await w.cf.settings.saveServer(person('owner', 'guild-a', { canManageGuild: true }), { managerRole: '42' });
    expect(await w.cf.settings.saveServer(person('mod', 'guild-a', { canManageThreads: true }), { managerRole: '7' })).toMatchObject({ ok: false, error: 'not_allowed' });
    expect(await w.cf.settings.saveServer(person('helper', 'guild-a', { roles: ['42'] }), { vacationDays: 120 })).toMatchObject({ ok: false, error: 'not_allowed' });
    expect(await w.cf.settings.server('guild-a')).toMatchObject({ manager_role: '42', vacation_days: 21 });
    expect((await w.cf.settings.saveServer(person('owner', 'guild-a', { canManageGuild: true }), { vacationDays: 30 })).ok).toBe(true);
  });
});

describe('vacations', () => {
  it('GIVEN a vacation taken in one server THEN it pauses only that server\'s games: another server\'s deadline still passes', async () => {
    const w = world();
    const ann = person('ann'), bob = person('bob');
    const here = await running(w, [ann, bob], 0, 'guild-a');
    const there = await running(w, [ann, bob], 0, 'guild-b');
    for (const id of [here, there]) await w.repo.update(id, { deadline_hours: 24 });
    // Whoever owes first in each game goes on vacation in guild-a only.
    const owing = async (id: number) => (await w.cf.games.seats(id))[(await w.cf.games.decisions((await w.repo.game(id))!))[0]!.seat]!.user_id;
    for (const id of [here, there]) {
      const away = person(await owing(id), 'guild-a');
      await w.cf.settings.vacation(away, 0);
      expect((await w.cf.settings.vacation(away, 10)).ok).toBe(true);
    }
    w.advance(25 * HOUR);
    const expired = (await w.cf.deadlines.tick()).due.filter((a) => a.kind === 'expire').map((a) => a.gameId);
    expect(expired).toEqual([there]);
  });

  it('GIVEN days out of range THEN nothing is stored', async () => {
    const w = world();
    for (const days of [-50, 61, 2.5]) expect(await w.cf.settings.vacation(person('ann'), days)).toMatchObject({ ok: false, error: 'out_of_range' });
    expect(await w.repo.vacations('ann')).toEqual([]);
  });
});

describe('starting', () => {
  it('GIVEN a lobby of computers only (the host left) THEN it does not start', async () => {
    const w = world();
    const ann = person('ann');
    const g = await w.cf.lobby.open({ game: 'toy', actor: ann, channelId: 'c', threadId: null, locale: 'en' });
    if (!g.ok) throw new Error(g.error);
    await w.cf.lobby.addComputer(g.value.id, ann, 'random');
    await w.cf.lobby.addComputer(g.value.id, ann, 'strong');
    await w.cf.lobby.leave(g.value.id, ann);
    expect(await w.cf.lobby.start(g.value.id, ann)).toMatchObject({ ok: false, error: 'no_human' });
    expect((await w.repo.game(g.value.id))!.status).toBe('lobby');
  });
});

describe('undo', () => {
  it('GIVEN a lone person among computers THEN they may not take back a computer\'s move or anything that revealed a card', async () => {
    const w = world();
    const ann = person('ann');
    const id = await running(w, [ann], 2);
    // Play until a computer has just moved; Ann (alone) asks to take it back.
    for (let i = 0; i < 20; i++) {
      const moved = await step(w, id, (ids) => ids[0]!);
      if (moved.userId !== 'ann') break;
    }
    expect(await w.cf.votes.undo(id, ann)).toMatchObject({ ok: false, error: 'undo_alone_only' });
  });

  it('GIVEN a person alone whose own last move revealed a card THEN it is refused, and a pass that revealed nothing is taken back', async () => {
    const w = world();
    const ann = person('ann');
    const id = await running(w, [ann], 1);
    while ((await w.cf.games.seats(id))[(await w.cf.games.decisions((await w.repo.game(id))!))[0]!.seat]!.user_id !== 'ann') await step(w, id, (ids) => ids.at(-1)!);
    const played = await step(w, id, (ids) => ids.find((o) => o.startsWith('play'))!);
    expect(played.revealed).toBe(true);
    expect(await w.cf.votes.undo(id, ann)).toMatchObject({ ok: false, error: 'undo_alone_only' });
  });

  it('GIVEN an undo agreed by the whole table THEN the log names the player who asked, not the first to agree', async () => {
    const w = world();
    const amy = person('u-amy'), zed = person('u-zed'), kim = person('u-kim');
    const id = await running(w, [amy, zed, kim]);
    // Play until Zed has made a move that revealed a card (so he needs consent).
    for (let i = 0; i < 30; i++) {
      const moved = await step(w, id, (ids) => ids[0]!);
      if (moved.userId === 'u-zed' && moved.revealed) break;
    }
    const asked = await w.cf.votes.undo(id, zed);
    expect(asked).toMatchObject({ ok: true, value: { how: 'poll' } });
    const version = (await w.repo.game(id))!.version;
    expect(await w.cf.votes.undo(id, kim)).toMatchObject({ ok: false, error: 'vote_open' });
    expect(await w.cf.votes.undoVote(id, amy, version, true)).toMatchObject({ ok: true, value: { how: 'poll', tally: { yes: 1, of: 2 } } });
    expect(await w.cf.votes.undoVote(id, kim, version, true)).toMatchObject({ ok: true, value: { how: 'done', by: 'U-ZED' } });
    const last = (await w.cf.games.log(id, null)).at(-1)!;
    expect(last.event.msg).toMatchObject({ key: 'log.undo_consent_list', args: { name: 'U-ZED' } });
  });
});

describe('values', () => {
  it('GIVEN settings out of range THEN they are refused by the service, whatever the command definitions allow', async () => {
    const w = world();
    expect(await w.cf.settings.saveUser('ann', { quietFrom: 99 })).toMatchObject({ ok: false, error: 'out_of_range' });
    expect(await w.cf.settings.saveUser('ann', { utcOffsetHours: 20 })).toMatchObject({ ok: false, error: 'out_of_range' });
    expect(await w.cf.settings.saveUser('ann', { language: 'fr' })).toMatchObject({ ok: false, error: 'bad_option_value' });
    const owner = person('owner', 'guild-a', { canManageGuild: true });
    expect(await w.cf.settings.saveServer(owner, { deadlineHours: 1_000_000 })).toMatchObject({ ok: false, error: 'out_of_range' });
    expect(await w.cf.settings.saveServer(owner, { vacationDays: -3 })).toMatchObject({ ok: false, error: 'out_of_range' });
    expect(await w.repo.settings('ann')).toMatchObject({ quiet_start: null, tz_offset_min: 0, locale: null });
    expect(await w.cf.settings.saveUser('ann', { utcOffsetHours: 5.75, quietFrom: 22, quietUntil: 7 })).toMatchObject({ ok: true, value: { changed: true } });
    expect(await w.cf.settings.saveUser('ann', { quietFrom: 22 })).toMatchObject({ ok: true, value: { changed: false } });
  });

  it('GIVEN a named time zone THEN quiet hours and the digest follow its summer time; an unknown name is refused (play-through shared 8)', async () => {
    const w = world();
    expect(await w.cf.settings.saveUser('ann', { timeZone: 'Mars/Olympus' })).toMatchObject({ ok: false, error: 'unknown_time_zone' });
    expect(await w.cf.settings.saveUser('ann', { timeZone: 'europe/berlin', quietFrom: 22, quietUntil: 7, digestHour: 8 })).toMatchObject({ ok: true });
    const s = await w.repo.settings('ann');
    expect(s.time_zone).toBe('Europe/Berlin');
    // 21:30 UTC is 22:30 in Berlin in January (UTC+1), quiet; in July (UTC+2) 23:30, quiet too; 20:30 UTC is
    // 21:30 in January (not quiet) but 22:30 in July (quiet). A fixed offset of +1 gets July wrong.
    const jan = Date.UTC(2027, 0, 15, 20, 30), jul = Date.UTC(2027, 6, 15, 20, 30);
    expect(offsetMinutes(s, jan)).toBe(60);
    expect(offsetMinutes(s, jul)).toBe(120);
    expect(quietNow(s, jan)).toBe(false);
    expect(quietNow(s, jul)).toBe(true);
    expect(quietNow({ ...s, time_zone: null, tz_offset_min: 60 }, jul)).toBe(false);
    // The quiet hours end at 7:00 Berlin time: 6:00 UTC in winter, 5:00 UTC in summer.
    expect(quietEnd(s, Date.UTC(2027, 0, 15, 23, 0))).toBe(Date.UTC(2027, 0, 16, 6, 0));
    expect(quietEnd(s, Date.UTC(2027, 6, 15, 23, 0))).toBe(Date.UTC(2027, 6, 16, 5, 0));
    // The digest day turns at 8:00 local time.
    expect(digestDay(s, Date.UTC(2027, 6, 16, 5, 59))! + 1).toBe(digestDay(s, Date.UTC(2027, 6, 16, 6, 0)));
    // A UTC offset given later replaces the named zone.
    await w.cf.settings.saveUser('ann', { utcOffsetHours: -5 });
    expect(await w.repo.settings('ann')).toMatchObject({ time_zone: null, tz_offset_min: -300 });
  });

  it('GIVEN a lobby deadline that is not one of the choices THEN it is refused', async () => {
    const w = world();
    const ann = person('ann');
    const g = await w.cf.lobby.open({ game: 'toy', actor: ann, channelId: 'c', threadId: null, locale: 'en' });
    if (!g.ok) throw new Error(g.error);
    expect(await w.cf.lobby.setDeadline(g.value.id, ann, 1_000_000)).toMatchObject({ ok: false, error: 'out_of_range' });
    expect(await w.cf.lobby.setDeadline(g.value.id, ann, 72)).toMatchObject({ ok: true });
  });
});

describe('the lobby card', () => {
  it('GIVEN the host changes a game option THEN the card is redrawn (an effect), not only the buttons', async () => {
    const w = world();
    const ann = person('ann');
    const g = await w.cf.lobby.open({ game: 'toy', actor: ann, channelId: 'c', threadId: null, locale: 'en' });
    if (!g.ok) throw new Error(g.error);
    const r = await w.cf.lobby.setOption(g.value.id, ann, 'rounds', '1');
    expect(r).toMatchObject({ ok: true, effects: [{ kind: 'lobby', gameId: g.value.id }] });
  });
});

describe('the database', () => {
  it('GIVEN another connection writes while a service transaction runs THEN the transaction holds the write lock from its start and commits', async () => {
    const file = `/tmp/campfire-policy-${process.pid}-${Date.now()}.db`;
    const a = new Database(file);
    a.pragma('journal_mode = WAL');
    migrate(a);
    const b = new Database(file);
    b.pragma('busy_timeout = 0');
    const repo = Repo.sqlite(a);
    let otherWrote = true;
    await repo.transaction(async () => {
      await repo.settings('ann');
      try {
        b.prepare("INSERT INTO user_settings (user_id) VALUES ('bob')").run();
      } catch {
        otherWrote = false;
      }
      await repo.saveSettings({ ...await repo.settings('ann'), dms: 0 });
    });
    expect(otherWrote).toBe(false);
    expect((await repo.settings('ann')).dms).toBe(0);
    a.close();
    b.close();
  });
});

describe('over days', () => {
  it('GIVEN the table votes to wait THEN the new deadline is a whole deadline from the verdict', async () => {
    const w = world();
    const ann = person('ann'), bob = person('bob');
    const id = await running(w, [ann, bob]);
    await w.repo.update(id, { deadline_hours: 24 });
    w.advance(30 * HOUR);
    const tick = await w.cf.deadlines.tick();
    expect(tick.effects).toContainEqual(expect.objectContaining({ kind: 'deadline_vote', gameId: id }));
    const absent = tick.due[0]!.seat;
    const voter = (await w.cf.games.seats(id)).find((p) => p.seat !== absent)!;
    w.advance(DAY);
    const v = await w.cf.deadlines.vote(id, person(voter.user_id), absent, 'wait');
    expect(v).toMatchObject({ ok: true, value: { verdict: 'wait', tally: { wait: 1, skip: 0, replace: 0 } } });
    w.advance(23 * HOUR);
    expect((await w.cf.deadlines.tick()).due.filter((a) => a.kind === 'expire')).toEqual([]);
    w.advance(2 * HOUR);
    expect((await w.cf.deadlines.tick()).due.map((a) => a.kind)).toContain('expire');
  });
});
