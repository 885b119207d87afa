/**
 * Endless Winter component data: loaded once from `assets/endless-winter/*.json` and validated against the rules the
 * rulebook states. Abilities are written in a small typed effect language built from the rulebook's symbols:
 * an ability is `{col?, cost?, gain}`; an atom is one symbol with a count.
 */
import { loadJsonAsset } from '../../engine/assets.js';
import { DataVersions } from '../../engine/data-versions.js';

export const COLS = ['initiate', 'develop', 'migrate', 'hunt'] as const;
export type Col = (typeof COLS)[number];

/** Every symbol of the effect language. */
export const ATOM_KINDS = [
  'labour', 'food', 'tool', 'points', 'idol', 'draw', 'megalith', 'neutral', 'memberHand', 'memberDiscard', 'progress',
  'animalGround', 'animalDeck', 'reveal', 'kill', 'bury', 'discard', 'campStart', 'move', 'settlement', 'foodLimit', 'stone',
] as const;
export type AtomKind = (typeof ATOM_KINDS)[number];
/** One symbol with a count. Labour counts in halves (`n` = 3 means 1½). */
export interface Atom { k: AtomKind; n: number }
const COST_KINDS: AtomKind[] = ['food', 'tool', 'labour', 'discard'];

export interface Ability { col?: Col; cost: Atom[]; gain: Atom[] }
export type Name = { en: string; de: string };

export interface CardDef {
  id: string;
  kind: 'member' | 'progress';
  /** Member supply type (hunter…) or 'start' for starting cards. */
  supply: string | null;
  age: 0 | 1 | 2;
  name: Name;
  labour2: number;
  points: number;
  play: Ability[];
  eclipse: Ability[];
  /** Extra labour (halves) this card adds in the eclipse comparison when on the stack. */
  eclipseLabour2: number;
  effect: Ability | null;
  copies: number;
}

export interface Species { id: string; name: Name; copies: number; kill: Atom[]; sets: number[]; joker: boolean }
export interface ChiefDef { id: string; name: Name; sides: { abilities: Ability[] }[] }
export interface SetupCard { id: string; gain: Atom[] }
export type ScoreKind = 'settlementsNextTo' | 'campTypes' | 'groundMegaliths' | 'upperMegaliths' | 'buildTiles' | 'buried' | 'idolSteps' | 'distinctKills' | 'killsOf';
export interface StoneDef { id: string; age: 1 | 2; income: Atom[]; score: { kind: ScoreKind; arg?: string; per?: number; table?: number[] } }
export interface TerrainType { id: string; name: Name; copies: number; color: string; income: Atom[] }
export interface SiteCell { start: boolean; gain: Atom[]; arrows: ('N' | 'E' | 'S' | 'W')[] }
export interface SiteTile { id: string; cells: SiteCell[] }

export interface EwData {
  cards: CardDef[];
  members: string[];
  species: Species[];
  chiefs: ChiefDef[];
  setupCards: SetupCard[];
  stones: StoneDef[];
  terrain: TerrainType[];
  glacier: TerrainType;
  start: TerrainType;
  mapTiles: number;
  glaciersByPlayers: Record<string, number>;
  player: {
    camps: number; foodLimit: number[]; labourMarks: number[]; settlements: number; settlementSlotIncome: Atom[];
    neutralMegaliths: number; colourMegaliths: number; megalithSlotIncome: Record<number, Atom[]>; stoneCosts: Atom[][]; restLabour2: number;
  };
  offering: { ratio: number; bonus?: 'memberHand' | 'memberDiscard' | 'bury' }[];
  fame: { levels: number; places: number; points: Record<number, number> };
  burial: { first: number[]; second: number[]; rest: number[] };
  turnOrderIncome: Atom[][];
  stoneSlots: Record<string, number>;
  display: number;
  huntingGround: number;
  rounds: number;
  site: { w: number; h: number; tiles: SiteTile[]; patterns: { players: number; at: [number, number][] }[] };
  iceFinds: Atom[][];
  restTiles: Atom[][];
}

type Raw = any;
function fail(file: string, what: string): never {
  throw new Error(`assets/endless-winter/${file}: ${what}`);
}

function atoms(raw: Raw, file: string, where: string, allowed?: AtomKind[]): Atom[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) fail(file, `${where}: expected a list of symbols`);
  return raw.map((a: Raw) => {
    const keys = Object.keys(a ?? {});
    if (keys.length !== 1) fail(file, `${where}: a symbol must have exactly one kind`);
    const k = keys[0] as AtomKind;
    if (!ATOM_KINDS.includes(k)) fail(file, `${where}: unknown symbol '${k}'`);
    if (allowed && !allowed.includes(k)) fail(file, `${where}: '${k}' cannot be used here`);
    const v = a[k];
    if (typeof v !== 'number' || v <= 0) fail(file, `${where}: count of '${k}' must be positive`);
    if (k === 'labour') {
      if (!Number.isInteger(v * 2)) fail(file, `${where}: labour comes in halves`);
      return { k, n: v * 2 };
    }
    if (!Number.isInteger(v)) fail(file, `${where}: count of '${k}' must be whole`);
    return { k, n: v };
  });
}

function ability(raw: Raw, file: string, where: string): Ability {
  const col = raw.col;
  if (col !== undefined && !COLS.includes(col)) fail(file, `${where}: unknown column '${col}'`);
  const gain = atoms(raw.gain, file, `${where}.gain`);
  if (gain.length === 0) fail(file, `${where}: an ability must give something`);
  return { col, cost: atoms(raw.cost, file, `${where}.cost`, COST_KINDS), gain };
}

function name(raw: Raw, file: string, where: string): Name {
  if (typeof raw?.en !== 'string' || typeof raw?.de !== 'string') fail(file, `${where}: name needs en and de`);
  return { en: raw.en, de: raw.de };
}

function needReason(raw: Raw, file: string, where: string): void {
  if (typeof raw._reconstructed !== 'string' || !raw._reconstructed) fail(file, `${where}: reconstructed item without a reason`);
}

function card(raw: Raw, file: string, kind: 'member' | 'progress', supply: string | null, age: 0 | 1 | 2): CardDef {
  const where = String(raw.id);
  needReason(raw, file, where);
  const def: CardDef = {
    id: raw.id, kind, supply, age, name: name(raw.name, file, where),
    labour2: kind === 'member' ? Math.round((raw.labour ?? 0) * 2) : 0,
    points: raw.points ?? 0,
    play: (raw.play ?? []).map((a: Raw, i: number) => ability(a, file, `${where}.play[${i}]`)),
    eclipse: [], eclipseLabour2: 0,
    effect: raw.effect ? ability(raw.effect, file, `${where}.effect`) : null,
    copies: raw.copies ?? 1,
  };
  for (const [i, a] of (raw.eclipse ?? []).entries()) {
    const ab = ability(a, file, `${where}.eclipse[${i}]`);
    if (ab.gain.some((g) => g.k === 'labour')) {
      if (ab.cost.length || ab.gain.length !== 1) fail(file, `${where}: eclipse labour must stand alone`);
      def.eclipseLabour2 += ab.gain[0]!.n;
    } else def.eclipse.push(ab);
  }
  if (kind === 'member' && (def.labour2 <= 0 || def.labour2 > 4)) fail(file, `${where}: a tribe member gives ½ to 2 labour`);
  if (kind === 'progress') {
    if (!def.effect) fail(file, `${where}: a progress card needs its effect`);
    if (def.effect.col) fail(file, `${where}: progress effects act in step 1, before a column is chosen`);
    if (def.effect.gain.some((g) => g.k === 'labour')) fail(file, `${where}: progress cards give no labour`);
  }
  if (!Number.isInteger(def.points) || def.points < 0) fail(file, `${where}: points must be whole and ≥ 0`);
  return def;
}

/** Best score of one player's living animals: one set per species up to its cap, argentavis jokers added where best. */
export function animalSetScore(species: Species[], living: Record<string, number>): number {
  const jokers = species.filter((s) => s.joker).reduce((a, s) => a + (living[s.id] ?? 0), 0);
  const normal = species.filter((s) => !s.joker);
  // Dynamic programme over species: best total using j jokers so far.
  let best = new Array(jokers + 1).fill(-Infinity) as number[];
  best[0] = 0;
  for (const s of normal) {
    const have = Math.min(living[s.id] ?? 0, s.sets.length);
    const next = new Array(jokers + 1).fill(-Infinity) as number[];
    for (let used = 0; used <= jokers; used++) {
      if (best[used] === -Infinity) continue;
      for (let add = 0; used + add <= jokers; add++) {
        const size = Math.min(have + add, s.sets.length);
        if (have === 0 && add > 0) break; // jokers never form a set alone
        if (have + add > s.sets.length) break;
        const pts = size > 0 ? s.sets[size - 1]! : 0;
        next[used + add] = Math.max(next[used + add]!, best[used]! + pts);
      }
    }
    best = next;
  }
  return Math.max(...best.filter((x) => x > -Infinity));
}

function load(): EwData {
  const cardsRaw = loadJsonAsset('endless-winter/cards.json', (r) => r as Raw);
  const cards: CardDef[] = [];
  const members: string[] = [];
  const F = 'cards.json';
  if (!Array.isArray(cardsRaw.members) || cardsRaw.members.length !== 5) fail(F, 'there are 5 tribe-member types');
  for (const m of cardsRaw.members) {
    if (m.copies !== 15) fail(F, `${m.id}: each tribe-member type has 15 cards`);
    cards.push(card(m, F, 'member', m.id, 0));
    members.push(m.id);
  }
  let startCount = 0;
  for (const s of cardsRaw.starting) {
    const c = card(s, F, s.kind === 'progress' ? 'progress' : 'member', 'start', 0);
    startCount += c.copies;
    cards.push(c);
  }
  if (startCount !== 9) fail(F, 'a starting deck has 9 cards');
  const startIds = cardsRaw.starting.map((s: Raw) => s.id);
  for (const need of ['gatherer', 'exp-gatherer', 'warrior']) if (!startIds.includes(need)) fail(F, `starting deck needs '${need}'`);
  if (cardsRaw.starting.find((s: Raw) => s.id === 'gatherer').copies !== 5) fail(F, 'a starting deck has 5 gatherers');
  if (cardsRaw.starting.filter((s: Raw) => s.kind === 'progress').reduce((a: number, s: Raw) => a + (s.copies ?? 1), 0) !== 2) fail(F, 'a starting deck has 2 starting progress cards');
  for (const age of [1, 2] as const) {
    const list = cardsRaw.progress.filter((p: Raw) => p.age === age);
    if (list.length !== 20) fail(F, `age ${age} has 20 progress cards`);
    for (const p of list) cards.push(card(p, F, 'progress', null, age));
  }
  if (new Set(cards.map((c) => c.id)).size !== cards.length) fail(F, 'card ids must be unique');

  const A = 'animals.json';
  const animalsRaw = loadJsonAsset('endless-winter/animals.json', (r) => r as Raw);
  const species: Species[] = animalsRaw.species.map((s: Raw) => {
    needReason(s, A, s.id);
    const sp: Species = { id: s.id, name: name(s.name, A, s.id), copies: s.copies, kill: atoms(s.kill, A, `${s.id}.kill`), sets: s.sets ?? [], joker: !!s.joker };
    if (sp.joker && sp.sets.length) fail(A, `${s.id}: a joker forms no set of its own`);
    if (!sp.joker && (sp.sets.length < 1 || sp.sets.length > 4)) fail(A, `${s.id}: a set holds 1 to 4 animals`);
    if (s.id === 'mammoth' && sp.sets.length > 2) fail(A, 'woolly mammoth sets hold at most 2');
    for (let i = 1; i < sp.sets.length; i++) if (sp.sets[i]! < sp.sets[i - 1]!) fail(A, `${s.id}: set values must not fall`);
    return sp;
  });
  if (species.reduce((a, s) => a + s.copies, 0) !== 60) fail(A, 'there are 60 animal cards');
  if (!species.some((s) => s.id === 'argentavis' && s.joker)) fail(A, 'argentavis must be the joker');
  for (const need of ['mammoth', 'rhino', 'sloth']) if (!species.some((s) => s.id === need)) fail(A, `the set example needs '${need}'`);
  // The rulebook's set example: 2 living rhinos, 1 mammoth, 3 sloths + 1 argentavis score 3 + 2 + 10.
  const ex = animalSetScore(species, { rhino: 2, mammoth: 1, sloth: 3, argentavis: 1 });
  if (ex !== 15) fail(A, `the rulebook's set example must score 3 + 2 + 10 = 15, not ${ex}`);
  if (animalSetScore(species, { argentavis: 3 }) !== 0) fail(A, 'argentavis alone must not score');

  const C = 'chiefs.json';
  const chiefsRaw = loadJsonAsset('endless-winter/chiefs.json', (r) => r as Raw);
  const chiefs: ChiefDef[] = chiefsRaw.chiefs.map((c: Raw) => {
    needReason(c, C, c.id);
    if (!Array.isArray(c.sides) || c.sides.length !== 2) fail(C, `${c.id}: a chief card has two sides`);
    return { id: c.id, name: name(c.name, C, c.id), sides: c.sides.map((s: Raw, i: number) => ({ abilities: s.abilities.map((a: Raw, j: number) => ability(a, C, `${c.id}.side${i}[${j}]`)) })) };
  });
  if (chiefs.length !== 5) fail(C, 'there are 5 chiefs');

  const S = 'setup-cards.json';
  const setupRaw = loadJsonAsset('endless-winter/setup-cards.json', (r) => r as Raw);
  const setupCards: SetupCard[] = setupRaw.cards.map((c: Raw) => { needReason(c, S, c.id); return { id: c.id, gain: atoms(c.gain, S, c.id) }; });
  if (setupCards.length !== 5) fail(S, 'there are 5 setup cards');

  const T = 'terrain.json';
  const terrainRaw = loadJsonAsset('endless-winter/terrain.json', (r) => r as Raw);
  const tt = (t: Raw): TerrainType => ({ id: t.id, name: name(t.name, T, t.id), copies: t.copies ?? 1, color: t.color, income: atoms(t.income, T, t.id) });
  const terrain: TerrainType[] = terrainRaw.types.map((t: Raw) => { needReason(t, T, t.id); return tt(t); });
  if (terrain.length !== 6 || terrain.some((t) => t.copies !== 3)) fail(T, 'there are 6 terrain types with 3 tiles each');
  const glacier = tt(terrainRaw.glacier);
  if (glacier.copies !== 6) fail(T, 'there are 6 glaciers');
  if (terrainRaw.mapTiles !== 18) fail(T, 'the map has 18 tiles around the start tile');

  const ST = 'stones.json';
  const stonesRaw = loadJsonAsset('endless-winter/stones.json', (r) => r as Raw);
  const kinds: ScoreKind[] = ['settlementsNextTo', 'campTypes', 'groundMegaliths', 'upperMegaliths', 'buildTiles', 'buried', 'idolSteps', 'distinctKills', 'killsOf'];
  const stones: StoneDef[] = stonesRaw.stones.map((s: Raw) => {
    needReason(s, ST, s.id);
    const sc = s.score ?? {};
    if (!kinds.includes(sc.kind)) fail(ST, `${s.id}: unknown condition '${sc.kind}'`);
    if (sc.kind === 'settlementsNextTo' && !terrain.some((t) => t.id === sc.arg)) fail(ST, `${s.id}: unknown terrain '${sc.arg}'`);
    if (sc.kind === 'killsOf' && !species.some((t) => t.id === sc.arg && !t.joker)) fail(ST, `${s.id}: unknown species '${sc.arg}'`);
    if ((sc.per === undefined) === (sc.table === undefined)) fail(ST, `${s.id}: give either 'per' or 'table'`);
    return { id: s.id, age: s.age, income: atoms(s.income, ST, s.id), score: sc };
  });
  if (stones.filter((s) => s.age === 1).length !== 10 || stones.filter((s) => s.age === 2).length !== 10) fail(ST, 'there are 10 stones of each age');

  const B = 'boards.json';
  const b = loadJsonAsset('endless-winter/boards.json', (r) => r as Raw);
  const pb = b.playerBoard;
  needReason(pb, B, 'playerBoard');
  if (pb.foodLimitByCampsRemoved[1] !== 6) fail(B, 'with 1 camp removed the food limit is 6');
  if (pb.foodLimitByCampsRemoved.length !== pb.camps + 1) fail(B, 'one food limit per number of camps removed');
  const player: EwData['player'] = {
    camps: pb.camps, foodLimit: pb.foodLimitByCampsRemoved, labourMarks: pb.labourMarks, settlements: pb.settlements,
    settlementSlotIncome: atoms(pb.settlementSlotIncome, B, 'settlementSlotIncome'), neutralMegaliths: pb.neutralMegaliths,
    colourMegaliths: pb.colourMegaliths,
    megalithSlotIncome: Object.fromEntries(Object.entries(pb.megalithSlotIncome).map(([k, v]) => [Number(k), atoms(v, B, `megalithSlot${k}`)])),
    stoneCosts: pb.stoneCosts.map((c: Raw, i: number) => atoms(c, B, `stoneCost${i}`, ['food', 'tool'])), restLabour2: Math.round(pb.restLabour * 2),
  };
  if (player.restLabour2 !== 3) fail(B, 'a resting figure gives 1½ labour');
  if (player.stoneCosts.length !== 3) fail(B, 'a player board has 3 sacred-stone slots');
  // 3 food must give 2 labour from any level of the track (the rulebook's labour example).
  const maxLimit = player.foodLimit[player.foodLimit.length - 1]!;
  for (let f = 3; f <= maxLimit; f++) {
    const l = player.labourMarks.filter((m: number) => m <= f && m > f - 3).length;
    if (l !== 2) fail(B, `spending 3 food from ${f} must give 2 labour, gives ${l}`);
  }
  const ib = b.idolBoard;
  needReason(ib, B, 'idolBoard');
  const fame = { levels: ib.fame.levels, places: ib.fame.places, points: Object.fromEntries(Object.entries(ib.fame.points).map(([k, v]) => [Number(k), v as number])) };
  const famePts = Object.values(fame.points).sort((x, y) => x - y);
  if (famePts.join(',') !== '2,3,5') fail(B, 'the fame track gives 2, 3 and 5 points');
  if (ib.burial.first[4] !== 10) fail(B, 'first place on the fame track with 4 buried cards scores 10');
  if (!ib.offering.some((o: Raw) => o.ratio === 2)) fail(B, 'the offering track needs a 2:1 space (rulebook example)');
  const site = b.buildSite;
  needReason(site, B, 'buildSite');
  const siteTiles: SiteTile[] = site.tiles.map((t: Raw) => ({
    id: t.id,
    cells: t.cells.map((c: Raw, i: number) => {
      if (c === 'start') return { start: true, gain: [], arrows: [] };
      if (Array.isArray(c)) return { start: false, gain: atoms(c, B, `site ${t.id}.${i}`), arrows: [] };
      return { start: false, gain: atoms(c.gain, B, `site ${t.id}.${i}`), arrows: c.arrows };
    }),
  }));
  if (siteTiles.length !== 4) fail(B, 'the build site has 4 tiles');
  for (const t of siteTiles) {
    if (t.cells.length !== site.tileWidth * site.tileHeight) fail(B, `site tile ${t.id}: wrong number of cells`);
    if (t.cells.filter((c) => c.start).length !== 1) fail(B, `site tile ${t.id}: exactly one start cell`);
  }
  for (const p of site.patterns) {
    const seen = new Set<string>();
    for (const [x, y] of p.at) for (let dy = 0; dy < site.tileHeight; dy++) for (let dx = 0; dx < site.tileWidth; dx++) {
      const k = `${x + dx},${y + dy}`;
      if (seen.has(k)) fail(B, `a build-site pattern for ${p.players} overlaps`);
      seen.add(k);
    }
  }
  for (const n of [2, 3, 4]) if (!site.patterns.some((p: Raw) => p.players === n)) fail(B, `no build-site pattern for ${n} players`);
  const stoneSlots = b.mainBoard.stoneSlots;
  if (stoneSlots['2'] * 2 !== 8 || stoneSlots['3'] * 2 !== 12 || stoneSlots['4'] * 2 !== 14) fail(B, 'sacred stones are 8 / 12 / 14 by player count');
  if (b.iceFinds.length !== 10) fail(B, 'there are 10 ice finds');
  if (b.restTiles.length !== 5) fail(B, 'there are 5 rest tiles');
  return {
    cards, members, species, chiefs, setupCards, stones, terrain, glacier, start: tt(terrainRaw.start), mapTiles: 18,
    glaciersByPlayers: terrainRaw.glaciersByPlayers, player,
    offering: ib.offering, fame, burial: ib.burial,
    turnOrderIncome: b.turnOrderIncome.map((x: Raw, i: number) => atoms(x, B, `turnOrder${i}`)),
    stoneSlots, display: b.mainBoard.display, huntingGround: b.mainBoard.huntingGround, rounds: b.mainBoard.rounds,
    site: { w: site.tileWidth, h: site.tileHeight, tiles: siteTiles, patterns: site.patterns },
    iceFinds: b.iceFinds.map((x: Raw, i: number) => atoms(x, B, `ice${i}`)),
    restTiles: b.restTiles.map((x: Raw, i: number) => atoms(x, B, `rest${i}`)),
  };
}

/** One version of the component data, with the tables the rules read, precomputed. */
export interface EwVersionData extends EwData {
  /** Per player count: card id → index into `cards` (supplies, progress decks, starting decks). */
  cardTables: Record<number, number[]>;
  /** Animal id → species index (the animals, species in data order). */
  speciesOf: number[];
}

function cardTableFor(d: EwData, n: number): number[] {
  const t: number[] = [];
  for (const id of d.members) { const k = d.cards.findIndex((c) => c.id === id); for (let i = 0; i < d.cards[k]!.copies; i++) t.push(k); }
  for (const age of [1, 2]) d.cards.forEach((c, k) => { if (c.kind === 'progress' && c.age === age) t.push(k); });
  for (let seat = 0; seat < n; seat++) d.cards.forEach((c, k) => { if (c.supply === 'start') for (let i = 0; i < c.copies; i++) t.push(k); });
  return t;
}

export function ewData(d: EwData): EwVersionData {
  return {
    ...d,
    cardTables: Object.fromEntries([1, 2, 3, 4].map((n) => [n, cardTableFor(d, n)])),
    speciesOf: d.species.flatMap((sp, i) => new Array(sp.copies).fill(i) as number[]),
  };
}

/**
 * Every version of the data a stored game may use. Version 1 is the data of the first release
 * (`assets/endless-winter/`). To change the data: copy today's files to `assets/endless-winter/v<N>/`, register
 * version N from that copy, change `assets/endless-winter/` and register it as N+1.
 */
export const DATA = new DataVersions<EwVersionData>('endless-winter').register(1, ewData(load()));

/** The current version's data, for tests and tools. Rules read the state's version (`dataOf(s)` in state.ts). */
export const CURRENT: EwVersionData = DATA.get(DATA.current);
