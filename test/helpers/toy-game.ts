/**
 * A tiny game for testing the platform without a real game: each seat holds 3 hidden cards (1–12 from a
 * shuffled deck) and in turn plays one face up or passes; after everybody played or passed 3 times the
 * highest sum of played cards wins. It has hidden hands, randomness and private log lines.
 */
import { makeCanvas, text, toPng } from '../../src/render/canvas.js';
import { seedRng, shuffle, type RngState } from '../../src/engine/rng.js';
import type { Decision, GameEngine, GameEvent, Option, Outcome, Seat } from '../../src/engine/types.js';
import type { GameModule } from '../../src/games/types.js';

export interface ToyState { rng: RngState; hands: number[][]; played: number[][]; deck: number[]; turn: Seat; moves: number; rounds: number }
export interface ToyView { hands: (number[] | number)[]; played: number[][]; turn: Seat; deck: number; me: Seat | null }

const engine: GameEngine<ToyState, ToyView> = {
  id: 'toy',
  name: 'Toy',
  minPlayers: 2,
  maxPlayers: 4,
  lobbyOptions: [{ id: 'rounds', label: { key: 'toy.rounds' }, choices: [{ value: '3', label: { key: 'toy.n', args: { n: 3 } } }, { value: '1', label: { key: 'toy.n', args: { n: 1 } } }] }],
  messages: {
    en: { 'toy.rounds': 'Rounds', 'toy.n': '{n}', 'toy.prompt': 'Play a card or pass', 'toy.card': 'Card {n}', 'toy.cards': 'Your cards', 'toy.played': '{p} played {n}', 'toy.passed': '{p} passed', 'toy.drew': 'You drew {n}', 'toy.status': 'Move {m}' },
    de: { 'toy.rounds': 'Runden', 'toy.n': '{n}', 'toy.prompt': 'Spiel eine Karte oder passe', 'toy.card': 'Karte {n}', 'toy.cards': 'Deine Karten', 'toy.played': '{p} spielt {n}', 'toy.passed': '{p} passt', 'toy.drew': 'Du ziehst {n}', 'toy.status': 'Zug {m}' },
  },
  setup(players, options, seed) {
    const rng = seedRng(seed);
    const deck = shuffle(rng, Array.from({ length: 12 }, (_, i) => i + 1));
    const hands = Array.from({ length: players }, () => deck.splice(0, 3));
    return { rng, hands, played: hands.map(() => []), deck, turn: 0, moves: 0, rounds: Number(options.rounds ?? 3) };
  },
  decisions(s) {
    if (s.moves >= s.rounds * s.hands.length) return [];
    const options: Option[] = s.hands[s.turn]!.map((c) => ({ id: `play.${c}`, label: { key: 'toy.card', args: { n: c } }, group: 'toy.cards' }));
    options.push({ id: 'pass', label: { key: 'common.pass' }, role: 'pass' });
    const d: Decision = { seat: s.turn, prompt: { key: 'toy.prompt' }, options, defaultOption: 'pass' };
    return [d];
  },
  perform(s, seat, option) {
    const events: GameEvent[] = [];
    let revealed = false;
    if (option.id === 'pass') events.push({ msg: { key: 'toy.passed', args: { p: { seat } } } });
    else {
      const n = Number(option.id.slice(5));
      s.hands[seat] = s.hands[seat]!.filter((c) => c !== n);
      s.played[seat]!.push(n);
      events.push({ msg: { key: 'toy.played', args: { p: { seat }, n } } });
      const drawn = s.deck.shift();
      if (drawn !== undefined) {
        s.hands[seat]!.push(drawn);
        events.push({ msg: { key: 'toy.drew', args: { n: drawn } }, to: [seat] });
        revealed = true;
      }
    }
    s.moves++;
    s.turn = (s.turn + 1) % s.hands.length;
    return { events, revealed };
  },
  view(s, seat) {
    return { hands: s.hands.map((h, i) => (i === seat ? [...h] : h.length)), played: s.played.map((p) => [...p]), turn: s.turn, deck: s.deck.length, me: seat };
  },
  outcome(s) {
    if (s.moves < s.rounds * s.hands.length) return null;
    const sums = s.played.map((p) => p.reduce((a, b) => a + b, 0));
    const best = Math.max(...sums);
    const ranking = sums.map((score, seat) => ({ seat, score, place: 1 + sums.filter((x) => x > score).length }));
    return { ranking, winners: sums.flatMap((x, i) => (x === best ? [i] : [])) } satisfies Outcome;
  },
  determinize(s, seat, rng) {
    const copy = structuredClone(s);
    const unknown = shuffle(rng, [...copy.deck, ...copy.hands.flatMap((h, i) => (i === seat ? [] : h))]);
    copy.hands = copy.hands.map((h, i) => (i === seat ? h : unknown.splice(0, h.length)));
    copy.deck = unknown;
    return copy;
  },
};

export const toy: GameModule<ToyState, ToyView> = {
  engine,
  ui: {
    renderTable(view, ctx) {
      const { canvas, ctx: g } = makeCanvas(400, 200);
      view.played.forEach((p, i) => text(g, `${ctx.names[i]}: ${p.join(' ')} (${typeof view.hands[i] === 'number' ? view.hands[i] : '?'} in hand)`, 10, 20 + i * 24));
      return toPng(canvas);
    },
    renderGlance(view, ctx) {
      const { canvas, ctx: g } = makeCanvas(550, 350);
      view.played.forEach((p, i) => text(g, `${ctx.names[i]}: ${p.join(' ')}`, 10, 30 + i * 30, { size: 24 }));
      return toPng(canvas);
    },
    renderHand(view, seat) {
      const hand = view.hands[seat];
      if (!Array.isArray(hand)) return null;
      const { canvas, ctx } = makeCanvas(300, 60);
      text(ctx, `hand: ${hand.join(' ')}`, 10, 30);
      return toPng(canvas);
    },
    status(view, ctx) {
      return ctx.t({ key: 'toy.status', args: { m: view.played.flat().length } });
    },
    rules: { en: { setup: 'Deal three cards each.', turn: 'Play your highest cards.', scoring: 'Highest total wins.', rulings: 'None.' }, de: { setup: 'Jeder erhält drei Karten.', turn: 'Spiel deine höchsten Karten.', scoring: 'Die höchste Summe gewinnt.', rulings: 'Keine.' } },
  },
};
