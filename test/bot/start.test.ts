import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('npm start without a token', () => {
  it('stops with a short message on how to get one and how to open the sandbox instead', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], { env: { ...process.env, DISCORD_TOKEN: '' }, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/DISCORD_TOKEN/);
    expect(r.stderr).toMatch(/npm run sandbox/);
  });
});
