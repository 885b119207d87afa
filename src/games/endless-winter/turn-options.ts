/**
 * The guided turn's decisions (progress cards → figure → labour → top, middle and bottom space → stack): what a seat
 * is offered at each stage.
 */
import { backOption, canTakeBack, finishOption } from '../../engine/compound.js';
import { deepFreeze } from '../../engine/copy.js';
import { m } from './keys.js';
import type { Decision, Msg } from '../../engine/types.js';
import { availableStones, legalSettlementPoints } from './board.js';
import { type Ability, type AtomKind, type Col, COLS } from './data.js';
import { canPay, isPureLabour, lowerThan } from './gains.js';
import { abilityMsg, atomMsg, atomsMsg, cardName, half, memberDetail, pointMsg, type TileNamer, tileNamer } from './names.js';
import { byDef, bySpecies, campMoves, control, idolTrackOptions, inGroup, killOptions, stoneOption } from './options.js';
import { living } from './scoring.js';
import { campsOnBoard, dataOf, def, type EwOption, type EwPayload, type EwState, foodForOneLabour, type QItem, type Turn } from './state.js';
import { type ThenIdolStyle, withIdolStep } from './then-idol.js';
import { foodPaidOptions, topSets } from './top.js';
import { withWalks } from './walk.js';

export const FIG_CHIEF = 0;

export function newTurn(seat: number): Turn {
  return { seat, stage: 'progress', col: null, fig: -1, pool: 0, progressPlayed: 0, progressCard: -1, usedAbilities: [], recruited: [] };
}

export interface UsableAbility { key: string; ability: Ability; label: Msg }

/** Whether a turn ability `a` can be used now: its column (if any), not plain labour (that counts at once), its cost paid. */
function fits(s: EwState, a: Ability): boolean {
  return (!a.col || a.col === s.turn!.col) && !isPureLabour(a) && canPay(s, s.turn!.seat, a.cost);
}

export function usableAbilities(s: EwState): UsableAbility[] {
  const t = s.turn!;
  const seat = t.seat;
  const pl = s.players[seat]!;
  const out: UsableAbility[] = [];
  for (const c of pl.played) {
    const d = def(s, c);
    if (d.kind !== 'member') continue;
    for (let i = 0; i < d.play.length; i++) {
      const a = d.play[i]!;
      if (!fits(s, a)) continue;
      const key = `c${c}.${i}`;
      if (!t.usedAbilities.includes(key)) out.push({ key, ability: a, label: m('opt.ability', { card: cardName(s, c), ability: abilityMsg(a) }) });
    }
  }
  if (t.fig === FIG_CHIEF && pl.chief >= 0) {
    dataOf(s).chiefs[pl.chief]!.sides[pl.side]!.abilities.forEach((a, i) => {
      const key = `h.${i}`;
      if (!t.usedAbilities.includes(key) && fits(s, a)) out.push({ key, ability: a, label: m('opt.ability', { card: m(`chief.${dataOf(s).chiefs[pl.chief]!.id}`), ability: abilityMsg(a) }) });
    });
  }
  return out;
}

function abilityOptions(s: EwState): EwOption[] {
  return usableAbilities(s).map((u) => ({ id: `ab:${u.key}`, label: u.label, group: 'endless-winter.grp.abilities', style: 'success' as const, payload: { kind: 'ability', key: u.key } }));
}

/** Labour (halves) a member card adds in the current column: its corner value plus column labour bonuses. */
export function memberLabour(s: EwState, card: number, col: Col | null): number {
  const d = def(s, card);
  let l = d.labour2;
  for (const a of d.play) if (isPureLabour(a) && (!a.col || a.col === col)) l += a.gain.reduce((x, g) => x + g.n, 0);
  return l;
}

function progressPlayable(s: EwState, card: number): boolean {
  const t = s.turn!;
  const d = def(s, card);
  const extra = 1 + (t.progressPlayed >= 1 ? 1 : 0);
  if (t.progressPlayed >= 1 && s.players[t.seat]!.hand.length < 2) return false;
  return canPay(s, t.seat, d.effect!.cost, extra);
}

/** How option ids and messages name the figures: `c` the chief, `t` a tribe figure. */
export const FIGURE_CODE = { chief: 'c', tribe: 't' } as const;

/** What a placement of `figure` shows that depends on nothing else: its group, its name, the columns' names. */
interface FigurePlacements {
  f: 'c' | 't';
  fig: Msg;
  group: string;
  cols: { col: Col; colMsg: Msg; go: EwOption }[];
  rest: EwOption;
  lower: EwOption[];
}

/**
 * The placements that are the same in every game (a figure in a column, or resting with the card or a lower income),
 * made once and frozen: every progress decision offers these same objects (nobody changes an option; a change would
 * throw). The "play every tribe member" ones, which name how many, are made once per count (`playAllPlacement`).
 */
const PLACEMENTS: Record<'chief' | 'tribe', FigurePlacements> = deepFreeze({ chief: figurePlacements('chief'), tribe: figurePlacements('tribe') });

function figurePlacements(figure: 'chief' | 'tribe'): FigurePlacements {
  const f = FIGURE_CODE[figure];
  const fig = m(`fig.${f}`);
  const group = `endless-winter.grp.fig${f}`;
  return {
    f, fig, group,
    cols: COLS.map((col) => {
      const colMsg = m(`col.${col}`);
      return { col, colMsg, go: { id: `go:${col}:${f}`, label: m('opt.place', { col: colMsg, fig, kind: f }), group, style: 'primary', payload: { kind: 'place', figure, col, playAll: false, lower: null } } };
    }),
    rest: { id: `go:r:${f}`, label: m('opt.place', { col: m('col.rest'), fig, kind: f }), group, payload: { kind: 'place', figure, col: 'rest', playAll: false, lower: null } },
    lower: lowerThan('draw').map((lower) => ({ id: `go:r:${f}:${lower}`, label: m('opt.placeRestLower', { fig, gain: atomMsg({ k: lower, n: 1 }) }), group, payload: { kind: 'place', figure, col: 'rest', playAll: false, lower } })),
  };
}

/** Placing `figure` in `col` and playing every tribe member (`members` of them) at once; made once per count and frozen. */
function playAllPlacement(figure: 'chief' | 'tribe', col: Col, colMsg: Msg, members: number): EwOption {
  const row = PLAY_ALL[figure][col];
  const { f, fig, group } = PLACEMENTS[figure];
  return row[members] ?? (row[members] = deepFreeze<EwOption>({ id: `go:${col}:${f}:pa`, label: m('opt.placePlayAll', { col: colMsg, fig, n: members }), group, style: 'primary', payload: { kind: 'place', figure, col, playAll: true, lower: null } }));
}

const playAllRows = (): Record<Col, EwOption[]> => ({ initiate: [], develop: [], migrate: [], hunt: [] });
const PLAY_ALL: Record<'chief' | 'tribe', Record<Col, EwOption[]>> = { chief: playAllRows(), tribe: playAllRows() };

/**
 * Placing a figure, with what follows it when that is a single choice: in a column, playing every tribe member at once
 * (`go:<col>:<fig>:pa`, straight to the actions) beside choosing them next (`go:<col>:<fig>`); on the rest space, the
 * card it draws taken (`go:r:<fig>`) or swapped for a lower income (`go:r:<fig>:<idol|tool|food>`).
 */
export function placementOptions(s: EwState): EwOption[] {
  const pl = s.players[s.turn!.seat]!;
  const figs: ('chief' | 'tribe')[] = [];
  if (pl.figs[0] === 'h') figs.push('chief');
  if (pl.figs[1] === 'h' || pl.figs[2] === 'h') figs.push('tribe');
  let members = 0;
  for (const c of pl.hand) if (def(s, c).kind === 'member') members++;
  const canDraw = pl.deck.length + pl.discard.length > 0;
  const out: EwOption[] = [];
  for (const figure of figs) {
    const { cols, rest, lower } = PLACEMENTS[figure];
    for (const { col, colMsg, go } of cols) {
      out.push(go);
      if (members >= 2) out.push(playAllPlacement(figure, col, colMsg, members));
    }
    if (canDraw) out.push(rest);
    out.push(...lower);
  }
  return out;
}

/** Labour (halves) a top-space action costs in each column (tools apart): a recruit, a move, a reveal or a catch 1, a progress card 3. */
export const TOP_LABOUR: Readonly<Record<Col, number>> = { initiate: 2, develop: 6, migrate: 2, hunt: 2 };

export function topOptions(s: EwState, tile: TileNamer = tileNamer(s)): EwOption[] {
  const t = s.turn!;
  const seat = t.seat;
  const pl = s.players[seat]!;
  const out: EwOption[] = [];
  const group = 'endless-winter.grp.top';
  switch (t.col) {
    case 'initiate':
      if (t.pool >= TOP_LABOUR.initiate && pl.tool >= 1) dataOf(s).members.forEach((id, i) => {
        if (t.recruited.includes(id)) return;
        const label = s.supply[i]! ? m('opt.recruit', { card: m(`card.${id}`) }) : m('opt.supplyEmpty', { card: m(`card.${id}`) });
        out.push({ id: `ti:${i}`, label, detail: memberDetail(s, i), group, payload: { kind: 'recruit', supply: i } });
      });
      break;
    case 'develop':
      if (t.pool >= TOP_LABOUR.develop) {
        s.display.forEach((c, i) => { if (c >= 0) out.push({ id: `td:${i}`, label: m('opt.buyProgress', { card: cardName(s, c) }), detail: abilityMsg(def(s, c).effect!), group, payload: { kind: 'buyProgress', slot: i } }); });
        if (!s.display.some((c) => c >= 0)) out.push({ id: 'td:x', label: m('opt.emptyPoint'), group, payload: { kind: 'buyProgress', slot: null } });
      }
      break;
    case 'migrate':
      if (pl.tool >= 1 && campsOnBoard(s, seat) > 0) out.push({ id: 'tc', label: m('opt.newCamp'), group, payload: { kind: 'newCamp' } });
      if (t.pool >= TOP_LABOUR.migrate) out.push(...inGroup(campMoves(s, seat, (from, to) => ({ id: `tm:${from}:${to}`, label: m('opt.move', { from: tile(from), to: tile(to) }), payload: { kind: 'walkCamp', from, to } })), 'endless-winter.grp.move'));
      break;
    case 'hunt':
      if (t.pool >= TOP_LABOUR.hunt && s.animalDeck.length && s.ground.length < dataOf(s).huntingGround) out.push({ id: 'tr', label: m('opt.reveal'), group, payload: { kind: 'revealAnimals' } });
      if (t.pool >= TOP_LABOUR.hunt && pl.tool >= 1) {
        // catches have a menu of their own: several animals (of different species) may be taken in one choice
        out.push(...bySpecies(s, s.ground, (_, i, sp): EwOption => ({ id: `tt:${i}`, label: m('opt.catch', { animal: m(`animal.${dataOf(s).species[sp]!.id}`) }), group: 'endless-winter.grp.catch', payload: { kind: 'catch', index: i } })));
        if (!s.ground.length && !s.animalDeck.length) out.push({ id: 'tt:x', label: m('opt.emptyPoint'), group: 'endless-winter.grp.catch', payload: { kind: 'catch', index: null } });
      }
      break;
    default: break;
  }
  return out;
}

export function middleOptions(s: EwState, tile: TileNamer = tileNamer(s)): EwOption[] {
  const t = s.turn!;
  const seat = t.seat;
  const pl = s.players[seat]!;
  const out: EwOption[] = [];
  switch (t.col) {
    case 'initiate': if (pl.food >= 1) out.push({ id: 'mi', label: m('opt.midInitiate'), style: 'primary', payload: { kind: 'middleInitiate' } }); break;
    case 'develop': {
      if (pl.stones.length < 3 && canPay(s, seat, dataOf(s).player.stoneCosts[pl.stones.length]!)) {
        const cost = atomsMsg(dataOf(s).player.stoneCosts[pl.stones.length]!);
        for (const { side, slot } of availableStones(s)) {
          const income = atomsMsg(dataOf(s).stones[(side === 'L' ? s.stonesL : s.stonesR)[slot]!]!.income);
          out.push({ ...stoneOption(s, side, slot, 'ms', { kind: 'buyStone', side, slot }), detail: m('opt.stoneBuy', { cost, gain: income }) });
        }
      }
      break;
    }
    case 'migrate':
      if (pl.food >= 3) out.push(...inGroup(legalSettlementPoints(s, seat).map((point): EwOption => ({ id: `mv:${point}`, label: pointMsg(s, point, tile), payload: { kind: 'buildSettlement', point } })), 'endless-winter.grp.points'));
      break;
    case 'hunt': out.push(...killOptions(s, 'mk', living(pl))); break;
    default: break;
  }
  return out;
}

/** Spending food for labour: `pf` for the next labour, `pf:<j>` for j labour at once (the least food for each). */
function foodLabourOption(s: EwState): EwOption[] {
  const pl = s.players[s.turn!.seat]!;
  const out: EwOption[] = [];
  let food = pl.food, spent = 0;
  for (let j = 1; ; j++) {
    const k = foodForOneLabour(s, food);
    if (!k) break;
    food -= k; spent += k;
    // (two literals, not a spread of an optional group: a spread inside a literal takes a slow path)
    out.push(j === 1
      ? { id: 'pf', label: m('opt.foodLabour', { food: spent, n: j }), style: 'secondary', payload: { kind: 'foodLabour', labour: j } }
      : { id: `pf:${j}`, label: m('opt.foodLabourMany', { food: spent, n: j }), style: 'secondary', group: 'endless-winter.grp.food', payload: { kind: 'foodLabour', labour: j } });
  }
  return out;
}

/** What a figure placed on the rest space queues: the rest tile (with that module, while one is up), the card or the lower income chosen instead, a kill. */
export function restItems(s: EwState, lower: AtomKind | null): QItem[] {
  const items: QItem[] = s.opts.rest && s.restUp >= 0 ? [{ k: 'restTile', n: 1 }] : [];
  items.push({ k: lower ?? 'draw', n: 1 }, { k: 'kill', n: 1 });
  return items;
}

/** How resting with the idol step, together with its track, is named. */
export const REST_IDOL: ThenIdolStyle = {
  label: (o, n) => m('opt.restIdol', { fig: m(`fig.${FIGURE_CODE[(o.payload as { figure: 'chief' | 'tribe' }).figure]}`), track: n.label }), tracksOnly: true,
};

/** The top space's actions, those food pays for with them, and the walks (a panel's top part, `tile` naming tiles). */
function topPanel(s: EwState, tile: TileNamer): EwOption[] {
  const now = topOptions(s, tile);
  return withWalks(s, [...now, ...foodPaidOptions(s, (x) => topOptions(x, tile), TOP_LABOUR[s.turn!.col!], now)], tile);
}

/** A decision of `seat` (module-level: a helper made inside every call costs a little each time). */
const decision = (seat: number, prompt: Msg, options: EwOption[], defaultOption: string): Decision<EwPayload> => ({ seat, prompt, options, defaultOption });

/**
 * The progress step's default: resting, `go:r:t`, else `go:r:c`, `go:r:t:food`, `go:r:c:food` (the first of these
 * offered; found by payload in one pass: cheaper than by id).
 */
function restDefault(place: EwOption[]): string {
  let best = '', rank = 4;
  for (const o of place) {
    const p = o.payload;
    if (p?.kind !== 'place' || p.col !== 'rest' || (p.lower !== null && p.lower !== 'food')) continue;
    const r = (p.lower === null ? 0 : 2) + (p.figure === 'tribe' ? 0 : 1);
    if (r < rank) { rank = r; best = o.id; }
  }
  return best;
}

export function turnDecision(s: EwState): Decision<EwPayload> {
  const t = s.turn!;
  const seat = t.seat;
  const pl = s.players[seat]!;
  switch (t.stage) {
    case 'progress': {
      const prog = pl.hand.filter((c) => def(s, c).kind === 'progress' && progressPlayable(s, c));
      const place = placementOptions(s);
      // resting with the idol step instead of the card, together with the track it goes on: the idol step is the next
      // decision when it heads what resting queues (the queue is empty now); combined.test.ts checks this against
      // trying the placement out (`thenIdolOptions`)
      const opts = [...byDef(s, prog, 'pp', 'endless-winter.grp.progress', (cardKind) => ({ kind: 'playProgress', cardKind })), ...place];
      if (restItems(s, 'idol')[0]!.k === 'idol') for (const o of place) if (o.payload?.kind === 'place' && o.payload.lower === 'idol') opts.push(...withIdolStep(o, idolTrackOptions(s, seat), REST_IDOL));
      return decision(seat, m(t.progressPlayed ? 'p.progressMore' : 'p.progress', { n: t.progressPlayed }), opts, restDefault(place));
    }
    case 'progDiscard': {
      const opts = [...byDef(s, pl.hand, 'dh', 'endless-winter.grp.hand', (cardKind) => ({ kind: 'discard', cardKind }), t.progressCard), control(backOption())];
      return decision(seat, m('p.progDiscard', { card: cardName(s, t.progressCard) }), opts, 'back');
    }
    case 'labour': {
      // The tribe members to play are ticked in one multi-select; the chosen ones are played and the actions follow
      // (food and abilities can still add labour there).
      const members = pl.hand.filter((c) => def(s, c).kind === 'member');
      const opts: EwOption[] = members.map((card) => ({ id: `pc:${card}`, label: m('opt.playCard', { card: cardName(s, card), labour: half(memberLabour(s, card, t.col)) }), group: 'endless-winter.grp.members', payload: { kind: 'playMember', card } }));
      if (members.length >= 2) opts.push({ id: 'pa', label: m('opt.playAll', { labour: half(members.reduce((x, c) => x + memberLabour(s, c, t.col), 0)) }), style: 'primary', payload: { kind: 'playAll' } });
      opts.push(...foodLabourOption(s), ...abilityOptions(s));
      // With no tribe member to play, the top space's actions come in this panel too (choosing one ends the labour step).
      if (!members.length) opts.push(...topPanel(s, tileNamer(s)));
      if (canTakeBack(s)) opts.push(control(backOption()));
      opts.push(control(finishOption(m('opt.labourDone', { labour: half(t.pool) }), 'success', 'ok')));
      const sets = members.length ? [{ group: 'endless-winter.grp.members', min: 1, max: members.length }] : undefined;
      const labour = decision(seat, m('p.labour', { col: m(`col.${t.col}`), labour: half(t.pool), food: pl.food, tool: pl.tool, cost: m(`cost.${t.col}`) }), opts, 'ok');
      if (sets) labour.sets = sets;
      return labour;
    }
    case 'top': {
      // The middle space comes in the same panel: choosing it ends the top space (one click instead of "done" first).
      const tile = tileNamer(s);
      const middle = inGroup(middleOptions(s, tile), `endless-winter.grp.mid.${t.col}`);
      const done = control(finishOption(m(middle.length ? 'opt.skipMiddleEnd' : 'opt.toMiddle'), 'success', 'ok'));
      const top = topPanel(s, tile);
      const opts = [...top, ...middle, ...foodLabourOption(s), ...abilityOptions(s), done];
      const prompt = m('p.top', { col: m(`col.${t.col}`), labour: half(t.pool), food: pl.food, tool: pl.tool, cost: m(`cost.${t.col}`) });
      const sets = topSets(s, top);
      const top2 = decision(seat, middle.length ? m('p.topMiddle', { top: prompt, what: m(`mid.${t.col}`) }) : prompt, opts, 'ok');
      if (sets.length) top2.sets = sets;
      return top2;
    }
    case 'middle': {
      const opts = [...middleOptions(s), ...abilityOptions(s), { id: 'skip', label: m('opt.skipMiddle'), role: 'pass' as const }];
      return decision(seat, m('p.middle', { col: m(`col.${t.col}`), what: m(`mid.${t.col}`) }), opts, 'skip');
    }
    case 'after': {
      const opts = [...abilityOptions(s), control(finishOption(m('opt.endTurn'), 'success', 'end'))];
      return decision(seat, m('p.after'), opts, 'end');
    }
    case 'stack': {
      // The cards for the eclipse stack are ticked in one multi-select; that ends the turn.
      const opts: EwOption[] = pl.hand.map((card) => ({ id: `sk:${card}`, label: cardName(s, card), group: 'endless-winter.grp.stack', payload: { kind: 'stackCard', card } }));
      const members = pl.hand.filter((c) => def(s, c).kind === 'member');
      if (members.length >= 2) opts.push({ id: 'sa', label: m('opt.stackAll', { n: members.length }), style: 'primary', payload: { kind: 'stackAll' } });
      opts.push(control(finishOption(m('opt.stackDone', { n: pl.stack.length }), 'success', 'ok')));
      const stack = decision(seat, m('p.stack', { n: pl.stack.length }), opts, 'ok');
      if (pl.hand.length) stack.sets = [{ group: 'endless-winter.grp.stack', min: 1, max: pl.hand.length }];
      return stack;
    }
  }
}
