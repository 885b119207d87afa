/** Animals: arrival from the bag by letter, movement by the wind rose, herds, crop damage. */
import { randInt, rollDie } from '../../engine/rng.js';
import type { Msg } from '../../engine/types.js';
import { SPECIES, talData, DIRS } from './data.js';
import { an, board, HEXES, log, markerAt, peopleOn, setAn, spIndex, type Ctx, type TalState } from './state.js';

const spName = (sp: number) => ({ key: `tal.species.${SPECIES[sp]}` });
/** A counted group of one species ("2 wolves", "1 Bär"): the catalogue picks the plural form by species. */
export const animalsArg = (n: number, sp: number): Msg => ({ key: 'tal.count.animals', args: { n, sp: SPECIES[sp]! } });
export const hexArg = (i: number) => i + 1;

/** May an animal of species sp step from hex a in direction d? (Obstacles only; people and herds stop it after.) */
export function animalCanStep(s: TalState, sp: number, a: number, d: number): boolean {
  const b = board(s);
  const from = b.hexes[a]!;
  const to = from.nb[d]!;
  if (to < 0) return false;
  const def = talData(s).species[SPECIES[sp]!];
  const th = b.hexes[to]!;
  if (th.terrain === 'lake' || s.hx.mark[to] !== 0 || s.hx.fence[to]) return false;
  if (th.terrain === 'mountain' && !def.crossesMountains) return false;
  if (from.river[d] && !def.crossesRivers) return false;
  return true;
}

/** Where a stack of species sp on hex `at` ends when the wind blows to d: the hexes it enters, in order. */
export function animalPath(s: TalState, sp: number, at: number, d: number): number[] {
  let dir = d;
  if (!animalCanStep(s, sp, at, dir)) {
    dir = (d + 3) % 6;
    if (!animalCanStep(s, sp, at, dir)) return [];
  }
  const moves = talData(s).species[SPECIES[sp]!].moves;
  const path: number[] = [];
  let cur = at;
  for (let k = 0; k < moves; k++) {
    if (!animalCanStep(s, sp, cur, dir)) break;
    cur = board(s).hexes[cur]!.nb[dir]!;
    path.push(cur);
    if (peopleOn(s, cur) > 0 || an(s, cur, sp) > 0) break;
  }
  return path;
}

/** A large animal entering a field damages it; a damaged field is destroyed. */
export function trample(s: TalState, sp: number, hex: number, ctx: Ctx): void {
  const def = talData(s).species[SPECIES[sp]!];
  if (!def.damagesCrops || s.hx.crop[hex] === 0 || board(s).hexes[hex]!.terrain !== 'plain') return;
  s.hx.crop[hex]!--;
  log(ctx, s.hx.crop[hex] === 1 ? 'tal.log.cropDamaged' : 'tal.log.cropDestroyed', { hex: hexArg(hex), sp: spName(sp) });
}

/**
 * Moves every animal once with the wind d. Stacks standing with people stay. Order rule: while some stack
 * that has not moved can end its move on a hex with its own species, that move is made first; a herd formed
 * with a stack that has not moved yet moves again as a whole.
 */
export function moveAllAnimals(s: TalState, d: number, ctx: Ctx): void {
  const moved = new Uint8Array(HEXES * 6); // 1: the stack of species sp on hex h (at h * 6 + sp) has moved
  // people stay where they are while the animals move: the hexes where stacks stay are known at once
  const withPeople: boolean[] = [];
  for (let hex = 0; hex < HEXES; hex++) withPeople.push(peopleOn(s, hex) > 0);
  for (let guard = 0; guard < 500; guard++) {
    // the stacks that may move, by hex and species: the first that ends on its own species, else the first of all
    let first: { hex: number; sp: number; path: number[] } | undefined;
    let pick: typeof first;
    for (let hex = 0; hex < HEXES && !pick; hex++) {
      if (withPeople[hex]) continue;
      for (let sp = 0; sp < 6; sp++) {
        if (an(s, hex, sp) === 0 || moved[hex * 6 + sp]) continue;
        const path = animalPath(s, sp, hex, d);
        first ??= { hex, sp, path };
        const end = path[path.length - 1];
        if (end !== undefined && an(s, end, sp) > 0) { pick = { hex, sp, path }; break; }
      }
    }
    if (!first) return;
    const { hex, sp, path } = pick ?? first;
    const n = an(s, hex, sp);
    if (path.length === 0) { moved[hex * 6 + sp] = 1; continue; }
    const end = path[path.length - 1]!;
    const joins = an(s, end, sp) > 0;
    setAn(s, hex, sp, 0);
    moved[hex * 6 + sp] = 0;
    for (const p of path) trample(s, sp, p, ctx);
    setAn(s, end, sp, an(s, end, sp) + n);
    log(ctx, joins ? 'tal.log.animalJoins' : 'tal.log.animalMoves', { n, animals: animalsArg(n, sp), from: hexArg(hex), to: hexArg(end) });
    if (!joins) moved[end * 6 + sp] = 1;
    // joining a herd that already moved keeps it moved; joining one that has not lets the whole herd move on
  }
}

export function windFromDie(s: TalState, die: number): number {
  return talData(s).wind[die - 1]!;
}

export function animalPhase(s: TalState, ctx: Ctx): void {
  const times = s.roundEffects.storm ? 2 : 1;
  for (let t = 0; t < times; t++) {
    let d: number;
    if (t === 0 && s.windChoice !== null) {
      d = s.windChoice;
      log(ctx, 'tal.log.windChosen', { dir: { key: `tal.dir.${DIRS[d]}` } });
    } else {
      const die = rollDie(s.rng);
      d = windFromDie(s, die);
      log(ctx, 'tal.log.wind', { die, dir: { key: `tal.dir.${DIRS[d]}` } });
    }
    moveAllAnimals(s, d, ctx);
  }
  s.windChoice = null;
}

/** Draws n tiles from the bag and sets each on the hex of its letter. */
export function drawAnimals(s: TalState, n: number, ctx: Ctx): void {
  const b = board(s);
  for (let k = 0; k < n && s.bag.length > 0; k++) {
    const tile = s.bag.splice(randInt(s.rng, s.bag.length), 1)[0]!;
    const t = talData(s).tiles[tile]!;
    const sp = spIndex(t.species);
    const hex = b.byLetter[t.letter]!;
    if (markerAt(s, hex) !== null || s.hx.fence[hex]) {
      s.bag.push(tile);
      log(ctx, 'tal.log.arrivalBlocked', { sp: spName(sp), letter: t.letter, hex: hexArg(hex) });
      continue;
    }
    s.outTiles[sp]!.push(tile);
    setAn(s, hex, sp, an(s, hex, sp) + 1);
    log(ctx, 'tal.log.arrival', { sp: spName(sp), letter: t.letter, hex: hexArg(hex) });
    trample(s, sp, hex, ctx);
  }
}

/** Letterless wolves from their pool onto a hex. */
export function placePoolWolves(s: TalState, hex: number, n: number, ctx: Ctx): void {
  const k = Math.min(n, s.poolWolves);
  s.poolWolves -= k;
  setAn(s, hex, spIndex('wolf'), an(s, hex, spIndex('wolf')) + k);
  log(ctx, 'tal.log.wolvesCome', { n: k, hex: hexArg(hex) });
}

export { spName };
