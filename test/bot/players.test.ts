/**
 * For players in many games, through the bot: `/campfire games` across two servers and in a DM with the bot (a
 * server the player left is not shown), paging, the daily digest by DM from the tick, the settings for both, and
 * the leaderboard and stats after a game ends.
 */
import { describe, expect, it } from 'vitest';
import { makeId, parseId } from '../../src/bot/ids.js';
import type { OutMessage } from '../../src/bot/platform.js';
import { DAY, HOUR } from '../../src/service/timers.js';
import { FakeDiscord, harness } from '../helpers/fake-discord.js';
import { toy } from '../helpers/toy-game.js';

const ann = { id: 'u-ann', name: 'Ann' };
const bob = { id: 'u-bob', name: 'Bob' };
type H = ReturnType<typeof harness>;

/** Opens, fills and (unless `lobbyOnly`) starts a toy game in a server, as ann with the others. */
async function game(h: H, guildId: string, users = [ann, bob], opts: { lobbyOnly?: boolean; rounds?: string } = {}) {
  const chan = `chan-${guildId}`;
  await h.bot.handle(h.discord.ix(users[0]!, chan, { guildId, command: { sub: 'new', options: { game: 'toy' } } }));
  const gameId = parseId(FakeDiscord.ids(h.discord.last('reply').msg)[0])!.gameId;
  for (const u of users.slice(1)) await h.bot.handle(h.discord.ix(u, chan, { guildId, customId: makeId('L', gameId, 0, 'join') }));
  if (opts.rounds) await h.bot.handle(h.discord.ix(users[0]!, chan, { guildId, customId: makeId('L', gameId, 0, 'opt.rounds'), values: [opts.rounds] }));
  if (!opts.lobbyOnly) await h.bot.handle(h.discord.ix(users[0]!, chan, { guildId, customId: makeId('L', gameId, 0, 'start') }));
  await h.bot.settle();
  return gameId;
}

const text = (m: OutMessage) => [m.content ?? '', ...((m.embeds ?? []) as { title?: string; description?: string; footer?: { text: string } }[]).flatMap((e) => [e.title ?? '', e.description ?? '', e.footer?.text ?? ''])].join('\n');

async function command(h: H, user: typeof ann, sub: string, options: Record<string, string | number | boolean> = {}, where: { guildId: string | null } = { guildId: 'guild-a' }) {
  const dm = where.guildId === null;
  await h.bot.handle(h.discord.ix(user, dm ? 'dm-channel' : `chan-${where.guildId}`, { guildId: where.guildId, inDm: dm, command: { sub, options } }));
  const r = h.discord.last('reply');
  expect(r.ephemeral).toBe(true);
  return text(r.msg);
}

/** Plays the toy game to its end, each seat playing its first card (ann is seat 0 and moves first). */
async function playOut(h: H, gameId: number) {
  for (let guard = 0; guard < 30; guard++) {
    const g = (await h.repo.game(gameId))!;
    if (g.status !== 'running') return;
    const d = (await h.service.decisions(g))[0]!;
    const seats = await h.service.seats(gameId);
    const who = [ann, bob].find((u) => u.id === seats[d.seat]!.user_id)!;
    await h.bot.handle(h.discord.ix(who, g.thread_id!, { guildId: g.guild_id, customId: makeId('C', gameId, g.version, d.options[0]!.id), message: 'ephemeral' }));
    await h.bot.settle();
  }
}

describe('/campfire games', () => {
  it('GIVEN games in two servers THEN the list shows both, in a server and in a DM with the bot; a server ann left is not shown', async () => {
    const h = harness(toy);
    const a = await game(h, 'guild-a');
    const b = await game(h, 'guild-b', [bob, ann]);
    const lobby = await game(h, 'guild-b', [bob, ann], { lobbyOnly: true });
    const inA = await command(h, ann, 'games');
    expect(inA).toContain('Waiting for you');
    expect(inA).toMatch(new RegExp(`Toy #${a}\\b.*Play a card or pass — due <t:\\d+:R>`));
    expect(inA).toContain(`https://discord.test/guild-a/${(await h.repo.game(a))!.thread_id}`);
    expect(inA).toContain(`/${(await h.repo.game(a))!.table_message_id}`);
    expect(inA).toMatch(new RegExp(`Waiting for others[\\s\\S]*Toy #${b}\\b.*waiting for Bob`));
    expect(inA).toMatch(new RegExp(`Lobbies you joined[\\s\\S]*Toy #${lobby}\\b.*2 joined, host Bob`));
    // The order: waiting for me, for others, lobbies.
    expect(inA.indexOf('Waiting for you')).toBeLessThan(inA.indexOf('Waiting for others'));
    expect(inA.indexOf('Waiting for others')).toBeLessThan(inA.indexOf('Lobbies you joined'));

    const inDm = await command(h, ann, 'games', {}, { guildId: null });
    expect(inDm).toContain(`Toy #${a}`);
    expect(inDm).toContain(`Toy #${b}`);

    // ann left guild-b: Discord says she is no member any more.
    h.discord.members.set('guild-b', new Set([bob.id]));
    for (const where of [{ guildId: 'guild-a' }, { guildId: null }]) {
      const now = await command(h, ann, 'games', {}, where);
      expect(now).toContain(`Toy #${a}`);
      expect(now).not.toContain(`Toy #${b}`);
      expect(now).not.toContain(`Toy #${lobby}`);
    }
    // Asked from inside guild-b itself, she is evidently there.
    expect(await command(h, ann, 'games', {}, { guildId: 'guild-b' })).toContain(`Toy #${b}`);
  });

  it('GIVEN no games THEN it says so; GIVEN many THEN it pages', async () => {
    const h = harness(toy);
    expect(await command(h, ann, 'games')).toContain('You are not in any game');
    for (let i = 0; i < 14; i++) await game(h, `guild-${i}`, [ann, bob], { lobbyOnly: true });
    const first = await command(h, ann, 'games');
    expect(first).toContain('Page 1 of 2');
    expect(first.match(/Toy #/g)).toHaveLength(12);
    const second = await command(h, ann, 'games', { page: 2 });
    expect(second).toContain('Page 2 of 2');
    expect(second).toContain('Lobbies you joined');
    expect(second.match(/Toy #/g)).toHaveLength(2);
  });

  it('GIVEN German THEN the list is in German', async () => {
    const h = harness(toy);
    await game(h, 'guild-a');
    await h.bot.handle(h.discord.ix(ann, 'chan-guild-a', { locale: 'de', command: { sub: 'games', options: {} } }));
    expect(text(h.discord.last('reply').msg)).toContain('Warten auf dich');
  });
});

describe('a time zone by name', () => {
  it('GIVEN /campfire settings time_zone THEN the reply names the zone and its offset now; an unknown one is answered with examples', async () => {
    const h = harness(toy);
    expect(await command(h, ann, 'settings', { time_zone: 'America/New_York' })).toMatch(/time zone America\/New_York \(UTC−[45] now\)/);
    expect(await command(h, ann, 'settings', { time_zone: 'Atlantis/Capital' })).toContain('That time zone is unknown');
  });
});

describe('the daily digest', () => {
  it('GIVEN the digest switched on in settings THEN the tick sends one DM at the hour with the games waiting, and none when nothing waits', async () => {
    const h = harness(toy);
    const midnight = Math.ceil(h.now() / DAY) * DAY;
    h.advance(midnight - h.now());
    const reply = await command(h, ann, 'settings', { digest_hour: 9, utc_offset: 1 });
    expect(reply).toContain('Daily digest: at 9:00 your time.');
    const a = await game(h, 'guild-a');
    const b = await game(h, 'guild-b', [bob, ann]);
    // In game a, ann plays a card and Bob passes: that is what happened since her last move.
    for (const [who, option] of [[ann, 'play'], [bob, 'pass']] as const) {
      const g = (await h.repo.game(a))!;
      const d = (await h.service.decisions(g))[0]!;
      await h.bot.handle(h.discord.ix(who, g.thread_id!, { guildId: g.guild_id, customId: makeId('C', a, g.version, option === 'pass' ? 'pass' : d.options[0]!.id), message: 'ephemeral' }));
      await h.bot.settle();
    }
    const dms = () => h.discord.sent.filter((s) => s.kind === 'dm' && s.to === ann.id && /waiting for you/.test(text(s.msg)));
    h.advance(7 * HOUR);
    await h.bot.tick();
    expect(dms()).toHaveLength(0);
    h.advance(HOUR); // 08:00 UTC = 09:00 at UTC+1
    await h.bot.tick();
    expect(dms()).toHaveLength(1);
    const digest = text(dms()[0]!.msg);
    expect(digest).toContain('Campfire: 1 game is waiting for you');
    expect(digest).toContain(`Toy #${a}`);
    expect(digest).not.toContain(`Toy #${b}`);
    // Under the game, what happened since ann's own last move (Bob's pass), not her own card.
    expect(digest).toMatch(new RegExp(`Toy #${a}\\b[^\\n]*\\n  · Bob passed`));
    expect(digest).not.toMatch(/Ann played/);
    h.advance(HOUR);
    await h.bot.tick();
    expect(dms()).toHaveLength(1);
    // The digest of a game in a server ann left is not sent: nothing else waits.
    h.discord.members.set('guild-a', new Set([bob.id]));
    h.advance(DAY - HOUR);
    await h.bot.tick();
    expect(dms()).toHaveLength(1);
    expect(await command(h, ann, 'settings', { digest: false })).toContain('Daily digest: off.');
  });
});

describe('ratings through the bot', () => {
  it('GIVEN a game that ends THEN the server leaderboard and stats show the new ratings; the global board needs the server\'s consent', async () => {
    const h = harness(toy);
    expect(await command(h, ann, 'leaderboard', { game: 'toy' })).toContain('Nobody has a rating here yet.');
    const id = await game(h, 'guild-a', [ann, bob], { rounds: '1' });
    await playOut(h, id);
    expect((await h.repo.game(id))!.status).toBe('finished');
    const winner = (await h.repo.ratings.placings(id)).find((p) => p.place === 1)!.user_id === ann.id ? 'Ann' : 'Bob';
    const board = await command(h, ann, 'leaderboard', { game: 'toy' });
    expect(board).toContain('Toy: leaderboard, this server');
    expect(board).toContain('Provisional (fewer than 3 finished games)');
    expect(board.split('\n').find((l) => / — /.test(l))).toContain(winner);
    expect(board).toMatch(/You: provisional, rating -?\d+\.\d after 1 game\./);
    expect(await command(h, ann, 'stats')).toMatch(/rating -?\d+\.\d \(across servers\); last games: [+−]\d+\.\d/);

    // Across servers: hidden until the server allows it (a manager switches it on).
    expect(await command(h, ann, 'leaderboard', { game: 'toy', scope: 'all' })).toContain('You are not listed');
    await h.bot.handle(h.discord.ix(ann, 'chan-guild-a', { guildId: 'guild-a', canManageGuild: true, command: { sub: 'server', options: { global_leaderboard: true } } }));
    expect(text(h.discord.last('reply').msg)).toContain('Members appear on leaderboards across servers: on.');
    const global = await command(h, bob, 'leaderboard', { game: 'toy' }, { guildId: null });
    expect(global).toContain('Toy: leaderboard, all servers');
    expect(global).toMatch(/Ann — /);
    expect(global).toMatch(/You: provisional/);
  });

  it('GIVEN a command that only works in a game\'s thread, in a DM THEN it is refused politely', async () => {
    const h = harness(toy);
    await h.bot.handle(h.discord.ix(ann, 'dm-channel', { guildId: null, inDm: true, command: { sub: 'status', options: {} } }));
    expect(text(h.discord.last('reply').msg)).toContain('the other game commands work in the game\'s thread');
  });
});
