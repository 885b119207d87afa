/**
 * `npx tsx test/mammut/fingerprint.ts [games per player count, default 200]`
 *
 * A digest of everything a Mammut game shows the outside world, for proving that a change to the state's layout
 * changed no game: seeded random self-play at 2-5 players, hashing every decision (seat, prompt, options, default),
 * every step's events, every seat's and the spectator's view, the determinized views a computer player would see,
 * the metrics and the outcome. The stored state's shape is deliberately left out, and so are the options' payloads
 * (what `perform` reads, free to change with the state's shape). Prints one line per player count and a total; run
 * it before and after a refactoring and compare.
 */
import { createHash } from 'node:crypto';
import { playRandom } from '../../src/engine/selfplay.js';
import { seedRng } from '../../src/engine/rng.js';
import type { Decision } from '../../src/engine/types.js';
import { metrics } from '../../src/games/mammut/engine.js';
import { engine } from '../../src/games/mammut/index.js';
import { determinize } from '../../src/games/mammut/view.js';

const games = Number(process.argv[2] ?? 200);
/** Decisions as the outside world sees them: without the options' payloads. */
const shown = (ds: Decision[]): unknown => ds.map((d) => ({ ...d, options: d.options.map(({ payload: _payload, ...o }) => o) }));
const total = createHash('sha256');
for (const n of [2, 3, 4, 5]) {
  const h = createHash('sha256');
  const feed = (x: unknown) => h.update(JSON.stringify(x) ?? 'undefined').update('\n');
  for (let g = 0; g < games; g++) {
    const seed = `fingerprint-${n}-${g}`;
    const first = engine.setup(n, {}, seed);
    feed(shown(engine.decisions(first)));
    for (let s = -1; s < n; s++) feed(engine.view(first, s < 0 ? null : s));
    const r = playRandom(engine, n, {}, seed, {
      onStep: ({ after, seat, option, events, step }) => {
        feed([seat, option, events]);
        feed(shown(engine.decisions(after)));
        for (let s = -1; s < n; s++) feed(engine.view(after, s < 0 ? null : s));
        if (step % 7 === 0 && engine.outcome(after) === null) {
          const who = step % n;
          feed(engine.view(determinize(after, who, seedRng(`det-${seed}-${step}`)), who));
        }
      },
    });
    feed([r.steps, r.finished, r.outcome, metrics(r.state)]);
  }
  const d = h.digest('hex');
  total.update(d);
  console.log(`${n} players, ${games} games: ${d}`);
}
console.log(`total: ${total.digest('hex')}`);
