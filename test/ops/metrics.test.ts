/** The operator's port, scraped over real HTTP. */
import { afterEach, describe, expect, it } from 'vitest';
import '../../src/games/all.js';
import { makeId } from '../../src/bot/ids.js';
import { getGame } from '../../src/games/registry.js';
import { startOpsServer, type OpsServer } from '../../src/ops/http.js';
import { setActiveGamesProbe, setDatabaseSizeProbe, setJobBacklogProbe } from '../../src/ops/metrics.js';
import { harness } from '../helpers/fake-discord.js';

let ops: OpsServer | null = null;
afterEach(async () => {
  await ops?.close();
  ops = null;
  setJobBacklogProbe(null);
  setActiveGamesProbe(null);
  setDatabaseSizeProbe(null);
});

const get = async (port: number, p: string) => {
  const r = await fetch(`http://127.0.0.1:${port}${p}`);
  return { status: r.status, type: r.headers.get('content-type'), body: await r.text() };
};

/** The value of one sample line, e.g. `campfire_interactions_total{kind="command:new",outcome="ok"}`. */
function sample(body: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of body.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-z_]+)(\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[3] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[4]);
  }
  return undefined;
}

describe('/metrics, /healthz and /readyz over HTTP', () => {
  it('GIVEN a game played through the bot THEN /metrics counts interactions, replies, decisions, renders, jobs and games', async () => {
    const h = harness(getGame('mammut')!, { seed: 'metrics-1' });
    setJobBacklogProbe(() => ({ pending: 7, oldestAgeSeconds: 42 }));
    setActiveGamesProbe(() => h.repo.runningByGame());
    setDatabaseSizeProbe(() => 12345);
    ops = await startOpsServer({ port: 0, host: '127.0.0.1', checks: { database: () => true } });
    const before = await get(ops.port, '/metrics');
    const n0 = sample(before.body, 'campfire_interactions_total', { kind: 'command:new', outcome: 'ok' }) ?? 0;
    const d0 = sample(before.body, 'campfire_decisions_committed_total', { game: 'mammut' }) ?? 0;

    const host = { id: 'u0', name: 'Ada' };
    await h.bot.handle(h.discord.ix(host, 'chan', { command: { sub: 'new', options: { game: 'mammut' } } }));
    const gameId = (await h.repo.liveGameIn(h.discord.threads[0]!.id))!.id;
    await h.bot.handle(h.discord.ix({ id: 'u1', name: 'Bruno' }, 'chan', { customId: makeId('L', gameId, 0, 'join'), message: 'public' }));
    await h.bot.handle(h.discord.ix(host, 'chan', { customId: makeId('L', gameId, 0, 'start'), message: 'public' }));
    await h.bot.settle();
    const row = (await h.repo.game(gameId))!;
    const d = (await h.service.decisions(row))[0]!;
    await h.service.decide(gameId, { userId: `u${d.seat}` }, row.version, d.options.find((o) => o.role !== 'back')!.id);
    await h.bot.handle(h.discord.ix(host, 'chan', { customId: 'nonsense', message: 'public' }));

    const r = await get(ops.port, '/metrics');
    expect(r.status).toBe(200);
    expect(r.type).toMatch(/text\/plain/);
    expect(sample(r.body, 'campfire_interactions_total', { kind: 'command:new', outcome: 'ok' })).toBe(n0 + 1);
    expect(sample(r.body, 'campfire_interactions_total', { kind: 'component:unknown', outcome: 'refused' })).toBeGreaterThanOrEqual(1);
    expect(sample(r.body, 'campfire_reply_seconds_count', { kind: 'component:L' })).toBeGreaterThanOrEqual(2);
    expect(sample(r.body, 'campfire_decisions_committed_total', { game: 'mammut' })).toBe(d0 + 1);
    expect(sample(r.body, 'campfire_render_seconds_count', { what: 'glance', game: 'mammut' })).toBeGreaterThanOrEqual(1);
    expect(sample(r.body, 'campfire_job_backlog')).toBe(7);
    expect(sample(r.body, 'campfire_job_oldest_age_seconds')).toBe(42);
    expect(sample(r.body, 'campfire_active_games', { game: 'mammut' })).toBe(1);
    expect(sample(r.body, 'campfire_database_bytes')).toBe(12345);
    expect(r.body).toMatch(/^# TYPE campfire_rest_requests_total counter$/m);
    expect(r.body).toMatch(/^# TYPE campfire_computer_move_seconds histogram$/m);
  });

  it('GIVEN a failing readiness check THEN /readyz answers 503 and names it, while /healthz stays 200', async () => {
    let gateway: true | string = 'gateway not connected';
    ops = await startOpsServer({ port: 0, host: '127.0.0.1', checks: { gateway: () => gateway, database: () => true } });
    expect((await get(ops.port, '/healthz')).status).toBe(200);
    const down = await get(ops.port, '/readyz');
    expect(down.status).toBe(503);
    expect(JSON.parse(down.body)).toEqual({ ready: false, checks: { gateway: 'gateway not connected', database: 'ok' } });
    gateway = true;
    const up = await get(ops.port, '/readyz');
    expect(up.status).toBe(200);
    expect(JSON.parse(up.body).ready).toBe(true);
    expect((await get(ops.port, '/nothing')).status).toBe(404);
  });
});
