/**
 * Two test lanes, as vitest projects (README, "Developing: which tests to run when", says which to run when):
 * - `fast` and `fast-pure` (`npm run test:fast`, ≤90 s on a 2-core machine; `fast-pure` shares its module cache, below): engines, rules and texts, the service and the store on
 *   SQLite, render smoke tests, the bot against the in-memory fake Discord, and the engine contract table at a small
 *   scale (`CONTRACT_SCALE`, default 0.01: every row still runs). No real-clock sleeps, no stand-in, no child
 *   processes, no PostgreSQL.
 * - `slow`: everything else (listed with the reasons below), plus what the fast lane only samples: the contract table
 *   at full scale and the PostgreSQL cases of the store and bot files.
 * `npm test` (README, `.ci/run`) runs both projects, so it covers everything it covered before the split.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Folders (ending in /) and single files of the fast lane. */
const FAST_PLACES = [
  'test/engine/', 'test/rules/', 'test/i18n/', 'test/render/', 'test/games/',
  'test/eiszeit/', 'test/endless-winter/', 'test/mammut/', 'test/tal/',
  'test/engine-sets.test.ts', 'test/engine-selfplay.test.ts', 'test/policy-selfplay.test.ts',
  'test/contract/', 'test/store/', 'test/service/', 'test/bot/', 'test/ops/log.test.ts',
];

/** Files in those places that are slow, and why. Every other file outside them is slow too (stand-in, e2e, ops, …). */
export const SLOW_IN_FAST_PLACES: Record<string, string> = {
  'test/bot/start.test.ts': 'starts the bot as a child process, twice',
  'test/eiszeit/ai.test.ts': "plays matches of the computer players",
  'test/tal/ai.test.ts': "plays matches of the computer players",
  'test/service/two-processes.test.ts': 'two processes on one PostgreSQL store',
  'test/bot/every-game.test.ts': 'whole games of every game through the bot, step by step (and again on PostgreSQL)',
  'test/bot/week.test.ts': 'four games over a simulated week: reminders, votes, vacations, a restart',
  'test/endless-winter/calibration.test.ts': 'heuristic self-play of seeded games (minutes)',
  'test/endless-winter/combined.test.ts': 'random games, every combined choice against its steps',
  'test/render/text-fit.test.ts': 'draws every picture of every game from played positions in both languages',
};

/**
 * Fast files that run without a fresh module cache each (`fast-pure`, `isolate: false`): the rules, engines and pictures
 * of the games, which only call pure functions. Loading the games and the canvas once per worker instead of once per
 * file is most of what isolation costs (the fast lane took 145 s with every file isolated, issue #29). A file that
 * changes what other files see stays isolated: one that mocks a module, registers a game, stubs globals or fakes
 * timers, or imports a helper that registers games (found by reading it, so a new file is placed by what it does).
 */
const PURE_PLACES = [
  'test/engine/', 'test/rules/', 'test/render/', 'test/i18n/', 'test/games/', 'test/eiszeit/', 'test/endless-winter/',
  'test/mammut/', 'test/tal/', 'test/contract/', 'test/engine-sets.test.ts', 'test/engine-selfplay.test.ts', 'test/policy-selfplay.test.ts',
];
const SHARES_STATE = /vi\.mock|vi\.doMock|vi\.spyOn|vi\.stubGlobal|vi\.stubEnv|useFakeTimers|registerGame|fake-discord|toy-registry/;

/** Fast files the slow lane runs again in full: the contract at full scale, the PostgreSQL cases. */
const ALSO_IN_FULL = ['test/contract/', 'test/store/copy.test.ts', 'test/store/repo.test.ts'];

const inPlaces = (f: string, places: string[]): boolean => places.some((p) => (p.endsWith('/') ? f.startsWith(p) : f === p));
const ALL = (readdirSync('test', { recursive: true }) as string[])
  .map((f) => `test/${f.split('\\').join('/')}`)
  .filter((f) => f.endsWith('.test.ts'))
  .sort();
export const FAST = ALL.filter((f) => inPlaces(f, FAST_PLACES) && !(f in SLOW_IN_FAST_PLACES));
export const FAST_PURE = FAST.filter((f) => inPlaces(f, PURE_PLACES) && !SHARES_STATE.test(readFileSync(f, 'utf8')));
export const SLOW = ALL.filter((f) => !FAST.includes(f) || inPlaces(f, ALSO_IN_FULL));

/**
 * `npm run test:fast` (CAMPFIRE_FAST_LANE=1) leaves PostgreSQL out; `npm test` runs the fast files' PostgreSQL cases
 * too (when one answers), as it did before the lanes were split.
 */
const FAST_LANE_ENV: Record<string, string> = process.env.CAMPFIRE_FAST_LANE ? { CAMPFIRE_NO_POSTGRES: '1' } : {};

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest leaves one core idle by default; on this 2-core machine the suite is CPU-bound, so use both.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'fast', include: FAST.filter((f) => !FAST_PURE.includes(f)),
          env: { CONTRACT_SCALE: process.env.CONTRACT_SCALE ?? '0.01', ...FAST_LANE_ENV },
        },
      },
      {
        extends: true,
        test: {
          name: 'fast-pure', include: FAST_PURE, isolate: false,
          env: { CONTRACT_SCALE: process.env.CONTRACT_SCALE ?? '0.01', ...FAST_LANE_ENV },
        },
      },
      { extends: true, test: { name: 'slow', include: SLOW, globalSetup: ['test/setup/postgres.ts'] } },
    ],
  },
});
