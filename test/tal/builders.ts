/** Position builders for Das Tal der Mammuts tests (test/helpers/builders.ts), on the map variant 1A2A (west side A + east side A). */
import { COORDS, SPECIES, type Species } from '../../src/games/tal/data.js';
import { setup, type TalState } from '../../src/games/tal/engine.js';
import { engine } from '../../src/games/tal/index.js';
import { an, setAn, setCamp, setFig, type Ctx } from '../../src/games/tal/state.js';
import { gameBuilders } from '../helpers/builders.js';

/** A real game at its start, options chosen as players do, what is offered and to whom (test/helpers/builders.ts). */
export const { fresh, choose, optionIds, toAct } = gameBuilders(engine);

/** Index of the hex with axial coordinates (q, r). */
export function hx(q: number, r: number): number {
  const i = COORDS.findIndex(([a, b]) => a === q && b === r);
  if (i < 0) throw new Error(`no hex ${q},${r}`);
  return i;
}

/** An empty valley: setup done, nobody on the board, no animals, given food; stage as asked. */
export function emptyValley(players = 2, options: Record<string, string> = {}): TalState {
  const s = setup(players, { map: '1A2A', ...options }, 'builder');
  s.queue = [];
  s.stage = 'movement';
  s.stageStarted = false;
  for (const t of s.tribes) { s.specialDeck.push(...t.hand); t.hand = []; }
  s.order = [...Array(players).keys()];
  s.report = [{ title: { key: 'tal.acc.combatTitle', args: { n: 1 } }, lines: [] }];
  return s;
}

export function put(s: TalState, q: number, r: number, seat: number, m: number, w = 0): number {
  const i = hx(q, r);
  setFig(s, 'm', i, seat, m);
  setFig(s, 'w', i, seat, w);
  return i;
}

/** Puts n animals of a species on a hex, taking lettered tiles out of the bag (so tile accounting stays right). */
export function animal(s: TalState, q: number, r: number, sp: Species, n = 1): number {
  const i = hx(q, r);
  const k = SPECIES.indexOf(sp);
  for (let j = 0; j < n; j++) {
    const at = s.bag.findIndex((t) => SPECIES.indexOf(tileSpeciesOf(t)) === k);
    const [tile] = s.bag.splice(at, 1);
    s.outTiles[k]!.push(tile!);
  }
  setAn(s, i, k, an(s, i, k) + n);
  return i;
}
import { currentTalData } from '../../src/games/tal/data.js';
const tileSpeciesOf = (t: number): Species => currentTalData().tiles[t]!.species;

export function camp(s: TalState, q: number, r: number, seat: number, kind: 'village' | 'cave' = 'village'): number {
  const i = hx(q, r);
  setCamp(s, i, { seat, kind });
  return i;
}

export const ctx = (): Ctx => ({ ev: [], revealed: false });
