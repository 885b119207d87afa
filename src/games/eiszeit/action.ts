/**
 * A card's action, the heart of settling. Playing a card lays it on its pile and starts its action: a light card is
 * paid in stones and its player carries it out; a dark card gives its player stones and is carried out by another
 * player they choose, or (the placing cards) by every other player in turn; a cult card runs the action of one of the
 * two top cards. An action is a short sequence of steps (`Act.step`), each a question to the seat acting now; the
 * steps of each rule live beside this file (`placing.ts`, `hunting.ts`, `mammoths.ts`, `fire.ts`, `clubs.ts`) and are
 * listed in `STEPS`. What an actor does is logged when its part is committed (`commit`): from then on nothing of it
 * can be taken back.
 */
import { RULES } from './versions.js';
import { commitSteps } from '../../engine/compound.js';
import type { GameEvent, Seat } from '../../engine/types.js';
import { cardMsg, dataOf, lastRound, log, m, others, seatRef } from './board.js';
import { cultChoices, putOnTop, putUnder } from './cards.js';
import { clubSteps } from './clubs.js';
import { fireSteps } from './fire.js';
import { huntingSteps } from './hunting.js';
import { mammothSteps } from './mammoths.js';
import { opt, type StepOptions, type StepRule, type StepRules } from './options.js';
import { landRegions, placingSteps } from './placing.js';
import { endTurn } from './round.js';
import type { Act, EiszeitPayload, EiszeitState, Step } from './state.js';

type S = EiszeitState;
type Payload = EiszeitPayload;

/** A new action of card `effect` (played as `card`: a cult card runs another card's action) by `owner`. */
export function newAct(s: S, card: string, effect: string, owner: Seat): Act {
  const c = dataOf(s).card[effect]!;
  return {
    card, effect, kind: c.kind, colour: c.colour, owner, seat: owner, queue: [], step: 'none', count: 0, max: 0, land: null,
    from: -1, to: -1, chosen: -1, clubbed: false, attach: false, mode: '', mammothMoved: false, owners: [], arrived: [], log: [],
  };
}

/** `seat` plays card `id` from its hand: onto its pile (a cult card under it) and its action begins. */
export function playCard(s: S, seat: Seat, id: string, events: GameEvent[]): void {
  s.hands[seat]!.splice(s.hands[seat]!.indexOf(id), 1);
  const c = dataOf(s).card[id]!;
  s.stage = 'act';
  if (c.kind === 'cult') {
    putUnder(s, id);
    s.act = newAct(s, id, id, seat);
    log(s, 'ev.playCult', { p: seatRef(seat), card: cardMsg(s, id) });
    s.act.step = 'chooseTopCard';
    return;
  }
  putOnTop(s, id);
  s.act = newAct(s, id, id, seat);
  log(s, 'ev.play', { p: seatRef(seat), card: cardMsg(s, id) });
  startEffect(s, events);
}

/** The card's stones change hands (a light card paid, a dark card's stones taken), then its action begins. */
function startEffect(s: S, events: GameEvent[]): void {
  const a = s.act!;
  const c = dataOf(s).card[a.effect]!;
  const owner = a.owner;
  if (c.colour === 'light') {
    if (c.kind !== 'mammoth') {
      const v = c.value ?? 0;
      s.stones[owner] -= v;
      s.light += v;
      log(s, 'ev.pay', { p: seatRef(a.owner), n: v });
    }
    begin(s, a.owner);
    return;
  }
  // dark: take the stones (the rest from the light supply); the last stone ends settling after this action
  const v = c.value ?? 0;
  const fromDark = Math.min(v, s.dark);
  const fromLight = Math.min(v - fromDark, s.light);
  s.dark -= fromDark;
  if (s.dark === 0) s.ending = true;
  if (s.ending && lastRound(s)) {
    s.light += fromDark;
    log(s, 'ev.voidLast', { p: seatRef(a.owner), n: fromDark });
    commit(s, events);
    s.act = null;
    endTurn(s, events);
    return;
  }
  s.light -= fromLight;
  s.stones[owner] += fromDark + fromLight;
  log(s, fromLight > 0 ? 'ev.takeBoth' : 'ev.take', { p: seatRef(a.owner), n: fromDark + fromLight, light: fromLight });
  if (s.ending) log(s, 'ev.darkEmpty');
  if (a.kind === 'placeTwoEach' || a.kind === 'placeOneEach') {
    if (RULES.atLeast(s, 2)) { discardFirst(s, others(s, a.owner)); return; }
    commit(s, events);
    a.queue = others(s, a.owner);
    begin(s, a.queue.shift()!);
  } else {
    a.step = 'chooseTarget';
  }
}

/**
 * Rules version 2: the card player discards and draws now, before handing the dark card on to `seats` (in this order),
 * so that the turn ends with the last of them instead of coming back to the card player only for that. Nothing is
 * committed yet: the card player may still step back to the card or the player chosen.
 */
function discardFirst(s: S, seats: Seat[]): void {
  const a = s.act!;
  a.next = seats;
  a.seat = a.owner;
  a.step = 'none';
  s.stage = 'discard';
}

/**
 * Rules version 2: the card player has discarded and drawn (turn.ts); the first of the seats the dark card was handed
 * to begins its part.
 */
export function handOn(s: S, events: GameEvent[]): void {
  const a = s.act!;
  const seats = a.next!;
  delete a.next;
  a.discarded = true;
  a.queue = seats.slice(1);
  s.stage = 'act';
  begin(s, seats[0]!);
  settleAct(s, events);
}

/** Sets up the first step of the action for the seat that carries it out. */
function begin(s: S, seat: Seat): void {
  const a = s.act!;
  a.seat = seat;
  a.count = 0; a.max = 0; a.land = null; a.from = -1; a.to = -1; a.chosen = -1; a.clubbed = false; a.attach = false;
  a.mode = ''; a.mammothMoved = false; a.owners = []; a.arrived = [];
  switch (a.kind) {
    case 'landscape': {
      const land = landRegions(s, a.effect);
      if (land.length > 0) a.step = 'landscapeMode';
      else { a.step = 'place'; a.max = 2; }
      break;
    }
    case 'huntersMammoth': a.step = 'huntersMammothRegion'; break;
    case 'moveWithMammoth': a.step = 'trekFrom'; break;
    case 'mammoth': a.step = 'mammothMove'; break;
    case 'fire': a.step = 'fireFrom'; break;
    case 'swap': a.step = 'swapFirst'; break;
    case 'club': a.step = 'clubOrMammoth'; break;
    case 'moveMixed': a.step = 'stampedeFrom'; a.max = 3; break;
    case 'placeTwoEach': a.step = 'place'; a.max = 2; break;
    case 'placeOneEach': a.step = 'place'; a.max = 1; break;
    case 'removeTwo': a.step = 'removeFrom'; a.max = 2; break;
    case 'removeOne': a.step = 'removeFrom'; a.max = 1; break;
    case 'clubOrMove': a.step = 'clubOrMove'; break;
    case 'removeMammoth': a.step = 'removeMammoth'; break;
    default: throw new Error(`no action for ${a.kind}`);
  }
}

/** Emits the current actor's log lines: from here on nothing can be taken back. */
export function commit(s: S, events: GameEvent[]): void {
  if (s.act) {
    for (const e of s.act.log) events.push(e);
    s.act.log = [];
  }
  commitSteps(s);
}

/** The current actor is done with the action. */
export function actorDone(s: S, events: GameEvent[]): void {
  const a = s.act!;
  if (a.seat === a.owner) {
    s.stage = 'discard';
    return;
  }
  if (a.log.length === 0) log(s, 'ev.declined', { p: seatRef(a.seat) });
  commit(s, events);
  if (a.queue.length > 0) {
    begin(s, a.queue.shift()!);
    return;
  }
  if (a.discarded) { // rules version 2: the card player discarded before handing the card on
    endTurn(s, events);
    return;
  }
  a.seat = a.owner;
  a.step = 'none';
  s.stage = 'discard';
}

/** The steps of the action itself: the cult card's choice of top card, the dark card's choice of player, and the end. */
const actionSteps = {
  chooseTopCard: {
    options(s, a) {
      const options = cultChoices(s, a.seat).map((colour) => {
        const top = colour === 'light' ? s.topL! : s.topD!;
        return opt(`top:${colour === 'light' ? 'L' : 'D'}`, m('opt.cultTop', { card: cardMsg(s, top) }), { kind: 'topCard', colour });
      });
      return { optional: false, options };
    },
    perform(s, a, p, events) {
      const top = p.kind === 'topCard' && p.colour === 'light' ? s.topL! : s.topD!;
      const lines = a.log;
      s.act = newAct(s, a.card, top, a.owner);
      s.act.log = lines;
      log(s, 'ev.cultChoice', { p: seatRef(a.seat), card: cardMsg(s, top) });
      startEffect(s, events);
    },
  },
  chooseTarget: {
    options(s, a) {
      return { optional: false, options: others(s, a.owner).map((q) => opt(`t:${q}`, m('opt.seat', { p: seatRef(q) }), { kind: 'target', seat: q })) };
    },
    perform(s, a, p, events) {
      const q = (p as { seat: Seat }).seat;
      log(s, 'ev.target', { p: seatRef(a.seat), q: seatRef(q) });
      if (RULES.atLeast(s, 2)) { discardFirst(s, [q]); return; }
      commit(s, events);
      begin(s, q);
    },
  },
  done: {
    options() {
      return { optional: true, options: [] };
    },
  },
} satisfies StepRules;

/** Every step of an action (`none`: no action is running), by the module that holds its rule. */
const STEPS: Record<Exclude<Step, 'none'>, StepRule> = { ...actionSteps, ...placingSteps, ...huntingSteps, ...mammothSteps, ...fireSteps, ...clubSteps };

/** The real (non-control) options of the current action step, and whether finishing early is allowed. */
export function stepOptions(s: S): StepOptions {
  const a = s.act!;
  const rule = (STEPS as Partial<Record<Step, StepRule>>)[a.step];
  if (!rule) throw new Error(`unknown step ${a.step}`);
  return rule.options(s, a);
}

/** Carries out one option of the current action step (see `stepOptions`). */
export function performStep(s: S, p: Payload, events: GameEvent[]): void {
  const a = s.act!;
  const perform = (STEPS as Partial<Record<Step, StepRule>>)[a.step]?.perform;
  if (!perform) throw new Error(`unknown step ${a.step}`);
  perform(s, a, p, events);
}

/**
 * After a step: an actor with nothing left to choose is done automatically, and a step whose only option is forced
 * (it cannot be declined and nothing is revealed by it: a cult card with one usable top card, one affordable mammoth
 * move…) is carried out without asking. Both may still be taken back with the step before them (`back` replays the
 * chosen steps, which brings the forced ones again).
 */
export function settleAct(s: S, events: GameEvent[]): void {
  for (let guard = 0; guard < 40 && s.stage === 'act' && s.act; guard++) {
    const res = stepOptions(s);
    if (res.options.length === 0) actorDone(s, events);
    else if (!res.optional && res.options.length === 1) performStep(s, res.options[0]!.payload!, events);
    else return;
  }
}
