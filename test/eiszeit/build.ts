/** Builders for Eiszeit positions: regions are numbered 1..12 as on the board, seats 0..n-1. */
import { expect } from 'vitest';
import { apply } from '../../src/engine/apply.js';
import type { GameEvent } from '../../src/engine/types.js';
import { engine } from '../../src/games/eiszeit/index.js';
import type { EiszeitState } from '../../src/games/eiszeit/state.js';

/** Tests build and read positions in the stored state's own shape. */
export type S = EiszeitState;

/** A settling position: board emptied (glaciers and mammoths as set up), every hunter in supply, seat 0 to play. */
export function position(n: number, o: { hands?: string[][]; stones?: number[]; seed?: string } = {}): S {
  const s = structuredClone(engine.setup(n, {}, o.seed ?? 'build'));
  s.phase = 'settle';
  s.stage = 'play';
  s.preLeft = 0;
  s.seat = 0;
  s.start = 0;
  for (const row of [...s.hunters, ...s.clubbed]) row.fill(0);
  s.supply.fill(12);
  // return all cards to the draw piles, then deal the requested hands
  const all = [...s.drawL, ...s.drawD, ...s.hands.flat()];
  s.hands = s.hands.map(() => []);
  if (o.hands) o.hands.forEach((h, q) => { s.hands[q] = [...h]; });
  const used = new Set(s.hands.flat());
  s.drawL = all.filter((id) => id.startsWith('L') && !used.has(id)).sort().reverse();
  s.drawD = all.filter((id) => id.startsWith('D') && !used.has(id)).sort().reverse();
  // seats without a given hand get 2 light + 3 dark from the piles (lowest ids first)
  s.hands.forEach((h, q) => {
    if (o.hands?.[q]) return;
    h.push(s.drawL.pop()!, s.drawL.pop()!, s.drawD.pop()!, s.drawD.pop()!, s.drawD.pop()!);
  });
  if (o.stones) s.stones = [...o.stones];
  s.startStones = s.stones[0]!;
  return s;
}

/** Puts hunters of a seat into a region (from its supply), `clubs` of them carrying a club from the general supply. */
export function put(s: S, region: number, seat: number, count: number, clubs = 0): S {
  s.hunters[region - 1]![seat]! += count;
  s.clubbed[region - 1]![seat]! += clubs;
  s.supply[seat]! -= count;
  s.clubs -= clubs;
  return s;
}

export function mammoths(s: S, region: number, count: number): S {
  const had = s.mammothsIn[region - 1]!;
  s.mammothsIn[region - 1] = count;
  s.mammoths -= count - had;
  if (s.mammoths < 0) { s.mammothsBox += s.mammoths; s.mammoths = 0; }
  return s;
}

/** Lays fire tiles: each entry [region, value]; every other tile goes beside the board. */
export function fires(s: S, tiles: [number, number][]): S {
  const vals = [0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2];
  s.fireAt = vals.map(() => -1);
  s.fireVal = [...vals];
  const used = new Set<number>();
  for (const [region, value] of tiles) {
    const t = s.fireVal.findIndex((v, i) => v === value && !used.has(i));
    used.add(t);
    s.fireAt[t] = region - 1;
  }
  return s;
}

export const H = (s: S, region: number, seat: number) => s.hunters[region - 1]![seat]!;
export const C = (s: S, region: number, seat: number) => s.clubbed[region - 1]![seat]!;

export function decision(s: S) {
  const d = engine.decisions(s);
  expect(d.length).toBe(1);
  return d[0]!;
}
export const ids = (s: S) => decision(s).options.map((o) => o.id);

/** Applies options in order (each must be offered to whoever decides), returning the state and all events. */
export function choose(s: S, ...options: string[]): { s: S; events: GameEvent[] } {
  const events: GameEvent[] = [];
  for (const id of options) {
    const d = decision(s);
    expect(d.options.map((o) => o.id), `option ${id} offered to seat ${d.seat}`).toContain(id);
    const r = apply(engine, s, d.seat, id);
    if (!r.ok) throw new Error(r.error.code);
    events.push(...r.events);
    s = r.state;
  }
  return { s, events };
}

/** Total stones and hunters, for conservation checks. */
export function totals(s: S): { stones: number; hunters: number; mammoths: number; clubs: number } {
  const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
  return {
    stones: s.light + s.dark + s.boxStones + sum(s.stones),
    hunters: s.huntersBox + sum(s.supply) + sum(s.hunters.flat()) + s.players,
    mammoths: s.mammoths + s.mammothsBox + sum(s.mammothsIn),
    clubs: s.clubs + sum(s.clubsHeld) + sum(s.clubbed.flat()),
  };
}
