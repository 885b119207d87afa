/**
 * Display names are the players' own words: wherever the bot writes one (the table's status line, its log, the
 * lobby, panels and DMs) it shows as typed — no Markdown, no masked link, no mention of a role, user or everyone.
 */
import { expect, it } from 'vitest';
import '../../src/games/all.js';
import { makeId, parseId } from '../../src/bot/ids.js';
import { safeName } from '../../src/bot/present.js';
import { getGame } from '../../src/games/registry.js';
import { FakeDiscord, harness } from '../helpers/fake-discord.js';

const hostile = ['**Ann** [x](https://e.io)', '# Bob <@&42> @everyone'];
const raw = [/\*\*Ann\*\*/, /(?<!\\)\[x\]\(https/, /<@&42>/, /@everyone/, /^# Bob/m];

it('GIVEN players whose names carry Markdown, a masked link and mentions THEN no text the bot sends renders them', async () => {
  const h = harness(getGame('mammut')!, { seed: 'names' });
  const [ann, bob] = [{ id: 'u-ann', name: hostile[0]! }, { id: 'u-bob', name: hostile[1]! }];
  await h.bot.handle(h.discord.ix(ann, 'chan', { command: { sub: 'new', options: { game: 'mammut' } } }));
  const gameId = parseId(FakeDiscord.ids(h.discord.last('reply').msg)[0])!.gameId;
  await h.bot.handle(h.discord.ix(bob, 'chan', { customId: makeId('L', gameId, 0, 'join') }));
  await h.bot.handle(h.discord.ix(ann, 'chan', { customId: makeId('L', gameId, 0, 'start') }));
  await h.bot.settle();
  const g = (await h.repo.game(gameId))!;
  for (const u of [ann, bob]) await h.bot.handle(h.discord.ix(u, g.thread_id!, { customId: makeId('T', gameId, g.version, 'turn'), message: 'public' }));
  const table = h.discord.sent.find((s) => s.kind === 'post' && s.msg.files?.some((f) => f.name === 'table.png'))!;
  expect(table).toBeDefined();
  // The status line names the seat to act.
  expect(table.msg.content).toMatch(/\\\*\\\*Ann\\\*\\\*|# Bob|\\# Bob/);
  for (const s of h.discord.sent) {
    const text = [s.msg.content ?? '', JSON.stringify(s.msg.embeds ?? [])].join('\n');
    for (const r of raw) expect(text, `${s.kind} to ${s.to}: ${text}`).not.toMatch(r);
  }
});

it('GIVEN a name THEN the one helper escapes Markdown, headings, lists and masked links and breaks mentions', () => {
  expect(safeName('[x](https://evil.example)')).toBe('\\[x](https://evil.example)');
  expect(safeName('# Bob')).toBe('\\# Bob');
  expect(safeName('- Bob')).toBe('\\- Bob');
  expect(safeName('<@&42> @here')).toBe('<\u200b@&42> @\u200bhere');
});
