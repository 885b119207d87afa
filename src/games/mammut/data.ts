/**
 * Mammut component data: the 31 loot tiles + shaman tile (`assets/mammut/tiles.json`) and the 19 action cards
 * (`assets/mammut/cards.json`), loaded once and validated against what the rulebook states.
 */
import { loadJsonAsset } from '../../engine/assets.js';
import { DataVersions } from '../../engine/data-versions.js';
import type { Msg } from '../../engine/types.js';

/** The scoring faces of double-sided loot tiles; `?` hides the face on its back. */
export const FACES = ['axe', 'fur', 'tusk', 'meat', 'fire', '?'] as const;
export type Face = (typeof FACES)[number];
export type ScoreFace = Exclude<Face, '?'>;
export const SCORE_FACES: readonly ScoreFace[] = ['axe', 'fur', 'tusk', 'meat', 'fire'];

export interface AnimalDef { id: string; name: { en: string; de: string } }
export interface TileDef {
  id: string;
  kind: 'loot' | 'animal' | 'shaman';
  /** Side 0 and side 1: a face, an animal id (both sides the same) or, for the shaman, 'red' / 'blue'. */
  sides: [string, string];
}
export interface TileData { animals: AnimalDef[]; collectionPerSort: number; tiles: TileDef[] }

export type CardEffect =
  | { effect: 'peek'; max: number }
  | { effect: 'flip'; max: number }
  | { effect: 'sendBack' }
  | { effect: 'countsAs'; face: ScoreFace; for: 'player' }
  | { effect: 'countsAs'; face: ScoreFace; for: 'most'; of: ScoreFace }
  | { effect: 'perTile'; face: ScoreFace; points: number }
  | { effect: 'mostPoints'; face: ScoreFace; points: number }
  | { effect: 'mostAnimal'; face: ScoreFace }
  | { effect: 'animalChoice' };
export type CardDef = { id: string; kind: 'loot' | 'scoring'; count: number } & CardEffect;

/** Numbers the rulebook states and the data must keep. */
export const RULEBOOK = { lootTiles: 31, animalSorts: 7, collectionAnimals: 35, cards: 19, lootCards: 8, scoringCards: 11 };

const ID_RE = /^[a-z][a-zA-Z0-9]{0,15}$/;

function fail(file: string, why: string): never {
  throw new Error(`${file}: ${why}`);
}

function obj(v: unknown, file: string, where: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(file, `${where} must be an object`);
  return v as Record<string, unknown>;
}

export function validateTiles(raw: unknown, file: string): TileData {
  const root = obj(raw, file, 'the file');
  if (!Array.isArray(root.animals)) fail(file, '"animals" must be a list');
  const animals: AnimalDef[] = root.animals.map((a, i) => {
    const o = obj(a, file, `animals[${i}]`);
    const name = obj(o.name, file, `animals[${i}].name`);
    if (typeof o.id !== 'string' || !ID_RE.test(o.id) || FACES.includes(o.id as Face) || ['red', 'blue', 'q', 'shaman'].includes(o.id))
      fail(file, `animals[${i}].id must be a short lower-case id that is not a face`);
    if (typeof name.en !== 'string' || typeof name.de !== 'string') fail(file, `animals[${i}] needs an English and a German name`);
    return { id: o.id, name: { en: name.en, de: name.de } };
  });
  if (new Set(animals.map((a) => a.id)).size !== animals.length) fail(file, 'animal ids must be unique');
  if (animals.length !== RULEBOOK.animalSorts) fail(file, `the rulebook has ${RULEBOOK.animalSorts} sorts of collection animals, the file has ${animals.length}`);
  const perSort = root.collectionPerSort;
  if (typeof perSort !== 'number' || perSort * animals.length !== RULEBOOK.collectionAnimals)
    fail(file, `collectionPerSort × sorts must make the rulebook's ${RULEBOOK.collectionAnimals} collection animals`);
  const shaman = obj(root.shaman, file, 'shaman');
  const ss = shaman.sides;
  if (!Array.isArray(ss) || ss.length !== 2 || !ss.includes('red') || !ss.includes('blue'))
    fail(file, 'the shaman tile has a red (clockwise) and a blue (counter-clockwise) side');
  if (!Array.isArray(root.tiles)) fail(file, '"tiles" must be a list');
  const animalIds = new Set(animals.map((a) => a.id));
  const tiles: TileDef[] = root.tiles.map((t, i) => {
    const o = obj(t, file, `tiles[${i}]`);
    const id = typeof o.id === 'string' ? o.id : fail(file, `tiles[${i}] needs an id`);
    const s = o.sides;
    if (!Array.isArray(s) || s.length !== 2 || typeof s[0] !== 'string' || typeof s[1] !== 'string') fail(file, `tile ${id}: "sides" must be two strings`);
    const [a, b] = s as [string, string];
    if (animalIds.has(a) || animalIds.has(b)) {
      if (a !== b) fail(file, `tile ${id}: an animal tile shows the same animal on both sides`);
      return { id, kind: 'animal' as const, sides: [a, b] as [string, string] };
    }
    if (!FACES.includes(a as Face) || !FACES.includes(b as Face)) fail(file, `tile ${id}: unknown face (faces are ${FACES.join(', ')} or an animal id)`);
    if (a === b) fail(file, `tile ${id}: a loot tile is double-sided with two different faces`);
    return { id, kind: 'loot' as const, sides: [a, b] as [string, string] };
  });
  if (tiles.length !== RULEBOOK.lootTiles) fail(file, `the rulebook has ${RULEBOOK.lootTiles} loot tiles, the file has ${tiles.length}`);
  if (new Set(tiles.map((t) => t.id)).size !== tiles.length) fail(file, 'tile ids must be unique');
  if (!tiles.some((t) => t.kind === 'animal')) fail(file, 'no animal tile: the collection must be winnable from the loot');
  const faces = new Set(tiles.flatMap((t) => (t.kind === 'loot' ? t.sides : [])));
  for (const f of FACES) if (!faces.has(f)) fail(file, `no tile shows the face ${f}: every scoring category must matter`);
  tiles.push({ id: 'shaman', kind: 'shaman', sides: [ss[0] as string, ss[1] as string] });
  return { animals, collectionPerSort: perSort, tiles };
}

export function validateCards(raw: unknown, file: string): CardDef[] {
  const root = obj(raw, file, 'the file');
  if (!Array.isArray(root.cards)) fail(file, '"cards" must be a list');
  const isFace = (f: unknown): f is ScoreFace => SCORE_FACES.includes(f as ScoreFace);
  const cards: CardDef[] = root.cards.map((c, i) => {
    const o = obj(c, file, `cards[${i}]`);
    const id = typeof o.id === 'string' && ID_RE.test(o.id) ? o.id : fail(file, `cards[${i}] needs a short id`);
    if (o.kind !== 'loot' && o.kind !== 'scoring') fail(file, `card ${id}: kind is loot or scoring`);
    if (typeof o.count !== 'number' || !Number.isInteger(o.count) || o.count < 1) fail(file, `card ${id}: count must be a positive integer`);
    const base = { id, kind: o.kind, count: o.count };
    const needFace = (k: string): ScoreFace => (isFace(o[k]) ? (o[k] as ScoreFace) : fail(file, `card ${id}: "${k}" must be one of ${SCORE_FACES.join(', ')}`));
    const needPoints = (): number => (typeof o.points === 'number' && Number.isInteger(o.points) ? o.points : fail(file, `card ${id}: "points" must be an integer`));
    const loot = o.effect === 'peek' || o.effect === 'flip' || o.effect === 'sendBack';
    if (loot !== (o.kind === 'loot')) fail(file, `card ${id}: effect ${String(o.effect)} does not fit a ${o.kind} card`);
    switch (o.effect) {
      case 'peek':
      case 'flip':
        if (typeof o.max !== 'number' || o.max < 1) fail(file, `card ${id}: "max" must be at least 1`);
        return { ...base, effect: o.effect, max: o.max } as CardDef;
      case 'sendBack':
      case 'animalChoice':
        return { ...base, effect: o.effect } as CardDef;
      case 'countsAs':
        if (o.for === 'player') return { ...base, effect: 'countsAs', face: needFace('face'), for: 'player' } as CardDef;
        if (o.for === 'most') return { ...base, effect: 'countsAs', face: needFace('face'), for: 'most', of: needFace('of') } as CardDef;
        return fail(file, `card ${id}: "for" is player or most`);
      case 'perTile':
      case 'mostPoints':
        return { ...base, effect: o.effect, face: needFace('face'), points: needPoints() } as CardDef;
      case 'mostAnimal':
        return { ...base, effect: 'mostAnimal', face: needFace('face') } as CardDef;
      default:
        return fail(file, `card ${id}: unknown effect ${String(o.effect)}`);
    }
  });
  if (new Set(cards.map((c) => c.id)).size !== cards.length) fail(file, 'card ids must be unique');
  const total = (k?: string): number => cards.filter((c) => !k || c.kind === k).reduce((s, c) => s + c.count, 0);
  if (total() !== RULEBOOK.cards) fail(file, `the rulebook has ${RULEBOOK.cards} action cards, the file has ${total()}`);
  if (total('loot') !== RULEBOOK.lootCards) fail(file, `the rulebook has ${RULEBOOK.lootCards} loot cards, the file has ${total('loot')}`);
  if (total('scoring') !== RULEBOOK.scoringCards) fail(file, `the rulebook has ${RULEBOOK.scoringCards} scoring cards, the file has ${total('scoring')}`);
  return cards;
}

/**
 * Every collection sort must be winnable: shown on an animal tile, or taken by choice through a card (one that
 * turns an animal tile into any sort, or gives the player with the most tiles of a face an animal of choice).
 */
export function checkSortsWinnable(tiles: TileData, cards: CardDef[]): void {
  const byChoice = cards.some((c) => c.effect === 'animalChoice' || c.effect === 'mostAnimal');
  for (const a of tiles.animals) {
    if (!byChoice && !tiles.tiles.some((t) => t.kind === 'animal' && t.sides[0] === a.id))
      throw new Error(`mammut/tiles.json: no tile shows the animal ${a.id} and no card lets a player choose it: every collection sort must be winnable`);
  }
}

/** One version of the component data, with the tables the rules read, precomputed. */
export interface MammutData {
  tileData: TileData;
  /** Tile definition index → definition; the shaman is the last index. */
  tiles: TileDef[];
  /** Collection animal ids; an owned animal is an index into this list. */
  animals: string[];
  cardTypes: CardDef[];
  /** Physical card id → index into `cardTypes` (the deck of 19). */
  cardOf: number[];
  /** Face codes: 0..4 scoring faces, 5 = ?, then the animals, then the shaman's red and blue. */
  faceNames: string[];
  faceCode: Map<string, number>;
  /** Face code → the id used in option ids (`q` for ?). */
  faceId: string[];
  faceMsg: Msg[];
  /** Per tile definition: its kind, its two sides as face codes, its animal (index into `animals`, or -1). */
  tKind: TileDef['kind'][];
  tSides: (readonly [number, number])[];
  tAnimal: number[];
  cardName: Msg[];
  cardText: Msg[];
}

/** Validates a data set as a whole and precomputes what the rules read. */
export function mammutData(tileData: TileData, cardTypes: CardDef[]): MammutData {
  checkSortsWinnable(tileData, cardTypes);
  const tiles = tileData.tiles;
  if (tiles.length !== RULEBOOK.lootTiles + 1) throw new Error(`mammut data: ${RULEBOOK.lootTiles} loot tiles and the shaman`);
  const animals = tileData.animals.map((a) => a.id);
  const faceNames = ['axe', 'fur', 'tusk', 'meat', 'fire', '?', ...animals, 'red', 'blue'];
  const faceCode = new Map(faceNames.map((f, i) => [f, i]));
  return {
    tileData,
    tiles,
    animals,
    cardTypes,
    cardOf: cardTypes.flatMap((c, i) => Array<number>(c.count).fill(i)),
    faceNames,
    faceCode,
    faceId: faceNames.map((f) => (f === '?' ? 'q' : f)),
    faceMsg: faceNames.map((f) =>
      f === 'red' || f === 'blue' ? { key: `mammut.shaman.${f}` } : animals.includes(f) ? { key: `mammut.animal.${f}` } : { key: `mammut.face.${f === '?' ? 'q' : f}` },
    ),
    tKind: tiles.map((t) => t.kind),
    tSides: tiles.map((t) => [faceCode.get(t.sides[0])!, faceCode.get(t.sides[1])!] as const),
    tAnimal: tiles.map((t) => (t.kind === 'animal' ? animals.indexOf(t.sides[0]) : -1)),
    cardName: cardTypes.map((c) => ({ key: `mammut.card.${c.id}.name` })),
    cardText: cardTypes.map((c) => ({ key: `mammut.card.${c.id}.text` })),
  };
}

/**
 * Every version of the data a stored game may use. Version 1 is the tile mix and card set of the first release
 * (`assets/mammut/`). To change the data: copy today's files to `assets/mammut/v<N>/`, register version N from
 * that copy, change `assets/mammut/` and register it as N+1 (test/engine/data-versions.test.ts keeps a
 * fingerprint of every shipped version, so an edit to a shipped one fails the tests).
 */
export const DATA = new DataVersions<MammutData>('mammut').register(
  1,
  mammutData(loadJsonAsset('mammut/tiles.json', validateTiles), loadJsonAsset('mammut/cards.json', validateCards)),
);

/** The current version's data, for tests and tools. Rules read `DATA.of(state)` instead. */
export const CURRENT: MammutData = DATA.get(DATA.current);
export const TILE_DATA: TileData = CURRENT.tileData;
export const CARD_TYPES: CardDef[] = CURRENT.cardTypes;
export const TILES: TileDef[] = CURRENT.tiles;
export const ANIMALS: string[] = CURRENT.animals;
export const CARD_OF: number[] = CURRENT.cardOf;
