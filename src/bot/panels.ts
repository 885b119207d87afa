/** What one seat sees privately: its panel (hand, prompt, exactly its options), its hand, its log. */
import type { Locale } from '../engine/i18n.js';
import type { SeatView } from '../service/views.js';
import type { GameRow } from '../store/repo.js';
import { type BotContext, must, tr } from './context.js';
import { makeId } from './ids.js';
import type { OutMessage } from './platform.js';
import { button, clip, fitContent, panelComponents, row, safeName, unavailableLines } from './present.js';

/** The private panel of a seat: its hand picture, the prompt and exactly its options. */
export async function panel(c: BotContext, v: SeatView, locale: Locale, page = 0, lead?: string): Promise<OutMessage> {
  const t = await tr(c, locale, v.game, v.names);
  const ctx = { t, names: v.names.map(safeName) };
  const hand = await c.pictures.hand(v.module, v.view, v.seat, locale, v.names);
  const owes = v.decision && !v.replaced;
  // Where the options name places (hexes, tiles, regions), the map around them comes first, labelled as they are.
  const choice = owes ? await c.pictures.choice(v.module, v.view, v.decision!, locale, v.names) : null;
  // Coming back to the game: what the others did since this seat's own last move, in a few lines and on the board
  // (the glance, with what changed since that move outlined).
  const recap = owes ? await c.cf.views.recap(v.game.id, v.seat) : null;
  const board = recap?.since ? await c.pictures.glance(v.module, v.board, recap.since, locale, v.names) : null;
  const files = [
    ...(choice ? [{ name: 'choice.png', data: choice }] : []),
    ...(board ? [{ name: 'since.png', data: board }] : []),
    ...(hand ? [{ name: 'hand.png', data: hand }] : []),
  ];
  const lines = lead ? [lead] : [];
  if (v.replaced) {
    lines.push(t({ key: 'panel.replaced' }));
    return { content: fitContent(lines), components: [row(button(makeId('R', v.game.id, 0, 'reclaim'), t({ key: 'panel.reclaim' }), 'primary'))], files };
  }
  if (!v.decision) {
    lines.push(t({ key: 'panel.nothing_owed', args: { status: v.module.ui.status(v.view, ctx) } }));
    return { content: fitContent(lines), components: [], files };
  }
  if (recap && recap.events.length > 0) {
    lines.push(`**${t({ key: 'panel.since' })}**`);
    lines.push(...recap.events.map((e) => `· ${clip(t(e.msg), 300)}`));
    if (recap.more > 0) lines.push(t({ key: 'panel.since_more', args: { n: recap.more } }));
  }
  lines.push(t({ key: 'panel.prompt_for', args: { prompt: v.decision.prompt } }));
  const { components, unavailableAsText } = panelComponents(v.decision, v.game.id, v.game.version, t, page);
  // What cannot be chosen now is greyed out among the buttons, or listed here when the buttons have no room.
  if (unavailableAsText) lines.push(...unavailableLines(v.decision, t));
  return { content: fitContent(lines), components, files };
}

/** The panel of the user in a game (or why they have none). */
export async function panelOf(c: BotContext, gameId: number, userId: string, locale: Locale, page = 0, lead?: string): Promise<OutMessage> {
  return panel(c, must(await c.cf.views.seat(gameId, userId)).value, locale, page, lead);
}

export async function hand(c: BotContext, g: GameRow, userId: string, locale: Locale): Promise<OutMessage> {
  const v = must(await c.cf.views.seat(g.id, userId)).value;
  const ctx = { t: await tr(c, locale, g, v.names), names: v.names.map(safeName) };
  const png = await c.pictures.hand(v.module, v.view, v.seat, locale, v.names);
  return { content: v.module.ui.status(v.view, ctx), files: png ? [{ name: 'hand.png', data: png }] : [] };
}

// The log pages by whole rounds: `log-page.ts`.
export { logPage } from './log-page.js';
