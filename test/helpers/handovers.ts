/**
 * Handovers counted at the engine: how often the decision passes to someone new. After every step, the seats owing a
 * decision are compared with those owing one before: a handover is a step after which some seat owes a decision that
 * did not owe one before (the decision passed to a different person, or to several at once). Steps that stay with the
 * same seat (a compound action, a card and its follow-up, the discard after one's own card) and a window that only
 * shrinks as its seats answer are no handover. This is what the bot's one-post-one-ping rule counts, without the bot
 * (`npm run bench -- --noise` measures it through the bot). A reaction window's decision that offers `pass` alone is
 * answered by the service unseen (docs/decisions.md, "Reaction windows"): nobody is asked, so it is no handover.
 */
import { apply } from '../../src/engine/apply.js';
import { policyOptions } from '../../src/engine/selfplay.js';
import { randInt, seedRng } from '../../src/engine/rng.js';
import type { BaseState, Decision, GameEngine, LobbyOptions } from '../../src/engine/types.js';

/** Whether a person is asked for this decision (a window's pass-only decision is answered for them, unseen). */
export const asked = (d: Decision): boolean => !(d.window && d.options.every((o) => o.role === 'pass'));

export interface HandoverCount {
  /** Handovers per bucket (e.g. `settle 1`), summed over the games. */
  byBucket: Map<string, number>;
  games: number;
}

/**
 * Plays `games` seeded games choosing uniformly among the options a computer may choose (never `back`), answering
 * the owed decisions in a random order, and counts handovers per `bucket(state after the step)`. `observe`, when
 * given, sees the state after every handover (the game's first decision too) with the game's number, in order: a
 * game's own script can tell where its handovers come from.
 */
export function countHandovers<S extends BaseState>(
  engine: GameEngine<S>, players: number, options: LobbyOptions, games: number, bucket: (s: S) => string, seedPrefix = 'handovers',
  observe?: (s: S, game: number) => void,
): HandoverCount {
  const byBucket = new Map<string, number>();
  for (let g = 0; g < games; g++) {
    const rng = seedRng(`${seedPrefix}-choices-${g}`);
    let s = engine.setup(players, options, `${seedPrefix}-${g}`);
    const people = (x: S) => new Set(engine.decisions(x).filter(asked).map((d) => d.seat));
    let owedBefore = people(s);
    const add = (k: string) => byBucket.set(k, (byBucket.get(k) ?? 0) + 1);
    add(bucket(s)); // the first decision is handed to someone too
    observe?.(s, g);
    for (let step = 0; step < 100_000; step++) {
      const owed = engine.decisions(s);
      if (owed.length === 0) break;
      const d = owed[randInt(rng, owed.length)]!;
      const allowed = policyOptions(d);
      const o = allowed[randInt(rng, allowed.length)]!;
      const r = apply(engine, s, d.seat, o.id);
      if (!r.ok) throw new Error(`offered option ${o.id} rejected: ${r.error.code}`);
      s = r.state;
      const now = people(s);
      if ([...now].some((q) => !owedBefore.has(q))) {
        add(bucket(s));
        observe?.(s, g);
      }
      owedBefore = now;
    }
  }
  return { byBucket, games };
}
