import { describe, expect, it } from 'vitest';
import { makeId, parseId } from '../../src/bot/ids.js';
import { HOUR, DAY } from '../../src/service/timers.js';
import { FakeDiscord, harness } from '../helpers/fake-discord.js';
import { toy } from '../helpers/toy-game.js';

const ann = { id: 'u-ann', name: 'Ann' };
const bob = { id: 'u-bob', name: 'Bob' };
const cat = { id: 'u-cat', name: 'Cat' };
type H = ReturnType<typeof harness>;

async function started(h: H, users = [ann, bob], deadline = '24') {
  await h.bot.handle(h.discord.ix(ann, 'chan', { command: { sub: 'new', options: { game: 'toy' } } }));
  const gameId = parseId(FakeDiscord.ids(h.discord.last('reply').msg)[0])!.gameId;
  for (const u of users.slice(1)) await h.bot.handle(h.discord.ix(u, 'chan', { customId: makeId('L', gameId, 0, 'join') }));
  await h.bot.handle(h.discord.ix(ann, 'chan', { customId: makeId('L', gameId, 0, 'deadline'), values: [deadline] }));
  await h.bot.handle(h.discord.ix(ann, 'chan', { customId: makeId('L', gameId, 0, 'start') }));
  await h.bot.settle();
  return { gameId, thread: (await h.repo.game(gameId))!.thread_id! };
}
const userAt = async (h: H, gameId: number, seat: number, users = [ann, bob, cat]) => { const seats = await h.service.seats(gameId); return users.find((u) => u.id === seats[seat]!.user_id)!; };
const owedSeat = async (h: H, gameId: number) => (await h.service.decisions((await h.repo.game(gameId))!))[0]!.seat;
const reminders = (h: H) => h.discord.sent.filter((s) => s.kind === 'post' && /a reminder/.test(s.msg.content ?? ''));
const deadlinePosts = (h: H) => h.discord.sent.filter((s) => s.kind === 'post' && /deadline of/.test(s.msg.content ?? ''));

describe('deadlines and reminders', () => {
  it('reminds once at 3/4 of the deadline, then asks the table when it passes', async () => {
    const h = harness(toy);
    const { gameId } = await started(h);
    const first = await userAt(h, gameId, 0);
    h.advance(17 * HOUR);
    expect(await h.bot.tick()).toEqual([]);
    h.advance(1.5 * HOUR);
    const due = await h.bot.tick();
    expect(due.map((a) => [a.kind, a.userId])).toEqual([['remind', first.id]]);
    expect(reminders(h)).toHaveLength(1);
    expect(reminders(h)[0]!.msg.mentionUsers).toEqual([first.id]);
    h.advance(HOUR);
    expect(await h.bot.tick()).toEqual([]);
    h.advance(6 * HOUR);
    expect((await h.bot.tick()).map((a) => a.kind)).toEqual(['expire']);
    expect(deadlinePosts(h)).toHaveLength(1);
    expect(await h.bot.tick()).toEqual([]);
  });

  it('GIVEN a restart between ticks THEN no reminder fires twice and none is lost', async () => {
    const h = harness(toy);
    const { gameId } = await started(h);
    h.advance(19 * HOUR);
    await h.bot.tick();
    const again = harness(toy, { db: h.db });
    again.advance(h.now() - again.now());
    expect(await again.bot.tick()).toEqual([]);
    again.advance(6 * HOUR);
    expect((await again.bot.tick()).map((a) => [a.kind, a.gameId])).toEqual([['expire', gameId]]);
  });

  it('the table votes to skip: the rule-safe default is applied and logged', async () => {
    const h = harness(toy);
    const { gameId, thread } = await started(h);
    const absent = await owedSeat(h, gameId);
    const other = await userAt(h, gameId, 1 - absent);
    h.advance(25 * HOUR);
    await h.bot.tick();
    const ask = deadlinePosts(h)[0]!;
    const skip = FakeDiscord.ids(ask.msg).find((id) => id.includes('skip'))!;
    await h.bot.handle(h.discord.ix(await userAt(h, gameId, absent), thread, { customId: skip, message: 'public' }));
    expect(h.discord.last().msg.content).toMatch(/Only the other/);
    await h.bot.handle(h.discord.ix(other, thread, { customId: skip, message: 'public' }));
    await h.bot.settle();
    const decisions = await h.repo.activeDecisions(gameId);
    expect(decisions.map((d) => [d.seat, d.option, d.user_id])).toEqual([[absent, 'pass', 'table']]);
    expect((await h.service.log(gameId, null)).some((l) => l.event.msg.key === 'log.skipped')).toBe(true);
  });

  it('the table replaces the absent player by a computer, who plays until the player takes the seat back', async () => {
    const h = harness(toy);
    const { gameId, thread } = await started(h, [ann, bob, cat]);
    const absent = await owedSeat(h, gameId);
    const voters = await Promise.all([0, 1, 2].filter((s) => s !== absent).map((s) => userAt(h, gameId, s)));
    h.advance(25 * HOUR);
    await h.bot.tick();
    const replace = FakeDiscord.ids(deadlinePosts(h)[0]!.msg).find((id) => id.includes('replace'))!;
    await h.bot.handle(h.discord.ix(voters[0]!, thread, { customId: replace, message: 'public' }));
    expect((await h.service.seats(gameId))[absent]!.replaced).toBe(0);
    await h.bot.handle(h.discord.ix(voters[1]!, thread, { customId: replace, message: 'public' }));
    await h.bot.settle();
    expect((await h.service.seats(gameId))[absent]!.replaced).toBe(1);
    expect((await h.repo.activeDecisions(gameId))[0]!.seat).toBe(absent);
    // The player comes back: the panel offers the seat, and from then on nobody plays for them.
    const absentUser = await userAt(h, gameId, absent);
    await h.bot.handle(h.discord.ix(absentUser, thread, { customId: makeId('T', gameId, 0, 'turn') }));
    const reclaim = FakeDiscord.ids(h.discord.last('reply').msg).find((id) => id.startsWith('R|'))!;
    await h.bot.handle(h.discord.ix(absentUser, thread, { customId: reclaim, message: 'ephemeral' }));
    expect((await h.service.seats(gameId))[absent]!.replaced).toBe(0);
  });

  it('host breaks a tie; with nobody else seated the deadline skips by itself', async () => {
    const h = harness(toy);
    const { gameId, thread } = await started(h, [ann, bob, cat]);
    const absent = await owedSeat(h, gameId);
    h.advance(25 * HOUR);
    await h.bot.tick();
    const ids = FakeDiscord.ids(deadlinePosts(h)[0]!.msg);
    const voters = await Promise.all([0, 1, 2].filter((s) => s !== absent).map((s) => userAt(h, gameId, s)));
    const host = voters.find((u) => u.id === ann.id);
    if (host) {
      const notHost = voters.find((u) => u.id !== ann.id)!;
      await h.bot.handle(h.discord.ix(notHost, thread, { customId: ids.find((i) => i.includes('wait'))!, message: 'public' }));
      await h.bot.handle(h.discord.ix(host, thread, { customId: ids.find((i) => i.includes('skip'))!, message: 'public' }));
      await h.bot.settle();
      expect((await h.repo.activeDecisions(gameId)).map((d) => d.user_id)).toEqual(['table']);
    }
    const solo = harness(toy);
    const s = await started(solo, [ann, bob]);
    const seats = await solo.service.seats(s.gameId);
    const owed = await owedSeat(solo, s.gameId);
    const other = seats.find((p) => p.seat !== owed)!;
    await solo.service.replaceSeat(s.gameId, other.seat!, 'random');
    solo.advance(25 * HOUR);
    await solo.bot.tick();
    await solo.bot.settle();
    expect((await solo.repo.activeDecisions(s.gameId)).some((d) => d.user_id === 'table')).toBe(true);
  });

  it('vacation stops the clock and no reminder comes while away; quiet hours delay reminders', async () => {
    const h = harness(toy);
    const { gameId } = await started(h);
    const first = await userAt(h, gameId, 0);
    await h.bot.handle(h.discord.ix(first, 'chan', { command: { sub: 'vacation', options: { days: 2 } } }));
    expect(h.discord.last('reply').msg.content).toMatch(/stand still/);
    h.advance(47 * HOUR);
    expect(await h.bot.tick()).toEqual([]);
    h.advance(2 * HOUR); // back since 1 h: 1 h of the 24 h used
    expect(await h.bot.tick()).toEqual([]);
    h.advance(17.5 * HOUR); // 18.5 h used
    expect((await h.bot.tick()).map((a) => a.kind)).toEqual(['remind']);

    const q = harness(toy);
    const g2 = await started(q);
    const u = await userAt(q, g2.gameId, 0);
    const localHour = Math.floor((q.now() % DAY) / HOUR);
    // Quiet from 18 h after the start until 2 h later (UTC), so the 3/4 point falls inside.
    await q.bot.handle(q.discord.ix(u, 'chan', { command: { sub: 'settings', options: { quiet_from: (localHour + 18) % 24, quiet_until: (localHour + 21) % 24, utc_offset: 0 } } }));
    q.advance(19 * HOUR);
    expect(await q.bot.tick()).toEqual([]);
    q.advance(3 * HOUR);
    expect((await q.bot.tick()).map((a) => a.kind)).toEqual(['remind']);
  });

  it('refuses a vacation over the yearly allowance', async () => {
    const h = harness(toy);
    await h.bot.handle(h.discord.ix(ann, 'chan', { command: { sub: 'vacation', options: { days: 15 } } }));
    await h.bot.handle(h.discord.ix(ann, 'chan', { command: { sub: 'vacation', options: { days: 10 } } }));
    expect(h.discord.last().msg.content).toMatch(/allowance: 6 of 21/);
  });
});

describe('undo', () => {
  it('a decision that revealed nothing can be taken back alone, right after', async () => {
    const h = harness(toy);
    const { gameId, thread } = await started(h);
    const first = await userAt(h, gameId, 0);
    await h.bot.handle(h.discord.ix(first, thread, { customId: makeId('C', gameId, 0, 'pass'), message: 'ephemeral' }));
    const undo = FakeDiscord.ids(h.discord.last('update').msg).find((id) => id.startsWith('U|'))!;
    expect(undo).toBeDefined();
    await h.bot.handle(h.discord.ix(first, thread, { customId: undo, message: 'ephemeral' }));
    const g = (await h.repo.game(gameId))!;
    expect(await h.repo.activeDecisions(gameId)).toHaveLength(0);
    expect(g.version).toBe(2);
    expect(g.state).toBe(JSON.stringify(await h.service.replayed(g)));
    expect((await h.service.decisions(g))[0]!.seat).toBe(0);
    expect((await h.service.log(gameId, null)).some((l) => l.event.msg.key === 'log.undo_list')).toBe(true);
  });

  it('a decision that revealed a card needs everyone else\'s consent', async () => {
    const h = harness(toy);
    const { gameId, thread } = await started(h, [ann, bob, cat]);
    const first = await userAt(h, gameId, 0);
    const play = (await h.service.decisions((await h.repo.game(gameId))!))[0]!.options.find((o) => o.id.startsWith('play'))!.id;
    await h.bot.handle(h.discord.ix(first, thread, { customId: makeId('C', gameId, 0, play), message: 'ephemeral' }));
    expect(FakeDiscord.ids(h.discord.last('update').msg).some((id) => id.startsWith('U|'))).toBe(false);
    expect(await h.service.undoStatus(gameId, first.id)).toBe('needs_consent');
    await h.bot.handle(h.discord.ix(first, thread, { command: { sub: 'undo', options: {} } }));
    const ask = h.discord.last('reply');
    expect(ask.ephemeral).toBe(false);
    const yes = FakeDiscord.ids(ask.msg).find((id) => id.endsWith('|yes'))!;
    const others = await Promise.all([1, 2].map((s) => userAt(h, gameId, s)));
    await h.bot.handle(h.discord.ix(others[0]!, thread, { customId: yes, message: 'public' }));
    expect(await h.repo.activeDecisions(gameId)).toHaveLength(1);
    await h.bot.handle(h.discord.ix(others[1]!, thread, { customId: yes, message: 'public' }));
    expect(await h.repo.activeDecisions(gameId)).toHaveLength(0);
    expect((await h.service.log(gameId, null)).some((l) => l.event.msg.key === 'log.undo_consent_list')).toBe(true);
  });

  it('somebody else\'s decision cannot be taken back alone', async () => {
    const h = harness(toy);
    const { gameId, thread } = await started(h);
    const first = await userAt(h, gameId, 0), second = await userAt(h, gameId, 1);
    await h.bot.handle(h.discord.ix(first, thread, { customId: makeId('C', gameId, 0, 'pass') }));
    // The second player has no decision of their own to take back (an undo takes back one's own and what followed).
    expect(await h.service.undoStatus(gameId, second.id)).toBe('nothing');
    await h.bot.handle(h.discord.ix(second, thread, { customId: makeId('U', gameId, 1, 'self') }));
    expect(await h.repo.activeDecisions(gameId)).toHaveLength(1);
  });
});

describe('history and stats', () => {
  it('stats count finished games; replay sends an animated GIF', async () => {
    const h = harness(toy);
    const { gameId, thread } = await started(h);
    for (let i = 0; i < 20 && (await h.repo.game(gameId))!.status === 'running'; i++) {
      const g = (await h.repo.game(gameId))!;
      const d = (await h.service.decisions(g))[0]!;
      await h.bot.handle(h.discord.ix(await userAt(h, gameId, d.seat), thread, { customId: makeId('C', gameId, g.version, d.options[0]!.id) }));
    }
    await h.bot.settle();
    expect((await h.repo.game(gameId))!.status).toBe('finished');
    await h.bot.handle(h.discord.ix(ann, thread, { command: { sub: 'stats', options: {} } }));
    expect(JSON.stringify(h.discord.last('reply').msg.embeds)).toMatch(/Toy\*\*: 1 game, [01] won/);
    await h.bot.handle(h.discord.ix(ann, thread, { command: { sub: 'replay', options: {} } }));
    const gif = h.discord.last('followUp').msg.files![0]!;
    expect(gif.data.subarray(0, 6).toString()).toBe('GIF89a');
  });
});
