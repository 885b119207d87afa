import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('npm start without a token', () => {
  it('stops with a short message on how to get one and how to open the sandbox instead', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], { env: { ...process.env, DISCORD_TOKEN: '' }, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/DISCORD_TOKEN/);
    expect(r.stderr).toMatch(/npm run sandbox/);
  });
});

describe('npm start with a database it cannot use', () => {
  it('GIVEN a file that is not a database THEN it says so plainly and exits with code 3, no stack trace', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'campfire-start-'));
    const file = path.join(dir, 'campfire.db');
    writeFileSync(file, 'this is not a database '.repeat(300));
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], { env: { ...process.env, DISCORD_TOKEN: 'x', DATABASE_PATH: file }, encoding: 'utf8', timeout: 60_000 });
    rmSync(dir, { recursive: true, force: true });
    expect(r.status).toBe(3);
    expect(r.stderr).toMatch(/Campfire cannot start: .*is not a Campfire database/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
