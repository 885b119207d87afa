/**
 * Standing answers: the reaction windows a player always passes in (`/campfire settings always_pass`), by game. A
 * seat whose player set one passes there by itself, unseen (`standingOf` in play.ts; decisions.md "Reaction windows").
 */
import type { Msg } from '../engine/types.js';
import { allGames } from '../games/registry.js';
import type { UserSettings } from '../store/repo.js';

/** Every reaction window a player may answer once for all, as `<game>:<window key>` with the game and its name. */
export function standingWindows(): { id: string; game: string; name: Msg }[] {
  return allGames().flatMap((g) => (g.ui.windows ?? []).map((w) => ({ id: `${g.engine.id}:${w.key}`, game: g.engine.id, name: w.name })));
}

/** The windows a user always passes in (`<game>:<window key>`). */
export function standingPasses(s: Pick<UserSettings, 'standing_passes'>): string[] {
  try { return s.standing_passes ? (JSON.parse(s.standing_passes) as string[]) : []; } catch { return []; }
}
