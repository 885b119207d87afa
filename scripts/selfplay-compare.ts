/**
 * `tsx scripts/selfplay-compare.ts --game endless-winter --other /tmp/ew-old [--games 20] [--rounds 3] [--players 3]`
 *
 * Self-play speed of this checkout and another one side by side in one process (random games, in place, as
 * `npm run bench` plays them), in alternating batches so that a busy machine slows both alike. The other checkout
 * is a git worktree of an older commit with a node_modules link, e.g.
 * `git worktree add /tmp/ew-old 5566365 && ln -s "$PWD/node_modules" /tmp/ew-old/node_modules`.
 * Prints games per CPU-second (of this process) and decisions per game for each.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from './args.js';

const args = parseArgs();
const game = typeof args.game === 'string' ? args.game : 'endless-winter';
if (typeof args.other !== 'string') {
  console.error('usage: tsx scripts/selfplay-compare.ts --game <id> --other <checkout> [--games 20] [--rounds 3] [--players 3]');
  process.exit(2);
}
const n = Number(args.games ?? 20), rounds = Number(args.rounds ?? 3), players = Number(args.players ?? 3);
const here = path.resolve(import.meta.dirname, '..');
const roots = [here, path.resolve(args.other)];
const sides = await Promise.all(roots.map(async (root) => {
  const url = (p: string): string => pathToFileURL(path.join(root, p)).href;
  const mod = (await import(url(`src/games/${game}/engine.ts`))) as Record<string, any>;
  const engine = mod.engine ?? Object.values(mod).find((v) => v && typeof v === 'object' && v.id === game);
  const { playRandom } = (await import(url('src/engine/selfplay.ts'))) as { playRandom: any };
  return { root, engine, playRandom, cpu: 0, games: 0, steps: 0 };
}));
for (let k = 0; k < rounds; k++) for (const s of sides) {
  const c0 = process.cpuUsage();
  for (let g = 0; g < n; g++) s.steps += s.playRandom(s.engine, players, {}, `compare-${k}-${g}`, { inPlace: true }).steps;
  const c = process.cpuUsage(c0);
  s.cpu += (c.user + c.system) / 1e6;
  s.games += n;
}
for (const s of sides) {
  console.log(`${s.root}: ${s.games} ${game} games at ${players} players, ${(s.games / s.cpu).toFixed(1)} games per CPU-second, ${(s.steps / s.games).toFixed(0)} decisions per game`);
}
