/**
 * Das Tal der Mammuts: states stored by earlier code brought up to date (the engine's `upgrade`, added to the engine
 * in index.ts). Tested on states saved by that code in `test/tal/upgrade.test.ts`.
 */
import { noTakeback, rememberStep } from '../../engine/compound.js';
import type { Budget, Leaver, MoveStep, TalOption, TalPayload, TalState, Tribe } from './state.js';

/** The fields that were renamed or replaced when the state's names were spelt out (games stored before keep them). */
interface EarlierState {
  init: boolean;
  fx: TalState['roundEffects'];
  pend?: { cultivate?: number } | null;
  feed?: Leaver[][];
  wolvesCalls?: number[];
  tribes: (Omit<Tribe, 'neutralWarrior' | 'neutralWoman'> & { extraM: boolean; extraW: boolean })[];
  move: null | {
    seat: number; full: number; b: Record<number, Budget>; scout: boolean; raft: boolean; played?: string[];
    pend: { card?: 'fence' | 'stranger_m' | 'stranger_w'; from?: number; to?: number; dist?: number; m?: number; autoM?: boolean } | null;
  };
  combat: null | {
    idx: number; hex: number | null; window: number[]; bonusTribes: Record<number, number>; bonusAnimals: Record<number, number>;
    brave: number[]; defected: number;
    need: null | { kind: 'order'; seat: number } | { kind: 'loss'; seat: number; sp: number } | { kind: 'fightLoss'; seat: number; next: number[] }
      | { kind: 'conquest'; seat: number; loser: number };
  };
}

/**
 * The engine's `upgrade`: a state stored before the state's names were spelt out (`init`, `fx`, `pend`, `feed`,
 * `extraM`, the movement's `b`, `full` and `pend`, the combat's `idx`, `window` and `need`) in today's shape. A move
 * half chosen then becomes today's compound step with the steps taken so far, so that `back` still works. States
 * of today's shape come back unchanged.
 */
export function upgrade(state: TalState): TalState {
  if (!('init' in state)) return state;
  const { init, fx, pend, feed, wolvesCalls: _unused, tribes, move, combat, ...rest } = state as unknown as EarlierState & Omit<TalState, keyof EarlierState>;
  const need = combat?.need ?? null;
  const s: TalState = {
    ...rest,
    stageStarted: init,
    roundEffects: fx,
    cultivate: pend?.cultivate ?? null,
    leaving: feed ?? Array.from({ length: rest.players }, () => []),
    tribes: tribes.map(({ extraM, extraW, ...t }) => ({ ...t, neutralWarrior: extraM, neutralWoman: extraW })),
    combat: combat && {
      orderIndex: combat.idx, hex: combat.hex, cardWindow: combat.window, bonusTribes: combat.bonusTribes, bonusAnimals: combat.bonusAnimals,
      brave: combat.brave, defected: combat.defected,
      waitingFor: need?.kind === 'loss' ? { kind: 'loss', seat: need.seat, species: need.sp } : need,
    },
    move: move && { seat: move.seat, fullSteps: move.full, budgets: move.b, scout: move.scout, raft: move.raft, step: { name: 'chooseGroup' }, takeback: noTakeback() },
  };
  const p = move?.pend;
  if (!s.move || !p) return s;
  // the steps of the move under way, remembered on the position before the first of them
  const steps: TalOption[] = [];
  const step = (id: string, payload: TalPayload) => steps.push({ id, label: { key: 'common.back' }, payload });
  let now: MoveStep;
  if (p.card) {
    step(`card:${p.card}`, { kind: 'card', card: p.card });
    now = { name: 'chooseCardHex', card: p.card };
  } else {
    const from = p.from!;
    step(`from:${from}`, { kind: 'group', hex: from });
    now = { name: 'chooseDestination', from };
    if (p.to !== undefined) {
      step(`to:${p.to}`, { kind: 'destination', hex: p.to });
      now = { name: 'chooseWarriors', from, to: p.to, distance: p.dist! };
      if (p.m !== undefined) {
        if (!p.autoM) step(`m:${p.m}`, { kind: 'warriors', n: p.m });
        now = { ...now, name: 'chooseWomen', warriors: p.m };
      }
    }
  }
  for (const o of steps) rememberStep(s.move, o);
  s.move.step = now;
  return s;
}
