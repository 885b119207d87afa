/**
 * Mammut's rule of thumb for computer players (the engine's `playoutPolicy`).
 *
 * It has an opinion on one decision only: which tiles of a taken share go back to the middle. There it keeps what is
 * worth something and puts back the least valuable tile, and with it every tile worth nothing to anybody (an animal
 * tile of a sort every player already owns): such a tile scores nothing, and left in the share it would only let the
 * next player who takes the share pay the "at least one tile back" with it and keep everything else. Several tiles
 * go back as one set choice (`setChoiceId`). Everywhere else it has no opinion (`null`): playouts choose at random
 * there and the search has no preferred option.
 */
import { setChoiceId } from '../../engine/apply.js';
import type { RngState } from '../../engine/rng.js';
import type { Decision, Seat } from '../../engine/types.js';
import { dataOf, defOf, owns } from './board.js';
import { SHAMAN, type MammutState, type Payload } from './state.js';

/** Roughly what a tile is worth to `seat` at the scoring, in points. */
function tileValue(s: MammutState, seat: Seat, t: number): number {
  const d = dataOf(s);
  const def = defOf(s, t);
  if (t === SHAMAN) return 1; // it only breaks ties
  if (d.tKind[def] === 'animal') return owns(s, seat, d.tAnimal[def]!) ? 0 : 5;
  return 2;
}

/** Which tiles of the taken share go back: an option index, a set choice's id, or null (no opinion). */
export function mammutPolicy(
  s: MammutState, seat: Seat, optionIds: string[], _rng: RngState, decisions: (s: MammutState) => Decision<Payload>[],
): number | string | null {
  if (s.pending?.kind !== 'rob') return null;
  const decision = decisions(s).find((d) => d.seat === seat)!;
  const items = decision.options.filter((o) => o.payload?.kind === 'putBack' && optionIds.includes(o.id));
  if (items.length === 0) return null;
  const others = [...Array(s.players).keys()].filter((p) => p !== seat);
  const worth = items.map((o) => {
    const t = (o.payload as Extract<Payload, { kind: 'putBack' }>).sameKind[0]!;
    const mine = tileValue(s, seat, t);
    return { id: o.id, mine, anybody: Math.max(mine, ...others.map((p) => tileValue(s, p, t))) };
  });
  // The least valuable to the taker, a tile others want counting a little (it goes to the middle, within their reach).
  const cost = (w: (typeof worth)[number]): number => w.mine + 0.5 * w.anybody;
  let least = worth[0]!;
  for (const w of worth) if (cost(w) < cost(least)) least = w;
  const back = worth.filter((w) => w === least || w.anybody === 0).map((w) => w.id);
  return back.length === 1 ? optionIds.indexOf(back[0]!) : setChoiceId(decision, back);
}
