/**
 * The table's rules as players meet them through the bot: names shown as typed, clicks only on the message they
 * belong to, an undo vote that stays open until everyone answered, computers that take turns across games.
 */
import { describe, expect, it } from 'vitest';
import { makeId, parseId } from '../../src/bot/ids.js';
import { FakeDiscord, harness } from '../helpers/fake-discord.js';
import { toy } from '../helpers/toy-game.js';

type H = ReturnType<typeof harness>;
const ann = { id: 'u-ann', name: 'Ann' };
const bob = { id: 'u-bob', name: 'Bob' };
const cat = { id: 'u-cat', name: 'Cat' };

async function started(h: H, host = ann, others = [bob]) {
  await h.bot.handle(h.discord.ix(host, 'chan', { command: { sub: 'new', options: { game: 'toy' } } }));
  const gameId = parseId(FakeDiscord.ids(h.discord.last('reply').msg)[0])!.gameId;
  for (const u of others) await h.bot.handle(h.discord.ix(u, 'chan', { customId: makeId('L', gameId, 0, 'join') }));
  await h.bot.handle(h.discord.ix(host, 'chan', { customId: makeId('L', gameId, 0, 'start') }));
  await h.bot.settle();
  return { gameId, thread: (await h.repo.game(gameId))!.thread_id! };
}

describe('names', () => {
  it('GIVEN a player named with Markdown and a role mention THEN every post shows the name as typed, never as formatting or a mention', async () => {
    const h = harness(toy);
    const mallory = { id: 'u-mal', name: '**Boss** <@&123> @everyone' };
    const { thread } = await started(h, ann, [mallory]);
    const lobby = JSON.stringify(h.discord.sent.filter((s) => s.kind === 'update').at(-1)!.msg.embeds);
    expect(lobby).toContain('\\\\*\\\\*Boss\\\\*\\\\*');
    const posts = h.discord.sent.filter((s) => s.to === thread && (s.kind === 'post' || s.kind === 'reply')).map((s) => `${s.msg.content ?? ''}${JSON.stringify(s.msg.embeds ?? [])}`).join('\n');
    expect(posts).toContain('Boss');
    expect(posts).not.toContain('<@&123>');
    expect(posts).not.toMatch(/(^|[^\u200b])@everyone/);
    expect(posts).not.toContain('**Boss**');
  });
});

describe('clicks on the message they belong to', () => {
  it('GIVEN a valid vote custom_id clicked on the live table post THEN it is refused and the table is left alone', async () => {
    const h = harness(toy);
    const { gameId, thread } = await started(h);
    const table = (await h.repo.game(gameId))!.table_message_id!;
    const before = h.discord.sent.length;
    await h.bot.handle(h.discord.ix(bob, thread, { customId: makeId('D', gameId, 0, 'skip.0'), message: 'public', messageId: table }));
    await h.bot.handle(h.discord.ix(bob, thread, { customId: makeId('C', gameId, 0, 'pass'), message: 'public', messageId: table }));
    await h.bot.handle(h.discord.ix(bob, thread, { customId: makeId('U', gameId, 0, 'yes'), message: 'public', messageId: table }));
    const answers = h.discord.sent.slice(before);
    expect(answers.map((s) => s.kind)).toEqual(['reply', 'reply', 'reply']);
    expect(answers.every((s) => s.ephemeral)).toBe(true);
    expect(await h.repo.decisionCount(gameId)).toBe(0);
  });

  it('GIVEN a lobby button on another message THEN the lobby is not touched', async () => {
    const h = harness(toy);
    await h.bot.handle(h.discord.ix(ann, 'chan', { command: { sub: 'new', options: { game: 'toy' } } }));
    const lobby = h.discord.last('reply');
    const gameId = parseId(FakeDiscord.ids(lobby.msg)[0])!.gameId;
    await h.bot.handle(h.discord.ix(bob, 'chan', { customId: makeId('L', gameId, 0, 'join'), message: 'public', messageId: 'some-other-message' }));
    expect(h.discord.last().kind).toBe('reply');
    expect((await h.repo.players(gameId)).map((p) => p.user_id)).toEqual([ann.id]);
    await h.bot.handle(h.discord.ix(bob, 'chan', { customId: makeId('L', gameId, 0, 'join'), message: 'public', messageId: lobby.id }));
    expect((await h.repo.players(gameId)).map((p) => p.user_id)).toEqual([ann.id, bob.id]);
  });
});

describe('the undo vote', () => {
  it('GIVEN 3 players THEN the request keeps its buttons until everyone answered, a second request is refused, and the asker is named', async () => {
    const h = harness(toy);
    const { gameId, thread } = await started(h, ann, [bob, cat]);
    const users = [ann, bob, cat];
    // Play until someone has made a move that revealed a card.
    let asker = ann;
    for (let i = 0; i < 12; i++) {
      const g = (await h.repo.game(gameId))!;
      const d = (await h.service.decisions(g))[0]!;
      const seats = await h.service.seats(gameId);
      const u = users.find((x) => x.id === seats[d.seat]!.user_id)!;
      const r = await h.service.decide(gameId, { userId: u.id }, g.version, d.options[0]!.id);
      if (r.ok && r.value.revealed) { asker = u; break; }
    }
    await h.bot.settle();
    const [first, second] = users.filter((u) => u !== asker);
    await h.bot.handle(h.discord.ix(asker, thread, { command: { sub: 'undo', options: {} } }));
    const request = h.discord.last('reply');
    expect(request.ephemeral).toBe(false);
    const version = (await h.repo.game(gameId))!.version;
    await h.bot.handle(h.discord.ix(first!, thread, { customId: makeId('U', gameId, version, 'yes'), message: 'public', messageId: request.id }));
    const afterOne = h.discord.last('update');
    expect(afterOne.msg.content).toMatch(/1 of 2/);
    expect(FakeDiscord.ids(afterOne.msg)).toHaveLength(2);
    await h.bot.handle(h.discord.ix(second!, thread, { command: { sub: 'undo', options: {} } }));
    expect(h.discord.last().ephemeral).toBe(true);
    expect(h.discord.last().msg.content).toMatch(/already open/);
    await h.bot.handle(h.discord.ix(second!, thread, { customId: makeId('U', gameId, version, 'yes'), message: 'public', messageId: request.id }));
    expect(h.discord.last('update').msg.content).toMatch(/Everyone asked agreed/);
    expect((await h.repo.game(gameId))!.version).toBe(version + 1);
    const logLine = JSON.parse((await h.repo.tableLog(gameId)).at(-1)!.events)[0];
    expect(logLine.msg.args.name).toBe(asker.name);
  });
});

describe('undo, fair to everyone', () => {
  it('GIVEN Ann moved and then Bob moved WHEN Ann asks to undo THEN only Bob is asked, the vote names both decisions, and once he agrees both go and Ann is on turn again', async () => {
    const h = harness(toy);
    const { gameId, thread } = await started(h, ann, [bob, cat]);
    const seats = await h.service.seats(gameId);
    const seatOf = (u: { id: string }) => seats.findIndex((p) => p.user_id === u.id);
    // Ann passes, then Bob passes: Cat is on turn (nothing was revealed).
    for (const u of [ann, bob]) {
      const g = (await h.repo.game(gameId))!;
      expect((await h.service.decisions(g))[0]!.seat).toBe(seatOf(u));
      expect((await h.service.decide(gameId, { userId: u.id }, g.version, 'pass')).ok).toBe(true);
    }
    await h.bot.settle();
    await h.bot.handle(h.discord.ix(ann, thread, { command: { sub: 'undo', options: {} } }));
    const request = h.discord.last('reply');
    expect(request.ephemeral).toBe(false);
    // Exactly which decisions go, and who must agree: Bob, whose pass goes with Ann's; not Cat, who lost nothing.
    expect(request.msg.content).toMatch(/Ann asks to take back their last decision and everything after it: Ann: Pass; Bob: Pass\. Bob must agree\./);
    expect(request.msg.content).toMatch(/0 of 1/);
    const version = (await h.repo.game(gameId))!.version;
    await h.bot.handle(h.discord.ix(cat, thread, { customId: makeId('U', gameId, version, 'yes'), message: 'public', messageId: request.id }));
    expect(h.discord.last().msg.content).not.toMatch(/Everyone asked agreed/);
    expect((await h.repo.game(gameId))!.version).toBe(version);
    await h.bot.handle(h.discord.ix(bob, thread, { customId: makeId('U', gameId, version, 'yes'), message: 'public', messageId: request.id }));
    expect(h.discord.last('update').msg.content).toMatch(/Everyone asked agreed/);
    const g = (await h.repo.game(gameId))!;
    expect((await h.repo.activeDecisions(gameId))).toHaveLength(0);
    expect((await h.service.decisions(g))[0]!.seat).toBe(seatOf(ann));
    // The log names them.
    const log = (await h.service.log(gameId, null)).at(-1)!.event.msg;
    expect(log).toMatchObject({ key: 'log.undo_consent_list', args: { name: 'Ann', asked: [{ seat: seatOf(bob) }] } });
    expect(log.args!.list).toEqual([
      { key: 'undo.item', args: { p: { seat: seatOf(ann) }, what: { key: 'common.pass' } } },
      { key: 'undo.item', args: { p: { seat: seatOf(bob) }, what: { key: 'common.pass' } } },
    ]);
  });

  it('GIVEN Ann took two steps of her own WHEN she asks to undo THEN her last one goes at once, alone', async () => {
    const h = harness(toy);
    const { gameId, thread } = await started(h, ann, [bob]);
    const g = (await h.repo.game(gameId))!;
    const first = (await h.service.decisions(g))[0]!;
    const who = (await h.service.seats(gameId))[first.seat]!.user_id === ann.id ? ann : bob;
    expect((await h.service.decide(gameId, { userId: who.id }, g.version, 'pass')).ok).toBe(true);
    await h.bot.handle(h.discord.ix(who, thread, { command: { sub: 'undo', options: {} } }));
    expect(h.discord.last('reply').ephemeral).toBe(true);
    expect((await h.repo.activeDecisions(gameId))).toHaveLength(0);
  });
});

describe('computers in many games', () => {
  it('GIVEN two games whose computers play many moves in a row THEN their moves take turns, one game never holds the computers', async () => {
    const order: number[] = [];
    const h = harness(toy, {
      bot: {
        computerChoice: async (_level, _module, _state, _seat, decision, seed) => {
          order.push(Number(seed.split(':')[0]!.split('#')[1]));
          return decision.options.find((o) => o.role === 'pass')!.id;
        },
      },
    });
    const games: number[] = [];
    for (const channel of ['one', 'two']) {
      await h.bot.handle(h.discord.ix(ann, channel, { command: { sub: 'new', options: { game: 'toy' } } }));
      const gameId = parseId(FakeDiscord.ids(h.discord.last('reply').msg)[0])!.gameId;
      for (let i = 0; i < 3; i++) await h.bot.handle(h.discord.ix(ann, channel, { customId: makeId('L', gameId, 0, 'addai'), values: ['random'] }));
      games.push(gameId);
    }
    // Both games start at once with their host handed to a computer: 12 computer moves each.
    for (const gameId of games) {
      await h.repo.update(gameId, {});
      await h.cf.lobby.start(gameId, { id: ann.id, name: ann.name, guildId: 'guild' });
      await h.service.replaceSeat(gameId, (await h.service.seatOf(gameId, ann.id))!, 'random');
      h.db.prepare('UPDATE games SET seed = ? WHERE id = ?').run(`game#${gameId}`, gameId);
    }
    await h.bot.recover();
    await h.bot.settle();
    expect(order.filter((g) => g === games[0])).toHaveLength(12);
    expect(order.filter((g) => g === games[1])).toHaveLength(12);
    // Interleaved: within the first 6 moves both games have moved.
    expect(new Set(order.slice(0, 6)).size).toBe(2);
  });
});

describe('the lobby card over the game', () => {
  it('GIVEN a lobby THEN the host removes a computer from the same menu that adds it', async () => {
    const h = harness(toy);
    await h.bot.handle(h.discord.ix(ann, 'chan', { command: { sub: 'new', options: { game: 'toy' } } }));
    const gameId = parseId(FakeDiscord.ids(h.discord.last('reply').msg)[0])!.gameId;
    await h.bot.handle(h.discord.ix(ann, 'chan', { customId: makeId('L', gameId, 0, 'addai'), values: ['random'] }));
    const menu = (h.discord.last('update').msg.components as { components: { custom_id: string; options?: { value: string }[] }[] }[])
      .flatMap((r) => r.components).find((c) => c.custom_id.endsWith('|addai'))!;
    const remove = menu.options!.find((o) => o.value.startsWith('remove.'))!.value;
    await h.bot.handle(h.discord.ix(bob, 'chan', { customId: makeId('L', gameId, 0, 'addai'), values: [remove] }));
    expect(await h.repo.players(gameId)).toHaveLength(2);
    await h.bot.handle(h.discord.ix(ann, 'chan', { customId: makeId('L', gameId, 0, 'addai'), values: [remove] }));
    expect((await h.repo.players(gameId)).map((p) => p.user_id)).toEqual([ann.id]);
  });

  it('GIVEN the game starts, then ends THEN the lobby card says it is in progress (with a link), then who won', async () => {
    const h = harness(toy);
    const { gameId, thread } = await started(h);
    const lobbyId = (await h.repo.game(gameId))!.lobby_message_id!;
    const card = () => JSON.stringify([...h.discord.sent].reverse().find((s) => (s.kind === 'edit' && s.id === lobbyId) || (s.kind === 'update' && s.msg.embeds))!.msg.embeds);
    expect(card()).toMatch(/in progress/);
    expect(card()).toContain(thread);
    for (let i = 0; i < 40 && (await h.repo.game(gameId))!.status === 'running'; i++) {
      const g = (await h.repo.game(gameId))!;
      const d = (await h.service.decisions(g))[0]!;
      const seats = await h.service.seats(gameId);
      const user = [ann, bob].find((u) => u.id === seats[d.seat]!.user_id)!;
      await h.bot.handle(h.discord.ix(user, 'dm', { customId: makeId('C', gameId, g.version, 'pass') }));
      await h.bot.settle();
    }
    expect((await h.repo.game(gameId))!.status).toBe('finished');
    expect(card()).toMatch(/finished/);
    expect(card()).toMatch(/Winner|Shared victory|Nobody won/);
  });
});
