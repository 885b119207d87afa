/**
 * `npm run selfplay -- --game mammut [--players 4] [--games 1000] [--seed S] [--options k=v,k=v] [--chooser random|policy] [--json]`
 * Plays legal games through the engine and prints what a designer needs: games finished and failed, decisions
 * per game, score spread, win rate by seat, and the game's own metrics. Every seat chooses uniformly at random,
 * or with `--chooser policy` by the engine's rule of thumb for playouts (`playoutPolicy`), for games where
 * random play says little (in Das Tal der Mammuts random tribes starve).
 */
import '../src/games/all.js';
import { getGame, allGames } from '../src/games/registry.js';
import { playRandom } from '../src/engine/selfplay.js';
import { parseArgs, stats } from './args.js';

const args = parseArgs();
const gameId = typeof args.game === 'string' ? args.game : 'mammut';
const module = getGame(gameId);
if (!module) {
  console.error(`unknown game ${gameId}; known: ${allGames().map((g) => g.engine.id).join(', ')}`);
  process.exit(2);
}
const engine = module.engine;
const counts = typeof args.players === 'string' ? [Number(args.players)] : Array.from({ length: engine.maxPlayers - engine.minPlayers + 1 }, (_, i) => engine.minPlayers + i);
const games = typeof args.games === 'string' ? Number(args.games) : 200;
const seed = typeof args.seed === 'string' ? args.seed : 'selfplay';
const options: Record<string, string> = {};
if (typeof args.options === 'string') for (const kv of args.options.split(',')) { const [k, v] = kv.split('='); if (k && v) options[k] = v; }
const maxSteps = typeof args['max-steps'] === 'string' ? Number(args['max-steps']) : 200_000;
const chooserName = typeof args.chooser === 'string' ? args.chooser : 'random';
if (chooserName !== 'random' && chooserName !== 'policy') {
  console.error(`--chooser is random or policy, not ${chooserName}`);
  process.exit(2);
}
const policy = engine.playoutPolicy;
if (chooserName === 'policy' && !policy) {
  console.error(`${gameId} has no playout policy; use --chooser random`);
  process.exit(2);
}
const chooser = chooserName === 'policy' ? policy!.bind(engine) : undefined;

const report: Record<string, unknown> = { game: gameId, options, chooser: chooserName, gamesPerCount: games, byPlayers: {} };
for (const players of counts) {
  let finished = 0, failed = 0, cut = 0;
  const decisions: number[] = [], winners: number[] = Array(players).fill(0), scores: number[] = [], spreads: number[] = [];
  const metricSums: Record<string, number[]> = {};
  const failures: string[] = [];
  const t0 = performance.now();
  for (let g = 0; g < games; g++) {
    try {
      const r = playRandom(engine, players, options, `${seed}-${players}-${g}`, { maxSteps, inPlace: true, chooser });
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
  (report.byPlayers as Record<string, unknown>)[players] = {
    finished, failed, cutAtMaxSteps: cut, failures,
    gamesPerSecond: Number((games / seconds).toFixed(1)),
    decisionsPerGame: stats(decisions),
    finalScore: stats(scores),
    scoreSpreadWinnerToLast: stats(spreads),
    winRateBySeat: winners.map((w) => Number((w / Math.max(1, finished)).toFixed(3))),
    metrics: Object.fromEntries(Object.entries(metricSums).map(([k, v]) => [k, stats(v)])),
  };
}

if (args.json) console.log(JSON.stringify(report, null, 2));
else {
  const f = (n: number) => (Number.isFinite(n) ? (Number.isInteger(n) ? String(n) : n.toFixed(2)) : '-');
  console.log(`Self-play: ${gameId}, ${games} ${chooserName === 'policy' ? 'rule-of-thumb' : 'random'} games per player count${Object.keys(options).length ? `, options ${JSON.stringify(options)}` : ''}`);
  for (const [players, raw] of Object.entries(report.byPlayers as Record<string, any>)) {
    console.log(`\n${players} players: ${raw.finished} finished, ${raw.failed} failed, ${raw.cutAtMaxSteps} cut at ${maxSteps} steps (${raw.gamesPerSecond} games/s)`);
    for (const fl of raw.failures) console.log(`  FAILED ${fl}`);
    const line = (name: string, s: any) => console.log(`  ${name.padEnd(34)} mean ${f(s.mean)}  min ${f(s.min)}  p50 ${f(s.p50)}  max ${f(s.max)}`);
    line('decisions per game', raw.decisionsPerGame);
    line('final score', raw.finalScore);
    line('score spread (first - last)', raw.scoreSpreadWinnerToLast);
    console.log(`  win rate by seat                   ${raw.winRateBySeat.map((w: number) => (w * 100).toFixed(1) + '%').join('  ')}`);
    for (const [k, s] of Object.entries(raw.metrics)) line(k, s);
  }
}
