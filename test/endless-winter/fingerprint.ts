/**
 * `npx tsx test/endless-winter/fingerprint.ts [games per configuration, default 30] [heuristic games per player count, default 2]`
 *
 * A digest of everything an Endless Winter game shows the outside world, for proving that a change to the state's
 * layout changed no game: seeded self-play at 2-4 players and every combination of the lobby options (setup
 * random/cards/both × short × majority × ice × rest), hashing every decision (seat, prompt, options without their
 * payloads, default, sets), every choice and its events, the views, some determinized views, the metrics and the
 * outcome. The chooser is random, and picks a set of several items where a decision offers one (labour, stack), so
 * that set choices are covered too; a few games are played by the heuristic player (ai.ts). The stored state's shape
 * is deliberately left out. Prints one line per player count and a total; run it before and after a refactoring and
 * compare.
 */
import { createHash } from 'node:crypto';
import { apply, setChoiceId } from '../../src/engine/apply.js';
import { randInt, seedRng, shuffle, type RngState } from '../../src/engine/rng.js';
import type { Decision } from '../../src/engine/types.js';
import { engine } from '../../src/games/endless-winter/index.js';
import type { EwState } from '../../src/games/endless-winter/state.js';
// The heuristic player lives in strategy.ts before the layout change and in ai.ts after it.
const ai = (await import('../../src/games/endless-winter/ai.js').catch(() => import('../../src/games/endless-winter/strategy.js' as string))) as {
  heuristicChooser: (s: EwState, seat: number, ids: string[], rng: RngState) => number;
};

const games = Number(process.argv[2] ?? 30);
const heuristicGames = Number(process.argv[3] ?? 2);

const combos: Record<string, string>[] = [];
for (const setup of ['random', 'cards', 'both']) for (let bits = 0; bits < 16; bits++) {
  const yn = (b: number): string => (bits & b ? 'yes' : 'no');
  combos.push({ setup, short: yn(1), majority: yn(2), ice: yn(4), rest: yn(8) });
}

/** A decision as the outside world sees it: the payloads are for `perform` only (and new). */
function shown(d: Decision): unknown {
  return { ...d, options: d.options.map(({ payload: _p, items: _i, ...o }) => o) };
}

/** A random choice; where the decision offers a set, now and then several of its items at once. */
function choose(d: Decision, rng: RngState): string {
  const set = d.sets?.[0];
  if (set && randInt(rng, 3) === 0) {
    const items = d.options.filter((o) => o.group === set.group && !o.role).map((o) => o.id);
    if (items.length >= 2) {
      const k = Math.min(set.max, 2 + randInt(rng, items.length - 1));
      return setChoiceId(d, shuffle(rng, [...items]).slice(0, k));
    }
  }
  return d.options[randInt(rng, d.options.length)]!.id;
}

function play(n: number, options: Record<string, string>, seed: string, heuristic: boolean, feed: (x: unknown) => void): void {
  const rng = seedRng(`choices:${seed}`);
  let s = engine.setup(n, options, seed);
  for (let v = -1; v < n; v++) feed(engine.view(s, v < 0 ? null : v));
  for (let step = 1; ; step++) {
    const owed = engine.decisions(s);
    feed(owed.map(shown));
    if (!owed.length) break;
    if (step > 20_000) throw new Error(`fingerprint: ${seed} does not end`);
    const d = owed[0]!;
    const id = heuristic ? d.options[ai.heuristicChooser(s, d.seat, d.options.map((o) => o.id), rng)]!.id : choose(d, rng);
    const r = apply(engine, s, d.seat, id);
    if (!r.ok) throw new Error(`fingerprint: ${seed} step ${step}: ${id} rejected (${r.error.code})`);
    s = r.state;
    feed([d.seat, id, r.events, r.revealed]);
    feed(engine.view(s, null));
    feed(engine.view(s, step % n));
    if (step % 11 === 0 && engine.outcome(s) === null) {
      const who = step % n;
      feed(engine.view(engine.determinize!(s, who, seedRng(`det-${seed}-${step}`)), who));
    }
  }
  feed([engine.outcome(s), engine.metrics!(s)]);
}

const total = createHash('sha256');
for (const n of [2, 3, 4]) {
  const h = createHash('sha256');
  const feed = (x: unknown): void => { h.update(JSON.stringify(x) ?? 'undefined').update('\n'); };
  for (const [c, options] of combos.entries()) for (let g = 0; g < games; g++) play(n, options, `fingerprint-${n}-${c}-${g}`, false, feed);
  for (let g = 0; g < heuristicGames; g++) play(n, {}, `fingerprint-heuristic-${n}-${g}`, true, feed);
  const d = h.digest('hex');
  total.update(d);
  console.log(`${n} players, ${combos.length} option combinations × ${games} random games + ${heuristicGames} heuristic: ${d}`);
}
console.log(`total: ${total.digest('hex')}`);
