/**
 * The players migration (placings, ratings, digest, global leaderboard consent) on a database that already has
 * settings: the digest starts off, servers start without consent, nothing is rated until a game finishes.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../src/store/db.js';
import { Repo } from '../../src/store/repo.js';

describe('the players migration', () => {
  const all = loadMigrations();
  const mine = all.find((m) => m.name.endsWith('_players_ratings.sql'))!;

  it('GIVEN settings written before it THEN the digest is off, no server consents, and the new tables are empty', async () => {
    const db = new Database(':memory:');
    migrate(db, all, mine.version - 1);
    db.prepare(`INSERT INTO user_settings (user_id, dms, dm_closed, locale, quiet_start, quiet_end, tz_offset_min) VALUES ('u1', 1, 0, 'de', 22, 7, 60)`).run();
    db.prepare(`INSERT INTO guild_settings (guild_id, deadline_hours, vacation_days, manager_role, locale) VALUES ('g1', 24, 10, NULL, NULL)`).run();
    migrate(db);
    const repo = Repo.sqlite(db, () => 1);
    expect(await repo.settings('u1')).toMatchObject({ locale: 'de', quiet_start: 22, tz_offset_min: 60, digest_hour: null, digest_day: null });
    expect(await repo.guildSettings('g1')).toMatchObject({ deadline_hours: 24, global_board: 0 });
    expect(await repo.digestUsers()).toEqual([]);
    expect(await repo.ratings.all()).toEqual([]);
    // Saving keeps every column (the digest included).
    await repo.saveSettings({ ...await repo.settings('u1'), digest_hour: 9, digest_day: 5 });
    expect(await repo.settings('u1')).toMatchObject({ locale: 'de', digest_hour: 9, digest_day: 5 });
    await repo.saveGuildSettings({ ...await repo.guildSettings('g1'), global_board: 1 });
    expect(await repo.guildSettings('g1')).toMatchObject({ vacation_days: 10, global_board: 1 });
  });
});
