/**
 * `npx tsx test/tal/fingerprint.ts [games per player count and options, default 30]`
 *
 * A digest of everything a game of Das Tal der Mammuts shows the outside world, for proving that a change to the
 * state's layout changed no game: seeded self-play at 2-6 players under each lobby option combination that matters
 * (basic or advanced rules, 12 or 15 food; the map is drawn from the seed), hashing every decision (seat, prompt,
 * options, default; the options' payloads are left out, they are for `perform` only), every step's choice and events,
 * every seat's and the spectator's view, the determinized views a computer player would see, the computer player's
 * estimate and policy pick, the metrics and the outcome. Besides the random games, a few games per player count are
 * played by the playout policy and by the simple strategy. The stored state's shape is deliberately left out. Prints
 * one line per player count and a total; run it before and after a refactoring and compare.
 */
import { createHash } from 'node:crypto';
import { policyOptions, playRandom, type PlayOptions } from '../../src/engine/selfplay.js';
import { seedRng } from '../../src/engine/rng.js';
import type { Decision, LobbyOptions } from '../../src/engine/types.js';
import { tal, type TalState } from '../../src/games/tal/index.js';
import { talStrategy } from '../../src/games/tal/ai.js';

const engine = tal.engine;
const games = Number(process.argv[2] ?? 30);
const optionSets: LobbyOptions[] = [
  {},
  { food: '15' },
  { rules: 'advanced' },
  { rules: 'advanced', food: '15' },
];

/** A decision as the outside world sees it: everything but the options' payloads. */
const shown = (ds: Decision[]): unknown =>
  ds.map((d) => ({ ...d, options: d.options.map(({ payload: _p, ...o }) => o) }));

const total = createHash('sha256');
for (const n of [2, 3, 4, 5, 6]) {
  const h = createHash('sha256');
  const feed = (x: unknown) => h.update(JSON.stringify(x) ?? 'undefined').update('\n');
  const play = (options: LobbyOptions, seed: string, how: Pick<PlayOptions<TalState>, 'chooser' | 'policy'>): void => {
    const first = engine.setup(n, options, seed);
    feed(shown(engine.decisions(first)));
    for (let s = -1; s < n; s++) feed(engine.view(first, s < 0 ? null : s));
    const r = playRandom(engine, n, options, seed, {
      ...how,
      maxSteps: 30_000,
      onStep: ({ after, seat, option, events, step }) => {
        feed([seat, option, events]);
        const owed = engine.decisions(after);
        feed(shown(owed));
        for (let s = -1; s < n; s++) feed(engine.view(after, s < 0 ? null : s));
        if (step % 7 === 0 && owed.length > 0) {
          const who = owed[step % owed.length]!;
          const det = engine.determinize!(after, who.seat, seedRng(`det-${seed}-${step}`));
          feed(engine.view(det, who.seat));
          const ids = policyOptions(who).map((o) => o.id);
          feed([engine.estimate!(after, who.seat), engine.playoutPolicy!(after, who.seat, ids, seedRng(`pol-${seed}-${step}`))]);
        }
      },
    });
    feed([r.steps, r.finished, r.outcome, engine.metrics!(r.state)]);
  };
  for (const [k, options] of optionSets.entries()) {
    for (let g = 0; g < games; g++) play(options, `fingerprint-${n}-${k}-${g}`, {});
  }
  const few = Math.max(1, Math.round(games / 10));
  for (let g = 0; g < few; g++) {
    play({ rules: g % 2 ? 'advanced' : 'basic', maxRounds: '12' }, `fingerprint-policy-${n}-${g}`, { policy: engine.playoutPolicy! });
    play({ rules: g % 2 ? 'basic' : 'advanced', maxRounds: '12' }, `fingerprint-strategy-${n}-${g}`, { chooser: talStrategy });
  }
  const d = h.digest('hex');
  total.update(d);
  console.log(`${n} players, ${games} games x ${optionSets.length} option sets + ${few} policy + ${few} strategy games: ${d}`);
}
console.log(`total: ${total.digest('hex')}`);
