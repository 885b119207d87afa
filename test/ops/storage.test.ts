/** Finished games stay small: compacted into one archive row, the snapshot gone, replay/log/status unchanged. */
import { describe, expect, it } from 'vitest';
import '../../src/games/all.js';
import { getGame } from '../../src/games/registry.js';
import { randInt, seedRng } from '../../src/engine/rng.js';
import { runMaintenance, usedBytes } from '../../src/ops/maintenance.js';
import { harness, silentLog } from '../helpers/fake-discord.js';

const mammut = getGame('mammut')!;

function finishedGame(seed: string, undoOnce = false) {
  const h = harness(mammut, { seed });
  const users = [{ id: 'u0', name: 'Ada' }, { id: 'u1', name: 'Bruno' }, { id: 'u2', name: 'Chloe' }];
  const lobby = h.service.createLobby({ game: 'mammut', guildId: 'guild', channelId: 'chan', threadId: 'thread-1', host: users[0]!, locale: 'en' });
  if (!lobby.ok) throw new Error('lobby');
  const id = lobby.value.id;
  for (const u of users.slice(1)) h.service.join(id, u);
  h.service.start(id, 'u0');
  const rng = seedRng(seed);
  for (let i = 0; i < 10_000; i++) {
    const row = h.repo.game(id)!;
    if (row.status !== 'running') break;
    const d = h.service.decisions(row)[0]!;
    const opts = d.options.filter((o) => o.role !== 'back');
    h.service.decide(id, { userId: `u${d.seat}` }, row.version, opts[randInt(rng, opts.length)]!.id);
    if (undoOnce && i === 3) h.service.undoLast(id, h.repo.game(id)!.version, { userId: 'u0', name: 'Ada' }, true);
  }
  return { h, id, users };
}

describe('storage of finished games', () => {
  it('GIVEN a finished Mammut game THEN maintenance compacts it below 5 KB and replay, log, table and stats read the same', () => {
    const { h, id, users } = finishedGame('storage-1', true);
    const before = {
      log: users.map((u) => h.cf.views.log(id, u.id)),
      table: h.cf.views.table(id),
      replay: h.cf.views.replay(id),
      seat: h.cf.views.seat(id, 'u1'),
      stats: h.cf.views.stats('u0'),
    };
    expect(before.log[0]!.some((l) => l.undone)).toBe(true);
    const usedBefore = usedBytes(h.db);
    const r = runMaintenance(h.db, h.repo, silentLog);
    expect(r.compacted).toBe(1);
    const g = h.repo.game(id)!;
    expect(g.state).toBeNull();
    expect((h.db.prepare('SELECT COUNT(*) AS n FROM decisions WHERE game_id = ?').get(id) as { n: number }).n).toBe(0);
    const archiveBytes = (h.db.prepare('SELECT length(decisions) AS n FROM archives WHERE game_id = ?').get(id) as { n: number }).n;
    expect(archiveBytes).toBeLessThan(5000);
    expect(usedBytes(h.db)).toBeLessThan(usedBefore);
    // What players can still read of the game is unchanged.
    expect(users.map((u) => h.cf.views.log(id, u.id))).toEqual(before.log);
    const table = h.cf.views.table(id)!;
    expect(table.outcome).toEqual(before.table!.outcome);
    expect(table.view).toEqual(before.table!.view);
    const replay = h.cf.views.replay(id);
    expect(replay.ok && before.replay.ok).toBe(true);
    if (replay.ok && before.replay.ok) expect({ names: replay.value.names, frames: replay.value.frames }).toEqual({ names: before.replay.value.names, frames: before.replay.value.frames });
    const seat = h.cf.views.seat(id, 'u1');
    expect(seat.ok && before.seat.ok && seat.value.view).toEqual(before.seat.ok && before.seat.value.view);
    expect(h.cf.views.stats('u0')).toEqual(before.stats);
    // A second run finds nothing to do.
    expect(runMaintenance(h.db, h.repo, silentLog).compacted).toBe(0);
  });

  it('GIVEN a compacted game THEN /campfire log, status and replay answer as before', async () => {
    const { h, id } = finishedGame('storage-2');
    const ask = async (sub: string) => {
      await h.bot.handle(h.discord.ix({ id: 'u1', name: 'Bruno' }, 'thread-1', { command: { sub, options: {} } }));
      return h.discord.last('reply').msg;
    };
    const log = await ask('log');
    const status = await ask('status');
    runMaintenance(h.db, h.repo, silentLog);
    expect(h.repo.game(id)!.state).toBeNull();
    expect(await ask('log')).toEqual(log);
    expect(await ask('status')).toEqual(status);
    expect(String(status.content)).toMatch(/1\./);
  });

  it('GIVEN a running game THEN maintenance leaves it alone', () => {
    const h = harness(mammut, { seed: 'storage-3' });
    const lobby = h.service.createLobby({ game: 'mammut', guildId: 'guild', channelId: 'chan', threadId: 'thread-1', host: { id: 'u0', name: 'Ada' }, locale: 'en' });
    if (!lobby.ok) throw new Error('lobby');
    h.service.join(lobby.value.id, { id: 'u1', name: 'Bruno' });
    h.service.start(lobby.value.id, 'u0');
    expect(runMaintenance(h.db, h.repo, silentLog).compacted).toBe(0);
    expect(h.repo.game(lobby.value.id)!.state).not.toBeNull();
  });
});
