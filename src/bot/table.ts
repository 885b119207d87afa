/** The public table post: the board, what happened since the last one, who must act and by when. */
import type { TableView } from '../service/views.js';
import { tr, type BotContext } from './context.js';
import type { OutMessage } from './platform.js';
import { fitContent, resultLines, safeName, tableButtons } from './present.js';

/** The table post's container colour: the campfire's. */
export const TABLE_ACCENT = 0xd9822b;

const ts = (ms: number, style = 'R') => `<t:${Math.floor(ms / 1000)}:${style}>`;

/**
 * The table post. It pings the people who must act (`ping`, default all of them); an edit in place pings nobody. A
 * reaction window open now is named, never who was asked (they hear of it privately).
 */
export async function tableMessage(c: BotContext, v: TableView, ping = true): Promise<OutMessage> {
  const t = await tr(c, v.locale, v.game, v.names);
  const names = v.names.map(safeName);
  // The post's picture is the glance, made for the box Discord shows inline (≈550×350); the full table is one click
  // away ("Full table", privately). Named table.png: it is the table as the thread shows it. What changed since the
  // previous table is outlined on it.
  const png = await c.pictures.glance(v.module, v.view, v.since, v.locale, v.names);
  const lines: string[] = [];
  if (v.recent.length) lines.push(`**${t({ key: 'table.round_log' })}**`, ...v.recent.map((e) => `• ${t(e.msg)}`), '');
  lines.push(v.module.ui.status(v.view, { t, names }));
  if (v.outcome) {
    // The result's summary lines that the post's "What happened" lines already tell (Mammut's final scoring) are not
    // said twice.
    const told = v.recent.map((e) => t(e.msg));
    const result = resultLines(v.outcome, names, t);
    const summary = new Set((v.outcome.summary ?? []).map((msg) => t(msg)).filter((line) => told.some((r) => r.includes(line))));
    lines.push('', ...result.filter((line) => !summary.has(line)));
  }
  else if (v.waitingOn.length) {
    lines.push(t({ key: 'table.your_move', args: { players: v.waitingOn.map((p) => `<@${p.userId}>`).join(', ') } }));
    for (const p of v.waitingOn) {
      if (p.awayUntil !== null) lines.push(t({ key: 'table.on_vacation', args: { name: safeName(p.name), when: ts(p.awayUntil) } }));
      else if (p.due !== null) lines.push(t({ key: 'table.deadline', args: { name: safeName(p.name), when: ts(p.due) } }));
    }
  } else if (v.computersOwing.length) lines.push(t({ key: 'table.waiting_for', args: { players: v.computersOwing.map(safeName).join(', ') } }));
  if (v.window && !v.outcome) lines.push(t({ key: 'table.window', args: { window: t(v.window) } }));
  return {
    // Components V2: the lines and the ping in a text display, the glance in a media gallery, the buttons below.
    layout: 'container',
    accent: TABLE_ACCENT,
    content: fitContent(lines),
    files: [{ name: 'table.png', data: png }],
    components: tableButtons(v.game.id, v.game.version, t, !v.outcome),
    mentionUsers: v.outcome || !ping ? [] : v.waitingOn.map((p) => p.userId),
  };
}
