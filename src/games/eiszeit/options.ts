/**
 * How the choices of a card action are offered: options naming a region (`r:<region>`, or placing a hunter there:
 * `to:`, `toc:`, `l:`, `y:`), a hunter in a region, or one of the actor's own hunters to move, each with the payload
 * `perform` reads. The steps of an action (action.ts, and the rule modules beside it) build their options from these.
 */
import { backOption, finishOption } from '../../engine/compound.js';
import { FIRST_DATA_VERSION } from '../../engine/data-versions.js';
import type { GameEvent, Msg, Option, Seat } from '../../engine/types.js';
import { arrivedHere, C, deepFreeze, freeRegions, m, plain, R, regMsg, seatRef } from './board.js';
import type { Act, EiszeitPayload, EiszeitState, Step } from './state.js';

type S = EiszeitState;
type Payload = EiszeitPayload;
type O = Option<Payload>;

/** The options of an action step, and whether the actor may finish the action instead of choosing one. */
export interface StepOptions { options: O[]; optional: boolean }
/**
 * One step of a card action: its options (`options`), and what choosing one of them does (`perform`; absent: the
 * step offers nothing to choose). The current action is `a` (`s.act`).
 */
export interface StepRule {
  options(s: S, a: Act): StepOptions;
  perform?(s: S, a: Act, p: Payload, events: GameEvent[]): void;
}
/** The steps a rule module carries out, by name. */
export type StepRules = Partial<Record<Step, StepRule>>;

export function opt(id: string, label: Msg, payload: Payload | undefined, group?: string, extra?: Partial<O>): O {
  const o: O = { id, label };
  if (extra) Object.assign(o, extra); // (as `{ id, label, ...extra }`, without the spread's slow path for objects that gain keys)
  if (group) o.group = `eiszeit.g.${group}`;
  if (payload) o.payload = payload;
  return o;
}
export const FINISH = finishOption(undefined, 'success') as O;
export const BACK = backOption('secondary') as O;

/** What a region option does, by the prefix of its id: place one hunter (with a club; setting the landscape card's mode), or name the region. */
const REGION_PAYLOADS: Record<string, (region: number) => Payload> = {
  to: (region) => ({ kind: 'place', region, count: 1, club: false }),
  toc: (region) => ({ kind: 'place', region, count: 1, club: true }),
  l: (region) => ({ kind: 'place', region, count: 1, club: false, mode: 'land' }),
  y: (region) => ({ kind: 'place', region, count: 1, club: false, mode: 'any' }),
};
export const regionPayload = (prefix: string, region: number): Payload => REGION_PAYLOADS[prefix]?.(region) ?? { kind: 'region', region };

/** Plain region options are built once per data version, prefix and group, and shared (frozen). */
const regionOptCache = new Map<string, O[]>();
export function regionOpts(s: S, prefix: string, regions: number[], group = 'regions', label?: (r: number) => Msg): O[] {
  if (label) return regions.map((r) => opt(`${prefix}:${r + 1}`, label(r), regionPayload(prefix, r), group));
  const key = `${s.dataVersion ?? FIRST_DATA_VERSION} ${prefix} ${group}`;
  let all = regionOptCache.get(key);
  if (!all) {
    all = Array.from({ length: R }, (_, r) => deepFreeze(opt(`${prefix}:${r + 1}`, regMsg(s, r), regionPayload(prefix, r), group)));
    regionOptCache.set(key, all);
  }
  const out = new Array<O>(regions.length);
  for (let i = 0; i < regions.length; i++) out[i] = all[regions[i]!]!;
  return out;
}

/** The region a region option names (every option of the steps that read it is one). */
export const regionIn = (p: Payload): number => (p as { region: number }).region;
export type Placing = Extract<Payload, { kind: 'place' }>;
export const MAMMOTH: Payload = { kind: 'mammoth' };

// ---------------------------------------------------------------- hunters

/** A hunter of seat `q` (in `region`; absent: the region chosen before). */
export function hunter(q: Seat, club: boolean, attach: boolean, region?: number): Payload {
  return region === undefined ? { kind: 'hunter', seat: q, club, attach } : { kind: 'hunter', region, seat: q, club, attach };
}
/** Hunter options in a region for an actor: p<seat>, c<seat> (clubbed), a<seat> (own plain, attaching a club). */
export function hunterOptions(s: S, list: [number, boolean][], actor: Seat, allowAttach: boolean, region?: number): O[] {
  const out: O[] = [];
  for (const [q, club] of list) {
    out.push(opt(`${club ? 'c' : 'p'}${q}`, m(club ? 'opt.hunterClub' : 'opt.hunter', { p: seatRef(q) }), hunter(q, club, false, region), 'hunters'));
    if (!club && q === actor && allowAttach) out.push(opt(`a${q}`, m('opt.hunterAttach', { p: seatRef(q) }), hunter(q, false, true, region), 'hunters'));
  }
  return out;
}
/**
 * A hunter in a region, chosen in one step: `h:<region>:<p|c|a><seat>` (see `hunterOptions`), labelled
 * "hunter of Ann in 3 (Forest)".
 */
function hunterInOptions(s: S, r: number, list: [number, boolean][], actor: Seat, allowAttach: boolean): O[] {
  return hunterOptions(s, list, actor, allowAttach, r).map((o) => ({ ...o, id: `h:${r + 1}:${o.id}`, label: m('opt.hunterIn', { h: o.label, r: regMsg(s, r) }) }));
}
/** At most this many hunters are offered in one menu; with more, the region is asked first, then the hunter. */
const ONE_MENU = 25;
/**
 * Hunters to choose from in `regions`: one option per hunter and region (`h:<region>:<hunter>`) when they fit one
 * menu, else the regions (`r:<region>`; the hunter is asked next).
 */
export function huntersOrRegions(s: S, regions: number[], list: (r: number) => [number, boolean][], actor: Seat, allowAttach: boolean): O[] {
  const out: O[] = [];
  for (const r of regions) {
    out.push(...hunterInOptions(s, r, list(r), actor, allowAttach));
    if (out.length > ONE_MENU) return regionOpts(s, 'r', regions.filter((x) => list(x).length > 0));
  }
  return out;
}

/** One of the actor's own hunters in region `r` to move: `from:<r>`, `fromc:<r>` (carrying a club), `froma:<r>` (given one). */
export function ownHunterOpt(s: S, r: number, club: boolean, attach: boolean): O {
  const payload: Payload = { kind: 'ownHunter', region: r, club, attach };
  if (attach) return opt(`froma:${r + 1}`, m('opt.attachTo', { r: regMsg(s, r) }), payload, 'fromBoardAttach');
  if (club) return opt(`fromc:${r + 1}`, m('opt.withClub', { r: regMsg(s, r) }), payload, 'fromBoardClub');
  return opt(`from:${r + 1}`, regMsg(s, r), payload, 'fromBoard');
}

/** The actor's own hunters it may move (not those that arrived during this action): `from:`, `fromc:`, `froma:` (see `ownHunterOpt`). */
export function ownMoveSources(s: S, a: Act): O[] {
  const out: O[] = [];
  for (const r of freeRegions(s)) {
    const plainHere = plain(s, r, a.seat) - arrivedHere(a, r, a.seat, false);
    const clubbedHere = C(s, r, a.seat) - arrivedHere(a, r, a.seat, true);
    if (plainHere > 0) out.push(ownHunterOpt(s, r, false, false));
    if (clubbedHere > 0) out.push(ownHunterOpt(s, r, true, false));
    if (plainHere > 0 && s.clubsHeld[a.seat] > 0) out.push(ownHunterOpt(s, r, false, true));
  }
  return out;
}
