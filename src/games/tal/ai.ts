/**
 * The search hooks of Das Tal der Mammuts for the computer players (`estimate`, `playoutPolicy` of the engine
 * contract). Random tribes nearly always starve, so random playouts say nothing: playouts follow `talPolicy`,
 * a cheap rule of thumb (spread couples out and found camps, spread warriors onto fishing grounds, feed and
 * guard the women, feed everyone it can), and are cut at a horizon and judged by `talEstimate` (camps towards the four of victory,
 * women, warriors, food, against the best other tribe).
 *
 * Both read only what the seat may see: the public board and tribes, the seat's own hand and its own
 * movement turn. Neither reads the generator, the bag, the decks or another seat's hand.
 */
import { randInt, type RngState } from '../../engine/rng.js';
import type { Seat } from '../../engine/types.js';
import { decisions } from './engine.js';
import { foodCost } from './feeding.js';
import { reach } from './reach.js';
import {
  animalsOn, board, CAMP_MARKERS, campAt, campsOf, HEXES, opposition, peopleOn, popOf, totals, warriorsAt, womenAt,
  type TalOption, type TalPayload, type TalState,
} from './state.js';

// ---------------------------------------------------------------- estimate

/** How far tribe `p` stands towards victory and survival, in [0, 1] (public information only). */
export function tribeStrength(s: TalState, p: number): number {
  const t = s.tribes[p]!;
  if (t.status === 'out') return 0;
  if (t.status === 'returning') return 0.05;
  const { m, w } = totals(s, p);
  if (m + w === 0) return 0;
  const camps = campsOf(s, p).length;
  const fed = Math.min(1, t.food / Math.max(1, 2 * (m + w)));
  let v = 0.36 * Math.min(camps, 4) / 4
    + 0.2 * Math.min(w, 6) / 6
    + 0.1 * Math.min(m, 6) / 6
    + 0.12 * fed
    + 0.04 * (w > 0 ? 1 : 0);
  // a lone couple on a free hex founds a camp next turn
  let couples = 0;
  for (let i = 0; i < HEXES && camps + couples < 4; i++) {
    if (s.hx.camp[i]! < 0 && warriorsAt(s, i, p) === 1 && womenAt(s, i, p) === 1 && peopleOn(s, i) === 2 && animalsOn(s, i) === 0) couples++;
  }
  v += 0.06 * couples / 4;
  if (camps >= 4 && (!s.advanced || t.fire)) v += t.announced ? 0.12 : 0.06;
  if (s.advanced && t.fire) v += 0.02;
  return Math.min(1, v);
}

/** The engine's `estimate`: own strength, and a little of the margin over the best other tribe. */
export function talEstimate(s: TalState, seat: Seat): number {
  if (s.stage === 'over') return s.winners.includes(seat) ? 1 / s.winners.length : 0;
  const mine = tribeStrength(s, seat);
  let best = 0;
  for (let p = 0; p < s.players; p++) if (p !== seat) best = Math.max(best, tribeStrength(s, p));
  return Math.max(0, Math.min(1, 0.8 * mine + 0.2 * (0.5 + 0.5 * (mine - best))));
}

// ---------------------------------------------------------------- playout policy

/**
 * The options of the decision `seat` owes that `ids` name, in the same order: the hooks get ids, and what an option
 * does is in its payload.
 */
function offered(s: TalState, seat: Seat, ids: readonly string[]): TalOption[] {
  const d = decisions(s).find((x) => x.seat === seat);
  const byId = new Map(d?.options.map((o) => [o.id, o]));
  return ids.map((id) => byId.get(id)!);
}

/** The hex an option names (-1 for none). */
const hexOf = (o: TalOption): number => (o.payload && 'hex' in o.payload ? o.payload.hex : -1);
/** The count of a warriors or women option. */
const countOf = (o: TalOption): number => (o.payload?.kind === 'warriors' || o.payload?.kind === 'women' ? o.payload.n : -1);
const isKind = (k: TalPayload['kind']) => (o: TalOption): boolean => o.payload?.kind === k;
const isCard = (card: string) => (o: TalOption): boolean => o.payload?.kind === 'card' && o.payload.card === card;
const hasRole = (role: TalOption['role']) => (o: TalOption): boolean => o.role === role;

/** Food a hex gives the tribe standing on it each round (fish; forest in summer; a little for a future field). */
function foodOf(s: TalState, i: number): number {
  const bh = board(s).hexes[i]!;
  return (bh.lakeSide && !s.roundEffects.frozen ? 1 : 0) + (bh.riverSide ? 1 : 0) + (s.season === 'summer' && bh.terrain === 'forest' ? 0.8 : 0);
}

/** Animals on the hex and around it (what may walk in or arrive). */
function danger(s: TalState, i: number): number {
  const bh = board(s).hexes[i]!;
  let d = 2 * animalsOn(s, i) + (bh.letter !== null ? 0.7 : 0);
  for (const n of bh.nb) if (n >= 0) d += animalsOn(s, n);
  return d;
}

const isFree = (s: TalState, i: number): boolean => peopleOn(s, i) === 0 && animalsOn(s, i) === 0 && !campAt(s, i) && s.hx.mark[i] === 0;

/** Where a couple would found a camp: free, fed, safe, not on an arrival letter; caves defend best. */
function campSiteScore(s: TalState, i: number): number {
  const bh = board(s).hexes[i]!;
  return foodOf(s, i) + (bh.terrain === 'mountain' ? 0.6 : bh.terrain === 'plain' ? 0.3 : 0) - 0.8 * danger(s, i);
}

type Plan = { kind: 'couple' | 'fish' | 'guard' | 'join' | 'raid'; m: number; w: number };

/** Warriors a hex of the seat should keep: guards at an own camp (more with animals about), an escort for women. */
function guardsWanted(s: TalState, seat: number, hex: number): number {
  if (s.hx.camp[hex] === seat) return danger(s, hex) > 0.7 ? 3 : 2;
  return womenAt(s, hex, seat) > 0 ? 1 : 0;
}

/** The seat is short of food when it cannot pay three more rounds. */
const hungry = (s: TalState, seat: number): boolean => { const { m, w } = totals(s, seat); return s.tribes[seat]!.food < 3 * (m + w); };

/**
 * What a group on `hex` should do this movement turn, from its figures that have not moved yet: send a
 * couple off to found a camp (keeping a woman at an own camp), send spare warriors to fish elsewhere when
 * food is short or to guard the camps otherwise, and bring lone women to a camp or a lone warrior.
 */
function planFor(s: TalState, seat: number, hex: number): Plan | null {
  const mv = s.move!;
  const bd = mv.budgets[hex];
  if (!bd) return null;
  const M = warriorsAt(s, hex, seat), W = womenAt(s, hex, seat);
  const freshM = bd.m[mv.fullSteps]!, freshW = bd.w[mv.fullSteps]!;
  if (freshM + freshW === 0) return null;
  const camp = campAt(s, hex);
  const ownCamp = camp?.seat === seat;
  const opp = opposition(s, hex, seat);
  const contested = opp > 0;
  // a couple alone on a free hex stays and founds next turn
  if (!camp && !contested && M === 1 && W === 1) return null;
  // from a hex shared with animals or strangers only as many may leave as are left over against them
  const cap = contested ? Math.max(0, M + W - opp) : M + W;
  const camps = campsOf(s, seat).length;
  const keepW = ownCamp ? 1 : 0;
  if (camps < CAMP_MARKERS && W - keepW >= 1 && freshW >= 1 && freshM >= 1 && cap >= 2 && (M > 1 || !contested)) return { kind: 'couple', m: 1, w: 1 };
  const spare = Math.min(freshM, M - guardsWanted(s, seat, hex), cap);
  if (spare >= 1) {
    // women of another tribe with fewer warriors than we bring go over to us
    const raid: Plan = { kind: 'raid', m: spare, w: 0 };
    if (bestDest(s, seat, hex, raid) !== null) return raid;
    // a lone warrior holding a fishing ground stays there
    if (M === 1 && W === 0 && !contested && foodOf(s, hex) > 0 && !guardNeeded(s, seat)) return null;
    if (hungry(s, seat) || !guardNeeded(s, seat)) return { kind: 'fish', m: spare >= 4 ? 2 : 1, w: 0 };
    return { kind: 'guard', m: Math.min(spare, 2), w: 0 };
  }
  if (!ownCamp && W > 0 && M === 0 && freshW >= 1) return { kind: 'join', m: 0, w: Math.min(freshW, W) };
  return null;
}

/** Some own camp with women has fewer guards than it wants. */
function guardNeeded(s: TalState, seat: number): boolean {
  for (let i = 0; i < HEXES; i++) if (s.hx.camp[i] === seat && warriorsAt(s, i, seat) < guardsWanted(s, seat, i)) return true;
  return false;
}

function destScore(s: TalState, seat: number, plan: Plan, i: number): number {
  switch (plan.kind) {
    case 'couple': return isFree(s, i) ? campSiteScore(s, i) : -Infinity;
    case 'guard': {
      if (s.hx.camp[i] !== seat || opposition(s, i, seat) > 0) return -Infinity;
      return guardsWanted(s, seat, i) - warriorsAt(s, i, seat);
    }
    case 'join': {
      if (opposition(s, i, seat) > 0) return -Infinity;
      if (s.hx.camp[i] === seat) return 1;
      if (!campAt(s, i) && warriorsAt(s, i, seat) === 1 && womenAt(s, i, seat) === 0) return 2 + campSiteScore(s, i) * 0.1;
      return -Infinity;
    }
    case 'raid': {
      let women = 0, warriors = 0;
      for (let p = 0; p < s.players; p++) if (p !== seat) { women += womenAt(s, i, p); warriors += warriorsAt(s, i, p); }
      if (women === 0 || warriors >= plan.m || animalsOn(s, i) > 0) return -Infinity;
      return women * 2 + (campAt(s, i) ? 1 : 0) - warriors;
    }
    case 'fish': {
      // an empty fishing ground not held yet, away from animals
      if (peopleOn(s, i) > 0 || animalsOn(s, i) > 0) return -Infinity;
      const f = foodOf(s, i);
      if (f <= 0) return -Infinity;
      return f - 0.4 * danger(s, i);
    }
  }
}

function bestDest(s: TalState, seat: number, from: number, plan: Plan): number | null {
  const mv = s.move!;
  let best: number | null = null, bestScore = -Infinity;
  for (const [i] of reach(s, seat, from, mv.fullSteps, mv.scout, mv.raft)) {
    const sc = destScore(s, seat, plan, i);
    if (sc > bestScore) { bestScore = sc; best = i; }
  }
  return bestScore > -1 ? best : null;
}

function pickBest(opts: TalOption[], score: (o: TalOption) => number, rng: RngState): number {
  let best = -1, bestScore = -Infinity, ties = 0;
  for (let k = 0; k < opts.length; k++) {
    const sc = score(opts[k]!);
    if (sc > bestScore) { bestScore = sc; best = k; ties = 1; }
    else if (sc === bestScore && randInt(rng, ++ties) === 0) best = k;
  }
  return best;
}

function movementChoice(s: TalState, seat: number, opts: TalOption[], rng: RngState): number {
  const step = s.move!.step;
  const find = (pred: (o: TalOption) => boolean): number => opts.findIndex(pred);
  if (step.name === 'chooseGroup') {
    const special = find((o) => o.payload?.kind === 'found' || o.payload?.kind === 'fire');
    if (special >= 0) return special;
    for (const card of ['stranger_w', 'stranger_m']) if (find(isCard(card)) >= 0) return find(isCard(card));
    if (find(isCard('fence')) >= 0 && campsOf(s, seat).some((i) => !s.hx.fence[i] && danger(s, i) > 0.7)) return find(isCard('fence'));
    if (find(isCard('firemaker')) >= 0 && (s.advanced || s.tribes[seat]!.food < foodCost(s, seat) * 2)) return find(isCard('firemaker'));
    // the first group with something to do
    const froms: number[] = [];
    for (let k = 0; k < opts.length; k++) {
      const o = opts[k]!;
      if (o.payload?.kind !== 'group') continue;
      const hex = o.payload.hex;
      const plan = planFor(s, seat, hex);
      if (plan && bestDest(s, seat, hex, plan) !== null) froms.push(k);
    }
    if (froms.length) return froms[randInt(rng, froms.length)]!;
    return find(hasRole('finish')) >= 0 ? find(hasRole('finish')) : randInt(rng, opts.length);
  }
  if (step.name === 'chooseCardHex') {
    // a stranger joins the camp with the most women; a fence guards it
    if (step.card === 'fence') return pickBest(opts, (o) => { const i = hexOf(o); return (s.hx.camp[i] === seat ? 3 : 0) + womenAt(s, i, seat) + danger(s, i); }, rng);
    return pickBest(opts, (o) => { const i = hexOf(o); return womenAt(s, i, seat) * 2 + (s.hx.camp[i] === seat ? 3 : 0) - danger(s, i) * 0.1; }, rng);
  }
  const plan: Plan = planFor(s, seat, step.from) ?? { kind: 'fish', m: 1, w: 0 };
  if (step.name === 'chooseDestination') return pickBest(opts, (o) => destScore(s, seat, plan, hexOf(o)), rng);
  if (step.name === 'chooseWarriors') return pickBest(opts, (o) => -Math.abs(countOf(o) - plan.m), rng);
  return pickBest(opts, (o) => -Math.abs(countOf(o) - plan.w), rng);
}

function setupChoice(s: TalState, opts: TalOption[], rng: RngState): number {
  const cultivate = opts.findIndex(isKind('cultivate'));
  if (cultivate >= 0) return cultivate;
  const b = board(s);
  return pickBest(opts, (o) => {
    const i = hexOf(o);
    const bh = b.hexes[i]!;
    return 1.5 * foodOf(s, i) + (bh.terrain === 'plain' ? 1 : bh.terrain === 'forest' ? 0.5 : 0.3) - (bh.letter !== null ? 1.5 : 0) - (bh.rim ? 0.5 : 0) - danger(s, i) * 0.3;
  }, rng);
}

/**
 * The engine's `playoutPolicy`: an index into `ids`, the options `seat` may choose by the contract (every option
 * offered except `back`, in the offered order).
 */
export function talPolicy(s: TalState, seat: Seat, ids: string[], rng: RngState): number {
  const opts = offered(s, seat, ids);
  const find = (pred: (o: TalOption) => boolean): number => opts.findIndex(pred);
  let k = -1;
  switch (s.stage) {
    case 'setup': k = setupChoice(s, opts, rng); break;
    case 'return': k = pickBest(opts, (o) => foodOf(s, hexOf(o)) - danger(s, hexOf(o)), rng); break;
    case 'animalCards': k = find(hasRole('pass')); break;
    case 'movement': k = movementChoice(s, seat, opts, rng); break;
    case 'combat': {
      k = find((o) => o.payload?.kind === 'lose' && o.payload.figure === 'm');
      if (k < 0) k = find((o) => o.payload?.kind === 'conquest' && o.payload.keep);
      if (k < 0) { const c = find(isKind('card')); if (c >= 0) k = c; }
      break;
    }
    case 'survivalCards': {
      const t = s.tribes[seat]!;
      const short = t.food < foodCost(s, seat) + 2;
      k = short ? find(isKind('card')) : find(hasRole('pass'));
      break;
    }
    // feed everyone when the food covers it, else as many as it covers (the engine's rule of thumb picks who goes)
    case 'survival': k = find(hasRole('finish')) >= 0 ? find(hasRole('finish')) : find(isKind('feedMost')); break;
    case 'birthCards': k = find(isKind('fertility')); break;
    case 'sowing': {
      k = find((o) => o.payload?.kind === 'sow' && o.payload.seed);
      if (k < 0) {
        const { m, w } = totals(s, seat);
        if (s.tribes[seat]!.food > m + w + 2) k = find((o) => o.payload?.kind === 'sow' && !o.payload.seed);
      }
      if (k < 0) k = find(hasRole('finish'));
      break;
    }
    default: break;
  }
  return k >= 0 && k < ids.length ? k : randInt(rng, ids.length);
}

// ---------------------------------------------------------------- simple strategy

/**
 * The simple strategy: a simple, legal-only computer player for self-play statistics: it splits couples off its groups, walks them
 * to free hexes and founds camps, feeds and defends them. It only picks among the options offered (so it
 * never breaks a rule) and reads only the public board plus its own seat.
 */
const pickOne = (rng: RngState, opts: TalOption[], pred: (o: TalOption) => boolean): number => {
  const idx = opts.map((o, i) => (pred(o) ? i : -1)).filter((i) => i >= 0);
  return idx.length ? idx[randInt(rng, idx.length)]! : -1;
};

/** A chooser for `playRandom` (it gets the ids of every option offered, `back` included). */
export function talStrategy(s: TalState, seat: Seat, ids: string[], rng: RngState): number {
  const opts = offered(s, seat, ids);
  const by = (pred: (o: TalOption) => boolean) => pickOne(rng, opts, pred);
  const first = (...preds: ((o: TalOption) => boolean)[]): number => {
    for (const p of preds) { const i = by(p); if (i >= 0) return i; }
    return randInt(rng, ids.length);
  };
  const free = (i: number) => peopleOn(s, i) === 0 && animalsOn(s, i) === 0 && !campAt(s, i);
  const b = board(s);
  const count = (kind: 'warriors' | 'women', n: number) => (o: TalOption): boolean => o.payload?.kind === kind && o.payload.n === n;
  switch (s.stage) {
    case 'setup':
      return first(isKind('cultivate'), (o) => o.payload?.kind === 'start' && b.hexes[hexOf(o)]!.terrain !== 'mountain' && (b.hexes[hexOf(o)]!.lakeSide || b.hexes[hexOf(o)]!.riverSide));
    case 'movement': {
      const step = s.move!.step;
      const foodHex = (i: number) => (b.hexes[i]!.lakeSide ? 1 : 0) + (b.hexes[i]!.riverSide ? 1 : 0) + (b.hexes[i]!.terrain === 'forest' ? 1 : 0);
      if (step.name === 'chooseGroup') {
        const found = by((o) => o.payload?.kind === 'found' || o.payload?.kind === 'fire');
        if (found >= 0) return found;
        const finish = opts.findIndex(hasRole('finish'));
        if (randInt(rng, 4) === 0 && finish >= 0) return finish;
        return first(
          (o) => o.payload?.kind === 'group' && popOf(s, hexOf(o), seat) >= 3,
          (o) => o.payload?.kind === 'group' && popOf(s, hexOf(o), seat) >= 2 && foodHex(hexOf(o)) === 0,
          hasRole('finish'),
        );
      }
      if (step.name === 'chooseCardHex') return randInt(rng, ids.length);
      if (step.name === 'chooseDestination') {
        const good = (min: number) => (o: TalOption) => o.payload?.kind === 'destination' && free(hexOf(o)) && b.hexes[hexOf(o)]!.terrain !== 'mountain' && foodHex(hexOf(o)) >= min;
        return first(good(2), good(1), good(0), hasRole('back'));
      }
      const couple = womenAt(s, step.from, seat) >= 2 && warriorsAt(s, step.from, seat) >= 2;
      if (step.name === 'chooseWarriors') return first(count('warriors', 1), count('warriors', 0), hasRole('back'));
      return first(count('women', couple ? 1 : 0), count('women', 1), hasRole('back'));
    }
    case 'combat':
      return first(isKind('card'), (o) => o.payload?.kind === 'conquest' && o.payload.keep,
        (o) => o.payload?.kind === 'lose' && o.payload.figure === 'm' && (s.combat?.hex === null || warriorsAt(s, s.combat!.hex!, seat) > 1),
        (o) => o.payload?.kind === 'lose' && o.payload.figure === 'w');
    case 'sowing':
      return first((o) => o.payload?.kind === 'sow' && o.payload.seed, (o) => o.payload?.kind === 'sow' && !o.payload.seed && s.tribes[seat]!.food > 6, hasRole('finish'));
    case 'survival':
      return first(hasRole('finish'), isKind('feedMost'));
    case 'survivalCards': case 'birthCards':
      return first((o) => o.role !== 'pass');
    default:
      return randInt(rng, ids.length);
  }
}
