/**
 * Handovers per round of Eiszeit, by rules version, where they come from, and what rulings would save (not a test; run
 * by hand):
 *   npx tsx test/eiszeit/handovers.ts [games, default 40] [players, default 4]
 * Seeded random self-play (test/helpers/handovers.ts says what counts as a handover: a step after which a person owes
 * a decision who did not before it, as `consequences` in src/service/effects.ts counts it). Prints, per game:
 *  - the handovers of the pre-round, each settling round and the glacier choices, for every rules version;
 *  - for the newest version, what each handover of a settling round hands over: a new turn, a dark card's part to a
 *    player who carries it out (by card), the card player again (version 1's discard after the others), the glacier;
 *  - what asking decisions together would save where the printed rules ask one player after another and the later
 *    one sees the earlier one's choice (rulings that change the rules, not made: docs/noise.md, "Eiszeit").
 */
import { countHandovers } from '../helpers/handovers.js';
import { engine } from '../../src/games/eiszeit/index.js';
import type { EiszeitState } from '../../src/games/eiszeit/state.js';
import { RULES } from '../../src/games/eiszeit/versions.js';

type S = EiszeitState;
const games = Number(process.argv[2] ?? 40);
const players = Number(process.argv[3] ?? 4);

const bucket = (s: S) => (s.phase === 'settle' ? `settle ${s.round}` : s.phase === 'pre' ? 'pre-round' : s.phase === 'glacier' ? 'glacier' : 'end');
const order = (a: string, b: string) => (a === 'pre-round' ? -1 : b === 'pre-round' ? 1 : a.localeCompare(b));

/** What a handover hands over: the decision the new person owes. */
function source(s: S): string {
  if (s.phase !== 'settle') return s.phase;
  if (s.stage === 'play') return 'a new turn';
  const a = s.act;
  if (!a) return `the card player's ${s.stage}`;
  return a.seat === a.owner ? `the card player again (${s.stage})` : `a dark card's part: ${a.kind}`;
}
const placing = (s: S) => s.phase === 'settle' && !!s.act && s.act.seat !== s.act.owner && (s.act.kind === 'placeOneEach' || s.act.kind === 'placeTwoEach');
const part = (s: S) => s.phase === 'settle' && !!s.act && s.act.seat !== s.act.owner;

/**
 * Rulings that would ask together what the printed rules ask one after another, each a test of a handover given the
 * one before it in the same game: true when that ruling would have asked it together with an earlier one.
 */
const rulings: Record<string, (s: S, prev: S | null) => boolean> = {
  'A: Newcomers placed by all at once': (s, prev) => !!prev && placing(s) && placing(prev) && prev.round === s.round && prev.turns === s.turns,
  'B: the next turn asked with the last dark-card part': (s, prev) => !!prev && s.phase === 'settle' && s.stage === 'play' && part(prev),
  'C: pre-round placed a pass at a time, all at once': (s, prev) => !!prev && s.phase === 'pre' && s.preLeft % s.players !== 0,
};

const fmt = (m: Map<string, number>, keys: string[]) => keys.map((k) => `${k} ${((m.get(k) ?? 0) / games).toFixed(1)}`).join(', ');

for (const version of RULES.versions()) {
  const sources = new Map<string, Map<string, number>>();
  const saved = new Map<string, Map<string, number>>();
  const bump = (m: Map<string, Map<string, number>>, row: string, col: string) => {
    const r = m.get(row) ?? new Map<string, number>();
    r.set(col, (r.get(col) ?? 0) + 1);
    m.set(row, r);
  };
  let prev: S | null = null, prevGame = -1;
  const r = countHandovers(engine, players, { rulesVersion: String(version) }, games, bucket, 'handovers', (s, g) => {
    if (g !== prevGame) { prev = null; prevGame = g; }
    bump(sources, source(s), bucket(s));
    for (const [name, together] of Object.entries(rulings)) if (together(s, prev)) bump(saved, name, bucket(s));
    prev = s;
  });
  const keys = [...r.byBucket.keys()].sort(order);
  console.log(`\nrules version ${version}, ${players} players, ${games} games, handovers per game: ${fmt(r.byBucket, keys)}`);
  if (version !== RULES.current && version !== 1) continue;
  const settle = keys.filter((k) => k.startsWith('settle'));
  console.log('  what each handover of a settling round hands over (per game):');
  for (const [name, m] of [...sources].filter(([, m]) => settle.some((k) => m.has(k))).sort((a, b) => b[1].get('settle 1')! - a[1].get('settle 1')! || a[0].localeCompare(b[0]))) {
    console.log(`    ${name}: ${fmt(m, settle)}`);
  }
  if (version !== RULES.current) continue;
  console.log('  with a ruling that asks together what the rules ask one after another (handovers per game left):');
  for (const name of Object.keys(rulings)) {
    const left = new Map([...r.byBucket].map(([k, v]) => [k, v - (saved.get(name)?.get(k) ?? 0)]));
    console.log(`    ${name}: ${fmt(left, keys)}`);
  }
  const both = new Map([...r.byBucket].map(([k, v]) => [k, v - (saved.get(Object.keys(rulings)[0]!)?.get(k) ?? 0) - (saved.get(Object.keys(rulings)[1]!)?.get(k) ?? 0)]));
  console.log(`    A and B: ${fmt(both, keys)}`);
}
