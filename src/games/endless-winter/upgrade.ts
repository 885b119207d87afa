/**
 * Endless Winter: states stored by earlier code brought up to date (the engine's `upgrade`, added to the engine in
 * index.ts). Tested on states saved by that code in `test/endless-winter/upgrade.test.ts`.
 */
import { cardTable, type EclipseStep, type EwState, type PState, type QItem, type TurnStage } from './state.js';
import type { Col } from './data.js';

/** The turn as stored before issue #14: undo bookkeeping of its own instead of `takeback`. */
interface StoredTurn {
  seat: number; stage: TurnStage; col: Col | null; fig: number; pool: number;
  progN: number; progCard: number; used: string[]; kinds: string[];
  /** Labour sources that could be taken back: a card id (≥ 0) or food spent as -(amount), with the labour each gave. */
  undo: number[]; undoPool: number[]; stackUndo: number[];
}

/** The state as stored before issue #14 (cryptic field names, numbered eclipse steps). */
interface StoredState extends Omit<EwState, 'animalDeck' | 'cols' | 'orderPos' | 'players' | 'queue' | 'queueSeat' | 'turn' | 'eclipse' | 'takeback'> {
  adeck: number[];
  cols: { f: number[][]; b: number }[];
  turn: number;
  p: PState[];
  q: QItem[];
  qSeat: number;
  t: StoredTurn | null;
  ecl: { i: number; step: number; labour: number[]; used: string[] } | null;
}

const ECLIPSE_STEPS: EclipseStep[] = ['turnOrderIncome', 'turnOrderIncome', 'abilities', 'terrainIncome', 'boardIncome', 'next'];

/** The position a step back returns to, as `rememberStep` keeps it: the state without `takeback`, copied. */
function basePosition(s: EwState, change: (base: EwState) => void): Record<string, unknown> {
  const { takeback: _t, ...rest } = s;
  const base = JSON.parse(JSON.stringify(rest)) as EwState;
  change(base);
  return base as unknown as Record<string, unknown>;
}

/**
 * Brings a state stored before issue #14 up to date: readable field names, eclipse steps in words, and the steps that
 * could be taken back (food spent for labour, a second progress card's discard) as the shared `takeback`. Current
 * states are returned unchanged.
 */
export function upgrade(state: EwState): EwState {
  if (!('p' in state)) return state;
  const { adeck, cols, turn, p, q, qSeat, t, ecl, ...rest } = state as unknown as StoredState;
  const s: EwState = {
    ...rest, animalDeck: adeck, cols: cols.map((c) => ({ figures: c.f, bottom: c.b })), orderPos: turn, players: p, queue: q, queueSeat: qSeat,
    turn: t && { seat: t.seat, stage: t.stage, col: t.col, fig: t.fig, pool: t.pool, progressPlayed: t.progN, progressCard: t.progCard, usedAbilities: t.used, recruited: t.kinds },
    eclipse: ecl && { pos: ecl.i, step: ECLIPSE_STEPS[ecl.step]!, labour: ecl.labour, used: ecl.used },
    takeback: { base: null, steps: [] },
  };
  if (t?.stage === 'labour' && t.undo.length && t.undo.every((src) => src < 0)) {
    // Each labour bought with food was taken back on its own: one step each.
    s.takeback = {
      base: basePosition(s, (b) => { b.turn!.pool -= t.undoPool.reduce((x, g) => x + g, 0); b.players[t.seat]!.food -= t.undo.reduce((x, src) => x + src, 0); }),
      steps: t.undo.map(() => ({ id: 'pf', payload: { kind: 'foodLabour', labour: 1 } })),
    };
  } else if (t?.stage === 'progDiscard') {
    const cardKind = cardTable(s)[t.progCard]!;
    s.takeback = {
      base: basePosition(s, (b) => { b.turn!.stage = 'progress'; b.turn!.progressCard = -1; }),
      steps: [{ id: `pp:${cardKind}`, payload: { kind: 'playProgress', cardKind } }],
    };
  }
  return s;
}
