/**
 * Clubs: a hunter with a club stays in a conflict while plain hunters leave. The club card takes a club and gives it
 * to one of the actor's hunters, or places / moves a mammoth instead (`clubOrMammoth`, `attachClub`); the dark
 * club-or-move card takes a club, or moves two of the actor's own hunters (`clubOrMove`, `moveOwnFrom`, `moveOwnTo`).
 * A club held may also go with a hunter placed or moved by another card (`attachClub` in board.ts).
 */
import type { Option } from '../../engine/types.js';
import { addHunter, attachClub, freeRegions, log, m, nbrs, onBoard, plain, regMsg, seatRef, takeHunter } from './board.js';
import { MAMMOTH, opt, ownMoveSources, regionIn, regionOpts, type StepRules } from './options.js';
import type { Act, EiszeitPayload, EiszeitState } from './state.js';

type S = EiszeitState;
type Payload = EiszeitPayload;
type O = Option<Payload>;

/** The first choice of both club cards: the club, or the card's other half (a mammoth, or moving own hunters). */
function clubOrOther(s: S, a: Act, p: Payload): void {
  const seat = a.seat;
  if (p.kind === 'takeClub') {
    s.clubs--; s.clubsHeld[seat]++;
    log(s, 'ev.takeClub', { p: seatRef(seat) });
    a.step = 'attachClub';
  } else if (p.kind === 'moveOwn') {
    a.max = 2; a.step = 'moveOwnFrom';
  } else if (s.mammoths > 0) {
    a.mode = 'place'; a.step = 'mammothTo';
  } else {
    a.mode = 'neighbour'; a.step = 'mammothFrom';
  }
}

export const clubSteps = {
  clubOrMammoth: {
    options(s) {
      const out: O[] = [];
      if (s.clubs > 0) out.push(opt('club', m('opt.takeClub'), { kind: 'takeClub' }));
      if (s.mammoths > 0 || freeRegions(s).some((r) => s.mammothsIn[r] > 0 && nbrs(s, r).length > 0)) out.push(opt('mam', m(s.mammoths > 0 ? 'opt.mammothNew' : 'opt.mammothShift'), MAMMOTH));
      return { optional: true, options: out };
    },
    perform: clubOrOther,
  },
  clubOrMove: {
    options(s, a) {
      const out: O[] = [];
      if (s.clubs > 0) out.push(opt('club', m('opt.takeClub'), { kind: 'takeClub' }));
      if (onBoard(s, a.seat) > 0) out.push(opt('move', m('opt.moveTwo'), { kind: 'moveOwn' }));
      return { optional: true, options: out };
    },
    perform: clubOrOther,
  },
  attachClub: {
    options(s, a) {
      return { optional: true, options: regionOpts(s, 'att', freeRegions(s).filter((r) => plain(s, r, a.seat) > 0), 'attach') };
    },
    perform(s, a, p) {
      const r = regionIn(p);
      s.clubbed[r]![a.seat]!++;
      attachClub(s, r);
      a.step = 'done';
    },
  },
  moveOwnFrom: {
    options(s, a) {
      return { optional: true, options: a.count < a.max ? ownMoveSources(s, a) : [] };
    },
    perform(s, a, p) {
      const h = p as Extract<Payload, { kind: 'ownHunter' }>;
      a.from = h.region; a.clubbed = h.club; a.attach = h.attach; a.step = 'moveOwnTo';
    },
  },
  moveOwnTo: {
    options(s, a) {
      return { optional: true, options: regionOpts(s, 'r', freeRegions(s).filter((r) => r !== a.from)) };
    },
    perform(s, a, p) {
      const seat = a.seat;
      const r = regionIn(p);
      takeHunter(s, a.from, seat, a.clubbed);
      addHunter(s, r, seat, a.clubbed || a.attach);
      a.arrived.push(r, seat, a.clubbed || a.attach ? 1 : 0);
      log(s, 'ev.moveOwn', { p: seatRef(seat), from: regMsg(s, a.from), to: regMsg(s, r) });
      if (a.attach) attachClub(s, r);
      a.count++;
      a.step = 'moveOwnFrom';
    },
  },
} satisfies StepRules;
