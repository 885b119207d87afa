/**
 * Component data of Das Tal der Mammuts, loaded once from `assets/tal/` and validated against the rules the
 * rulebook states (37 hexes, regions 1–6 of each terrain, letters on the rim by terrain, 15 + 15 events,
 * 40 special cards, 9 tiles of each species…). A broken file is refused with a message naming the rule.
 */
import { DataVersions } from '../../engine/data-versions.js';
import type { BaseState } from '../../engine/types.js';
import { loadJsonAsset } from '../../engine/assets.js';

export type Terrain = 'plain' | 'forest' | 'mountain' | 'lake';
export type LandTerrain = Exclude<Terrain, 'lake'>;
export const LAND: LandTerrain[] = ['plain', 'forest', 'mountain'];
export type Dir = 'N' | 'NE' | 'SE' | 'S' | 'SW' | 'NW';
export const DIRS: Dir[] = ['N', 'NE', 'SE', 'S', 'SW', 'NW'];
/** Axial deltas (flat-topped hexes) in the order of DIRS; the opposite of d is (d + 3) % 6. */
export const DELTA: [number, number][] = [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]];

export type Species = 'wolf' | 'tiger' | 'bear' | 'bison' | 'rhino' | 'mammoth';
export const SPECIES: Species[] = ['wolf', 'tiger', 'bear', 'bison', 'rhino', 'mammoth'];

export interface SpeciesDef { id: Species; moves: number; crossesMountains: boolean; crossesRivers: boolean; damagesCrops: boolean; food: number }

export interface BoardHex {
  i: number; q: number; r: number; terrain: Terrain; region: number; letter: string | null;
  volcano: boolean; lava: number[]; nb: number[]; river: boolean[]; rim: boolean; lakeSide: boolean; riverSide: boolean; face: string;
}
export interface Board { id: string; west: string; east: string; hexes: BoardHex[]; byLetter: Record<string, number>; regions: Record<LandTerrain, number[][]> }

export type EventKind = 'calm' | 'ailing' | 'mild_autumn' | 'rain' | 'volcano' | 'forest_fire' | 'flood' | 'lean_meat' | 'drought' | 'wolves' | 'migration' | 'storm' | 'good_fishing' | 'blizzard' | 'frost' | 'frozen_lakes';
const EVENT_KINDS: EventKind[] = ['calm', 'ailing', 'mild_autumn', 'rain', 'volcano', 'forest_fire', 'flood', 'lean_meat', 'drought', 'wolves', 'migration', 'storm', 'good_fishing', 'blizzard', 'frost', 'frozen_lakes'];
export interface EventCard { id: string; deck: 'summer' | 'winter'; kind: EventKind; params: Record<string, number>; en: [string, string]; de: [string, string]; advanced?: { en: string; de: string } }

export type CardKind = 'wind' | 'wolves_call' | 'march' | 'scout' | 'raft' | 'fence' | 'stranger_m' | 'stranger_w' | 'war_paint' | 'brave_women' | 'spears' | 'stores' | 'healer' | 'fertility' | 'seed' | 'firemaker';
export type CardWindow = 'animals' | 'movement' | 'combat-tribes' | 'combat-animals' | 'survival' | 'births' | 'sowing';
const CARD_WINDOWS: Record<CardKind, CardWindow> = {
  wind: 'animals', wolves_call: 'animals', march: 'movement', scout: 'movement', raft: 'movement', fence: 'movement',
  stranger_m: 'movement', stranger_w: 'movement', war_paint: 'combat-tribes', brave_women: 'combat-tribes', spears: 'combat-animals',
  stores: 'survival', healer: 'survival', fertility: 'births', seed: 'sowing', firemaker: 'movement',
};
export interface CardDef { kind: CardKind; copies: number; window: CardWindow; en: [string, string]; de: [string, string]; advanced?: { en: string; de: string } }

export interface TalData {
  boards: Record<string, Board>;
  variants: string[];
  species: Record<Species, SpeciesDef>;
  tiles: { species: Species; letter: string }[];
  letterlessWolves: number;
  wind: number[]; // die face - 1 -> direction index
  events: EventCard[];
  eventById: Record<string, EventCard>;
  cards: CardDef[];
  cardByKind: Record<string, CardDef>;
  /** The 40 special cards as ids `<kind>.<n>`. */
  deck: string[];
}

function fail(file: string, what: string): never {
  throw new Error(`assets/${file}: ${what}`);
}
function isObj(v: unknown): v is Record<string, any> { return typeof v === 'object' && v !== null && !Array.isArray(v); }

const key = (q: number, r: number): string => `${q},${r}`;
/** The 37 hexes of the map (radius 3) in a fixed order: by q, then r. */
export const COORDS: [number, number][] = [];
for (let q = -3; q <= 3; q++) for (let r = -3; r <= 3; r++) if (Math.abs(q + r) <= 3) COORDS.push([q, r]);
const INDEX = new Map(COORDS.map(([q, r], i) => [key(q, r), i]));
const slotOf = (q: number, r: number): 'west' | 'east' => (q < 0 || (q === 0 && r <= 0) ? 'west' : 'east');

function buildBoard(file: string, raw: any, variant: any): Board {
  const faces = new Map<string, any>((raw.faces as any[]).map((f) => [f.id, f]));
  const west = faces.get(variant.west), east = faces.get(variant.east);
  if (!west || west.slot !== 'west') fail(file, `variant ${variant.id}: ${variant.west} is not a west face`);
  if (!east || east.slot !== 'east') fail(file, `variant ${variant.id}: ${variant.east} is not an east face`);
  const hexes: (BoardHex | undefined)[] = new Array(COORDS.length);
  const riverPairs: [number, number][] = [];
  for (const face of [west, east]) {
    for (const h of face.hexes as any[]) {
      const i = INDEX.get(key(h.q, h.r));
      if (i === undefined) fail(file, `face ${face.id}: hex ${h.q},${h.r} is off the 37-hex map`);
      if (slotOf(h.q, h.r) !== face.slot) fail(file, `face ${face.id}: hex ${h.q},${h.r} belongs to the other half`);
      if (hexes[i]) fail(file, `face ${face.id}: hex ${h.q},${h.r} listed twice`);
      if (!['plain', 'forest', 'mountain', 'lake'].includes(h.terrain)) fail(file, `face ${face.id}: hex ${h.q},${h.r} has unknown terrain`);
      const land = h.terrain !== 'lake';
      const lo = face.slot === 'west' ? 1 : 4;
      if (land && !(Number.isInteger(h.region) && h.region >= lo && h.region <= lo + 2)) fail(file, `face ${face.id}: land hex ${h.q},${h.r} needs a region ${lo}-${lo + 2}`);
      if (!land && (h.region !== undefined || h.letter !== undefined || h.lava !== undefined)) fail(file, `face ${face.id}: lake ${h.q},${h.r} cannot have a region, letter or lava`);
      if (h.lava !== undefined && h.terrain !== 'mountain') fail(file, `face ${face.id}: volcano ${h.q},${h.r} must be a mountain`);
      const lava = ((h.lava ?? []) as string[]).map((d) => {
        const di = DIRS.indexOf(d as Dir);
        if (di < 0) fail(file, `face ${face.id}: bad lava direction ${d}`);
        return di;
      });
      hexes[i] = { i, q: h.q, r: h.r, terrain: h.terrain, region: land ? h.region : 0, letter: h.letter ?? null, volcano: h.lava !== undefined, lava, nb: [], river: [false, false, false, false, false, false], rim: false, lakeSide: false, riverSide: false, face: face.id };
    }
    for (const pair of face.rivers as [number, number][][]) {
      const a = INDEX.get(key(pair[0]![0]!, pair[0]![1]!)), b = INDEX.get(key(pair[1]![0]!, pair[1]![1]!));
      if (a === undefined || b === undefined) fail(file, `face ${face.id}: river edge off the map`);
      riverPairs.push([a, b]);
    }
  }
  const missing = hexes.findIndex((h) => !h);
  if (missing >= 0 || hexes.length !== 37) fail(file, `variant ${variant.id}: hex ${COORDS[missing]} is missing (the map has 37 hexes)`);
  const hs = hexes as BoardHex[];
  for (const h of hs) {
    h.nb = DELTA.map(([dq, dr]) => INDEX.get(key(h.q + dq, h.r + dr)) ?? -1);
    h.rim = h.nb.some((n) => n < 0);
    if (h.letter !== null) {
      if (!h.rim) fail(file, `variant ${variant.id}: letter ${h.letter} is not on the rim`);
      const cap = h.letter === h.letter.toUpperCase();
      if (cap !== (h.terrain === 'mountain')) fail(file, `variant ${variant.id}: letter ${h.letter} on ${h.terrain} (capitals on mountains, small letters on plain or forest)`);
    }
    for (const d of h.lava) if (h.nb[d]! < 0 || hs[h.nb[d]!]!.terrain === 'lake') fail(file, `variant ${variant.id}: lava of ${h.q},${h.r} runs off the map or into a lake`);
  }
  for (const [a, b] of riverPairs) {
    const d = hs[a]!.nb.indexOf(b);
    if (d < 0) fail(file, `variant ${variant.id}: river between ${COORDS[a]} and ${COORDS[b]}, which are not neighbours`);
    hs[a]!.river[d] = true;
    hs[b]!.river[(d + 3) % 6] = true;
  }
  for (const h of hs) {
    h.lakeSide = h.terrain !== 'lake' && h.nb.some((n) => n >= 0 && hs[n]!.terrain === 'lake');
    h.riverSide = h.terrain !== 'lake' && h.river.some(Boolean);
  }
  const byLetter: Record<string, number> = {};
  for (const h of hs) if (h.letter) {
    if (byLetter[h.letter] !== undefined) fail(file, `variant ${variant.id}: letter ${h.letter} appears twice`);
    byLetter[h.letter] = h.i;
  }
  const regions = { plain: [], forest: [], mountain: [] } as Record<LandTerrain, number[][]>;
  for (const t of LAND) for (let n = 1; n <= 6; n++) {
    const members = hs.filter((h) => h.terrain === t && h.region === n).map((h) => h.i);
    if (members.length === 0) fail(file, `variant ${variant.id}: no ${t} region ${n} (each terrain needs regions 1-6)`);
    const seen = new Set([members[0]!]);
    const stack = [members[0]!];
    while (stack.length) for (const x of hs[stack.pop()!]!.nb) if (x >= 0 && members.includes(x) && !seen.has(x)) { seen.add(x); stack.push(x); }
    if (seen.size !== members.length) fail(file, `variant ${variant.id}: ${t} region ${n} is not connected`);
    regions[t].push(members);
  }
  return { id: variant.id, west: variant.west, east: variant.east, hexes: hs, byLetter, regions };
}

function validateBoard(raw: unknown, file: string): { boards: Record<string, Board>; variants: string[] } {
  if (!isObj(raw) || !Array.isArray(raw.faces) || !Array.isArray(raw.variants)) fail(file, 'needs faces and variants');
  const ids = (raw.faces as any[]).map((f) => f.id);
  if (raw.faces.length !== 4) fail(file, 'two double-sided half boards make exactly 4 faces');
  for (const f of raw.faces as any[]) if (!f._reconstructed) fail(file, `face ${f.id} must say why it is reconstructed`);
  if (new Set(ids).size !== 4) fail(file, 'face ids must differ');
  if (raw.variants.length !== 4) fail(file, 'there are 4 map variants');
  const boards: Record<string, Board> = {};
  for (const v of raw.variants as any[]) boards[v.id] = buildBoard(file, raw, v);
  return { boards, variants: (raw.variants as any[]).map((v) => v.id) };
}

function validateAnimals(raw: unknown, file: string): Pick<TalData, 'species' | 'tiles' | 'letterlessWolves'> {
  if (!isObj(raw) || !Array.isArray(raw.species) || !Array.isArray(raw.tiles)) fail(file, 'needs species and tiles');
  const species = {} as Record<Species, SpeciesDef>;
  for (const s of raw.species as any[]) {
    if (!SPECIES.includes(s.id)) fail(file, `unknown species ${s.id}`);
    if (!Number.isInteger(s.moves) || s.moves < 1 || !Number.isInteger(s.food) || s.food < 0) fail(file, `${s.id}: moves and food must be whole numbers`);
    species[s.id as Species] = { id: s.id, moves: s.moves, crossesMountains: !!s.crossesMountains, crossesRivers: !!s.crossesRivers, damagesCrops: !!s.damagesCrops, food: s.food };
  }
  if (Object.keys(species).length !== 6) fail(file, 'six species');
  const tiles = (raw.tiles as any[]).map((t) => ({ species: t.species as Species, letter: String(t.letter) }));
  if (tiles.length !== 54) fail(file, `the bag holds 54 lettered tiles, found ${tiles.length}`);
  for (const sp of SPECIES) if (tiles.filter((t) => t.species === sp).length !== 9) fail(file, `9 lettered tiles of ${sp}`);
  for (const t of tiles) {
    if (!/^[A-Fa-f]$/.test(t.letter)) fail(file, `tile letter ${t.letter} is not on the map`);
    if (!species[t.species].crossesMountains && t.letter === t.letter.toUpperCase()) fail(file, `${t.species} cannot arrive on a mountain (capital letter ${t.letter})`);
  }
  if (raw.letterlessWolves !== 8) fail(file, '8 wolves without a letter');
  return { species, tiles, letterlessWolves: 8 };
}

function texts(file: string, id: string, v: any): [string, string] {
  if (!Array.isArray(v) || v.length !== 2 || v.some((s) => typeof s !== 'string' || !s)) fail(file, `${id}: needs [name, text]`);
  return v as [string, string];
}

function validateEvents(raw: unknown, file: string): EventCard[] {
  if (!isObj(raw) || !Array.isArray(raw.cards) || !raw._reconstructed) fail(file, 'needs cards and a _reconstructed note');
  const cards: EventCard[] = (raw.cards as any[]).map((c) => {
    if (!EVENT_KINDS.includes(c.kind)) fail(file, `${c.id}: unknown kind ${c.kind}`);
    if (c.deck !== 'summer' && c.deck !== 'winter') fail(file, `${c.id}: deck is summer or winter`);
    if (c.kind === 'mild_autumn' && c.deck !== 'summer') fail(file, `${c.id}: a mild autumn lengthens summer, so it is a summer card`);
    return { id: c.id, deck: c.deck, kind: c.kind, params: c.params ?? {}, en: texts(file, c.id, c.en), de: texts(file, c.id, c.de), advanced: c.advanced };
  });
  if (new Set(cards.map((c) => c.id)).size !== cards.length) fail(file, 'event ids must differ');
  for (const d of ['summer', 'winter']) if (cards.filter((c) => c.deck === d).length !== 15) fail(file, `15 ${d} events`);
  const markers = cards.filter((c) => c.kind === 'forest_fire' || c.kind === 'flood');
  if (markers.length === 0) fail(file, 'the fire/flood markers need forest fire or flood events');
  return cards;
}

function validateSpecials(raw: unknown, file: string): CardDef[] {
  if (!isObj(raw) || !Array.isArray(raw.cards) || !raw._reconstructed) fail(file, 'needs cards and a _reconstructed note');
  const cards: CardDef[] = (raw.cards as any[]).map((c) => {
    if (!(c.kind in CARD_WINDOWS)) fail(file, `unknown card kind ${c.kind}`);
    if (c.window !== CARD_WINDOWS[c.kind as CardKind]) fail(file, `${c.kind}: the engine plays it in window ${CARD_WINDOWS[c.kind as CardKind]}`);
    if (!Number.isInteger(c.copies) || c.copies < 1) fail(file, `${c.kind}: copies`);
    return { kind: c.kind, copies: c.copies, window: c.window, en: texts(file, c.kind, c.en), de: texts(file, c.kind, c.de), advanced: c.advanced };
  });
  const total = cards.reduce((a, c) => a + c.copies, 0);
  if (total !== 40) fail(file, `there are 40 special cards, found ${total}`);
  const one = (k: CardKind) => cards.find((c) => c.kind === k)?.copies ?? 0;
  if (one('stranger_m') > 1 || one('stranger_w') > 1) fail(file, 'there is one neutral warrior and one neutral woman');
  return cards;
}

function validateWind(raw: unknown, file: string): number[] {
  if (!isObj(raw) || !isObj(raw.die)) fail(file, 'needs die');
  const out: number[] = [];
  for (let f = 1; f <= 6; f++) {
    const d = DIRS.indexOf(raw.die[String(f)]);
    if (d < 0) fail(file, `die face ${f} needs a direction`);
    out.push(d);
  }
  if (new Set(out).size !== 6) fail(file, 'the six die faces point in six different directions');
  return out;
}

function load(): TalData {
  const { boards, variants } = loadJsonAsset('tal/board.json', validateBoard);
  const animals = loadJsonAsset('tal/animals.json', validateAnimals);
  const wind = loadJsonAsset('tal/windrose.json', validateWind);
  const events = loadJsonAsset('tal/events.json', validateEvents);
  const cards = loadJsonAsset('tal/specials.json', validateSpecials);
  for (const b of Object.values(boards)) for (const t of animals.tiles) if (b.byLetter[t.letter] === undefined) fail('tal/board.json', `variant ${b.id} lacks letter ${t.letter} used by an animal tile`);
  const deck: string[] = [];
  for (const c of cards) for (let n = 1; n <= c.copies; n++) deck.push(`${c.kind}.${n}`);
  return {
    boards, variants, ...animals, wind, events, eventById: Object.fromEntries(events.map((e) => [e.id, e])),
    cards, cardByKind: Object.fromEntries(cards.map((c) => [c.kind, c])), deck,
  };
}

/**
 * Every version of the data a stored game may use. Version 1 is the board, animals, events and special cards of
 * the first release (`assets/tal/`). To change the data: copy today's files to `assets/tal/v<N>/`, register version N
 * from that copy, change `assets/tal/` and register it as N+1.
 */
export const DATA = new DataVersions<TalData>('tal').register(1, load());

/** The component data `s` was set up with: the only way rules read data. */
export const talData = (s: BaseState): TalData => DATA.of(s);

/** The current version's data, for tests, tools and the lobby. Rules read `talData(state)` instead. */
export const currentTalData = (): TalData => DATA.get(DATA.current);

/** A special card's kind: its id up to the first dot (`wind.2` is a `wind`). */
export function cardKind(id: string): CardKind {
  const dot = id.indexOf('.');
  return (dot < 0 ? id : id.slice(0, dot)) as CardKind;
}
export { validateBoard, validateAnimals, validateEvents, validateSpecials };
