/** Set choices (multi-select) in the engine contract: which ids name a set, and what `perform` is handed. */
import { describe, expect, it } from 'vitest';
import { resolveOption, setChoiceId } from '../src/engine/apply.js';
import { optionPage } from '../src/bot/present.js';
import type { Decision, Option } from '../src/engine/types.js';

const item = (id: string, group = 'g.tiles'): Option => ({ id, label: { key: `t.${id}` }, group });
const d: Decision = {
  seat: 0, prompt: { key: 'p' }, defaultOption: 'a',
  options: [item('a'), item('b'), item('c'), item('x', 'g.other'), { id: 'back', label: { key: 'common.back' }, role: 'back', group: 'g.tiles' }],
  sets: [{ group: 'g.tiles', min: 1, max: 2 }],
};

describe('GIVEN a decision with a set group of at most two items', () => {
  it('THEN one item is its own option and two items are one choice, handed on in offered order', () => {
    expect(resolveOption(d, 'b')).toBe(d.options[1]);
    const set = resolveOption(d, 'c+a')!;
    expect(set.id).toBe('a+c');
    expect(set.items!.map((o) => o.id)).toEqual(['a', 'c']);
    expect(set.group).toBe('g.tiles');
    expect(setChoiceId(d, ['c', 'a'])).toBe('a+c');
  });
  it('THEN more than the maximum, an item twice, an item of another group or a control is no choice', () => {
    expect(resolveOption(d, 'a+b+c')).toBeUndefined();
    expect(resolveOption(d, 'a+a')).toBeUndefined();
    expect(resolveOption(d, 'a+x')).toBeUndefined();
    expect(resolveOption(d, 'a+back')).toBeUndefined();
    expect(resolveOption(d, 'a+zz')).toBeUndefined();
  });
  it('THEN without `sets` a joined id is no choice', () => {
    expect(resolveOption({ ...d, sets: undefined }, 'a+b')).toBeUndefined();
  });
});

describe('GIVEN a panel that overflows into pages', () => {
  it('THEN the page of an option is the page whose menus hold it', () => {
    const groups = Array.from({ length: 9 }, (_, g) => Array.from({ length: 3 }, (_, i) => item(`o${g}x${i}`, `g.${g}`))).flat();
    const big: Decision = { seat: 0, prompt: { key: 'p' }, defaultOption: 'o0x0', options: [...groups, { id: 'back', label: { key: 'common.back' }, role: 'back' }] };
    expect(optionPage(big, 'o0x0')).toBe(0);
    expect(optionPage(big, 'back')).toBe(0);
    expect(optionPage(big, 'o8x2')).toBeGreaterThan(0);
    expect(optionPage({ ...big, options: groups.slice(0, 6) }, 'o1x2')).toBe(0);
  });
});
