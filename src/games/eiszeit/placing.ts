/**
 * Placing hunters: the landscape cards (up to 3 hunters into the card's landscape, or up to 2 anywhere), the dark
 * cards that let every other player place (`place`), and the hunters-and-mammoth card (up to 2 hunters and a mammoth
 * into one region: `huntersMammoth…`). With an empty supply, each placement moves one of the actor's own hunters on
 * the board instead (`placeMovedTo`), never one placed or moved during this action.
 */
import type { Option } from '../../engine/types.js';
import { addHunter, arrivedHere, attachClub, C, dataOf, free, freeRegions, log, m, nbrs, plain, regMsg, seatRef, takeHunter } from './board.js';
import { MAMMOTH, opt, ownHunterOpt, ownMoveSources, regionIn, regionOpts, regionPayload, type Placing, type StepRules } from './options.js';
import type { Act, EiszeitPayload, EiszeitState } from './state.js';

type S = EiszeitState;
type Payload = EiszeitPayload;
type O = Option<Payload>;

/** The free regions of the landscape card `id`'s landscape. */
export const landRegions = (s: S, id: string) => dataOf(s).board.regions.filter((r) => r.landscape === dataOf(s).card[id]!.landscape && free(s, r.id - 1)).map((r) => r.id - 1);

/**
 * Places an actor can put a hunter, or (supply empty) own hunters it may move instead: each placement moves another
 * hunter, never one placed or moved during this action (the rulebook's example: "zwei weitere eigene Jäger").
 */
function placeOptions(s: S, a: Act): O[] {
  const seat = a.seat;
  const allowed = a.land ?? freeRegions(s);
  if (s.supply[seat] > 0) {
    const out = [...regionOpts(s, 'to', allowed, 'place'), ...placeMany(s, 'to', allowed, Math.min(a.max - a.count, s.supply[seat]!), 'place')];
    if (s.clubsHeld[seat] > 0) out.push(...regionOpts(s, 'toc', allowed, 'placeClub', (r) => m('opt.withClub', { r: regMsg(s, r) })));
    return out;
  }
  const out: O[] = [];
  for (const r of freeRegions(s)) {
    if (!allowed.some((x) => x !== r)) continue;
    if (plain(s, r, seat) - arrivedHere(a, r, seat, false) > 0) out.push(ownHunterOpt(s, r, false, false));
    if (C(s, r, seat) - arrivedHere(a, r, seat, true) > 0) out.push(ownHunterOpt(s, r, true, false));
  }
  return out;
}

/** Several hunters from the supply into one region in one choice: `<prefix>:<region>:<k>` for k = 2..most. */
function placeMany(s: S, prefix: string, regions: number[], most: number, group: string): O[] {
  const out: O[] = [];
  for (let k = 2; k <= most; k++) {
    for (const r of regions) out.push(opt(`${prefix}:${r + 1}:${k}`, m('opt.placeMany', { k, r: regMsg(s, r) }), { ...(regionPayload(prefix, r) as Placing), count: k }, group));
  }
  return out;
}

/**
 * The landscape card's first step: where the first hunters go decides the mode (up to 3 into the card's landscape,
 * or up to 2 anywhere), so a whole "3 into 10 (Forest)" is one choice. Choosing the mode alone stays possible when
 * the supply is empty (hunters then move on the board) or a club could go with the first hunter.
 */
function modeOptions(s: S, a: Act): O[] {
  const land = landRegions(s, a.effect);
  const out: O[] = [];
  const supply = s.supply[a.seat]!;
  if (supply > 0) {
    out.push(...regionOpts(s, 'l', land, 'placeLand'), ...placeMany(s, 'l', land, Math.min(3, supply), 'placeLand'));
    out.push(...regionOpts(s, 'y', freeRegions(s), 'placeAny'), ...placeMany(s, 'y', freeRegions(s), Math.min(2, supply), 'placeAny'));
  }
  if (supply === 0 || s.clubsHeld[a.seat] > 0) {
    out.push(
      opt('land', m('opt.modeLand', { land: m(`land.${dataOf(s).card[a.effect]!.landscape}`) }), { kind: 'mode', mode: 'land' }),
      opt('any', m('opt.modeAny'), { kind: 'mode', mode: 'any' }),
    );
  }
  return out;
}

/** The actor puts `k` hunters from the supply into region `r` (a placing step, or several at once). */
function placeFromSupply(s: S, r: number, k: number): void {
  const a = s.act!;
  for (let i = 0; i < k; i++) {
    s.supply[a.seat]--;
    addHunter(s, r, a.seat, false);
    a.arrived.push(r, a.seat, 0);
    log(s, 'ev.place', { p: seatRef(a.seat), r: regMsg(s, r) });
    a.count++;
  }
}

/** Hunters placed one at a time: from the supply, or (supply empty) one of the actor's own moved from the board. */
function place(s: S, a: Act, p: Payload): void {
  const seat = a.seat;
  const who = seatRef(seat);
  if (p.kind === 'ownHunter') {
    a.from = p.region; a.clubbed = p.club; a.step = 'placeMovedTo';
    return;
  }
  const { region: r, count, club } = p as Placing;
  if (a.step === 'place' && count > 1) {
    placeFromSupply(s, r, count);
    return;
  }
  if (a.step === 'placeMovedTo') {
    takeHunter(s, a.from, seat, a.clubbed);
    addHunter(s, r, seat, a.clubbed || club);
    a.arrived.push(r, seat, a.clubbed || club ? 1 : 0);
    log(s, 'ev.moveOwn', { p: who, from: regMsg(s, a.from), to: regMsg(s, r) });
  } else {
    s.supply[seat]--;
    addHunter(s, r, seat, club);
    a.arrived.push(r, seat, club ? 1 : 0);
    log(s, 'ev.place', { p: who, r: regMsg(s, r) });
  }
  if (club) attachClub(s, r);
  a.count++;
  a.step = 'place';
}

export const placingSteps = {
  landscapeMode: {
    options(s, a) {
      return { optional: true, options: modeOptions(s, a) };
    },
    perform(s, a, p) {
      const mode = p.kind === 'mode' || p.kind === 'place' ? p.mode : undefined;
      if (mode === 'land') { a.land = landRegions(s, a.effect); a.max = 3; } else { a.land = null; a.max = 2; }
      a.step = 'place';
      if (p.kind === 'place') placeFromSupply(s, p.region, p.count);
    },
  },
  place: {
    options(s, a) {
      return { optional: true, options: a.count < a.max ? placeOptions(s, a) : [] };
    },
    perform: place,
  },
  placeMovedTo: {
    options(s, a) {
      const allowed = (a.land ?? freeRegions(s)).filter((r) => r !== a.from);
      const out = regionOpts(s, 'to', allowed, 'place');
      if (!a.clubbed && s.clubsHeld[a.seat]! > 0) out.push(...regionOpts(s, 'toc', allowed, 'placeClub', (r) => m('opt.withClub', { r: regMsg(s, r) })));
      return { optional: true, options: out };
    },
    perform: place,
  },
  huntersMammothRegion: {
    options(s) {
      return { optional: true, options: regionOpts(s, 'r', freeRegions(s)) };
    },
    perform(s, a, p) {
      a.from = regionIn(p); a.step = 'huntersMammoth';
    },
  },
  huntersMammoth: {
    options(s, a) {
      const seat = a.seat;
      const out: O[] = [];
      if (a.count < 2) {
        if (s.supply[seat] > 0) {
          out.push(opt('h', m('opt.placeHere'), { kind: 'place', region: a.from, count: 1, club: false }));
          if (s.clubsHeld[seat]! > 0) out.push(opt('hc', m('opt.placeHereClub'), { kind: 'place', region: a.from, count: 1, club: true }));
        } else {
          for (const o of ownMoveSources(s, a)) if (o.payload!.kind === 'ownHunter' && o.payload!.region !== a.from) out.push(o);
        }
      }
      if (!a.mammothMoved) {
        if (s.mammoths > 0) out.push(opt('mam', m('opt.mammothNew'), MAMMOTH));
        else {
          for (const r of nbrs(s, a.from)) {
            if (s.mammothsIn[r] > 0) out.push(opt(`mamf:${r + 1}`, m('opt.mammothFrom', { r: regMsg(s, r) }), { kind: 'mammothFrom', region: r }, 'mammoth'));
          }
        }
      }
      return { optional: true, options: out };
    },
    perform(s, a, p) {
      const seat = a.seat;
      const who = seatRef(seat);
      if (p.kind === 'place') {
        s.supply[seat]--;
        addHunter(s, a.from, seat, p.club);
        log(s, 'ev.place', { p: who, r: regMsg(s, a.from) });
        if (p.club) attachClub(s, a.from);
        a.count++;
      } else if (p.kind === 'mammoth') {
        s.mammoths--; s.mammothsIn[a.from]++; a.mammothMoved = true;
        log(s, 'ev.mammothPlace', { p: who, r: regMsg(s, a.from) });
      } else if (p.kind === 'mammothFrom') {
        s.mammothsIn[p.region]--; s.mammothsIn[a.from]++; a.mammothMoved = true;
        log(s, 'ev.mammothMove', { p: who, from: regMsg(s, p.region), to: regMsg(s, a.from) });
      } else if (p.kind === 'ownHunter') {
        takeHunter(s, p.region, seat, p.club);
        addHunter(s, a.from, seat, p.club || p.attach);
        log(s, 'ev.moveOwn', { p: who, from: regMsg(s, p.region), to: regMsg(s, a.from) });
        if (p.attach) attachClub(s, a.from);
        a.count++;
      }
    },
  },
} satisfies StepRules;
