/**
 * One step of look-ahead for an engine's rule of thumb (`playoutPolicy`): each option is carried out on a copy of the
 * state and the results are compared by a cheap score. The state a policy is handed is the search's own world (a
 * determinized copy), so looking at it reads nothing hidden. With more than `cap` options a random sample of them is
 * compared (plus those `always` names), which keeps a playout step cheap.
 */
import { resolveOption } from './apply.js';
import { copyJson } from './copy.js';
import { randInt, shuffle, type RngState } from './rng.js';
import type { Decision, Option, Seat } from './types.js';

export interface Lookahead<S> {
  decisions: (s: S) => Decision<any>[];
  perform: (s: S, seat: Seat, option: Option<any>) => unknown;
}

/**
 * The index into `optionIds` whose result `score`s highest for `seat` (ties at random), or null when none could be
 * tried. `skip` leaves options out of the comparison (they are chosen only when nothing else can be).
 */
export function bestAfterOneStep<S>(
  game: Lookahead<S>, s: S, seat: Seat, optionIds: string[], rng: RngState, score: (x: S) => number,
  opts: { cap?: number; skip?: (o: Option<any>) => boolean; then?: (x: S) => void } = {},
): number | null {
  const d = game.decisions(s).find((x) => x.seat === seat);
  if (!d) return null;
  let indices = [...optionIds.keys()];
  const cap = opts.cap ?? 12;
  if (indices.length > cap) indices = shuffle(rng, indices).slice(0, cap);
  let best: number[] = [];
  let bestValue = -Infinity;
  for (const i of indices) {
    const option = resolveOption(d, optionIds[i]!);
    if (!option || opts.skip?.(option)) continue;
    // (the copy offers the very same options: no need to ask it again)
    const x = copyJson(s);
    game.perform(x, seat, option);
    opts.then?.(x);
    const v = score(x);
    if (v > bestValue + 1e-9) { bestValue = v; best = [i]; } else if (v >= bestValue - 1e-9) best.push(i);
  }
  return best.length ? best[randInt(rng, best.length)]! : null;
}
