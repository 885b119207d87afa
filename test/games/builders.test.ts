/** The shared test builders (test/helpers/builders.ts), on the example game Toy. */
import { describe, expect, it } from 'vitest';
import { gameBuilders } from '../helpers/builders.js';
import { toy } from '../helpers/toy-game.js';

const { fresh, choose, optionIds, toAct } = gameBuilders(toy.engine);

describe('gameBuilders', () => {
  it('GIVEN a fresh game THEN choose plays offered options for whoever acts, and leaves the state it was given as it was', () => {
    const s = fresh(2, {}, 'b');
    const before = JSON.stringify(s);
    const first = toAct(s);
    const after = choose(s, optionIds(s)[0]!);
    expect(JSON.stringify(s)).toBe(before);
    expect(toAct(after)).not.toBe(first);
    expect(choose(s, [first, optionIds(s, first)[0]!])).toEqual(after);
  });

  it('GIVEN an option not offered THEN choose fails and names what was offered', () => {
    const s = fresh(2, {}, 'b');
    expect(() => choose(s, 'no-such-option')).toThrow(/no-such-option.*offered 0: |no-such-option.*offered 1: /);
  });
});
