import { describe, expect, it } from 'vitest';
import { apply } from '../../src/engine/apply.js';
import { randInt, seedRng, type RngState } from '../../src/engine/rng.js';
import type { GameEngine, Seat } from '../../src/engine/types.js';
import { aiRng, DEFAULT_HORIZON_WITH_ESTIMATE, candidateOptions, computerPlayer, randomPlayer, scoresInView, strongPlayer, viewScoreEvaluator } from '../../src/ai/index.js';
import { runMatch } from '../../scripts/ai-match.js';
import { toyEngine, type ToyState } from './toy-game.js';

/** A toy position in the trick phase; `hands[seat]` are card numbers (suit = card / 12, rank = card % 12 + 1). */
function trickPosition(hands: number[][], toAct: Seat, trick: { seat: Seat; card: number }[] = [], deck: number[] = []): ToyState {
  const s = toyEngine.setup(hands.length, {}, 'builder');
  const used = new Set([...hands.flat(), ...trick.map((t) => t.card), ...deck]);
  return {
    ...s,
    hands: hands.map((h) => [...h].sort((a, b) => a - b)),
    deck: deck.length ? deck : [...Array(36).keys()].filter((c) => !used.has(c)),
    phase: 'tricks',
    marked: hands.map(() => []),
    exchanged: hands.map(() => true),
    discards: hands.map(() => []),
    leader: trick[0]?.seat ?? toAct,
    toAct,
    trick,
    tricks: hands.map(() => 0),
    played: trick.map((t) => t.card),
  };
}

describe('random level', () => {
  it('GIVEN whole toy games for 2–4 players THEN it only ever picks an offered option, and never "back"', () => {
    for (const players of [2, 3, 4]) {
      for (let g = 0; g < 10; g++) {
        let state = toyEngine.setup(players, {}, `random-${players}-${g}`);
        const rng = aiRng(`random-${players}-${g}`);
        const order = seedRng(`order-${g}`);
        let backOffered = 0;
        for (let step = 0; step < 1000; step++) {
          const owed = toyEngine.decisions(state);
          if (owed.length === 0) break;
          const d = owed[randInt(order, owed.length)]!;
          if (d.options.some((o) => o.role === 'back')) backOffered++;
          const id = randomPlayer.choose(toyEngine, state, d.seat, {}, rng);
          expect(d.options.map((o) => o.id)).toContain(id);
          expect(id).not.toBe('back');
          const r = apply(toyEngine, state, d.seat, id);
          expect(r.ok).toBe(true);
          if (r.ok) state = r.state;
        }
        expect(toyEngine.outcome(state), 'the game was played to its end').not.toBeNull();
        if (players === 2 && g === 0) expect(backOffered, 'the games did offer "back" options').toBeGreaterThan(0);
      }
    }
  });

  it('GIVEN the same generator seed THEN it makes the same choices', () => {
    const state = toyEngine.setup(3, {}, 'same-seed');
    const seat = toyEngine.decisions(state)[1]!.seat;
    const pick = (seed: string): string[] => {
      const rng = aiRng(seed);
      return [...Array(8)].map(() => randomPlayer.choose(toyEngine, state, seat, {}, rng));
    };
    expect(pick('x')).toEqual(pick('x'));
    const options = toyEngine.decisions(state).find((d) => d.seat === seat)!.options.length;
    expect(new Set(pick('x')).size, `varied among ${options} options`).toBeGreaterThan(1);
  });

  it('GIVEN a seat that owes no decision THEN it refuses', () => {
    const s = trickPosition([[0, 1], [12, 13]], 0);
    expect(() => randomPlayer.choose(toyEngine, s, 1, {}, aiRng('x'))).toThrow(/owes no decision/);
  });
});

describe('strong level', () => {
  it('GIVEN a fixed seeded set of 80 two-player toy games and 60 playouts a decision THEN it beats random clearly', async () => {
    const r = await runMatch({ game: toyEngine, games: 80, players: 2, maxIterations: 60, seed: 'strong-vs-random' });
    expect(r.wins + r.ties + r.losses).toBe(80);
    // Random against random wins half of these games; the toy has much luck (hands are dealt), so "clearly" is 65%.
    expect(r.winRate).toBeGreaterThanOrEqual(0.65);
  }, 600_000); // no speed goal here: only a generous limit for a busy machine

  it('GIVEN the last two tricks, where only the king keeps the lead THEN it plays the king', () => {
    // Seat 1 led the 10 of suit 0 (card 9) and keeps one card. Seat 0 holds the 12 and the 5 of suit 0
    // (cards 11 and 4). Taking the trick with the 12 and leading the 5 wins both tricks whenever seat 1 has
    // no higher card of suit 0 left; ducking with the 5 gives seat 1 the lead and at least one trick.
    const s = trickPosition([[11, 4], [12]], 0, [{ seat: 1, card: 9 }]);
    const choice = strongPlayer().decide(toyEngine, s, 0, { maxIterations: 200 }, aiRng('king'));
    expect(choice.reason).toBe('search');
    expect(choice.optionId).toBe('play:11');
  });

  it('GIVEN a decision with one forward option besides "back" THEN it takes that option without searching', () => {
    const base = toyEngine.setup(2, {}, 'only');
    const marked = [base.hands[0]![0]!, base.hands[0]![1]!];
    const s: ToyState = { ...base, marked: [marked, []] };
    const d = toyEngine.decisions(s).find((x) => x.seat === 0)!;
    expect(d.options.map((o) => o.id).sort()).toEqual(['back', 'finish']);
    const choice = strongPlayer().decide(toyEngine, s, 0, { maxIterations: 50 }, aiRng('only'));
    expect(choice).toMatchObject({ optionId: 'finish', reason: 'only', iterations: 0 });
  });

  it('GIVEN an exchange in progress THEN it never steps back, whatever it searches', () => {
    const base = toyEngine.setup(2, {}, 'no-back');
    const s: ToyState = { ...base, marked: [[base.hands[0]![0]!], []] };
    const d = toyEngine.decisions(s).find((x) => x.seat === 0)!;
    expect(d.options.some((o) => o.role === 'back')).toBe(true);
    expect(candidateOptions(d).some((o) => o.role === 'back')).toBe(false);
    const choice = strongPlayer().decide(toyEngine, s, 0, { maxIterations: 100 }, aiRng('no-back'));
    expect(choice.optionId).not.toBe('back');
    expect(choice.arms!.map((a) => a.optionId)).not.toContain('back');
  });

  it('GIVEN an engine that memoises decisions per state object and forgets them in perform (as the contract asks) THEN the search plays as without the memo', () => {
    const memo = new WeakMap<object, ReturnType<typeof toyEngine.decisions>>();
    const memoising: GameEngine<ToyState> = {
      ...toyEngine,
      decisions(state) {
        let d = memo.get(state);
        if (!d) memo.set(state, (d = toyEngine.decisions(state)));
        return d;
      },
      perform(draft, seat, option) {
        memo.delete(draft);
        return toyEngine.perform(draft, seat, option);
      },
    };
    for (const [players, seed] of [[2, 'm1'], [3, 'm2'], [4, 'm3']] as const) {
      const s = toyEngine.setup(players, {}, seed);
      const seat = toyEngine.decisions(s)[0]!.seat;
      const plain = strongPlayer().decide(toyEngine, s, seat, { maxIterations: 60 }, aiRng(seed));
      const memoised = strongPlayer().decide(memoising, s, seat, { maxIterations: 60 }, aiRng(seed));
      expect(memoised.arms).toEqual(plain.arms);
    }
  });

  it('GIVEN an iteration cap and no time budget THEN the same seed gives the same choice and statistics', () => {
    const s = toyEngine.setup(3, {}, 'repro');
    const seat = toyEngine.decisions(s)[0]!.seat;
    const a = strongPlayer().decide(toyEngine, s, seat, { maxIterations: 120 }, aiRng('r'));
    const b = strongPlayer().decide(toyEngine, s, seat, { maxIterations: 120 }, aiRng('r'));
    expect(a.iterations).toBe(120);
    expect(b.optionId).toBe(a.optionId);
    expect(b.arms).toEqual(a.arms);
  });

  it('GIVEN a time budget only THEN it stops on time and still answers', () => {
    const s = toyEngine.setup(2, {}, 'timed');
    const seat = toyEngine.decisions(s)[0]!.seat;
    const choice = strongPlayer().decide(toyEngine, s, seat, { timeMs: 30 }, aiRng('t'));
    expect(toyEngine.decisions(s).find((d) => d.seat === seat)!.options.map((o) => o.id)).toContain(choice.optionId);
    expect(choice.iterations).toBeGreaterThan(0);
  });
});

describe('the strong level never sees hidden information', () => {
  /**
   * The toy engine with `determinize` wrapped: it records its calls and tags every world it hands out with a
   * number (a plain field, so copies of a world keep it); `perform` records the tag of every draft it gets.
   */
  function spied(): { engine: GameEngine<ToyState>; calls: { seat: Seat }[]; performedOn: (number | undefined)[] } {
    const calls: { seat: Seat }[] = [];
    const performedOn: (number | undefined)[] = [];
    const engine: GameEngine<ToyState> = {
      ...toyEngine,
      determinize(state: ToyState, seat: Seat, rng: RngState) {
        calls.push({ seat });
        return { ...toyEngine.determinize!(state, seat, rng), world: calls.length } as ToyState;
      },
      perform(draft, seat, option) {
        performedOn.push((draft as ToyState & { world?: number }).world);
        return toyEngine.perform(draft, seat, option);
      },
    };
    return { engine, calls, performedOn };
  }

  it('GIVEN a search of 80 playouts THEN every playout runs on a fresh world from determinize for that seat', () => {
    const { engine, calls, performedOn } = spied();
    const s = toyEngine.setup(3, {}, 'spy');
    const seat = 2;
    const choice = strongPlayer().decide(engine, s, seat, { maxIterations: 80 }, aiRng('spy'));
    expect(choice.iterations).toBe(80);
    expect(calls).toHaveLength(80);
    expect(calls.every((c) => c.seat === seat)).toBe(true);
    expect(performedOn.length).toBeGreaterThan(80);
    expect(performedOn.every((w) => w !== undefined), 'perform only ever ran on copies of determinized worlds').toBe(true);
    expect(new Set(performedOn).size, 'each playout had a world of its own').toBe(80);
  });

  it('GIVEN two states that differ only in cards seat 0 cannot see THEN its search is exactly the same', () => {
    const a = trickPosition([[0, 1, 2, 14], [3, 4, 15, 16], [5, 17, 18, 19]], 0, [], [6, 7, 8, 20, 21, 22]);
    // Swap hidden cards between seat 1, seat 2 and the deck: seat 0's view is unchanged.
    const b = trickPosition([[0, 1, 2, 14], [6, 7, 21, 22], [3, 4, 15, 8]], 0, [], [5, 17, 18, 16, 19, 20]);
    expect(toyEngine.view(b, 0)).toEqual(toyEngine.view(a, 0));
    const ca = strongPlayer().decide(toyEngine, a, 0, { maxIterations: 150 }, aiRng('hidden'));
    const cb = strongPlayer().decide(toyEngine, b, 0, { maxIterations: 150 }, aiRng('hidden'));
    expect(cb.arms).toEqual(ca.arms);
    expect(cb.optionId).toBe(ca.optionId);
  });

  it('GIVEN an engine without determinize THEN the strong level does not search (it would peek) and plays randomly', () => {
    const { determinize: _omit, ...rest } = toyEngine;
    const engine: GameEngine<ToyState> = rest;
    const s = toyEngine.setup(2, {}, 'nodet');
    const seat = toyEngine.decisions(s)[0]!.seat;
    const choice = computerPlayer('strong').decide(engine, s, seat, { maxIterations: 50 }, aiRng('n'));
    expect(choice.reason).toBe('no-determinize');
    expect(choice.iterations).toBe(0);
  });
});

describe('cut-off playouts', () => {
  it('GIVEN a playout step cap THEN unfinished playouts are scored by the evaluator, from the searching seat', () => {
    const seen: Seat[] = [];
    const player = strongPlayer({ evaluate: (_e, _s, seat) => { seen.push(seat); return 1; } });
    const s = toyEngine.setup(2, {}, 'cut');
    const seat = toyEngine.decisions(s)[1]!.seat;
    const choice = player.decide(toyEngine, s, seat, { maxIterations: 30, maxPlayoutSteps: 3 }, aiRng('cut'));
    expect(seen).toHaveLength(30);
    expect(seen.every((x) => x === seat)).toBe(true);
    expect(choice.arms!.every((a) => a.visits === 0 || a.mean === 1)).toBe(true);
  });

  it('GIVEN views with scores in the usual shapes THEN they are found, and the margin orders the seats', () => {
    expect(scoresInView({ scores: [3, 9] }, 2)).toEqual([3, 9]);
    expect(scoresInView({ players: [{ score: 4 }, { score: 1 }, { score: 0 }] }, 3)).toEqual([4, 1, 0]);
    expect(scoresInView({ score: [1, 2, 3] }, 2)).toBeNull();
    expect(scoresInView({ tricks: [1, 2] }, 2)).toBeNull();
    const engine = { ...toyEngine, view: (st: ToyState) => ({ scores: [...st.tricks] }) } as unknown as GameEngine<ToyState>;
    const s: ToyState = { ...toyEngine.setup(2, {}, 'v'), tricks: [5, 1] };
    expect(viewScoreEvaluator(engine, s, 0)).toBeGreaterThan(0.5);
    expect(viewScoreEvaluator(engine, s, 1)).toBeLessThan(0.5);
    expect(viewScoreEvaluator(toyEngine, s, 0), 'no scores in the view: no opinion').toBe(0.5);
  });

  it('GIVEN an engine with an estimate THEN cut-off playouts are scored by it, finished ones by the outcome', () => {
    const calls: Seat[] = [];
    const engine = {
      ...toyEngine,
      estimate(state: ToyState, seat: Seat) {
        calls.push(seat);
        return state.tricks[seat]! > 0 ? 1 : 0;
      },
    };
    const s = toyEngine.setup(4, {}, 'estimate');
    const seat = toyEngine.decisions(s)[2]!.seat;
    strongPlayer().decide(engine, s, seat, { maxIterations: 20, maxPlayoutSteps: 10 }, aiRng('e'));
    expect(calls).toHaveLength(20);
    expect(calls.every((c) => c === seat)).toBe(true);
    // A whole 4-player toy game takes at most 8 exchange steps and 20 cards: within the default horizon.
    calls.length = 0;
    strongPlayer().decide(engine, s, seat, { maxIterations: 20 }, aiRng('e'));
    expect(DEFAULT_HORIZON_WITH_ESTIMATE).toBeGreaterThanOrEqual(28);
    expect(calls).toHaveLength(0);
  });

  it('GIVEN an engine with a playout policy THEN playouts follow it, among the forward options offered', () => {
    const asked: { ids: string[]; picked: number }[] = [];
    const engine = {
      ...toyEngine,
      playoutPolicy(_state: ToyState, _seat: Seat, ids: string[]) {
        const picked = ids.length - 1; // always the last option: finish the exchange, or the highest card
        asked.push({ ids, picked });
        return picked;
      },
    };
    const s = toyEngine.setup(2, {}, 'policy');
    const seat = toyEngine.decisions(s)[0]!.seat;
    strongPlayer().decide(engine, s, seat, { maxIterations: 10 }, aiRng('p'));
    expect(asked.length).toBeGreaterThan(10);
    expect(asked.every((a) => a.ids.length > 1 && !a.ids.includes('back'))).toBe(true);
  });

  it('GIVEN an engine with a playout cut THEN playouts follow the policy at every step and stop where the cut judges', () => {
    let policySteps = 0;
    const cutAt: number[] = [];
    const engine = {
      ...toyEngine,
      playoutPolicy(_state: ToyState, _seat: Seat, ids: string[]) {
        policySteps++;
        return ids.length - 1;
      },
      // judged after the third step of every playout: seat's tricks so far
      playoutCut(state: ToyState, seat: Seat, steps: number) {
        if (steps < 3) return null;
        cutAt.push(steps);
        return state.tricks[seat]! > 0 ? 1 : 0;
      },
    };
    const s = toyEngine.setup(2, {}, 'cut');
    const seat = toyEngine.decisions(s)[0]!.seat;
    const choice = strongPlayer().decide(engine, s, seat, { maxIterations: 12 }, aiRng('cut'));
    expect(choice.iterations).toBe(12);
    expect(cutAt).toEqual(new Array(12).fill(3));
    // no step of a playout at random: 3 guided steps each (the root's own pick asks the policy once more)
    expect(policySteps).toBeGreaterThanOrEqual(36);
  });

  /**
   * A one-decision game: seat 0 picks an option and the game ends. `win:*` wins for seat 0, `lose:*` for seat 1,
   * `draw:*` is shared. The playout policy always prefers `preferred`.
   */
  function oneShot(ids: string[], preferred: string): GameEngine<{ rng: RngState; picked: string | null }> {
    type S = { rng: RngState; picked: string | null };
    return {
      id: 'one-shot', name: 'One shot', minPlayers: 2, maxPlayers: 2, lobbyOptions: [], messages: { en: {}, de: {} },
      setup: (_players, _options, seed) => ({ rng: seedRng(seed), picked: null }),
      decisions: (s: S) => (s.picked === null
        ? [{ seat: 0, prompt: { key: 'pick' }, options: ids.map((id) => ({ id, label: { key: id } })), defaultOption: ids[0]! }]
        : []),
      perform(draft: S, _seat, option) { draft.picked = option.id; return { events: [], revealed: false }; },
      view: (s: S) => s,
      outcome(s: S) {
        if (s.picked === null) return null;
        const winners = s.picked.startsWith('win') ? [0] : s.picked.startsWith('lose') ? [1] : [0, 1];
        return { winners, ranking: [0, 1].map((seat) => ({ seat, place: winners.includes(seat) ? 1 : 2, score: 0 })) };
      },
      determinize: (s: S) => ({ ...s }),
      playoutPolicy: (_s: S, _seat, offered: string[]) => Math.max(0, offered.indexOf(preferred)),
    };
  }

  it('GIVEN an engine with a playout policy and options that all play alike THEN the search keeps the policy\'s choice', () => {
    const ids = ['draw:a', 'draw:b', 'draw:c', 'draw:d'];
    for (const preferred of ids) {
      const engine = oneShot(ids, preferred);
      for (const seed of ['x', 'y', 'z']) {
        const choice = strongPlayer().decide(engine, engine.setup(2, {}, 's'), 0, { maxIterations: 40 }, aiRng(seed));
        expect(choice.reason).toBe('search');
        expect(choice.optionId).toBe(preferred);
      }
    }
  });

  it('GIVEN too few playouts to tell the options apart THEN the search keeps the policy\'s choice', () => {
    const engine = oneShot(['win:a', 'win:b', 'lose:c', 'win:d'], 'lose:c');
    const choice = strongPlayer().decide(engine, engine.setup(2, {}, 's'), 0, { maxIterations: 3 }, aiRng('few'));
    expect(choice.optionId).toBe('lose:c');
  });

  it('GIVEN a policy that prefers a losing option and playouts that show it clearly THEN the search overrules the policy', () => {
    const engine = oneShot(['draw:a', 'lose:b', 'win:c'], 'lose:b');
    const choice = strongPlayer().decide(engine, engine.setup(2, {}, 's'), 0, { maxIterations: 30 }, aiRng('clear'));
    expect(choice.optionId).toBe('win:c');
  });
});
