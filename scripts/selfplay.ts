/**
 * `npm run selfplay -- --game mammut [--players 4] [--games 1000] [--seed S] [--options k=v,k=v] [--chooser random|policy] [--json]`
 * Plays legal games through the engine and prints what a designer needs: games finished and failed, decisions
 * per game, score spread, win rate by seat, and the game's own metrics. Every seat chooses uniformly at random,
 * or with `--chooser policy` by the engine's rule of thumb for playouts (`playoutPolicy`), for games where
 * random play says little (in Das Tal der Mammuts random tribes starve). The policy is handed exactly the options
 * the engine contract promises it (`policyOptions`: all offered but `back`), as the computer players hand it.
 * `runSelfplay` is exported for the tests.
 */
import { pathToFileURL } from 'node:url';
import '../src/games/all.js';
import { getGame, allGames } from '../src/games/registry.js';
import { playRandom } from '../src/engine/selfplay.js';
import type { BaseState, GameEngine } from '../src/engine/types.js';
import { parseArgs, stats } from './args.js';

export type ChooserName = 'random' | 'policy';

export interface SelfplayOptions {
  /** Player counts to play (default: every count the game allows). */
  counts?: number[];
  /** Games per player count (default 200). */
  games?: number;
  seed?: string;
  options?: Record<string, string>;
  maxSteps?: number;
  chooser?: ChooserName;
}

export interface CountReport {
  finished: number;
  failed: number;
  cutAtMaxSteps: number;
  /** The first five failures, `seed: message`. */
  failures: string[];
  gamesPerSecond: number;
  decisionsPerGame: ReturnType<typeof stats>;
  finalScore: ReturnType<typeof stats>;
  scoreSpreadWinnerToLast: ReturnType<typeof stats>;
  winRateBySeat: number[];
  metrics: Record<string, ReturnType<typeof stats>>;
}

export interface SelfplayReport {
  game: string;
  options: Record<string, string>;
  chooser: ChooserName;
  gamesPerCount: number;
  byPlayers: Record<number, CountReport>;
}

/** Plays the games the command line asks for and returns the figures (throws when the chooser cannot be used). */
export function runSelfplay(engine: GameEngine<BaseState>, opts: SelfplayOptions = {}): SelfplayReport {
  const counts = opts.counts ?? Array.from({ length: engine.maxPlayers - engine.minPlayers + 1 }, (_, i) => engine.minPlayers + i);
  const games = opts.games ?? 200;
  const seed = opts.seed ?? 'selfplay';
  const options = opts.options ?? {};
  const maxSteps = opts.maxSteps ?? 200_000;
  const chooserName = opts.chooser ?? 'random';
  const policy = engine.playoutPolicy;
  if (chooserName === 'policy' && !policy) throw new Error(`${engine.id} has no playout policy; use --chooser random`);
  const policyChooser = chooserName === 'policy' ? policy!.bind(engine) : undefined;

  const report: SelfplayReport = { game: engine.id, options, chooser: chooserName, gamesPerCount: games, byPlayers: {} };
  for (const players of counts) {
    let finished = 0, failed = 0, cut = 0;
    const decisions: number[] = [], winners: number[] = Array(players).fill(0), scores: number[] = [], spreads: number[] = [];
    const metricSums: Record<string, number[]> = {};
    const failures: string[] = [];
    const t0 = performance.now();
    for (let g = 0; g < games; g++) {
      try {
        const r = playRandom(engine, players, options, `${seed}-${players}-${g}`, { maxSteps, inPlace: true, policy: policyChooser });
        if (!r.finished) { cut++; continue; }
        finished++;
        decisions.push(r.steps);
        const o = r.outcome!;
        for (const w of o.winners) winners[w]! += 1 / o.winners.length;
        const sc = o.ranking.map((x) => x.score);
        scores.push(...sc);
        spreads.push(Math.max(...sc) - Math.min(...sc));
        for (const [k, v] of Object.entries(engine.metrics?.(r.state) ?? {})) (metricSums[k] ??= []).push(v);
      } catch (err) {
        failed++;
        if (failures.length < 5) failures.push(`${seed}-${players}-${g}: ${(err as Error).message}`);
      }
    }
    const seconds = (performance.now() - t0) / 1000;
    report.byPlayers[players] = {
      finished, failed, cutAtMaxSteps: cut, failures,
      gamesPerSecond: Number((games / seconds).toFixed(1)),
      decisionsPerGame: stats(decisions),
      finalScore: stats(scores),
      scoreSpreadWinnerToLast: stats(spreads),
      winRateBySeat: winners.map((w) => Number((w / Math.max(1, finished)).toFixed(3))),
      metrics: Object.fromEntries(Object.entries(metricSums).map(([k, v]) => [k, stats(v)])),
    };
  }
  return report;
}

function main(): void {
  const args = parseArgs();
  const gameId = typeof args.game === 'string' ? args.game : 'mammut';
  const module = getGame(gameId);
  if (!module) {
    console.error(`unknown game ${gameId}; known: ${allGames().map((g) => g.engine.id).join(', ')}`);
    process.exit(2);
  }
  const engine = module.engine;
  const options: Record<string, string> = {};
  if (typeof args.options === 'string') for (const kv of args.options.split(',')) { const [k, v] = kv.split('='); if (k && v) options[k] = v; }
  const maxSteps = typeof args['max-steps'] === 'string' ? Number(args['max-steps']) : 200_000;
  const chooserName = typeof args.chooser === 'string' ? args.chooser : 'random';
  if (chooserName !== 'random' && chooserName !== 'policy') {
    console.error(`--chooser is random or policy, not ${chooserName}`);
    process.exit(2);
  }
  if (chooserName === 'policy' && !engine.playoutPolicy) {
    console.error(`${gameId} has no playout policy; use --chooser random`);
    process.exit(2);
  }
  const report = runSelfplay(engine, {
    counts: typeof args.players === 'string' ? [Number(args.players)] : undefined,
    games: typeof args.games === 'string' ? Number(args.games) : 200,
    seed: typeof args.seed === 'string' ? args.seed : 'selfplay',
    options, maxSteps, chooser: chooserName,
  });

  if (args.json) { console.log(JSON.stringify(report, null, 2)); return; }
  const f = (n: number) => (Number.isFinite(n) ? (Number.isInteger(n) ? String(n) : n.toFixed(2)) : '-');
  console.log(`Self-play: ${gameId}, ${report.gamesPerCount} ${chooserName === 'policy' ? 'rule-of-thumb' : 'random'} games per player count${Object.keys(options).length ? `, options ${JSON.stringify(options)}` : ''}`);
  for (const [players, raw] of Object.entries(report.byPlayers)) {
    console.log(`\n${players} players: ${raw.finished} finished, ${raw.failed} failed, ${raw.cutAtMaxSteps} cut at ${maxSteps} steps (${raw.gamesPerSecond} games/s)`);
    for (const fl of raw.failures) console.log(`  FAILED ${fl}`);
    const line = (name: string, s: ReturnType<typeof stats>) => console.log(`  ${name.padEnd(34)} mean ${f(s.mean)}  min ${f(s.min)}  p50 ${f(s.p50)}  max ${f(s.max)}`);
    line('decisions per game', raw.decisionsPerGame);
    line('final score', raw.finalScore);
    line('score spread (first - last)', raw.scoreSpreadWinnerToLast);
    console.log(`  win rate by seat                   ${raw.winRateBySeat.map((w) => (w * 100).toFixed(1) + '%').join('  ')}`);
    for (const [k, s] of Object.entries(raw.metrics)) line(k, s);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
