import { describe, expect, it } from 'vitest';
import { aiRng, strongPlayer } from '../../src/ai/index.js';
import { seedRng } from '../../src/engine/rng.js';
import { playRandom } from '../../src/engine/selfplay.js';
import { engine } from '../../src/games/eiszeit/index.js';
import type { EiszeitState } from '../../src/games/eiszeit/state.js';
import { runMatch } from '../../scripts/ai-match.js';

/** States met along a few random games (every 25th step). */
function sampleStates(players: number, games: number): EiszeitState[] {
  const out: EiszeitState[] = [];
  for (let g = 0; g < games; g++) {
    playRandom(engine, players, {}, `est-${players}-${g}`, { onStep: ({ after, step }) => { if (step % 25 === 0) out.push(after); } });
  }
  return out;
}

describe('Eiszeit for computer players: the estimate', () => {
  const states = [3, 4, 5].flatMap((n) => sampleStates(n, 3));

  it('GIVEN states along random games THEN the estimate lies in [0, 1] for every seat and tells seats apart', () => {
    let spread = 0;
    for (const s of states) {
      const n = s.players;
      const values = Array.from({ length: n }, (_, q) => engine.estimate!(s, q));
      for (const v of values) {
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(1);
      }
      spread += Math.max(...values) - Math.min(...values);
    }
    // not a constant: the seats' standing differs in a typical position
    expect(spread / states.length).toBeGreaterThan(0.05);
  });

  it('GIVEN what a seat cannot see redrawn (hands, piles, fire tiles) THEN its estimate does not change', () => {
    for (const [i, s] of states.entries()) {
      const seat = i % s.players;
      const a = engine.determinize!(s, seat, seedRng(`d1-${i}`));
      const b = engine.determinize!(s, seat, seedRng(`d2-${i}`));
      expect(engine.estimate!(a, seat)).toBe(engine.estimate!(s, seat));
      expect(engine.estimate!(b, seat)).toBe(engine.estimate!(s, seat));
    }
  });

  it('GIVEN the leader on the score track with the same board THEN the leader is estimated higher', () => {
    const s = states.find((x) => x.phase === 'settle' && x.round >= 2)!;
    const leader = s.score.indexOf(Math.max(...s.score));
    const trailer = s.score.indexOf(Math.min(...s.score));
    if (leader !== trailer) expect(engine.estimate!(s, leader)).toBeGreaterThanOrEqual(engine.estimate!(s, trailer));
  });
});

describe('Eiszeit for computer players: where the search\'s playouts stop (playoutCut)', () => {
  const states = [3, 4].flatMap((n) => sampleStates(n, 2)).filter((s) => s.phase === 'settle');

  it('GIVEN the position the option was tried in THEN the playout goes on', () => {
    for (const s of states) expect(engine.playoutCut!(s, s.seat, 0)).toBeNull();
  });

  it('GIVEN the seat\'s next card to play THEN the position is judged in [0, 1], the same whatever the seat cannot see', () => {
    let judged = 0;
    for (const [i, s] of states.entries()) {
      if (s.stage !== 'play') continue;
      const seat = s.seat;
      const v = engine.playoutCut!(s, seat, 5);
      expect(v).not.toBeNull();
      expect(v!).toBeGreaterThanOrEqual(0);
      expect(v!).toBeLessThanOrEqual(1);
      expect(engine.playoutCut!(engine.determinize!(s, seat, seedRng(`cut-${i}`)), seat, 5)).toBe(v);
      // another seat's card to play is not where the seat's playout stops
      expect(engine.playoutCut!(s, (seat + 1) % s.players, 5)).toBeNull();
      judged++;
    }
    expect(judged).toBeGreaterThan(0);
  });
});

describe('Eiszeit for computer players: the strong level against random ones', () => {
  it('GIVEN a fixed number of playouts per decision THEN the strong seat wins most of a few 3-player games', async () => {
    // 8 playouts cut at 16 steps and judged by the estimate: the rule of thumb plays each card's turn on in thought, so
    // 60 guided steps a playout (the default horizon) cost this test minutes
    const r = await runMatch({ game: engine, games: 4, players: 3, maxIterations: 8, maxPlayoutSteps: 16, seed: 'eiszeit-ai-test' });
    expect(r.unfinished).toBe(0);
    expect(r.searched).toBeGreaterThan(0);
    // random seats win a third of the time each; a strong seat that searches must do far better
    expect(r.wins).toBeGreaterThanOrEqual(3);
  });

  it('GIVEN the same seed THEN a search with an iteration cap chooses the same', () => {
    const s = sampleStates(3, 1).find((x) => engine.decisions(x)[0]!.options.length > 2)!;
    const seat = engine.decisions(s)[0]!.seat;
    const before = JSON.stringify(s);
    const a = runDecide(s, seat);
    const b = runDecide(s, seat);
    expect(a).toBe(b);
    // the search works on copies: the state it was asked about is unchanged
    expect(JSON.stringify(s)).toBe(before);
  });
});

function runDecide(s: EiszeitState, seat: number): string {
  return strongPlayer().decide(engine, s, seat, { maxIterations: 30 }, aiRng('same')).optionId;
}
