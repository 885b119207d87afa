/**
 * The panel layout: engines group options by meaning only; `panelComponents` alone keeps to Discord's limits (5 rows,
 * 5 buttons a row, 25 options a menu), splitting long groups into several menus and paging what does not fit.
 */
import { describe, expect, it } from 'vitest';
import { parseId } from '../../src/bot/ids.js';
import { MAX_BUTTONS_PER_ROW, MAX_MENU_OPTIONS, MAX_ROWS, optionFromMenu, panelComponents, translator, unavailableLines } from '../../src/bot/present.js';
import type { Decision, Option } from '../../src/engine/types.js';
import { validateMessageBody } from '../../src/standin/limits.js';

const t = translator('en', undefined);
const opts = (prefix: string, n: number, group?: string): Option[] =>
  Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, label: { key: `${prefix}.${i}` }, ...(group ? { group } : {}) }));
const BACK: Option = { id: 'back', label: { key: 'common.back' }, role: 'back' };
const FINISH: Option = { id: 'finish', label: { key: 'common.finish' }, role: 'finish' };
const decision = (options: Option[]): Decision => ({ seat: 0, prompt: { key: 'p' }, options, defaultOption: options[0]!.id });

interface Row { type: number; components: { type: number; custom_id: string; placeholder?: string; options?: { value: string }[] }[] }

/** Every page of the panel: checks Discord's limits on each and returns the options reachable (menus and buttons). */
function allPages(d: Decision): { reachable: string[]; pages: number; placeholders: string[] } {
  const first = panelComponents(d, 7, 3, t, 0);
  const reachable: string[] = [];
  const placeholders: string[] = [];
  const seenPages = new Set<number>();
  let page = 0;
  for (let k = 0; k < first.pages; k++) {
    const { components, pages } = panelComponents(d, 7, 3, t, page);
    expect(pages).toBe(first.pages);
    const rows = components as Row[];
    expect(rows.length, `page ${page}: rows`).toBeLessThanOrEqual(MAX_ROWS);
    let next: number | null = null;
    for (const r of rows) {
      const menus = r.components.filter((c) => c.type === 3);
      if (menus.length) expect(r.components.length, 'a menu has a row to itself').toBe(1);
      else expect(r.components.length, 'buttons a row').toBeLessThanOrEqual(MAX_BUTTONS_PER_ROW);
      for (const c of r.components) {
        const id = parseId(c.custom_id)!;
        expect(id).not.toBeNull();
        if (c.type === 3) {
          expect(c.options!.length, 'options a menu').toBeLessThanOrEqual(MAX_MENU_OPTIONS);
          expect(id.kind).toBe('M');
          placeholders.push(c.placeholder!);
          for (const o of c.options!) {
            expect(optionFromMenu(d, o.value)?.id).toBe(o.value);
            reachable.push(o.value);
          }
        } else if (id.kind === 'C') reachable.push(id.arg);
        else if (id.kind === 'T' && id.arg.startsWith('page.')) next = Number(id.arg.slice(5));
      }
    }
    seenPages.add(page);
    if (first.pages > 1) {
      expect(next, `page ${page} has a page button`).not.toBeNull();
      page = next!;
    }
  }
  expect(seenPages.size, 'the page button visits every page').toBe(first.pages);
  return { reachable, pages: first.pages, placeholders };
}

/** Each non-control option exactly once over all pages; controls on every page (counted once here). */
function expectEveryOptionOnce(d: Decision, reachable: string[]): void {
  const controls = new Set(d.options.filter((o) => o.role).map((o) => o.id));
  const choices = reachable.filter((id) => !controls.has(id));
  expect([...choices].sort()).toEqual(d.options.filter((o) => !o.role).map((o) => o.id).sort());
  for (const c of controls) expect(reachable, `control ${c} reachable`).toContain(c);
}

describe('panelComponents splits groups of any size', () => {
  it('GIVEN one group of 60 options and back / finish THEN three menus of 25, 25 and 10, numbered, and the controls, on one page', () => {
    const d = decision([...opts('x', 60, 'g.sixty'), BACK, FINISH]);
    const { components, pages } = panelComponents(d, 7, 3, t, 0);
    expect(pages).toBe(1);
    const rows = components as Row[];
    const menus = rows.filter((r) => r.components[0]!.type === 3).map((r) => r.components[0]!);
    expect(menus.map((m) => m.options!.length)).toEqual([25, 25, 10]);
    expect(menus.map((m) => m.placeholder)).toEqual(['[g.sixty] (1/3)', '[g.sixty] (2/3)', '[g.sixty] (3/3)']);
    expect(menus.flatMap((m) => m.options!.map((o) => o.value))).toEqual(d.options.slice(0, 60).map((o) => o.id));
    expect(rows.at(-1)!.components.map((c) => parseId(c.custom_id)!.arg)).toEqual(['back', 'finish']);
  });

  it('GIVEN three groups of 60 and a pass THEN the menus are paged, the page button goes round every page, and every option is reachable once', () => {
    const d = decision([...opts('a', 60, 'g.a'), ...opts('b', 60, 'g.b'), ...opts('c', 60, 'g.c'), { id: 'skip', label: { key: 'skip' }, role: 'pass' }]);
    const { reachable, pages, placeholders } = allPages(d);
    expect(pages).toBe(3); // 9 menus, 3 a page beside the controls
    expectEveryOptionOnce(d, reachable);
    expect(placeholders).toContain('[g.b] (3/3)');
  });

  it('GIVEN a group of 60 beside 12 plain choices and 6 controls THEN nothing is lost: surplus controls join the menus', () => {
    const controls: Option[] = Array.from({ length: 6 }, (_, i) => ({ id: `ctl${i}`, label: { key: `ctl${i}` }, role: 'finish' }));
    const d = decision([...opts('x', 60, 'g.x'), ...opts('p', 12), ...controls]);
    const { reachable } = allPages(d);
    expectEveryOptionOnce(d, reachable);
  });

  it('GIVEN groups of every size from 1 to 130, alone or beside buttons THEN every page keeps to the limits and every option is reachable', () => {
    for (let n = 1; n <= 130; n++) {
      for (const extra of [[], [BACK], [...opts('p', 4), BACK, FINISH]]) {
        const d = decision([...opts('x', n, 'g.x'), ...opts('y', n % 30, 'g.y'), ...extra]);
        const { reachable } = allPages(d);
        expectEveryOptionOnce(d, reachable);
      }
    }
  });
});

describe('what the seat cannot choose now (Decision.unavailable)', () => {
  const greyed = (n: number, reason = 'r.cold') => Array.from({ length: n }, (_, i) => ({ label: { key: `card.${i}` }, reason: { key: reason } }));
  type Btn = { type: number; custom_id: string; label: string; style: number; disabled: boolean };
  const buttonsOf = (components: object[]) => (components as Row[]).flatMap((r) => r.components as unknown as Btn[]).filter((c) => c.type === 2);

  it('GIVEN two plain choices, a back and two unavailable cards THEN the cards are disabled grey buttons "<card> — <reason>" above the controls, each with its own id', () => {
    const d: Decision = { ...decision([...opts('p', 2), BACK]), unavailable: greyed(2) };
    const { components, unavailableAsText } = panelComponents(d, 7, 3, t, 0);
    expect(unavailableAsText).toBe(false);
    const rows = components as Row[];
    expect(rows).toHaveLength(3);
    const grey = rows[1]!.components as unknown as Btn[];
    expect(grey.map((b) => b.label)).toEqual(['[card.0] — [r.cold]', '[card.1] — [r.cold]']);
    expect(grey.every((b) => b.disabled && b.style === 2)).toBe(true);
    expect(grey.map((b) => parseId(b.custom_id))).toEqual([{ kind: 'X', gameId: 7, version: 3, arg: 'na.0' }, { kind: 'X', gameId: 7, version: 3, arg: 'na.1' }]);
    expect(rows[2]!.components.map((c) => parseId(c.custom_id)!.arg)).toEqual(['back']);
    const ids = buttonsOf(components).map((b) => b.custom_id);
    expect(new Set(ids).size).toBe(ids.length);
    // The choosable buttons stay enabled.
    expect(buttonsOf(components).filter((b) => parseId(b.custom_id)!.kind === 'C').every((b) => !b.disabled)).toBe(true);
  });

  it('GIVEN a long card name and reason THEN the label is clipped to Discord\'s 80 characters', () => {
    const long = translator('en', { engine: { messages: { en: { 'c.long': 'A'.repeat(60), 'r.long': 'because '.repeat(10) }, de: {} } } } as never);
    const d: Decision = { ...decision(opts('p', 1)), unavailable: [{ label: { key: 'c.long' }, reason: { key: 'r.long' } }] };
    const grey = buttonsOf(panelComponents(d, 7, 3, long, 0).components).find((b) => parseId(b.custom_id)!.kind === 'X')!;
    expect(grey.label.length).toBeLessThanOrEqual(80);
    expect(grey.label).toMatch(/ because…$/); // cut between words, never inside one
    expect(grey.label.startsWith(`${'A'.repeat(60)} — because`)).toBe(true);
    expect(grey.label.endsWith('…')).toBe(true);
  });

  it('GIVEN twelve unavailable cards beside a menu and controls THEN three grey rows fill the panel to its five rows', () => {
    const d: Decision = { ...decision([...opts('x', 8, 'g.x'), BACK]), unavailable: greyed(12) };
    const { components, unavailableAsText } = panelComponents(d, 7, 3, t, 0);
    expect(unavailableAsText).toBe(false);
    expect(components).toHaveLength(MAX_ROWS);
    expect(buttonsOf(components).filter((b) => b.disabled)).toHaveLength(12);
    // Discord's own checks on a message body, as the stand-in applies them, accept the panel.
    expect(() => validateMessageBody({ content: 'x', components }, [], { creating: true })).not.toThrow();
  });

  it('GIVEN no room for their rows THEN no grey buttons are drawn and the panel lists them as text instead', () => {
    for (const d of [
      { ...decision([...opts('x', 80, 'g.x'), BACK]), unavailable: greyed(3) }, // 4 menus + controls: 5 rows already
      { ...decision([...opts('a', 60, 'g.a'), ...opts('b', 60, 'g.b'), BACK]), unavailable: greyed(1) }, // paged
      { ...decision([...opts('x', 10, 'g.x'), BACK]), unavailable: greyed(20) }, // 4 grey rows + 2 do not fit
    ] as Decision[]) {
      const { components, unavailableAsText } = panelComponents(d, 7, 3, t, 0);
      expect(unavailableAsText).toBe(true);
      expect((components as Row[]).length).toBeLessThanOrEqual(MAX_ROWS);
      expect(buttonsOf(components).some((b) => parseId(b.custom_id)!.kind === 'X')).toBe(false);
      const lines = unavailableLines(d, t);
      expect(lines[0]).toBe('Not possible now:');
      expect(lines.slice(1)).toEqual(d.unavailable!.map((_, i) => `· ~~[card.${i}]~~ — [r.cold]`));
    }
    expect(unavailableLines({ ...decision(opts('p', 1)), unavailable: greyed(1) }, translator('de', undefined))[0]).toBe('Gerade nicht möglich:');
  });

  it('GIVEN a decision without unavailable choices THEN nothing changes', () => {
    const d = decision([...opts('p', 3), BACK]);
    expect(panelComponents(d, 7, 3, t, 0).unavailableAsText).toBe(false);
    expect(unavailableLines(d, t)).toEqual([]);
  });
});
