/**
 * Where pictures are drawn: in the worker threads (the bot process: the event loop only decides and replies,
 * a hand a reply waits for goes before background tables), or in-process (tests, tools).
 */
import { createHash } from 'node:crypto';
import { viewAfter, type ReplayInput } from '../engine/apply.js';
import type { Locale } from '../engine/i18n.js';
import type { Decision } from '../engine/types.js';
import type { GameModule } from '../games/types.js';
import { gifFromFrames } from '../render/replay.js';
import { metrics } from '../ops/metrics.js';
import { pictureTask, type PictureJson, type Priority, type WorkerPool } from '../workers/pool.js';
import { restPriority } from './rest-gate.js';
import { translator } from './translator.js';

export interface Pictures {
  /** The public table, from a spectator's view. */
  table(module: GameModule, view: unknown, locale: Locale, names: string[]): Promise<Buffer>;
  /** The full table as "Full table" sends it: in parts where the game draws it so (Endless Winter), else whole. */
  fullTable(module: GameModule, view: unknown, locale: Locale, names: string[]): Promise<Buffer[]>;
  /**
   * The glance, the table post's picture for Discord's inline box, from a spectator's view; `since` (the game replayed
   * to the previous table or to the reader's last move, or null) says what to outline as changed.
   */
  glance(module: GameModule, view: unknown, since: ReplayInput | null, locale: Locale, names: string[]): Promise<Buffer>;
  /** A seat's hand, from that seat's view (null: nothing private to show); a reply waits for it. */
  hand(module: GameModule, view: unknown, seat: number, locale: Locale, names: string[]): Promise<Buffer | null>;
  /**
   * For a decision whose options name places (hexes, tiles, regions): the map around them, each labelled as its option
   * names it, from the deciding seat's view; null when the game draws none for this decision.
   */
  choice(module: GameModule, view: unknown, decision: Decision, locale: Locale, names: string[]): Promise<Buffer | null>;
  /** The game turn by turn as a GIF, from spectator views. */
  replay(module: GameModule, views: unknown[], locale: Locale, names: string[]): Promise<Buffer>;
  /** Pictures that replies wait for are queued behind others (every thread busy): a reply should be deferred. */
  busy?(): boolean;
}

/** Time spent drawing, for the operator's metrics (in a worker thread: including the wait for a thread). */
async function timedPicture<T>(what: string, game: string, draw: () => Promise<T>): Promise<T> {
  const end = metrics.renderSeconds.startTimer({ what, game });
  try { return await draw(); } finally { end(); }
}

export const inlinePictures: Pictures = {
  table(m, view, locale, names) { return timedPicture('table', m.engine.id, async () => m.ui.renderTable(view, { t: translator(locale, m, names), names })); },
  fullTable(m, view, locale, names) {
    const ctx = { t: translator(locale, m, names), names };
    return timedPicture('table', m.engine.id, async () => m.ui.renderTableParts?.(view, ctx) ?? [m.ui.renderTable(view, ctx)]);
  },
  glance(m, view, since, locale, names) {
    return timedPicture('glance', m.engine.id, async () => m.ui.renderGlance(view, { t: translator(locale, m, names), names, previous: since ? viewAfter(m.engine, since) : null }));
  },
  hand(m, view, seat, locale, names) { return timedPicture('hand', m.engine.id, async () => m.ui.renderHand(view, seat, { t: translator(locale, m, names), names })); },
  async choice(m, view, decision, locale, names) { return m.ui.renderChoice?.(view, decision, { t: translator(locale, m, names), names })?.png ?? null; },
  replay(m, views, locale, names) {
    const ctx = { t: translator(locale, m, names), names };
    return gifFromFrames(views.length, (i) => m.ui.renderTable(views[i], ctx));
  },
};

/**
 * How long a reply waits for a worker to draw the hand. The router defers an answer that takes longer than 1.5 s
 * (`DEFER_AFTER_MS`), so the wait may be long; only a pool stuck this long makes the event loop draw the hand itself.
 */
export const HAND_WAIT_MS = 10_000;

/**
 * The last pictures drawn, by what they were drawn from. A renderer is a pure function of the view, the language and
 * the names, so the same input gives the same picture: a panel opened twice, a DM and the thread's panel of one
 * position, a table asked for again after a failed post are drawn once.
 */
export class PictureCache {
  private readonly entries = new Map<string, Promise<Buffer | null>>();
  constructor(private readonly size = 32) {}

  /** `input`: what the picture is drawn from, as JSON (the worker's task itself). */
  get(what: 'table' | 'glance' | 'hand', input: string, draw: () => Promise<Buffer | null>): Promise<Buffer | null> {
    const key = `${what}:${createHash('sha1').update(input).digest('base64')}`;
    const hit = this.entries.get(key);
    metrics.pictureCache.inc({ what, result: hit ? 'hit' : 'miss' });
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const drawn = draw();
    this.entries.set(key, drawn);
    drawn.catch(() => this.entries.delete(key));
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
    return drawn;
  }
}

/**
 * Hands kept by their input (`GameUi.handInput`): one or two a seat of the games being played (a hand is 20–80 KB);
 * under `npm run bench -- --load` (40 games, 3 seats) most panels then find their hand drawn.
 */
export const HANDS_KEPT = 160;

export function pooledPictures(pool: WorkerPool, cache = new PictureCache(), hands = new PictureCache(HANDS_KEPT)): Pictures {
  return {
    table(m, view, locale, names) {
      // Serialised once: the cache's key and what crosses to the worker.
      const task = pictureTask({ kind: 'table', game: m.engine.id, view, locale, names });
      return timedPicture('table', m.engine.id, async () => (await cache.get('table', task, () => pool.picture(task, 'background')))!);
    },
    fullTable(m, view, locale, names) {
      // Asked for by a click: each part is a task of its own, drawn side by side where threads are free.
      const parts = m.ui.tableParts && m.ui.renderTablePart ? [...Array(m.ui.tableParts).keys()] : [undefined];
      return timedPicture('table', m.engine.id, () => Promise.all(parts.map(async (part) => {
        const task = pictureTask({ kind: 'table', game: m.engine.id, view, locale, names, ...(part !== undefined ? { part } : {}) });
        return (await cache.get('table', task, () => pool.picture(task, 'interactive')))!;
      })));
    },
    glance(m, view, since, locale, names) {
      const task = pictureTask({ kind: 'glance', game: m.engine.id, view, since, locale, names });
      // A table's glance is drawn for a job; a panel's ("since your last move") for a reply, which waits for it.
      const priority = restPriority.getStore() === undefined ? 'interactive' : 'background';
      return timedPicture('glance', m.engine.id, async () => (await cache.get('glance', task, () => pool.picture(task, priority)))!);
    },
    hand(m, view, seat, locale, names) {
      // Kept by what the hand is drawn from (`handInput`, where the game says): a seat's holdings change far less often
      // than its view, so most panels find their hand drawn already.
      const input = m.ui.handInput ? JSON.stringify({ game: m.engine.id, hand: m.ui.handInput(view, seat), seat, locale, names }) : null;
      const draw = () => {
        const task = pictureTask({ kind: 'hand', game: m.engine.id, view, seat, locale, names });
        // A hand drawn for a job (a DM) waits behind those that replies wait for.
        const priority = restPriority.getStore() === undefined ? 'interactive' : 'background';
        return handInTime(pool, task, m, view, seat, locale, names, priority);
      };
      if (input) return timedPicture('hand', m.engine.id, () => hands.get('hand', input, draw));
      const task = pictureTask({ kind: 'hand', game: m.engine.id, view, seat, locale, names });
      return timedPicture('hand', m.engine.id, () => cache.get('hand', task, draw));
    },
    choice(m, view, decision, locale, names) {
      if (!m.ui.renderChoice) return Promise.resolve(null);
      const task = pictureTask({ kind: 'choice', game: m.engine.id, view, decision, locale, names });
      return timedPicture('choice', m.engine.id, () => cache.get('hand', task, () => pool.picture(task, 'interactive')));
    },
    async replay(m, views, locale, names) { return (await pool.picture({ kind: 'gif', game: m.engine.id, views, locale, names }, 'interactive'))!; },
    busy: () => pool.waiting().interactive > 0,
  };
}

/** The hand from a worker, or drawn here while the threads are starting or when one has not answered within HAND_WAIT_MS. */
async function handInTime(pool: WorkerPool, task: PictureJson, m: GameModule, view: unknown, seat: number, locale: Locale, names: string[], priority: Priority): Promise<Buffer | null> {
  // Right after a start the threads are still loading the games (seconds): the first hands are drawn here.
  if (!pool.isWarm) return inlinePictures.hand(m, view, seat, locale, names);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => { timer = setTimeout(() => resolve('late'), HAND_WAIT_MS); });
  const drawn = pool.picture(task, priority);
  drawn.catch(() => {});
  const first = await Promise.race([drawn, late]).finally(() => clearTimeout(timer));
  return first === 'late' ? inlinePictures.hand(m, view, seat, locale, names) : first;
}
