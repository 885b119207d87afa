/**
 * Mammut (Kristian Amundsen Østby): share out the loot of a mammoth hunt, then score it.
 *
 * The rules: set-up, the decisions owed (a turn of the sharing, the collection animals chosen after a scoring),
 * carrying out an option. The shapes are in state.ts; the further rule modules:
 * - board.ts: what lies where (tile faces and kinds as a seat tells them apart, middle and shares, tie order, cards);
 * - scoring.ts: the scoring of a round, the collection animals chosen after it, the end of a round and of the game.
 * What a seat sees and `determinize` are in view.ts, the upgrade of states stored in an earlier shape in upgrade.ts,
 * the computer players' rule of thumb in ai.ts; `index.ts` adds them to these rules to make the engine.
 *
 * A turn may be a short compound action (a mix of tiles, taking a share, a loot card and its targets) kept in
 * `pending`; its steps are taken back with the shared `takeback` (compound.ts) and it ends with `finish` or at once.
 */
import { RULES } from './versions.js';
import { backOption, commitSteps, finishOption, noTakeback, rememberStep, takeBack } from '../../engine/compound.js';
import { randInt, seedRng, shuffle } from '../../engine/rng.js';
import type { Decision, GameEvent, GameRules, LobbyOptions, Msg, Option, Seat } from '../../engine/types.js';
import {
  allMask, cardName, compactShares, dataOf, downCode, drop, faceMsg, faceOf, isAnimal, isLastTaker, isLoot, keyId, keyMsg, kindsOf,
  knowsBack, locId, locMsg, moveTiles, nextSeat, owns, Q, shareCounts, sideUp, tileList, typeOf, upCode, whereMsg, zones,
  type Zones,
} from './board.js';
import { DATA, type CardDef } from './data.js';
import { mammutMessages } from './messages.js';
import { chooseAnimal, LAST_ROUND, outcome, scoreRound, START_SCORE, type Ctx } from './scoring.js';
import { MIDDLE, NT, type MammutState, type MammutView, type Payload, type Pending } from './state.js';

type Opt = Option<Payload>;
type Dec = Decision<Payload>;

// ---------------------------------------------------------------- setup

export function setup(players: number, options: LobbyOptions, seed: string): MammutState {
  if (!Number.isInteger(players) || players < 2 || players > 5) throw new Error(`Mammut is for 2 to 5 players, not ${players}`);
  const dataVersion = DATA.fromOptions(options);
  const rulesVersion = RULES.fromOptions(options);
  const d = DATA.get(dataVersion);
  const rng = seedRng(seed);
  const deck = shuffle(rng, d.cardOf.map((_, i) => i));
  const hands = Array.from({ length: players }, () => [deck.pop()!, deck.pop()!]);
  const collection: number[][] = Array.from({ length: players }, () => []);
  if (players >= 4) {
    // One animal of each sort goes into the bag; every player draws one, the rest goes back to the supply.
    const bag = shuffle(rng, d.animals.map((_, i) => i));
    for (let p = 0; p < players; p++) collection[p] = [bag.pop()!];
  }
  const s: MammutState = {
    rng,
    dataVersion, ...RULES.field(rulesVersion),
    players,
    sharesEach: players === 2 ? 2 : 1,
    round: players >= 4 ? 2 : 1,
    firstRound: players >= 4 ? 2 : 1,
    phase: 'taking',
    start: randInt(rng, players),
    current: 0,
    startTook: false,
    tileDef: d.tiles.map((_, i) => i),
    up: [],
    known: [],
    place: [],
    deck,
    discard: [],
    hands,
    played: Array.from({ length: players }, () => []),
    fur: Array(players).fill(0),
    score: Array(players).fill(START_SCORE),
    collection,
    pending: null,
    takeback: noTakeback(),
    animalChoices: [],
    lastScoring: null,
    final: null,
    stats: { decisions: 0, takes: 0, robs: 0, cards: 0, rounds: 0 },
  };
  drop(s);
  return s;
}

// ---------------------------------------------------------------- decisions

const BACK = backOption('secondary') as Opt;
const FINISH = finishOption(undefined, 'success') as Opt;

const unknownQ = (s: MammutState, seat: Seat) => (t: number): boolean => isLoot(s, t) && upCode(s, t) === Q && !knowsBack(s, t, seat);

function cardPlayable(s: MammutState, z: Zones, seat: Seat, c: CardDef): boolean {
  switch (c.effect) {
    case 'peek': {
      const q = unknownQ(s, seat);
      for (let t = 0; t < NT; t++) if (q(t)) return true;
      return false;
    }
    case 'flip':
      return true; // the shaman tile can always be turned
    case 'sendBack':
      return z.shares.some((l, p) => l.length > 0 && (p !== seat || s.sharesEach > 1));
    default:
      return true;
  }
}

export function turnDecision(s: MammutState): Dec {
  const d = turnDecisionBare(s);
  const peeked = peekedLines(s, d.seat);
  return peeked.length ? { ...d, prompt: { key: 'mammut.prompt.withPeeks', args: { prompt: d.prompt, list: peeked } } } : d;
}

/** What the seat has seen under ? tiles and nobody else knows yet, as "in the middle: axe" lines (panel text). */
function peekedLines(s: MammutState, seat: Seat): Msg[] {
  const out: Msg[] = [];
  for (let t = 0; t < NT; t++) {
    if (isLoot(s, t) && upCode(s, t) === Q && knowsBack(s, t, seat) && !knowsBack(s, t, null)) {
      out.push({ key: 'mammut.peekedLine', args: { where: whereMsg(s, t), face: dataOf(s).faceMsg[downCode(s, t)]! } });
    }
  }
  return out;
}

function turnDecisionBare(s: MammutState): Dec {
  const seat = s.current;
  const p = s.pending;
  const z = zones(s);
  if (!p) return topDecision(s, z, seat);
  switch (p.kind) {
    case 'take': return takeDecision(s, z, seat, p);
    case 'rob': return robDecision(s, z, seat, p);
    case 'peek': return peekDecision(s, z, seat, p);
    case 'flip': return flipDecision(s, z, seat, p);
    case 'send': return sendDecision(s, z, seat, p);
  }
}

function topDecision(s: MammutState, z: Zones, seat: Seat): Dec {
  const d = dataOf(s);
  const opts: Opt[] = [];
  const last = isLastTaker(s, z.shares.map((l) => l.length));
  const seen: number[] = [];
  for (const c of s.hands[seat]!) {
    const type = d.cardOf[c]!;
    if (seen.includes(type)) continue;
    seen.push(type);
    const def = d.cardTypes[type]!;
    if (!cardPlayable(s, z, seat, def)) continue;
    opts.push({ id: `play:${def.id}`, label: { key: def.kind === 'loot' ? 'mammut.opt.playLoot' : 'mammut.opt.playScoring', args: { card: d.cardName[type]! } }, detail: d.cardText[type]!, group: 'mammut.g.cards', payload: { kind: 'playCard', card: c } });
  }
  let dflt: string | undefined;
  if (z.middle.length > 0) {
    const everything: Payload = { kind: 'take', tiles: z.middle };
    if (last) {
      opts.push({ id: 'mid:all', label: { key: 'mammut.opt.takeAllLast', args: { n: z.middle.length } }, style: 'primary', payload: everything });
      dflt = 'mid:all';
    } else {
      const kinds = kindsOf(s, z.middle, seat);
      for (const k of kinds) opts.push({ id: `t:${keyId(d, k.key)}`, label: { key: 'mammut.opt.takeOne', args: { tile: keyMsg(d, k.key), face: faceOf(d, k.key), n: k.tiles.length } }, group: 'mammut.g.takeOne', payload: { kind: 'take', tiles: k.tiles.slice(0, 1) } });
      dflt = opts[opts.length - kinds.length]!.id;
      for (const k of kinds) if (k.tiles.length >= 2) opts.push({ id: `all:${keyId(d, k.key)}`, label: { key: 'mammut.opt.takeKind', args: { tile: keyMsg(d, k.key), n: k.tiles.length } }, group: 'mammut.g.takeAll', payload: { kind: 'take', tiles: k.tiles } });
      if (kinds.length > 1) opts.push({ id: 'mid:all', label: { key: 'mammut.opt.takeEverything', args: { n: z.middle.length } }, group: 'mammut.g.takeAll', payload: everything });
      // With three tiles or more some takes (two of three axes, a fur and a meat…) need a mix.
      if (z.middle.length >= 3) opts.push({ id: 'mix', label: { key: 'mammut.opt.mix' }, style: 'primary', payload: { kind: 'startMix' } });
    }
  }
  if (seat !== s.start || s.startTook) {
    for (let k = 1; k < s.players; k++) {
      const v = (seat + k) % s.players;
      z.shares[v]!.forEach((tiles, i) => {
        const id = s.sharesEach > 1 ? `rob:${v}.${i}` : `rob:${v}`;
        opts.push({ id, label: { key: 'mammut.opt.rob', args: { loc: locMsg(s, v * 2 + i), n: tiles.length } }, group: 'mammut.g.rob', payload: { kind: 'takeShare', victim: v, share: i } });
        dflt ??= id;
      });
    }
  }
  if (!dflt) throw new Error('mammut: the player on turn has nothing to take');
  return { seat, prompt: { key: last ? 'mammut.prompt.turnLast' : 'mammut.prompt.turn', args: { round: s.round } }, options: opts, defaultOption: dflt };
}

function takeDecision(s: MammutState, z: Zones, seat: Seat, p: Extract<Pending, { kind: 'take' }>): Dec {
  const d = dataOf(s);
  const picked = p.picks;
  const opts: Opt[] = [];
  const kinds = kindsOf(s, z.middle, seat, picked);
  for (const k of kinds) opts.push({ id: `add:${keyId(d, k.key)}`, label: { key: 'mammut.opt.addOne', args: { tile: keyMsg(d, k.key), face: faceOf(d, k.key), n: k.tiles.length } }, group: 'mammut.g.middle', payload: { kind: 'addToMix', tiles: k.tiles.slice(0, 1) } });
  for (const k of kinds) if (k.tiles.length >= 2) opts.push({ id: `addall:${keyId(d, k.key)}`, label: { key: 'mammut.opt.addKind', args: { tile: keyMsg(d, k.key), n: k.tiles.length } }, group: 'mammut.g.takeAll', payload: { kind: 'addToMix', tiles: k.tiles } });
  if (kinds.length > 1) {
    const rest = z.middle.filter((t) => !picked.includes(t));
    opts.push({ id: 'addrest', label: { key: 'mammut.opt.addRest', args: { n: rest.length } }, group: 'mammut.g.takeAll', payload: { kind: 'addToMix', tiles: rest } });
  }
  opts.push(BACK);
  if (picked.length > 0) opts.push(FINISH);
  return {
    seat,
    prompt: { key: 'mammut.prompt.take', args: { tiles: tileList(s, picked, seat), n: picked.length, left: z.middle.length - picked.length } },
    options: opts,
    defaultOption: picked.length > 0 ? 'finish' : 'back',
  };
}

/**
 * Taking a share: the tiles going back are ticked in one multi-select (at least one, at most all), one item per tile
 * as the taker tells them apart: `b:<kind>` for the first of a kind, `b:<kind>-<k>` for the k-th.
 */
function robDecision(s: MammutState, z: Zones, seat: Seat, p: Extract<Pending, { kind: 'rob' }>): Dec {
  const d = dataOf(s);
  const share = z.shares[p.victim]![p.share]!;
  const opts: Opt[] = [];
  for (const k of kindsOf(s, share, seat)) {
    k.tiles.forEach((_, i) => opts.push({
      id: i === 0 ? `b:${keyId(d, k.key)}` : `b:${keyId(d, k.key)}-${i + 1}`,
      label: k.tiles.length === 1 ? keyMsg(d, k.key) : { key: 'mammut.opt.putBackNth', args: { tile: keyMsg(d, k.key), k: i + 1, n: k.tiles.length } },
      group: 'mammut.g.putBack',
      payload: { kind: 'putBack', sameKind: k.tiles },
    }));
  }
  opts.push(BACK);
  return {
    seat,
    prompt: { key: 'mammut.prompt.rob', args: { loc: locMsg(s, p.victim * 2 + p.share), keep: tileList(s, share, seat) } },
    options: opts,
    defaultOption: opts[0]!.id,
    sets: [{ group: 'mammut.g.putBack', min: 1, max: share.length }],
  };
}

function shareCodes(z: Zones): number[] {
  const out: number[] = [];
  z.shares.forEach((l, p) => l.forEach((_, i) => out.push(p * 2 + i)));
  return out;
}

const shareTiles = (z: Zones, code: number): number[] => z.shares[code >> 1]![code & 1]!;

function peekDecision(s: MammutState, z: Zones, seat: Seat, p: Extract<Pending, { kind: 'peek' | 'flip' }>): Dec {
  const max = (typeOf(s, p.card) as { max: number }).max;
  const opts: Opt[] = [];
  if (p.picks.length < max) {
    const q = unknownQ(s, seat);
    const ok = (t: number): boolean => q(t) && !p.picks.includes(t);
    const inMid = z.middle.filter(ok);
    if (inMid.length > 0) opts.push({ id: 'p:m', label: { key: 'mammut.opt.peekMiddle', args: { n: inMid.length } }, group: 'mammut.g.targets', payload: { kind: 'peek', tile: inMid[0]! } });
    for (const code of shareCodes(z)) {
      const there = shareTiles(z, code).filter(ok);
      if (there.length > 0) opts.push({ id: `p:${locId(code)}`, label: { key: 'mammut.opt.peekShare', args: { loc: locMsg(s, code), n: there.length } }, group: 'mammut.g.targets', payload: { kind: 'peek', tile: there[0]! } });
    }
  }
  opts.push(BACK);
  if (p.picks.length > 0) opts.push(FINISH);
  return {
    seat,
    prompt: { key: 'mammut.prompt.peek', args: { n: p.picks.length, max } },
    options: opts,
    defaultOption: p.picks.length > 0 ? 'finish' : 'back',
  };
}

function flipDecision(s: MammutState, z: Zones, seat: Seat, p: Extract<Pending, { kind: 'peek' | 'flip' }>): Dec {
  const d = dataOf(s);
  const max = (typeOf(s, p.card) as { max: number }).max;
  const opts: Opt[] = [];
  if (p.picks.length < max) {
    const flippable = (t: number): boolean => !isAnimal(s, t);
    for (const k of kindsOf(s, z.middle, seat, p.picks, flippable)) {
      opts.push({ id: `f:m:${keyId(d, k.key)}`, label: { key: 'mammut.opt.flipMiddle', args: { tile: keyMsg(d, k.key), face: faceOf(d, k.key), n: k.tiles.length } }, group: 'mammut.g.targets', payload: { kind: 'flip', tile: k.tiles[0]! } });
    }
    for (const code of shareCodes(z)) {
      for (const k of kindsOf(s, shareTiles(z, code), seat, p.picks, flippable)) {
        opts.push({ id: `f:${locId(code)}:${keyId(d, k.key)}`, label: { key: 'mammut.opt.flipShare', args: { tile: keyMsg(d, k.key), face: faceOf(d, k.key), loc: locMsg(s, code) } }, group: 'mammut.g.shares', payload: { kind: 'flip', tile: k.tiles[0]! } });
      }
    }
  }
  opts.push(BACK);
  if (p.picks.length > 0) opts.push(FINISH);
  return {
    seat,
    prompt: { key: 'mammut.prompt.flip', args: { n: p.picks.length, max, tiles: tileList(s, p.picks, seat) } },
    options: opts,
    defaultOption: p.picks.length > 0 ? 'finish' : 'back',
  };
}

function sendDecision(s: MammutState, z: Zones, seat: Seat, p: Extract<Pending, { kind: 'send' }>): Dec {
  const opts: Opt[] = [];
  for (const code of shareCodes(z)) {
    if ((code >> 1 === seat && s.sharesEach === 1) || p.picks.includes(code)) continue;
    opts.push({ id: `s:${locId(code)}`, label: { key: 'mammut.opt.send', args: { loc: locMsg(s, code), n: shareTiles(z, code).length } }, group: 'mammut.g.targets', payload: { kind: 'sendBack', share: code } });
  }
  opts.push(BACK);
  if (p.picks.length > 0) opts.push(FINISH);
  return {
    seat,
    prompt: { key: 'mammut.prompt.send', args: { locs: p.picks.length ? p.picks.map((c) => locMsg(s, c)) : [{ key: 'mammut.nothing' }] } },
    options: opts,
    defaultOption: p.picks.length > 0 ? 'finish' : 'back',
  };
}

function animalDecision(s: MammutState): Dec {
  const d = dataOf(s);
  const q = s.animalChoices[0]!;
  const seat = q.seat;
  const missing = d.animals.map((_, i) => i).filter((i) => !owns(s, seat, i));
  const opts: Opt[] = [];
  const pickOpt = (a: number): Opt => ({ id: `a:${d.animals[a]}`, label: { key: 'mammut.opt.animal', args: { animal: d.faceMsg[a + 6]! } }, group: 'mammut.g.animals', payload: { kind: 'animal', animal: d.animals[a]! } });
  if (q.source === 'most') {
    for (const a of missing) opts.push(pickOpt(a));
    return { seat, prompt: { key: 'mammut.prompt.animalMost', args: { card: cardName(s, q.card) } }, options: opts, defaultOption: opts[0]!.id };
  }
  const sc = s.lastScoring!;
  if (sc.wasted[seat]! > 0) {
    for (const a of missing) opts.push(pickOpt(a));
  } else {
    for (const from of sc.swappable[seat]!) {
      for (const a of missing) {
        opts.push({ id: `x:${from}.${d.animals[a]}`, label: { key: 'mammut.opt.animalSwap', args: { from: faceMsg(from), animal: d.faceMsg[a + 6]! } }, group: 'mammut.g.animals', payload: { kind: 'swapAnimal', from, to: d.animals[a]! } });
      }
    }
  }
  opts.push({ id: 'a:none', label: { key: 'mammut.opt.animalNone' }, role: 'pass', style: 'secondary' });
  return { seat, prompt: { key: sc.wasted[seat]! > 0 ? 'mammut.prompt.animalCard' : 'mammut.prompt.animalSwap', args: { card: cardName(s, q.card) } }, options: opts, defaultOption: 'a:none' };
}

export function decisions(s: MammutState): Dec[] {
  if (s.phase === 'over') return [];
  if (s.phase === 'animal') return [animalDecision(s)];
  return [turnDecision(s)];
}

// ---------------------------------------------------------------- perform

function perform(s: MammutState, seat: Seat, option: Opt): { events: GameEvent[]; revealed: boolean } {
  const ctx: Ctx = { events: [], revealed: false };
  s.stats.decisions++;
  if (s.phase === 'animal') {
    chooseAnimal(s, option, ctx);
  } else if (option.role === 'back') {
    const decided = s.stats.decisions;
    takeBack<MammutState, Payload>(s, (st, step) => carryOut(st, seat, step, { events: [], revealed: false }));
    s.stats.decisions = decided;
  } else {
    carryOut(s, seat, option, ctx);
  }
  return ctx;
}

/** One option of a turn (never `back`); the steps of a compound action are remembered so they can be taken back. */
export function carryOut(s: MammutState, seat: Seat, option: Opt, ctx: Ctx): void {
  if (option.role === 'finish') {
    commitSteps(s);
    finish(s, seat, ctx);
    return;
  }
  const what = (option.items ? option.items[0]! : option).payload!;
  switch (what.kind) {
    case 'playCard': {
      const def = typeOf(s, what.card);
      if (def.kind === 'scoring') {
        moveCard(s, seat, what.card);
        ctx.events.push({ msg: { key: 'mammut.ev.playScoring', args: { seat: { seat } } } });
        ctx.events.push({ msg: { key: 'mammut.ev.playScoringOwn', args: { card: cardName(s, what.card) } }, to: [seat] });
      } else {
        rememberStep(s, option);
        s.pending = def.effect === 'sendBack' ? { kind: 'send', card: what.card, picks: [] } : { kind: def.effect as 'peek' | 'flip', card: what.card, picks: [] };
      }
      return;
    }
    case 'take':
      takeFromMiddle(s, seat, what.tiles, ctx);
      return;
    case 'startMix':
      rememberStep(s, option);
      s.pending = { kind: 'take', picks: [] };
      return;
    case 'takeShare': {
      const share = zones(s).shares[what.victim]![what.share]!;
      // A share of one tile leaves no choice: that tile goes back and the taker keeps nothing.
      if (share.length === 1) robCommit(s, seat, what.victim, what.share, share, ctx);
      else {
        rememberStep(s, option);
        s.pending = { kind: 'rob', victim: what.victim, share: what.share };
      }
      return;
    }
    case 'putBack': {
      // one tile, or a set of them: as many of each kind go back as were ticked, the lowest slots first
      const { victim, share } = s.pending as Extract<Pending, { kind: 'rob' }>;
      const back: number[] = [];
      for (const item of option.items ?? [option]) {
        const { sameKind } = item.payload as Extract<Payload, { kind: 'putBack' }>;
        back.push(sameKind.find((t) => !back.includes(t))!);
      }
      commitSteps(s);
      robCommit(s, seat, victim, share, back, ctx);
      return;
    }
    case 'addToMix':
    case 'peek':
    case 'flip':
    case 'sendBack': {
      rememberStep(s, option);
      const picks = (s.pending as { picks: number[] }).picks;
      if (what.kind === 'addToMix') picks.push(...what.tiles);
      else picks.push(what.kind === 'sendBack' ? what.share : what.tile);
      return;
    }
    case 'animal':
    case 'swapAnimal':
      throw new Error(`mammut: ${option.id} is no option of a turn`);
  }
}

function afterTake(s: MammutState, seat: Seat): void {
  if (seat === s.start) s.startTook = true;
  s.pending = null;
  s.current = nextSeat(s, seat);
}

function takeFromMiddle(s: MammutState, seat: Seat, tiles: number[], ctx: Ctx): void {
  const counts = shareCounts(s);
  const last = isLastTaker(s, counts);
  moveTiles(s, tiles, seat * 2 + counts[seat]!);
  s.stats.takes++;
  ctx.events.push({ msg: { key: 'mammut.ev.take', args: { seat: { seat }, n: tiles.length, tiles: tileList(s, tiles, null) } } });
  if (last) {
    s.pending = null;
    s.start = seat;
    ctx.events.push({ msg: { key: s.round >= LAST_ROUND ? 'mammut.ev.phaseEndLast' : 'mammut.ev.phaseEnd', args: { seat: { seat } } } });
    scoreRound(s, ctx);
  } else afterTake(s, seat);
}

/** A card leaves the hand into the seat's played cards. */
function moveCard(s: MammutState, seat: Seat, c: number): void {
  const hand = s.hands[seat]!;
  hand.splice(hand.indexOf(c), 1);
  s.played[seat]!.push(c);
  s.stats.cards++;
}

/** `seat` takes the share of `victim`: the tiles `back` go to the middle, the rest becomes the taker's new share. */
function robCommit(s: MammutState, seat: Seat, victim: Seat, shareIndex: number, back: readonly number[], ctx: Ctx): void {
  const z = zones(s);
  const share = z.shares[victim]![shareIndex]!;
  const keep = share.filter((t) => !back.includes(t));
  const loc = locMsg(s, victim * 2 + shareIndex);
  const mine = z.shares[seat]!.length;
  moveTiles(s, back, MIDDLE);
  moveTiles(s, keep, seat * 2 + mine);
  compactShares(s, victim);
  s.stats.robs++;
  ctx.events.push({ msg: { key: 'mammut.ev.rob', args: { seat: { seat }, loc, n: share.length, back: tileList(s, back, null), keep: keep.length } } });
  afterTake(s, seat);
}

/** `finish`: the mix is taken, or the loot card acts on the targets chosen. */
function finish(s: MammutState, seat: Seat, ctx: Ctx): void {
  const p = s.pending!;
  if (p.kind === 'take') {
    takeFromMiddle(s, seat, p.picks, ctx);
    return;
  }
  if (p.kind === 'rob') throw new Error('mammut: taking a share ends with the tiles put back');
  moveCard(s, seat, p.card);
  ctx.events.push({ msg: { key: 'mammut.ev.playLoot', args: { seat: { seat }, card: cardName(s, p.card) } } });
  s.pending = null;
  switch (p.kind) {
    case 'peek':
      for (const t of p.picks) {
        s.known[t]! |= 1 << seat;
        ctx.events.push({ msg: { key: 'mammut.ev.peek', args: { seat: { seat }, where: whereMsg(s, t) } } });
        ctx.events.push({ msg: { key: 'mammut.ev.peekOwn', args: { where: whereMsg(s, t), face: dataOf(s).faceMsg[downCode(s, t)]! } }, to: [seat] });
      }
      ctx.revealed = true;
      return;
    case 'flip':
      for (const t of p.picks) {
        const from = upCode(s, t);
        s.up[t] = 1 - sideUp(s, t);
        s.known[t] = allMask(s);
        ctx.events.push({ msg: { key: 'mammut.ev.flip', args: { where: whereMsg(s, t), from: dataOf(s).faceMsg[from]!, to: dataOf(s).faceMsg[upCode(s, t)]! } } });
      }
      ctx.revealed = true;
      return;
    case 'send': {
      const z = zones(s);
      for (const code of p.picks) {
        const tiles = shareTiles(z, code);
        ctx.events.push({ msg: { key: 'mammut.ev.send', args: { loc: locMsg(s, code), n: tiles.length } } });
        moveTiles(s, tiles, MIDDLE);
      }
      for (let v = 0; v < s.players; v++) compactShares(s, v);
      return;
    }
  }
}

// ---------------------------------------------------------------- metrics

export function metrics(s: MammutState): Record<string, number> {
  const rounds = s.stats.rounds || 1;
  const m: Record<string, number> = {
    decisions: s.stats.decisions,
    rounds: s.stats.rounds,
    takesPerRound: s.stats.takes / rounds,
    robsPerRound: s.stats.robs / rounds,
    cardsPlayed: s.stats.cards,
    scoreMax: Math.max(...s.score),
    scoreMin: Math.min(...s.score),
    scoreSpread: Math.max(...s.score) - Math.min(...s.score),
    scoreMean: s.score.reduce((a, b) => a + b, 0) / s.players,
    collectionMean: s.collection.reduce((a, c) => a + c.length, 0) / s.players,
    collectionBonusMean: s.final ? s.final.bonus.reduce((a, b) => a + b, 0) / s.players : 0,
    // 1 when the collection could not have decided the game: every player's collection points are the same
    collectionPointsAllEqual: s.final && Math.max(...s.final.bonus) === Math.min(...s.final.bonus) ? 1 : 0,
    furTrackMax: Math.max(...s.fur),
  };
  const o = outcome(s);
  if (o) {
    m.winnerSeat = o.winners[0]!;
    m.sharedWin = o.winners.length > 1 ? 1 : 0;
    for (let p = 0; p < s.players; p++) m[`winSeat${p}`] = o.winners.includes(p) ? 1 / o.winners.length : 0;
  }
  return m;
}

/** The rules; `index.ts` makes them the engine with `upgrade` (upgrade.ts), the views (view.ts) and the computer players (ai.ts). */
export const mammutRules: GameRules<MammutState, MammutView, Payload> = {
  dataVersions: DATA,
  rulesVersions: RULES,
  id: 'mammut',
  name: 'Mammut',
  minPlayers: 2,
  maxPlayers: 5,
  lobbyOptions: [],
  messages: mammutMessages,
  setup,
  decisions,
  perform,
  outcome,
  metrics,
};
