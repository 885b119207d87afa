/**
 * A simple, legal-only computer player for self-play statistics: it splits couples off its groups, walks them
 * to free hexes and founds camps, feeds and defends them. It only picks among the options offered (so it
 * never breaks a rule) and reads only the public board plus its own seat.
 */
import { randInt, type RngState } from '../../engine/rng.js';
import type { Seat } from '../../engine/types.js';
import { animalsOn, board, campAt, peopleOn, popOf, warriorsAt, womenAt, type TalState } from './state.js';

const pickOne = (rng: RngState, ids: string[], pred: (id: string) => boolean): number => {
  const idx = ids.map((id, i) => (pred(id) ? i : -1)).filter((i) => i >= 0);
  return idx.length ? idx[randInt(rng, idx.length)]! : -1;
};

export function talStrategy(s: TalState, seat: Seat, ids: string[], rng: RngState): number {
  const by = (pred: (id: string) => boolean) => pickOne(rng, ids, pred);
  const first = (...preds: ((id: string) => boolean)[]): number => {
    for (const p of preds) { const i = by(p); if (i >= 0) return i; }
    return randInt(rng, ids.length);
  };
  const hexOf = (id: string) => Number(id.split(':')[1]);
  const free = (i: number) => peopleOn(s, i) === 0 && animalsOn(s, i) === 0 && !campAt(s, i);
  const b = board(s);
  switch (s.stage) {
    case 'setup':
      return first((id) => id === 'cult:yes', (id) => id.startsWith('start:') && b.hexes[hexOf(id)]!.terrain !== 'mountain' && (b.hexes[hexOf(id)]!.lakeSide || b.hexes[hexOf(id)]!.riverSide));
    case 'movement': {
      const p = s.move?.pend;
      const foodHex = (i: number) => (b.hexes[i]!.lakeSide ? 1 : 0) + (b.hexes[i]!.riverSide ? 1 : 0) + (b.hexes[i]!.terrain === 'forest' ? 1 : 0);
      if (!p) {
        const found = by((id) => id.startsWith('found:') || id.startsWith('fire:'));
        if (found >= 0) return found;
        if (randInt(rng, 4) === 0 && ids.includes('finish')) return ids.indexOf('finish');
        return first(
          (id) => id.startsWith('from:') && popOf(s, hexOf(id), seat) >= 3,
          (id) => id.startsWith('from:') && popOf(s, hexOf(id), seat) >= 2 && foodHex(hexOf(id)) === 0,
          (id) => id === 'finish',
        );
      }
      if (p.card) return randInt(rng, ids.length);
      if (p.to === undefined) {
        const good = (min: number) => (id: string) => id.startsWith('to:') && free(hexOf(id)) && b.hexes[hexOf(id)]!.terrain !== 'mountain' && foodHex(hexOf(id)) >= min;
        return first(good(2), good(1), good(0), (id) => id === 'back');
      }
      const from = p.from!;
      const couple = womenAt(s, from, seat) >= 2 && warriorsAt(s, from, seat) >= 2;
      if (p.m === undefined) return first((id) => id === 'm:1', (id) => id === 'm:0', (id) => id === 'back');
      return first((id) => id === (couple ? 'w:1' : 'w:0'), (id) => id === 'w:1', (id) => id === 'back');
    }
    case 'combat':
      return first((id) => id.startsWith('card:'), (id) => id === 'camp:take', (id) => id === 'lose:m' && (s.combat?.hex === null || warriorsAt(s, s.combat!.hex!, seat) > 1), (id) => id === 'lose:w');
    case 'sowing':
      return first((id) => id.startsWith('seed:'), (id) => id.startsWith('sow:') && s.tribes[seat]!.food > 6, (id) => id === 'finish');
    case 'survival':
      return first((id) => id === 'finish', (id) => id === 'feed:most');
    case 'survivalCards': case 'birthCards':
      return first((id) => id !== 'pass');
    default:
      return randInt(rng, ids.length);
  }
}
