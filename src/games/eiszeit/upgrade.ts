/**
 * Eiszeit states stored by an earlier version of the engine, brought up to date (`upgrade`), so that games in
 * progress survive a deploy. Until issue #14 the state counted its players in `n`, named the steps of an action with
 * short codes (`sA`, `xSrc`…) and the action's fields with letters (`eff`, `n`, `a`, `b`, `who`, `mam`, `arr`), and
 * kept its own data for `back`: the position before the actor's first step (`undo`, without generator and report) and
 * the ids of the options chosen since (`undoSteps`). That is compound.ts's `takeback` now, which keeps each option's
 * payload too.
 */
import { noTakeback } from '../../engine/compound.js';
import { eiszeitRules } from './engine.js';
import type { Act, EiszeitState, Step } from './state.js';

/** The step codes used before, and their names now. */
export const OLD_STEPS: Record<string, Step> = {
  '': 'none', cult: 'chooseTopCard', target: 'chooseTarget', mode: 'landscapeMode', placeTo: 'placeMovedTo',
  hmRegion: 'huntersMammothRegion', hm: 'huntersMammoth', mwSrc: 'trekFrom', mwDst: 'trekTo', mw: 'trek',
  mOpt: 'mammothMove', mSrc: 'mammothFrom', mDst: 'mammothTo', fSrc: 'fireFrom', fDst: 'fireTo',
  sA: 'swapFirst', sH: 'swapFirstHunter', sB: 'swapSecond', sH2: 'swapSecondHunter', cOpt: 'clubOrMammoth',
  cAtt: 'attachClub', xSrc: 'stampedeFrom', xH: 'stampedeHunter', xDst: 'stampedeTo', rSrc: 'removeFrom',
  rH: 'removeHunter', coOpt: 'clubOrMove', oSrc: 'moveOwnFrom', oDst: 'moveOwnTo', mRem: 'removeMammoth',
};

/** Field names of the state and of its action, then and now. */
const OLD_FIELDS: Record<string, string> = { n: 'players' };
const OLD_ACT_FIELDS: Record<string, string> = { eff: 'effect', n: 'count', a: 'from', b: 'to', who: 'chosen', mam: 'mammothMoved', arr: 'arrived' };

type Json = Record<string, unknown>;

/** An object with its fields renamed, in their order. */
function renamed(o: Json, names: Record<string, string>): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(o)) out[names[k] ?? k] = v;
  return out;
}

/** The state's shape now (everything but the take-back data). */
function reshaped(old: Json): Json {
  const s = renamed(old, OLD_FIELDS);
  if (s.act) {
    const act = renamed(s.act as Json, OLD_ACT_FIELDS);
    act.step = OLD_STEPS[act.step as string] ?? act.step;
    s.act = act as unknown as Act;
  }
  return s;
}

/** Brings a state of the earlier shape up to date; a current state is returned as it is. */
export function upgrade(state: EiszeitState): EiszeitState {
  const old = state as unknown as Json;
  if (!('undoSteps' in old)) return state;
  const { undo, undoSteps, ...rest } = old as Json & { undo: Json | null; undoSteps: string[] };
  const s = reshaped(rest) as unknown as EiszeitState;
  s.takeback = noTakeback();
  if (undo === null) return s;
  // The options chosen since the kept position, with their payloads: carried out again from that position, each
  // found by its id among the options offered there (no step inside an action draws from the generator).
  const base = reshaped(JSON.parse(JSON.stringify({ ...undo, rng: old.rng, report: old.report })) as Json) as unknown as EiszeitState;
  base.takeback = noTakeback();
  for (const id of undoSteps) {
    const d = eiszeitRules.decisions(base)[0]!;
    const option = d.options.find((o) => o.id === id);
    if (!option) throw new Error(`upgrade: step ${id} not offered again`);
    eiszeitRules.perform(base, d.seat, option);
  }
  s.takeback = base.takeback;
  return s;
}
