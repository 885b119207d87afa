/** The one projection of hidden information: what one seat (or a spectator) may see of an Endless Winter game. */
import type { Seat } from '../../engine/types.js';
import { FIRST_DATA_VERSION } from '../../engine/data-versions.js';
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

export function buildView(s: EwState, seat: Seat | null, acting: number | null): EwView {
  const table = cardTable(s);
  const kinds = (cards: number[]): number[] => cards.map((c) => table[c]!);
  const open = s.phase === 'eclipse' || s.phase === 'over';
  return {
    dataVersion: s.dataVersion ?? FIRST_DATA_VERSION, viewer: seat, n: s.n, opts: { ...s.opts }, round: s.round, phase: s.phase, order: [...s.order], roundOrder: [...s.roundOrder],
    supply: [...s.supply], prog1: s.prog1.length, prog2: s.prog2.length,
    display: s.display.map((c) => (c >= 0 ? table[c]! : -1)),
    animalDeck: s.adeck.length, ground: s.ground.map((a) => speciesOf(s, a)),
    stonesL: [...s.stonesL], stonesR: [...s.stonesR], tiles: [...s.tiles], camps: s.tiles.map((_, t) => s.camps.slice(t * s.n, t * s.n + s.n)), settle: [...s.settle],
    ice: s.ice.map((x) => (x < 0 ? -1 : x >= ICE_UP ? x - ICE_UP : -2)),
    sitePat: s.sitePat, siteTiles: [...s.siteTiles], megs: s.megs.map((g) => ({ ...g })),
    cols: s.cols.map((c) => ({ f: c.f.map((x) => [...x]), b: c.b })),
    players: s.p.map((pl, i) => {
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
    turn: s.t ? { seat: s.t.seat, stage: s.t.stage, col: s.t.col, pool: s.t.pool } : null,
    acting,
    eclipseLabour: s.ecl ? [...s.ecl.labour] : null,
    restUp: s.restUp, restDeck: s.restDeck.length,
    offerChiefs: [...s.offerChiefs], offerCards: [...s.offerCards],
    final: s.final ? s.final.map((f) => ({ ...f })) : null,
  };
}

