/**
 * One computer player against others, through the engine contract only.
 *
 *   tsx scripts/ai-match.ts --game mammut --games 200 --players 2 [--player strong|policy|greedy|random]
 *     [--opponent random|greedy|policy|strong] [--budget-ms 200] [--iterations N] [--playout-steps N] [--seed s]
 *     [--first-game N] [--trace-after STEPS] [--option key=value] [--json] [--progress]
 *
 * One seat is the player measured (default strong; rotating: game g puts it in seat g mod players), the others are
 * the opponent (default random; a strong opponent gets the same budget). Prints the player's win rate (outright
 * wins; shared wins are counted as ties) with a 95 % interval, its mean and max decision time, and games per second.
 * With `--progress` each game prints a line with the match so far (wins, interval, decision times), so a match stopped
 * early still has its numbers. `runMatch` is exported for `npm run bench`.
 */
import { pathToFileURL } from 'node:url';
import { apply } from '../src/engine/apply.js';
import { randInt, seedRng } from '../src/engine/rng.js';
import type { BaseState, GameEngine, LobbyOptions, Seat } from '../src/engine/types.js';
import { randomPlayer, strongPlayer, type ComputerPlayer, type PlayerKind, type SearchBudget } from '../src/ai/player.js';
import { greedyPlayer, policyPlayer } from '../src/ai/simple.js';
import { loadGameEngine } from '../src/ai/games.js';

export interface MatchOptions {
  /** A game id (looked up in the registry, or `src/games/<id>/index.ts`) or an engine. */
  game: string | GameEngine<any>;
  games: number;
  players: number;
  /** The player measured (default strong) and its opponents (default random). */
  player?: PlayerKind;
  opponent?: PlayerKind;
  /** Time budget per strong decision, ms (default 200). */
  budgetMs?: number;
  /** Iteration cap per strong decision (with no `budgetMs`, makes the match reproducible). */
  maxIterations?: number;
  maxPlayoutSteps?: number;
  lobbyOptions?: LobbyOptions;
  seed?: string;
  /** Safety cap on the steps of one game. */
  maxSteps?: number;
  /** Game number to start at (each game's seeds come from `seed` and its number; to look at one game again). */
  firstGame?: number;
  /** Print every decision (seat and option) of a game once it has run this many steps (to look into long games). */
  traceAfter?: number;
  /** Called after every game (progress), with the match so far. */
  onGame?: (game: number, result: GameResult, soFar: MatchResult) => void;
}

export interface GameResult {
  strongSeat: Seat;
  result: 'win' | 'tie' | 'loss' | 'unfinished';
  steps: number;
}

export interface MatchResult {
  game: string;
  player: PlayerKind;
  opponent: PlayerKind;
  players: number;
  games: number;
  budgetMs: number | null;
  maxIterations: number | null;
  wins: number;
  ties: number;
  losses: number;
  unfinished: number;
  /** wins / games. */
  winRate: number;
  /** 95 % interval of the win rate (Wilson). */
  winInterval: [number, number];
  tieRate: number;
  /** Decisions of the strong player, and those of them that needed a search. */
  decisions: number;
  searched: number;
  meanDecisionMs: number;
  meanSearchMs: number;
  maxDecisionMs: number;
  /** The 99th percentile of the decision times, and how many decisions took over 4/3 of the time budget (2 s at 1.5 s). */
  p99DecisionMs: number;
  overrunDecisions: number;
  meanIterations: number;
  /** Searches whose playouts stopped at a horizon and were judged by a score estimate. */
  cutSearches: number;
  elapsedS: number;
  gamesPerSecond: number;
}

export async function runMatch(opts: MatchOptions): Promise<MatchResult> {
  const engine: GameEngine<BaseState> = typeof opts.game === 'string' ? await loadGameEngine(opts.game) : opts.game;
  const budget: SearchBudget = {
    timeMs: opts.budgetMs ?? (opts.maxIterations === undefined ? 200 : undefined),
    maxIterations: opts.maxIterations,
    maxPlayoutSteps: opts.maxPlayoutSteps,
  };
  const playerKind = opts.player ?? 'strong';
  const opponentKind = opts.opponent ?? 'random';
  const strong = makePlayer(playerKind);
  const opponent = makePlayer(opponentKind);
  const seed = opts.seed ?? 'ai-match';
  const maxSteps = opts.maxSteps ?? 200_000;
  let wins = 0, ties = 0, losses = 0, unfinished = 0;
  let decisions = 0, searched = 0, totalMs = 0, searchMs = 0, maxMs = 0, iterations = 0, cutSearches = 0;
  const times: number[] = [];
  const t0 = performance.now();
  const first = opts.firstGame ?? 0;
  for (let g = first; g < first + opts.games; g++) {
    const strongSeat = g % opts.players;
    let state = engine.setup(opts.players, opts.lobbyOptions ?? {}, `${seed}:${g}`);
    const orderRng = seedRng(`${seed}:order:${g}`);
    const strongRng = seedRng(`${seed}:strong:${g}`);
    const randomRng = seedRng(`${seed}:random:${g}`);
    let steps = 0;
    for (; steps < maxSteps; steps++) {
      const owed = engine.decisions(state);
      if (owed.length === 0) break;
      const d = owed[randInt(orderRng, owed.length)]!;
      let optionId: string;
      if (d.seat === strongSeat) {
        const choice = strong.decide(engine, state, d.seat, budget, strongRng);
        optionId = choice.optionId;
        decisions++;
        totalMs += choice.elapsedMs;
        times.push(choice.elapsedMs);
        if (choice.elapsedMs > maxMs) maxMs = choice.elapsedMs;
        if (choice.reason === 'search') {
          searched++;
          searchMs += choice.elapsedMs;
          iterations += choice.iterations;
          if (choice.horizon !== undefined) cutSearches++;
        }
      } else {
        optionId = opponent.choose(engine, state, d.seat, budget, randomRng);
      }
      if (opts.traceAfter !== undefined && steps >= opts.traceAfter) console.error(`trace game ${g} step ${steps}: seat ${d.seat}${d.seat === strongSeat ? ' (measured)' : ''} ${optionId}`);
      const r = apply(engine, state, d.seat, optionId);
      if (!r.ok) throw new Error(`ai-match: ${optionId} rejected for seat ${d.seat} (${r.error.code}) in game ${g}`);
      state = r.state;
    }
    const outcome = engine.outcome(state);
    let result: GameResult['result'];
    if (!outcome) result = 'unfinished';
    else if (!outcome.winners.includes(strongSeat)) result = 'loss';
    else result = outcome.winners.length === 1 ? 'win' : 'tie';
    if (result === 'win') wins++;
    else if (result === 'tie') ties++;
    else if (result === 'loss') losses++;
    else unfinished++;
    opts.onGame?.(g, { strongSeat, result, steps }, summary(g - first + 1));
  }
  return summary(opts.games);

  /** The match after its first `played` games. */
  function summary(played: number): MatchResult {
    const elapsedS = (performance.now() - t0) / 1000;
    return {
      game: engine.id,
      player: playerKind,
      opponent: opponentKind,
      players: opts.players,
      games: played,
      budgetMs: budget.timeMs ?? null,
      maxIterations: budget.maxIterations ?? null,
      wins, ties, losses, unfinished,
      winRate: played ? wins / played : 0,
      winInterval: wilson(wins, played),
      tieRate: played ? ties / played : 0,
      decisions, searched,
      meanDecisionMs: decisions ? totalMs / decisions : 0,
      meanSearchMs: searched ? searchMs / searched : 0,
      maxDecisionMs: maxMs,
      p99DecisionMs: times.length ? [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(0.99 * times.length))]! : 0,
      overrunDecisions: budget.timeMs !== undefined ? times.filter((t) => t > (budget.timeMs! * 4) / 3).length : 0,
      meanIterations: searched ? iterations / searched : 0,
      cutSearches,
      elapsedS,
      gamesPerSecond: elapsedS > 0 ? played / elapsedS : 0,
    };
  }
}

/** The computer player of a kind (a fresh strong one each time). */
export function makePlayer(kind: PlayerKind): ComputerPlayer {
  return kind === 'random' ? randomPlayer : kind === 'greedy' ? greedyPlayer : kind === 'policy' ? policyPlayer : strongPlayer();
}

/** 95 % Wilson interval of a share of `k` successes in `n` trials. */
export function wilson(k: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.96, p = k / n, z2 = z * z;
  const mid = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.max(0, mid - half), Math.min(1, mid + half)];
}

export function formatMatch(r: MatchResult): string {
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
  const budget = r.budgetMs !== null ? `${r.budgetMs} ms` : `${r.maxIterations} iterations`;
  return [
    `${r.game}, ${r.players} players, ${r.games} games, ${r.player} vs ${r.opponent}, search budget ${budget} per decision`,
    `  ${r.player} wins ${r.wins} (${pct(r.winRate)}, 95% ${pct(r.winInterval[0])}–${pct(r.winInterval[1])}), ties ${r.ties} (${pct(r.tieRate)}), losses ${r.losses}` +
      (r.unfinished ? `, unfinished ${r.unfinished}` : ''),
    `  ${r.player} decisions ${r.decisions} (${r.searched} searched, ${r.meanIterations.toFixed(0)} playouts each): ` +
      `mean ${r.meanDecisionMs.toFixed(1)} ms, mean searched ${r.meanSearchMs.toFixed(1)} ms, max ${r.maxDecisionMs.toFixed(1)} ms, 99th percentile ${r.p99DecisionMs.toFixed(1)} ms` +
      (r.budgetMs !== null ? `, ${r.overrunDecisions} over ${((r.budgetMs * 4) / 3).toFixed(0)} ms` : '') +
      (r.cutSearches ? `; ${r.cutSearches} searches played to a horizon` : ''),
    `  ${r.elapsedS.toFixed(1)} s, ${r.gamesPerSecond.toFixed(3)} games/s`,
  ].join('\n');
}

function parseArgs(argv: string[]): { opts: MatchOptions; json: boolean; progress: boolean } {
  const get = (name: string): string | undefined => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const num = (name: string): number | undefined => {
    const v = get(name);
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} needs a positive number, not ${v}`);
    return n;
  };
  const kind = (name: string): PlayerKind | undefined => {
    const v = get(name);
    if (v === undefined) return undefined;
    if (!['random', 'greedy', 'policy', 'strong'].includes(v)) throw new Error(`--${name} is random, greedy, policy or strong, not ${v}`);
    return v as PlayerKind;
  };
  const game = get('game');
  if (!game) throw new Error('usage: tsx scripts/ai-match.ts --game <id> [--games 200] [--players 2] [--player strong|policy|greedy|random] [--opponent random|greedy|policy|strong] [--budget-ms 200] [--iterations N] [--playout-steps N] [--seed s] [--first-game N] [--trace-after STEPS] [--option key=value] [--json] [--progress]');
  const lobbyOptions: LobbyOptions = {};
  argv.forEach((a, i) => {
    if (a === '--option') {
      const [k, v] = (argv[i + 1] ?? '').split('=');
      if (k && v !== undefined) lobbyOptions[k] = v;
    }
  });
  return {
    opts: {
      game,
      games: num('games') ?? 200,
      player: kind('player'),
      opponent: kind('opponent'),
      players: num('players') ?? 2,
      budgetMs: num('budget-ms'),
      maxIterations: num('iterations'),
      maxPlayoutSteps: num('playout-steps'),
      seed: get('seed'),
      lobbyOptions,
      ...(get('first-game') !== undefined ? { firstGame: Number(get('first-game')) } : {}),
      ...(num('trace-after') !== undefined ? { traceAfter: num('trace-after') } : {}),
    },
    json: argv.includes('--json'),
    progress: argv.includes('--progress'),
  };
}

async function main(): Promise<void> {
  const { opts, json, progress } = parseArgs(process.argv.slice(2));
  if (progress) {
    opts.onGame = (g, r, m) => {
      const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
      process.stderr.write(
        `game ${g + 1}: ${r.result} (seat ${r.strongSeat}, ${r.steps} steps), wins so far ${m.wins}/${m.games} ` +
          `(95% ${pct(m.winInterval[0])}–${pct(m.winInterval[1])}, ${m.ties} ties); decisions ${m.decisions}, ` +
          `mean ${m.meanDecisionMs.toFixed(0)} ms, max ${m.maxDecisionMs.toFixed(0)} ms, p99 ${m.p99DecisionMs.toFixed(0)} ms, ` +
          `${m.overrunDecisions} over ${m.budgetMs !== null ? ((m.budgetMs * 4) / 3).toFixed(0) + ' ms' : '–'}, ${m.meanIterations.toFixed(0)} playouts\n`,
      );
    };
  }
  const result = await runMatch(opts);
  console.log(json ? JSON.stringify(result) : formatMatch(result));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
