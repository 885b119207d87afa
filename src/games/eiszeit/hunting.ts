/**
 * Hunters moved and removed by the cards: the swap of two hunters in neighbouring regions (`swapFirst…`,
 * `swapSecond…`), the stampede (up to three hunters into neighbouring regions, not all of one player: `stampede…`),
 * the trek (up to three own hunters into a neighbouring region, a mammoth may come along: `trek…`) and the dark
 * cards that send hunters back to the supply (`remove…`). Another player's hunter with a club stays where it is.
 */
import type { Option } from '../../engine/types.js';
import { addHunter, arrivedHere, attachClub, C, freeRegions, H, log, m, nbrs, plain, regMsg, seatRef, takeHunter, types } from './board.js';
import { hunter, hunterOptions, huntersOrRegions, MAMMOTH, opt, regionIn, regionOpts, type StepRules } from './options.js';
import type { Act, EiszeitPayload, EiszeitState } from './state.js';

type S = EiszeitState;
type Payload = EiszeitPayload;
type O = Option<Payload>;

/** Hunters in region `r` the swap may take: any plain hunter, and the actor's own with a club. */
function swappable(s: S, a: Act, r: number): [number, boolean][] {
  return types(s, r).filter(([q, club]) => !club || q === a.seat);
}
function partnerRegions(s: S, a: Act, r: number, q: number, club: boolean): number[] {
  return nbrs(s, r).filter((b) => swappable(s, a, b).some(([q2, c2]) => q2 !== q || c2 !== club));
}

/** Hunters in region `r` the stampede may move (not one that arrived in this action; not a third of one player). */
function movable(s: S, a: Act, r: number): [number, boolean][] {
  let list = types(s, r).filter(([q, club]) => (!club || q === a.seat));
  list = list.filter(([q, club]) => (club ? C(s, r, q) : plain(s, r, q)) - arrivedHere(a, r, q, club) > 0);
  if (a.kind === 'moveMixed' && a.count === 2 && a.owners[0] === a.owners[1]) list = list.filter(([q]) => q !== a.owners[0]);
  return list;
}

/** How many hunters like the chosen one (region `a.from`, seat `a.chosen`, club) Stampede may move at once to one place. */
function stampedeMost(s: S, a: Act): number {
  const here = (a.clubbed ? C(s, a.from, a.chosen) : plain(s, a.from, a.chosen)) - arrivedHere(a, a.from, a.chosen, a.clubbed);
  let most = Math.min(here, 3 - a.count);
  if (a.attach) most = Math.min(most, s.clubsHeld[a.seat]!);
  // "not all of one player": three hunters of one player are never moved
  if (a.count + most === 3 && a.owners.every((q) => q === a.chosen) && most > 0) most--;
  return Math.max(most, 1);
}

/** Hunters in region `r` a removing card may take (Remove two: the second not of the first one's owner). */
function removable(s: S, a: Act, r: number): [number, boolean][] {
  let list = types(s, r).filter(([q, club]) => !club || q === a.seat);
  if (a.kind === 'removeTwo' && a.count === 1) list = list.filter(([q]) => q !== a.owners[0]);
  return list;
}

/**
 * A hunter to take from a region: with many hunters on the board the region comes first (`inRegion` asks for the
 * hunter there), then the hunter is remembered and the action goes on to `next`.
 */
function pickHunter(a: Act, p: Payload, inRegion: Act['step'], next: Act['step']): void {
  if (p.kind === 'region') { a.from = p.region; a.step = inRegion; return; }
  const h = p as Extract<Payload, { kind: 'hunter' }>;
  a.from = h.region ?? a.from; a.chosen = h.seat; a.clubbed = h.club; a.attach = h.attach; a.step = next;
}

/** The first hunter of the swap: its region (with many hunters on the board), then the hunter. */
function swapFirst(_s: S, a: Act, p: Payload): void {
  pickHunter(a, p, 'swapFirstHunter', 'swapSecond');
}

/** The second hunter of the swap (its region first, with many hunters): the two change places. */
function swapSecond(s: S, a: Act, p: Payload): void {
  if (p.kind === 'region') { a.to = p.region; a.step = 'swapSecondHunter'; return; }
  const h = p as Extract<Payload, { kind: 'hunter' }>;
  a.to = h.region ?? a.to;
  takeHunter(s, a.from, a.chosen, a.clubbed);
  takeHunter(s, a.to, h.seat, h.club);
  addHunter(s, a.to, a.chosen, a.clubbed || a.attach);
  addHunter(s, a.from, h.seat, h.club || h.attach);
  log(s, 'ev.swap', { p: seatRef(a.seat), q1: seatRef(a.chosen), r1: regMsg(s, a.from), q2: seatRef(h.seat), r2: regMsg(s, a.to) });
  if (a.attach) attachClub(s, a.to);
  if (h.attach) attachClub(s, a.from);
  a.step = 'done';
}

/** A hunter to stampede (its region first, with many hunters on the board). */
function stampedeFrom(_s: S, a: Act, p: Payload): void {
  pickHunter(a, p, 'stampedeHunter', 'stampedeTo');
}

/** A hunter to send back to its owner's supply (its region first, with many hunters on the board). */
function remove(s: S, a: Act, p: Payload): void {
  if (p.kind === 'region') { a.from = p.region; a.step = 'removeHunter'; return; }
  const h = p as Extract<Payload, { kind: 'hunter' }>;
  const r = h.region ?? a.from;
  a.step = 'removeFrom';
  takeHunter(s, r, h.seat, h.club);
  s.supply[h.seat]++;
  if (h.club) s.clubs++;
  a.owners.push(h.seat);
  log(s, 'ev.remove', { p: seatRef(a.seat), q: seatRef(h.seat), r: regMsg(s, r) });
  a.count++;
}

export const huntingSteps = {
  swapFirst: {
    options(s, a) {
      const list = (r: number) => swappable(s, a, r).filter(([q, c]) => partnerRegions(s, a, r, q, c).length > 0);
      return { optional: true, options: huntersOrRegions(s, freeRegions(s), list, a.seat, s.clubsHeld[a.seat]! > 0) };
    },
    perform: swapFirst,
  },
  swapFirstHunter: {
    options(s, a) {
      const list = swappable(s, a, a.from).filter(([q, c]) => partnerRegions(s, a, a.from, q, c).length > 0);
      return { optional: true, options: hunterOptions(s, list, a.seat, s.clubsHeld[a.seat]! > 0) };
    },
    perform: swapFirst,
  },
  swapSecond: {
    options(s, a) {
      const list = (b: number) => swappable(s, a, b).filter(([q, c]) => q !== a.chosen || c !== a.clubbed);
      return { optional: true, options: huntersOrRegions(s, partnerRegions(s, a, a.from, a.chosen, a.clubbed), list, a.seat, s.clubsHeld[a.seat]! - (a.attach ? 1 : 0) > 0) };
    },
    perform: swapSecond,
  },
  swapSecondHunter: {
    options(s, a) {
      const list = swappable(s, a, a.to).filter(([q, c]) => q !== a.chosen || c !== a.clubbed);
      return { optional: true, options: hunterOptions(s, list, a.seat, s.clubsHeld[a.seat]! - (a.attach ? 1 : 0) > 0) };
    },
    perform: swapSecond,
  },
  stampedeFrom: {
    options(s, a) {
      const regions = freeRegions(s).filter((r) => nbrs(s, r).length > 0);
      return { optional: true, options: a.count < 3 ? huntersOrRegions(s, regions, (r) => movable(s, a, r), a.seat, s.clubsHeld[a.seat]! > 0) : [] };
    },
    perform: stampedeFrom,
  },
  stampedeHunter: {
    options(s, a) {
      return { optional: true, options: hunterOptions(s, movable(s, a, a.from), a.seat, s.clubsHeld[a.seat]! > 0) };
    },
    perform: stampedeFrom,
  },
  stampedeTo: {
    options(s, a) {
      const out = regionOpts(s, 'r', nbrs(s, a.from));
      const most = stampedeMost(s, a);
      for (let k = 2; k <= most; k++) {
        for (const r of nbrs(s, a.from)) out.push(opt(`r:${r + 1}:${k}`, m('opt.moveMany', { k, r: regMsg(s, r) }), { kind: 'region', region: r, count: k }, 'regions'));
      }
      return { optional: true, options: out };
    },
    perform(s, a, p) {
      const seat = a.seat;
      const who = seatRef(seat);
      const r = regionIn(p);
      for (let k = (p as { count?: number }).count ?? 1; k > 0; k--) {
        takeHunter(s, a.from, a.chosen, a.clubbed);
        addHunter(s, r, a.chosen, a.clubbed || a.attach);
        a.arrived.push(r, a.chosen, a.clubbed || a.attach ? 1 : 0);
        a.owners.push(a.chosen);
        log(s, a.chosen === seat ? 'ev.moveOwn' : 'ev.moveOther', { p: who, q: seatRef(a.chosen), from: regMsg(s, a.from), to: regMsg(s, r) });
        if (a.attach) attachClub(s, r);
        a.count++;
      }
      a.step = 'stampedeFrom';
    },
  },
  removeFrom: {
    options(s, a) {
      return { optional: true, options: a.count < a.max ? huntersOrRegions(s, freeRegions(s), (r) => removable(s, a, r), a.seat, false) : [] };
    },
    perform: remove,
  },
  removeHunter: {
    options(s, a) {
      return { optional: true, options: hunterOptions(s, removable(s, a, a.from), a.seat, false) };
    },
    perform: remove,
  },
  trekFrom: {
    options(s, a) {
      return { optional: true, options: regionOpts(s, 'r', freeRegions(s).filter((r) => H(s, r, a.seat) > 0 && nbrs(s, r).length > 0)) };
    },
    perform(s, a, p) {
      a.from = regionIn(p); a.step = 'trekTo';
    },
  },
  trekTo: {
    options(s, a) {
      return { optional: true, options: regionOpts(s, 'r', nbrs(s, a.from)) };
    },
    perform(s, a, p) {
      a.to = regionIn(p); a.step = 'trek';
    },
  },
  trek: {
    options(s, a) {
      const seat = a.seat;
      const out: O[] = [];
      if (a.count < 3) {
        if (plain(s, a.from, seat) > 0) {
          out.push(opt('p', m('opt.moveOne'), hunter(seat, false, false)));
          if (s.clubsHeld[seat]! > 0) out.push(opt('a', m('opt.moveOneAttach'), hunter(seat, false, true)));
        }
        if (C(s, a.from, seat) > 0) out.push(opt('c', m('opt.moveOneClub'), hunter(seat, true, false)));
      }
      if (!a.mammothMoved && a.count >= 1 && s.mammothsIn[a.from]! > 0) out.push(opt('mam', m('opt.mammothAlong'), MAMMOTH));
      return { optional: true, options: out };
    },
    perform(s, a, p) {
      const seat = a.seat;
      const who = seatRef(seat);
      if (p.kind === 'mammoth') {
        s.mammothsIn[a.from]--; s.mammothsIn[a.to]++; a.mammothMoved = true;
        log(s, 'ev.mammothMove', { p: who, from: regMsg(s, a.from), to: regMsg(s, a.to) });
        return;
      }
      const { club, attach } = p as { club: boolean; attach: boolean };
      takeHunter(s, a.from, seat, club);
      addHunter(s, a.to, seat, club || attach);
      log(s, 'ev.moveOwn', { p: who, from: regMsg(s, a.from), to: regMsg(s, a.to) });
      if (attach) attachClub(s, a.to);
      a.count++;
    },
  },
} satisfies StepRules;
