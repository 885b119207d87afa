/**
 * The course of a round: settling turns pass round the table until the dark stones run out; then settling ends with
 * the conflicts and the scoring (scoring.ts) and, but after the last round, the glacier (glacier.ts). The next round
 * refills the dark supply from the light one (at least 10 stones: the players pay what is missing) and deals the
 * fire tiles anew; the player after the one who ended settling begins.
 */
import { commitSteps } from '../../engine/compound.js';
import { shuffle } from '../../engine/rng.js';
import type { GameEvent, Msg } from '../../engine/types.js';
import { m, seatRef } from './board.js';
import { dealFires } from './fire.js';
import { chooseGlacierSeat, glacierCandidates } from './glacier.js';
import { conflicts, scoreRegions } from './scoring.js';
import type { EiszeitState } from './state.js';

type S = EiszeitState;

/** Fewer dark stones than this at the start of a round: the players pay what is missing. */
const MIN_DARK = 10;

/** The turn is over: settling ends if the dark stones ran out, else the next player's turn begins. */
export function endTurn(s: S, events: GameEvent[]): void {
  s.turns++;
  s.act = null;
  commitSteps(s);
  if (s.ending) {
    endSettling(s, events);
    return;
  }
  s.seat = (s.seat + 1) % s.players;
  beginTurn(s);
}

/** A settling turn begins; the stones the player has now decide whether a dark card may be played (cards.ts). */
export function beginTurn(s: S): void {
  s.stage = 'play';
  s.act = null;
  s.startStones = s.stones[s.seat]!;
}

/** Settling ends: conflicts, scoring, the report; then the end of the game, the glacier, or the next round. */
function endSettling(s: S, events: GameEvent[]): void {
  s.turnLog.push(s.turns);
  events.push({ msg: m('ev.settlingEnds', { round: s.round }) });
  const lines = conflicts(s, events);
  scoreRegions(s, lines, events);
  s.report = { round: s.round, lines };
  if (s.round >= s.rounds) {
    s.phase = 'over';
    s.act = null;
    return;
  }
  chooseGlacierSeat(s, events);
  if (glacierCandidates(s).length === 0) {
    nextRound(s, events);
    return;
  }
  s.phase = 'glacier';
  events.push({ msg: m('ev.glacierTurn', { p: seatRef(s.glacierSeat) }) });
}

/** A new round: the dark supply refilled, the fire tiles dealt anew, the turn to the player after the one who ended settling. */
export function nextRound(s: S, events: GameEvent[]): void {
  const ender = s.seat;
  s.round++;
  s.phase = 'settle';
  s.ending = false;
  s.turns = 0;
  s.dark += s.light;
  s.light = 0;
  if (s.dark < MIN_DARK) {
    const share = Math.ceil((MIN_DARK - s.dark) / s.players);
    const paid: Msg[] = [];
    for (let q = 0; q < s.players; q++) {
      const k = Math.min(share, s.stones[q]);
      s.stones[q] -= k;
      s.dark += k;
      if (k > 0) paid.push(m('ev.paid', { p: seatRef(q), n: k }));
    }
    events.push({ msg: m('ev.refillShort', { list: paid, n: s.dark }) });
  } else {
    events.push({ msg: m('ev.refill', { n: s.dark }) });
  }
  shuffle(s.rng, s.fireVal);
  s.fireAt = dealFires(s.glacier, s.fireVal.length);
  s.seat = (ender + 1) % s.players;
  events.push({ msg: m('ev.roundStart', { round: s.round, p: seatRef(s.seat) }) });
  beginTurn(s);
}
