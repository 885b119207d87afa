/**
 * Plumbing shared by the compound actions of every game: a turn made of small steps, where the player can take the
 * last step back (`back`) or end the sequence and commit it (`finish`) before it would end by itself.
 *
 * The control options are built here, so every game offers them under the same ids, roles and texts (the bot
 * shows `back` and `finish` apart from the other options, and computer players never choose `back`).
 */
import { copyJson, withFields } from './copy.js';
import type { Msg, Option } from './types.js';

export type OptionStyle = NonNullable<Option['style']>;

/** A message helper for a game's catalogue: `m('opt.x', args)` is `{ key: prefix + 'opt.x', args }`. */
export function messageHelper(prefix = ''): (key: string, args?: Msg['args']) => Msg {
  return (key, args) => (args ? { key: `${prefix}${key}`, args } : { key: `${prefix}${key}` });
}

/** "Back": takes the last step of the running compound action back; nothing of it is committed yet. */
export function backOption<P = never>(style?: OptionStyle): Option<P> {
  return style ? { id: 'back', label: { key: 'common.back' }, role: 'back', style } : { id: 'back', label: { key: 'common.back' }, role: 'back' };
}

/**
 * "Done" (or the game's own words for it): ends the compound action here and commits it. `id` is `finish` unless a
 * game's stored choices use another one.
 */
export function finishOption<P = never>(label: Msg = { key: 'common.finish' }, style?: OptionStyle, id = 'finish'): Option<P> {
  return style ? { id, label, role: 'finish', style } : { id, label, role: 'finish' };
}

/**
 * Takes the last step of a compound action back. Returns false when there was no step to take back, so that the
 * caller leaves the compound action altogether (the choice that opened it is undone too).
 */
export function stepBack<T>(steps: T[]): boolean {
  if (steps.length === 0) return false;
  steps.pop();
  return true;
}

/**
 * How every game takes a step of a compound action back (the `takeback` may sit on the part of the state the
 * compound action changes, e.g. Tal's movement turn, so that the kept position is small): the position before the action's first step is kept, with
 * every option chosen since; `back` restores that position and carries out all chosen options but the last again.
 * That needs no inverse of any rule, only that no step inside a compound action draws from the generator (a step that
 * reveals something ends the action first: `commitSteps`).
 *
 * The state holds it under `takeback` (JSON like the rest of the state).
 */
export interface Takeback<P> {
  /** The position before the first step (the state without `takeback`); null while no step can be taken back. */
  base: Record<string, unknown> | null;
  /** The options chosen since: id, payload (what `perform` reads) and role. */
  steps: Pick<Option<P>, 'id' | 'payload' | 'role'>[];
}

export interface WithTakeback<P> { takeback: Takeback<P> }

export const noTakeback = <P>(): Takeback<P> => ({ base: null, steps: [] });

/** Whether there is a step to take back (offer `backOption()` then). */
export const canTakeBack = (s: WithTakeback<unknown>): boolean => s.takeback.base !== null;

/**
 * A copy of the position (the state without `takeback`). The parts named in `wholeOnly` are kept as they are, not
 * copied: a game names there the parts of its state that its rules only ever replace whole and never change in place
 * (Eiszeit's report), so that the position and the state can share them.
 */
function position(s: object, wholeOnly: readonly string[]): Record<string, unknown> {
  // (taken apart by a rest pattern, not built key by key: a state's many keys would make that a slow dictionary object)
  const { takeback: _, ...out } = s as Record<string, unknown>;
  for (const k in out) {
    const part = out[k];
    if (typeof part === 'object' && part !== null && !wholeOnly.includes(k)) out[k] = copyJson(part);
  }
  return out;
}

/**
 * Call before carrying out a step that may be taken back: keeps the base position once and remembers the option.
 * `wholeOnly`: see `position`; `takeBack` must be given the same.
 */
export function rememberStep<P>(s: WithTakeback<P>, option: Pick<Option<P>, 'id' | 'payload' | 'role'>, wholeOnly: readonly string[] = []): void {
  if (s.takeback.base === null) s.takeback.base = position(s, wholeOnly);
  const step: Pick<Option<P>, 'id' | 'payload' | 'role'> = { id: option.id };
  if (option.payload !== undefined) step.payload = option.payload;
  if (option.role !== undefined) step.role = option.role;
  s.takeback.steps.push(step);
}

/** The compound action is committed (or a step revealed something): nothing before this can be taken back. */
export function commitSteps(s: WithTakeback<unknown>): void {
  s.takeback = noTakeback();
}

/**
 * `back`: restores the base position and carries out every remembered step but the last with `redo` (the game's own
 * `perform`, which remembers them again). With no step left, the position before the action is simply restored.
 */
export function takeBack<S extends WithTakeback<P>, P>(s: S, redo: (s: S, step: Option<P>) => void, wholeOnly: readonly string[] = []): void {
  const { base, steps } = s.takeback;
  if (base === null) return;
  for (const k of Object.keys(s)) if (k !== 'takeback' && !(k in base)) delete (s as Record<string, unknown>)[k];
  const again = steps.slice(0, -1);
  // The steps redone keep `base` as their position (it is the one just restored), so the state gets a copy of it; with
  // none to redo, nothing keeps `base` any more and the state takes its parts over as they are.
  Object.assign(s, again.length ? position(base, wholeOnly) : base);
  s.takeback = again.length ? { base, steps: [] } : noTakeback();
  for (const step of again) redo(s, withFields(step, { label: { key: 'common.back' } }));
}
