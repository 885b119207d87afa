/** GIVEN the same picture asked for twice THEN it is drawn once; a different input or a failed drawing is drawn again. */
import { describe, expect, it } from 'vitest';
import { PictureCache } from '../../src/bot/pictures.js';

describe('the picture cache', () => {
  it('draws an identical input once, another input again, and forgets failures and the oldest entries', async () => {
    const cache = new PictureCache(2);
    let draws = 0;
    const draw = (tag: string) => async () => { draws++; return Buffer.from(tag); };
    const a1 = await cache.get('hand', JSON.stringify({ view: { hand: [1, 2] }, seat: 0 }), draw('a'));
    const a2 = await cache.get('hand', JSON.stringify({ view: { hand: [1, 2] }, seat: 0 }), draw('a'));
    expect(draws).toBe(1);
    expect(a2).toBe(a1);
    await cache.get('hand', JSON.stringify({ view: { hand: [1, 3] }, seat: 0 }), draw('b'));
    await cache.get('table', JSON.stringify({ view: { hand: [1, 3] }, seat: 0 }), draw('c'));
    expect(draws, 'a table and a hand of the same input are different pictures').toBe(3);
    await cache.get('hand', JSON.stringify({ view: { hand: [1, 2] }, seat: 0 }), draw('a'));
    expect(draws, 'the oldest entry went when a third came').toBe(4);
    await expect(cache.get('hand', JSON.stringify({ x: 1 }), async () => { draws++; throw new Error('worker died'); })).rejects.toThrow('worker died');
    await cache.get('hand', JSON.stringify({ x: 1 }), draw('x'));
    expect(draws, 'a failed drawing is not kept').toBe(6);
  });
});
