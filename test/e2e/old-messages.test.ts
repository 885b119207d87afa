/**
 * Issue #31: a refused edit of an old message never stalls a game. The real discord.js client and the job runner
 * against the strict stand-in, whose default allows no edit of a message older than an hour (429 / 30046); the
 * game's clock and the stand-in's are moved forward together (no real sleeps), the player comes back more than an
 * hour after the deadline vote was posted.
 */
import Database from 'better-sqlite3';
import type { Client } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CampfireBot } from '../../src/bot/bot.js';
import { createClient, discordPlatform } from '../../src/bot/discord.js';
import { makeId, parseId } from '../../src/bot/ids.js';
import { invalidRequests } from '../../src/bot/rest-policy.js';
import { registerGame } from '../../src/games/registry.js';
import { metrics } from '../../src/ops/metrics.js';
import { Campfire } from '../../src/service/index.js';
import { HOUR } from '../../src/service/timers.js';
import { startStandIn, type RunningStandIn } from '../../src/standin/index.js';
import { migrate } from '../../src/store/db.js';
import { Repo } from '../../src/store/repo.js';
import { FakeDiscord, silentLog } from '../helpers/fake-discord.js';
import { toy } from '../helpers/toy-game.js';

let s: RunningStandIn;
let client: Client;
let channel: string;

beforeAll(async () => {
  // The strict defaults: Discord's rate limits, schema-checked bodies, no edit of a message older than an hour.
  s = await startStandIn({ log: () => {} });
  channel = s.channelByName('campfire').id;
  client = createClient({ apiBase: s.apiBase });
  const ready = new Promise<void>((r) => client.once('clientReady', () => r()));
  await client.login(s.token);
  await ready;
});

afterAll(async () => {
  await client?.destroy();
  await s?.close();
});

afterEach(() => invalidRequests.reset());

/**
 * The bot's service and job runner on a clock of their own (`lagMs` behind the stand-in's: a bot whose idea of
 * a message's age is wrong still meets Discord's refusal); interactions are built in the test, everything the
 * runner sends goes through discord.js to the stand-in.
 */
function rig(lagMs = 0) {
  registerGame(toy);
  const db = new Database(':memory:');
  migrate(db);
  let clock = s.clock.now() - lagMs;
  const repo = Repo.sqlite(db, () => clock);
  const cf = new Campfire(repo, { now: () => clock, newSeed: () => 'seed-1' });
  const bot = new CampfireBot(cf, discordPlatform(client, silentLog), silentLog, { now: () => clock });
  const ixs = new FakeDiscord(() => clock);
  const users = [s.user('ada'), s.user('bruno')].map((u) => ({ id: u.id, name: u.name }));
  return {
    repo, cf, bot, ixs, users,
    /** Moves both clocks (`botToo: false`: only Discord's). */
    advance(ms: number, botToo = true) { s.clock.advance(ms); if (botToo) clock += ms; },
  };
}

async function started(r: ReturnType<typeof rig>) {
  const [ada, bruno] = r.users as [{ id: string; name: string }, { id: string; name: string }];
  await r.bot.handle(r.ixs.ix(ada, channel, { command: { sub: 'new', options: { game: 'toy' } } }));
  const reply = r.ixs.last('reply').msg;
  const gameId = parseId(FakeDiscord.ids(reply)[0])?.gameId;
  if (!gameId) throw new Error(`no lobby: ${JSON.stringify(reply)} ${silentLog.lines.join('\n')}`);
  await r.bot.handle(r.ixs.ix(bruno, channel, { customId: makeId('L', gameId, 0, 'join') }));
  await r.bot.handle(r.ixs.ix(ada, channel, { customId: makeId('L', gameId, 0, 'deadline'), values: ['24'] }));
  await r.bot.handle(r.ixs.ix(ada, channel, { customId: makeId('L', gameId, 0, 'start') }));
  await r.bot.settle();
  return gameId;
}

const owing = async (r: ReturnType<typeof rig>, gameId: number) => {
  const g = (await r.repo.game(gameId))!;
  const seat = (await r.cf.games.decisions(g))[0]!.seat;
  const seats = await r.cf.games.seats(gameId);
  return r.users.find((u) => u.id === seats[seat]!.user_id)!;
};

const requestsFor = (messageId: string) => s.requestLog.filter((q) => q.path.endsWith(`/messages/${messageId}`));
const tablesIn = (ch: string) => s.messagesIn(ch).filter((m) => (m.attachments ?? []).some((a: { filename: string }) => a.filename === 'table.png'));

/** The deadline passes (the table votes), then more than an hour goes by before the late player moves. */
async function lateReturn(r: ReturnType<typeof rig>, bothClocks: boolean) {
  const gameId = await started(r);
  const g = (await r.repo.game(gameId))!;
  expect(g.lives_in_channel).toBe(1);
  const late = await owing(r, gameId);
  r.advance(25 * HOUR);
  await r.bot.tick();
  await r.bot.settle();
  const vote = s.messagesIn(channel).filter((m) => /deadline of/.test(m.content ?? '')).at(-1)!;
  expect(vote, 'the deadline vote was posted').toBeDefined();
  r.advance(2 * HOUR, bothClocks);
  const tablesBefore = tablesIn(channel).length;
  const version = (await r.repo.game(gameId))!.version;
  const choiceAt = s.clock.now();
  await r.bot.handle(r.ixs.ix(late, 'dm', { customId: makeId('C', gameId, version, 'pass') }));
  await r.bot.settle();
  return { gameId, vote, tablesBefore, version, choiceAt };
}

describe('GIVEN the strict stand-in (no edits of messages older than an hour)', () => {
  it('WHEN a player comes back two hours after the deadline vote was posted THEN the game plays on: the next table goes out at once, the old vote post is not touched', async () => {
    const r = rig();
    const { gameId, vote, tablesBefore, choiceAt } = await lateReturn(r, true);
    const tables = tablesIn(channel);
    expect(tables.length).toBe(tablesBefore + 1);
    expect(Date.parse(tables.at(-1)!.timestamp) - choiceAt, 'the next table went out within seconds').toBeLessThan(30_000);
    // The runner knew the post was old: not one request for it, no refusal, nothing left in the outbox.
    expect(requestsFor(vote.id).filter((q) => q.method === 'PATCH')).toEqual([]);
    expect(s.requestLog.filter((q) => q.status === 429)).toEqual([]);
    expect(await r.repo.jobs.pendingKinds(gameId)).toEqual(new Set());
    // Its buttons are still there, and answer that the vote is over.
    expect(s.message(vote.id)!.components.length).toBeGreaterThan(0);
  });

  it('WHEN the bot believes the vote post fresh but Discord refuses the edit (30046) THEN it is asked once, given up, and the next table goes out', async () => {
    // The bot's clock two hours behind Discord's: the runner tries the edit, Discord refuses it.
    const r = rig();
    const { gameId, vote, tablesBefore } = await lateReturn(r, false);
    const patches = requestsFor(vote.id).filter((q) => q.method === 'PATCH');
    expect(patches.map((q) => q.status)).toEqual([429]);
    expect(tablesIn(channel).length).toBe(tablesBefore + 1);
    expect(await r.repo.jobs.pendingKinds(gameId)).toEqual(new Set());
    const refused = (await metrics.editsSpared.get()).values.find((x) => x.labels.kind === 'vote_closed' && x.labels.why === 'refused');
    expect(refused?.value).toBe(1);
    // The refusal counted once toward Discord's invalid-request limit, and a while later nothing more was asked.
    expect(invalidRequests.count()).toBe(1);
    r.advance(10 * 60_000, false);
    await r.bot.tick();
    await r.bot.settle();
    expect(requestsFor(vote.id).filter((q) => q.method === 'PATCH')).toHaveLength(1);
  });

  it('WHEN edits of many old messages are asked for THEN each is refused once, answered false at once, and the invalid requests stay one per message', async () => {
    const platform = discordPlatform(client, silentLog);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await platform.post(channel, { content: `old ${i}` }))!);
    s.clock.advance(2 * HOUR);
    const before = s.requestLog.length;
    const results = await Promise.all(ids.map((id) => platform.edit(channel, id, { content: 'edited', components: [] })));
    expect(results).toEqual(ids.map(() => false));
    const asked = s.requestLog.slice(before).filter((q) => q.method === 'PATCH');
    expect(asked).toHaveLength(ids.length);
    expect(asked.every((q) => q.status === 429)).toBe(true);
    expect(invalidRequests.count()).toBe(ids.length);
  });
});
