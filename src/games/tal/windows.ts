/**
 * Reaction windows, rules version 2: the moments when anyone may play a special card ("before the animals move",
 * "before survival", "before the births", "before each fight").
 *
 * Version 1 asked the tribes holding a card one after another, in turn order, and only those: so the table saw who
 * held one, and a window opened even where no card could change anything (War paint for women who go over without a
 * fight). Version 2 asks everyone at once and hides who holds a card:
 *  - A window opens only where some card of it could change something, judged from what everyone sees (the board, the
 *    number of cards in each hand), never from a hand.
 *  - It is asked of every active tribe for which a card of the window could matter by that same public judgement and
 *    which holds any card at all: one decision each, all at once (`Decision.window` names the moment). So the set of
 *    seats asked, and the public view, are the same whether or not anyone holds a playable card.
 *  - A seat asked that holds no card that could matter gets a decision whose only option is `pass`: the service
 *    answers it for them after a delay drawn like a person's answer and never shows it (docs/decisions.md,
 *    "Reaction windows"). A seat that holds one gets the cards that could matter, and `pass`.
 *  - One card per tribe and window, as in version 1; cards take effect as they are chosen. The first Wind shaman
 *    played sets the wind; the others are no longer offered (one wind blows).
 */
import type { Msg } from '../../engine/types.js';
import type { StandingWindow } from '../types.js';
import { cardKind, DIRS, type CardKind } from './data.js';
import {
  animalsOn, board, campsOf, hexMsg, HEXES, m, pass, peopleOn, playCard, totals, tribesOn, warriorsAt, womenAt,
  type TalDecision, type TalOption, type TalState,
} from './state.js';

/** The stages that are reaction windows of their own (the combat phase has one before each fight). */
export type WindowStage = 'animalCards' | 'survivalCards' | 'birthCards' | 'combat';

export const holds = (s: TalState, seat: number, kind: CardKind): boolean => s.tribes[seat]!.hand.some((c) => cardKind(c) === kind);

/** Hexes where the wolves called by the card may come: plains and forests without people, markers or fences. */
export const wolfHexes = (s: TalState): number[] =>
  board(s).hexes.filter((bh) => (bh.terrain === 'plain' || bh.terrain === 'forest') && peopleOn(s, bh.i) === 0 && s.hx.mark[bh.i] === 0 && !s.hx.fence[bh.i]).map((bh) => bh.i);

/** A tribe's camps where children may be born (a woman of the tribe is there). */
export function birthCamps(s: TalState, p: number): number[] {
  return campsOf(s, p).filter((i) => womenAt(s, i, p) > 0);
}

const KINDS: Record<WindowStage, CardKind[]> = {
  animalCards: ['wind', 'wolves_call'],
  survivalCards: ['stores', 'healer'],
  birthCards: ['fertility'],
  combat: ['war_paint', 'brave_women', 'spears'],
};

function animalsOnBoard(s: TalState): boolean {
  for (let i = 0; i < HEXES; i++) if (animalsOn(s, i) > 0) return true;
  return false;
}

/**
 * Whether a card of kind `k` could change anything for `seat` in the window open now, judged from what everyone sees
 * (never from a hand). Against another tribe a card matters only where its tribe throws dice: War paint needs warriors
 * of the tribe on the hex, or nobody's warriors there (then the women fight the women); a tribe of women alone facing
 * warriors goes over without a throw (one card a window: it cannot play Brave women as well).
 */
export function mayMatter(s: TalState, stage: WindowStage, seat: number, k: CardKind): boolean {
  switch (k) {
    case 'wind': return s.windChoice === null && animalsOnBoard(s);
    case 'wolves_call': return s.poolWolves > 0 && wolfHexes(s).length > 0;
    case 'stores': case 'healer': { const t = totals(s, seat); return t.m + t.w > 0; }
    case 'fertility': return birthCamps(s, seat).length > 0;
    default: break;
  }
  if (stage !== 'combat' || !s.combat || s.combat.hex === null) return false;
  const c = s.combat;
  const hex = c.hex!;
  const tribes = tribesOn(s, hex);
  if (!tribes.includes(seat)) return false;
  const tribal = tribes.length >= 2;
  switch (k) {
    case 'spears': return animalsOn(s, hex) > 0 && !c.bonusAnimals[seat];
    case 'war_paint': return tribal && !c.bonusTribes[seat] && (warriorsAt(s, hex, seat) > 0 || tribes.every((p) => warriorsAt(s, hex, p) === 0));
    case 'brave_women': return tribal && womenAt(s, hex, seat) > 0 && !c.brave.includes(seat);
    default: return false;
  }
}

/** The seats a window asks, in turn order (see the module's comment); empty: the window does not open. */
export function openWindow(s: TalState, stage: WindowStage): number[] {
  return s.order.filter((p) => s.tribes[p]!.status === 'active' && s.tribes[p]!.hand.length > 0 && KINDS[stage].some((k) => mayMatter(s, stage, p, k)));
}

/** The options of one card kind the seat holds (a direction, a hex, a camp, or the card itself). */
function cardOptions(s: TalState, seat: number, k: CardKind): TalOption[] {
  switch (k) {
    case 'wind': return DIRS.map((d, i) => ({ id: `wind:${i}`, label: m('tal.opt.wind', { dir: m(`tal.dir.${d}`) }), group: 'tal.grp.wind', payload: { kind: 'wind', dir: i } }));
    case 'wolves_call': return wolfHexes(s).map((i) => ({ id: `wolves:${i}`, label: hexMsg(s, i), group: `tal.grp.wolves.${board(s).hexes[i]!.terrain}`, payload: { kind: 'wolves', hex: i } }));
    case 'fertility': return birthCamps(s, seat).map((i) => ({ id: `fert:${i}`, label: m('tal.opt.fertility', { hex: hexMsg(s, i) }), group: 'tal.grp.cards', payload: { kind: 'fertility', hex: i } }));
    default: return [playCard(k)];
  }
}

/** The windows a player may always pass in (`/campfire settings always_pass`), by the key of their public name. */
export const STANDING_WINDOWS: readonly StandingWindow[] = [
  { key: 'tal.window.animalCards', name: m('tal.window.animalCards') },
  { key: 'tal.window.survivalCards', name: m('tal.window.survivalCards') },
  { key: 'tal.window.birthCards', name: m('tal.window.birthCards') },
  { key: 'tal.window.combat', name: m('tal.window.combat_any') },
];

/** The public name of the window open now (`Decision.window`). */
export function windowName(s: TalState, stage: WindowStage): Msg {
  return stage === 'combat' ? m('tal.window.combat', { hex: hexMsg(s, s.combat!.hex!) }) : m(`tal.window.${stage}`);
}

/** What the window asks of `seat`: the cards it holds that could matter, and pass (only pass when it holds none). */
export function windowDecision(s: TalState, stage: WindowStage, seat: number): TalDecision {
  const cards = KINDS[stage].filter((k) => holds(s, seat, k) && mayMatter(s, stage, seat, k)).flatMap((k) => cardOptions(s, seat, k));
  const options = [...cards, pass()];
  let prompt: Msg;
  if (stage === 'combat') {
    const hex = s.combat!.hex!;
    const tribes = tribesOn(s, hex);
    prompt = m('tal.prompt.fightCards', { hex: hexMsg(s, hex), tribes: tribes.map((p) => ({ seat: p })), n: tribes.length, animals: animalsOn(s, hex) });
  } else prompt = m(`tal.prompt.${stage}`);
  return { seat, prompt, options, defaultOption: 'pass', window: windowName(s, stage) };
}
