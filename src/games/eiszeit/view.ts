/**
 * Eiszeit's hidden information, in one place: what each seat may see (`view`), and a state redrawn for a computer
 * player where it cannot see (`determinize`). Hidden: the other hands (only how many light and dark cards), the draw
 * piles, the discards under the top cards, and every fire tile's value.
 */
import { FIRST_DATA_VERSION } from '../../engine/data-versions.js';
import { shuffle, type RngState } from '../../engine/rng.js';
import type { Seat } from '../../engine/types.js';
import type { Colour } from './data.js';
import { colourOf, onBoard, R } from './board.js';
import { outcome } from './engine.js';
import { firesIn } from './fire.js';
import type { EiszeitState, EiszeitView } from './state.js';

type S = EiszeitState;

/** Who owes the decision now (null once the game is over). */
function decider(s: S): Seat | null {
  if (s.phase === 'over') return null;
  if (s.phase === 'glacier') return s.glacierSeat;
  if (s.phase === 'settle' && s.stage === 'act' && s.act) return s.act.seat;
  return s.seat;
}

/** What `seat` may see (null: a spectator). */
export function view(s: S, seat: Seat | null): EiszeitView {
  return {
    dataVersion: s.dataVersion ?? FIRST_DATA_VERSION,
    me: seat,
    n: s.players, round: s.round, rounds: s.rounds, phase: s.phase, stage: s.stage, seat: s.seat,
    decider: decider(s),
    step: s.phase === 'settle' && s.stage === 'act' && s.act ? s.act.step : null,
    regions: Array.from({ length: R }, (_, r) => ({
      id: r + 1, glacier: s.glacier[r]!, h: [...s.hunters[r]!], c: [...s.clubbed[r]!], m: s.mammothsIn[r]!, fires: firesIn(s, r).length,
    })),
    light: s.light, dark: s.dark, mammoths: s.mammoths, clubs: s.clubs, fireRest: s.fireAt.filter((x) => x < 0).length,
    players: s.score.map((score, q) => ({
      stones: s.stones[q]!, hunters: s.supply[q]!, onBoard: onBoard(s, q), clubs: s.clubsHeld[q]!, score,
      handLight: s.hands[q]!.filter((id) => colourOf(s, id) === 'light').length,
      handDark: s.hands[q]!.filter((id) => colourOf(s, id) === 'dark').length,
    })),
    hand: seat === null ? null : [...s.hands[seat]!],
    topL: s.topL, topD: s.topD, drawL: s.drawL.length, drawD: s.drawD.length, discL: s.discL.length, discD: s.discD.length,
    playing: s.act ? { card: s.act.card, effect: s.act.effect, owner: s.act.owner } : null,
    report: structuredClone(s.report),
    preLeft: s.preLeft,
    turnLog: [...s.turnLog],
    final: s.phase === 'over' ? outcome(s)!.ranking : null,
  };
}

export /** Redraws what `seat` cannot see: other hands (keeping each one's light/dark count), draw piles, discards under the top, face-down fire values. */
function determinize(state: S, seat: Seat, rng: RngState): S {
  const s = structuredClone(state);
  for (const col of ['light', 'dark'] as Colour[]) {
    const pool: string[] = [];
    const slots: { arr: string[]; count: number }[] = [];
    for (let q = 0; q < s.players; q++) {
      if (q === seat) continue;
      const hand = s.hands[q]!;
      const mine = hand.filter((id) => colourOf(s, id) === col);
      pool.push(...mine);
      s.hands[q]! = hand.filter((id) => colourOf(s, id) !== col);
      slots.push({ arr: s.hands[q]!, count: mine.length });
    }
    const draw = col === 'light' ? s.drawL : s.drawD;
    const disc = col === 'light' ? s.discL : s.discD;
    pool.push(...draw, ...disc);
    // in a fixed order before the shuffle, so that the world drawn depends only on what the seat knows
    pool.sort();
    shuffle(rng, pool);
    for (const sl of slots) for (let i = 0; i < sl.count; i++) sl.arr.push(pool.pop()!);
    const nd = draw.length;
    draw.splice(0, draw.length, ...pool.splice(0, nd));
    disc.splice(0, disc.length, ...pool);
  }
  // every fire tile is face down while anyone can decide
  s.fireVal.sort((a, b) => a - b);
  shuffle(rng, s.fireVal);
  return s;
}

