/**
 * Endless Winter's message builders shared by the engine's parts and the renderer: symbols, abilities, cards, tiles, meeting points.
 */
import { m } from './keys.js';
import type { Msg } from '../../engine/types.js';
import { deepFreeze } from '../../engine/copy.js';
import type { Ability, Atom, CardDef } from './data.js';
import { POINTS } from './geometry.js';
import { dataOf, def, type EwState, GLACIER } from './state.js';

export const seatRef = (seat: number): { seat: number } => ({ seat });

export const half = (h: number): string => (h % 2 === 0 ? String(h / 2) : h === 1 ? '½' : `${Math.floor(h / 2)}½`);

export function atomMsg(a: Atom): Msg {
  // (the message of a small count is made once per symbol and shared)
  if (a.n >= 0 && a.n < ATOM_CACHED && (a.n | 0) === a.n) {
    let row = ATOM_MSGS.get(a.k);
    if (!row) ATOM_MSGS.set(a.k, (row = []));
    return row[a.n] ?? (row[a.n] = deepFreeze(describeAtom(a)));
  }
  return describeAtom(a);
}

const ATOM_CACHED = 16;
const ATOM_MSGS = new Map<Atom['k'], Msg[]>();

const describeAtom = (a: Atom): Msg => m(`atom.${a.k}`, { n: a.k === 'labour' ? half(a.n) : a.n });

export function atomsMsg(list: Atom[]): Msg {
  return list.length ? m('list', { items: list.map(atomMsg) }) : m('atom.nothing');
}

/** What an ability of the data does (made once per ability and shared: the data's abilities never change). */
export function abilityMsg(a: Ability): Msg {
  let msg = ABILITY_MSGS.get(a);
  if (!msg) ABILITY_MSGS.set(a, (msg = deepFreeze(describeAbility(a))));
  return msg;
}

const ABILITY_MSGS = new WeakMap<Ability, Msg>();

function describeAbility(a: Ability): Msg {
  const body = a.cost.length ? m('ability.exchange', { cost: atomsMsg(a.cost), gain: atomsMsg(a.gain) }) : atomsMsg(a.gain);
  return a.col ? m('ability.col', { col: m(`col.${a.col}`), body }) : body;
}

export const cardName = (s: EwState, card: number): Msg => cardDefName(def(s, card));

export const defName = (s: EwState, d: number): Msg => cardDefName(dataOf(s).cards[d]!);

/** A card's name, made once per card of the data and shared. */
function cardDefName(d: CardDef): Msg {
  let msg = CARD_NAMES.get(d);
  if (!msg) CARD_NAMES.set(d, (msg = deepFreeze(m(`card.${d.id}`))));
  return msg;
}

const CARD_NAMES = new WeakMap<CardDef, Msg>();

/** What a tribe member of supply `i` does, for the menu line under its name: labour, abilities, eclipse, points. */
export function memberDetail(s: EwState, i: number): Msg {
  const data = dataOf(s);
  let details = MEMBER_DETAILS.get(data);
  if (!details) MEMBER_DETAILS.set(data, (details = data.members.map((_, k) => describeMember(s, k))));
  return details[i]!;
}

/** The member details of each data version: they depend on the data only (and are never changed by anyone). */
const MEMBER_DETAILS = new WeakMap<object, Msg[]>();

function describeMember(s: EwState, i: number): Msg {
  const d = dataOf(s).cards.find((c) => c.id === dataOf(s).members[i])!;
  const parts: Msg[] = [m('info.labour', { n: half(d.labour2) })];
  if (d.play.length) parts.push(m('info.play', { list: d.play.map(abilityMsg) }));
  if (d.eclipse.length || d.eclipseLabour2) parts.push(m('info.eclipse', { list: [...(d.eclipseLabour2 ? [m('atom.labour', { n: half(d.eclipseLabour2) })] : []), ...d.eclipse.map(abilityMsg)] }));
  parts.push(m('info.points', { n: d.points }));
  return m('info.member', { parts });
}

export function tileMsg(s: EwState, tile: number): Msg {
  const t = s.tiles[tile]!;
  const name = t < 0 ? 'start' : t === GLACIER ? 'glacier' : dataOf(s).terrain[t]!.id;
  // (made once per tile and terrain, and shared)
  let row = TILE_MSGS.get(name);
  if (!row) TILE_MSGS.set(name, (row = []));
  return row[tile] ?? (row[tile] = deepFreeze(m('tile', { n: tile, name: m(`terrain.${name}`) })));
}

const TILE_MSGS = new Map<string, Msg[]>();

/** Names tiles for the options of one decision: each tile's message is made once and shared by every option naming it. */
export type TileNamer = (tile: number) => Msg;

export function tileNamer(s: EwState): TileNamer {
  const made: Msg[] = [];
  return (tile) => made[tile] ?? (made[tile] = tileMsg(s, tile));
}

export function pointMsg(s: EwState, pt: number, tile: TileNamer = tileNamer(s)): Msg {
  return m('point', { a: tile(POINTS[pt]![0]), b: tile(POINTS[pt]![1]), c: tile(POINTS[pt]![2]) });
}
