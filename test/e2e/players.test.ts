/**
 * For players in many games, end to end through the real discord.js client and the stand-in: `/campfire games`
 * lists the running game (the membership check is a real GET /guilds/<id>/members/<user>), the game ends, and the
 * server's leaderboard and the players' stats move.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../src/games/all.js';
import { DEFAULT_USERS } from '../../src/standin/model.js';
import { messageText } from '../../src/standin/index.js';
import { discordPlatform } from '../../src/bot/discord.js';
import { RECAP_LINES } from '../../src/service/views.js';
import { dms, finished, idle, owing, step } from './reader.js';
import { components, dbState, findButton, playToEnd, quietLog, settled, startGame, world, type World } from './world.js';

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
    // Once in each list, and on the button that opens the panel of the one whose turn it is.
    expect(mine.match(new RegExp(`Mammut #${gameId}\\b`, 'g'))).toHaveLength(3);
    expect(mine).toContain(thread);

    await playToEnd(w, thread, users, { weight: (id) => (id.startsWith('rob') ? 0.1 : 1) });
    const board = await ask(0, 'leaderboard', { game: 'mammut' });
    expect(board).toContain('Provisional (fewer than 3 finished games)');
    for (const u of users) expect(board).toContain(u.name);
    expect(board).toMatch(/You: provisional, rating −?\d+\.\d after 1 game\./);
    expect(await ask(1, 'leaderboard', { game: 'mammut' })).toMatch(/Du: vorläufig, Wertung −?\d+,\d nach 1 Partie\./);
    expect(await ask(0, 'stats')).toMatch(/rating −?\d+\.\d \(across servers\); last games: [+−]\d+\.\d/);
    // The membership check behind "a server the player left is not shown", against the stand-in's REST API.
    const platform = discordPlatform(w.bot!.client, quietLog);
    expect(await platform.memberOf!(w.standIn.guild.id, users[0]!.id)).toBe(true);
    expect(await platform.memberOf!(w.standIn.guild.id, '1999999999999999999')).toBe(false);
    expect(await platform.memberOf!('1888888888888888888', users[0]!.id)).toBe(false);
    expect(await ask(0, 'stats')).toMatch(/Pace over 30 days: answers a turn in \d+ (min|hr)/);
    const after = await ask(0, 'games');
    expect(after).toContain('Your last results');
    expect(after).not.toContain('Waiting for you');
  });

  it('opens the panel of a game that waits for you from the games list, anywhere, and the choice is applied to the game', { timeout: 300_000 }, async () => {
    const users = [w.standIn.user('ada'), w.standIn.user('bruno')];
    const general = w.standIn.channelByName('general').id;
    const { gameId } = await startGame(w, 'mammut', users);
    // Whoever owes the first decision asks for their games in #general, not in the game's thread.
    let list: any = null, who = users[0]!;
    for (const u of users) {
      const out = await u.slash(general, 'campfire', { subcommand: 'games' });
      const open = components(out.message).find((c) => c.custom_id === `T|${gameId}|0|turn`);
      if (open) { list = out.message; who = u; break; }
    }
    expect(list).not.toBeNull();
    const before = (await dbState(w, gameId)).version;
    const panel = (await settled(w, await who.click(list.id, `T|${gameId}|0|turn`))).message;
    expect(((panel.flags ?? 0) & 64)).toBe(64);
    const choice = components(panel).find((c) => typeof c.custom_id === 'string' && c.custom_id.startsWith('C|') && !/Back|Zurück/.test(c.label ?? ''));
    const menu = components(panel).find((c) => c.type === 3 && String(c.custom_id).startsWith('M|'));
    if (choice) await settled(w, await who.click(panel.id, choice.custom_id));
    else await settled(w, await who.select(panel.id, menu!.custom_id, [menu!.options[0].value]));
    // The answer to the click came after the decision was committed: the game has moved on.
    expect((await dbState(w, gameId)).version).toBeGreaterThan(before);
  });
});

describe('coming back to a game through Discord', () => {
  let w: World;
  beforeAll(async () => {
    w = await world({ standIn: { users: [...DEFAULT_USERS, { username: 'emil', globalName: 'Emil', locale: 'de' }] } });
    await w.startInProcess();
  });
  afterAll(async () => w.close());

  it('GIVEN five players THEN after the other four moved, ada\'s panel and turn DM begin with what happened since her last move, beside the board outlining it', { timeout: 600_000 }, async () => {
    const users = ['ada', 'bruno', 'chloe', 'dieter', 'emil'].map((n) => w.standIn.user(n));
    const ada = users[0]!;
    const { thread } = await startGame(w, 'mammut', users);
    const movedSince = new Set<string>();
    let adaMoved = false;
    for (let turns = 0; turns < 80; turns++) {
      await idle(w);
      const { table, who } = owing(w, thread, users);
      expect(who, 'someone is pinged to move').toBeDefined();
      const turn = findButton(table, (id) => id.endsWith('|turn'))!;
      let panel = (await settled(w, await who!.click(table.id, turn))).message;
      const files = ((panel.attachments ?? []) as { filename: string }[]).map((a) => a.filename);
      if (who === ada && adaMoved && movedSince.size === 4) {
        const text = messageText(panel);
        expect(text).toContain('Since your last move:');
        const lines = text.split('\n').filter((l: string) => l.startsWith('· '));
        expect(lines.length).toBeGreaterThan(0);
        expect(lines.length).toBeLessThanOrEqual(RECAP_LINES);
        // Others' moves only, nothing of her own last one.
        expect(lines.some((l: string) => /Bruno|Chloe|Dieter|Emil/.test(l))).toBe(true);
        expect(files).toContain('since.png');
        // Her turn's DM says the same (it is her panel).
        expect(messageText(dms(w, ada.id).at(-1)!)).toContain('Since your last move:');
        return;
      }
      // Before her first move, or in the middle of a round: no board "since" (nothing of hers to count from).
      if (who === ada && !adaMoved) expect(files).not.toContain('since.png');
      while (!finished(panel)) panel = (await step(w, who!, panel)).message;
      if (who === ada) { adaMoved = true; movedSince.clear(); } else if (adaMoved) movedSince.add(who!.id);
    }
    throw new Error('ada was not handed the turn again after the other four moved');
  });
});

describe('Campfire installed to a user\'s account (global commands, as `npm run sandbox` and production register them)', () => {
  let w: World;
  beforeAll(async () => {
    w = await world({ commands: 'sandbox' });
    await w.startInProcess();
  });
  afterAll(async () => w.close());

    it('works where only the user installed Campfire: the inbox in a group DM opens the panel there; game commands say where they work', { timeout: 300_000 }, async () => {
    const users = [w.standIn.user('ada'), w.standIn.user('bruno')];
    const { gameId } = await startGame(w, 'mammut', users);
    // A group DM of the two, which the bot is not in: commands appear only once a user installed the app.
    const group = w.standIn.privateChannel(users.map((u) => u.id)).id;
    await expect(users[0]!.slash(group, 'campfire', { subcommand: 'games' })).rejects.toThrow(/not a registered command/);
    for (const u of users) w.standIn.installForUser(u.id);
    const refused = await users[0]!.slash(group, 'campfire', { subcommand: 'new', options: { game: 'mammut' } });
    expect(refused.ephemeral).toBe(true);
    expect(messageText(refused.message!)).toMatch(/not in this server or chat|nicht auf diesem Server/);
    const rec = [...w.standIn.interactions.values()].at(-1)!;
    expect(rec.payload).toMatchObject({ context: 2, authorizing_integration_owners: { 1: users[0]!.id } });
    let list: any = null, who = users[0]!;
    for (const u of users) {
      const out = await u.slash(group, 'campfire', { subcommand: 'games' });
      expect(out.ephemeral).toBe(true);
      if (components(out.message).some((c) => c.custom_id === `T|${gameId}|0|turn`)) { list = out.message; who = u; break; }
    }
    expect(list).not.toBeNull();
    const before = (await dbState(w, gameId)).version;
    const panel = (await settled(w, await who.click(list.id, `T|${gameId}|0|turn`))).message;
    expect(((panel.flags ?? 0) & 64)).toBe(64);
    const choice = components(panel).find((c) => typeof c.custom_id === 'string' && c.custom_id.startsWith('C|') && !/Back|Zurück/.test(c.label ?? ''));
    const menu = components(panel).find((c) => c.type === 3 && String(c.custom_id).startsWith('M|'));
    if (choice) await settled(w, await who.click(panel.id, choice.custom_id));
    else await settled(w, await who.select(panel.id, menu!.custom_id, [menu!.options[0].value]));
    expect((await dbState(w, gameId)).version).toBeGreaterThan(before);
    // Nothing of the game was posted in the group DM: its news goes to its own thread.
    expect(w.standIn.messagesIn(group).filter((m: any) => ((m.flags ?? 0) & 64) === 0)).toEqual([]);
  });
});
