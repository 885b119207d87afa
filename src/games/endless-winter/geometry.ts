/**
 * Fixed geometry: the terrain map (start tile in the middle, rings of 6 and 12 hexes; axial coordinates) with its
 * meeting points of three tiles, and the build site (cells on a grid, upper levels on 2×2 groups).
 */
import type { EwData, SiteCell } from './data.js';

const DIRS: [number, number][] = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];

function ring(radius: number): [number, number][] {
  if (radius === 0) return [[0, 0]];
  const out: [number, number][] = [];
  let q = DIRS[4]![0] * radius, r = DIRS[4]![1] * radius;
  for (let side = 0; side < 6; side++) {
    for (let step = 0; step < radius; step++) {
      out.push([q, r]);
      q += DIRS[side]![0]; r += DIRS[side]![1];
    }
  }
  return out;
}

/** Hex coordinates by tile index: 0 = start tile, 1–6 inner ring, 7–18 outer ring. */
export const HEXES: [number, number][] = [...ring(0), ...ring(1), ...ring(2)];
const indexOf = new Map(HEXES.map(([q, r], i) => [`${q},${r}`, i]));

/** Neighbouring tile indices of each tile. */
export const NEIGHBOURS: number[][] = HEXES.map(([q, r]) =>
  DIRS.map(([dq, dr]) => indexOf.get(`${q + dq},${r + dr}`)).filter((x): x is number => x !== undefined));

export function adjacent(a: number, b: number): boolean {
  return NEIGHBOURS[a]!.includes(b);
}

/** Meeting points of three mutually adjacent tiles (sorted triples), in a fixed order. */
export const POINTS: [number, number, number][] = (() => {
  const out: [number, number, number][] = [];
  for (let a = 0; a < HEXES.length; a++) for (const b of NEIGHBOURS[a]!) {
    if (b <= a) continue;
    for (const c of NEIGHBOURS[a]!) if (c > b && adjacent(b, c)) out.push([a, b, c]);
  }
  return out;
})();

/** Points where a settlement may ever stand (not touching the start tile). */
export const SETTLEABLE: number[] = POINTS.map((p, i) => (p.includes(0) ? -1 : i)).filter((i) => i >= 0);

/** Pixel centre of a hex (pointy top) for a given size. */
export function hexCenter(i: number, size: number): [number, number] {
  const [q, r] = HEXES[i]!;
  return [size * Math.sqrt(3) * (q + r / 2), size * 1.5 * r];
}

// ---- build site -------------------------------------------------------------------------------

export interface SiteLayout {
  w: number;
  h: number;
  /** cell index = y * w + x; null where no tile lies. */
  cells: ({ tile: number; cell: SiteCell } | null)[];
}

const layoutCache = new WeakMap<EwData, Map<string, SiteLayout>>();

/** The build site of a data version for a pattern and the order the 4 tiles were dealt into it. */
export function siteLayout(data: EwData, pattern: number, tiles: number[]): SiteLayout {
  const key = `${pattern}:${tiles.join(',')}`;
  let cache = layoutCache.get(data);
  if (!cache) layoutCache.set(data, (cache = new Map()));
  const hit = cache.get(key);
  if (hit) return hit;
  const p = data.site.patterns[pattern]!;
  const tw = data.site.w, th = data.site.h;
  const w = Math.max(...p.at.map(([x]) => x + tw));
  const h = Math.max(...p.at.map(([, y]) => y + th));
  const cells: SiteLayout['cells'] = new Array(w * h).fill(null);
  p.at.forEach(([x0, y0], slot) => {
    const t = tiles[slot]!;
    const tile = data.site.tiles[t]!;
    for (let dy = 0; dy < th; dy++) for (let dx = 0; dx < tw; dx++) cells[(y0 + dy) * w + x0 + dx] = { tile: t, cell: tile.cells[dy * tw + dx]! };
  });
  const layout = { w, h, cells };
  cache.set(key, layout);
  return layout;
}

export const ORTHO: Record<'N' | 'E' | 'S' | 'W', [number, number]> = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
