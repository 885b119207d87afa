/**
 * Where pictures are drawn: in the worker threads (the bot process: the event loop only decides and replies,
 * a hand a reply waits for goes before background tables), or in-process (tests, tools).
 */
import type { Locale } from '../engine/i18n.js';
import type { GameModule } from '../games/types.js';
import { gifFromFrames } from '../render/replay.js';
import type { WorkerPool } from '../workers/pool.js';
import { translator } from './translator.js';

export interface Pictures {
  /** The public table, from a spectator's view. */
  table(module: GameModule, view: unknown, locale: Locale, names: string[]): Promise<Buffer>;
  /** A seat's hand, from that seat's view (null: nothing private to show); a reply waits for it. */
  hand(module: GameModule, view: unknown, seat: number, locale: Locale, names: string[]): Promise<Buffer | null>;
  /** The game turn by turn as a GIF, from spectator views. */
  replay(module: GameModule, views: unknown[], locale: Locale, names: string[]): Promise<Buffer>;
}

export const inlinePictures: Pictures = {
  async table(m, view, locale, names) { return m.ui.renderTable(view, { t: translator(locale, m, names), names }); },
  async hand(m, view, seat, locale, names) { return m.ui.renderHand(view, seat, { t: translator(locale, m, names), names }); },
  replay(m, views, locale, names) {
    const ctx = { t: translator(locale, m, names), names };
    return gifFromFrames(views.length, (i) => m.ui.renderTable(views[i], ctx));
  },
};

/** A reply never waits longer than this for a worker: then the hand is drawn here (Discord allows 3 s). */
export const HAND_WAIT_MS = 1000;

export function pooledPictures(pool: WorkerPool): Pictures {
  return {
    async table(m, view, locale, names) { return (await pool.picture({ kind: 'table', game: m.engine.id, view, locale, names }, 'background'))!; },
    async hand(m, view, seat, locale, names) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => { timer = setTimeout(() => resolve('late'), HAND_WAIT_MS); });
      const drawn = pool.picture({ kind: 'hand', game: m.engine.id, view, seat, locale, names }, 'interactive');
      drawn.catch(() => {});
      const first = await Promise.race([drawn, late]).finally(() => clearTimeout(timer));
      return first === 'late' ? inlinePictures.hand(m, view, seat, locale, names) : first;
    },
    async replay(m, views, locale, names) { return (await pool.picture({ kind: 'gif', game: m.engine.id, views, locale, names }, 'interactive'))!; },
  };
}
