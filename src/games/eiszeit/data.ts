/**
 * Eiszeit component data: board, cards, fire tiles. Loaded once from `assets/eiszeit/*.json` and validated
 * against every rule the rulebook and CLARIFICATIONS.md state about them; bad data is refused with a clear error.
 */
import { loadJsonAsset } from '../../engine/assets.js';
import { DataVersions } from '../../engine/data-versions.js';
import type { Msg } from '../../engine/types.js';

export type LandscapeId = string;
export type Colour = 'light' | 'dark';
export type LightKind = 'landscape' | 'huntersMammoth' | 'moveWithMammoth' | 'mammoth' | 'fire' | 'swap' | 'club' | 'moveMixed' | 'cult';
export type DarkKind = 'placeTwoEach' | 'removeTwo' | 'clubOrMove' | 'placeOneEach' | 'removeOne' | 'cult' | 'fire' | 'removeMammoth';
export type CardKind = LightKind | DarkKind;

export interface RegionDef {
  id: number;
  landscape: LandscapeId;
  topEdge: boolean;
  polygon: [number, number][];
  label: [number, number];
  center: [number, number];
}
export interface BoardData {
  width: number;
  height: number;
  landscapes: { id: LandscapeId; color: string }[];
  regions: RegionDef[];
  adjacency: [number, number][];
}
export interface CardDef {
  id: string;
  colour: Colour;
  kind: CardKind;
  landscape?: LandscapeId;
  /** Stones a light card costs / a dark card pays; null for cult cards (and the mammoth card, see costs). */
  value: number | null;
  costs?: { place: number; neighbour: number; far: number };
}

/** Card kinds and how many of each the rulebook lists. */
export const LIGHT_COUNTS: Record<LightKind, number> = {
  landscape: 12, huntersMammoth: 2, moveWithMammoth: 2, mammoth: 3, fire: 3, swap: 3, club: 3, moveMixed: 3, cult: 2,
};
export const DARK_COUNTS: Record<DarkKind, number> = {
  placeTwoEach: 2, removeTwo: 3, clubOrMove: 3, placeOneEach: 4, removeOne: 3, cult: 2, fire: 2, removeMammoth: 3,
};

function fail(file: string, what: string): never {
  throw new Error(`assets/${file}: ${what}`);
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPt = (v: unknown): v is [number, number] => Array.isArray(v) && v.length === 2 && v.every((n) => typeof n === 'number' && Number.isFinite(n));

/** True when two segments lie on one line and overlap along a positive length (a shared border). */
function segmentsShare(a1: [number, number], a2: [number, number], b1: [number, number], b2: [number, number]): boolean {
  const cross = (o: [number, number], p: [number, number], q: [number, number]) => (p[0] - o[0]) * (q[1] - o[1]) - (p[1] - o[1]) * (q[0] - o[0]);
  const len = Math.hypot(a2[0] - a1[0], a2[1] - a1[1]);
  if (len === 0) return false;
  if (Math.abs(cross(a1, a2, b1)) / len > 0.5 || Math.abs(cross(a1, a2, b2)) / len > 0.5) return false;
  const dx = (a2[0] - a1[0]) / len, dy = (a2[1] - a1[1]) / len;
  const t = (p: [number, number]) => (p[0] - a1[0]) * dx + (p[1] - a1[1]) * dy;
  const lo = Math.max(0, Math.min(t(b1), t(b2)));
  const hi = Math.min(len, Math.max(t(b1), t(b2)));
  return hi - lo > 1;
}

export function bordersShared(p: [number, number][], q: [number, number][]): boolean {
  for (let i = 0; i < p.length; i++) {
    for (let j = 0; j < q.length; j++) {
      if (segmentsShare(p[i]!, p[(i + 1) % p.length]!, q[j]!, q[(j + 1) % q.length]!)) return true;
    }
  }
  return false;
}

/** Checks the adjacency constraints CLARIFICATIONS.md lists; returns the first broken one or null. */
export function adjacencyProblem(regions: { id: number; topEdge: boolean }[], adjacency: [number, number][]): string | null {
  const adj = new Map<number, Set<number>>();
  for (const r of regions) adj.set(r.id, new Set());
  for (const [a, b] of adjacency) {
    if (!adj.has(a) || !adj.has(b)) return `adjacency names an unknown region (${a}-${b})`;
    if (a === b) return `region ${a} cannot neighbour itself`;
    adj.get(a)!.add(b);
    adj.get(b)!.add(a);
  }
  const nb = (a: number, b: number) => adj.get(a)!.has(b);
  if (!nb(1, 6)) return 'regions 1 and 6 must be neighbours';
  if (!nb(7, 12)) return 'regions 7 and 12 must be neighbours';
  if (nb(2, 7)) return 'regions 2 and 7 must not be neighbours';
  if (nb(6, 11)) return 'regions 6 and 11 must not be neighbours';
  for (const r of regions) {
    if ((r.id <= 4) !== r.topEdge) return `only regions 1-4 touch the top edge (region ${r.id})`;
  }
  for (const m of [5, 6, 7, 8]) if (!nb(m, 1) && !nb(m, 4)) return `region ${m} must touch region 1 or region 4`;
  for (const b of [9, 10, 11, 12]) for (const t of [1, 2, 3, 4]) if (nb(b, t)) return `region ${b} must not touch region ${t}`;
  // connected
  const seen = new Set<number>([regions[0]!.id]);
  const stack = [regions[0]!.id];
  while (stack.length) for (const n of adj.get(stack.pop()!)!) if (!seen.has(n)) { seen.add(n); stack.push(n); }
  if (seen.size !== regions.length) return 'the map must be connected';
  // a planar simple graph has at most 3V - 6 edges (the polygons check the rest)
  const edges = [...adj.values()].reduce((a, s) => a + s.size, 0) / 2;
  if (edges > 3 * regions.length - 6) return 'too many borders for a flat map';
  return null;
}

export function validateBoard(raw: unknown, file: string): BoardData {
  if (!isObj(raw)) fail(file, 'not an object');
  const { width, height, landscapes, regions, adjacency } = raw;
  if (typeof width !== 'number' || typeof height !== 'number') fail(file, 'width/height missing');
  if (!Array.isArray(landscapes) || landscapes.length !== 6) fail(file, 'there must be exactly 6 landscapes');
  const lids = new Set<string>();
  for (const l of landscapes) {
    if (!isObj(l) || typeof l.id !== 'string' || typeof l.color !== 'string') fail(file, 'landscape needs id and color');
    lids.add(l.id);
  }
  if (!lids.has('steppe')) fail(file, 'the rulebook names a steppe landscape');
  if (!Array.isArray(regions) || regions.length !== 12) fail(file, 'there must be exactly 12 regions');
  const out: RegionDef[] = [];
  regions.forEach((r, i) => {
    if (!isObj(r)) fail(file, `region #${i} is not an object`);
    if (r.id !== i + 1) fail(file, `regions must be listed 1..12 in order (found ${String(r.id)} at #${i})`);
    if (typeof r.landscape !== 'string' || !lids.has(r.landscape)) fail(file, `region ${i + 1}: unknown landscape`);
    if (typeof r.topEdge !== 'boolean') fail(file, `region ${i + 1}: topEdge must be true or false`);
    if (!Array.isArray(r.polygon) || r.polygon.length < 3 || !r.polygon.every(isPt)) fail(file, `region ${i + 1}: polygon needs 3+ points`);
    if (!isPt(r.label) || !isPt(r.center)) fail(file, `region ${i + 1}: label and center must be [x, y]`);
    out.push({ id: i + 1, landscape: r.landscape, topEdge: r.topEdge, polygon: r.polygon as [number, number][], label: r.label, center: r.center });
  });
  for (const l of lids) {
    const n = out.filter((r) => r.landscape === l).length;
    if (n !== 2) fail(file, `landscape ${l} must be shown by exactly 2 regions (found ${n})`);
  }
  if (!Array.isArray(adjacency) || !adjacency.every((p) => isPt(p))) fail(file, 'adjacency must be a list of [a, b] pairs');
  const adj = adjacency as [number, number][];
  const problem = adjacencyProblem(out, adj);
  if (problem) fail(file, problem);
  // the drawn map must agree with the adjacency list (this also makes the map planar)
  for (let a = 0; a < 12; a++) {
    for (let b = a + 1; b < 12; b++) {
      const listed = adj.some(([x, y]) => (x === a + 1 && y === b + 1) || (x === b + 1 && y === a + 1));
      const drawn = bordersShared(out[a]!.polygon, out[b]!.polygon);
      if (listed !== drawn) fail(file, `regions ${a + 1} and ${b + 1} are ${listed ? '' : 'not '}listed as neighbours but ${drawn ? 'share' : 'do not share'} a border in the drawing`);
    }
  }
  return { width, height, landscapes: landscapes as BoardData['landscapes'], regions: out, adjacency: adj };
}

export function validateCards(raw: unknown, file: string, board: BoardData): CardDef[] {
  if (!isObj(raw) || !Array.isArray(raw.cards)) fail(file, 'expected { cards: [...] }');
  const cards: CardDef[] = [];
  const ids = new Set<string>();
  for (const c of raw.cards) {
    if (!isObj(c) || typeof c.id !== 'string' || !/^[A-Za-z0-9]{1,8}$/.test(c.id)) fail(file, 'each card needs a short id');
    if (ids.has(c.id)) fail(file, `duplicate card id ${c.id}`);
    ids.add(c.id);
    if (c.colour !== 'light' && c.colour !== 'dark') fail(file, `${c.id}: colour must be light or dark`);
    const kinds = c.colour === 'light' ? LIGHT_COUNTS : DARK_COUNTS;
    if (typeof c.kind !== 'string' || !(c.kind in kinds)) fail(file, `${c.id}: unknown ${c.colour} kind ${String(c.kind)}`);
    const def: CardDef = { id: c.id, colour: c.colour, kind: c.kind as CardKind, value: null };
    if (c.kind === 'cult') {
      if (c.value !== null) fail(file, `${c.id}: a cult card has no value of its own (value must be null)`);
    } else if (c.kind === 'mammoth') {
      const k = c.costs;
      if (!isObj(k) || k.place !== 2 || k.neighbour !== 3 || k.far !== 5) fail(file, `${c.id}: the mammoth card costs 2 / 3 / 5 (rulebook)`);
      def.costs = { place: 2, neighbour: 3, far: 5 };
    } else {
      const v = c.value;
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 9) fail(file, `${c.id}: value must be a whole number 0..9`);
      if (c.colour === 'dark' && v < 1) fail(file, `${c.id}: a dark card must pay at least 1 stone`);
      def.value = v;
    }
    if (c.kind === 'landscape') {
      if (typeof c.landscape !== 'string' || !board.landscapes.some((l) => l.id === c.landscape)) fail(file, `${c.id}: unknown landscape`);
      def.landscape = c.landscape;
    }
    cards.push(def);
  }
  const light = cards.filter((c) => c.colour === 'light');
  const dark = cards.filter((c) => c.colour === 'dark');
  if (light.length !== 33 || dark.length !== 22) fail(file, `there are 33 light and 22 dark cards (found ${light.length} / ${dark.length})`);
  for (const [k, n] of Object.entries(LIGHT_COUNTS)) {
    const found = light.filter((c) => c.kind === k).length;
    if (found !== n) fail(file, `${n} light ${k} cards expected, found ${found}`);
  }
  for (const [k, n] of Object.entries(DARK_COUNTS)) {
    const found = dark.filter((c) => c.kind === k).length;
    if (found !== n) fail(file, `${n} dark ${k} cards expected, found ${found}`);
  }
  for (const l of board.landscapes) {
    const found = light.filter((c) => c.kind === 'landscape' && c.landscape === l.id).length;
    if (found !== 2) fail(file, `2 landscape cards of ${l.id} expected, found ${found}`);
  }
  return cards;
}

export function validateFire(raw: unknown, file: string): number[] {
  if (!isObj(raw) || !Array.isArray(raw.tiles)) fail(file, 'expected { tiles: [...] }');
  const t = raw.tiles as unknown[];
  const count = (v: number) => t.filter((x) => x === v).length;
  if (t.length !== 14 || count(0) !== 4 || count(1) !== 5 || count(2) !== 5) fail(file, 'fire tiles are 4 x 0, 5 x 1 and 5 x 2');
  return t as number[];
}

/** One version of the component data, with the tables the rules read, precomputed. */
export interface EiszeitData {
  board: BoardData;
  cards: CardDef[];
  fire: number[];
  /** Card id → definition. */
  card: Record<string, CardDef>;
  /** Neighbours on the printed map, index = region id - 1, values = region ids. */
  adj: number[][];
  /** Region index → its name ("region 3, tundra"), card id → its name; shared and frozen. */
  regionMsg: Msg[];
  cardMsg: Map<string, Msg>;
}

function frozen<T>(o: T): T {
  if (o && typeof o === 'object') {
    for (const v of Object.values(o)) frozen(v);
    Object.freeze(o);
  }
  return o;
}

export function eiszeitData(board: BoardData, cards: CardDef[], fire: number[]): EiszeitData {
  const m = (key: string, args?: Msg['args']): Msg => (args ? { key: `eiszeit.${key}`, args } : { key: `eiszeit.${key}` });
  return {
    board,
    cards,
    fire,
    card: Object.fromEntries(cards.map((c) => [c.id, c])),
    adj: board.regions.map((r) => board.adjacency.filter((p) => p.includes(r.id)).map(([a, b]) => (a === r.id ? b : a)).sort((x, y) => x - y)),
    regionMsg: board.regions.map((reg, r) => frozen(m('region', { n: r + 1, land: m(`land.${reg.landscape}`) }))),
    cardMsg: new Map(cards.map((c) => [
      c.id,
      frozen(c.kind === 'landscape' ? m('card.landscape.name', { land: m(`land.${c.landscape}`) }) : m(`card.${c.colour}.${c.kind}.name`)),
    ])),
  };
}

function loadV1(): EiszeitData {
  const board = loadJsonAsset('eiszeit/board.json', validateBoard);
  const cards = loadJsonAsset('eiszeit/cards.json', (raw, file) => validateCards(raw, file, board));
  return eiszeitData(board, cards, loadJsonAsset('eiszeit/fire.json', validateFire));
}

/**
 * Every version of the data a stored game may use. Version 1 is the board, cards and fire tiles of the first
 * release (`assets/eiszeit/`). To change the data: copy today's files to `assets/eiszeit/v<N>/`, register version N
 * from that copy, change `assets/eiszeit/` and register it as N+1.
 */
export const DATA = new DataVersions<EiszeitData>('eiszeit').register(1, loadV1());

/** The current version's data, for tests and tools. Rules read `DATA.of(state)` instead. */
export const CURRENT: EiszeitData = DATA.get(DATA.current);
export const BOARD: BoardData = CURRENT.board;
export const CARDS: CardDef[] = CURRENT.cards;
export const FIRE: number[] = CURRENT.fire;
export const CARD: Record<string, CardDef> = CURRENT.card;
/** Neighbours on the printed map, index = region id - 1, values = region ids. */
export const ADJ: number[][] = CURRENT.adj;
