/**
 * A choice followed straight by the idol choice it leads to, as one choice (issue #13, fewer clicks, same rules): a kill
 * whose income holds an idol ("Kill the wolf, then the idol: fame track"), or a rest placement taking the idol instead
 * of the card. The combined option carries out the two options one after the other, exactly as the two clicks would;
 * both steps stay offered as they were.
 */
import { copyJson, withFields } from '../../engine/copy.js';
import { m } from './keys.js';
import type { Decision, GameEvent, Msg } from '../../engine/types.js';
import type { EwOption, EwPayload, EwState } from './state.js';

export type Decide = (s: EwState) => Decision<EwPayload>[];
export type Perform = (s: EwState, seat: number, option: EwOption) => { events: GameEvent[]; revealed: boolean };

/** How a combined option is named and which choices of the idol step it is offered with. */
export interface ThenIdolStyle {
  /** The label, naming the first option `o` and the idol choice `n`. */
  label: (o: EwOption, n: EwOption) => Msg;
  /** The first option's own label as the detail (when `label` shortens it). */
  detail?: boolean;
  /** Only the tracks (not a lower income instead of the idol step). */
  tracksOnly?: boolean;
}

/** For each of `options` (of `seat`) after which `seat` makes an idol step next: one option per choice of that step. */
export function thenIdolOptions(s: EwState, seat: number, options: EwOption[], decide: Decide, perform: Perform, style: ThenIdolStyle): EwOption[] {
  const out: EwOption[] = [];
  for (const o of options) {
    if (!o.payload || o.role) continue;
    const x = copyJson(s);
    perform(x, seat, o);
    const next = decide(x);
    if (next.length !== 1 || next[0]!.seat !== seat || next[0]!.prompt.key !== 'endless-winter.q.idol') continue;
    out.push(...withIdolStep(o, next[0]!.options, style));
  }
  return out;
}

/** The combined options of `o` (an option with a payload) and the choices `idol` of the idol step that follows it. */
export function withIdolStep(o: EwOption, idol: EwOption[], style: ThenIdolStyle): EwOption[] {
  const out: EwOption[] = [];
  for (const n of idol) {
    if (n.role || !n.payload || (style.tracksOnly && n.payload.kind !== 'idol')) continue;
    const id = `${o.id}:${n.id}`, label = style.label(o, n), payload: EwPayload = { kind: 'thenIdol', first: o.payload!, firstId: o.id, next: n.id };
    // (`o` has an id, a label and a payload: a spread keeps its keys in their order, as `withFields` would, and is faster)
    out.push(style.detail ? withFields(o, { id, label, detail: o.label, payload }) : { ...o, id, label, payload });
  }
  return out;
}

/** Carries out a combined option: its first option, then the idol choice `next` of the decision that follows. */
export function performThenIdol(s: EwState, seat: number, option: EwOption, decide: Decide, perform: Perform): { events: GameEvent[]; revealed: boolean } {
  const p = option.payload as Extract<EwPayload, { kind: 'thenIdol' }>;
  const a = perform(s, seat, { id: p.firstId, label: option.label, payload: p.first });
  const d = decide(s)[0];
  const n = d?.seat === seat && d.prompt.key === 'endless-winter.q.idol' ? d.options.find((o) => o.id === p.next) : undefined;
  if (!n) throw new Error(`endless-winter: no idol choice ${p.next} after ${p.firstId}`);
  const b = perform(s, seat, n);
  return { events: [...a.events, ...b.events], revealed: a.revealed || b.revealed };
}
