/**
 * `tsx scripts/selfplay-compare.ts [--game endless-winter,eiszeit,mammut,tal] [--other /tmp/ew-old=endless-winter,/tmp/base]`
 * `[--other-games endless-winter] [--games 20] [--rounds 3] [--players 3]`
 *
 * Self-play speed of this checkout's games, and of other checkouts' side by side, in one process (random games, in
 * place, as `npm run bench` plays them for its `selfplayGamesPerCpuSecond`), in alternating batches so that a busy
 * machine slows every side alike. Another checkout is an older commit's files with a node_modules link, e.g.
 * `mkdir /tmp/ew-old && git archive 5566365 src assets package.json tsconfig.json | tar -x -C /tmp/ew-old &&
 * ln -s "$PWD/node_modules" /tmp/ew-old/node_modules`; there, only the games named after its `=` (several joined by `+`; else by
 * `--other-games`, else all of `--game`) are played, where it has them. A first round, not counted, warms every side
 * up. Prints games per CPU-second (of this process) and decisions per game for each side.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from './args.js';

const args = parseArgs();
const games = (typeof args.game === 'string' ? args.game : 'endless-winter').split(',');
const n = Number(args.games ?? 20), rounds = Number(args.rounds ?? 3), players = Number(args.players ?? 3);
const here = path.resolve(import.meta.dirname, '..');
const otherGames = typeof args['other-games'] === 'string' ? args['other-games'].split(',') : games;
const others = (typeof args.other === 'string' ? args.other.split(',') : []).map((entry) => {
  const [root, only] = entry.split('=');
  return { root: path.resolve(root!), games: only ? only.split('+') : otherGames };
});

async function side(root: string, game: string) {
  const url = (p: string): string => pathToFileURL(path.join(root, p)).href;
  const mod = (await import(url(`src/games/${game}/engine.ts`))) as Record<string, any>;
  const engine = mod.engine ?? Object.values(mod).find((v) => v && typeof v === 'object' && v.id === game);
  const { playRandom } = (await import(url('src/engine/selfplay.ts'))) as { playRandom: any };
  return { label: `${root === here ? 'this checkout' : root} ${game}`, engine, playRandom, cpu: 0, games: 0, steps: 0 };
}
const sides = [];
for (const game of games) {
  sides.push(await side(here, game));
  for (const o of others) if (o.games.includes(game) && existsSync(path.join(o.root, `src/games/${game}/engine.ts`))) sides.push(await side(o.root, game));
}
// A first round that is not counted warms the compiler up for every side.
for (let k = -1; k < rounds; k++) for (const s of sides) {
  const c0 = process.cpuUsage();
  let steps = 0;
  for (let g = 0; g < n; g++) steps += s.playRandom(s.engine, players, {}, `compare-${k}-${g}`, { inPlace: true }).steps;
  const c = process.cpuUsage(c0);
  if (k < 0) continue;
  s.steps += steps;
  s.cpu += (c.user + c.system) / 1e6;
  s.games += n;
}
for (const s of sides) {
  console.log(`${s.label}: ${s.games} games at ${players} players, ${(s.games / s.cpu).toFixed(1)} games per CPU-second, ${(s.steps / s.games).toFixed(0)} decisions per game`);
}
