/**
 * Endless Winter rules: the driver (`advance` runs every step that needs no choice), `decisions`, `perform`, the
 * outcome and the metrics; `index.ts` adds `upgrade` (upgrade.ts), the views (view.ts) and the computer players
 * (estimate.ts, policy.ts) to make the engine. The rules live beside it: setup.ts (setup and its choices), turn-options.ts and
 * turn.ts (the guided turn: progress cards → figure → labour → column spaces), queue.ts (the gain queue: every symbol
 * that needs a choice becomes a small decision), eclipse.ts (the eclipse, preparation and final scoring), board.ts,
 * gains.ts, options.ts, names.ts, scoring.ts, geometry.ts.
 *
 * Options carry typed payloads (`EwPayload` in state.ts) that `perform` reads; ids only name them. Steps that can be
 * taken back (labour bought with food, a second progress card before its discard) use the shared `takeback` of
 * `src/engine/compound.ts`.
 */
import { canTakeBack, commitSteps } from '../../engine/compound.js';
import { m } from './keys.js';
import { rankSeats } from '../../engine/ranking.js';
import type { Decision, GameEvent, GameRules, LobbyOptions, Outcome, Seat } from '../../engine/types.js';
import { DATA } from './data.js';
import { eclipseDecision, eclipseStep, performEclipse, startEclipse } from './eclipse.js';
import { pushGains, resetRevealed, wasRevealed } from './gains.js';
import { ewMessages } from './messages.js';
import { seatRef } from './names.js';
import { autoHead, performQueue, queueDecision } from './queue.js';
import { newGame, performSetup, setupDecision } from './setup.js';
import { dataOf, def, type EwOption, type EwPayload, type EwState, foodForOneLabour } from './state.js';
import { performThenIdol } from './then-idol.js';
import { middleOptions, newTurn, topOptions, turnDecision, usableAbilities } from './turn-options.js';
import { bottomSpace, endTurn, finishTurn, performTurn } from './turn.js';
import { RULES } from './versions.js';
import type { EwView } from './view.js';

/** Moved out of this file; still offered here for the engine's users. */
export { scoreFinal, stoneScore, terrainIncomeTiles } from './scoring.js';
export { parseOptions } from './setup.js';
export { abilityMsg, atomMsg, atomsMsg, memberDetail, tileMsg } from './names.js';
export { buildSettlement, kill, legalSettlementPoints, megalithSpots, moveIdol, placeMegalith } from './board.js';
export { memberLabour, newTurn, type UsableAbility } from './turn-options.js';
export { eclipseAbilities, eclipseLabour, eclipseOrder } from './eclipse.js';

export function setup(players: number, options: LobbyOptions, seed: string): EwState {
  const s = newGame(players, options, seed);
  advance(s, []);
  return s;
}

function advance(s: EwState, ev: GameEvent[]): void {
  for (let guard = 0; guard < 10_000; guard++) {
    if (s.phase === 'over') return;
    if (s.queue.length) { if (autoHead(s, ev)) continue; return; }
    if (s.phase === 'setup') {
      const st = s.setupStep!;
      if (st.kind !== 'gains') return;
      if (st.idx >= s.n) { s.setupStep = null; s.phase = 'action'; s.roundOrder = [...s.order]; continue; }
      const seat = s.order[st.idx]!;
      st.idx++;
      pushGains(s, seat, dataOf(s).setupCards[s.players[seat]!.setupCard]!.gain, false);
      continue;
    }
    if (s.phase === 'action') {
      if (!s.turn) {
        if (!s.players.some((p) => p.figs.includes('h'))) { startEclipse(s, ev); continue; }
        const seat = s.order[s.orderPos % s.n]!;
        if (!s.players[seat]!.figs.includes('h')) { s.orderPos++; continue; }
        s.turn = newTurn(seat);
        continue;
      }
      const t = s.turn;
      const pl = s.players[t.seat]!;
      if (t.stage === 'labour' && !pl.hand.some((c) => def(s, c).kind === 'member') && !foodForOneLabour(s, pl.food) && !canTakeBack(s)) { t.stage = 'top'; continue; }
      if (t.stage === 'top' && !foodForOneLabour(s, pl.food) && !topOptions(s).length && !usableAbilities(s).length) { t.stage = 'middle'; continue; }
      if (t.stage === 'middle' && !middleOptions(s).length && !usableAbilities(s).length) { bottomSpace(s, ev); t.stage = 'after'; continue; }
      if (t.stage === 'after' && !usableAbilities(s).length) { endTurn(s, ev); continue; }
      if (t.stage === 'stack' && !pl.hand.length) { finishTurn(s); continue; }
      return;
    }
    if (s.phase === 'eclipse') { if (eclipseStep(s, ev)) continue; return; }
  }
  throw new Error('advance: no progress');
}

export function decisions(s: EwState): Decision<EwPayload>[] {
  if (s.phase === 'over') return [];
  if (s.queue.length) return [queueDecision(s, decisions, perform)];
  if (s.phase === 'setup') return [setupDecision(s)];
  if (s.phase === 'eclipse') return [eclipseDecision(s)];
  return [turnDecision(s)];
}

/** Choices that move camps onto tiles (where ice finds may lie face down) count as revealing. */
const MOVES_CAMPS: ReadonlySet<EwPayload['kind']> = new Set(['moveCamp', 'walkCamp', 'walkPath', 'buildSettlement']);

export function perform(s: EwState, seat: Seat, option: EwOption): { events: GameEvent[]; revealed: boolean } {
  if (option.payload?.kind === 'thenIdol') return performThenIdol(s, seat, option, decisions, perform);
  const ev: GameEvent[] = [];
  resetRevealed();
  const deckBefore = s.animalDeck.length + s.prog1.length + s.prog2.length;
  if (s.queue.length) performQueue(s, option, ev);
  else if (s.phase === 'setup') performSetup(s, seat, option, ev);
  else if (s.phase === 'eclipse') performEclipse(s, seat, option, ev);
  else performTurn(s, option, ev);
  advance(s, ev);
  const revealed = wasRevealed() || deckBefore !== s.animalDeck.length + s.prog1.length + s.prog2.length || (!!option.payload && MOVES_CAMPS.has(option.payload.kind));
  if (revealed) commitSteps(s);
  return { events: ev, revealed };
}

export function outcome(s: EwState): Outcome | null {
  if (s.phase !== 'over' || !s.final) return null;
  const final = s.final;
  const of = (seat: Seat) => final.find((f) => f.seat === seat)!;
  // The most points; equal totals go by the turn order (earlier first), so every place is a place of its own.
  const { order, ranking, winners } = rankSeats(final.length, (seat) => [of(seat).total, -s.order.indexOf(seat)], (seat) => of(seat).total);
  const sorted = order.map(of);
  const tie = sorted.length > 1 && sorted[0]!.total === sorted[1]!.total;
  return {
    ranking, winners,
    tieBreak: tie ? m('tie.order') : undefined,
    summary: sorted.map((f) => m('sum.line', { p: seatRef(f.seat), total: f.total, offering: f.offering, fame: f.fame, cards: f.cards, animals: f.animals })),
  };
}

export function metrics(s: EwState): Record<string, number> {
  const out: Record<string, number> = { rounds: s.round, turns: s.turns };
  if (s.final) {
    const totals = s.final.map((f) => f.total);
    out.score_mean = totals.reduce((a, b) => a + b, 0) / totals.length;
    out.score_spread = Math.max(...totals) - Math.min(...totals);
    out.winner_seat = outcome(s)!.winners[0]!;
    s.final.forEach((f) => { out[`score_seat${f.seat}`] = f.total; });
    out.points_offering = avg(s.final.map((f) => f.offering));
    out.points_fame = avg(s.final.map((f) => f.fame));
    out.points_cards = avg(s.final.map((f) => f.cards));
    out.points_animals = avg(s.final.map((f) => f.animals));
    out.points_during_play = avg(s.final.map((f) => f.total - f.offering - f.fame - f.cards - f.animals));
    out.settlements_per_player = avg(s.players.map((p) => p.settlements));
    out.megaliths_per_player = avg(s.players.map((p) => p.megs));
    out.stones_per_player = avg(s.players.map((p) => p.stones.length));
    out.animals_per_player = avg(s.players.map((p) => p.animals.length));
    out.buried_per_player = avg(s.players.map((p) => p.buried.length));
  }
  return out;
}

const avg = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The rules; `index.ts` makes them the engine with `upgrade` (upgrade.ts), the views (view.ts) and the computer players (estimate.ts, policy.ts). */
export const endlessWinterRules: GameRules<EwState, EwView, EwPayload> = {
  id: 'endless-winter',
  name: 'Endless Winter',
  minPlayers: 2,
  maxPlayers: 4,
  dataVersions: DATA,
  rulesVersions: RULES,
  lobbyOptions: [
    { id: 'setup', label: m('lobby.setup'), choices: [{ value: 'random', label: m('lobby.setup.random') }, { value: 'cards', label: m('lobby.setup.cards') }, { value: 'both', label: m('lobby.setup.both') }] },
    { id: 'short', label: m('lobby.short'), choices: [{ value: 'no', label: m('common.no') }, { value: 'yes', label: m('common.yes') }] },
    { id: 'majority', label: m('lobby.majority'), choices: [{ value: 'no', label: m('common.no') }, { value: 'yes', label: m('common.yes') }] },
    { id: 'ice', label: m('lobby.ice'), choices: [{ value: 'no', label: m('common.no') }, { value: 'yes', label: m('common.yes') }] },
    { id: 'rest', label: m('lobby.rest'), choices: [{ value: 'no', label: m('common.no') }, { value: 'yes', label: m('common.yes') }] },
  ],
  messages: ewMessages,
  setup, decisions, perform, outcome, metrics,
};
