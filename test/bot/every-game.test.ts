/**
 * What play-over-days promises for every registered game, through the shared contract only: computer players
 * finish a game of each kind, and the undo rules hold (alone only for one's own last decision that revealed
 * nothing; anything else needs consent).
 */
import { describe, expect, it } from 'vitest';
import '../../src/games/all.js';
import { computerChoice } from '../../src/ai/index.js';
import { allGames } from '../../src/games/registry.js';
import { randInt, seedRng } from '../../src/engine/rng.js';
import { makeId } from '../../src/bot/ids.js';
import type { GameModule } from '../../src/games/types.js';
import { harness, harnessOn } from '../helpers/fake-discord.js';
import { pgReachable } from '../helpers/stores.js';

const games = allGames();

type H = ReturnType<typeof harness> | Awaited<ReturnType<typeof harnessOn>>;

/** The host opens a game, fills it with computers, starts, hands their own seat to a computer; the game finishes. */
async function computersFinish(h: H, id: string, module: GameModule): Promise<void> {
  const host = { id: 'u-host', name: 'Host' };
  await h.bot.handle(h.discord.ix(host, 'chan', { command: { sub: 'new', options: { game: id } } }));
  const gameId = (await h.repo.liveGameIn(h.discord.threads[0]!.id))!.id;
  const players = Math.max(2, module.engine.minPlayers);
  for (let i = 1; i < players; i++) await h.bot.handle(h.discord.ix(host, 'chan', { customId: makeId('L', gameId, 0, 'addai'), values: ['random'], message: 'public' }));
  await h.bot.handle(h.discord.ix(host, 'chan', { customId: makeId('L', gameId, 0, 'start'), message: 'public' }));
  // The host leaves the table to a computer too (as after a deadline vote).
  await h.service.replaceSeat(gameId, (await h.service.seatOf(gameId, host.id))!, 'random');
  await h.bot.recover();
  for (let i = 0; i < 200 && (await h.repo.game(gameId))!.status === 'running'; i++) await h.bot.settle();
  const g = (await h.repo.game(gameId))!;
  expect(g.status).toBe('finished');
  expect(await h.repo.stats(host.id)).toEqual([expect.objectContaining({ game: id, games: 1 })]);
  expect(JSON.stringify(await h.service.replayed(g))).toBe(g.state);
  expect((await h.repo.jobs.backlog()).count).toBe(0);
}

describe.each(games.map((g) => [g.engine.id, g] as const))('%s', (id, module) => {
  it('computer players finish a whole game by themselves, and the result is stored', { timeout: 600_000 }, async () => {
    const random = computerChoice('random');
    await computersFinish(harness(module, { seed: `computers-${id}`, bot: { computerChoice: (_level, ...rest) => random(...rest) } }), id, module);
  });

  it('undo: alone only for one\'s own last decision that revealed nothing', async () => {
    const h = harness(module, { seed: `undo-${id}` });
    const n = Math.max(2, module.engine.minPlayers);
    const users = Array.from({ length: n }, (_, i) => ({ id: `u${i}`, name: `P${i}` }));
    const lobby = await h.service.createLobby({ game: id, guildId: 'g', channelId: 'c', threadId: 't', host: users[0]!, locale: 'en' });
    if (!lobby.ok) throw new Error(lobby.error);
    const gameId = lobby.value.id;
    for (const u of users.slice(1)) await h.service.join(gameId, u);
    await h.service.start(gameId, users[0]!.id);
    const rng = seedRng(`undo-${id}`);
    let sawAlone = false, sawRevealed = false, sawOther = false;
    for (let step = 0; step < 400 && (await h.repo.game(gameId))!.status === 'running'; step++) {
      const row = (await h.repo.game(gameId))!;
      const d = (await h.service.decisions(row))[0]!;
      const options = d.options.filter((o) => o.role !== 'back');
      const seatsNow = await h.service.seats(gameId);
      const actor = users.find((u) => u.id === seatsNow[d.seat]!.user_id)!;
      const r = await h.service.decide(gameId, { userId: actor.id }, row.version, options[randInt(rng, options.length)]!.id);
      if (!r.ok) throw new Error(r.error);
      const status = await h.service.undoStatus(gameId, actor.id);
      if (r.value.outcome) {
        expect(status, 'a finished game takes nothing back').toBe('nothing');
        break;
      }
      expect(status).toBe(r.value.revealed ? 'needs_consent' : 'alone');
      if (r.value.revealed) sawRevealed = true;
      // Another player's undo would take the actor's decision back with their own: it needs consent (nothing of
      // theirs standing: nothing to take back).
      for (const other of users.filter((u) => u !== actor)) {
        const theirs = (await h.repo.activeDecisions(gameId)).some((x) => x.user_id === other.id);
        expect(await h.service.undoStatus(gameId, other.id)).toBe(theirs ? 'needs_consent' : 'nothing');
        if (theirs) sawOther = true;
      }
      if (status === 'alone' && !sawAlone) {
        sawAlone = true;
        const before = JSON.stringify(r.value.before);
        const u = await h.service.undoLast(gameId, r.value.game.version, { userId: actor.id, name: actor.name }, false);
        expect(u.ok).toBe(true);
        expect((await h.repo.game(gameId))!.state).toBe(before);
      }
    }
    expect(sawAlone && sawOther).toBe(true);
    expect(sawRevealed || (await h.repo.game(gameId))!.status === 'running').toBe(true);
  });
});

describe.each(games.map((g) => [g.engine.id, g] as const))('%s: one board per handover', (id, module) => {
  it('GIVEN people playing a game step by step THEN the table is posted once when the decision passes to someone new, never while it stays with those who held it', { timeout: 120_000 }, async () => {
    const h = harness(module, { seed: `handover-${id}` });
    const n = Math.max(2, module.engine.minPlayers);
    const users = Array.from({ length: n }, (_, i) => ({ id: `u${i}`, name: `P${i}`, guildId: 'g' }));
    const lobby = await h.cf.lobby.open({ game: id, actor: users[0]!, channelId: 'c', threadId: 't', locale: 'en' });
    if (!lobby.ok) throw new Error(lobby.error);
    const gameId = lobby.value.id;
    for (const u of users.slice(1)) await h.cf.lobby.join(gameId, u);
    await h.cf.lobby.start(gameId, users[0]!);
    await h.bot.settle();
    const tables = () => h.discord.sent.filter((s) => s.kind === 'post' && s.msg.files?.some((f) => f.name === 'table.png')).length;
    const rng = seedRng(`handover-${id}`);
    let passes = 0;
    for (let step = 0; step < 150 && (await h.repo.game(gameId))!.status === 'running'; step++) {
      const row = (await h.repo.game(gameId))!;
      const before = await h.service.decisions(row);
      const d = before[0]!;
      const options = d.options.filter((o) => o.role !== 'back');
      const seatsNow = await h.service.seats(gameId);
      const actor = users.find((u) => u.id === seatsNow[d.seat]!.user_id)!;
      const posted = tables();
      const r = await h.cf.play.choose(gameId, actor, row.version, options[randInt(rng, options.length)]!.id);
      if (!r.ok) throw new Error(r.error);
      await h.bot.settle();
      const g = (await h.repo.game(gameId))!;
      const after = await h.service.decisions(g);
      // A handover: someone owes a decision who did not before (every seat here is a person), or the game ended. A seat
      // asked in a reaction window with nothing to play passes by itself, unseen: it is handed nothing.
      const seen = (x: { window?: unknown; options: { role?: string }[] }) => !(x.window && x.options.every((o) => o.role === 'pass'));
      const handed = after.filter((x) => seen(x) && !before.some((b) => b.seat === x.seat && seen(b)));
      const delta = tables() - posted;
      // A seat that passed by itself inside this step (its delay is drawn from the table's answer times, all 0 on this
      // clock) made a change of its own, which may hand over: the step is then two changes, and not judged here.
      if (before.some((b) => !seen(b) && !after.some((a) => a.seat === b.seat && !seen(a)) && b.seat !== d.seat)) continue;
      if (handed.length || g.status === 'finished') { passes++; expect(delta, `step ${step} passes the decision on`).toBe(1); }
      else expect(delta, `step ${step} keeps the decision with those who held it`).toBe(0);
    }
    expect(passes).toBeGreaterThan(3);
  });
});

describe.each(games.map((g) => [g.engine.id, g] as const))('%s: the full table one click away', (id, module) => {
  it('GIVEN the table post THEN "Full table" answers privately with the full-size table, in parts where the game draws it so', async () => {
    const h = harness(module, { seed: `full-${id}` });
    const n = Math.max(2, module.engine.minPlayers);
    const users = Array.from({ length: n }, (_, i) => ({ id: `u${i}`, name: `P${i}`, guildId: 'g' }));
    const lobby = await h.cf.lobby.open({ game: id, actor: users[0]!, channelId: 'c', threadId: 't', locale: 'en' });
    if (!lobby.ok) throw new Error(lobby.error);
    for (const u of users.slice(1)) await h.cf.lobby.join(lobby.value.id, u);
    await h.cf.lobby.start(lobby.value.id, users[0]!);
    await h.bot.settle();
    const g = (await h.repo.game(lobby.value.id))!;
    await h.bot.handle(h.discord.ix(users[1]!, 't', { customId: makeId('T', g.id, g.version, 'full'), message: 'public' }));
    const r = h.discord.last('reply');
    expect(r.ephemeral).toBe(true);
    const files = r.msg.files ?? [];
    expect(files.length).toBe(module.ui.tableParts ?? 1);
    for (const f of files) {
      // PNG, full width, and never the 3,000-px strip Discord would shrink to a sliver.
      const width = f.data.readUInt32BE(16), height = f.data.readUInt32BE(20);
      expect(width).toBeGreaterThan(550);
      expect(height, `${f.name} ${width}×${height}`).toBeLessThanOrEqual(module.ui.tableParts ? 1_600 : 2_000);
    }
  });
});

/** The same whole games on PostgreSQL: every game, its decisions, results and ratings through the other store. */
describe.skipIf(!pgReachable).each(games.map((g) => [g.engine.id, g] as const))('%s on PostgreSQL', (id, module) => {
  it('computer players finish a whole game by themselves, and the result is stored', { timeout: 600_000 }, async () => {
    const random = computerChoice('random');
    const h = await harnessOn('postgres', module, { seed: `computers-${id}`, bot: { computerChoice: (_level, ...rest) => random(...rest) } });
    try {
      await computersFinish(h, id, module);
    } finally {
      await h.drop();
    }
  });
});
