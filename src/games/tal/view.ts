/**
 * Hidden information in Das Tal der Mammuts, in one place: what a seat may see (`view`) and the copy of a state a
 * computer player searches in (`determinize`). Hidden are the special cards in the other tribes' hands, the order of
 * the special and event decks and the animal tiles in the bag; the board, the tribes and the account are public.
 */
import { FIRST_DATA_VERSION } from '../../engine/data-versions.js';
import { nextU32, shuffle, type RngState } from '../../engine/rng.js';
import type { Seat } from '../../engine/types.js';
import { campsOf, totals, type TalState, type TalView } from './state.js';
import { RULES } from './versions.js';

/** Who owes a decision now (cheap: no options are built). */
export function actingSeats(s: TalState): number[] {
  switch (s.stage) {
    case 'over': return [];
    case 'movement': return s.move ? [s.move.seat] : [];
    case 'combat': {
      const c = s.combat;
      if (!c) return [];
      if (c.waitingFor) return [c.waitingFor.seat];
      if (RULES.atLeast(s, 2)) return [...c.cardWindow]; // a window asks everyone at once
      return c.cardWindow.length ? [c.cardWindow[0]!] : [];
    }
    case 'survival': return [...s.queue];
    case 'animalCards': case 'survivalCards': case 'birthCards':
      if (RULES.atLeast(s, 2)) return [...s.queue];
      return s.queue.length ? [s.queue[0]!] : [];
    default: return s.queue.length ? [s.queue[0]!] : [];
  }
}

export function view(s: TalState, seat: Seat | null): TalView {
  return {
    dataVersion: s.dataVersion ?? FIRST_DATA_VERSION, seat, players: s.players, variant: s.variant, advanced: s.advanced, round: s.round, season: s.season,
    roundInSeason: s.roundInSeason, seasonLength: s.seasonLength, stage: s.stage,
    hx: s.hx, // states are never mutated after apply(), so sharing is safe
    tribes: s.tribes.map((t, p) => {
      const tot = totals(s, p);
      return { food: t.food, cards: t.hand.length, fire: t.fire, status: t.status, announced: t.announced, camps: campsOf(s, p).length, warriors: tot.m, women: tot.w };
    }),
    hand: seat === null ? null : [...s.tribes[seat]!.hand],
    event: s.currentEvent, lasting: [...s.lasting], fx: { ...s.roundEffects }, order: [...s.order],
    acting: actingSeats(s), report: s.report,
    bag: s.bag.length, poolWolves: s.poolWolves, specialDeck: s.specialDeck.length, fencesLeft: s.fencesLeft,
    winners: [...s.winners], endedBy: s.endedBy, fireSources: [...s.fireSources],
  };
}

export function determinize(s: TalState, seat: Seat, rng: RngState): TalState {
  const c = structuredClone(s);
  const pool: string[] = [...c.specialDeck];
  c.tribes.forEach((t, p) => { if (p !== seat) pool.push(...t.hand); });
  shuffle(rng, pool);
  c.tribes.forEach((t, p) => { if (p !== seat) t.hand = pool.splice(0, t.hand.length); });
  c.specialDeck = pool;
  shuffle(rng, c.eventDeck.summer);
  shuffle(rng, c.eventDeck.winter);
  // future dice and bag draws come from the state's generator: give the copy a fresh one
  c.rng = [nextU32(rng), nextU32(rng), nextU32(rng), nextU32(rng) | 1];
  return c;
}

