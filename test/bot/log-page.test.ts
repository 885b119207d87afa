/** `/campfire log` reads by round and phase, never by the store's internal version numbers. */
import { describe, expect, it } from 'vitest';
import { makeId, parseId } from '../../src/bot/ids.js';
import { getGame } from '../../src/games/all.js';
import { FakeDiscord, harness } from '../helpers/fake-discord.js';

const ann = { id: 'u-ann', name: 'Ann' };
const bob = { id: 'u-bob', name: 'Bob' };

describe('the log page', () => {
  it('GIVEN a Mammut game a few decisions in THEN the log has a "Round 1 · …" heading and no version numbers', async () => {
    const h = harness(getGame('mammut')!);
    await h.bot.handle(h.discord.ix(ann, 'chan', { command: { sub: 'new', options: { game: 'mammut' } } }));
    const gameId = parseId(FakeDiscord.ids(h.discord.last('reply').msg)[0])!.gameId;
    await h.bot.handle(h.discord.ix(bob, 'chan', { customId: makeId('L', gameId, 0, 'join') }));
    await h.bot.handle(h.discord.ix(ann, 'chan', { customId: makeId('L', gameId, 0, 'start') }));
    await h.bot.settle();
    const thread = (await h.repo.game(gameId))!.thread_id!;
    const users = [ann, bob];
    for (let i = 0; i < 8; i++) {
      const g = (await h.repo.game(gameId))!;
      const d = (await h.service.decisions(g))[0]!;
      const option = d.options.find((o) => o.role !== 'back')!.id;
      await h.bot.handle(h.discord.ix(users[(await h.service.seats(gameId))[d.seat]!.joined - 1]!, thread, { customId: makeId('C', gameId, g.version, option) }));
    }
    await h.bot.handle(h.discord.ix(ann, thread, { command: { sub: 'log', options: {} } }));
    const text = (h.discord.last('reply').msg.embeds as { description: string }[])[0]!.description;
    expect(text.split('\n')[0]).toBe('**Round 1 · sharing the loot**');
    expect(text).toMatch(/^· Ann|^· Bob/m);
    expect(text).not.toMatch(/`\d+`/);
  });
});
