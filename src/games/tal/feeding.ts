/**
 * Feeding in the survival phase: what a tribe pays for its people, and the game's rule of thumb for who leaves
 * when a tribe does not feed everyone. The engine (the options and the default of the feeding decision) and the
 * computer players (`ai.ts`) both use it, so it lives apart from both.
 *
 * Rulebook: „Stammesmitglieder, für die ein Spieler nicht mehr zahlen kann oder will, werden aus dem Spiel
 * genommen": whom to feed is the player's choice; those not fed leave.
 */
import { HEXES, totals, warriorsAt, womenAt, type Leaver, type TalState } from './state.js';

export type { Leaver } from './state.js';

/** How many of a tribe's warriors or women on `hex` stay when `leaving` go. */
export function staying(s: TalState, seat: number, hex: number, type: 'm' | 'w', leaving: readonly Leaver[] = []): number {
  let n = type === 'm' ? warriorsAt(s, hex, seat) : womenAt(s, hex, seat);
  for (const l of leaving) if (l.hex === hex && l.type === type) n--;
  return n;
}

/**
 * Food a tribe must pay for its people now (1 each; 1.5 each in winter without fire, advanced, rounded down in
 * total; the frost event: 1 more per camp), once `leaving` have left: a camp whose last woman leaves is gone, and
 * with the tribe's last camp its fire (so it pays as a tribe without fire). The tribe pays after they have left
 * (`feedTribe` in the engine), so this is the price the feeding options must be checked against.
 */
export function foodCost(s: TalState, seat: number, leaving: readonly Leaver[] = []): number {
  const t = totals(s, seat);
  const n = Math.max(0, t.m + t.w - leaving.length - (s.healer.includes(seat) ? 2 : 0));
  let held = 0, camps = 0; // the tribe's camps, and those a woman of it stays in
  for (let i = 0; i < HEXES; i++) {
    if (s.hx.camp[i] !== seat) continue;
    held++;
    if (staying(s, seat, i, 'w', leaving) > 0) camps++;
  }
  const fire = s.advanced && s.tribes[seat]!.fire && !(held > 0 && camps === 0); // as `fireCheck` on abandoning
  let cost = s.advanced && s.season === 'winter' && !fire ? Math.floor(n * 1.5) : n;
  if (s.roundEffects.frost && !fire) cost += camps;
  return cost;
}

/**
 * The rule of thumb for feeding as many as the food allows: beyond `leaving`, who else must go so that the tribe
 * can pay for the rest, one person at a time: a warrior from the largest group of warriors (sparing a lone
 * warrior who escorts women), a woman only when no warrior is left, and the last woman of a camp last of all.
 * Deterministic (ties: the lowest hex), so it can serve as a decision's default.
 */
export function mustLeave(s: TalState, seat: number, leaving: readonly Leaver[] = []): Leaver[] {
  const all = [...leaving];
  const food = s.tribes[seat]!.food;
  while (foodCost(s, seat, all) > food) {
    let best: Leaver | null = null, bestScore = -Infinity;
    for (let i = 0; i < HEXES; i++) {
      const M = staying(s, seat, i, 'm', all), W = staying(s, seat, i, 'w', all);
      if (M > 0) {
        const sc = 10 + M - (W > 0 && M === 1 ? 3 : 0);
        if (sc > bestScore) { bestScore = sc; best = { hex: i, type: 'm' }; }
      }
      if (W > 0) {
        const sc = W - (s.hx.camp[i] === seat && W === 1 ? 5 : 0);
        if (sc > bestScore) { bestScore = sc; best = { hex: i, type: 'w' }; }
      }
    }
    if (!best) break; // nobody left: nothing to pay
    all.push(best);
  }
  return all.slice(leaving.length);
}
