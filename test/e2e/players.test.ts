/**
 * For players in many games, end to end through the real discord.js client and the stand-in: `/campfire games`
 * lists the running game (the membership check is a real GET /guilds/<id>/members/<user>), the game ends, and the
 * server's leaderboard and the players' stats move.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../src/games/all.js';
import { messageText } from '../../src/standin/index.js';
import { discordPlatform } from '../../src/bot/discord.js';
import { playToEnd, quietLog, startGame, world, type World } from './world.js';

describe('my games and the leaderboard through Discord', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
    await w.startInProcess();
  });
  afterAll(async () => w.close());

  it('lists the running game, then a finished game moves the leaderboard', { timeout: 600_000 }, async () => {
    const users = [w.standIn.user('ada'), w.standIn.user('bruno')];
    const general = w.standIn.channelByName('general').id;
    const ask = async (who: number, subcommand: string, options: Record<string, string | number | boolean> = {}) => {
      const out = await users[who]!.slash(general, 'campfire', { subcommand, options });
      expect(out.ephemeral).toBe(true);
      return messageText(out.message!);
    };
    expect(await ask(0, 'leaderboard', { game: 'mammut' })).toContain('Nobody has a rating here yet.');
    const { thread, gameId } = await startGame(w, 'mammut', users);
    const mine = (await ask(0, 'games')) + (await ask(1, 'games'));
    // ada reads English, bruno German (their Discord locales in the stand-in).
    expect(mine).toMatch(/Waiting for you|Warten auf dich/);
    expect(mine).toMatch(/Waiting for others|Warten auf andere/);
    expect(mine.match(new RegExp(`Mammut #${gameId}\\b`, 'g'))).toHaveLength(2);
    expect(mine).toContain(thread);

    await playToEnd(w, thread, users, { weight: (id) => (id.startsWith('rob') ? 0.1 : 1) });
    const board = await ask(0, 'leaderboard', { game: 'mammut' });
    expect(board).toContain('Provisional (fewer than 3 finished games)');
    for (const u of users) expect(board).toContain(u.name);
    expect(board).toMatch(/You: provisional, rating -?\d+\.\d after 1 game\./);
    expect(await ask(1, 'leaderboard', { game: 'mammut' })).toMatch(/Du: vorläufig, Wertung -?\d+\.\d nach 1 Partie\./);
    expect(await ask(0, 'stats')).toMatch(/rating -?\d+\.\d \(across servers\); last games: [+−]\d+\.\d/);
    // The membership check behind "a server the player left is not shown", against the stand-in's REST API.
    const platform = discordPlatform(w.bot!.client, quietLog);
    expect(await platform.memberOf!(w.standIn.guild.id, users[0]!.id)).toBe(true);
    expect(await platform.memberOf!(w.standIn.guild.id, '1999999999999999999')).toBe(false);
    expect(await platform.memberOf!('1888888888888888888', users[0]!.id)).toBe(false);
    const after = await ask(0, 'games');
    expect(after).toContain('Your last results');
    expect(after).not.toContain('Waiting for you');
  });
});
