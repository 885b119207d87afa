/**
 * Option builders shared by the gain queue's and the turn's decisions (menus, cards by kind, animals by species, kills, camp
 * moves, stones).
 */
import { withFields } from '../../engine/copy.js';
import { m } from './keys.js';
import type { Option } from '../../engine/types.js';
import type { AtomKind } from './data.js';
import { lowerThan } from './gains.js';
import { NEIGHBOURS } from './geometry.js';
import { atomMsg, atomsMsg, defName } from './names.js';
import { cardTable, dataOf, type EwOption, type EwPayload, type EwState, maxFame, speciesOf } from './state.js';

/**
 * Puts options into one group (one select menu, however long: the bot splits what Discord cannot show at once). The
 * options are changed in place: every caller passes options it has just built.
 */
export function inGroup(opts: EwOption[], group: string): EwOption[] {
  for (const o of opts) o.group = group;
  return opts;
}

/** The shared control options (back, finish) carry no payload. */
export const control = (o: Option): EwOption => o as EwOption;

export const skipOpt = (): EwOption => ({ id: 'skip', label: m('opt.skip'), role: 'pass', style: 'secondary' });

/** Declining an eclipse bonus (same id as skipping, so a player's "pass" reads the same everywhere). */
export const declineOpt = (): EwOption => ({ id: 'skip', label: m('opt.decline'), role: 'pass', style: 'secondary' });

/** The idol step's tracks for `seat`: the offering track, and the fame track below its top. */
export function idolTrackOptions(s: EwState, seat: number): EwOption[] {
  const pl = s.players[seat]!;
  const opts: EwOption[] = [{ id: 'io', label: m('opt.offering', { pos: pl.offering }), style: 'primary', payload: { kind: 'idol', track: 'offering' } }];
  if (pl.fame < maxFame(s)) opts.push({ id: 'if', label: m('opt.fame', { level: pl.fame }), style: 'primary', payload: { kind: 'idol', track: 'fame' } });
  return opts;
}

export function downOptions(from: AtomKind): EwOption[] {
  return lowerThan(from).map((to) => ({
    id: `dn:${to}`, label: m('opt.instead', { gain: atomMsg({ k: to, n: 1 }) }), style: 'secondary' as const, group: 'endless-winter.grp.lower', payload: { kind: 'lower', to },
  }));
}

/** Cards of a pile, one option per card kind (identical cards need one button). */
export function byDef(s: EwState, pile: number[], prefix: string, group: string, payload: (cardKind: number) => EwPayload, except = -1): EwOption[] {
  const table = cardTable(s);
  const seen = new Map<number, number>();
  for (const c of pile) if (c !== except) { const d = table[c]!; seen.set(d, (seen.get(d) ?? 0) + 1); }
  const out: EwOption[] = [];
  for (const [d, cnt] of seen) out.push({ id: `${prefix}:${d}`, label: m('opt.cardCount', { card: defName(s, d), n: cnt }), payload: payload(d), group });
  return out;
}

/** One option per species among `animals` (the first animal of each stands for its kind). */
export function bySpecies(s: EwState, animals: number[], option: (animal: number, index: number, species: number) => EwOption): EwOption[] {
  const seen = new Set<number>();
  const out: EwOption[] = [];
  animals.forEach((a, i) => { const sp = speciesOf(s, a); if (!seen.has(sp)) { seen.add(sp); out.push(option(a, i, sp)); } });
  return out;
}

const killOption = (s: EwState, id: string, animal: number, sp: number): EwOption => ({
  id, label: m('opt.kill', { animal: m(`animal.${dataOf(s).species[sp]!.id}`), gain: atomsMsg(dataOf(s).species[sp]!.kill) }), payload: { kind: 'kill', animal },
});

/**
 * Killing an animal of each species in `animals`; where its income would ask next (cards or tools, which may go down the
 * ladder), also killing it and taking the income as shown in the same choice (`<id>:t`).
 */
export function killOptions(s: EwState, prefix: string, animals: number[]): EwOption[] {
  const pl = s.players[s.turn?.seat ?? s.queueSeat]!;
  const out: EwOption[] = [];
  for (const o of bySpecies(s, animals, (a, _, sp) => killOption(s, `${prefix}:${a}`, a, sp))) {
    out.push(o);
    const p = o.payload as Extract<EwPayload, { kind: 'kill' }>;
    const sp = dataOf(s).species[speciesOf(s, p.animal)]!;
    const gain = sp.kill;
    let draws = 0, asks = false;
    for (const g of gain) { if (g.k === 'draw') draws += g.n; if (g.k === 'draw' || g.k === 'tool') asks = true; }
    if (!asks || draws > pl.deck.length + pl.discard.length) continue;
    out.push(withFields(o, { id: `${o.id}:t`, label: m('opt.killTake', { animal: m(`animal.${sp.id}`), gain: atomsMsg(gain) }), payload: withFields(p, { take: true }) as EwPayload }));
  }
  return out;
}

/** Camp moves from every tile `seat` has a camp on to each neighbour. */
export function campMoves(s: EwState, seat: number, option: (from: number, to: number) => EwOption): EwOption[] {
  const out: EwOption[] = [];
  for (let from = 0; from < s.tiles.length; from++) {
    if (!s.camps[from * s.n + seat]) continue;
    for (const to of NEIGHBOURS[from]!) out.push(option(from, to));
  }
  return out;
}

export function stoneOption(s: EwState, side: 'L' | 'R', slot: number, prefix: string, payload: EwPayload): EwOption {
  const st = dataOf(s).stones[(side === 'L' ? s.stonesL : s.stonesR)[slot]!]!;
  return { id: `${prefix}:${side}:${slot}`, label: m(`stone.${st.id}`), detail: m('opt.stoneDetail', { gain: atomsMsg(st.income) }), group: 'endless-winter.grp.stones', payload };
}
