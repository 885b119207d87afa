/**
 * Mammut (Kristian Amundsen Østby): share out the loot of a mammoth hunt, then score it.
 *
 * The rules: set-up and carrying out an option (here), the decisions owed (decisions.ts: a turn of the sharing, the
 * collection animals chosen after a scoring). The shapes are in state.ts; the further rule modules:
 * - board.ts: what lies where (tile faces and kinds as a seat tells them apart, middle and shares, tie order, cards);
 * - scoring.ts: the scoring of a round, the collection animals chosen after it, the end of a round and of the game.
 * What a seat sees and `determinize` are in view.ts, the upgrade of states stored in an earlier shape in upgrade.ts,
 * the computer players' rule of thumb in ai.ts; `index.ts` adds them to these rules to make the engine.
 *
 * A turn may be a short compound action (a mix of tiles, taking a share, a loot card and its targets) kept in
 * `pending`; its steps are taken back with the shared `takeback` (compound.ts) and it ends with `finish` or at once.
 */
import { RULES } from './versions.js';
import { commitSteps, noTakeback, rememberStep, takeBack } from '../../engine/compound.js';
import { randInt, seedRng, shuffle } from '../../engine/rng.js';
import type { GameEvent, GameRules, LobbyOptions, Seat } from '../../engine/types.js';
import {
  allMask, cardName, compactShares, dataOf, downCode, drop, isLastTaker, locMsg, moveTiles, nextSeat,
  shareCounts, sideUp, tileList, typeOf, upCode, whereMsg, zones,
} from './board.js';
import { DATA } from './data.js';
import { mammutMessages } from './messages.js';
import { chooseAnimal, LAST_ROUND, outcome, scoreRound, START_SCORE, type Ctx } from './scoring.js';
import { type MammutState, type MammutView, MIDDLE, type Payload, type Pending } from './state.js';
import { decisions, type Opt, shareTiles } from './decisions.js';

/** Moved to decisions.ts; still offered here for the engine's users. */
export { decisions, turnDecision } from './decisions.js';

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
