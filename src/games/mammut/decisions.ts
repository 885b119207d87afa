/**
 * Mammut: the decisions owed (`decisions`): a turn of the sharing (take from the middle, take a share, play a loot
 * card) with the steps of a compound action under way, and the collection animals chosen after a scoring. Carrying
 * a chosen option out is in engine.ts.
 */
import { backOption, finishOption } from '../../engine/compound.js';
import type { Decision, Msg, Option, Seat } from '../../engine/types.js';
import {
  cardName, dataOf, downCode, faceMsg, faceOf, isAnimal, isLastTaker, isLoot, keyId, keyMsg, kindsOf,
  knowsBack, locId, locMsg, owns, Q, tileList, typeOf, upCode, whereMsg, zones, type Zones,
} from './board.js';
import type { CardDef } from './data.js';
import { type MammutState, NT, type Payload, type Pending } from './state.js';

export type Opt = Option<Payload>;
type Dec = Decision<Payload>;

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

/**
 * Whether, once `seat` has taken the middle's only tile (a new one-tile share), the next seat to act could do nothing
 * but take a one-tile share: it holds no card, and every share it may take (the new one included) is one tile. The
 * middle is then empty, so its only moves hand a tile straight back.
 */
function onlyHandsBack(s: MammutState, z: Zones, seat: Seat): boolean {
  const counts = z.shares.map((l) => l.length);
  counts[seat]!++;
  if (counts.reduce((a, b) => a + b, 0) >= s.players * s.sharesEach) return false; // the sharing ends
  let next = seat;
  for (let k = 1; k <= s.players; k++) {
    const c = (seat + k) % s.players;
    if (counts[c]! < s.sharesEach) { next = c; break; }
  }
  if (next === seat || s.hands[next]!.length > 0 || (next === s.start && !s.startTook)) return false;
  return z.shares.every((shares, v) => v === next || shares.every((tiles) => tiles.length === 1));
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
  const unavailable: NonNullable<Dec['unavailable']> = [];
  for (const c of s.hands[seat]!) {
    const type = d.cardOf[c]!;
    if (seen.includes(type)) continue;
    seen.push(type);
    const def = d.cardTypes[type]!;
    if (!cardPlayable(s, z, seat, def)) {
      // Said with its reason (a greyed-out button), not left out silently (the play-through's Mammut 6).
      unavailable.push({ label: d.cardName[type]!, reason: { key: def.effect === 'peek' ? 'mammut.why.peek' : 'mammut.why.sendBack' } });
      continue;
    }
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
      // The middle's last tile, when the next to act could then only take a one-tile share (that tile straight back):
      // the position comes back, and two computers (or a computer and someone it forces) went round without end.
      const handedBack = z.middle.length === 1 && onlyHandsBack(s, z, seat);
      for (const k of kinds) opts.push({ id: `t:${keyId(d, k.key)}`, label: { key: 'mammut.opt.takeOne', args: { tile: keyMsg(d, k.key), face: faceOf(d, k.key), n: k.tiles.length } }, group: 'mammut.g.takeOne', payload: { kind: 'take', tiles: k.tiles.slice(0, 1) }, ...(handedBack ? { futile: true as const } : {}) });
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
        // A share of one tile goes straight back to the middle: the position returns to where it was.
        opts.push({ id, label: { key: 'mammut.opt.rob', args: { loc: locMsg(s, v * 2 + i), n: tiles.length } }, group: 'mammut.g.rob', payload: { kind: 'takeShare', victim: v, share: i }, ...(tiles.length === 1 ? { futile: true as const } : {}) });
        dflt ??= id;
      });
    }
  }
  if (!dflt) throw new Error('mammut: the player on turn has nothing to take');
  let prompt: Msg = { key: last ? 'mammut.prompt.turnLast' : 'mammut.prompt.turn', args: { round: s.round } };
  // The player who starts a round has just seen it scored only in the thread (often by their own last take): the
  // panel says what it brought them (the play-through's Mammut 5).
  const sc = s.lastScoring;
  if (sc && sc.round === s.round - 1 && seat === s.start && !s.startTook && s.played.every((l) => l.length === 0)) {
    prompt = { key: 'mammut.prompt.afterScoring', args: { round: sc.round, pts: s.score[seat]! - sc.before[seat]!, total: s.score[seat]!, prompt } };
  }
  return { seat, prompt, options: opts, defaultOption: dflt, ...(unavailable.length ? { unavailable } : {}) };
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

export const shareTiles = (z: Zones, code: number): number[] => z.shares[code >> 1]![code & 1]!;

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
