/**
 * Everything about hidden information in Endless Winter: the one projection of what a seat (or a spectator) may see,
 * and `determinize`, which redraws what a seat cannot see for a computer player's search.
 */
import { noTakeback } from '../../engine/compound.js';
import { FIRST_DATA_VERSION } from '../../engine/data-versions.js';
import { shuffle, type RngState } from '../../engine/rng.js';
import type { Seat } from '../../engine/types.js';
import { decisions } from './engine.js';
import { cardTable, ICE_UP, campsOnMap, foodLimit, speciesOf, type EwState, type FigPlace, type Meg } from './state.js';

export interface PlayerView {
  chief: number;
  side: number;
  setupCard: number;
  /** Card kinds (indices into the card data) — only for the viewer's own seat; null for others. */
  hand: number[] | null;
  handCount: number;
  deckCount: number;
  discard: number[];
  played: number[];
  /** Face-down until the eclipse; own stack always visible to its owner. */
  stack: number[] | null;
  stackCount: number;
  buried: number[] | null;
  buriedCount: number;
  food: number;
  foodLimit: number;
  tool: number;
  score: number;
  settlements: number;
  megs: number;
  campsOnMap: number;
  stones: number[];
  offering: number;
  fame: number;
  fameAt: number;
  animals: number[];
  killed: number[];
  figs: FigPlace[];
  rest: number;
}

export interface EwView {
  /** The component data version the game uses (1 for games stored before versions existed). */
  dataVersion: number;
  viewer: Seat | null;
  n: number;
  opts: EwState['opts'];
  round: number;
  phase: EwState['phase'];
  order: number[];
  roundOrder: number[];
  supply: number[];
  prog1: number;
  prog2: number;
  display: number[];
  animalDeck: number;
  ground: number[];
  stonesL: number[];
  stonesR: number[];
  tiles: number[];
  camps: number[][];
  settle: number[];
  /** Ice find per tile: index when revealed, -2 face down, -1 none. */
  ice: number[];
  sitePat: number;
  siteTiles: number[];
  megs: Meg[];
  /** Per column: the figures in it ([seat, figure]) and who took the bottom space (-1: nobody). */
  cols: { f: number[][]; b: number }[];
  players: PlayerView[];
  turn: { seat: number; stage: string; col: string | null; pool: number } | null;
  acting: number | null;
  eclipseLabour: number[] | null;
  restUp: number;
  restDeck: number;
  offerChiefs: number[];
  offerCards: number[];
  final: EwState['final'];
}

/** What `seat` may see (`null`: a spectator), with the seat the game waits for. */
export function view(s: EwState, seat: Seat | null): EwView {
  return buildView(s, seat, decisions(s)[0]?.seat ?? null);
}

export function buildView(s: EwState, seat: Seat | null, acting: number | null): EwView {
  const table = cardTable(s);
  const kinds = (cards: number[]): number[] => cards.map((c) => table[c]!);
  const open = s.phase === 'eclipse' || s.phase === 'over';
  return {
    dataVersion: s.dataVersion ?? FIRST_DATA_VERSION, viewer: seat, n: s.n, opts: { ...s.opts }, round: s.round, phase: s.phase, order: [...s.order], roundOrder: [...s.roundOrder],
    supply: [...s.supply], prog1: s.prog1.length, prog2: s.prog2.length,
    display: s.display.map((c) => (c >= 0 ? table[c]! : -1)),
    animalDeck: s.animalDeck.length, ground: s.ground.map((a) => speciesOf(s, a)),
    stonesL: [...s.stonesL], stonesR: [...s.stonesR], tiles: [...s.tiles], camps: s.tiles.map((_, t) => s.camps.slice(t * s.n, t * s.n + s.n)), settle: [...s.settle],
    ice: s.ice.map((x) => (x < 0 ? -1 : x >= ICE_UP ? x - ICE_UP : -2)),
    sitePat: s.sitePat, siteTiles: [...s.siteTiles], megs: s.megs.map((g) => ({ ...g })),
    cols: s.cols.map((c) => ({ f: c.figures.map((x) => [...x]), b: c.bottom })),
    players: s.players.map((pl, i) => {
      const own = seat === i;
      return {
        chief: pl.chief, side: pl.side, setupCard: pl.setupCard,
        hand: own ? kinds(pl.hand) : null, handCount: pl.hand.length, deckCount: pl.deck.length,
        discard: kinds(pl.discard), played: kinds(pl.played),
        stack: own || open ? kinds(pl.stack) : null, stackCount: pl.stack.length,
        buried: own || s.phase === 'over' ? kinds(pl.buried) : null, buriedCount: pl.buried.length,
        food: pl.food, foodLimit: foodLimit(s, i), tool: pl.tool, score: pl.score, settlements: pl.settlements, megs: pl.megs,
        campsOnMap: campsOnMap(s, i), stones: [...pl.stones], offering: pl.offering, fame: pl.fame, fameAt: pl.fameAt,
        animals: pl.animals.map((a) => speciesOf(s, a)), killed: pl.animals.map((a) => (pl.killed.includes(a) ? 1 : 0)),
        figs: [...pl.figs], rest: pl.rest,
      };
    }),
    turn: s.turn ? { seat: s.turn.seat, stage: s.turn.stage, col: s.turn.col, pool: s.turn.pool } : null,
    acting,
    eclipseLabour: s.eclipse ? [...s.eclipse.labour] : null,
    restUp: s.restUp, restDeck: s.restDeck.length,
    offerChiefs: [...s.offerChiefs], offerCards: [...s.offerCards],
    final: s.final ? s.final.map((f) => ({ ...f })) : null,
  };
}

/** Redraws what `seat` cannot see: its own deck order, the other players' hands, decks, stacks and graves (each player's
 * hidden cards among themselves), the draw decks, the hidden ice finds and rest tiles. */
export function determinize(state: EwState, seat: Seat, rng: RngState): EwState {
  // The position a step back would restore holds the true hidden cards: left out (a computer player never steps back).
  const { takeback: _kept, ...position } = state;
  const s: EwState = { ...structuredClone(position), takeback: noTakeback() };
  const r: RngState = [...rng];
  shuffle(r, s.players[seat]!.deck);
  const eclipseOpen = s.phase === 'eclipse';
  s.players.forEach((pl, i) => {
    if (i === seat) return;
    const pool = [...pl.hand, ...pl.deck, ...(eclipseOpen ? [] : pl.stack), ...pl.buried];
    shuffle(r, pool);
    const take = (n: number): number[] => pool.splice(0, n);
    pl.hand = take(pl.hand.length); pl.deck = take(pl.deck.length);
    if (!eclipseOpen) pl.stack = take(pl.stack.length);
    pl.buried = take(pl.buried.length);
  });
  shuffle(r, s.prog1); shuffle(r, s.prog2); shuffle(r, s.animalDeck); shuffle(r, s.restDeck);
  const hidden = s.ice.map((x, i) => (x >= 0 && x < ICE_UP ? i : -1)).filter((i) => i >= 0);
  const pool = shuffle(r, [...hidden.map((i) => s.ice[i]!), ...s.iceBox]);
  hidden.forEach((i) => { s.ice[i] = pool.pop()!; });
  s.iceBox = pool;
  return s;
}
