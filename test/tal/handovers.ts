/**
 * Handovers of Das Tal der Mammuts, by rules version (not a test; run by hand):
 *   npx tsx test/tal/handovers.ts [games, default 20] [players, default 4]
 * Seeded random self-play capped at 6 rounds (test/helpers/handovers.ts says what counts as a handover; a window's
 * pass-only decision is answered unseen, so it is none). Prints per game: handovers into a card window, handovers
 * inside one (the window passing from one holder to the next), and all others.
 */
import { apply } from '../../src/engine/apply.js';
import { randInt, seedRng } from '../../src/engine/rng.js';
import { decisions, type TalState } from '../../src/games/tal/engine.js';
import { engine as talEngine } from '../../src/games/tal/index.js';
import { RULES } from '../../src/games/tal/versions.js';
import { asked } from '../helpers/handovers.js';

const games = Number(process.argv[2] ?? 20);
const players = Number(process.argv[3] ?? 4);
const inWindow = (s: TalState) => ['animalCards', 'survivalCards', 'birthCards'].includes(s.stage) || (s.stage === 'combat' && !!s.combat && !s.combat.waitingFor && s.combat.cardWindow.length > 0);
const where = (s: TalState) => `${s.round}:${s.stage}:${s.stats.combats}`;
for (const version of [...new Set([1, RULES.current])]) {
  let into = 0, inside = 0, other = 0, rounds = 0;
  for (let g = 0; g < games; g++) {
    const rng = seedRng(`tal-handovers-choices-${g}`);
    let s = talEngine.setup(players, { maxRounds: '6', rulesVersion: String(version) }, `tal-handovers-${g}`);
    let before = new Set(decisions(s).filter(asked).map((d) => d.seat));
    for (let k = 0; k < 50_000 && decisions(s).length; k++) {
      const owed = decisions(s);
      const d = owed[randInt(rng, owed.length)]!;
      const r = apply(talEngine, s, d.seat, d.options[randInt(rng, d.options.length)]!.id);
      if (!r.ok) throw new Error(r.error.code);
      const now = new Set(decisions(r.state).filter(asked).map((x) => x.seat));
      if ([...now].some((q) => !before.has(q))) {
        if (!inWindow(r.state)) other++;
        else if (inWindow(s) && where(s) === where(r.state)) inside++;
        else into++;
      }
      s = r.state;
      before = now;
    }
    rounds += s.round;
  }
  const per = (n: number) => (n / games).toFixed(1);
  console.log(`rules version ${version}, ${players} players, ${games} games (${(rounds / games).toFixed(1)} rounds): into a window ${per(into)}, inside a window ${per(inside)}, other ${per(other)}`);
}
