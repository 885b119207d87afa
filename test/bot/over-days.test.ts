/**
 * Play over days as players meet it: reminders that say what they are, a reminder before quiet hours that would
 * hide it, votes that show their tally and close by themselves, voters not pinged at night, posts Discord refused
 * sent again, and DMs in the player's own Discord language.
 */
import { describe, expect, it } from 'vitest';
import { makeId, parseId } from '../../src/bot/ids.js';
import { HOUR, REMIND_BEFORE_QUIET_MS } from '../../src/service/timers.js';
import { FakeDiscord, harness } from '../helpers/fake-discord.js';
import { toy } from '../helpers/toy-game.js';

type H = ReturnType<typeof harness>;
const ann = { id: 'u-ann', name: 'Ann' };
const bob = { id: 'u-bob', name: 'Bob' };
const cat = { id: 'u-cat', name: 'Cat' };
const MIN = 60_000;

async function started(h: H, users = [ann, bob], locales: Record<string, 'en' | 'de'> = {}) {
  await h.bot.handle(h.discord.ix(users[0]!, 'chan', { command: { sub: 'new', options: { game: 'toy' } } }));
  const gameId = parseId(FakeDiscord.ids(h.discord.last('reply').msg)[0])!.gameId;
  for (const u of users.slice(1)) await h.bot.handle(h.discord.ix(u, 'chan', { customId: makeId('L', gameId, 0, 'join'), locale: locales[u.id] ?? 'en' }));
  await h.bot.handle(h.discord.ix(users[0]!, 'chan', { customId: makeId('L', gameId, 0, 'deadline'), values: ['24'] }));
  await h.bot.handle(h.discord.ix(users[0]!, 'chan', { customId: makeId('L', gameId, 0, 'start') }));
  await h.bot.settle();
  return { gameId, thread: (await h.repo.game(gameId))!.thread_id! };
}
const owing = async (h: H, gameId: number, users = [ann, bob, cat]) => {
  const seats = await h.service.seats(gameId);
  const seat = (await h.service.decisions((await h.repo.game(gameId))!))[0]!.seat;
  return users.find((u) => u.id === seats[seat]!.user_id)!;
};
const posts = (h: H, re: RegExp) => h.discord.sent.filter((s) => s.kind === 'post' && re.test(s.msg.content ?? ''));

describe('reminders', () => {
  it('GIVEN a reminder THEN the thread post and the DM say it is a reminder, what is owed, and when the deadline falls', async () => {
    const h = harness(toy);
    const { gameId } = await started(h);
    const who = await owing(h, gameId);
    h.advance(18.5 * HOUR);
    await h.bot.tick();
    const post = posts(h, /a reminder/).at(-1)!;
    expect(post.msg.content).toMatch(/<t:\d+:R> \(<t:\d+:f>\)/);
    const dm = h.discord.sent.filter((s) => s.kind === 'dm' && s.to === who.id).at(-1)!;
    expect(dm.msg.content).toMatch(/Reminder/);
    expect(dm.msg.content).toMatch(/<t:\d+:R> \(<t:\d+:f>\)/);
    expect(dm.msg.content).toMatch(/Play a card or pass/);
  });

  it('GIVEN quiet hours that cover the whole last quarter THEN the reminder comes in the last quarter hour before they begin', async () => {
    const h = harness(toy);
    // The game starts at 22:13:20 UTC; the deadline falls at 22:13:20 the next day; quiet 16–23 UTC hides its last quarter.
    const { gameId } = await started(h);
    const who = await owing(h, gameId);
    await h.cf.settings.saveUser(who.id, { quietFrom: 16, quietUntil: 23, utcOffsetHours: 0 });
    const quietBegins = h.now() + 17 * HOUR + 46 * MIN + 40_000;
    h.advance(17 * HOUR + 30 * MIN);
    const reminded: number[] = [];
    for (let i = 0; i < 40; i++) {
      h.advance(MIN);
      if ((await h.bot.tick()).some((a) => a.kind === 'remind')) reminded.push(h.now());
    }
    expect(reminded).toHaveLength(1);
    expect(reminded[0]!).toBeLessThan(quietBegins);
    expect(reminded[0]!).toBeGreaterThanOrEqual(quietBegins - REMIND_BEFORE_QUIET_MS - MIN);
  });

  it('GIVEN quiet hours that cover the whole last quarter WHEN no tick comes in the last minutes before they begin (a restart) THEN the first tick before them still reminds', async () => {
    const h = harness(toy);
    const { gameId } = await started(h);
    const who = await owing(h, gameId);
    await h.cf.settings.saveUser(who.id, { quietFrom: 16, quietUntil: 23, utcOffsetHours: 0 });
    const quietBegins = h.now() + 17 * HOUR + 46 * MIN + 40_000;
    h.advance(17 * HOUR + 30 * MIN);
    expect(await h.bot.tick()).toEqual([]);
    // One tick ten minutes before quiet hours begin, then none until they have begun.
    h.advance(quietBegins - 10 * MIN - h.now());
    expect((await h.bot.tick()).map((a) => a.kind)).toEqual(['remind']);
    h.advance(11 * MIN);
    expect(await h.bot.tick()).toEqual([]);
    expect(posts(h, /a reminder/)).toHaveLength(1);
  });

  it('GIVEN Discord refuses the reminder\'s post (HTTP 500) THEN it is posted again afterwards', async () => {
    const h = harness(toy);
    await started(h);
    h.advance(18.5 * HOUR);
    h.discord.failing = 1;
    await h.bot.tick();
    expect(posts(h, /a reminder/)).toHaveLength(0);
    h.advance(MIN);
    await h.bot.tick();
    expect(posts(h, /a reminder/)).toHaveLength(1);
  });
});

describe('the vote on an absent player', () => {
  it('GIVEN a vote decided by the table THEN the closed post shows the real tally', async () => {
    const h = harness(toy);
    const { gameId, thread } = await started(h, [ann, bob]);
    const absent = await owing(h, gameId);
    const voter = absent === ann ? bob : ann;
    h.advance(25 * HOUR);
    await h.bot.tick();
    const vote = posts(h, /deadline of/).at(-1)!;
    const seat = (await h.service.seatOf(gameId, absent.id))!;
    await h.bot.handle(h.discord.ix(voter, thread, { customId: makeId('D', gameId, (await h.repo.game(gameId))!.version, `skip.${seat}`), message: 'public', messageId: vote.id }));
    const closed = h.discord.last('update').msg.content!;
    expect(closed).toMatch(/skip 1/);
    expect(closed).toMatch(/was skipped/);
  });

  it('GIVEN a voter who never answers THEN the vote closes by itself: the table waits once, and skips the next time', async () => {
    const h = harness(toy);
    const { gameId } = await started(h, [ann, bob]);
    const absent = await owing(h, gameId);
    const version = (await h.repo.game(gameId))!.version;
    h.advance(25 * HOUR);
    await h.bot.tick();
    expect(posts(h, /deadline of/)).toHaveLength(1);
    h.advance(24 * HOUR + MIN);
    await h.bot.tick();
    // Nobody voted: wait once (a whole new deadline). The vote post is a day old (Discord allows few edits of
    // messages older than an hour): the verdict is posted, the old post is not edited.
    expect(posts(h, /closed when its time ran out/)).toHaveLength(1);
    expect(posts(h, /closed when its time ran out/)[0]!.msg.components ?? []).toEqual([]);
    expect(h.discord.oldEdits).toEqual([]);
    expect((await h.repo.game(gameId))!.version).toBe(version);
    h.advance(25 * HOUR);
    await h.bot.tick();
    expect(posts(h, /deadline of/).filter((s) => s.msg.components?.length)).toHaveLength(2);
    h.advance(24 * HOUR + MIN);
    await h.bot.tick();
    // Nobody voted again: skipped.
    expect((await h.repo.game(gameId))!.version).toBeGreaterThan(version);
    expect(JSON.stringify(await h.repo.tableLog(gameId))).toContain('log.skipped');
    expect(await owing(h, gameId)).not.toBe(absent);
  });

  it('GIVEN a voter in their quiet hours THEN the vote names them without a ping and DMs them when their quiet hours end', async () => {
    const h = harness(toy);
    const { gameId } = await started(h, [ann, bob, cat]);
    const absent = await owing(h, gameId);
    const sleeper = [ann, bob, cat].find((u) => u !== absent)!;
    // Quiet all day but one hour, measured from the vote's time: the vote comes at +25 h.
    const voteHour = new Date(h.now() + 25 * HOUR).getUTCHours();
    await h.cf.settings.saveUser(sleeper.id, { quietFrom: voteHour, quietUntil: (voteHour + 3) % 24, utcOffsetHours: 0 });
    h.advance(25 * HOUR);
    await h.bot.tick();
    const vote = posts(h, /deadline of/).at(-1)!;
    expect(vote.msg.content).toContain(`<@${sleeper.id}>`);
    expect(vote.msg.mentionUsers).not.toContain(sleeper.id);
    expect(vote.msg.mentionUsers!.length).toBe(1);
    const dmsTo = () => h.discord.sent.filter((s) => s.kind === 'dm' && s.to === sleeper.id && /voting/.test(s.msg.content ?? ''));
    expect(dmsTo()).toHaveLength(0);
    h.advance(3 * HOUR);
    await h.bot.tick();
    expect(dmsTo()).toHaveLength(1);
  });

  it('GIVEN Discord refuses the vote\'s post THEN it is posted again, and the game does not hang', async () => {
    const h = harness(toy);
    await started(h, [ann, bob]);
    h.advance(25 * HOUR);
    h.discord.failing = 2;
    await h.bot.tick();
    expect(posts(h, /deadline of/)).toHaveLength(0);
    for (let i = 0; i < 3; i++) {
      h.advance(5 * MIN);
      await h.bot.tick();
    }
    expect(posts(h, /deadline of/)).toHaveLength(1);
    expect(h.discord.failing).toBe(0);
  });
});

describe('an old table', () => {
  it('GIVEN a table more than an hour old, replaced since THEN it keeps its buttons, and a click on them opens the newest panel, hand or log', async () => {
    const h = harness(toy);
    const { gameId, thread } = await started(h, [ann, bob]);
    const old = (await h.repo.game(gameId))!;
    h.advance(2 * HOUR);
    const first = await owing(h, gameId);
    await h.bot.handle(h.discord.ix(first, 'dm', { customId: makeId('C', gameId, old.version, 'pass') }));
    await h.bot.settle();
    const now = (await h.repo.game(gameId))!;
    expect(now.table_message_id).not.toBe(old.table_message_id);
    // Not edited (it is two hours old), nothing refused, nothing left waiting.
    expect(h.discord.sent.filter((s) => s.kind === 'edit' && s.id === old.table_message_id)).toEqual([]);
    expect(h.discord.oldEdits).toEqual([]);
    expect(await h.repo.jobs.pendingKinds(gameId)).toEqual(new Set());
    const next = await owing(h, gameId);
    await h.bot.handle(h.discord.ix(next, thread, { customId: makeId('T', gameId, old.version, 'turn'), message: 'public', messageId: old.table_message_id! }));
    const panel = h.discord.last('reply');
    expect(panel.ephemeral).toBe(true);
    expect(FakeDiscord.ids(panel.msg).some((id) => id.startsWith(`C|${gameId}|${now.version}|`))).toBe(true);
  });
});

describe('a late player who comes back', () => {
  it('GIVEN a vote posted more than an hour ago WHEN the late player answers THEN the game plays on, the old post is not edited and its buttons say the vote is over', async () => {
    const h = harness(toy);
    const { gameId, thread } = await started(h, [ann, bob, cat]);
    const late = await owing(h, gameId);
    const seat = (await h.service.seatOf(gameId, late.id))!;
    const voter = [ann, bob, cat].find((u) => u !== late)!;
    h.advance(25 * HOUR);
    await h.bot.tick();
    const vote = posts(h, /deadline of/).at(-1)!;
    h.advance(2 * HOUR);
    const before = h.discord.sent.length;
    await h.bot.handle(h.discord.ix(late, 'dm', { customId: makeId('C', gameId, (await h.repo.game(gameId))!.version, 'pass') }));
    await h.bot.settle();
    // The next table went out; the two-hour-old vote post was left alone (no edit tried, none refused).
    expect(h.discord.sent.slice(before).some((s) => s.kind === 'post' && s.to === thread && s.msg.files?.length)).toBe(true);
    expect(h.discord.sent.filter((s) => s.kind === 'edit' && s.id === vote.id)).toEqual([]);
    expect(h.discord.oldEdits).toEqual([]);
    expect(await h.repo.jobs.pendingKinds(gameId)).toEqual(new Set());
    // A click on its buttons hears that the vote is over.
    await h.bot.handle(h.discord.ix(voter, thread, { customId: makeId('D', gameId, (await h.repo.game(gameId))!.version, `wait.${seat}`), message: 'public', messageId: vote.id }));
    expect(h.discord.last('reply')).toMatchObject({ ephemeral: true, msg: { content: 'This vote is over.' } });
  });

  it('GIVEN a vote on a late player WHEN she answers before it closes THEN the vote ends without a verdict and her next turn keeps its own deadline', async () => {
    const h = harness(toy);
    const { gameId, thread } = await started(h, [ann, bob, cat]);
    const late = await owing(h, gameId);
    const seat = (await h.service.seatOf(gameId, late.id))!;
    const voter = [ann, bob, cat].find((u) => u !== late)!;
    h.advance(25 * HOUR);
    await h.bot.tick();
    const vote = posts(h, /deadline of/).at(-1)!;
    await h.bot.handle(h.discord.ix(voter, thread, { customId: makeId('D', gameId, (await h.repo.game(gameId))!.version, `skip.${seat}`), message: 'public', messageId: vote.id }));
    h.advance(30 * MIN);
    await h.bot.handle(h.discord.ix(late, 'dm', { customId: makeId('C', gameId, (await h.repo.game(gameId))!.version, 'pass') }));
    await h.bot.settle();
    const closed = h.discord.sent.filter((s) => s.kind === 'edit' && s.id === vote.id).at(-1)!;
    expect(closed.msg.content).toMatch(/made their move/);
    expect(closed.msg.components).toEqual([]);
    // The others play on until it is her turn again; the old vote's time passes: nothing is skipped for her.
    for (let i = 0; i < 2 && await owing(h, gameId) !== late; i++) {
      const u = await owing(h, gameId);
      await h.bot.handle(h.discord.ix(u, 'dm', { customId: makeId('C', gameId, (await h.repo.game(gameId))!.version, 'pass') }));
      await h.bot.settle();
    }
    const version = (await h.repo.game(gameId))!.version;
    h.advance(20 * HOUR);
    await h.bot.tick();
    expect((await h.repo.game(gameId))!.version).toBe(version);
    expect(JSON.stringify(await h.repo.tableLog(gameId))).not.toContain('log.skipped');
  });
});

describe('languages', () => {
  it('GIVEN a German voter asleep when a vote opens THEN the DM that tells her of it later is German', async () => {
    const h = harness(toy);
    const { gameId } = await started(h, [ann, bob, cat], { [bob.id]: 'de', [cat.id]: 'de' });
    const absent = await owing(h, gameId);
    const sleeper = [bob, cat].find((u) => u !== absent)!;
    const voteHour = new Date(h.now() + 25 * HOUR).getUTCHours();
    await h.cf.settings.saveUser(sleeper.id, { quietFrom: voteHour, quietUntil: (voteHour + 3) % 24, utcOffsetHours: 0 });
    h.advance(25 * HOUR);
    await h.bot.tick();
    h.advance(3 * HOUR);
    await h.bot.tick();
    const dm = h.discord.sent.filter((s) => s.kind === 'dm' && s.to === sleeper.id).at(-1)!;
    expect(dm.msg.content).toMatch(/Der Tisch stimmt/);
  });

  it('GIVEN a player whose Discord is German THEN their DMs are German, without any setting', async () => {
    const h = harness(toy);
    const { gameId } = await started(h, [ann, bob], { [bob.id]: 'de' });
    // Play until it is Bob's turn: his turn DM is in German.
    for (let i = 0; i < 3 && await owing(h, gameId) !== bob; i++) {
      const g = (await h.repo.game(gameId))!;
      await h.bot.handle(h.discord.ix(ann, 'dm', { customId: makeId('C', gameId, g.version, 'pass') }));
      await h.bot.settle();
    }
    const dm = h.discord.sent.filter((s) => s.kind === 'dm' && s.to === bob.id).at(-1)!;
    expect(dm.msg.content).toMatch(/Du bist dran/);
  });
});
