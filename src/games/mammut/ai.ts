/**
 * Mammut's rule of thumb and estimate for computer players (the engine's `playoutPolicy` and `estimate`).
 *
 * The estimate scores the round as if it ended now, on a copy (every share's tiles counted the rulebook's way: axes,
 * furs and the fur track, tusks, meat, fire, animals, the scoring cards played), and takes the seat's margin over the
 * best other seat. Called by the search on determinized states, it reads only what the seat may know there.
 *
 * The rule of thumb:
 * - which tiles of a taken share go back to the middle: it keeps what is worth something and puts back the least
 *   valuable tile, and with it every tile worth nothing to anybody (an animal tile of a sort every player already
 *   owns): such a tile scores nothing, and left in the share it would only let the next player who takes the share pay
 *   the "at least one tile back" with it and keep everything else. Several tiles go back as one set choice, never
 *   all of them (keeping nothing fills no share, and two players can hand the same worthless tiles back and forth);
 * - on its turn: the take or share worth most to the seat by its tiles (an animal it lacks 5, loot 2, the shaman 1;
 *   a share counted without the tile that goes back; tiles beyond the third at less than half, since a large share is
 *   what the next player takes), a card at a fixed worth; never the whole middle while others can still take it from
 *   the share, unless the middle is small; a mix is left to its own steps;
 * - everywhere else (mixes, cards' steps, collection animals): no opinion (random).
 */
import { setChoiceId } from '../../engine/apply.js';
import { copyJson } from '../../engine/copy.js';
import { randInt, type RngState } from '../../engine/rng.js';
import type { Decision, Option, Seat } from '../../engine/types.js';
import { dataOf, defOf, isLastTaker, owns, shareCounts, zones } from './board.js';
import { outcome, scoreRound } from './scoring.js';
import { SHAMAN, type MammutState, type Payload } from './state.js';

type Decide = (s: MammutState) => Decision<Payload>[];

/** Roughly what a tile is worth to `seat` at the scoring, in points. */
function tileValue(s: MammutState, seat: Seat, t: number): number {
  const d = dataOf(s);
  const def = defOf(s, t);
  if (t === SHAMAN) return 1; // it only breaks ties
  if (d.tKind[def] === 'animal') return owns(s, seat, d.tAnimal[def]!) ? 0 : 5;
  return 2;
}

/** Points apart that count as a sure lead in the estimate. */
const SCALE = 25;

/** How `seat` stands, in [0, 1]: the margin over the best other seat once the round so far is scored. */
export function mammutEstimate(s: MammutState, seat: Seat): number {
  if (s.phase === 'over') {
    const o = outcome(s);
    if (o) return o.winners.includes(seat) ? 1 / o.winners.length : 0;
  }
  let score = s.score;
  if (s.phase === 'taking') {
    const x = copyJson(s);
    scoreRound(x);
    score = x.score;
  }
  let best = -Infinity;
  for (let p = 0; p < s.players; p++) if (p !== seat && score[p]! > best) best = score[p]!;
  return 0.5 + 0.5 * Math.max(-1, Math.min(1, (score[seat]! - best) / SCALE));
}

/** Which tiles of the taken share go back: an option index, a set choice's id, or null (no opinion). */
function putBackChoice(s: MammutState, seat: Seat, optionIds: string[], decisions: Decide): number | string | null {
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
  const back = worth.filter((w) => w === least || w.anybody === 0);
  // Never every tile: keeping nothing fills none of the taker's shares, and when nothing in the middle is worth taking
  // either, the robbed player takes the same tiles again and the round goes round without end (a production-budget
  // match ran thousands of steps of it). The tile it keeps is the one worth most to it.
  if (back.length === worth.length && worth.length > 1) {
    let most = worth[0]!;
    for (const w of worth) if (cost(w) > cost(most)) most = w;
    back.splice(back.indexOf(most), 1);
  }
  return back.length === 1 ? optionIds.indexOf(back[0]!.id) : setChoiceId(decision, back.map((w) => w.id));
}

/** The middle is "small" up to this many tiles: taking all of it is then an ordinary take. */
const SMALL_MIDDLE = 4;
/** A take's tiles beyond this many are worth less: a large share is what the next player takes. */
const SAFE_TILES = 3;

/** What an option of the turn is worth to `seat`, read from its payload (no step carried out): cheap enough for playouts. */
function takeWorth(s: MammutState, seat: Seat, o: Option<Payload>, everythingSilly: boolean): number {
  const p = o.payload;
  if (!p) return -Infinity;
  const tiles = (list: readonly number[]): number[] => list.map((t) => tileValue(s, seat, t)).sort((a, b) => b - a);
  const worth = (values: number[]): number => values.reduce((x, v, i) => x + (i < SAFE_TILES ? v : 0.4 * v), 0);
  if (o.futile) return -Infinity;
  switch (p.kind) {
    case 'take': return o.id === 'mid:all' && everythingSilly ? -Infinity : worth(tiles(p.tiles));
    case 'takeShare': {
      // the least valuable tile goes back; taking a share also takes it from its owner
      const values = tiles(zones(s).shares[p.victim]![p.share]!);
      values.pop();
      return worth(values) + 1;
    }
    case 'playCard': return 2.5;
    default: return -Infinity; // a mix: its own steps decide what it is worth
  }
}

/** The rule of thumb (see the header): an option index, a set choice's id, or null (no opinion). */
export function mammutPolicy(
  s: MammutState, seat: Seat, optionIds: string[], rng: RngState, decisions: Decide, decision?: Decision<Payload>,
): number | string | null {
  if (s.pending?.kind === 'rob') return putBackChoice(s, seat, optionIds, decisions);
  if (s.phase !== 'taking' || s.pending !== null || s.current !== seat) return null;
  const d = decision ?? decisions(s).find((x) => x.seat === seat);
  if (!d) return null;
  const everythingSilly = zones(s).middle.length > SMALL_MIDDLE && !isLastTaker(s, shareCounts(s));
  let best: number[] = [];
  let bestValue = -Infinity;
  optionIds.forEach((id, i) => {
    const o = d.options.find((x) => x.id === id);
    const v = o ? takeWorth(s, seat, o, everythingSilly) : -Infinity;
    if (v > bestValue) { bestValue = v; best = [i]; } else if (v === bestValue) best.push(i);
  });
  return bestValue === -Infinity ? null : best[randInt(rng, best.length)]!;
}
