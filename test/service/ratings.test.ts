/**
 * Ratings against the documented model, computed by hand here (not by the library): Weng & Lin (2011),
 * "A Bayesian Approximation Method for Online Ranking", Algorithm 4 (Plackett-Luce), with openskill's documented
 * defaults — μ 25, σ 25/3, β 25/6, τ 25/300 (added to σ² before a game), κ 1e-4 — and its tie rule (a tied
 * place counts once per seat sharing it: A_q). Then: who is rated, in which scopes, what an abandoned game
 * changes, the rebuild, and the leaderboards with the global opt-in.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { registerGame } from '../../src/games/registry.js';
import { Campfire, type Actor } from '../../src/service/index.js';
import { COMPUTER_RATINGS, GLOBAL, rateGame, shown } from '../../src/service/ratings.js';
import { migrate } from '../../src/store/db.js';
import { Repo, type PlacingRow } from '../../src/store/repo.js';
import { toy } from '../helpers/toy-game.js';

registerGame(toy);

interface R { mu: number; sigma: number }
const BETA = 25 / 6, TAU = 25 / 300, KAPPA = 1e-4;
const NEW: R = { mu: 25, sigma: 25 / 3 };

/** Weng-Lin Algorithm 4 (Plackett-Luce) for one-person teams; lower place = better, equal places tie. */
function byHand(players: R[], places: number[], tau = TAU): R[] {
  const s2 = players.map((p) => p.sigma ** 2 + tau ** 2);
  const c = Math.sqrt(s2.reduce((a, v) => a + v + BETA ** 2, 0));
  const e = players.map((p) => Math.exp(p.mu / c));
  const C = places.map((pq) => places.reduce((a, ps, s) => a + (ps >= pq ? e[s]! : 0), 0));
  const A = places.map((pq) => places.filter((ps) => ps === pq).length);
  return players.map((p, i) => {
    let omega = 0, delta = 0;
    places.forEach((pq, q) => {
      if (pq > places[i]!) return;
      const quotient = e[i]! / C[q]!;
      omega += ((i === q ? 1 : 0) - quotient) / A[q]!;
      delta += (quotient * (1 - quotient)) / A[q]!;
    });
    const gamma = Math.sqrt(s2[i]!) / c;
    return { mu: p.mu + (s2[i]! / c) * omega, sigma: Math.sqrt(s2[i]!) * Math.sqrt(Math.max(1 - gamma * (s2[i]! / c ** 2) * delta, KAPPA)) };
  });
}

function world() {
  const db = new Database(':memory:');
  migrate(db);
  let clock = 1_700_000_000_000;
  const repo = Repo.sqlite(db, () => clock);
  const cf = new Campfire(repo, { now: () => clock, newSeed: () => 'rating-seed' });
  return { db, repo, cf, now: () => clock, advance: (ms: number) => { clock += ms; } };
}
type World = ReturnType<typeof world>;

/** A finished game written straight into the store: seats are people ('u…') or computers ('ai:strong' / 'ai:random'). */
async function finished(w: World, guildId: string | null, seats: string[], places: number[], game = 'toy'): Promise<number> {
  const id = await w.repo.createGame({ game, guildId, channelId: `chan-${guildId}`, threadId: null, hostId: seats[0]!, locale: 'en', options: {} });
  for (const [seat, s] of seats.entries()) {
    const ai = s.startsWith('ai:');
    await w.repo.addPlayer(id, ai ? `ai:${seat}` : s, ai ? `Computer ${seat}` : s.toUpperCase(), ai ? 'ai' : 'human', ai ? s.slice(3) : null);
    await w.repo.setSeat(id, ai ? `ai:${seat}` : s, seat);
  }
  await w.repo.update(id, { status: 'finished', finished_at: w.now() });
  const g = (await w.repo.game(id))!;
  const rows: PlacingRow[] = seats.map((s, seat) => ({ game_id: id, seat, user_id: s.startsWith('ai:') ? `ai:${seat}` : s, kind: s.startsWith('ai:') ? 'ai' : 'human', ai_level: s.startsWith('ai:') ? s.slice(3) : null, place: places[seat]! }));
  await w.repo.transaction(async () => {
    for (const r of rows) await w.repo.ratings.addPlacing(r);
    await rateGame(w.repo, g, w.now());
  });
  w.advance(60_000);
  return id;
}

const rated = async (w: World, user: string, scope = GLOBAL) => {
  const r = await w.repo.ratings.get(user, 'toy', scope);
  return r ? { mu: r.mu, sigma: r.sigma } : undefined;
};

describe('the model, by hand', () => {
  it('GIVEN the README\'s documented example (four new players, places 4,1,3,2, written before τ was added) THEN the hand computation gives its numbers', () => {
    const out = byHand([NEW, NEW, NEW, NEW], [4, 1, 3, 2], 0);
    expect(out.map((r) => [r.mu.toFixed(3), r.sigma.toFixed(3)])).toEqual([['20.963', '8.084'], ['27.795', '8.263'], ['24.689', '8.084'], ['26.553', '8.179']]);
  });
});

describe('a finished game updates the ratings', () => {
  it.each([
    ['2 players', ['u1', 'u2'], [1, 2]],
    ['2 players tied', ['u1', 'u2'], [1, 1]],
    ['3 players, a tie for second', ['u1', 'u2', 'u3'], [1, 2, 2]],
    ['4 players, a tie for first', ['u1', 'u2', 'u3', 'u4'], [1, 1, 3, 4]],
    ['5 players', ['u1', 'u2', 'u3', 'u4', 'u5'], [3, 1, 5, 2, 4]],
    ['6 players with two ties', ['u1', 'u2', 'u3', 'u4', 'u5', 'u6'], [2, 2, 1, 4, 4, 6]],
  ])('GIVEN new players, %s THEN each rating is the documented model\'s', async (_name, seats, places) => {
    const w = world();
    await finished(w, 'guild-a', seats, places);
    const expected = byHand(seats.map(() => NEW), places);
    for (const [i, u] of seats.entries()) {
      for (const scope of ['guild-a', GLOBAL]) {
        expect((await rated(w, u, scope))!.mu).toBeCloseTo(expected[i]!.mu, 10);
        expect((await rated(w, u, scope))!.sigma).toBeCloseTo(expected[i]!.sigma, 10);
      }
    }
    // Shared places get the same numbers; a better place never gets a lower μ.
    if (places[0] === places[1]) expect((await rated(w, 'u1'))!.mu).toBeCloseTo((await rated(w, 'u2'))!.mu, 12);
  });

  it('GIVEN players with history THEN the next game starts from their stored ratings', async () => {
    const w = world();
    await finished(w, 'guild-a', ['u1', 'u2', 'u3'], [1, 2, 3]);
    const before = await Promise.all(['u1', 'u2', 'u3'].map(async (u) => (await rated(w, u))!));
    await finished(w, 'guild-a', ['u3', 'u1', 'u2'], [1, 3, 2]);
    const expected = byHand([before[2]!, before[0]!, before[1]!], [1, 3, 2]);
    expect((await rated(w, 'u3'))!.mu).toBeCloseTo(expected[0]!.mu, 10);
    expect((await rated(w, 'u1'))!.sigma).toBeCloseTo(expected[1]!.sigma, 10);
    expect((await w.repo.ratings.get('u1', 'toy', GLOBAL))!.games).toBe(2);
  });

  it('GIVEN computers at the table THEN they count with their fixed rating per level and are never rated', async () => {
    const w = world();
    await finished(w, 'guild-a', ['u1', 'ai:strong', 'ai:random', 'u2'], [2, 1, 4, 2]);
    const expected = byHand([NEW, COMPUTER_RATINGS.strong!, COMPUTER_RATINGS.random!, NEW], [2, 1, 4, 2]);
    expect((await rated(w, 'u1'))!.mu).toBeCloseTo(expected[0]!.mu, 10);
    expect((await rated(w, 'u2'))!.sigma).toBeCloseTo(expected[3]!.sigma, 10);
    expect(w.db.prepare("SELECT COUNT(*) AS n FROM ratings WHERE user_id LIKE 'ai:%'").get()).toEqual({ n: 0 });
    // A second game against the same computer meets the same fixed rating.
    await finished(w, 'guild-a', ['u1', 'ai:strong'], [1, 2]);
    const again = byHand([{ mu: expected[0]!.mu, sigma: expected[0]!.sigma }, COMPUTER_RATINGS.strong!], [1, 2]);
    expect((await rated(w, 'u1'))!.mu).toBeCloseTo(again[0]!.mu, 10);
  });

  it('GIVEN games in two servers and outside a server THEN each server keeps its own rating and the global one counts all', async () => {
    const w = world();
    await finished(w, 'guild-a', ['u1', 'u2'], [1, 2]);
    await finished(w, 'guild-b', ['u1', 'u2'], [2, 1]);
    await finished(w, null, ['u1', 'u2'], [1, 2]);
    const one = byHand([NEW, NEW], [1, 2]);
    expect((await rated(w, 'u1', 'guild-a'))!.mu).toBeCloseTo(one[0]!.mu, 10);
    expect((await rated(w, 'u1', 'guild-b'))!.mu).toBeCloseTo(one[1]!.mu, 10);
    expect((await w.repo.ratings.get('u1', 'toy', GLOBAL))!.games).toBe(3);
    expect((await w.repo.ratings.get('u1', 'toy', 'guild-a'))!.games).toBe(1);
  });
});

/** Plays a toy game through the service to its end (people and computers choose the first card or pass). */
async function playThrough(w: World, people: Actor[], computers: number, guildId: string, pick = 0): Promise<number> {
  const host = people[0]!;
  const id = await w.cf.lobby.open({ game: 'toy', actor: { ...host, guildId }, channelId: `chan-${guildId}`, threadId: null, locale: 'en' });
  if (!id.ok) throw new Error(id.error);
  const gameId = id.value.id;
  for (const p of people.slice(1)) await w.cf.lobby.join(gameId, { ...p, guildId });
  for (let i = 0; i < computers; i++) await w.cf.lobby.addComputer(gameId, { ...host, guildId }, 'strong');
  await w.cf.lobby.setOption(gameId, { ...host, guildId }, 'rounds', '1');
  await w.cf.lobby.start(gameId, { ...host, guildId });
  for (let guard = 0; guard < 50; guard++) {
    const g = (await w.repo.game(gameId))!;
    if (g.status !== 'running') break;
    const d = (await w.cf.games.decisions(g))[0]!;
    const seat = (await w.cf.games.seats(gameId))[d.seat]!;
    const options = d.options.map((o) => o.id);
    const r = await w.cf.games.decide(gameId, { userId: seat.user_id, asSeat: d.seat }, g.version, options[(pick + d.seat) % options.length]!);
    if (!r.ok) throw new Error(r.error);
  }
  w.advance(3_600_000);
  return gameId;
}
const person = (id: string): Actor => ({ id, name: id.toUpperCase(), guildId: 'guild-a' });

describe('finishing, abandoning, rebuilding', () => {
  it('GIVEN a game that finishes through the service THEN placings of every seat are stored and ratings follow them, in the same commit', async () => {
    const w = world();
    const id = await playThrough(w, [person('ann'), person('bob')], 1, 'guild-a');
    expect((await w.repo.game(id))!.status).toBe('finished');
    const placings = await w.repo.ratings.placings(id);
    expect(placings.map((p) => p.kind)).toEqual(['human', 'human', 'ai']);
    const expected = byHand(placings.map((p) => (p.kind === 'ai' ? COMPUTER_RATINGS.strong! : NEW)), placings.map((p) => p.place));
    expect((await rated(w, 'ann', 'guild-a'))!.mu).toBeCloseTo(expected[0]!.mu, 10);
    expect((await rated(w, 'bob'))!.sigma).toBeCloseTo(expected[1]!.sigma, 10);
  });

  it('GIVEN an abandoned game THEN no rating changes', async () => {
    const w = world();
    const g = await w.cf.lobby.open({ game: 'toy', actor: person('ann'), channelId: 'c', threadId: null, locale: 'en' });
    if (!g.ok) throw new Error(g.error);
    await w.cf.lobby.join(g.value.id, person('bob'));
    await w.cf.lobby.start(g.value.id, person('ann'));
    await w.cf.games.abandon(g.value.id);
    expect(await w.repo.ratings.all()).toEqual([]);
    expect(await w.repo.ratings.placings(g.value.id)).toEqual([]);
  });

  it('GIVEN several finished games (and an old one without placings) THEN a rebuild gives exactly the same ratings and changes', async () => {
    const w = world();
    for (let i = 0; i < 4; i++) await playThrough(w, [person('ann'), person('bob'), person('cid')].slice(0, 2 + (i % 2)), i % 2, i % 3 === 0 ? 'guild-a' : 'guild-b', i);
    // A game finished before placings were stored: its placings come from the saved final state.
    const old = await playThrough(w, [person('bob'), person('cid')], 0, 'guild-a', 1);
    const all = async () => ({ ratings: await w.repo.ratings.all(), changes: w.db.prepare('SELECT * FROM rating_changes ORDER BY game_id, user_id, scope').all() });
    const before = await all();
    expect(before.ratings.length).toBeGreaterThan(4);
    w.db.prepare('DELETE FROM placings WHERE game_id = ?').run(old);
    w.db.prepare('UPDATE ratings SET mu = 0').run();
    const r = await w.cf.ratings.rebuild();
    expect(r.ok && r.value.games).toBe(5);
    expect(await all()).toEqual(before);
  });
});

describe('leaderboards', () => {
  it('GIVEN ratings in a server THEN the board lists the top by μ − 3σ with games, the provisional apart, and the caller\'s place', async () => {
    const w = world();
    // ann and bob play 3 games (ann wins all), cid plays once.
    for (let i = 0; i < 3; i++) await finished(w, 'guild-a', ['ann', 'bob'], [1, 2]);
    await finished(w, 'guild-a', ['cid', 'bob'], [1, 2]);
    const b = await w.cf.ratings.leaderboard(person('bob'), 'toy', 'server');
    if (!b.ok) throw new Error(b.error);
    expect(b.value.top.map((r) => [r.place, r.userId, r.games])).toEqual([[1, 'ann', 3], [2, 'bob', 4]]);
    expect(b.value.top[0]!.rating).toBeCloseTo(shown((await w.repo.ratings.get('ann', 'toy', 'guild-a'))!), 12);
    expect(b.value.provisional.map((r) => r.userId)).toEqual(['cid']);
    expect(b.value.me).toMatchObject({ userId: 'bob', place: 2 });
    const cid = await w.cf.ratings.leaderboard(person('cid'), 'toy', 'server');
    expect(cid.ok && cid.value.me).toMatchObject({ userId: 'cid', place: null });
    // Another server's board knows none of them.
    const other = await w.cf.ratings.leaderboard({ ...person('ann'), guildId: 'guild-b' }, 'toy', 'server');
    expect(other.ok && [other.value.top, other.value.me]).toEqual([[], null]);
  });

  it('GIVEN more than ten ranked players THEN the top ten are shown and the caller still learns their place', async () => {
    const w = world();
    const users = Array.from({ length: 12 }, (_, i) => `p${String(i).padStart(2, '0')}`);
    for (let round = 0; round < 3; round++) for (let i = 0; i < 12; i += 2) await finished(w, 'guild-a', [users[i]!, users[i + 1]!], [1, 2]);
    const b = await w.cf.ratings.leaderboard(person('p11'), 'toy', 'server');
    if (!b.ok) throw new Error(b.error);
    expect(b.value.top).toHaveLength(10);
    expect(b.value.me!.place).toBeGreaterThan(10);
  });

  it('GIVEN the global scope THEN only people who finished the game in a server that allows it are listed, under that server\'s name', async () => {
    const w = world();
    for (let i = 0; i < 3; i++) await finished(w, 'guild-a', ['ann', 'bob'], [1, 2]);
    for (let i = 0; i < 3; i++) await finished(w, 'guild-b', ['cid', 'ann'], [1, 2]);
    const global = async () => { const r = await w.cf.ratings.leaderboard(person('cid'), 'toy', 'all'); if (!r.ok) throw new Error(r.error); return r.value; };
    // Off by default: nobody is listed; cid has a rating but is hidden.
    expect((await global()).top).toEqual([]);
    expect((await global()).meHidden).toBe(true);
    const owner = (guildId: string): Actor => ({ id: 'owner', name: 'O', guildId, canManageGuild: true });
    // Only those who may manage the server decide it (not moderators, not players).
    expect(await w.cf.settings.saveServer({ ...person('cid'), guildId: 'guild-b', canManageThreads: true }, { globalBoard: true })).toMatchObject({ ok: false, error: 'not_allowed' });
    expect((await global()).top).toEqual([]);
    expect((await w.cf.settings.saveServer(owner('guild-b'), { globalBoard: true })).ok).toBe(true);
    // guild-b allows it: cid and ann (who played there) appear, bob (only in guild-a) does not.
    expect((await global()).top.map((r) => r.userId).sort()).toEqual(['ann', 'cid']);
    expect((await global()).me).toMatchObject({ userId: 'cid' });
    // The rating shown is the one across servers (all of ann's 6 games).
    expect((await global()).top.find((r) => r.userId === 'ann')!.games).toBe(6);
    await w.cf.settings.saveServer(owner('guild-a'), { globalBoard: true });
    expect((await global()).top.map((r) => r.userId).sort()).toEqual(['ann', 'bob', 'cid']);
    // Outside a server only the global board exists.
    expect(await w.cf.ratings.leaderboard({ ...person('ann'), guildId: null }, 'toy', 'server')).toMatchObject({ ok: false, error: 'server_only' });
    expect(await w.cf.ratings.leaderboard(person('ann'), 'nope', 'all')).toMatchObject({ ok: false, error: 'unknown_game' });
  });
});
