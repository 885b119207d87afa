/**
 * Setting up: the glaciers, mammoths and dark stones by player count (`SETUP`), the shuffled piles and fire tiles, four
 * stones each and a random start player; then the players place six hunters each, one at a time in turn, before the
 * hands are dealt (two light and three dark cards each) and the first round begins.
 */
import { RULES } from './versions.js';
import { noTakeback } from '../../engine/compound.js';
import { randInt, seedRng, shuffle } from '../../engine/rng.js';
import type { Decision, GameEvent, LobbyOptions, Seat } from '../../engine/types.js';
import { addHunter, freeRegions, m, R, regMsg, seatRef } from './board.js';
import { DATA } from './data.js';
import { dealFires } from './fire.js';
import { regionOpts } from './options.js';
import { beginTurn } from './round.js';
import type { EiszeitPayload, EiszeitState } from './state.js';

type S = EiszeitState;

export const HUNTERS_PER_COLOUR = 13;
export const TOTAL_STONES = 50;
export const TOTAL_HUNTERS = 65;
export const TOTAL_MAMMOTHS = 6;
export const TOTAL_CLUBS = 6;
/** Set-up by player count (rulebook): glaciers, mammoths on the board, mammoths beside it, dark stones. */
export const SETUP: Record<number, { glaciers: number[]; mammoths: number[]; beside: number; dark: number }> = {
  3: { glaciers: [1, 2, 3, 4], mammoths: [5, 6, 7, 8], beside: 0, dark: 20 },
  4: { glaciers: [1, 4], mammoths: [2, 3, 6, 7], beside: 1, dark: 25 },
  5: { glaciers: [], mammoths: [1, 2, 3, 4], beside: 2, dark: 30 },
};
const START_STONES = 4;
const PRE_HUNTERS = 6;

/** A new game for `players` players (lobby option `length`: `full`, 4 rounds, or `short`, 3). */
export function setup(players: number, options: LobbyOptions, seed: string): S {
  const conf = SETUP[players];
  if (!conf) throw new Error(`Eiszeit is for 3 to 5 players, not ${players}`);
  const length = options.length ?? 'full';
  if (length !== 'full' && length !== 'short') throw new Error(`unknown game length ${length}`);
  const dataVersion = DATA.fromOptions(options);
  const rulesVersion = RULES.fromOptions(options);
  const data = DATA.get(dataVersion);
  const rng = seedRng(seed);
  const glacier = Array.from({ length: R }, (_, r) => conf.glaciers.includes(r + 1));
  const mam = Array.from({ length: R }, (_, r) => (conf.mammoths.includes(r + 1) ? 1 : 0));
  const fireVal = shuffle(rng, [...data.fire]);
  const fireAt = dealFires(glacier, fireVal.length);
  const drawL = shuffle(rng, data.cards.filter((c) => c.colour === 'light').map((c) => c.id));
  const drawD = shuffle(rng, data.cards.filter((c) => c.colour === 'dark').map((c) => c.id));
  const start = randInt(rng, players);
  const each = (v: number) => Array<number>(players).fill(v);
  return {
    rng, dataVersion, ...RULES.field(rulesVersion), players, rounds: length === 'short' ? 3 : 4, round: 1, phase: 'pre', stage: 'play', glacier,
    hunters: Array.from({ length: R }, () => Array<number>(players).fill(0)),
    clubbed: Array.from({ length: R }, () => Array<number>(players).fill(0)), mammothsIn: mam, fireAt, fireVal,
    light: 0, dark: conf.dark, boxStones: TOTAL_STONES - conf.dark - START_STONES * players,
    mammoths: conf.beside, mammothsBox: TOTAL_MAMMOTHS - conf.mammoths.length - conf.beside, clubs: TOTAL_CLUBS,
    huntersBox: (5 - players) * HUNTERS_PER_COLOUR,
    stones: each(START_STONES), supply: each(HUNTERS_PER_COLOUR - 1), clubsHeld: each(0), score: each(0), hands: Array.from({ length: players }, () => []),
    drawL, drawD, discL: [], discD: [], topL: null, topD: null,
    seat: start, start, preLeft: PRE_HUNTERS * players, act: null, startStones: START_STONES, ending: false, takeback: noTakeback(),
    turns: 0, turnLog: [], report: null, glacierSeat: -1, glacierCount: 0,
  };
}

/** The choice of the region for one of the hunters placed before the first round. */
export function preDecision(s: S): Decision<EiszeitPayload> {
  const options = regionOpts(s, 'to', freeRegions(s), 'place');
  return { seat: s.seat, prompt: m('prompt.pre', { left: Math.ceil(s.preLeft / s.players) }), options, defaultOption: options[0]!.id };
}

/** `seat` places a hunter before the first round into region `r`; after the last one the hands are dealt (true). */
export function placeStartingHunter(s: S, seat: Seat, r: number, events: GameEvent[]): boolean {
  s.supply[seat]--;
  addHunter(s, r, seat, false);
  events.push({ msg: m('ev.place', { p: seatRef(seat), r: regMsg(s, r) }) });
  s.preLeft--;
  s.seat = (s.seat + 1) % s.players;
  if (s.preLeft > 0) return false;
  for (let k = 0; k < s.players; k++) {
    const q = (s.start + k) % s.players;
    for (let i = 0; i < 2; i++) s.hands[q]!.push(s.drawL.pop()!);
    for (let i = 0; i < 3; i++) s.hands[q]!.push(s.drawD.pop()!);
  }
  s.phase = 'settle';
  s.seat = s.start;
  events.push({ msg: m('ev.dealt') }, { msg: m('ev.roundStart', { round: 1, p: seatRef(s.seat) }) });
  beginTurn(s);
  return true;
}
