/**
 * Greyed-out choices through the real discord.js client and the strict stand-in: a decision that lists what the seat
 * cannot choose now (`Decision.unavailable`) shows it as disabled buttons on the private panel, which Discord accepts
 * and which nobody can click.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../src/games/all.js';
import { parseId } from '../../src/bot/ids.js';
import type { GameEngine } from '../../src/engine/types.js';
import { registerGame } from '../../src/games/registry.js';
import type { GameModule } from '../../src/games/types.js';
import { StandInRefusal } from '../../src/standin/index.js';
import { toy, type ToyState, type ToyView } from '../helpers/toy-game.js';
import { components, findButton, latestTable, mentioned, settled, startGame, world, type World } from './world.js';

/** The toy game, where the card 99 is always in view but too cold to play. */
const engine: GameEngine<ToyState, ToyView> = {
  ...toy.engine,
  id: 'toycold',
  name: 'Toy Cold',
  messages: { en: { ...toy.engine.messages.en, 'toy.cold': 'frozen solid' }, de: { ...toy.engine.messages.de, 'toy.cold': 'steinhart gefroren' } },
  decisions: (s) => toy.engine.decisions(s).map((d) => ({ ...d, unavailable: [{ label: { key: 'toy.card', args: { n: 99 } }, reason: { key: 'toy.cold' } }] })),
};
registerGame({ ...toy, engine } as GameModule);

describe('greyed-out choices through Discord', () => {
  let w: World;
  beforeAll(async () => {
    // The bot's render workers know only the real games: this one is drawn in the bot's own thread.
    process.env.PICTURES_INLINE = '1';
    w = await world();
    await w.startInProcess();
  }, 60_000);
  afterAll(async () => {
    delete process.env.PICTURES_INLINE;
    await w.close();
  });

  it('GIVEN a card that cannot be played now THEN the panel shows it disabled with its reason, and a click on it never reaches the bot', { timeout: 60_000 }, async () => {
    const users = [w.standIn.user('ada'), w.standIn.user('bruno')];
    const { thread } = await startGame(w, 'toycold', users);
    const table = latestTable(w, thread)!;
    const who = users.find((u) => mentioned(table).includes(u.id))!;
    const panel = (await settled(w, await who.click(table.id, findButton(table, (id) => id.endsWith('|turn'))!))).message!;
    const grey = components(panel).filter((c) => parseId(c.custom_id)?.kind === 'X');
    expect(grey.map((c) => [c.label, c.disabled, c.style])).toEqual([[/^de/.test(who.locale) ? 'Karte 99 — steinhart gefroren' : 'Card 99 — frozen solid', true, 2]]);
    expect(components(panel).some((c) => parseId(c.custom_id)?.kind === 'M')).toBe(true);
    await expect(who.click(panel.id, grey[0]!.custom_id)).rejects.toBeInstanceOf(StandInRefusal);
  });
});
