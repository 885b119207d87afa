/**
 * Fire: the fire tiles are dealt face down one per free region at the start of each round (the rest beside the board),
 * raise a region's limit by their value when settling ends, and go back beside the board then. The fire card moves one
 * tile into another free region (steps `fireFrom`, `fireTo`).
 */
import type { Option } from '../../engine/types.js';
import { freeRegions, log, m, R, regMsg, seatRef } from './board.js';
import { opt, regionIn, regionOpts, type StepRules } from './options.js';
import type { EiszeitPayload, EiszeitState } from './state.js';

type S = EiszeitState;
type O = Option<EiszeitPayload>;

/** Lays the (already shuffled) fire tiles one per free region, in order; the rest beside the board. */
export function dealFires(glacier: boolean[], count: number): number[] {
  const at = Array<number>(count).fill(-1);
  let i = 0;
  for (let r = 0; r < R && i < count; r++) if (!glacier[r]) at[i++] = r;
  return at;
}

/** Fire tiles lying in a region (tile indexes, in tile order). */
export const firesIn = (s: S, r: number) => {
  const out: number[] = [];
  for (let i = 0; i < s.fireAt.length; i++) if (s.fireAt[i] === r) out.push(i);
  return out;
};

/** The fire card: a tile (`f:<tile>`), then the free region it moves to. */
export const fireSteps = {
  fireFrom: {
    options(s) {
      const out: O[] = [];
      for (const r of freeRegions(s)) {
        const f = firesIn(s, r);
        f.forEach((t, i) => out.push(opt(`f:${t + 1}`, f.length > 1 ? m('opt.fireN', { r: regMsg(s, r), i: i + 1 }) : regMsg(s, r), { kind: 'fire', tile: t }, 'fires')));
      }
      return { optional: true, options: out };
    },
    perform(s, a, p) {
      a.chosen = (p as { tile: number }).tile; a.from = s.fireAt[a.chosen]!; a.step = 'fireTo';
    },
  },
  fireTo: {
    options(s, a) {
      return { optional: true, options: regionOpts(s, 'r', freeRegions(s).filter((r) => r !== a.from)) };
    },
    perform(s, a, p) {
      const r = regionIn(p);
      s.fireAt[a.chosen] = r;
      log(s, 'ev.fire', { p: seatRef(a.seat), from: regMsg(s, a.from), to: regMsg(s, r) });
      a.step = 'done';
    },
  },
} satisfies StepRules;
