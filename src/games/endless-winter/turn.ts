/**
 * The guided turn carried out: placing a figure, labour, the top, middle and bottom spaces, the end of a turn.
 */
import { commitSteps, rememberStep, takeBack } from '../../engine/compound.js';
import { m } from './keys.js';
import type { GameEvent } from '../../engine/types.js';
import { buildSettlement, killTaking, memberSupplyTake, moveCamp, takeAnimal, takeOfKind, takeProgress, takeStone } from './board.js';
import { isPureLabour, pay, pushGains, useAbility } from './gains.js';
import { atomMsg, cardName, half, seatRef } from './names.js';
import { cardTable, colIndex, dataOf, def, type EwOption, type EwPayload, type EwState, foodForOneLabour, labourFromFood } from './state.js';
import { topItems } from './top.js';
import { FIG_CHIEF, FIGURE_CODE, memberLabour, middleOptions, restItems, TOP_LABOUR, usableAbilities } from './turn-options.js';

function playProgress(s: EwState, card: number, ev: GameEvent[]): void {
  const t = s.turn!;
  const pl = s.players[t.seat]!;
  pl.hand.splice(pl.hand.indexOf(card), 1);
  pl.played.push(card);
  t.progressPlayed++;
  ev.push({ msg: m('ev.playProgress', { p: seatRef(t.seat), card: cardName(s, card) }) });
  useAbility(s, t.seat, def(s, card).effect!);
}

export function bottomSpace(s: EwState, ev: GameEvent[]): void {
  const t = s.turn!;
  const col = s.cols[colIndex(t.col!)]!;
  if (col.bottom >= 0) return;
  col.bottom = t.seat;
  ev.push({ msg: m('ev.bottom', { p: seatRef(t.seat), col: m(`col.${t.col}`) }) });
  const seat = t.seat;
  s.queueSeat = seat;
  switch (t.col) {
    case 'initiate': s.queue.push({ k: 'idol', n: 1 }, { k: 'bury', n: 1 }); break;
    case 'develop': pushGains(s, seat, [{ k: 'tool', n: 1 }, { k: 'food', n: 1 }], true); break;
    case 'migrate': s.queue.push({ k: 'campStart', n: 1 }, { k: 'move', n: 1 }); break;
    case 'hunt': s.queue.push({ k: 'animalDeck', n: 1 }); break;
    default: break;
  }
}

export function endTurn(s: EwState, ev: GameEvent[]): void {
  const t = s.turn!;
  const pl = s.players[t.seat]!;
  pl.discard.push(...pl.played);
  pl.played = [];
  if (pl.restTile >= 0) { s.restDeck.push(pl.restTile); pl.restTile = -1; }
  if (!pl.figs.includes('h') && pl.hand.length) {
    t.stage = 'stack';
    return;
  }
  finishTurn(s);
}

export function finishTurn(s: EwState): void {
  s.turn = null;
  s.orderPos++;
  s.turns++;
}

/** The top space's actions, also offered in the labour step when no tribe member is left to play. */
const TOP_KINDS: ReadonlySet<EwPayload['kind']> = new Set(['recruit', 'buyProgress', 'newCamp', 'walkCamp', 'walkPath', 'revealAnimals', 'catch']);

/** The middle space's options, also offered in the top space's panel (choosing one there ends the top space). */
const MIDDLE_KINDS: ReadonlySet<EwPayload['kind']> = new Set(['middleInitiate', 'buyStone', 'buildSettlement', 'kill']);

/** Spends the least food for each of `labour` further labour. */
function foodForLabour(s: EwState, labour: number): void {
  const t = s.turn!;
  const pl = s.players[t.seat]!;
  for (let j = labour; j > 0; j--) {
    // In the labour step each labour bought can be taken back on its own.
    if (t.stage === 'labour') rememberStep(s, { id: 'pf', payload: { kind: 'foodLabour', labour: 1 } });
    const k = foodForOneLabour(s, pl.food);
    pl.food -= k;
    t.pool += labourFromFood(s, pl.food + k, k);
  }
}

/** Carries out `card`s (tribe members) for labour, then the actions follow. */
function playForLabour(s: EwState, cards: number[], ev: GameEvent[]): void {
  const t = s.turn!;
  const pl = s.players[t.seat]!;
  for (const c of cards) {
    pl.hand.splice(pl.hand.indexOf(c), 1);
    pl.played.push(c);
    t.pool += memberLabour(s, c, t.col);
  }
  ev.push({ msg: m('ev.labour', { p: seatRef(t.seat), n: cards.length, labour: half(t.pool) }) });
  t.stage = 'top';
  commitSteps(s);
}

function placeFigure(s: EwState, p: Extract<EwPayload, { kind: 'place' }>, ev: GameEvent[]): void {
  const t = s.turn!;
  const seat = t.seat;
  const pl = s.players[seat]!;
  const fig = p.figure === 'chief' ? FIG_CHIEF : pl.figs[1] === 'h' ? 1 : 2;
  const f = FIGURE_CODE[p.figure];
  t.fig = fig;
  if (p.col === 'rest') {
    pl.figs[fig] = 'r';
    pl.rest++;
    ev.push({ msg: m('ev.rest', { p: seatRef(seat), fig: m(`fig.${f}`), kind: f }) });
    s.queueSeat = seat;
    s.queue.push(...restItems(s, p.lower));
    if (p.lower) ev.push({ msg: m('ev.lower', { p: seatRef(seat), gain: atomMsg({ k: p.lower, n: 1 }) }) });
    t.stage = 'after';
    return;
  }
  t.col = p.col;
  pl.figs[fig] = p.col;
  s.cols[colIndex(p.col)]!.figures.push([seat, fig]);
  ev.push({ msg: m('ev.place', { p: seatRef(seat), col: m(`col.${p.col}`), fig: m(`fig.${f}`), kind: f }) });
  if (fig === FIG_CHIEF) dataOf(s).chiefs[pl.chief]!.sides[pl.side]!.abilities.forEach((a, i) => {
    if (isPureLabour(a) && (!a.col || a.col === p.col)) { t.pool += a.gain.reduce((x, g) => x + g.n, 0); t.usedAbilities.push(`h.${i}`); }
  });
  t.stage = 'labour';
  if (p.playAll) playForLabour(s, pl.hand.filter((c) => def(s, c).kind === 'member'), ev);
}

/** The top space's actions (labour and tools paid here). */
function topAction(s: EwState, p: EwPayload, ev: GameEvent[]): void {
  const t = s.turn!;
  const seat = t.seat;
  const pl = s.players[seat]!;
  switch (p.kind) {
    case 'recruit':
      pl.tool -= 1; t.pool -= TOP_LABOUR.initiate;
      t.recruited.push(dataOf(s).members[p.supply]!);
      memberSupplyTake(s, seat, p.supply, 'hand', ev);
      return;
    case 'buyProgress':
      t.pool -= TOP_LABOUR.develop;
      if (p.slot === null) pl.score += 1; else takeProgress(s, seat, p.slot, ev);
      return;
    case 'newCamp': pl.tool -= 1; s.camps[0 * s.n + seat]!++; ev.push({ msg: m('ev.newCamp', { p: seatRef(seat) }) }); return;
    case 'walkCamp': t.pool -= TOP_LABOUR.migrate; moveCamp(s, seat, p.from, p.to, ev); return;
    case 'walkPath': for (let i = 1; i < p.path.length; i++) topAction(s, { kind: 'walkCamp', from: p.path[i - 1]!, to: p.path[i]! }, ev); return;
    case 'revealAnimals':
      t.pool -= TOP_LABOUR.hunt;
      for (let i = 0; i < 2; i++) if (s.animalDeck.length && s.ground.length < dataOf(s).huntingGround) s.ground.push(s.animalDeck.pop()!);
      ev.push({ msg: m('ev.reveal', { p: seatRef(seat) }) });
      return;
    case 'catch':
      t.pool -= TOP_LABOUR.hunt; pl.tool -= 1;
      if (p.index === null) pl.score += 1; else takeAnimal(s, seat, s.ground.splice(p.index, 1)[0]!, ev);
      return;
    default: throw new Error(`unknown top option ${p.kind}`);
  }
}

/** The middle space's action (food and stone costs paid here), then the bottom space. */
function middleAction(s: EwState, p: EwPayload | null, ev: GameEvent[]): void {
  const t = s.turn!;
  const seat = t.seat;
  const pl = s.players[seat]!;
  if (p) switch (p.kind) {
    case 'middleInitiate': pl.food -= 1; s.queueSeat = seat; s.queue.push({ k: 'memberDiscard', n: 1 }, { k: 'bury', n: 1 }); break;
    case 'buyStone': pay(s, seat, dataOf(s).player.stoneCosts[pl.stones.length]!); takeStone(s, seat, p.side, p.slot, ev); break;
    case 'buildSettlement': pl.food -= 3; buildSettlement(s, seat, p.point, ev); break;
    case 'kill': killTaking(s, seat, p.animal, p.take, ev); break;
    default: throw new Error(`unknown middle option ${p.kind}`);
  }
  bottomSpace(s, ev);
  t.stage = 'after';
}

export function performTurn(s: EwState, option: EwOption, ev: GameEvent[]): void {
  const t = s.turn!;
  const seat = t.seat;
  const pl = s.players[seat]!;
  if (option.role === 'back') { takeBack<EwState, EwPayload>(s, (x, step) => performTurn(x, step, [])); return; }
  const p = option.payload;
  if (p?.kind === 'ability') {
    const u = usableAbilities(s).find((x) => x.key === p.key)!;
    t.usedAbilities.push(u.key);
    commitSteps(s);
    ev.push({ msg: m('ev.ability', { p: seatRef(seat), ability: u.label }) });
    useAbility(s, seat, u.ability);
    return;
  }
  if (p?.kind === 'foodLabour') { foodForLabour(s, p.labour); return; }
  if (p?.kind === 'withFood') { foodForLabour(s, p.labour); toTop(s); topAction(s, p.action, ev); return; }
  switch (t.stage) {
    case 'progress':
      if (p!.kind === 'playProgress') {
        const card = pl.hand.find((c) => cardTable(s)[c] === p.cardKind)!;
        if (t.progressPlayed === 0) { playProgress(s, card, ev); return; }
        // A second progress card costs a discard first; choosing it can be taken back.
        rememberStep(s, option);
        t.stage = 'progDiscard';
        t.progressCard = card;
        return;
      }
      placeFigure(s, p as Extract<EwPayload, { kind: 'place' }>, ev);
      return;
    case 'progDiscard': {
      if (p!.kind !== 'discard') throw new Error(`unknown discard option ${option.id}`);
      pl.discard.push(takeOfKind(s, pl.hand, p.cardKind, t.progressCard));
      const card = t.progressCard;
      t.progressCard = -1;
      t.stage = 'progress';
      commitSteps(s);
      playProgress(s, card, ev);
      return;
    }
    case 'labour':
      if (option.role === 'finish') { toTop(s); return; }
      if (p && TOP_KINDS.has(p.kind)) { toTop(s); topAction(s, p, ev); return; }
      // `pa`: every tribe member; otherwise the set ticked (`pc:<card>` items, or one of them)
      playForLabour(s, p?.kind === 'playAll' ? pl.hand.filter((c) => def(s, c).kind === 'member') : memberCards(option), ev);
      return;
    case 'top':
      if (option.role === 'finish') {
        // with the middle space offered here, "done" declines it
        if (middleOptions(s).length) { bottomSpace(s, ev); t.stage = 'after'; } else t.stage = 'middle';
        return;
      }
      if (p && MIDDLE_KINDS.has(p.kind)) { t.stage = 'middle'; middleAction(s, p, ev); return; }
      for (const item of topItems(option)) topAction(s, item, ev);
      return;
    case 'middle': middleAction(s, option.role === 'pass' ? null : p!, ev); return;
    case 'after': endTurn(s, ev); return;
    case 'stack': {
      const cards = option.role === 'finish' ? [] : p?.kind === 'stackAll' ? pl.hand.filter((x) => def(s, x).kind === 'member') : memberCards(option);
      for (const c of cards) { pl.hand.splice(pl.hand.indexOf(c), 1); pl.stack.push(c); }
      if (cards.length) ev.push({ msg: m('ev.stack', { p: seatRef(seat), n: cards.length }) });
      finishTurn(s);
      return;
    }
  }
}

/** Ends the labour step (if it runs): the labour bought is committed and the top space's actions follow. */
function toTop(s: EwState): void {
  if (s.turn!.stage !== 'labour') return;
  s.turn!.stage = 'top';
  commitSteps(s);
}

/** The cards of a set choice of cards (`playMember` / `stackCard` items), or of one such item. */
function memberCards(option: EwOption): number[] {
  return (option.items ?? [option]).map((o) => {
    const p = o.payload!;
    if (p.kind !== 'playMember' && p.kind !== 'stackCard') throw new Error(`not a card option: ${o.id}`);
    return p.card;
  });
}
