/** Finished games stay small: compacted into one archive row, the snapshot gone, replay/log/status unchanged. */
import { describe, expect, it } from 'vitest';
import '../../src/games/all.js';
import { getGame } from '../../src/games/registry.js';
import { randInt, seedRng } from '../../src/engine/rng.js';
import { runMaintenance, usedBytes } from '../../src/ops/maintenance.js';
import { harness, silentLog } from '../helpers/fake-discord.js';

const mammut = getGame('mammut')!;

async function finishedGame(seed: string, undoOnce = false) {
  const h = harness(mammut, { seed });
  const users = [{ id: 'u0', name: 'Ada' }, { id: 'u1', name: 'Bruno' }, { id: 'u2', name: 'Chloe' }];
  const lobby = await h.service.createLobby({ game: 'mammut', guildId: 'guild', channelId: 'chan', threadId: 'thread-1', host: users[0]!, locale: 'en' });
  if (!lobby.ok) throw new Error('lobby');
  const id = lobby.value.id;
  for (const u of users.slice(1)) await h.service.join(id, u);
  await h.service.start(id, 'u0');
  const rng = seedRng(seed);
  for (let i = 0; i < 10_000; i++) {
    const row = (await h.repo.game(id))!;
    if (row.status !== 'running') break;
    const d = (await h.service.decisions(row))[0]!;
    const opts = d.options.filter((o) => o.role !== 'back');
    await h.service.decide(id, { userId: `u${d.seat}` }, row.version, opts[randInt(rng, opts.length)]!.id);
    if (undoOnce && i === 3) await h.service.undoLast(id, (await h.repo.game(id))!.version, { userId: 'u0', name: 'Ada' }, true);
  }
  return { h, id, users };
}

describe('storage of finished games', () => {
  it('GIVEN a finished Mammut game THEN maintenance compacts it below 5 KB and replay, log, table and stats read the same', async () => {
    const { h, id, users } = await finishedGame('storage-1', true);
    const before = {
      log: await Promise.all(users.map((u) => h.cf.views.log(id, u.id))),
      table: await h.cf.views.table(id),
      replay: await h.cf.views.replay(id),
      seat: await h.cf.views.seat(id, 'u1'),
      stats: await h.cf.views.stats('u0'),
    };
    expect(before.log[0]!.some((l) => l.undone)).toBe(true);
    const usedBefore = usedBytes(h.db);
    const r = await runMaintenance(h.repo, silentLog);
    expect(r.compacted).toBe(1);
    const g = (await h.repo.game(id))!;
    expect(g.state).toBeNull();
    expect((h.db.prepare('SELECT COUNT(*) AS n FROM decisions WHERE game_id = ?').get(id) as { n: number }).n).toBe(0);
    const archiveBytes = (h.db.prepare('SELECT length(decisions) AS n FROM archives WHERE game_id = ?').get(id) as { n: number }).n;
    expect(archiveBytes).toBeLessThan(5000);
    expect(usedBytes(h.db)).toBeLessThan(usedBefore);
    // What players can still read of the game is unchanged.
    expect(await Promise.all(users.map((u) => h.cf.views.log(id, u.id)))).toEqual(before.log);
    const table = (await h.cf.views.table(id))!;
    expect(table.outcome).toEqual(before.table!.outcome);
    expect(table.view).toEqual(before.table!.view);
    const replay = await h.cf.views.replay(id);
    expect(replay.ok && before.replay.ok).toBe(true);
    if (replay.ok && before.replay.ok) expect({ names: replay.value.names, frames: replay.value.frames }).toEqual({ names: before.replay.value.names, frames: before.replay.value.frames });
    const seat = await h.cf.views.seat(id, 'u1');
    expect(seat.ok && before.seat.ok && seat.value.view).toEqual(before.seat.ok && before.seat.value.view);
    expect(await h.cf.views.stats('u0')).toEqual(before.stats);
    // A second run finds nothing to do.
    expect((await runMaintenance(h.repo, silentLog)).compacted).toBe(0);
  });

  it('GIVEN a compacted game THEN /campfire log, status and replay answer as before', async () => {
    const { h, id } = await finishedGame('storage-2');
    const ask = async (sub: string) => {
      await h.bot.handle(h.discord.ix({ id: 'u1', name: 'Bruno' }, 'thread-1', { command: { sub, options: {} } }));
      return h.discord.last('reply').msg;
    };
    const log = await ask('log');
    const status = await ask('status');
    await runMaintenance(h.repo, silentLog);
    expect((await h.repo.game(id))!.state).toBeNull();
    expect(await ask('log')).toEqual(log);
    expect(await ask('status')).toEqual(status);
    expect(String(status.content)).toMatch(/1\./);
  });

  it('GIVEN a running game THEN maintenance leaves it alone', async () => {
    const h = harness(mammut, { seed: 'storage-3' });
    const lobby = await h.service.createLobby({ game: 'mammut', guildId: 'guild', channelId: 'chan', threadId: 'thread-1', host: { id: 'u0', name: 'Ada' }, locale: 'en' });
    if (!lobby.ok) throw new Error('lobby');
    await h.service.join(lobby.value.id, { id: 'u1', name: 'Bruno' });
    await h.service.start(lobby.value.id, 'u0');
    expect((await runMaintenance(h.repo, silentLog)).compacted).toBe(0);
    expect((await h.repo.game(lobby.value.id))!.state).not.toBeNull();
  });
});
