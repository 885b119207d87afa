/**
 * Finds a game's engine by id for scripts and the AI worker: first in the registry (`src/games/all.ts`
 * registers every shipped module), then, for a game not wired in yet, in `src/games/<id>/index.ts` or
 * `engine.ts` directly.
 */
import type { BaseState, GameEngine } from '../engine/types.js';
import type { GameModule } from '../games/types.js';

const ID_RE = /^[a-z0-9-]+$/;

interface Registry { getGame?: (id: string) => GameModule | undefined }

async function importRegistry(url: string): Promise<Registry> {
  return (await import(url)) as Registry;
}

function isMissingModule(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || (e instanceof Error && /Cannot find module/.test(e.message));
}

/** The module that registers every shipped game (`all.ts`), or the bare registry if there is none. */
async function defaultRegistry(): Promise<Registry | undefined> {
  for (const file of ['../games/all.js', '../games/registry.js']) {
    try {
      return await importRegistry(new URL(file, import.meta.url).href);
    } catch (e) {
      if (!isMissingModule(e)) throw e;
    }
  }
  return undefined;
}

function isEngine(x: unknown): x is GameEngine<BaseState> {
  return typeof x === 'object' && x !== null && typeof (x as GameEngine).decisions === 'function' && typeof (x as GameEngine).id === 'string';
}

function isModule(x: unknown): x is GameModule {
  return typeof x === 'object' && x !== null && 'engine' in x && isEngine((x as GameModule).engine);
}

/**
 * Loads a game engine. `registryUrl` (a module exporting `getGame(id)`) defaults to `src/games/all.ts`.
 * Throws with a clear message when no such game exists.
 */
export async function loadGameEngine(id: string, registryUrl?: string): Promise<GameEngine<BaseState>> {
  const registry = registryUrl ? await importRegistry(registryUrl) : await defaultRegistry();
  const found = registry?.getGame?.(id);
  if (found) return found.engine;
  if (registryUrl === undefined && ID_RE.test(id)) {
    // A game not wired into the registry yet: its module (index.ts), or failing that its bare engine.
    for (const file of ['index.js', 'engine.js']) {
      let mod: Record<string, unknown> | undefined;
      try {
        mod = (await import(new URL(`../games/${id}/${file}`, import.meta.url).href)) as Record<string, unknown>;
      } catch (e) {
        if (!isMissingModule(e)) throw e;
      }
      for (const v of Object.values(mod ?? {})) {
        if (isModule(v) && v.engine.id === id) return v.engine;
        if (isEngine(v) && v.id === id) return v;
      }
    }
  }
  throw new Error(`unknown game "${id}"`);
}
