/**
 * The one builder style of the games' tests (docs/new-game.md, "Tests"). Each game's `test/<game>/builders.ts` binds
 * these to its engine (`export const { fresh, choose, optionIds, toAct } = gameBuilders(engine)`) and adds setters of
 * its own that put a position together (`give`, `put`, `table`, …):
 * - `fresh(players, options, seed)`: the engine's setup, a real game at its start;
 * - `choose(state, ...steps)`: options chosen the way a player chooses them, through `apply` (the engine's offered
 *   options are the only legality); a step is an option id for whoever decides first now, or `[seat, id]`; a refused
 *   step fails the test with what was offered; the state given is not changed;
 * - `optionIds(state, seat?)`, `toAct(state)`: what is offered now, and to whom;
 * and, for `upgrade` tests, `oldStates(import.meta.url)`: the states saved by earlier code, kept as that code wrote them
 * in `test/<game>/fixtures/old-states.json` (each case with the players, options, seed and choices that led to it).
 */
import { readFileSync } from 'node:fs';
import { apply } from '../../src/engine/apply.js';
import type { BaseState, GameEngine, LobbyOptions, Seat } from '../../src/engine/types.js';

export type Step = string | [Seat, string];

export interface GameBuilders<S> {
  fresh(players: number, options?: LobbyOptions, seed?: string): S;
  choose(state: S, ...steps: Step[]): S;
  optionIds(state: S, seat?: Seat): string[];
  toAct(state: S): Seat;
}

export function gameBuilders<S extends BaseState>(engine: GameEngine<S>): GameBuilders<S> {
  const offered = (s: S): string => engine.decisions(s).map((d) => `${d.seat}: ${d.options.map((o) => o.id).join(' ')}`).join(' | ');
  return {
    fresh: (players, options = {}, seed = 'builder') => engine.setup(players, options, seed),
    choose(state, ...steps) {
      let s = state;
      for (const step of steps) {
        const [seat, id] = Array.isArray(step) ? step : [engine.decisions(s)[0]?.seat ?? -1, step];
        const r = apply(engine, s, seat, id);
        if (!r.ok) throw new Error(`option ${id} for seat ${seat} refused (${r.error.code}); offered ${offered(s) || 'nothing'}`);
        s = r.state;
      }
      return s;
    },
    optionIds: (s, seat) => (seat === undefined ? engine.decisions(s)[0] : engine.decisions(s).find((d) => d.seat === seat))?.options.map((o) => o.id) ?? [],
    toAct(s) {
      const d = engine.decisions(s)[0];
      if (!d) throw new Error('nobody is to act: the game is over');
      return d.seat;
    },
  };
}

/** The old states of a game's `upgrade` tests: `fixtures/old-states.json` beside the test file (`import.meta.url`). */
export function oldStates<T>(testFileUrl: string): T {
  return JSON.parse(readFileSync(new URL('./fixtures/old-states.json', testFileUrl), 'utf8')) as T;
}
