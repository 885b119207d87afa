/**
 * Mammoths: each one in a region raises its limit by one and what each hunter there scores. The mammoth card places a
 * new mammoth or moves one into a neighbouring or a farther region, at the price of each move (`mammothModes`; steps
 * `mammothMove`, `mammothFrom`, `mammothTo`); a dark card takes one off the board (`removeMammoth`). The club card's
 * mammoth (clubs.ts), the one that comes with hunters (placing.ts) and the one that comes along on a trek
 * (hunting.ts) are carried out where those cards are.
 */
import type { Seat } from '../../engine/types.js';
import { dataOf, freeRegions, isNb, log, m, nbrs, regMsg, seatRef } from './board.js';
import { opt, regionIn, regionOpts, type StepRules } from './options.js';
import type { Act, EiszeitState, MammothMove } from './state.js';

type S = EiszeitState;

/**
 * The mammoth card's options for `seat` with the stones it has now. "Place a new mammoth" needs one beside the board;
 * with none left there, it moves a mammoth already on the board into any other region instead (the rulebook's general
 * card rule: what holds for placing hunters from an empty supply holds for mammoths too).
 */
export function mammothModes(s: S, seat: Seat): MammothMove[] {
  const st = s.stones[seat];
  const out: MammothMove[] = [];
  const costs = mammothCosts(s);
  const srcs = freeRegions(s).filter((r) => s.mammothsIn[r]! > 0);
  if (st >= costs.place && (s.mammoths > 0 || (srcs.length > 0 && freeRegions(s).length > 1))) out.push('place');
  if (st >= costs.neighbour && srcs.some((r) => nbrs(s, r).length > 0)) out.push('neighbour');
  if (st >= costs.far && srcs.some((r) => freeRegions(s).some((x) => x !== r && !isNb(s, r, x)))) out.push('far');
  return out;
}

/** What each move of the mammoth card costs. */
export const mammothCosts = (s: S): Record<MammothMove, number> => dataOf(s).cards.find((c) => c.kind === 'mammoth')!.costs!;

/** Regions a mammoth may be taken from for the move chosen (`a.mode`): those with somewhere to go. */
export function mammothSources(s: S, a: Act): number[] {
  return freeRegions(s).filter((r) => s.mammothsIn[r] > 0 && mammothDests(s, a, r).length > 0);
}
/** Where a mammoth from region `r` may go (a "new" mammoth taken from the board: any other free region). */
export function mammothDests(s: S, a: Act, r: number): number[] {
  if (a.mode === 'place') return freeRegions(s).filter((x) => x !== r);
  if (a.mode === 'neighbour') return nbrs(s, r);
  return freeRegions(s).filter((x) => x !== r && !isNb(s, r, x));
}

/** The mammoth card (the move, paid at once; then the mammoth and where it goes) and the dark card that removes one. */
export const mammothSteps = {
  mammothMove: {
    options(s, a) {
      const costs = mammothCosts(s);
      const label = (k: MammothMove) => (k === 'place' && s.mammoths === 0 ? 'opt.mammoth.placeMove' : `opt.mammoth.${k}`);
      return { optional: false, options: mammothModes(s, a.seat).map((k) => opt(k, m(label(k), { n: costs[k] }), { kind: 'mammothMove', move: k })) };
    },
    perform(s, a, p) {
      const move = (p as { move: MammothMove }).move;
      const cost = mammothCosts(s)[move];
      s.stones[a.seat] -= cost; s.light += cost;
      log(s, 'ev.pay', { p: seatRef(a.seat), n: cost });
      a.mode = move;
      // a new mammoth comes from beside the board; with none left there, one on the board is chosen first
      a.step = move === 'place' && s.mammoths > 0 ? 'mammothTo' : 'mammothFrom';
    },
  },
  mammothFrom: {
    options(s, a) {
      return { optional: a.kind !== 'mammoth', options: regionOpts(s, 'r', mammothSources(s, a)) };
    },
    perform(s, a, p) {
      a.from = regionIn(p); a.step = 'mammothTo';
    },
  },
  mammothTo: {
    options(s, a) {
      return { optional: a.kind !== 'mammoth', options: regionOpts(s, 'r', a.from < 0 ? freeRegions(s) : mammothDests(s, a, a.from)) };
    },
    perform(s, a, p) {
      const who = seatRef(a.seat);
      const r = regionIn(p);
      if (a.from < 0) {
        s.mammoths--; s.mammothsIn[r]++;
        log(s, 'ev.mammothPlace', { p: who, r: regMsg(s, r) });
      } else {
        s.mammothsIn[a.from]--; s.mammothsIn[r]++;
        log(s, 'ev.mammothMove', { p: who, from: regMsg(s, a.from), to: regMsg(s, r) });
      }
      a.step = 'done';
    },
  },
  removeMammoth: {
    options(s) {
      return { optional: true, options: regionOpts(s, 'r', freeRegions(s).filter((r) => s.mammothsIn[r] > 0)) };
    },
    perform(s, a, p) {
      const r = regionIn(p);
      s.mammothsIn[r]--; s.mammoths++;
      log(s, 'ev.mammothRemove', { p: seatRef(a.seat), r: regMsg(s, r) });
      a.step = 'done';
    },
  },
} satisfies StepRules;
