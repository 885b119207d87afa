/**
 * The engine contract for every game at every player count, as one table: random legal play through
 * `test/helpers/contract.ts` (well-formed decisions, no mutation, replay, both languages, an outcome exactly at the
 * end) with the game's own invariants after every step.
 *
 * One row is one test: a game, a player count, lobby options, a number of games and the seed prefix (seeds are
 * `<prefix>-<players>-<game index>`, as they were in the per-player-count files this table replaces, so the very same
 * games are played). Each game's rows run from a file of its own (`test/contract/<game>.test.ts`, so vitest spreads
 * them over the cores); run one with `npx vitest run test/contract/mammut.test.ts`, or fewer games with
 * `CONTRACT_SCALE=0.1` (each row's count times the factor, at least 1); `EISZEIT_GAMES` and `TAL_GAMES` still set
 * those games' counts per player count. The fast lane (`npm run test:fast`) plays them at `CONTRACT_SCALE=0.01`,
 * `npm test` at full scale (see vitest.config.ts). The timeouts are generous for a busy machine.
 */
import { describe, expect, it } from 'vitest';
import type { BaseState, GameEngine, LobbyOptions } from '../../src/engine/types.js';
import { engine as eiszeit } from '../../src/games/eiszeit/index.js';
import { engine as endlessWinter } from '../../src/games/endless-winter/index.js';
import { engine as mammut } from '../../src/games/mammut/index.js';
import { engine as talEngine } from '../../src/games/tal/index.js';
import { checkInvariants as eiszeitInvariants } from '../eiszeit/invariants.js';
import { checkInvariants as endlessWinterInvariants } from '../endless-winter/invariants.js';
import { runContract } from '../helpers/contract.js';
import { invariant as mammutInvariant } from '../mammut/invariants.js';
import { invariant as talInvariant } from '../tal/contract-runs.js';

const SCALE = Number(process.env.CONTRACT_SCALE ?? 1);
const scaled = (games: number): number => Math.max(1, Math.round(games * SCALE));

interface Row { players: number; what: string; games: number; seedPrefix: string; options?: LobbyOptions; maxSteps?: number }
interface Game { name: string; timeout: number; rows: Row[]; run: (row: Row) => number }

/** A game's rows with its engine and invariant (typed together, so each invariant gets its own state type). */
function game<S extends BaseState>(name: string, engine: GameEngine<S>, invariant: (s: S) => void, timeout: number, rows: Row[]): Game {
  const run = (r: Row): number =>
    runContract(engine, { players: r.players, games: r.games, options: r.options, seedPrefix: r.seedPrefix, maxSteps: r.maxSteps }, invariant).finished;
  return { name, timeout, rows, run };
}
const each = <T>(xs: readonly T[], f: (x: T) => Row[]): Row[] => xs.flatMap(f);

// Mammut: 1,000 games a player count, in four runs of 250 with distinct seeds.
const mammutRows = each([2, 3, 4, 5], (players) => [0, 1, 2, 3].map((part) =>
  ({ players, what: `games ${part * 250 + 1}-${part * 250 + 250}`, games: scaled(250), seedPrefix: `mammut${part}` })));

// Eiszeit: 500 games a player count.
const eiszeitGames = scaled(Number(process.env.EISZEIT_GAMES ?? 500));
const eiszeitRows: Row[] = [3, 4, 5].flatMap((players) => [
  { players, what: 'base game', games: eiszeitGames, seedPrefix: 'eiszeit' },
  // rules version 2 (a dark card's player discards before handing it on): a fifth of the games again
  { players, what: 'rules version 2', games: Math.max(1, Math.round(eiszeitGames / 5)), seedPrefix: 'eiszeit-v2', options: { rulesVersion: '2' } },
]);

// Endless Winter: 300 games a player count, 100 in each of three groups of lobby options.
const ewOptions: { name: string; options: LobbyOptions }[] = [
  { name: 'base game', options: {} },
  { name: 'chosen chiefs and setup cards, ice finds, rest tiles', options: { setup: 'both', ice: 'yes', rest: 'yes' } },
  { name: 'chosen setup cards, short game, majority terrain', options: { setup: 'cards', short: 'yes', majority: 'yes' } },
];
const ewRows = each([2, 3, 4], (players) => ewOptions.map((o) =>
  ({ players, what: o.name, games: scaled(100), options: o.options, seedPrefix: o.name.slice(0, 12), maxSteps: 20_000 })));

// Das Tal der Mammuts: 300 games a player count (half basic rules, half advanced rules with 15 food), capped at
// 6 rounds: summer rounds 2-3 with the harvest, the whole first winter with events, births, sowing and card draws,
// and the next summer's first round where wiped-out tribes return.
const talGames = Number(process.env.TAL_GAMES ?? 300);
const talChunk = Math.ceil(talGames / 2);
const talRows = each([2, 3, 4, 5, 6], (players) => [0, talChunk].filter((from) => from < talGames).map((from): Row => {
  const games = Math.min(talChunk, talGames - from);
  const advanced = from > 0;
  return {
    players,
    what: `games ${from + 1}-${from + games} (${advanced ? 'advanced rules, 15 food' : 'basic rules'})`,
    games: scaled(games),
    options: advanced ? { maxRounds: '6', rules: 'advanced', food: '15' } as LobbyOptions : { maxRounds: '6' },
    seedPrefix: `tal-${from}`,
  };
}).concat([{
  // rules version 2 (windows asked of everyone at once): a third of the games again, half of them advanced
  players, what: 'rules version 2', games: scaled(Math.ceil(talGames / 3)), seedPrefix: 'tal-v2',
  options: { maxRounds: '6', rulesVersion: '2', ...(players % 2 ? { rules: 'advanced' } : {}) } as LobbyOptions,
}]));

const TABLE: Game[] = [
  game('Mammut', mammut, mammutInvariant, 600_000, mammutRows),
  game('Eiszeit', eiszeit, eiszeitInvariants, 1_800_000, eiszeitRows),
  game('Endless Winter', endlessWinter, endlessWinterInvariants, 900_000, ewRows),
  game('Das Tal der Mammuts', talEngine, talInvariant, 900_000, talRows),
];

/** The contract rows of one game, as tests. */
export function contractSuite(name: string): void {
  const g = TABLE.find((x) => x.name === name);
  if (!g) throw new Error(`no contract rows for ${name}`);
  describe(`${g.name}: random legal play under the engine contract, invariants after every step`, () => {
    for (const r of g.rows) {
      it(`GIVEN ${r.players} players, ${r.what}: ${r.games} games THEN every game ends and every step keeps the contract`, () => {
        expect(g.run(r)).toBe(r.games);
      }, g.timeout);
    }
  });
}
