/**
 * Every Discord call has an end, and the bot stays far from Discord's invalid-request limit (10,000 answers of 401,
 * 403 or 429 in 10 minutes): the count over the last 10 minutes, the patience of a job's calls, and the job runner
 * that leaves tidying for later while the count is past a tenth of the limit. (test/e2e/old-messages.test.ts drives
 * the stand-in's refusals through discord.js.)
 */
import { describe, expect, it } from 'vitest';
import type { RateLimitData } from 'discord.js';
import { makeId, parseId } from '../../src/bot/ids.js';
import { INVALID_CAUTION, InvalidRequests, rejectOnRateLimit, restCall } from '../../src/bot/rest-policy.js';
import { giveUpReason, GIVE_UP } from '../../src/service/jobs.js';
import { FakeDiscord, harness, silentLog } from '../helpers/fake-discord.js';
import { toy } from '../helpers/toy-game.js';

const ann = { id: 'u-ann', name: 'Ann' };
const bob = { id: 'u-bob', name: 'Bob' };
const limited = (retryAfter: number) => ({ retryAfter, global: false, route: '/channels/:id/messages/:id', method: 'PATCH' }) as RateLimitData;

describe('the count of invalid requests', () => {
  it('GIVEN more than a tenth of Discord\'s limit within 10 minutes THEN the bot is strained; 10 minutes later it is not', () => {
    let now = 1_000_000;
    const count = new InvalidRequests(() => now);
    for (let i = 0; i < INVALID_CAUTION; i++) { count.add(429); now += 100; }
    expect(count.count()).toBe(INVALID_CAUTION);
    expect(count.strained()).toBe(false);
    count.add(403);
    expect(count.strained()).toBe(true);
    now += 10 * 60_000 + 10_000;
    expect(count.count()).toBe(0);
    expect(count.strained()).toBe(false);
    expect(count.peak).toBe(INVALID_CAUTION + 1);
  });
});

describe('the patience of a call', () => {
  it('GIVEN a rate limit longer than the job\'s patience THEN discord.js is told to give up; a shorter one, or a call outside any job, waits', () => {
    const until = Date.now() + 5_000;
    expect(restCall.run({ until }, () => rejectOnRateLimit(limited(60_000)))).toBe(true);
    expect(restCall.run({ until }, () => rejectOnRateLimit(limited(1_000)))).toBe(false);
    expect(rejectOnRateLimit(limited(60_000))).toBe(false);
  });

  it('GIVEN a 429 that refuses (30046) THEN the call ends at once, whatever its patience', () => {
    expect(restCall.run({ refused: 30046 }, () => rejectOnRateLimit(limited(0)))).toBe(true);
  });
});

describe('jobs that keep failing', () => {
  it('are given up at the retry cap or past their age, tidying much sooner than news', () => {
    const t0 = 1_000_000;
    expect(giveUpReason({ attempts: 0, createdAt: t0, priority: 0 }, t0)).toBeNull();
    expect(giveUpReason({ attempts: GIVE_UP.news.attempts - 1, createdAt: t0, priority: 0 }, t0)).toBe('attempts');
    expect(giveUpReason({ attempts: 1, createdAt: t0, priority: 0 }, t0 + GIVE_UP.news.ageMs)).toBe('age');
    expect(giveUpReason({ attempts: GIVE_UP.tidy.attempts - 1, createdAt: t0, priority: 3 }, t0)).toBe('attempts');
    expect(giveUpReason({ attempts: 0, createdAt: t0, priority: 3 }, t0 + GIVE_UP.tidy.ageMs)).toBe('age');
  });

  it('GIVEN Discord fails every post THEN the table job is tried a bounded number of times, then dropped with a log line', async () => {
    const h = harness(toy);
    await h.bot.handle(h.discord.ix(ann, 'chan', { command: { sub: 'new', options: { game: 'toy' } } }));
    const gameId = parseId(FakeDiscord.ids(h.discord.last('reply').msg)[0])!.gameId;
    await h.bot.handle(h.discord.ix(bob, 'chan', { customId: makeId('L', gameId, 0, 'join') }));
    h.discord.failing = 1_000;
    await h.bot.handle(h.discord.ix(ann, 'chan', { customId: makeId('L', gameId, 0, 'start') }));
    for (let i = 0; i < 40 && (await h.repo.jobs.pendingKinds(gameId)).has('table'); i++) {
      await h.bot.settle();
      h.advance(10 * 60_000);
    }
    expect((await h.repo.jobs.pendingKinds(gameId)).has('table')).toBe(false);
    // The table and the seats' DMs: each tried at most its cap.
    expect(1_000 - h.discord.failing).toBeLessThanOrEqual(GIVE_UP.news.attempts * 4);
    expect(silentLog.lines.some((l) => l.startsWith('warn job given up') && l.includes('"kind":"table"') && l.includes('"why":"attempts"'))).toBe(true);
  });
});

describe('tidying while Discord answers with too many refusals', () => {
  it('GIVEN the bot is strained THEN the news goes out and the tidying waits; once the count falls, it is done', async () => {
    const h = harness(toy);
    let strained = false;
    h.discord.strained = () => strained;
    await h.bot.handle(h.discord.ix(ann, 'chan', { command: { sub: 'new', options: { game: 'toy' } } }));
    const gameId = parseId(FakeDiscord.ids(h.discord.last('reply').msg)[0])!.gameId;
    await h.bot.handle(h.discord.ix(bob, 'chan', { customId: makeId('L', gameId, 0, 'join') }));
    await h.bot.handle(h.discord.ix(ann, 'chan', { customId: makeId('L', gameId, 0, 'start') }));
    await h.bot.settle();
    const g = (await h.repo.game(gameId))!;
    const oldTable = g.table_message_id!;
    strained = true;
    const d = (await h.service.decisions(g))[0]!;
    const seats = await h.service.seats(gameId);
    const user = [ann, bob].find((u) => u.id === seats[d.seat]!.user_id)!;
    expect((await h.cf.play.choose(gameId, { ...user, guildId: 'guild' }, g.version, d.defaultOption)).ok).toBe(true);
    await h.bot.settle();
    expect((await h.repo.game(gameId))!.table_message_id).not.toBe(oldTable);
    expect((await h.repo.jobs.pendingKinds(gameId)).has('table_off')).toBe(true);
    expect(h.discord.sent.some((s) => s.kind === 'edit' && s.id === oldTable)).toBe(false);
    strained = false;
    await h.bot.settle();
    expect((await h.repo.jobs.pendingKinds(gameId)).has('table_off')).toBe(false);
    expect(h.discord.sent.some((s) => s.kind === 'edit' && s.id === oldTable)).toBe(true);
  });
});
