/**
 * A settling turn: the player plays a card from the hand (`playDecision`; when none can be played, one is laid down
 * without effect), its action is carried out (action.ts), then the player may discard a card and refills the hand to
 * five (`discardOptions`, `discard`, `drawUp`). The card player's last choice in the action may be its end and the
 * discard at once (`actionDecision`).
 */
import { canTakeBack } from '../../engine/compound.js';
import { withFields } from '../../engine/copy.js';
import type { Decision, GameEvent, Msg, Option, Seat } from '../../engine/types.js';
import { commit, handOn, stepOptions } from './action.js';
import { cardMsg, colourOf, dataOf, HAND, lastRound, m, others, seatRef } from './board.js';
import { drawChoices, drawChoicesFor, drawMix, EIGHT, playable, putUnder } from './cards.js';
import { BACK, FINISH, opt } from './options.js';
import { endTurn } from './round.js';
import type { DiscardPayload, EiszeitPayload, EiszeitState } from './state.js';

type S = EiszeitState;
type Payload = EiszeitPayload;
type O = Option<Payload>;

/**
 * Choosing the card to play: `c:<card>`, or `c:<card>:<seat>` for a dark card handed on to that seat in the same
 * choice. Cards that cannot be played are listed as unavailable, with the reason; when none can be played, every card
 * may be laid down without effect (`v:<card>`).
 */
export function playDecision(s: S): Decision<Payload> {
  const seat = s.seat;
  const hand = s.hands[seat]!;
  const options: O[] = [];
  const unavailable: { label: Msg; reason: Msg }[] = [];
  for (const id of hand) {
    const why = blockedReason(s, seat, id);
    if (why) unavailable.push({ label: cardMsg(s, id), reason: why });
    else if (handsOn(s, id)) {
      for (const q of others(s, seat)) {
        options.push(opt(`c:${id}:${q}`, m('opt.playFor', { card: cardMsg(s, id), p: seatRef(q) }), { kind: 'play', card: id, target: q }, 'playDark', { detail: cardDetail(s, id) }));
      }
    } else {
      // A button shows no detail, so the label carries what the card costs or earns (a Newcomer among the light cards
      // says its stones too).
      options.push(opt(`c:${id}`, m('opt.playCard', { card: cardMsg(s, id), detail: cardDetail(s, id) }), { kind: 'play', card: id }, undefined, { detail: cardDetail(s, id) }));
    }
  }
  if (options.length === 0) {
    const voids = hand.map((id) => opt(`v:${id}`, m('opt.playVoid', { card: cardMsg(s, id) }), { kind: 'playVoid', card: id }));
    return { seat, prompt: m('prompt.playNone'), options: voids, defaultOption: voids[0]!.id };
  }
  const prompt = s.startStones >= EIGHT ? m('prompt.playEight') : m('prompt.play');
  const d: Decision<Payload> = { seat, prompt, options, defaultOption: options[0]!.id };
  if (unavailable.length) d.unavailable = unavailable;
  return d;
}

/** A dark card whose action the player hands to another player of their choice (and which is not void). */
function handsOn(s: S, id: string): boolean {
  const c = dataOf(s).card[id]!;
  if (c.colour !== 'dark' || c.kind === 'cult' || c.kind === 'placeTwoEach' || c.kind === 'placeOneEach') return false;
  const emptied = s.ending || s.dark <= (c.value ?? 0);
  return !(emptied && lastRound(s));
}

/** Why a card in the hand cannot be played now (null: it can). */
function blockedReason(s: S, seat: Seat, id: string): Msg | null {
  if (playable(s, seat, id)) return null;
  const c = dataOf(s).card[id]!;
  if (c.kind === 'cult') return m('why.cult');
  if (c.colour === 'dark') return m('why.eight');
  if (c.kind === 'mammoth') return m('why.mammoth');
  return m('why.stones', { n: c.value ?? 0 });
}

/** What a card in the hand costs or gives, shown with it. */
function cardDetail(s: S, id: string): Msg {
  const c = dataOf(s).card[id]!;
  if (c.kind === 'cult') return m('detail.cult');
  if (c.kind === 'mammoth') return m('detail.mammoth');
  return m(c.colour === 'light' ? 'detail.cost' : 'detail.gain', { n: c.value ?? 0 });
}

/**
 * The current step of the action as a decision. The card's player ends the action and discards / draws in one choice
 * ("Done, discard nothing, draw …"; only while the panel stays small: with many options the plain Done comes first,
 * then the discard).
 */
export function actionDecision(s: S): Decision<Payload> {
  const a = s.act!;
  const { options, optional } = stepOptions(s);
  const all = [...options];
  let ends = optional && a.seat === a.owner ? discardOptions(s).map(asEnd) : [];
  if (options.length + ends.length + 1 > MAX_OPTIONS) ends = [];
  if (optional && !ends.length) all.push(FINISH);
  all.push(...ends);
  if (canTakeBack(s)) all.push(BACK);
  const base = m(`prompt.${a.step}`, { card: cardMsg(s, a.effect), n: a.count, max: a.max, p: seatRef(a.owner) });
  const prompt = ends.length ? m('prompt.orEnd', { prompt: base }) : base;
  return { seat: a.seat, prompt, options: all, defaultOption: ends[0]?.id ?? (optional ? 'finish' : options[0]!.id) };
}

/** At most this many options in one decision (a panel of a few menus). */
const MAX_OPTIONS = 45;

/** A discard option offered as the end of the card player's action: `end.<discard id>`. */
function asEnd(o: O): O {
  const discard = o.payload as DiscardPayload;
  const keep = discard.card === null;
  const id = `end.${o.id}`, payload: Payload = { kind: 'endAction', discard };
  // (withFields: a spread that gains keys is slow on Node 20, and every card action's last panel makes these)
  return keep
    ? withFields(o, { id, payload, label: m('opt.endKeep', { what: o.label }), role: 'finish' as const, style: 'success' as const })
    : withFields(o, { id, payload, label: o.label, group: o.group === 'eiszeit.g.discardDraw' ? 'eiszeit.g.endDiscardDraw' : 'eiszeit.g.endDiscard' });
}

/**
 * Discarding and refilling the hand in one choice: with a choice of mix after a discard, each discard comes with each
 * mix ("Discard nothing, draw 1 light + 1 dark": `keep:<light>`, `d:<card>:<light>`); without one, the discard alone
 * (`keep`, `d:<card>`) and the hand is refilled by itself. In the last settling turn of the game nothing is drawn.
 */
/** The mixes of light and dark cards a player chooses among when drawing up a hand of `size` cards, `light` of them light (none when there is only one way). */
function choiceOfMixes(s: S, size: number, light: number): number[] {
  const out = drawChoicesFor(s, size, light);
  return out.length > 1 ? out : [];
}

export function discardOptions(s: S): O[] {
  const me = s.seat;
  const hand = s.hands[me]!;
  const noDraw = s.ending && lastRound(s);
  let light = 0;
  for (const id of hand) if (colourOf(s, id) === 'light') light++;
  const out: O[] = [];
  const need = HAND - hand.length + 1;
  const keepMixes = noDraw ? [] : choiceOfMixes(s, hand.length, light);
  if (keepMixes.length === 0) out.push(opt('keep', m('opt.keep'), { kind: 'discard', card: null }, undefined, { role: 'pass' }));
  for (const l of keepMixes) {
    out.push(opt(`keep:${l}`, m('opt.keepDraw', { l, d: need - 1 - l }), { kind: 'discard', card: null, light: l }, undefined, { style: 'primary' }));
  }
  for (const id of hand) {
    // the mixes to draw from once this card is discarded (with every copy of its id, had the hand two)
    let copies = 0;
    for (const c of hand) if (c === id) copies++;
    const ls = noDraw ? [] : choiceOfMixes(s, hand.length - copies, colourOf(s, id) === 'light' ? light - copies : light);
    if (ls.length === 0) out.push(opt(`d:${id}`, cardMsg(s, id), { kind: 'discard', card: id }, 'discard'));
    for (const l of ls) out.push(opt(`d:${id}:${l}`, m('opt.discardDraw', { card: cardMsg(s, id), l, d: need - l }), { kind: 'discard', card: id, light: l }, 'discardDraw'));
  }
  return out;
}

/** The end of a card player's turn: the discard (if any), then the hand is refilled (in the mix chosen with it). */
export function discard(s: S, seat: Seat, p: DiscardPayload, events: GameEvent[]): void {
  commit(s, events);
  if (p.card !== null) {
    s.hands[seat]!.splice(s.hands[seat]!.indexOf(p.card), 1);
    putUnder(s, p.card);
    events.push({ msg: m('ev.discard', { p: seatRef(seat) }) }, { msg: m('ev.discardPrivate', { card: cardMsg(s, p.card) }), to: [seat] });
  }
  if (s.act?.next) { // rules version 2: discarded before the dark card is handed on
    if (!(s.ending && lastRound(s))) {
      const choices = drawChoices(s);
      if (p.light !== undefined) drawMix(s, p.light, events);
      else if (choices.length === 1) drawMix(s, choices[0]!, events);
    }
    handOn(s, events);
    return;
  }
  s.act = null;
  if (s.ending && lastRound(s)) {
    endTurn(s, events);
    return;
  }
  s.stage = 'draw';
  if (p.light !== undefined) {
    drawMix(s, p.light, events);
    endTurn(s, events);
  } else drawUp(s, events);
}

/** Refills the hand when there is no choice to make; otherwise waits for the player's choice of mix. */
export function drawUp(s: S, events: GameEvent[]): void {
  const choices = drawChoices(s);
  if (choices.length > 1) return;
  if (choices.length === 1) drawMix(s, choices[0]!, events);
  endTurn(s, events);
}
