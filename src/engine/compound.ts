/**
 * Plumbing shared by the compound actions of every game: a turn made of small steps, where the player can take the
 * last step back (`back`) or end the sequence and commit it (`finish`) before it would end by itself.
 *
 * The control options are built here, so every game offers them under the same ids, roles and texts (the bot
 * shows `back` and `finish` apart from the other options, and computer players never choose `back`).
 */
import type { Msg, Option } from './types.js';

export type OptionStyle = NonNullable<Option['style']>;

/** A message helper for a game's catalogue: `m('opt.x', args)` is `{ key: prefix + 'opt.x', args }`. */
export function messageHelper(prefix = ''): (key: string, args?: Msg['args']) => Msg {
  return (key, args) => (args ? { key: `${prefix}${key}`, args } : { key: `${prefix}${key}` });
}

/** "Back": takes the last step of the running compound action back; nothing of it is committed yet. */
export function backOption(style?: OptionStyle): Option {
  return style ? { id: 'back', label: { key: 'common.back' }, role: 'back', style } : { id: 'back', label: { key: 'common.back' }, role: 'back' };
}

/**
 * "Done" (or the game's own words for it): ends the compound action here and commits it. `id` is `finish` unless a
 * game's stored choices use another one.
 */
export function finishOption(label: Msg = { key: 'common.finish' }, style?: OptionStyle, id = 'finish'): Option {
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
