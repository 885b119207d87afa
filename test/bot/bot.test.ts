import { describe, expect, it } from 'vitest';
import { makeId, parseId } from '../../src/bot/ids.js';
import { FakeDiscord, harness, silentLog } from '../helpers/fake-discord.js';
import { toy } from '../helpers/toy-game.js';

const ann = { id: 'u-ann', name: 'Ann' };
const bob = { id: 'u-bob', name: 'Bob' };
const eve = { id: 'u-eve', name: 'Eve' };

/** Opens a toy lobby in channel `chan`, joins Bob, starts; returns the game id and thread. */
async function started(h: ReturnType<typeof harness>) {
  const { bot, discord } = h;
  await bot.handle(discord.ix(ann, 'chan', { command: { sub: 'new', options: { game: 'toy' } } }));
  const lobby = discord.last('reply');
  const gameId = parseId(FakeDiscord.ids(lobby.msg)[0])!.gameId;
  await bot.handle(discord.ix(bob, 'chan', { customId: makeId('L', gameId, 0, 'join') }));
  await bot.handle(discord.ix(ann, 'chan', { customId: makeId('L', gameId, 0, 'start') }));
  await bot.settle();
  return { gameId, thread: (await h.repo.game(gameId))!.thread_id! };
}

const seatUser = async (h: ReturnType<typeof harness>, gameId: number, seat: number) => [ann, bob][(await h.service.seats(gameId))[seat]!.joined - 1]!;

describe('custom_id grammar', () => {
  it('round-trips and rejects anything else', () => {
    expect(parseId(makeId('C', 12, 7, 'take.3'))).toEqual({ kind: 'C', gameId: 12, version: 7, arg: 'take.3' });
    for (const bad of ['', 'C|1|2', 'Z|1|2|a', 'C|0|1|a', 'C|1|-1|a', 'C|1|1|a b', 'C|01|1|a', 'C|1|1|a|b', 'x'.repeat(101), 42, null]) {
      expect(parseId(bad)).toBeNull();
    }
    expect(() => makeId('C', 1, 1, 'x'.repeat(95))).toThrow();
  });
});

describe('lobby', () => {
  it('GIVEN /campfire new THEN a lobby is posted, a thread made, and the host is seated', async () => {
    const h = harness(toy);
    await h.bot.handle(h.discord.ix(ann, 'chan', { command: { sub: 'new', options: { game: 'toy' } } }));
    const reply = h.discord.last('reply');
    expect(reply.ephemeral).toBe(false);
    expect(h.discord.threads).toHaveLength(1);
    const g = (await h.repo.liveGameIn(h.discord.threads[0]!.id))!;
    expect(g.status).toBe('lobby');
    expect((await h.repo.players(g.id)).map((p) => p.user_id)).toEqual([ann.id]);
  });

  it('GIVEN no permission to create threads THEN the game lives in the channel and says so', async () => {
    const h = harness(toy);
    h.discord.refuseThreads = true;
    await h.bot.handle(h.discord.ix(ann, 'chan', { command: { sub: 'new', options: { game: 'toy' } } }));
    expect(h.discord.last('followUp').msg.content).toMatch(/threads/i);
    expect((await h.repo.liveGameIn('chan'))!.thread_id).toBeNull();
  });

  it('only the host starts, and not before the minimum player count', async () => {
    const h = harness(toy);
    await h.bot.handle(h.discord.ix(ann, 'chan', { command: { sub: 'new', options: { game: 'toy' } } }));
    const gameId = (await h.repo.liveGameIn(h.discord.threads[0]!.id))!.id;
    await h.bot.handle(h.discord.ix(ann, 'chan', { customId: makeId('L', gameId, 0, 'start') }));
    expect(h.discord.last().ephemeral).toBe(true);
    expect(h.discord.last().msg.content).toMatch(/at least 2/);
    await h.bot.handle(h.discord.ix(bob, 'chan', { customId: makeId('L', gameId, 0, 'join') }));
    await h.bot.handle(h.discord.ix(bob, 'chan', { customId: makeId('L', gameId, 0, 'start') }));
    expect(h.discord.last().msg.content).toMatch(/Only the host/);
    expect((await h.repo.game(gameId))!.status).toBe('lobby');
  });

  it('the host sets a lobby option from its menu; others may not', async () => {
    const h = harness(toy);
    await h.bot.handle(h.discord.ix(ann, 'chan', { command: { sub: 'new', options: { game: 'toy' } } }));
    const gameId = (await h.repo.liveGameIn(h.discord.threads[0]!.id))!.id;
    await h.bot.handle(h.discord.ix(bob, 'chan', { customId: makeId('L', gameId, 0, 'opt.rounds'), values: ['1'] }));
    expect(JSON.parse((await h.repo.game(gameId))!.options)).toEqual({ rounds: '3' });
    await h.bot.handle(h.discord.ix(ann, 'chan', { customId: makeId('L', gameId, 0, 'opt.rounds'), values: ['1'] }));
    expect(JSON.parse((await h.repo.game(gameId))!.options)).toEqual({ rounds: '1' });
    await h.bot.handle(h.discord.ix(ann, 'chan', { customId: makeId('L', gameId, 0, 'opt.rounds'), values: ['7'] }));
    expect(JSON.parse((await h.repo.game(gameId))!.options)).toEqual({ rounds: '1' });
  });
});

describe('turns', () => {
  it('GIVEN a started game THEN the table is posted in the thread pinging only the player to act, who gets a DM', async () => {
    const h = harness(toy);
    const { gameId, thread } = await started(h);
    const table = h.discord.sent.filter((s) => s.kind === 'post' && s.to === thread && s.msg.files?.length).at(-1)!;
    const first = await seatUser(h, gameId, 0);
    expect(table.msg.mentionUsers).toEqual([first.id]);
    expect(table.msg.files![0]!.data.subarray(1, 4).toString()).toBe('PNG');
    const dm = h.discord.sent.find((s) => s.kind === 'dm')!;
    expect(dm.to).toBe(first.id);
    expect(FakeDiscord.ids(dm.msg).some((id) => id.startsWith(`M|${gameId}|0|`))).toBe(true);
  });

  it('a choice from the panel is applied once, the panel is updated, and the table moves on', async () => {
    const h = harness(toy);
    const { gameId } = await started(h);
    const first = await seatUser(h, gameId, 0);
    const d = (await h.service.decisions((await h.repo.game(gameId))!))[0]!;
    const choice = d.options[0]!.id;
    await h.bot.handle(h.discord.ix(first, 'dm', { customId: makeId('M', gameId, 0, '0'), values: [choice] }));
    expect(h.discord.last('update').msg.content).toMatch(/Done/);
    expect((await h.repo.game(gameId))!.version).toBe(1);
    await h.bot.settle();
    expect((await h.repo.game(gameId))!.table_version).toBe(1);
  });

  it('GIVEN a click THEN its reply is complete before the table is drawn and posted (drawing never delays the reply)', async () => {
    const h = harness(toy);
    const { gameId, thread } = await started(h);
    const first = await seatUser(h, gameId, 0);
    const d = (await h.service.decisions((await h.repo.game(gameId))!))[0]!;
    const posts = () => h.discord.sent.filter((s) => s.kind === 'post' && s.to === thread).length;
    const before = posts();
    await h.bot.handle(h.discord.ix(first, 'dm', { customId: makeId('M', gameId, 0, '0'), values: [d.options[0]!.id] }));
    expect(h.discord.last('update').msg.content).toMatch(/Done/);
    expect(posts()).toBe(before);
    await h.bot.settle();
    expect(posts()).toBe(before + 1);
  });

  it('GIVEN a stale, foreign or out-of-turn click THEN nothing changes and the answer is ephemeral', async () => {
    const h = harness(toy);
    const { gameId } = await started(h);
    const first = await seatUser(h, gameId, 0), second = await seatUser(h, gameId, 1);
    const state = (await h.repo.game(gameId))!.state;
    await h.bot.handle(h.discord.ix(eve, 'thread', { customId: makeId('C', gameId, 0, 'pass') }));
    expect(h.discord.last().msg.content).toMatch(/not playing/);
    await h.bot.handle(h.discord.ix(second, 'thread', { customId: makeId('C', gameId, 0, 'pass') }));
    expect(h.discord.last().ephemeral).toBe(true);
    await h.bot.handle(h.discord.ix(first, 'thread', { customId: makeId('C', gameId, 5, 'pass') }));
    expect(h.discord.last().msg.content).toMatch(/moved on/);
    expect(h.discord.last().ephemeral).toBe(true);
    expect((await h.repo.game(gameId))!.state).toBe(state);
    expect(await h.repo.decisionCount(gameId)).toBe(0);
  });

  it('GIVEN two identical clicks at the same moment THEN exactly one is applied', async () => {
    const h = harness(toy);
    const { gameId } = await started(h);
    const first = await seatUser(h, gameId, 0);
    const click = () => h.bot.handle(h.discord.ix(first, 'thread', { customId: makeId('C', gameId, 0, 'pass') }));
    const mark = h.discord.sent.length;
    await Promise.all([click(), click(), click()]);
    expect(await h.repo.decisionCount(gameId)).toBe(1);
    const answers = h.discord.sent.slice(mark).filter((s) => s.user === first.id);
    expect(answers.filter((s) => s.kind === 'update')).toHaveLength(1);
    expect(answers.filter((s) => s.kind === 'reply' && s.ephemeral)).toHaveLength(2);
  });

  it('GIVEN a click on a greyed-out choice (a client that ignores disabled) THEN it is refused politely and nothing changes', async () => {
    const h = harness(toy);
    const { gameId } = await started(h);
    const first = await seatUser(h, gameId, 0);
    await h.bot.handle(h.discord.ix(first, 'dm', { inDm: true, customId: makeId('X', gameId, 0, 'na.0'), message: 'public' }));
    expect(h.discord.last().kind).toBe('reply');
    expect(h.discord.last().ephemeral).toBe(true);
    expect(h.discord.last().msg.content).toBe('That choice is not possible right now; the reason is written on it.');
    expect((await h.repo.game(gameId))!.version).toBe(0);
    expect(silentLog.lines.some((l) => l.startsWith('error'))).toBe(false);
  });

  it('GIVEN 1,000 malformed interactions THEN no crash, no state change, every one answered', async () => {
    const h = harness(toy);
    const { gameId } = await started(h);
    const before = JSON.stringify(await h.repo.game(gameId));
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
    const alphabet = 'CLTMV|0123456789.:-_abcxyz%$ \u0000é';
    const sentBefore = h.discord.sent.length;
    for (let i = 0; i < 1000; i++) {
      const len = Math.floor(rand() * 120);
      let id = Array.from({ length: len }, () => alphabet[Math.floor(rand() * alphabet.length)]).join('');
      if (i % 3 === 0) id = `${'CMTLV'[i % 5]}|${gameId}|${Math.floor(rand() * 3) - 1}|${id.slice(0, 20)}`;
      const values = i % 4 === 0 ? [id.slice(0, 10), 'x'] : i % 4 === 1 ? [] : undefined;
      await h.bot.handle(h.discord.ix(i % 2 ? ann : eve, 'thread', { customId: id, values }));
    }
    const g = JSON.parse(before);
    expect((await h.repo.game(gameId))!.version).toBe(g.version);
    expect((await h.repo.game(gameId))!.state).toBe(g.state);
    expect(h.discord.sent.length - sentBefore).toBeGreaterThanOrEqual(1000);
  });

  it('plays a whole game through the buttons to the final result', async () => {
    const h = harness(toy);
    const { gameId, thread } = await started(h);
    for (let guard = 0; guard < 100 && (await h.repo.game(gameId))!.status === 'running'; guard++) {
      const g = (await h.repo.game(gameId))!;
      const d = (await h.service.decisions(g))[0]!;
      const user = await seatUser(h, gameId, d.seat);
      await h.bot.handle(h.discord.ix(user, thread, { customId: makeId('T', gameId, g.version, 'turn') }));
      const panel = h.discord.last('reply').msg;
      const ids = FakeDiscord.ids(panel);
      const menu = ids.find((id) => id.startsWith('M|'));
      if (menu) await h.bot.handle(h.discord.ix(user, thread, { customId: menu, values: [d.options.find((o) => o.group)!.id] }));
      else await h.bot.handle(h.discord.ix(user, thread, { customId: ids[0]! }));
      await h.bot.settle();
    }
    expect((await h.repo.game(gameId))!.status).toBe('finished');
    const final = h.discord.sent.filter((s) => s.kind === 'post').at(-1)!;
    expect(final.msg.content).toMatch(/Final result/);
    expect(JSON.stringify(await h.service.replayed((await h.repo.game(gameId))!))).toBe((await h.repo.game(gameId))!.state);
    // Private lines (what a player drew) never reach a public post.
    expect(h.discord.sent.filter((s) => s.kind === 'post').some((s) => /You drew/.test(s.msg.content ?? ''))).toBe(false);
  });
});

describe('faults', () => {
  it('GIVEN a closed DM THEN it is noted once in the thread and never fatal', async () => {
    const h = harness(toy);
    h.discord.closedDms.add(ann.id).add(bob.id);
    const { gameId, thread } = await started(h);
    for (let i = 0; i < 4; i++) {
      const g = (await h.repo.game(gameId))!;
      const d = (await h.service.decisions(g))[0]!;
      await h.bot.handle(h.discord.ix(await seatUser(h, gameId, d.seat), thread, { customId: makeId('C', gameId, g.version, 'pass') }));
      await h.bot.settle();
    }
    const notes = h.discord.sent.filter((s) => s.kind === 'post' && /direct message/.test(s.msg.content ?? ''));
    expect(notes.map((n) => n.msg.content)).toHaveLength(2);
    expect((await h.repo.game(gameId))!.version).toBe(4);
  });

  it('GIVEN Discord refuses the table post THEN the state stays right and /campfire status posts it again', async () => {
    const h = harness(toy);
    const { gameId, thread } = await started(h);
    h.discord.refusePosts = true;
    const first = await seatUser(h, gameId, 0);
    await h.bot.handle(h.discord.ix(first, thread, { customId: makeId('C', gameId, 0, 'pass') }));
    await h.bot.settle();
    expect((await h.repo.game(gameId))!.version).toBe(1);
    expect((await h.repo.game(gameId))!.table_version).toBe(0);
    h.discord.refusePosts = false;
    await h.bot.handle(h.discord.ix(bob, thread, { command: { sub: 'status', options: {} } }));
    await h.bot.settle();
    expect((await h.repo.game(gameId))!.table_version).toBe(1);
  });

  it('GIVEN the process died after a commit and before the table post THEN a restart posts it', async () => {
    const h = harness(toy);
    const { gameId } = await started(h);
    const r = await h.service.decide(gameId, { userId: (await seatUser(h, gameId, 0)).id }, 0, 'pass');
    expect(r.ok).toBe(true);
    const restarted = harness(toy, { db: h.db });
    await restarted.bot.recover();
    await restarted.bot.settle();
    expect((await restarted.repo.game(gameId))!.table_version).toBe(1);
    expect(restarted.discord.sent.some((s) => s.kind === 'post' && s.msg.files?.length)).toBe(true);
  });
});

describe('commands', () => {
  it('rules answer in the reader\'s language; log pages show only what the reader may see', async () => {
    const h = harness(toy);
    const { gameId, thread } = await started(h);
    await h.bot.handle(h.discord.ix(bob, thread, { command: { sub: 'rules', options: {} }, locale: 'de' }));
    expect(JSON.stringify(h.discord.last('reply').msg.embeds)).toMatch(/Jeder erhält drei Karten/);
    // The part buttons page through the summary in the same private message.
    const turnPage = FakeDiscord.ids(h.discord.last('reply').msg).find((id) => id.endsWith('toy.turn'))!;
    await h.bot.handle(h.discord.ix(bob, thread, { customId: turnPage, message: 'ephemeral', locale: 'de' }));
    expect(h.discord.last().kind).toBe('update');
    expect(JSON.stringify(h.discord.last().msg.embeds)).toMatch(/höchsten/);
    const first = await seatUser(h, gameId, 0), second = await seatUser(h, gameId, 1);
    const g = (await h.repo.game(gameId))!;
    const play = (await h.service.decisions(g))[0]!.options.find((o) => o.id.startsWith('play'))!.id;
    await h.bot.handle(h.discord.ix(first, thread, { customId: makeId('C', gameId, 0, play) }));
    await h.bot.handle(h.discord.ix(second, thread, { command: { sub: 'log', options: {} } }));
    const otherLog = JSON.stringify(h.discord.last('reply').msg.embeds);
    await h.bot.handle(h.discord.ix(first, thread, { command: { sub: 'log', options: {} } }));
    const ownLog = JSON.stringify(h.discord.last('reply').msg.embeds);
    expect(ownLog).toMatch(/You drew/);
    expect(otherLog).not.toMatch(/You drew/);
  });

  it('the host abandons after one more click (Sure?); a seated player starts a vote that the majority decides', async () => {
    const h = harness(toy);
    const { gameId, thread } = await started(h);
    await h.bot.handle(h.discord.ix(bob, thread, { command: { sub: 'abandon', options: {} } }));
    expect((await h.repo.game(gameId))!.status).toBe('running');
    const vote = h.discord.last('reply').msg;
    const yes = FakeDiscord.ids(vote).find((id) => id.endsWith('abandon.yes'))!;
    await h.bot.handle(h.discord.ix(eve, thread, { customId: yes }));
    expect((await h.repo.game(gameId))!.status).toBe('running');
    await h.bot.handle(h.discord.ix(ann, thread, { customId: yes }));
    expect((await h.repo.game(gameId))!.status).toBe('abandoned');

    const h2 = harness(toy);
    const s2 = await started(h2);
    // The host's abandon asks "Sure?" first, privately: nothing ends until the host confirms.
    await h2.bot.handle(h2.discord.ix(ann, s2.thread, { command: { sub: 'abandon', options: {} } }));
    const sure = h2.discord.last('reply');
    expect(sure.ephemeral).toBe(true);
    expect(sure.msg.content).toMatch(/^Sure\?/);
    expect((await h2.repo.game(s2.gameId))!.status).toBe('running');
    const confirm = FakeDiscord.ids(sure.msg).find((id) => id.endsWith('|abandon.sure'))!;
    await h2.bot.handle(h2.discord.ix(ann, s2.thread, { customId: confirm, message: 'ephemeral' }));
    expect((await h2.repo.game(s2.gameId))!.status).toBe('abandoned');
    expect(h2.discord.sent.some((x) => x.kind !== 'update' && /abandoned by Ann/.test(String(x.msg.content)) && !x.ephemeral)).toBe(true);
  });

  it('settings turn DMs off', async () => {
    const h = harness(toy);
    await h.bot.handle(h.discord.ix(ann, 'chan', { command: { sub: 'settings', options: { dms: false } } }));
    await h.bot.handle(h.discord.ix(bob, 'chan', { command: { sub: 'settings', options: { dms: false } } }));
    await started(h);
    expect(h.discord.sent.some((s) => s.kind === 'dm')).toBe(false);
  });
});

describe('a deleted thread', () => {
  it('moves the game to its channel and goes on', async () => {
    const h = harness(toy);
    const { gameId, thread } = await started(h);
    h.discord.deleted.add(thread);
    const first = await seatUser(h, gameId, 0);
    await h.bot.handle(h.discord.ix(first, 'dm', { customId: makeId('C', gameId, 0, 'pass') }));
    await h.bot.settle();
    const g = (await h.repo.game(gameId))!;
    expect(g.thread_id).toBeNull();
    expect(g.table_version).toBe(1);
    const posts = h.discord.sent.filter((s) => s.kind === 'post' && s.to === 'chan');
    expect(posts.some((p) => /was deleted/.test(p.msg.content ?? ''))).toBe(true);
    expect(posts.some((p) => p.msg.files?.length)).toBe(true);
  });
});

describe('the log button', () => {
  it('opens the newest page privately and the arrows turn pages of that private message', async () => {
    const h = harness(toy);
    const { gameId, thread } = await started(h);
    for (let i = 0; i < 6; i++) {
      const g = (await h.repo.game(gameId))!;
      const d = (await h.service.decisions(g))[0]!;
      await h.bot.handle(h.discord.ix(await seatUser(h, gameId, d.seat), thread, { customId: makeId('C', gameId, g.version, d.options[0]!.id) }));
    }
    await h.bot.settle();
    await h.bot.handle(h.discord.ix(ann, thread, { customId: makeId('T', gameId, 6, 'log'), message: 'public' }));
    const page = h.discord.last();
    expect(page.kind).toBe('reply');
    expect(page.ephemeral).toBe(true);
    const back = FakeDiscord.ids(page.msg).find((id) => id.includes('log.'));
    if (back) {
      await h.bot.handle(h.discord.ix(ann, thread, { customId: back, message: 'ephemeral' }));
      expect(h.discord.last().kind).toBe('update');
    }
    expect(JSON.stringify(page.msg.embeds)).toMatch(/passed|played/);
  });
});

describe('multi-select (set choices)', () => {
  it('GIVEN a decision with a set group THEN its menu takes several values, and one choice commits the whole set', async () => {
    const { getGame } = await import('../../src/games/registry.js');
    await import('../../src/games/all.js');
    const { panelComponents, translator } = await import('../../src/bot/present.js');
    const mammut = getGame('mammut')!;
    const h = harness(mammut);
    await h.bot.handle(h.discord.ix(ann, 'chan', { command: { sub: 'new', options: { game: 'mammut' } } }));
    const gameId = parseId(FakeDiscord.ids(h.discord.last('reply').msg)[0])!.gameId;
    await h.bot.handle(h.discord.ix(bob, 'chan', { customId: makeId('L', gameId, 0, 'join') }));
    await h.bot.handle(h.discord.ix(ann, 'chan', { customId: makeId('L', gameId, 0, 'start') }));
    await h.bot.settle();
    // Take whole kinds from the middle, and take a share as soon as one holds two tiles or more.
    let d = (await h.service.decisions((await h.repo.game(gameId))!))[0]!;
    for (let guard = 0; guard < 200 && !d.sets; guard++) {
      const g = (await h.repo.game(gameId))!;
      const shares = (mammut.engine.view(await h.service.state(g), d.seat) as { shares: unknown[][][] }).shares;
      const rob = d.options.find((o) => o.id.startsWith('rob:') && (shares[Number(o.id.slice(4).split('.')[0])]![Number(o.id.split('.')[1] ?? 0)]?.length ?? 0) >= 2);
      const pick = rob ?? d.options.find((o) => o.id.startsWith('all:')) ?? d.options.find((o) => !o.role && !o.id.startsWith('play:'))!;
      expect((await h.service.decide(gameId, { userId: (await seatUser(h, gameId, d.seat)).id }, g.version, pick.id)).ok).toBe(true);
      d = (await h.service.decisions((await h.repo.game(gameId))!))[0]!;
    }
    expect(d.sets, 'a share with two tiles or more was taken').toBeDefined();
    const g = (await h.repo.game(gameId))!;
    const items = d.options.filter((o) => o.group === d.sets![0]!.group);
    const { components } = panelComponents(d, gameId, g.version, translator('en', mammut));
    const menu = (components as { components: { type: number; custom_id: string; min_values: number; max_values: number; options: { value: string }[] }[] }[])
      .flatMap((r) => r.components).find((c) => c.type === 3 && c.max_values > 1)!;
    expect([menu.min_values, menu.max_values]).toEqual([1, items.length]);
    expect(menu.options.map((o) => o.value)).toEqual(items.map((o) => o.id));
    const middleBefore = (mammut.engine.view(await h.service.state(g), null) as { middle: unknown[] }).middle.length;
    const two = [items[1]!.id, items[0]!.id];
    await h.bot.handle(h.discord.ix(await seatUser(h, gameId, d.seat), 'dm', { customId: menu.custom_id, values: two }));
    const after = (await h.repo.game(gameId))!;
    expect(after.version, 'one decision for the whole set').toBe(g.version + 1);
    expect((mammut.engine.view(await h.service.state(after), null) as { middle: unknown[] }).middle.length).toBe(middleBefore + 2);
  });
});
