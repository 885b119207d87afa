/**
 * Eiszeit engine: pure functions over a JSON state. Every choice the rulebook leaves a player is a decision;
 * conflicts, scoring, stone refill and fire reshuffle run automatically and log what happened region by region.
 *
 * Compound actions (a card's action) change the board step by step; `back` takes a step back with compound.ts's
 * `takeback` (no randomness happens inside an action). An actor's part is committed (its log lines emitted, nothing
 * before it can be taken back) when the card player chooses what to discard, or when another seat starts acting on a
 * dark card.
 *
 * Every option carries a payload (`EiszeitPayload` in state.ts) that `perform` reads; the current step of the action
 * says what a region or hunter is chosen for. Option ids only name the options (they are stored as the choices).
 *
 * This file ties the rules together: `setup`, `decisions`, `perform`, `outcome`. The rules live in modules of their own,
 * in the order of the rulebook:
 *  - `setup.ts`: setting up, and the hunters placed before the first round;
 *  - `turn.ts`: a settling turn (the card played, the discard, the hand refilled), with `cards.ts` (the piles, drawing,
 *    which cards may be played);
 *  - `action.ts`: a card's action, step by step, whose steps live by rule in `placing.ts` (landscape and placing
 *    cards, hunters and mammoth), `hunting.ts` (swap, stampede, trek, removing hunters), `mammoths.ts`, `fire.ts` and
 *    `clubs.ts`;
 *  - `round.ts`: the course of a round and the next one, with `scoring.ts` (conflicts and scoring) and `glacier.ts`;
 * and the helpers they share: `board.ts` (regions, hunters, messages) and `options.ts` (how choices are offered).
 *
 * The state is plain JSON (see `EiszeitState` in state.ts) and the rules work on it directly.
 * Rulings where the rulebook is silent: RULINGS.md beside this file. Beside this file also: view.ts (what each seat
 * sees, `determinize`), ai.ts (`estimate` for computer players), upgrade.ts (states stored by an earlier engine);
 * index.ts puts them together into the engine object.
 */
import { RULES } from './versions.js';
import { canTakeBack, rememberStep, takeBack } from '../../engine/compound.js';
import { rankSeats } from '../../engine/ranking.js';
import type { Decision, GameEvent, GameRules, Msg, Option, Outcome, Seat } from '../../engine/types.js';
import { actorDone, newAct, performStep, playCard, settleAct } from './action.js';
import { cardMsg, dataOf, HAND, m, onBoard, seatRef, sum } from './board.js';
import { drawChoices, drawMix, putOnTop, putUnder } from './cards.js';
import { DATA } from './data.js';
import { glacierCandidates, glacierDetail, placeGlacier, setGlacierReport } from './glacier.js';
import { messages } from './messages.js';
import { BACK, FINISH, opt, regionIn, regionOpts } from './options.js';
import { endTurn, nextRound } from './round.js';
import { placeStartingHunter, preDecision, setup } from './setup.js';
import type { EiszeitPayload, EiszeitState, EiszeitView } from './state.js';
import { actionDecision, discard, discardOptions, playDecision } from './turn.js';

type S = EiszeitState;
type Payload = EiszeitPayload;
type O = Option<Payload>;

/**
 * The parts of the state the rules only ever replace whole, never change in place: the position kept for `back`
 * shares them with the state instead of copying them (compound.ts). The report (some 40 % of the state) is made anew
 * at every scoring and given its glacier by a copy (`test/eiszeit/whole-only.test.ts` checks it in seeded games).
 */
const WHOLE_ONLY: readonly (keyof S)[] = ['report'];

// ---------------------------------------------------------------- decisions

/** The decisions owed in a state. */
function decisions(s: S): Decision<Payload>[] {
  if (s.phase === 'over') return [];
  if (s.phase === 'pre') return [preDecision(s)];
  if (s.phase === 'glacier') {
    const candidates = glacierCandidates(s);
    const options = [...regionOpts(s, 'g', candidates).map((o, k) => ({ ...o, detail: glacierDetail(s, candidates[k]!) })), opt('none', m('opt.noGlacier'), undefined, undefined, { role: 'pass' })];
    return [{ seat: s.glacierSeat, prompt: m('prompt.glacier'), options, defaultOption: 'none' }];
  }
  const seat = s.seat;
  if (s.stage === 'play') return [playDecision(s)];
  if (s.stage === 'act') return [actionDecision(s)];
  if (s.stage === 'discard') {
    const options = discardOptions(s);
    if (canTakeBack(s)) options.push(BACK);
    return [{ seat, prompt: m('prompt.discard'), options, defaultOption: options[0]!.id }];
  }
  // draw
  const need = HAND - s.hands[seat]!.length;
  const options = drawChoices(s).map((l) => opt(`dr:${l}`, m('opt.draw', { l, d: need - l }), { kind: 'draw', light: l }));
  return [{ seat, prompt: m('prompt.draw', { n: need }), options, defaultOption: options[0]!.id }];
}

// ---------------------------------------------------------------- perform

/** Carries out an offered option on `s` itself (the framework's private copy, or a playout's own state). */
function perform(s: S, seat: Seat, option: O): { events: GameEvent[]; revealed: boolean } {
  const events: GameEvent[] = [];
  const p = option.payload;
  if (s.phase === 'pre') {
    const revealed = placeStartingHunter(s, seat, regionIn(p!), events);
    return { events, revealed };
  }
  if (s.phase === 'glacier') {
    if (option.role === 'pass') {
      events.push({ msg: m('ev.noGlacier', { p: seatRef(seat) }) });
      setGlacierReport(s, seat, null);
    } else {
      const r = regionIn(p!);
      placeGlacier(s, r, events);
      setGlacierReport(s, seat, r);
    }
    nextRound(s, events);
    return { events, revealed: true };
  }
  if (option.role === 'back') {
    // a remembered step without a payload is the card player's Done
    takeBack<S, Payload>(s, (t, step) => perform(t, seat, step.payload ? step : FINISH), WHOLE_ONLY);
    return { events, revealed: false };
  }
  if (p?.kind === 'playVoid') {
    s.hands[seat]!.splice(s.hands[seat]!.indexOf(p.card), 1);
    if (dataOf(s).card[p.card]!.kind === 'cult') putUnder(s, p.card); else putOnTop(s, p.card);
    events.push({ msg: m('ev.playVoid', { p: seatRef(seat), card: cardMsg(s, p.card) }) });
    s.act = newAct(s, p.card, p.card, seat);
    s.stage = 'discard';
    return { events, revealed: false };
  }
  if (p?.kind === 'play') {
    // a dark card other than a cult card is handed on (or void) in this very choice, which commits it: nothing to remember
    const c = dataOf(s).card[p.card]!;
    // (rules version 2: its player discards before handing it on, and may step back to the card until then)
    if (c.colour === 'light' || c.kind === 'cult' || RULES.atLeast(s, 2)) rememberStep(s, option, WHOLE_ONLY);
    playCard(s, seat, p.card, events);
    if (p.target !== undefined && s.act?.step === 'chooseTarget') performStep(s, { kind: 'target', seat: p.target }, events);
    settleAct(s, events);
    return { events, revealed: false };
  }
  if (p?.kind === 'endAction') {
    // the card player's "done" with the discard and draw that follow it
    actorDone(s, events);
    return perform(s, seat, { ...option, payload: p.discard });
  }
  if (s.stage === 'act') {
    // (another seat's Done commits its part: nothing to remember)
    if (option.role !== 'finish' || s.act!.seat === s.act!.owner) rememberStep(s, option, WHOLE_ONLY);
    if (option.role === 'finish') actorDone(s, events);
    else performStep(s, p!, events);
    settleAct(s, events);
    return { events, revealed: false };
  }
  if (p?.kind === 'discard') {
    discard(s, seat, p, events);
    return { events, revealed: true };
  }
  // draw
  drawMix(s, (p as { light: number }).light, events);
  endTurn(s, events);
  return { events, revealed: true };
}

// ---------------------------------------------------------------- outcome, metrics

/** Final ranking: score, then more hunters on the board, then more stones; still equal means a shared place. */
export function outcome(s: S): Outcome | null {
  if (s.phase !== 'over') return null;
  const { order, ranking, winners } = rankSeats(s.players, (q) => [s.score[q], onBoard(s, q), s.stones[q]], (q) => s.score[q]);
  const top = order.filter((q) => s.score[q] === s.score[order[0]!]);
  let tieBreak: Msg | undefined;
  if (top.length > 1) {
    const sameHunters = top.filter((q) => onBoard(s, q) === onBoard(s, order[0]!));
    tieBreak = sameHunters.length === 1 ? m('tie.hunters') : winners.length === 1 ? m('tie.stones') : m('tie.shared');
  }
  const summary = [m('summary.final', { list: order.map((q) => m('ev.pts', { p: seatRef(q), n: s.score[q] })) })];
  return { ranking, winners, tieBreak, summary };
}

function metrics(s: S): Record<string, number> {
  const out: Record<string, number> = { rounds: s.turnLog.length, glaciersPlaced: s.glacierCount };
  s.turnLog.forEach((t, i) => { out[`settlingTurnsPerPlayer.r${i + 1}`] = t / s.players; });
  const scores = s.score;
  out['score.max'] = Math.max(...scores);
  out['score.min'] = Math.min(...scores);
  out['score.mean'] = sum(scores) / s.players;
  return out;
}

/**
 * The rules of Eiszeit as engine functions. The engine object (index.ts) adds the view and `determinize` (view.ts),
 * the computer players' `estimate` (ai.ts) and `upgrade` for stored states (upgrade.ts).
 */
export const eiszeitRules = {
  id: 'eiszeit',
  name: 'Eiszeit',
  minPlayers: 3,
  maxPlayers: 5,
  dataVersions: DATA,
  rulesVersions: RULES,
  lobbyOptions: [
    { id: 'length', label: m('lobby.length'), choices: [{ value: 'full', label: m('lobby.full') }, { value: 'short', label: m('lobby.short') }] },
  ],
  messages,
  setup,
  decisions,
  perform,
  outcome,
  metrics,
} satisfies GameRules<EiszeitState, EiszeitView, Payload>;
