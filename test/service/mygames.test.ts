/**
 * One player's games across servers, and the daily digest's timing (time zones, quiet hours, vacations), against
 * the service alone.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { registerGame } from '../../src/games/registry.js';
import { Campfire, type Actor } from '../../src/service/index.js';
import { DAY, HOUR } from '../../src/service/timers.js';
import { migrate } from '../../src/store/db.js';
import { Repo } from '../../src/store/repo.js';
import { toy } from '../helpers/toy-game.js';

registerGame(toy);

function world() {
  const db = new Database(':memory:');
  migrate(db);
  // Midnight UTC, so local hours are easy to read.
  let clock = Math.ceil(1_700_000_000_000 / DAY) * DAY;
  const repo = Repo.sqlite(db, () => clock);
  const cf = new Campfire(repo, { now: () => clock, newSeed: () => 'mine-seed' });
  return { db, repo, cf, now: () => clock, at: (ms: number) => { clock = ms; }, advance: (ms: number) => { clock += ms; } };
}
type World = ReturnType<typeof world>;

const person = (id: string, guildId: string | null = 'guild-a'): Actor => ({ id, name: id.toUpperCase(), guildId });

async function lobby(w: World, people: Actor[], guildId: string | null): Promise<number> {
  const g = await w.cf.lobby.open({ game: 'toy', actor: { ...people[0]!, guildId }, channelId: `chan-${guildId}`, threadId: null, locale: 'en' });
  if (!g.ok) throw new Error(g.error);
  for (const p of people.slice(1)) await w.cf.lobby.join(g.value.id, { ...p, guildId });
  return g.value.id;
}
async function running(w: World, people: Actor[], guildId: string | null, deadline = 24): Promise<number> {
  const id = await lobby(w, people, guildId);
  await w.cf.lobby.setDeadline(id, { ...people[0]!, guildId }, deadline);
  await w.cf.lobby.setOption(id, { ...people[0]!, guildId }, 'rounds', '1');
  const s = await w.cf.lobby.start(id, { ...people[0]!, guildId });
  if (!s.ok) throw new Error(s.error);
  return id;
}
/** Lets the seat that owes pass. */
async function pass(w: World, gameId: number) {
  const g = (await w.repo.game(gameId))!;
  const d = (await w.cf.games.decisions(g))[0]!;
  const r = await w.cf.games.decide(gameId, { userId: (await w.cf.games.seats(gameId))[d.seat]!.user_id }, g.version, 'pass');
  if (!r.ok) throw new Error(r.error);
}

describe('my games', () => {
  it('GIVEN games in two servers and outside one THEN they are sorted into waiting for me, for others, lobbies and results; an unreachable server is left out', async () => {
    const w = world();
    const a1 = await running(w, [person('ann'), person('bob')], 'guild-a', 48); // ann owes, due in 48 h
    const b1 = await running(w, [person('bob'), person('ann')], 'guild-b', 12); // bob owes
    const b2 = await running(w, [person('ann'), person('cid')], 'guild-b', 12); // ann owes, due in 12 h: first
    const dm = await running(w, [person('ann'), person('bob')], null, 0); // outside a server, no deadline
    await pass(w, dm); // bob owes now
    const lob = await lobby(w, [person('cid'), person('ann')], 'guild-a');
    const done = await running(w, [person('ann'), person('bob')], 'guild-b');
    await pass(w, done); await pass(w, done);
    await lobby(w, [person('dan')], 'guild-a'); // not ann's

    const all = await w.cf.mygames.list('ann', null);
    expect(all.waiting.map((g) => g.gameId)).toEqual([b2, a1]);
    expect(all.waiting[0]).toMatchObject({ guildId: 'guild-b', due: w.now() + 12 * HOUR, prompt: { key: 'toy.prompt' } });
    // Waiting for others: soonest deadline first (b1's is in 12 h; the game outside a server has none).
    expect(all.others.map((g) => [g.gameId, g.waitingOn, g.due])).toEqual([[b1, ['BOB'], w.now() + 12 * HOUR], [dm, ['BOB'], null]]);
    expect(all.lobbies.map((g) => [g.gameId, g.players, g.host])).toEqual([[lob, 2, 'CID']]);
    expect(all.finished.map((g) => g.gameId)).toEqual([done]);
    expect((await w.cf.mygames.servers('ann')).sort()).toEqual(['guild-a', 'guild-b']);

    // ann left guild-b: only guild-a and the game outside a server remain.
    const reach = await w.cf.mygames.list('ann', ['guild-a']);
    expect(reach.waiting.map((g) => g.gameId)).toEqual([a1]);
    expect(reach.others.map((g) => g.gameId)).toEqual([dm]);
    expect(reach.finished).toEqual([]);
  });

  it('GIVEN a seat a computer plays for now THEN its game waits for the computer, not for the player', async () => {
    const w = world();
    const id = await running(w, [person('ann'), person('bob')], 'guild-a');
    await w.cf.games.replaceSeat(id, 0, 'strong');
    expect((await w.cf.mygames.list('ann', null)).waiting).toEqual([]);
    expect((await w.cf.mygames.list('ann', null)).others.map((g) => g.gameId)).toEqual([id]);
  });
});

describe('the daily digest', () => {
  const digests = async (w: World) => (await w.cf.mygames.tick()).effects.map((e) => (e.kind === 'digest' ? e.userId : e.kind));

  it('GIVEN the digest at 8:00 in UTC+2 THEN it comes at 06:00 UTC, once a day, and only while a game waits', async () => {
    const w = world();
    const midnight = w.now();
    await w.cf.settings.saveUser('ann', { utcOffsetHours: 2, digestHour: 8 });
    const id = await running(w, [person('ann'), person('bob')], 'guild-a', 72);
    w.at(midnight + 5 * HOUR + 59 * 60_000);
    expect(await digests(w)).toEqual([]);
    w.at(midnight + 6 * HOUR);
    expect(await digests(w)).toEqual(['ann']);
    w.at(midnight + 12 * HOUR);
    expect(await digests(w)).toEqual([]);
    w.at(midnight + DAY + 6 * HOUR + 60_000);
    expect(await digests(w)).toEqual(['ann']);
    // Nothing waits for ann: no digest (and the day is over for it).
    await pass(w, id);
    w.at(midnight + 2 * DAY + 6 * HOUR);
    expect(await digests(w)).toEqual([]);
  });

  it('GIVEN a zone west of UTC THEN the local hour counts (UTC−5, 8:00 is 13:00 UTC)', async () => {
    const w = world();
    const midnight = w.now();
    await w.cf.settings.saveUser('ann', { utcOffsetHours: -5, digestHour: 8 });
    await running(w, [person('ann'), person('bob')], 'guild-a', 72);
    w.at(midnight + 12 * HOUR);
    expect(await digests(w)).toEqual([]);
    w.at(midnight + 13 * HOUR);
    expect(await digests(w)).toEqual(['ann']);
  });

  it('GIVEN the digest hour inside quiet hours THEN it waits until they end', async () => {
    const w = world();
    const midnight = w.now();
    await w.cf.settings.saveUser('ann', { digestHour: 8, quietFrom: 7, quietUntil: 10 });
    await running(w, [person('ann'), person('bob')], 'guild-a', 72);
    w.at(midnight + 8 * HOUR);
    expect(await digests(w)).toEqual([]);
    w.at(midnight + 9 * HOUR + 59 * 60_000);
    expect(await digests(w)).toEqual([]);
    w.at(midnight + 10 * HOUR);
    expect(await digests(w)).toEqual(['ann']);
  });

  it('GIVEN a vacation THEN no digest comes while it lasts', async () => {
    const w = world();
    const midnight = w.now();
    await w.cf.settings.saveUser('ann', { digestHour: 8 });
    await running(w, [person('ann'), person('bob')], 'guild-a', 72);
    w.at(midnight + 7 * HOUR);
    expect((await w.cf.settings.vacation(person('ann'), 2)).ok).toBe(true);
    for (let h = 8; h < 48 + 7; h += 1) {
      w.at(midnight + h * HOUR);
      expect(await digests(w)).toEqual([]);
    }
    w.at(midnight + 2 * DAY + 8 * HOUR);
    expect(await digests(w)).toEqual(['ann']);
  });

  it('GIVEN the digest switched on after its hour, or off THEN the first comes the next day, and none when off', async () => {
    const w = world();
    const midnight = w.now();
    await running(w, [person('ann'), person('bob')], 'guild-a', 72);
    w.at(midnight + 15 * HOUR);
    await w.cf.settings.saveUser('ann', { digest: true });
    expect((await w.repo.settings('ann')).digest_hour).toBe(8);
    expect(await digests(w)).toEqual([]);
    w.at(midnight + DAY + 8 * HOUR);
    expect(await digests(w)).toEqual(['ann']);
    await w.cf.settings.saveUser('ann', { digest: false });
    w.at(midnight + 2 * DAY + 8 * HOUR);
    expect(await digests(w)).toEqual([]);
    expect(await w.cf.settings.saveUser('ann', { digestHour: 24 })).toMatchObject({ ok: false, error: 'out_of_range' });
  });
});
