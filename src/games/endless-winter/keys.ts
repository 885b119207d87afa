/**
 * Endless Winter's message keys: every key of its catalogue starts with the game's id (`endless-winter.`), as every
 * game's does (`test/games/message-keys.test.ts`). Texts are written with `m('ev.kill', …)`; the prefix is added here.
 *
 * Until issue #29 the keys were bare (`ev.kill`, `ew.glance.turn`), and log lines of games in progress are stored
 * with them: `LEGACY_KEYS` maps each such key to today's, and the translator looks a key up there when no catalogue
 * has it (`formatter` in `src/engine/i18n.ts`). The golden recordings were made with the bare keys too; their digests
 * are taken of log lines with the keys as they were (`storedKey`).
 */
import type { Msg } from '../../engine/types.js';

export const KEY_PREFIX = 'endless-winter.';

/** A message of this game: the key gets the game's prefix; the keys every game shares (`common.*`) keep theirs. */
export function m(key: string, args?: Msg['args']): Msg {
  const full = key.startsWith('common.') ? key : `${KEY_PREFIX}${key}`;
  return args ? { key: full, args } : { key: full };
}

/** The key a log line of this game was stored with before the prefix (the same key for the shared ones). */
export function storedKey(key: string): string {
  if (!key.startsWith(KEY_PREFIX)) return key;
  const bare = key.slice(KEY_PREFIX.length);
  return bare.startsWith('glance.') ? `ew.${bare}` : bare;
}

/** Every key of `catalog` as it was stored before the prefix, mapped to today's key. */
export function legacyKeys(catalog: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(catalog)) if (key.startsWith(KEY_PREFIX)) out[storedKey(key)] = key;
  return out;
}
