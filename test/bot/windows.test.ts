/**
 * Reaction windows and "Sure?" through the bot, on a toy game whose played cards open a window ("anyone may react
 * now") for the other seats, and whose "burn" option carries `confirm`.
 */
import { describe, expect, it } from 'vitest';
import type { Decision, GameEngine, Seat } from '../../src/engine/types.js';
import type { GameModule } from '../../src/games/types.js';
import { makeId, parseId } from '../../src/bot/ids.js';
import { FakeDiscord, harness } from '../helpers/fake-discord.js';
import { toy, type ToyState, type ToyView } from '../helpers/toy-game.js';

type WState = ToyState & { window?: Seat[] };
const base = toy.engine as unknown as GameEngine<WState, ToyView>;

/** The toy game, with a window after every played card, asked of every other seat at once. */
const windowed: GameModule<WState, ToyView> = {
  ...(toy as unknown as GameModule<WState, ToyView>),
  ui: { ...(toy as unknown as GameModule<WState, ToyView>).ui, windows: [{ key: 'toyw.window', name: { key: 'toyw.window' } }] },
  engine: {
    ...base,
    id: 'toy-window',
    messages: {
      en: { ...base.messages.en, 'toyw.window': 'After the card', 'toyw.react': 'React', 'toyw.burn': 'Burn your hand', 'toyw.burn_sure': 'Your cards are gone for good.' },
      de: { ...base.messages.de, 'toyw.window': 'Nach der Karte', 'toyw.react': 'Reagieren', 'toyw.burn': 'Hand verbrennen', 'toyw.burn_sure': 'Deine Karten sind für immer weg.' },
    },
    decisions(s) {
      if (s.window?.length) {
        return s.window.map((seat): Decision => ({ seat, prompt: { key: 'toy.prompt' }, window: { key: 'toyw.window' }, defaultOption: 'pass', options: [{ id: 'react', label: { key: 'toyw.react' } }, { id: 'pass', label: { key: 'common.pass' }, role: 'pass' }] }));
      }
      return base.decisions(s).map((d) => ({ ...d, options: [...d.options, { id: 'burn', label: { key: 'toyw.burn' }, confirm: { key: 'toyw.burn_sure' } }] }));
    },
    perform(s, seat, option) {
      if (s.window?.length) {
        s.window = s.window.filter((x) => x !== seat);
        return { events: [], revealed: false };
      }
      if (option.id === 'burn') return base.perform(s, seat, { id: 'pass', label: { key: 'common.pass' } });
      const r = base.perform(s, seat, option);
      if (option.id !== 'pass' && s.moves < s.rounds * s.hands.length) s.window = s.hands.map((_, i) => i).filter((i) => i !== seat);
      return r;
    },
  },
};

type H = ReturnType<typeof harness>;
const ann = { id: 'u-ann', name: 'Ann' }, bob = { id: 'u-bob', name: 'Bob' }, cat = { id: 'u-cat', name: 'Cat' };
const users = [ann, bob, cat];

async function started(h: H) {
  await h.bot.handle(h.discord.ix(ann, 'chan', { command: { sub: 'new', options: { game: 'toy-window' } } }));
  const gameId = parseId(FakeDiscord.ids(h.discord.last('reply').msg)[0])!.gameId;
  for (const u of [bob, cat]) await h.bot.handle(h.discord.ix(u, 'chan', { customId: makeId('L', gameId, 0, 'join') }));
  await h.bot.handle(h.discord.ix(ann, 'chan', { customId: makeId('L', gameId, 0, 'start') }));
  await h.bot.settle();
  return { gameId, thread: (await h.repo.game(gameId))!.thread_id! };
}
const tablePosts = (h: H) => h.discord.sent.filter((s) => s.kind === 'post' && s.msg.files?.some((f) => f.name === 'table.png'));
const dmsTo = (h: H, u: { id: string }) => h.discord.sent.filter((s) => s.kind === 'dm' && s.to === u.id);

describe('reaction windows', () => {
  it('GIVEN a card opens a window for two seats THEN one table names the window and pings nobody, the two hear of it by DM, their answers redraw it in place, and the next person gets the next post', async () => {
    const h = harness(windowed);
    const { gameId, thread } = await started(h);
    const g = (await h.repo.game(gameId))!;
    const d = (await h.service.decisions(g))[0]!;
    const seats = await h.service.seats(gameId);
    const mover = users.find((u) => u.id === seats[d.seat]!.user_id)!;
    const others = users.filter((u) => u !== mover);
    const card = d.options.find((o) => o.id.startsWith('play.'))!.id;
    const posts0 = tablePosts(h).length;
    const dms0 = others.map((u) => dmsTo(h, u).length);
    await h.bot.handle(h.discord.ix(mover, thread, { customId: makeId('C', gameId, g.version, card), message: 'ephemeral' }));
    await h.bot.settle();
    const opened = tablePosts(h).slice(posts0);
    expect(opened).toHaveLength(1);
    expect(opened[0]!.msg.content).toMatch(/After the card: whoever may act now has been asked privately/);
    // Nobody is pinged in public, and the table does not say who was asked.
    expect(opened[0]!.msg.mentionUsers ?? []).toEqual([]);
    for (const u of others) expect(String(opened[0]!.msg.content)).not.toContain(`<@${u.id}>`);
    others.forEach((u, i) => expect(dmsTo(h, u).length - dms0[i]!).toBe(1));
    // The first answer redraws the table in place; the last closes the window: the next person gets one post.
    for (const [i, u] of others.entries()) {
      const now = (await h.repo.game(gameId))!;
      await h.bot.handle(h.discord.ix(u, thread, { customId: makeId('C', gameId, now.version, 'pass'), message: 'ephemeral' }));
      await h.bot.settle();
      expect(tablePosts(h).length - posts0).toBe(i === others.length - 1 ? 2 : 1);
    }
    const next = tablePosts(h).at(-1)!;
    expect((next.msg.mentionUsers ?? []).length).toBe(1);
    expect(String(next.msg.content)).not.toMatch(/After the card/);
    // No second DM for anyone in the window.
    others.forEach((u, i) => expect(dmsTo(h, u).length - dms0[i]!).toBeLessThanOrEqual(2));
  });
});

/** The same, but only the first seat to react may: a reaction takes the others' away (as Tal's first Wind shaman does). */
type OState = WState & { reacted?: boolean };
const once: GameModule<OState, ToyView> = {
  ...(windowed as unknown as GameModule<OState, ToyView>),
  engine: {
    ...(windowed.engine as unknown as GameEngine<OState, ToyView>),
    id: 'toy-window-once',
    decisions(s) {
      const ds = (windowed.engine as unknown as GameEngine<OState, ToyView>).decisions(s);
      return s.window?.length && s.reacted ? ds.map((d) => ({ ...d, options: d.options.filter((o) => o.id !== 'react') })) : ds;
    },
    perform(s, seat, option) {
      if (s.window?.length && option.id === 'react') s.reacted = true;
      const r = (windowed.engine as unknown as GameEngine<OState, ToyView>).perform(s, seat, option);
      if (!s.window?.length) s.reacted = false;
      return r;
    },
  },
};

describe('a seat whose card is taken away in a window', () => {
  it('GIVEN two seats asked, one reacts and the other\'s choice is gone THEN the other passes by itself later, and the game goes on', async () => {
    const h = harness(once);
    await h.bot.handle(h.discord.ix(ann, 'chan', { command: { sub: 'new', options: { game: 'toy-window-once' } } }));
    const gameId = parseId(FakeDiscord.ids(h.discord.last('reply').msg)[0])!.gameId;
    for (const u of [bob, cat]) await h.bot.handle(h.discord.ix(u, 'chan', { customId: makeId('L', gameId, 0, 'join') }));
    await h.bot.handle(h.discord.ix(ann, 'chan', { customId: makeId('L', gameId, 0, 'start') }));
    await h.bot.settle();
    const thread = (await h.repo.game(gameId))!.thread_id!;
    const seats = await h.service.seats(gameId);
    const userOf = (seat: number) => users.find((u) => u.id === seats[seat]!.user_id)!;
    let g = (await h.repo.game(gameId))!;
    const d = (await h.service.decisions(g))[0]!;
    await h.bot.handle(h.discord.ix(userOf(d.seat), thread, { customId: makeId('C', gameId, g.version, d.options.find((o) => o.id.startsWith('play.'))!.id), message: 'ephemeral' }));
    await h.bot.settle();
    g = (await h.repo.game(gameId))!;
    const asked = (await h.service.decisions(g)).filter((x) => x.window);
    expect(asked).toHaveLength(2);
    // The first reacts: the second's "React" is gone, it holds only pass now.
    await h.bot.handle(h.discord.ix(userOf(asked[0]!.seat), thread, { customId: makeId('C', gameId, g.version, 'react'), message: 'ephemeral' }));
    await h.bot.settle();
    const left = (await h.service.decisions((await h.repo.game(gameId))!)).filter((x) => x.window);
    expect(left.map((x) => x.seat)).toEqual([asked[1]!.seat]);
    expect(left[0]!.options.every((o) => o.role === 'pass')).toBe(true);
    // It passes by itself after a while (before the fix it waited for nobody: the game stood still).
    h.advance(3 * 3_600_000);
    await h.bot.settle();
    const decided = await h.repo.decisions(gameId);
    expect(decided.filter((x) => x.seat === asked[1]!.seat && x.user_id === 'auto')).toHaveLength(1);
    expect((await h.service.decisions((await h.repo.game(gameId))!)).some((x) => x.window)).toBe(false);
  });
});

describe('standing answers', () => {
  it('GIVEN Bob always passes in this window THEN a card that opens it asks only Cat; Bob, unasked, passes by himself later; asked again, he is asked', async () => {
    const h = harness(windowed);
    const { gameId, thread } = await started(h);
    const seats = await h.service.seats(gameId);
    const settings = async (u: typeof bob, options: Record<string, string>) => {
      await h.bot.handle(h.discord.ix(u, 'chan', { command: { sub: 'settings', options } }));
      return String(h.discord.last('reply').msg.content);
    };
    expect(await settings(bob, { always_pass: 'toy-window:toyw.window' })).toMatch(/You always pass, without being asked: Toy: After the card\./);
    // A card is played by whoever moves first (not Bob: then the window would not ask him).
    const playCard = async () => {
      const g = (await h.repo.game(gameId))!;
      const d = (await h.service.decisions(g))[0]!;
      const mover = users.find((u) => u.id === seats[d.seat]!.user_id)!;
      await h.bot.handle(h.discord.ix(mover, thread, { customId: makeId('C', gameId, g.version, d.options.find((o) => o.id.startsWith('play.'))!.id), message: 'ephemeral' }));
      await h.bot.settle();
      return mover;
    };
    let mover = await playCard();
    while (mover === bob) {
      // Bob's own card: the window asks the others; both answer and the turn moves on.
      for (const u of users.filter((x) => x !== bob)) {
        const now = (await h.repo.game(gameId))!;
        if ((await h.service.decisions(now)).some((d) => d.seat === seats.find((p) => p.user_id === u.id)!.seat)) await h.bot.handle(h.discord.ix(u, thread, { customId: makeId('C', gameId, now.version, 'pass'), message: 'ephemeral' }));
        await h.bot.settle();
      }
      mover = await playCard();
    }
    const bobSeat = seats.find((p) => p.user_id === bob.id)!.seat!;
    const dmsBob = dmsTo(h, bob).length;
    // The window is open for Bob too (he holds a choice), but he is neither DMed nor counted as owing.
    expect((await h.service.decisions((await h.repo.game(gameId))!)).some((d) => d.seat === bobSeat && d.window)).toBe(true);
    expect(dmsTo(h, bob).length).toBe(dmsBob);
    // Later, he passes by himself, recorded as 'auto' (not his own move, not the table's skip).
    h.advance(3 * 3_600_000);
    await h.bot.settle();
    const decided = await h.repo.decisions(gameId);
    expect(decided.filter((d) => d.seat === bobSeat && d.user_id === 'auto').length).toBe(1);
    expect((await h.service.decisions((await h.repo.game(gameId))!)).some((d) => d.seat === bobSeat && d.window)).toBe(false);
    expect(dmsTo(h, bob).length).toBe(dmsBob);
    // Asked again: the next window asks him.
    expect(await settings(bob, { ask_again: 'all' })).toMatch(/You are asked in every moment to play cards in/);
  });
});

describe('confirm the irreversible', () => {
  it('GIVEN an option that carries confirm THEN the panel asks "Sure?" first, Back changes nothing, and Yes chooses it', async () => {
    const h = harness(windowed);
    const { gameId, thread } = await started(h);
    const g = (await h.repo.game(gameId))!;
    const d = (await h.service.decisions(g))[0]!;
    const seats = await h.service.seats(gameId);
    const mover = users.find((u) => u.id === seats[d.seat]!.user_id)!;
    await h.bot.handle(h.discord.ix(mover, thread, { customId: makeId('C', gameId, g.version, 'burn'), message: 'ephemeral' }));
    const sure = h.discord.last('update').msg;
    expect(sure.content).toMatch(/Burn your hand\*\*\nSure\? Your cards are gone for good\./);
    expect((await h.repo.game(gameId))!.version).toBe(g.version);
    const ids = FakeDiscord.ids(sure);
    expect(ids).toContain(makeId('S', gameId, g.version, 'burn'));
    await h.bot.handle(h.discord.ix(mover, thread, { customId: ids.find((id) => id.startsWith('T|'))!, message: 'ephemeral' }));
    expect((await h.repo.game(gameId))!.version).toBe(g.version);
    await h.bot.handle(h.discord.ix(mover, thread, { customId: makeId('S', gameId, g.version, 'burn'), message: 'ephemeral' }));
    expect((await h.repo.game(gameId))!.version).toBe(g.version + 1);
  });
});
