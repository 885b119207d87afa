/**
 * What a worker thread does: draw a table or a hand (PNG), encode a replay (GIF), or let a computer player
 * choose. Every task is plain data in and out; games are loaded in the worker by id, once.
 */
import '../games/all.js';
import { loadGameEngine } from '../ai/games.js';
import { playerFor } from '../ai/player.js';
import type { AiAnswer, AiRequest } from '../ai/protocol.js';
import { viewAfter, type ReplayInput } from '../engine/apply.js';
import type { Locale } from '../engine/i18n.js';
import type { BaseState, Decision, GameEngine } from '../engine/types.js';
import { getGame } from '../games/registry.js';
import { gameTranslator as translator } from '../games/translator.js';
import { gifFromFrames } from '../render/replay.js';
import v8 from 'node:v8';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import vm from 'node:vm';

/**
 * A picture's pixels live in native memory that the canvas frees only when its JavaScript object is collected;
 * a worker's small JavaScript heap rarely triggers a collection, so its native memory grew to gigabytes under
 * load. After each picture the worker collects: the whole heap when the last full collection is `FULL_AFTER_MS`
 * ago (a quiet bot: memory stays as low as it was with one after every picture), else only the young generation,
 * where that picture's canvas still is (a scavenge, cheaper than drawing). A full collection after every picture
 * was two thirds of a worker's time under load.
 */
/**
 * A worker thread yields the CPU to the event loop: on Linux its niceness is raised to `WORKER_NICE` (threads are
 * scheduled on their own there), so on a busy machine the event loop, which decides and replies, runs first and the
 * pictures and searches take what is left. Elsewhere nothing changes. (`npm run bench -- --load`, burst, one
 * sitting: click → reply p50 / p99 16 / 143 ms without, 12 / 126 ms with; decisions a second the same.)
 */
export const WORKER_NICE = 5;
try {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (tid) setPriority(tid, WORKER_NICE);
} catch { /* not Linux: no per-thread niceness */ }
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as (o?: { type: 'minor' | 'major'; execution?: 'sync' | 'async' }) => void;
const FULL_AFTER_MS = 250;
let lastFull = 0;
const collect = (): void => {
  const now = performance.now();
  const full = now - lastFull >= FULL_AFTER_MS;
  if (full) lastFull = now;
  gc({ type: full ? 'major' : 'minor' });
};

export type Task =
  /** The full table, or one of its parts (`GameUi.renderTablePart`). */
  | { kind: 'table'; game: string; view: unknown; locale: Locale; names: string[]; part?: number }
  /**
   * The glance (`GameUi.renderGlance`): `since` replays the game to the point whose changes it outlines (the table
   * posted before, or a player's own last move); replayed here, off the event loop.
   */
  | { kind: 'glance'; game: string; view: unknown; since: ReplayInput | null; locale: Locale; names: string[] }
  | { kind: 'hand'; game: string; view: unknown; seat: number; locale: Locale; names: string[] }
  /** The map around the places a decision's options name, labelled as they name them (`GameUi.renderChoice`). */
  | { kind: 'choice'; game: string; view: unknown; decision: Decision; locale: Locale; names: string[] }
  | { kind: 'gif'; game: string; views: unknown[]; locale: Locale; names: string[] }
  | { kind: 'ai'; req: AiRequest; registryUrl?: string }
  /** Loads what the others need (games, fonts), so the first real task of a fresh thread is not slow. */
  | { kind: 'warm' };

const engines = new Map<string, Promise<GameEngine<BaseState>>>();

function engineFor(id: string, registryUrl?: string): Promise<GameEngine<BaseState>> {
  const key = `${registryUrl ?? ''}#${id}`;
  let e = engines.get(key);
  if (!e) {
    e = loadGameEngine(id, registryUrl);
    engines.set(key, e);
    e.catch(() => engines.delete(key));
  }
  return e;
}

function moduleOf(id: string) {
  const m = getGame(id);
  if (!m) throw new Error(`unknown game ${id}`);
  return m;
}

async function choose(req: AiRequest, registryUrl?: string): Promise<AiAnswer> {
  const engine = await engineFor(req.gameId, registryUrl);
  const rng = [...req.rng] as AiRequest['rng'];
  const choice = playerFor(req.level).decide(engine, req.state as BaseState, req.seat, req.budget, rng);
  return { optionId: choice.optionId, rng, choice };
}

/** Runs one task (or its JSON, see `WorkerPool.picture`); pictures come back as bytes. */
export async function runTask(input: Task | string): Promise<Uint8Array | null | AiAnswer> {
  const task = typeof input === 'string' ? JSON.parse(input) as Task : input;
  if (task.kind === 'ai' || task.kind === 'warm') return task.kind === 'ai' ? choose(task.req, task.registryUrl) : null;
  const png = await picture(task);
  // Collect, then let the thread's loop turn: the canvas frees its pixels in finalizers that run then.
  collect();
  await new Promise((resolve) => setImmediate(resolve));
  return png;
}

async function picture(task: Extract<Task, { kind: 'table' | 'glance' | 'hand' | 'choice' | 'gif' }>): Promise<Uint8Array | null> {
  switch (task.kind) {
    case 'table': {
      const m = moduleOf(task.game);
      const ctx = { t: translator(task.locale, m, task.names), names: task.names };
      return task.part !== undefined && m.ui.renderTablePart ? m.ui.renderTablePart(task.view, ctx, task.part) : m.ui.renderTable(task.view, ctx);
    }
    case 'glance': {
      const m = moduleOf(task.game);
      const previous = task.since ? viewAfter(m.engine, task.since) : null;
      return m.ui.renderGlance(task.view, { t: translator(task.locale, m, task.names), names: task.names, previous });
    }
    case 'hand': {
      const m = moduleOf(task.game);
      return m.ui.renderHand(task.view, task.seat, { t: translator(task.locale, m, task.names), names: task.names });
    }
    case 'choice': {
      const m = moduleOf(task.game);
      return m.ui.renderChoice?.(task.view, task.decision, { t: translator(task.locale, m, task.names), names: task.names })?.png ?? null;
    }
    case 'gif': {
      const m = moduleOf(task.game);
      const ctx = { t: translator(task.locale, m, task.names), names: task.names };
      return gifFromFrames(task.views.length, (i) => m.ui.renderTable(task.views[i], ctx));
    }
  }
}

export default runTask;
