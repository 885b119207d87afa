/**
 * Walking a camp several steps in one choice (issue #13, fewer clicks, same rules): the migrate top space lets a player
 * move a camp one tile per labour "so oft du möchtest und bezahlen kannst", also the same camp several times ("dasselbe
 * Lager mehrfach verschieben"). A walk of n steps (n ≥ 2, paid from the labour there) is offered as one choice that
 * moves the camp tile by tile along a shortest path, exactly as n single moves would. Only paths whose tiles on the
 * way have nothing face down (no ice find to turn) are taken, so every such path ends in the same state: what a walk
 * turns over is at most its destination, as the last single move would.
 */
import { m } from './keys.js';
import { NEIGHBOURS } from './geometry.js';
import { ICE_UP, type EwOption, type EwState } from './state.js';
import type { TileNamer } from './names.js';

/** Whether a camp passing over `tile` turns nothing over there. */
const quiet = (s: EwState, tile: number): boolean => !(s.ice[tile]! >= 0 && s.ice[tile]! < ICE_UP);

/**
 * `options` (a panel of the migrate column's labour or top step) with the walks of two or more steps the labour pays
 * for added to the camp moves' menu, nearest first, as far as that menu has room (one menu of 25: a walk never adds a
 * menu to the panel, nor a page); `tile` names a tile.
 */
export function withWalks(s: EwState, options: EwOption[], tile: TileNamer): EwOption[] {
  if (!walksPaid(s)) return options; // (the common case: asked at every top step of every column)
  let moves = 0, last = -1;
  for (let i = 0; i < options.length; i++) if (options[i]!.group === MOVE) { moves++; last = i; }
  const room = MENU - moves;
  if (room <= 0) return options;
  const paths = walkPaths(s).sort((a, b) => a.length - b.length);
  if (!paths.length) return options;
  const at = last >= 0 ? last + 1 : options.length;
  const out = options.slice(0, at);
  for (let i = 0; i < paths.length && i < room; i++) out.push(walkOption(paths[i]!, tile));
  for (let i = at; i < options.length; i++) out.push(options[i]!);
  return out;
}

const MOVE = 'endless-winter.grp.move';

/** Whether the labour there pays for a walk (two steps or more in the migrate column). */
const walksPaid = (s: EwState): boolean => s.turn!.col === 'migrate' && s.turn!.pool >= 4;

/** Options a Discord menu holds. */
const MENU = 25;

function walkOption(path: number[], tile: TileNamer): EwOption {
  const from = path[0]!, to = path[path.length - 1]!;
  return {
    id: `tw:${from}:${to}`, label: m('opt.walk', { from: tile(from), to: tile(to), n: path.length - 1 }),
    detail: m('opt.walkVia', { tiles: m('list', { items: path.slice(1, -1).map(tile) }) }),
    group: 'endless-winter.grp.move', payload: { kind: 'walkPath', path },
  };
}

/** The walks of two or more steps the labour pays for, as paths (tile by tile), camp by camp and nearest first. */
function walkPaths(s: EwState): number[][] {
  const t = s.turn!;
  const steps = Math.floor(t.pool / 2);
  if (t.col !== 'migrate' || steps < 2) return [];
  const out: number[][] = [];
  // prev[y]: the tile a shortest walk reaches y from (-1: not reached yet), one array for every camp's search
  const prev: number[] = new Array<number>(s.tiles.length).fill(-1);
  for (let from = 0; from < s.tiles.length; from++) {
    if (!s.camps[from * s.n + t.seat]) continue;
    prev.fill(-1);
    prev[from] = from;
    let frontier = [from];
    for (let d = 1; d <= steps && frontier.length; d++) {
      const next: number[] = [];
      for (const x of frontier) {
        if (x !== from && !quiet(s, x)) continue; // nothing is walked over that a step would turn
        for (const y of NEIGHBOURS[x]!) if (prev[y] === -1) { prev[y] = x; next.push(y); }
      }
      if (d >= 2) for (const to of next) {
        const path = [to];
        while (path[path.length - 1] !== from) path.push(prev[path[path.length - 1]!]!);
        out.push(path.reverse());
      }
      frontier = next;
    }
  }
  return out;
}
