/**
 * Everything about hidden information in Mammut: what a seat may see (`view`, the one projection renderers and the bot
 * read) and a copy of the state with everything a seat cannot see redrawn (`determinize`, for computer players).
 */
import { FIRST_DATA_VERSION } from '../../engine/data-versions.js';
import { randInt, seedRng, shuffle, type RngState } from '../../engine/rng.js';
import type { Seat } from '../../engine/types.js';
import { dataOf, defOf, downFace, isLoot, kindKey, knowsBack, shamanArrow, shamanHolder, tieOrder, typeOf, upCode, upFace, zones } from './board.js';
import { LAST_ROUND, outcome } from './scoring.js';
import { NT, type MammutState, type MammutView, type RoundScoring, type TileView } from './state.js';

function tileView(s: MammutState, t: number, seat: Seat | null): TileView {
  const kind = dataOf(s).tKind[defOf(s, t)]!;
  const v: TileView = { kind, face: upFace(s, t) };
  if (kind === 'loot' && knowsBack(s, t, seat)) {
    v.back = downFace(s, t);
    if (!knowsBack(s, t, null)) v.peeked = true;
  }
  return v;
}

function tilesView(s: MammutState, tiles: readonly number[], seat: Seat | null): TileView[] {
  // Sorted by what the viewer can see: the order in the state would hint at which physical tile is which.
  const keyed = tiles.map((t) => ({ t, k: kindKey(s, t, seat) }));
  keyed.sort((a, b) => a.k - b.k);
  return keyed.map((x) => tileView(s, x.t, seat));
}

export function view(s: MammutState, seat: Seat | null): MammutView {
  const revealed = s.phase !== 'taking';
  const z = zones(s);
  const p = s.pending;
  let selection: MammutView['selection'] = null;
  if (p && seat === s.current && s.phase === 'taking') {
    const tiles = p.kind === 'send' || p.kind === 'rob' ? [] : p.picks;
    selection = { kind: p.kind, tiles: tilesView(s, tiles, seat) };
    if (p.kind !== 'take' && p.kind !== 'rob') selection.card = typeOf(s, p.card).id;
  }
  const supply: Record<string, number> = {};
  dataOf(s).animals.forEach((a, i) => (supply[a] = dataOf(s).tileData.collectionPerSort - s.collection.filter((c) => c.includes(i)).length));
  const o = outcome(s);
  return {
    game: 'mammut',
    dataVersion: s.dataVersion ?? FIRST_DATA_VERSION,
    players: s.players,
    viewer: seat,
    round: s.round,
    firstRound: s.firstRound,
    lastRound: LAST_ROUND,
    phase: s.phase,
    start: s.start,
    toAct: s.phase === 'over' ? null : s.phase === 'animal' ? s.animalChoices[0]!.seat : s.current,
    middle: tilesView(s, z.middle, seat),
    shares: z.shares.map((l) => l.map((sh) => tilesView(s, sh, seat))),
    shaman: { holder: shamanHolder(s), arrow: shamanArrow(s) },
    tieOrder: tieOrder(s),
    fur: [...s.fur],
    scores: [...s.score],
    collections: s.collection.map((c) => c.map((a) => dataOf(s).animals[a]!)),
    supply,
    handCounts: s.hands.map((h) => h.length),
    hand: seat === null ? null : s.hands[seat]!.map((c) => typeOf(s, c).id).sort(),
    played: s.played.map((cards, owner) => {
      return {
        loot: cards.filter((c) => typeOf(s, c).kind === 'loot').map((c) => typeOf(s, c).id),
        scoring: cards.filter((c) => typeOf(s, c).kind === 'scoring').map((c) => (revealed || owner === seat ? typeOf(s, c).id : null)),
      };
    }),
    deck: s.deck.length,
    discard: s.discard.length,
    selection,
    lastScoring: s.lastScoring && (JSON.parse(JSON.stringify(s.lastScoring)) as RoundScoring), // a copy: views never share the state's objects
    final: s.final && o ? { bonus: [...s.final.bonus], distinct: [...s.final.distinct], winners: o.winners } : null,
  };
}

// ---------------------------------------------------------------- determinize

/**
 * Redraws what `seat` cannot see. Tiles whose down face the seat does not know swap identities with other such
 * tiles showing the same face (every up face and every back the seat knows stays as it is); the cards the seat
 * has not seen (draw pile, other hands, others' face-down scoring cards) are dealt anew, face-down scoring slots
 * receiving scoring cards. The state's own generator is replaced, so later draws and drops are not foreseeable.
 */
export function determinize(state: MammutState, seat: Seat, rng: RngState): MammutState {
  const s = structuredClone(state);
  const groups = new Map<number, number[]>();
  for (let t = 0; t < NT; t++) {
    if (!isLoot(s, t) || knowsBack(s, t, seat)) continue;
    const f = upCode(s, t);
    const g = groups.get(f);
    if (g) g.push(t); else groups.set(f, [t]);
  }
  const def = s.tileDef;
  const up = s.up;
  for (const [face, slots] of groups) {
    const defs = shuffle(rng, slots.map((t) => def[t]!));
    slots.forEach((t, i) => {
      def[t] = defs[i]!;
      up[t] = dataOf(s).tSides[defs[i]!]![0] === face ? 0 : 1;
    });
  }
  const revealed = s.phase !== 'taking';
  const pool: number[] = [...s.deck];
  const hidden: { seat: Seat; idx: number }[] = [];
  const played = s.played;
  for (let p = 0; p < s.players; p++) {
    if (p === seat) continue;
    pool.push(...s.hands[p]!);
    if (!revealed) played[p]!.forEach((c, idx) => { if (typeOf(s, c).kind === 'scoring') { pool.push(c); hidden.push({ seat: p, idx }); } });
  }
  shuffle(rng, pool);
  for (const h of hidden) {
    const i = pool.findIndex((c) => typeOf(s, c).kind === 'scoring');
    played[h.seat]![h.idx] = pool.splice(i, 1)[0]!;
  }
  for (let p = 0; p < s.players; p++) if (p !== seat) s.hands[p] = pool.splice(0, s.hands[p]!.length);
  s.deck = pool;
  s.rng = seedRng(`determinize:${randInt(rng, 0x7fffffff)}:${randInt(rng, 0x7fffffff)}`);
  // The position kept for `back` hides the same things (nothing is drawn or revealed inside an action): redrawn alike.
  const base = s.takeback.base as Partial<MammutState> | null;
  if (base) Object.assign(base, structuredClone({ tileDef: s.tileDef, up: s.up, hands: s.hands, played: s.played, deck: s.deck, rng: s.rng }));
  return s;
}
