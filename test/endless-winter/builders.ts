/** Builders for Endless Winter positions (test/helpers/builders.ts): a real set-up game, then cards and pieces moved where a test needs them. */
import { CURRENT as DATA } from '../../src/games/endless-winter/data.js';
import { decisions, newTurn } from '../../src/games/endless-winter/engine.js';
import { engine } from '../../src/games/endless-winter/index.js';
import { cardTable, supplyCards, supplyTop, type EwState } from '../../src/games/endless-winter/state.js';
import type { Col } from '../../src/games/endless-winter/data.js';
import { gameBuilders } from '../helpers/builders.js';

const game = gameBuilders(engine);
export const { choose, optionIds, toAct } = game;

/** A game past its setup decisions (defaults taken), at the first turn of round 1. */
export function fresh(n = 3, options: Record<string, string> = {}, seed = 'builder'): EwState {
  let s = game.fresh(n, options, seed);
  while (s.phase === 'setup' || s.queue.length) s = choose(s, decisions(s)[0]!.defaultOption);
  return s;
}

export function defIndex(id: string): number {
  const i = DATA.cards.findIndex((c) => c.id === id);
  if (i < 0) throw new Error(`no card ${id}`);
  return i;
}

type Pile = 'hand' | 'deck' | 'discard' | 'played' | 'stack' | 'buried';

function takeOut(s: EwState, card: number): void {
  const sup = s.supply.findIndex((_, i) => supplyCards(s, i).includes(card));
  if (sup >= 0) { if (card !== supplyTop(s, sup)) throw new Error('take supply cards from the top'); s.supply[sup]!--; return; }
  for (const list of [s.prog1, s.prog2, s.box]) { const i = list.indexOf(card); if (i >= 0) { list.splice(i, 1); return; } }
  const d = s.display.indexOf(card);
  if (d >= 0) { s.display[d] = -1; return; }
  for (const p of s.players) for (const k of ['hand', 'deck', 'discard', 'played', 'stack', 'buried'] as Pile[]) {
    const i = p[k].indexOf(card);
    if (i >= 0) { p[k].splice(i, 1); return; }
  }
  throw new Error(`card ${card} is nowhere`);
}

/** Moves a card of kind `id` (taken from anywhere, preferring supplies and decks) into a seat's pile; returns its id. */
export function give(s: EwState, seat: number, id: string, pile: Pile = 'hand'): number {
  const d = defIndex(id);
  const table = cardTable(s);
  const candidates = table.map((x, c) => (x === d ? c : -1)).filter((c) => c >= 0);
  const inPile = (c: number): boolean => s.players.some((p) => (['hand', 'played', 'stack', 'buried'] as Pile[]).some((k) => p[k].includes(c)));
  const sup = DATA.members.indexOf(id);
  const card = sup >= 0 && s.supply[sup]! > 0 ? supplyTop(s, sup) : candidates.find((c) => !inPile(c) && !s.supply.some((_, i) => supplyCards(s, i).includes(c))) ?? candidates[0]!;
  takeOut(s, card);
  s.players[seat]![pile].push(card);
  return card;
}

/** Empties a seat's hand onto its deck (keeps cards conserved). */
export function clearHand(s: EwState, seat: number): void {
  const p = s.players[seat]!;
  p.deck.push(...p.hand);
  p.hand = [];
}

/** Gives a seat an animal of a species from the deck (or ground); returns its id. */
export function giveAnimal(s: EwState, seat: number, species: string): number {
  const sp = DATA.species.findIndex((x) => x.id === species);
  let i = s.animalDeck.findIndex((a) => DATA.speciesOf[a] === sp);
  let a: number;
  if (i >= 0) a = s.animalDeck.splice(i, 1)[0]!;
  else { i = s.ground.findIndex((x) => DATA.speciesOf[x] === sp); a = s.ground.splice(i, 1)[0]!; }
  s.players[seat]!.animals.push(a);
  return a;
}

/** Starts a turn for `seat` at a given stage, as if its figure stood in `col`. */
export function turnAt(s: EwState, seat: number, stage: 'labour' | 'top' | 'middle', col: Col, pool = 0): void {
  const t = newTurn(seat);
  t.stage = stage;
  t.col = col;
  t.fig = 1;
  t.pool = pool;
  s.turn = t;
  s.players[seat]!.figs[1] = col;
  s.cols[['initiate', 'develop', 'migrate', 'hunt'].indexOf(col)]!.figures.push([seat, 1]);
}
