/**
 * Eiszeit self-play figures for tuning the card values: settling turns per player in each round, rounds, scores,
 * games per CPU-second. Two policies: uniform random over every offered option (as `npm run selfplay` plays), and
 * random without `back` (closer to how people play).
 *
 *   npx tsx test/eiszeit/figures.ts [games per player count = 300]
 */
import { playRandom } from '../../src/engine/selfplay.js';
import { randInt } from '../../src/engine/rng.js';
import { engine } from '../../src/games/eiszeit/index.js';

const G = Number(process.argv[2] ?? 300);
const policies = {
  random: undefined,
  'random, no back': (_s: unknown, _seat: number, ids: string[], rng: [number, number, number, number]) => {
    const ok = ids.map((id, i) => (id === 'back' ? -1 : i)).filter((i) => i >= 0);
    return ok[randInt(rng, ok.length)]!;
  },
};
const pct = (a: number[], p: number) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(p * a.length))]!;
for (const [name, chooser] of Object.entries(policies)) {
  console.log(`\n== ${name}, ${G} games per player count`);
  for (const n of [3, 4, 5]) {
    const c0 = process.cpuUsage();
    const per: Record<string, number[]> = {};
    let steps = 0;
    for (let g = 0; g < G; g++) {
      const r = playRandom(engine, n, {}, `fig-${n}-${g}`, { chooser });
      steps += r.steps;
      for (const [k, v] of Object.entries(engine.metrics!(r.state))) (per[k] ??= []).push(v);
    }
    const cu = process.cpuUsage(c0);
    const cpu = (cu.user + cu.system) / 1e6;
    const line = Object.entries(per)
      .map(([k, v]) => `${k} ${(v.reduce((a, b) => a + b, 0) / v.length).toFixed(2)}${k.startsWith('settling') ? ` [p10 ${pct(v, 0.1).toFixed(1)}, p90 ${pct(v, 0.9).toFixed(1)}]` : ''}`)
      .join(' · ');
    console.log(`${n} players: ${(steps / G).toFixed(0)} decisions/game, ${(G / cpu).toFixed(1)} games per CPU-second\n  ${line}`);
  }
}
