/**
 * The log pages by whole rounds: a page never holds part of one round and part of the next, a long round is split
 * where its phase changes, and the reader goes to the first, previous, next or last page, or jumps to a round.
 */
import { describe, expect, it } from 'vitest';
import { makeId, parseId } from '../../src/bot/ids.js';
import { LOG_PAGE_LINES, logPages, type LogLine } from '../../src/bot/log-page.js';
import type { OutMessage } from '../../src/bot/platform.js';
import { getGame } from '../../src/games/all.js';
import { validateMessageBody } from '../../src/standin/limits.js';
import { FakeDiscord, harness } from '../helpers/fake-discord.js';

const lines = (round: number, spec: [string, number][]): LogLine[] =>
  spec.flatMap(([stage, n]) => Array.from({ length: n }, (_, i) => ({ round, stage: `Round ${round} · ${stage}`, text: `${stage} line ${i + 1}` })));

describe('the log\'s pages', () => {
  it('GIVEN three short rounds THEN each is a page of its own, whole', () => {
    const log = [...lines(1, [['a', 5], ['b', 4]]), ...lines(2, [['a', 6]]), ...lines(3, [['a', 3]])];
    expect(logPages(log).map((p) => [p.from, p.to, p.round, p.parts])).toEqual([[0, 9, 1, 1], [9, 15, 2, 1], [15, 18, 3, 1]]);
  });

  it('GIVEN a round longer than a page THEN it is split where its phase changes, never between two rounds', () => {
    const log = [...lines(1, [['placing', 20], ['moving', 20], ['fights', 8]]), ...lines(2, [['placing', 4]])];
    const pages = logPages(log);
    expect(pages.map((p) => [p.from, p.to, p.round, p.part, p.parts])).toEqual([[0, 20, 1, 1, 2], [20, 48, 1, 2, 2], [48, 52, 2, 1, 1]]);
    for (const p of pages) expect(new Set(log.slice(p.from, p.to).map((l) => l.round)).size).toBe(1);
  });

  it('GIVEN one phase longer than a page THEN it runs over several pages of at most a page\'s lines each, headings counted', () => {
    const log = lines(4, [['survival', 70]]);
    const pages = logPages(log);
    expect(pages.map((p) => p.to - p.from)).toEqual([LOG_PAGE_LINES - 1, LOG_PAGE_LINES - 1, 70 - 2 * (LOG_PAGE_LINES - 1)]);
    expect(pages[0]!.from).toBe(0);
    expect(pages.at(-1)!.to).toBe(70);
  });

  it('GIVEN an empty log THEN one empty page', () => {
    expect(logPages([])).toEqual([{ from: 0, to: 0, round: null, part: 1, parts: 1 }]);
  });
});

describe('/campfire log over a whole game', () => {
  const ann = { id: 'u-ann', name: 'Ann' };
  const bob = { id: 'u-bob', name: 'Bob' };
  const cy = { id: 'u-cy', name: 'Cy' };

  it('GIVEN a finished 3-player Mammut game THEN every page holds whole rounds in order, the pages hold the whole log, and first/last and the round menu reach every round', async () => {
    const h = harness(getGame('mammut')!, { seed: 'log-paging' });
    await h.bot.handle(h.discord.ix(ann, 'chan', { command: { sub: 'new', options: { game: 'mammut' } } }));
    const gameId = parseId(FakeDiscord.ids(h.discord.last('reply').msg)[0])!.gameId;
    for (const u of [bob, cy]) await h.bot.handle(h.discord.ix(u, 'chan', { customId: makeId('L', gameId, 0, 'join') }));
    await h.bot.handle(h.discord.ix(ann, 'chan', { customId: makeId('L', gameId, 0, 'start') }));
    await h.bot.settle();
    const thread = (await h.repo.game(gameId))!.thread_id!;
    const users = [ann, bob, cy];
    for (let i = 0; i < 400; i++) {
      const g = (await h.repo.game(gameId))!;
      const d = (await h.service.decisions(g))[0];
      if (!d) break;
      const option = d.options.find((o) => o.role !== 'back' && o.role !== 'pass')?.id ?? d.options[0]!.id;
      await h.bot.handle(h.discord.ix(users[(await h.service.seats(gameId))[d.seat]!.joined - 1]!, thread, { customId: makeId('C', gameId, g.version, option) }));
    }
    expect((await h.repo.game(gameId))!.status).toBe('finished');

    const read = async (init: object): Promise<{ msg: OutMessage; text: string; page: number; pages: number }> => {
      await h.bot.handle(h.discord.ix(ann, thread, init));
      const sent = h.discord.sent.filter((s) => s.kind === 'reply' || s.kind === 'update').at(-1)!;
      const embed = (sent.msg.embeds as { title: string; description: string }[])[0]!;
      const [, page, pages] = embed.title.match(/page (\d+)\/(\d+)/)!.map(Number);
      return { msg: sent.msg, text: embed.description, page: page!, pages: pages! };
    };
    const newest = await read({ command: { sub: 'log', options: {} } });
    expect(newest.page).toBe(newest.pages);
    const roundsOn = (text: string) => [...new Set([...text.matchAll(/^\*\*Round (\d+)/gm)].map((m) => Number(m[1])))];
    const all: string[] = [];
    let lastRound = 0;
    for (let p = 1; p <= newest.pages; p++) {
      const { text, msg } = await read({ command: { sub: 'log', options: { page: p } } });
      const rounds = roundsOn(text);
      expect(rounds.length, `page ${p} holds one round: ${rounds.join(', ')}`).toBe(1);
      expect(rounds[0]!).toBeGreaterThanOrEqual(lastRound);
      lastRound = rounds[0]!;
      all.push(...text.split('\n').filter((l) => l.startsWith('· ')));
      expect(() => validateMessageBody(msg as never, [], { creating: true }), `page ${p} is a valid Discord message`).not.toThrow();
      const ids = FakeDiscord.ids(msg);
      expect(new Set(ids).size).toBe(ids.length);
      if (p > 2) expect(ids).toContain(makeId('T', gameId, 0, 'log.0'));
      if (p < newest.pages - 1) expect(ids).toContain(makeId('T', gameId, 0, `log.${newest.pages - 1}`));
    }
    expect(lastRound).toBe(5);
    expect(all.length).toBe((await h.cf.views.log(gameId, ann.id)).length);

    // The round menu lists rounds 1 to 5; choosing round 3 shows its first page.
    const menu = (newest.msg.components as { components: { type: number; custom_id: string; options?: { label: string; value: string }[] }[] }[])
      .flatMap((r) => r.components).find((c) => c.type === 3)!;
    expect(menu.custom_id).toBe(makeId('T', gameId, 0, 'log.round'));
    const round3 = menu.options!.find((o) => o.label.startsWith('Round 3'))!;
    expect(menu.options!.map((o) => Number(o.label.match(/Round (\d+)/)![1]))).toEqual([1, 2, 3, 4, 5]);
    const jumped = await read({ customId: menu.custom_id, values: [round3.value], message: 'ephemeral' });
    expect(roundsOn(jumped.text)).toEqual([3]);
    expect(jumped.text.split('\n')[0]).toMatch(/^\*\*Round 3/);
  });
});
