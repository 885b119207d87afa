/**
 * Timers with several processes on one PostgreSQL database: every process ticks every minute, and each reminder,
 * passed deadline and digest is acted on exactly once (the tick runs in one process at a time and marks what it
 * did in the same transaction).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { registerGame } from '../../src/games/registry.js';
import { Campfire } from '../../src/service/index.js';
import { HOUR } from '../../src/service/timers.js';
import { pgReachable, testStore, type TestStore } from '../helpers/stores.js';
import { toy } from '../helpers/toy-game.js';

registerGame(toy);
const opened: TestStore[] = [];
afterEach(async () => { while (opened.length) await opened.pop()!.drop(); });

describe.skipIf(!pgReachable)('GIVEN three processes ticking on one PostgreSQL database', () => {
  it('THEN every reminder and every passed deadline is acted on once', async () => {
    let clock = 1_700_000_000_000;
    const now = () => clock;
    const first = await testStore('postgres', now);
    opened.push(first);
    const stores = [first];
    for (let i = 0; i < 2; i++) { const s = await testStore('postgres', now, first.schema!); opened.push(s); stores.push(s); }
    const cfs = stores.map((s, i) => new Campfire(s.repo, { now, worker: `host-${i}` }));
    const games: number[] = [];
    for (let g = 0; g < 6; g++) {
      const lobby = await cfs[0]!.games.createLobby({ game: 'toy', guildId: 'g', channelId: `c${g}`, threadId: `t${g}`, host: { id: `a${g}`, name: 'Ann' }, locale: 'en' });
      if (!lobby.ok) throw new Error(lobby.error);
      await cfs[0]!.games.join(lobby.value.id, { id: `b${g}`, name: 'Bob' });
      await cfs[0]!.games.start(lobby.value.id, `a${g}`);
      games.push(lobby.value.id);
    }
    const kinds = async () => (await first.repo.sql.all<{ effect: string }>('SELECT effect FROM jobs')).map((r) => (JSON.parse(r.effect) as { kind: string }).kind);
    const tickAll = async () => { for (let k = 0; k < 3; k++) await Promise.all(cfs.map((cf) => cf.deadlines.tick())); };

    clock += 40 * HOUR; // past three quarters of the 48-hour deadline: one reminder per owing seat
    await tickAll();
    const owing = (await first.repo.sql.all<{ n: number }>('SELECT COUNT(*) AS n FROM turns'))[0]!.n;
    expect(owing).toBeGreaterThanOrEqual(games.length);
    expect((await kinds()).filter((k) => k === 'remind')).toHaveLength(owing);

    clock += 10 * HOUR; // the deadline passed: one vote (or skip) per owing seat, not one per process
    await tickAll();
    const after = await kinds();
    const verdicts = after.filter((k) => k === 'deadline_vote' || k === 'table').length;
    expect(after.filter((k) => k === 'remind')).toHaveLength(owing);
    expect(after.filter((k) => k === 'deadline_vote')).toHaveLength(owing);
    expect(verdicts).toBeGreaterThanOrEqual(owing);
    const expired = await first.repo.sql.all<{ n: number }>('SELECT COUNT(*) AS n FROM turns WHERE expired_at IS NOT NULL');
    expect(expired[0]!.n).toBe(owing);
  });
});
