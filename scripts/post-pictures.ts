/**
 * `tsx scripts/post-pictures.ts [--other /tmp/c4c9493] [--rounds 3] [--positions 60] [--players 3]`
 *
 * The picture a handover's table post carries, per game: its render cost (CPU ms: drawing and encoding, median) and its
 * size (KB, median), over the positions `npm run bench` draws (every third step of one seeded random game). Today that
 * picture is the glance (`renderGlance`, with what changed since the previous position outlined); a checkout from before
 * the glance existed posted its full table (`renderTable`), and this script measures whichever the checkout has.
 *
 * `--other DIR`: a checkout of an older commit (`mkdir DIR && git archive c4c9493 src assets package.json tsconfig.json |
 * tar -x -C DIR && ln -s "$PWD/node_modules" DIR/node_modules`), measured side by side: this script is copied into it
 * and run there and here in turn, `--rounds` times each (one process per run, so the sides do not share a compiler), and
 * the ratios of the medians are printed: the goal is the glance at ≤ ½ of the table post at c4c9493 in both.
 * Sizes are the same in every run (same seeds, same pictures); times vary with the machine's load.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs, stats } from './args.js';

const args = parseArgs();
const players = Number(args.players ?? 3), positions = Number(args.positions ?? 60);

type Figures = Record<string, { ms: number; kb: number }>;

/** Draws the post's picture at each position of each game (after one uncounted pass to warm up), in this process. */
async function measureHere(): Promise<Figures> {
  await import('../src/games/all.js');
  const { translator } = await import('../src/bot/present.js');
  const { playRandom } = await import('../src/engine/selfplay.js');
  const { allGames } = await import('../src/games/registry.js');
  const out: Figures = {};
  for (const m of allGames()) {
    const e = m.engine;
    const n = Math.min(e.maxPlayers, Math.max(e.minPlayers, players));
    const names = Array.from({ length: n }, (_, i) => `Player ${i + 1}`);
    const t = translator('en', m, names);
    const states: unknown[] = [];
    playRandom(e, n, {}, `bench-${e.id}`, { onStep: ({ after, step }: { after: unknown; step: number }) => { if (step % 3 === 0) states.push(after); } });
    const every = Math.max(1, Math.floor(states.length / positions));
    const sample = states.filter((_, i) => i % every === 0).slice(0, positions);
    const ui = m.ui as unknown as { renderGlance?: (view: unknown, ctx: unknown) => Buffer; renderTable: (view: unknown, ctx: unknown) => Buffer };
    const ms: number[] = [], kb: number[] = [];
    for (let pass = 0; pass < 2; pass++) {
      let previous: unknown = null;
      for (const s of sample) {
        const view = e.view(s as never, null);
        const c0 = process.cpuUsage();
        const png = ui.renderGlance ? ui.renderGlance(view, { t, names, previous }) : ui.renderTable(view, { t, names });
        const c = process.cpuUsage(c0);
        previous = view;
        if (pass === 1) { ms.push((c.user + c.system) / 1000); kb.push(png.length / 1024); }
        // Let the event loop turn, as between interactions: the canvas library frees pixel memory then.
        await new Promise((r) => setImmediate(r));
      }
    }
    out[e.id] = { ms: stats(ms).p50, kb: stats(kb).p50 };
  }
  return out;
}

function runIn(root: string): Figures {
  const script = path.join(root, 'scripts', 'post-pictures.ts');
  if (root !== here) { mkdirSync(path.dirname(script), { recursive: true }); copyFileSync(path.join(here, 'scripts/post-pictures.ts'), script); copyFileSync(path.join(here, 'scripts/args.ts'), path.join(root, 'scripts/args.ts')); }
  const out = execFileSync(path.join(here, 'node_modules/.bin/tsx'), [script, '--json', '--players', String(players), '--positions', String(positions)], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 24 });
  return JSON.parse(out.trim().split('\n').pop()!) as Figures;
}

const here = path.resolve(import.meta.dirname, '..');
if (args.json) {
  console.log(JSON.stringify(await measureHere()));
} else {
  const other = typeof args.other === 'string' ? path.resolve(args.other) : null;
  const rounds = Number(args.rounds ?? (other ? 3 : 1));
  const runs: { side: string; figures: Figures }[] = [];
  for (let r = 0; r < rounds; r++) {
    if (other) runs.push({ side: other, figures: runIn(other) });
    runs.push({ side: 'this checkout', figures: runIn(here) });
  }
  const mid = (xs: number[]): number => stats(xs).p50;
  const round = (x: number, d = 2): number => Math.round(x * 10 ** d) / 10 ** d;
  for (const game of Object.keys(runs.at(-1)!.figures)) {
    const of = (side: string) => runs.filter((x) => x.side === side && x.figures[game]).map((x) => x.figures[game]!);
    const now = of('this checkout');
    const line = [`${game}: this checkout ${now.map((f) => round(f.ms)).join(' / ')} ms, ${round(mid(now.map((f) => f.kb)), 1)} KB`];
    if (other) {
      const before = of(other);
      if (before.length) {
        line.push(`${other} ${before.map((f) => round(f.ms)).join(' / ')} ms, ${round(mid(before.map((f) => f.kb)), 1)} KB`);
        line.push(`ratio: time ${round(mid(now.map((f) => f.ms)) / mid(before.map((f) => f.ms)))}, bytes ${round(mid(now.map((f) => f.kb)) / mid(before.map((f) => f.kb)))}`);
      }
    }
    console.log(line.join('; '));
  }
}
