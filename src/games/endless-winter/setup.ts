/**
 * Setting an Endless Winter game up: the lobby options, the components dealt, and the choices of chiefs and setup cards.
 */
import { noTakeback } from '../../engine/compound.js';
import { m } from './keys.js';
import { randInt, seedRng, shuffle } from '../../engine/rng.js';
import type { Decision, GameEvent, LobbyOptions, Seat } from '../../engine/types.js';
import { COLS, DATA } from './data.js';
import { POINTS } from './geometry.js';
import { abilityMsg, atomsMsg, seatRef } from './names.js';
import { dataOf, type EwOption, type EwOptions, type EwPayload, type EwState, GLACIER, type PState, SUPPLY } from './state.js';
import { RULES } from './versions.js';

export function parseOptions(o: LobbyOptions): EwOptions {
  const setupOpt = o.setup === 'cards' || o.setup === 'both' ? o.setup : 'random';
  return { setup: setupOpt, short: o.short === 'yes', majority: o.majority === 'yes', ice: o.ice === 'yes', rest: o.rest === 'yes' };
}

/** A new game's state before its first automatic steps (`setup` in engine.ts runs them). */
export function newGame(players: number, options: LobbyOptions, seed: string): EwState {
  if (!Number.isInteger(players) || players < 2 || players > 4) throw new Error('Endless Winter is for 2 to 4 players');
  const opts = parseOptions(options);
  const dataVersion = DATA.fromOptions(options);
  const rulesVersion = RULES.fromOptions(options);
  const data = DATA.get(dataVersion);
  const rng = seedRng(seed);
  // Card ids are handed out in a fixed order (the data's card tables list the same order): supplies, progress decks,
  // starting decks. Supplies hold identical cards: the ids of type i are i*15 .. i*15+14, taken from the lowest up; only
  // counts are kept.
  let cardCount = 0;
  const newCard = (_defIdx: number): number => cardCount++;
  data.members.forEach((id) => { const d = data.cards.findIndex((c) => c.id === id); for (let i = 0; i < data.cards[d]!.copies; i++) newCard(d); });
  const supply = data.members.map(() => SUPPLY);
  const progOf = (age: 1 | 2): number[] => shuffle(rng, data.cards.map((c, i) => (c.kind === 'progress' && c.age === age ? i : -1)).filter((i) => i >= 0).map(newCard));
  const prog1 = progOf(1);
  const prog2 = progOf(2);
  const display = prog1.splice(0, data.display);
  const startDefs = data.cards.map((c, i) => (c.supply === 'start' ? i : -1)).filter((i) => i >= 0);

  // Terrain: one of each type + glaciers by player count, filled up at random to 18, shuffled around the start tile.
  const glaciers = data.glaciersByPlayers[String(players)]!;
  const chosen: number[] = data.terrain.map((_, i) => i);
  for (let g = 0; g < glaciers; g++) chosen.push(GLACIER);
  const rest: number[] = [];
  data.terrain.forEach((t, i) => { for (let c = 1; c < t.copies; c++) rest.push(i); });
  shuffle(rng, rest);
  while (chosen.length < data.mapTiles) chosen.push(rest.pop()!);
  shuffle(rng, chosen);
  const tiles = [-1, ...chosen];

  const stonesOf = (age: 1 | 2): number[] => shuffle(rng, data.stones.map((s, i) => (s.age === age ? i : -1)).filter((i) => i >= 0));
  const slots = data.stoneSlots[String(players)]!;
  const stonesL = stonesOf(1).slice(0, slots);
  const stonesR = stonesOf(2).slice(0, slots);

  const patterns = data.site.patterns.map((p, i) => (p.players === players ? i : -1)).filter((i) => i >= 0);
  const sitePat = patterns[randInt(rng, patterns.length)]!;
  const siteTiles = shuffle(rng, [0, 1, 2, 3]);

  const animalDeck = shuffle(rng, data.speciesOf.map((_, i) => i));
  const order = shuffle(rng, Array.from({ length: players }, (_, i) => i));

  const ice = new Array(19).fill(-1) as number[];
  let iceBox: number[] = [];
  if (opts.ice) {
    const finds = shuffle(rng, data.iceFinds.map((_, i) => i));
    tiles.forEach((t, i) => { if (t === GLACIER) ice[i] = finds.pop()!; });
    iceBox = finds;
  }
  const restDeck = opts.rest ? shuffle(rng, data.restTiles.map((_, i) => i)) : [];
  const restUp = opts.rest ? restDeck.shift()! : -1;

  const chiefOrder = shuffle(rng, data.chiefs.map((_, i) => i));
  const cardOrder = shuffle(rng, data.setupCards.map((_, i) => i));

  const p: PState[] = [];
  for (let seat = 0; seat < players; seat++) {
    const deck: number[] = [];
    for (const d of startDefs) for (let c = 0; c < data.cards[d]!.copies; c++) deck.push(newCard(d));
    shuffle(rng, deck);
    p.push({
      chief: opts.setup === 'both' ? -1 : chiefOrder[seat]!, side: -1,
      setupCard: opts.setup === 'random' ? cardOrder[seat]! : -1,
      hand: deck.splice(0, 5), deck, discard: [], played: [], stack: [], buried: [],
      food: 0, tool: 0, score: 0, settlements: 0, megs: 0, stones: [], offering: 0, fame: 0, fameAt: 0,
      animals: [], killed: [], figs: ['h', 'h', opts.short ? 'x' : 'h'], rest: 0, restTile: -1,
    });
  }
  const camps = new Array(tiles.length * players).fill(0) as number[];
  for (let seat = 0; seat < players; seat++) camps[seat] = 1;

  const s: EwState = {
    rng, dataVersion, ...RULES.field(rulesVersion), n: players, opts, round: 1, phase: 'setup', supply, prog1, prog2, display, box: [], animalDeck, ground: [],
    stonesL, stonesR, tiles, camps, settle: POINTS.map(() => -1), ice, iceBox,
    sitePat, siteTiles, megs: [], cols: COLS.map(() => ({ figures: [], bottom: -1 })), order, roundOrder: [...order], orderPos: 0, players: p,
    queue: [], queueSeat: -1, turn: null,
    setupStep: opts.setup === 'both' ? { kind: 'chief', idx: 0 } : { kind: 'side', idx: 0 },
    offerChiefs: opts.setup === 'both' ? chiefOrder.slice(0, players + 1) : [],
    offerCards: opts.setup !== 'random' ? cardOrder.slice(0, players + 1) : [],
    eclipse: null, restDeck, restUp, turns: 0, final: null, takeback: noTakeback(),
  };
  while (s.ground.length < players + 1 && s.animalDeck.length) s.ground.push(s.animalDeck.pop()!);
  return s;
}

export function setupDecision(s: EwState): Decision<EwPayload> {
  const st = s.setupStep!;
  if (st.kind === 'side') {
    const seat = s.order[st.idx]!;
    const ch = dataOf(s).chiefs[s.players[seat]!.chief]!;
    return {
      seat, prompt: m('p.side', { chief: m(`chief.${ch.id}`) }), defaultOption: 'sd:0',
      options: ch.sides.map((sd, side) => ({ id: `sd:${side}`, label: m('opt.side', { side: side + 1, ability: m('list', { items: sd.abilities.map(abilityMsg) }) }), payload: { kind: 'side', side } })),
    };
  }
  if (st.kind === 'chief') {
    const seat = s.order[st.idx]!;
    const opts: EwOption[] = [];
    for (const chief of s.offerChiefs) {
      if (s.players.some((p) => p.chief === chief)) continue;
      dataOf(s).chiefs[chief]!.sides.forEach((sd, side) => opts.push({
        id: `ch:${chief}:${side}`, label: m('opt.chief', { chief: m(`chief.${dataOf(s).chiefs[chief]!.id}`), side: side + 1 }), detail: m('list', { items: sd.abilities.map(abilityMsg) }),
        payload: { kind: 'chief', chief, side },
      }));
    }
    return { seat, prompt: m('p.chief'), options: opts, defaultOption: opts[0]!.id };
  }
  const seat = s.order[s.n - 1 - st.idx]!;
  const opts = s.offerCards.filter((c) => !s.players.some((p) => p.setupCard === c))
    .map((card): EwOption => ({ id: `sc:${card}`, label: m('opt.setupCard', { gain: atomsMsg(dataOf(s).setupCards[card]!.gain) }), payload: { kind: 'setupCard', card } }));
  return { seat, prompt: m('p.setupCard'), options: opts, defaultOption: opts[0]!.id };
}

export function performSetup(s: EwState, seat: Seat, option: EwOption, ev: GameEvent[]): void {
  const st = s.setupStep!;
  const p = option.payload!;
  const pl = s.players[seat]!;
  if (p.kind === 'side' || p.kind === 'chief') {
    if (p.kind === 'chief') pl.chief = p.chief;
    pl.side = p.side;
    ev.push({ msg: m('ev.chief', { p: seatRef(seat), chief: m(`chief.${dataOf(s).chiefs[pl.chief]!.id}`), side: pl.side + 1 }) });
    st.idx++;
    if (st.idx >= s.n) s.setupStep = p.kind === 'side' && s.opts.setup === 'random' ? { kind: 'gains', idx: 0 } : { kind: 'card', idx: 0 };
    return;
  }
  if (p.kind !== 'setupCard') throw new Error(`unknown setup option ${option.id}`);
  pl.setupCard = p.card;
  ev.push({ msg: m('ev.setupCard', { p: seatRef(seat), gain: atomsMsg(dataOf(s).setupCards[pl.setupCard]!.gain) }) });
  st.idx++;
  if (st.idx >= s.n) s.setupStep = { kind: 'gains', idx: 0 };
}
