/**
 * The Tal's glance picture (the table post's first picture, for Discord's inline box): the whole map at a size whose
 * hex numbers and counts read at 550 px, who acts in which stage, each tribe's food, camps and people, the event (what
 * happened is the post's text, not the picture's). Hexes that changed since the previous table are outlined. Drawn from views only.
 */
import { lineCount, makeCanvas, paragraph } from '../../render/canvas.js';
import { GLANCE_BG, GLANCE_H, GLANCE_INK, GLANCE_SOFT, GLANCE_W, changedKey, drawBand, drawPlayerTable, glancePng } from '../../render/glance.js';
import type { GlanceContext, RenderContext } from '../types.js';
import { changedHexes, drawGlanceMap } from './glance-map.js';
import type { TalView } from './state.js';

const SQ3 = Math.sqrt(3);
const nameOf = (rc: RenderContext, seat: number): string => rc.names[seat] ?? `#${seat + 1}`;

function band(v: TalView, rc: RenderContext): { seat: number | null; doing: string; where: string } {
  const t = rc.t;
  const where = t({ key: 'tal.glance.where', args: { season: { key: `tal.season.${v.season}` }, k: v.roundInSeason, len: v.seasonLength, n: v.round } });
  if (v.endedBy) {
    const key = v.endedBy === 'victory' ? 'tal.end.victory' : v.endedBy === 'all_lost' ? 'tal.end.allLost' : 'tal.end.cap';
    return { seat: v.winners.length === 1 ? v.winners[0]! : null, doing: t({ key, args: { p: v.winners.map((seat) => ({ seat })), n: v.round } }), where };
  }
  const who = v.acting.map((s) => nameOf(rc, s)).join(', ');
  const stage = t({ key: `tal.stage.${v.stage}` });
  return { seat: v.acting.length === 1 ? v.acting[0]! : null, doing: who ? t({ key: 'tal.glance.doing', args: { who, stage } }) : stage, where };
}

export function renderGlance(v: TalView, rc: GlanceContext<TalView>): Buffer {
  const t = rc.t;
  const { canvas, ctx: g } = makeCanvas(GLANCE_W, GLANCE_H, GLANCE_BG);
  const top = drawBand(g, band(v, rc));
  // the whole map: 7 hexes high (7·√3·R), 11 radii wide
  const R = Math.floor((GLANCE_H - top - 12) / (7 * SQ3));
  const changed = changedHexes(v, rc.previous);
  drawGlanceMap(g, v, rc, { x: 8 + 5.5 * R, y: top + 6 + 3.5 * SQ3 * R, R }, { changed });

  // the tribes, the event, the account, on the right
  const rx = 11 * R + 26, rw = GLANCE_W - rx - 12;
  const prev = rc.previous;
  const rows = v.tribes.map((tr, seat) => ({
    seat, name: nameOf(rc, seat), acting: v.acting.includes(seat),
    cells: [String(tr.food), String(tr.camps), tr.status === 'out' ? t({ key: 'tal.glance.out' }) : `${tr.warriors}·${tr.women}`],
    changed: !!prev && prev.players === v.players && (prev.tribes[seat]!.food !== tr.food || prev.tribes[seat]!.camps !== tr.camps),
  }));
  let y = top + 8;
  y += drawPlayerTable(g, rx, y, rw, [t({ key: 'tal.glance.food' }), t({ key: 'tal.glance.camps' }), t({ key: 'tal.glance.people' })], rows, 40) + 10;
  const keyH = changed.size ? 40 : 0;
  const lines: { s: string; bold: boolean; color: string }[] = [];
  if (v.event) lines.push({ s: t({ key: 'tal.glance.event', args: { name: { key: `tal.event.${v.event}.name` } } }), bold: true, color: GLANCE_INK });
  lines.push({ s: t({ key: 'tal.glance.peopleKey' }), bold: false, color: GLANCE_SOFT });
  for (const l of lines) {
    const n = lineCount(g, l.s, rw, 24, l.bold);
    if (y + n * 29 > GLANCE_H - keyH - 4) break;
    y += paragraph(g, l.s, rx, y + 14, { size: 24, bold: l.bold, color: l.color, maxWidth: rw, lineHeight: 29 }) * 29 + 6;
  }
  if (keyH) changedKey(g, rx, GLANCE_H - 22, t({ key: 'tal.glance.changed' }), rw);
  return glancePng(canvas);
}
