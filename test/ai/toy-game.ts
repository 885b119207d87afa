/**
 * "Toy Tricks": a tiny trick-taking card game with hidden hands, used to develop and test the computer
 * players without depending on a real Campfire game.
 *
 * 36 cards: three suits of ranks 1..12. Every player is dealt `handSize` cards (7 with 2 players, 5 with 3–4).
 * First, all players at once may exchange up to two cards (a compound decision: mark a card, mark another,
 * `back` unmarks, `finish` discards the marked cards and draws as many from the hidden deck). Then tricks:
 * the leader plays any card, the others in turn must follow the led suit if they can; the highest card of
 * the led suit wins the trick and leads the next. Most tricks wins. Hands and the deck are hidden.
 */
import { randInt, shuffle, type RngState, seedRng } from '../../src/engine/rng.js';
import type { Decision, GameEngine, GameEvent, Option, Outcome, Seat } from '../../src/engine/types.js';

export interface ToyState {
  rng: RngState;
  players: number;
  hands: number[][];
  deck: number[];
  phase: 'exchange' | 'tricks' | 'over';
  /** Exchange phase: cards marked so far per seat, and who has finished. */
  marked: number[][];
  exchanged: boolean[];
  leader: Seat;
  toAct: Seat;
  trick: { seat: Seat; card: number }[];
  tricks: number[];
  /** Cards seen played (public). */
  played: number[];
  /** Cards each seat put back into the deck (known to that seat only). */
  discards: number[][];
}

export interface ToyView {
  seat: Seat | null;
  hand: number[] | null;
  handSizes: number[];
  deckSize: number;
  phase: ToyState['phase'];
  trick: ToyState['trick'];
  tricks: number[];
}

export const suitOf = (card: number): number => Math.floor(card / 12);
export const rankOf = (card: number): number => (card % 12) + 1;

const opt = (id: string, key: string, args?: Record<string, number>, role?: Option['role']): Option =>
  ({ id, label: { key, args }, ...(role ? { role } : {}) });

function setup(players: number, _options: Record<string, string>, seed: string): ToyState {
  if (players < 2 || players > 4) throw new Error(`toy: 2–4 players, not ${players}`);
  const rng = seedRng(seed);
  const deck = shuffle(rng, [...Array(36).keys()]);
  const handSize = players === 2 ? 7 : 5;
  const hands = [...Array(players)].map(() => deck.splice(0, handSize).sort((a, b) => a - b));
  const leader = randInt(rng, players);
  return {
    rng, players, hands, deck, phase: 'exchange',
    marked: hands.map(() => []), exchanged: hands.map(() => false),
    leader, toAct: leader, trick: [], tricks: hands.map(() => 0), played: [], discards: hands.map(() => []),
  };
}

function decisions(s: ToyState): Decision[] {
  if (s.phase === 'over') return [];
  if (s.phase === 'exchange') {
    const out: Decision[] = [];
    for (let seat = 0; seat < s.players; seat++) {
      if (s.exchanged[seat]) continue;
      const marked = s.marked[seat]!;
      const options: Option[] = [];
      if (marked.length < 2 && s.deck.length > marked.length) {
        for (const c of s.hands[seat]!) if (!marked.includes(c)) options.push(opt(`mark:${c}`, 'toy.mark', { card: c }));
      }
      options.push(opt('finish', 'common.finish', undefined, 'finish'));
      if (marked.length > 0) options.push(opt('back', 'common.back', undefined, 'back'));
      out.push({ seat, prompt: { key: 'toy.exchange' }, options, defaultOption: 'finish' });
    }
    return out;
  }
  const hand = s.hands[s.toAct]!;
  const led = s.trick[0] ? suitOf(s.trick[0].card) : null;
  const following = led === null ? [] : hand.filter((c) => suitOf(c) === led);
  const playable = following.length > 0 ? following : hand;
  const options = playable.map((c) => opt(`play:${c}`, 'toy.play', { card: c }));
  return [{ seat: s.toAct, prompt: { key: 'toy.your_card' }, options, defaultOption: options[0]!.id }];
}

function perform(s: ToyState, seat: Seat, option: Option): { events: GameEvent[]; revealed: boolean } {
  const events: GameEvent[] = [];
  if (s.phase === 'exchange') {
    const marked = s.marked[seat]!;
    if (option.id.startsWith('mark:')) {
      marked.push(Number(option.id.slice(5)));
      return { events, revealed: false };
    }
    if (option.id === 'back') {
      marked.pop();
      return { events, revealed: false };
    }
    const hand = s.hands[seat]!.filter((c) => !marked.includes(c));
    hand.push(...s.deck.splice(0, marked.length));
    s.deck.push(...marked);
    s.discards[seat]!.push(...marked);
    s.hands[seat] = hand.sort((a, b) => a - b);
    events.push({ msg: { key: 'toy.exchanged', args: { seat: { seat } as never, n: marked.length } } });
    s.marked[seat] = [];
    s.exchanged[seat] = true;
    if (s.exchanged.every(Boolean)) s.phase = 'tricks';
    return { events, revealed: marked.length > 0 };
  }
  const card = Number(option.id.slice(5));
  s.hands[seat] = s.hands[seat]!.filter((c) => c !== card);
  s.trick.push({ seat, card });
  s.played.push(card);
  if (s.trick.length < s.players) {
    s.toAct = (seat + 1) % s.players;
    return { events, revealed: true };
  }
  const led = suitOf(s.trick[0]!.card);
  let best = s.trick[0]!;
  for (const p of s.trick) if (suitOf(p.card) === led && p.card > best.card) best = p;
  s.tricks[best.seat]!++;
  events.push({ msg: { key: 'toy.trick_won', args: { seat: { seat: best.seat } as never } } });
  s.trick = [];
  s.leader = best.seat;
  s.toAct = best.seat;
  if (s.hands.every((h) => h.length === 0)) s.phase = 'over';
  return { events, revealed: true };
}

function view(s: ToyState, seat: Seat | null): ToyView {
  return {
    seat,
    hand: seat === null ? null : [...s.hands[seat]!],
    handSizes: s.hands.map((h) => h.length),
    deckSize: s.deck.length,
    phase: s.phase,
    trick: s.trick.map((t) => ({ ...t })),
    tricks: [...s.tricks],
  };
}

function outcome(s: ToyState): Outcome | null {
  if (s.phase !== 'over') return null;
  const best = Math.max(...s.tricks);
  const ranking = s.tricks.map((score, seat) => ({ seat, score, place: 1 + s.tricks.filter((t) => t > score).length }));
  ranking.sort((a, b) => a.place - b.place || a.seat - b.seat);
  return { ranking, winners: ranking.filter((r) => r.score === best).map((r) => r.seat) };
}

/**
 * Everything `seat` has not seen (other hands, the deck except its own discards) is pooled, shuffled and
 * dealt back in the same sizes.
 */
function determinize(state: ToyState, seat: Seat, rng: RngState): ToyState {
  const s = structuredClone(state);
  const own = s.discards[seat]!;
  const pool: number[] = s.deck.filter((c) => !own.includes(c));
  for (let p = 0; p < s.players; p++) if (p !== seat) pool.push(...s.hands[p]!);
  // Sorted first, so the worlds drawn depend only on what the seat knows, not on where the cards really are.
  shuffle(rng, pool.sort((a, b) => a - b));
  for (let p = 0; p < s.players; p++) {
    if (p === seat) continue;
    const n = s.hands[p]!.length;
    s.hands[p] = pool.splice(0, n).sort((a, b) => a - b);
    // Marks of other players are part of their hidden hands: drop them (they restart their exchange).
    s.marked[p] = [];
  }
  // The seat's own discards stay in the deck: they were put at its bottom and are never drawn again.
  s.deck = [...pool, ...own];
  for (let p = 0; p < s.players; p++) if (p !== seat) s.discards[p] = [];
  return s;
}

export const toyEngine: GameEngine<ToyState, ToyView> = {
  id: 'toy',
  name: 'Toy Tricks',
  minPlayers: 2,
  maxPlayers: 4,
  lobbyOptions: [],
  messages: {
    en: {
      'toy.mark': 'Exchange card {card}',
      'toy.exchange': 'Mark up to two cards to exchange',
      'toy.your_card': 'Play a card',
      'toy.play': 'Card {card}',
      'toy.exchanged': '{seat} exchanged {n} cards',
      'toy.trick_won': '{seat} wins the trick',
    },
    de: {
      'toy.mark': 'Karte {card} tauschen',
      'toy.exchange': 'Markiere bis zu zwei Karten zum Tauschen',
      'toy.your_card': 'Spiele eine Karte',
      'toy.play': 'Karte {card}',
      'toy.exchanged': '{seat} hat {n} Karten getauscht',
      'toy.trick_won': '{seat} gewinnt den Stich',
    },
  },
  setup,
  decisions,
  perform,
  view,
  outcome,
  determinize,
  metrics: (s) => ({ tricks: s.tricks.reduce((a, b) => a + b, 0) }),
};
