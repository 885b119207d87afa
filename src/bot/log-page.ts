/**
 * The game's log as pages (`/campfire log`, the Log button): a page holds whole rounds' lines, never part of one
 * round and part of the next; a round too long for one page is split where its phase changes (within a phase that is
 * still too long, between lines). Buttons go to the first, previous, next and last page; a menu jumps to any round.
 */
import type { Locale } from '../engine/i18n.js';
import type { Msg } from '../engine/types.js';
import type { GameRow } from '../store/repo.js';
import { type BotContext, tr } from './context.js';
import { makeId } from './ids.js';
import type { OutMessage } from './platform.js';
import { button, clip, row } from './present.js';

/** One line of the log as it is shown: its round (null in a game without rounds), its stage heading, its text. */
export interface LogLine { round: number | null; stage: string; text: string }

/** A page: the lines `from`..`to` (exclusive), of one round, as part `part` of the round's `parts`. */
export interface LogPageSpec { from: number; to: number; round: number | null; part: number; parts: number }

/** What a page may hold: lines (headings included) and characters (an embed's description holds 4096). */
export const LOG_PAGE_LINES = 30;
export const LOG_PAGE_CHARS = 3800;

/** The round a stage message names (`round`, or Tal's `n`); null when it names none. */
export function roundOf(stage: Msg | undefined): number | null {
  const r = stage?.args?.round ?? stage?.args?.n;
  return typeof r === 'number' ? r : null;
}

/** Splits `xs[from..to)` into runs of neighbours for which `same` holds, as [from, to) pairs. */
function runs<T>(xs: T[], from: number, to: number, same: (a: T, b: T) => boolean): [number, number][] {
  const out: [number, number][] = [];
  for (let i = from; i < to; i++) {
    if (i > from && same(xs[i - 1]!, xs[i]!)) out[out.length - 1]![1] = i + 1;
    else out.push([i, i + 1]);
  }
  return out;
}

/** The pages of a log: by whole rounds, a long round split at its phases, a long phase between lines. */
export function logPages(lines: LogLine[], maxLines = LOG_PAGE_LINES, maxChars = LOG_PAGE_CHARS): LogPageSpec[] {
  // What lines from..to of one phase take on a page: their heading and each line.
  const size = (from: number, to: number) => {
    let n = lines[from]!.stage ? 1 : 0, chars = lines[from]!.stage.length + 5;
    for (let i = from; i < to; i++) n++, chars += lines[i]!.text.length + 3;
    return { n, chars };
  };
  const fits = (a: { n: number; chars: number }) => a.n <= maxLines && a.chars <= maxChars;
  const pages: LogPageSpec[] = [];
  for (const [rFrom, rTo] of runs(lines, 0, lines.length, (a, b) => a.round === b.round)) {
    const parts: [number, number][] = [];
    let cur: [number, number] | null = null;
    let used = { n: 0, chars: 0 };
    for (const [a, b] of runs(lines, rFrom, rTo, (x, y) => x.stage === y.stage)) {
      const s = size(a, b);
      if (cur && fits({ n: used.n + s.n, chars: used.chars + s.chars })) {
        cur[1] = b; used = { n: used.n + s.n, chars: used.chars + s.chars };
        continue;
      }
      if (cur) parts.push(cur);
      if (fits(s)) { cur = [a, b]; used = s; continue; }
      // A phase longer than a page: its lines in pages of their own, the last one open for what follows.
      let from = a;
      for (let i = a + 1; i < b; i++) {
        if (!fits(size(from, i + 1))) { parts.push([from, i]); from = i; }
      }
      cur = [from, b]; used = size(from, b);
    }
    if (cur) parts.push(cur);
    parts.forEach(([from, to], k) => pages.push({ from, to, round: lines[rFrom]!.round, part: k + 1, parts: parts.length }));
  }
  return pages.length ? pages : [{ from: 0, to: 0, round: null, part: 1, parts: 1 }];
}

/** The rounds a reader may jump to from page `p`: the first page of each round, at most 25 (Discord's menu), around `p`. */
function jumps(pages: LogPageSpec[], p: number): number[] {
  const firsts = pages.flatMap((pg, i) => (pg.part === 1 ? [i] : []));
  if (firsts.length <= 25) return firsts;
  const here = firsts.filter((i) => i <= p).length - 1;
  const from = Math.min(Math.max(0, here - 12), firsts.length - 25);
  return firsts.slice(from, from + 25);
}

/** One page of the game's log as the user may read it (the newest page unless `page` says otherwise). */
export async function logPage(c: BotContext, g: GameRow, userId: string, locale: Locale, page?: number): Promise<OutMessage> {
  const t = await tr(c, locale, g);
  const module = await c.cf.views.module(g);
  const lines: LogLine[] = (await c.cf.views.log(g.id, userId)).map((l) => ({
    round: roundOf(l.stage),
    stage: l.stage ? t(l.stage) : '',
    text: l.undone ? `~~${t(l.event.msg)}~~ ${t({ key: 'log.undone_mark' })}` : t(l.event.msg),
  }));
  const pages = logPages(lines);
  const p = Math.min(Math.max(page ?? pages.length - 1, 0), pages.length - 1);
  const shown = pages[p]!;
  // Lines read by round and phase: a heading wherever the stage changes, and at the top of every page.
  const out: string[] = [];
  let heading: string | null = null;
  for (const e of lines.slice(shown.from, shown.to)) {
    if (e.stage && e.stage !== heading) out.push(`**${e.stage}**${shown.parts > 1 && heading === null ? ` (${shown.part}/${shown.parts})` : ''}`);
    heading = e.stage;
    out.push(e.stage ? `· ${e.text}` : e.text);
  }
  const id = (n: number) => makeId('T', g.id, 0, `log.${n}`);
  const nav = [];
  if (p >= 2) nav.push(button(id(0), '⏮'));
  if (p >= 1) nav.push(button(id(p - 1), '◀'));
  if (p <= pages.length - 2) nav.push(button(id(p + 1), '▶'));
  if (p <= pages.length - 3) nav.push(button(id(pages.length - 1), '⏭'));
  const targets = jumps(pages, p);
  const components = nav.length ? [row(...nav)] : [];
  if (targets.length > 1) {
    const current = Math.max(-1, ...targets.filter((i) => i <= p));
    const label = (i: number) => clip(lines[pages[i]!.from]?.stage || t({ key: 'cmd.log_page', args: { page: i + 1 } }), 100);
    components.push(row({
      type: 3, custom_id: makeId('T', g.id, 0, 'log.round'), placeholder: t({ key: 'cmd.log_jump' }), min_values: 1, max_values: 1,
      options: targets.map((i) => ({ label: label(i), value: String(i), ...(i === current ? { default: true } : {}) })),
    }));
  }
  return {
    embeds: [{ title: t({ key: 'cmd.log_title', args: { game: module.engine.name, id: g.id, page: p + 1, pages: pages.length } }), description: clip(out.join('\n') || t({ key: 'cmd.log_empty' }), 4000) }],
    components,
  };
}
