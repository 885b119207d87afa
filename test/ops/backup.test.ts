/** Backups taken while games run, restored, and played on; a restore refuses while the bot runs. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import '../../src/games/all.js';
import { getGame } from '../../src/games/registry.js';
import { randInt, seedRng } from '../../src/engine/rng.js';
import { BackupError, backupTo, holdDatabase, listBackups, restoreFrom } from '../../src/ops/backup.js';
import { openDatabase } from '../../src/store/db.js';
import { harness } from '../helpers/fake-discord.js';

const mammut = getGame('mammut')!;
let dir = '';
afterEach(() => { if (dir) rmSync(dir, { recursive: true, force: true }); dir = ''; });
const tmp = () => (dir = mkdtempSync(path.join(tmpdir(), 'campfire-backup-')));

async function play(h: ReturnType<typeof harness>, gameId: number, steps: number, seed: string): Promise<number> {
  const rng = seedRng(seed);
  let n = 0;
  for (; n < steps; n++) {
    const row = (await h.repo.game(gameId))!;
    if (row.status !== 'running') break;
    const d = (await h.service.decisions(row))[0]!;
    const opts = d.options.filter((o) => o.role !== 'back');
    const r = await h.service.decide(gameId, { userId: `u${d.seat}` }, row.version, opts[randInt(rng, opts.length)]!.id);
    if (!r.ok) throw new Error(r.error);
  }
  return n;
}

describe('backups', () => {
  it('GIVEN a backup taken mid-game THEN after a restore the game goes on from there to its end', async () => {
    const file = path.join(tmp(), 'campfire.db');
    const h = harness(mammut, { db: openDatabase(file), seed: 'backup-1' });
    const lobby = await h.service.createLobby({ game: 'mammut', guildId: 'guild', channelId: 'chan', threadId: 'thread-1', host: { id: 'u0', name: 'Ada' }, locale: 'en' });
    if (!lobby.ok) throw new Error('lobby');
    const id = lobby.value.id;
    await h.service.join(id, { id: 'u1', name: 'Bruno' });
    await h.service.start(id, 'u0');
    await play(h, id, 12, 'a');
    const atBackup = (await h.repo.game(id))!;
    const backup = await backupTo(h.db, path.join(dir, 'backups'));
    expect(path.basename(backup)).toMatch(/^campfire-\d{8}-\d{6}Z\.db$/);
    await play(h, id, 5, 'b'); // lost with the restore
    h.db.close();

    const { replaced } = restoreFrom(backup, file);
    expect(replaced && existsSync(replaced)).toBeTruthy();
    expect(existsSync(`${file}-wal`)).toBe(false);
    const h2 = harness(mammut, { db: openDatabase(file), seed: 'backup-1' });
    const row = (await h2.repo.game(id))!;
    expect(row.version).toBe(atBackup.version);
    expect(row.state).toBe(atBackup.state);
    await play(h2, id, 10_000, 'c');
    const end = (await h2.repo.game(id))!;
    expect(end.status).toBe('finished');
    expect(JSON.stringify(await h2.service.replayed(end))).toBe(end.state);
    await h2.bot.handle(h2.discord.ix({ id: 'u1', name: 'Bruno' }, 'thread-1', { command: { sub: 'status', options: {} } }));
    expect(String(h2.discord.last('reply').msg.content)).toMatch(/Bruno|Ada/);
    h2.db.close();
  });

  it('GIVEN more backups than BACKUP_KEEP THEN the oldest go and no partial file stays', async () => {
    const file = path.join(tmp(), 'campfire.db');
    const db = openDatabase(file);
    const out = path.join(dir, 'b');
    for (let i = 0; i < 4; i++) await backupTo(db, out, { keep: 2, now: Date.UTC(2026, 0, 1, 0, i) });
    db.close();
    expect(listBackups(out).map((f) => path.basename(f))).toEqual(['campfire-20260101-000200Z.db', 'campfire-20260101-000300Z.db']);
    expect(readdirSync(out).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('GIVEN the bot running on the database THEN a restore refuses; a damaged backup is refused too', async () => {
    const file = path.join(tmp(), 'campfire.db');
    const db = openDatabase(file);
    const backup = await backupTo(db, path.join(dir, 'b'));
    db.close();
    const release = holdDatabase(file);
    expect(() => restoreFrom(backup, file)).toThrow(/running \(pid \d+\).*stop it first/);
    release();
    const broken = path.join(dir, 'broken.db');
    writeFileSync(broken, 'not a database at all '.repeat(400));
    expect(() => restoreFrom(broken, file)).toThrow(BackupError);
    expect(restoreFrom(backup, file).replaced).toBeTruthy();
  });

  it('GIVEN npm run backup and npm run restore THEN the backup is written, and the restore refuses while the pid file names a live process', () => {
    const file = path.join(tmp(), 'campfire.db');
    openDatabase(file).close();
    const env = { ...process.env, DATABASE_PATH: file, BACKUP_DIR: path.join(dir, 'bk') };
    const b = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts'], { env, encoding: 'utf8', timeout: 60_000 });
    expect(b.stdout).toMatch(/Backup written and checked: .*campfire-.*\.db/);
    expect(b.status).toBe(0);
    const backup = listBackups(path.join(dir, 'bk'))[0]!;
    const release = holdDatabase(file); // this test process plays the running bot
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/restore.ts', backup], { env, encoding: 'utf8', timeout: 60_000 });
    release();
    expect(r.stderr).toMatch(/Not restored: Campfire is running/);
    expect(r.status).toBe(1);
    const ok = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/restore.ts', backup], { env, encoding: 'utf8', timeout: 60_000 });
    expect(ok.stdout).toMatch(/Restored/);
    expect(ok.status).toBe(0);
  });
});
