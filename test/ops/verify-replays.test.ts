/**
 * `npm run maintenance -- --verify-replays`: on either store, stored games in every state (running with decisions
 * taken back, twice in a row; finished; compacted finished; compacted abandoned with a decision taken back) replay
 * as stored and nothing is written; a game whose stored state, log lines or archive were tampered with is listed,
 * by id, and no other.
 */
import { getGame } from '../../src/games/registry.js';
import { afterEach, describe, expect, it } from 'vitest';
import '../../src/games/all.js';
import { randInt, seedRng, type RngState } from '../../src/engine/rng.js';
import { verifyReplays } from '../../src/ops/verify-replays.js';
import { GameService } from '../../src/service/games.js';
import { packDecisions } from '../../src/store/archive.js';
import { STORES, testStore, type TestStore } from '../helpers/stores.js';

const opened: TestStore[] = [];
afterEach(async () => { while (opened.length) await opened.pop()!.drop(); });

/** Plays up to `n` decisions through the service, each a random option (never `back`) of whoever owes one. */
async function play(service: GameService, gameId: number, rng: RngState, n = Infinity): Promise<void> {
  for (let i = 0; i < n; i++) {
    const row = (await service.repo.game(gameId))!;
    if (row.status !== 'running') return;
    const d = (await service.decisions(row))[0]!;
    const ids = d.options.filter((o) => o.role !== 'back');
    const r = await service.decide(gameId, { userId: `u${d.seat}` }, row.version, ids[randInt(rng, ids.length)]!.id);
    if (!r.ok) throw new Error(r.error);
  }
}

const newest = (game: string) => getGame(game)!.engine.rulesVersions!.current;

async function undo(service: GameService, gameId: number): Promise<void> {
  const row = (await service.repo.game(gameId))!;
  // The last standing decision, taken back by its own player (an undo takes back the asker's last decision and all after).
  const last = (await service.repo.lastActiveDecision(gameId))!;
  const r = await service.undoLast(gameId, row.version, { userId: last.user_id, name: last.user_id }, true);
  if (!r.ok) throw new Error(r.error);
}

/** Every row the verification could touch, to show it touched none. */
async function dump(t: TestStore): Promise<string> {
  const out: unknown[] = [];
  for (const table of ['games', 'decisions', 'archives', 'table_log', 'players', 'placings', 'turns']) {
    out.push(await t.repo.sql.all(`SELECT * FROM ${table} ORDER BY 1, 2`));
  }
  return JSON.stringify(out, (_k, v: unknown) => (v && typeof v === 'object' && (v as { type?: string }).type === 'Buffer' ? Buffer.from((v as { data: number[] }).data).toString('hex') : v));
}

describe.each(STORES)('verify-replays on $kind', ({ kind, runs }) => {
  it.skipIf(!runs)('GIVEN stored games in every state THEN none differs and nothing is written; GIVEN four tampered with THEN exactly those are listed', async () => {
    const t = await testStore(kind);
    opened.push(t);
    let seeds = 0;
    const service = new GameService(t.repo, { newSeed: () => `verify-${++seeds}` });
    const rng = seedRng('verify-replays');
    const game = async (name: string, players: number) => {
      const l = await service.createLobby({ game: name, guildId: 'g', channelId: 'c', threadId: null, host: { id: 'u0', name: 'U0' }, locale: 'en' });
      if (!l.ok) throw new Error(l.error);
      for (let i = 1; i < players; i++) await service.join(l.value.id, { id: `u${i}`, name: `U${i}` });
      const s = await service.start(l.value.id, 'u0');
      if (!s.ok) throw new Error(s.error);
      return l.value.id;
    };
    const running = await game('eiszeit', 3);
    await play(service, running, rng, 30);
    await undo(service, running);
    await undo(service, running);
    await play(service, running, rng, 10);
    await undo(service, running);
    await play(service, running, rng, 5);
    const finished = await game('mammut', 3);
    await play(service, finished, rng);
    const compacted = await game('mammut', 2);
    await play(service, compacted, rng, 20);
    await undo(service, compacted);
    await play(service, compacted, rng);
    const abandoned = await game('tal', 2);
    await play(service, abandoned, rng, 25);
    await undo(service, abandoned);
    await play(service, abandoned, rng, 3);
    await service.abandon(abandoned);
    expect(await t.repo.compact(compacted)).toBe(true);
    expect(await t.repo.compact(abandoned)).toBe(true);
    expect((await t.repo.game(finished))!.status).toBe('finished');

    const before = await dump(t);
    const clean = await verifyReplays(t.repo);
    expect(clean.differ).toEqual([]);
    expect(clean.checked).toBe(4);
    expect(clean.byStatus).toEqual({ running: 1, finished: 2, abandoned: 1 });
    expect(clean.compacted).toBe(2);
    expect(clean.undoneChecked).toBe(5);
    expect(await dump(t)).toBe(before);

    // Tampered with: a running game's snapshot, a finished game's log line, a compacted game's archived choice.
    const state = JSON.parse((await t.repo.game(running))!.state!) as { rng: number[] };
    state.rng[0] = (state.rng[0]! + 1) >>> 0;
    await t.repo.update(running, { state: JSON.stringify(state) });
    const last = (await t.repo.decisions(finished)).at(-1)!;
    await t.repo.sql.run('UPDATE decisions SET events = ? WHERE game_id = ? AND version = ?', ['[]', finished, last.version]);
    const archived = (await t.repo.archived(compacted))!;
    const standing = archived.filter((d) => !d.undone);
    standing[5]!.option = 'no-such-option';
    await t.repo.sql.run('UPDATE archives SET decisions = ? WHERE game_id = ?', [packDecisions(archived), compacted]);
    const archivedToo = (await t.repo.archived(abandoned))!;
    const takenBack = archivedToo.find((d) => d.undone)!;
    takenBack.events = JSON.stringify([{ msg: { key: 'forged' } }]);
    await t.repo.sql.run('UPDATE archives SET decisions = ? WHERE game_id = ?', [packDecisions(archivedToo), abandoned]);

    const dirty = await verifyReplays(t.repo);
    expect(dirty.differ.map((d) => [d.id, d.status, d.compacted, d.rulesVersion])).toEqual([
      // New games play by each game's newest rules (Eiszeit and Tal have a version 2).
      [running, 'running', false, newest('eiszeit')], [finished, 'finished', false, newest('mammut')], [compacted, 'finished', true, newest('mammut')], [abandoned, 'abandoned', true, newest('tal')],
    ]);
    expect(dirty.differ[0]!.problem).toBe('its stored state differs from the replay of its decisions');
    expect(dirty.differ[1]!.problem).toBe(`the log lines of decision ${last.version} (seat ${last.seat}: ${last.option}) differ`);
    expect(dirty.differ[2]!.problem).toMatch(/^does not replay: replay: choice 5 \(\d+:no-such-option\) rejected: unknown_option$/);
    expect(dirty.differ[3]!.problem).toBe(`the log lines of taken-back decision ${takenBack.version} (seat ${takenBack.seat}: ${takenBack.option}) differ`);
  });
});
