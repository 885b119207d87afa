/**
 * Golden replays of Endless Winter's option ids: seeded games (2–4 players, modules on and off) with a random chooser
 * that now and then picks a set of several items, digesting at every step the seat owed, the option ids in order,
 * the default, the sets, and the choice. `fixtures/option-ids.json` holds the digests made by the engine before its
 * decisions were made faster (commit c4c9493); a stored game replays only if its options keep their ids and order.
 *
 * Regenerate (only for a deliberate change of option ids, which needs a rules version):
 *   tsx test/endless-winter/option-ids.ts > test/endless-winter/fixtures/option-ids.json
 */
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { randInt, seedRng, shuffle } from '../../src/engine/rng.js';
import type { Decision, GameEngine } from '../../src/engine/types.js';
import { storedKey } from '../../src/games/endless-winter/keys.js';

export const GOLDEN_GAMES: { players: number; options: Record<string, string>; seed: string }[] = [
  { players: 2, options: {}, seed: 'ids-a' },
  { players: 3, options: {}, seed: 'ids-b' },
  { players: 4, options: {}, seed: 'ids-c' },
  { players: 2, options: { setup: 'both', majority: 'yes', ice: 'yes', rest: 'yes' }, seed: 'ids-d' },
  { players: 3, options: { setup: 'cards', short: 'yes', rest: 'yes' }, seed: 'ids-e' },
  { players: 4, options: { setup: 'both', ice: 'yes', majority: 'yes' }, seed: 'ids-f' },
];

/** The digest of one seeded game's options and choices, played by `engine` (plain steps in place). */
export function optionDigest(engine: GameEngine<any>, game: (typeof GOLDEN_GAMES)[number]): string {
  const h = createHash('sha256');
  const rng = seedRng(`choose:${game.seed}`);
  const s = engine.setup(game.players, game.options, game.seed);
  for (let step = 0; step < 20_000; step++) {
    const owed: Decision[] = engine.decisions(s);
    if (!owed.length) return h.digest('hex');
    const d = owed[0]!;
    const set = d.sets?.[0];
    let id = d.options[randInt(rng, d.options.length)]!.id;
    let option = d.options.find((o) => o.id === id)!;
    if (set && randInt(rng, 3) === 0) {
      const items = d.options.filter((o) => o.group === set.group && !o.role);
      if (items.length >= 2) {
        const chosen = shuffle(rng, [...items]).slice(0, Math.min(set.max, 2));
        const inOrder = items.filter((o) => chosen.includes(o));
        id = inOrder.map((o) => o.id).join('+');
        option = { id, label: inOrder[0]!.label, items: inOrder };
      }
    }
    // A set's group is a message key: digested as it was before the keys got the game's prefix (keys.ts, issue #29).
    const sets = d.sets?.map((x) => ({ ...x, group: storedKey(x.group) })) ?? null;
    h.update(JSON.stringify([d.seat, d.options.map((o) => o.id), d.defaultOption, sets, id])).update('\n');
    engine.perform(s, d.seat, option);
  }
  throw new Error(`option ids: ${game.seed} does not end`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { engine } = (await import('../../src/games/endless-winter/index.js')) as { engine: GameEngine<any> };
  console.log(JSON.stringify(GOLDEN_GAMES.map((g) => ({ seed: g.seed, digest: optionDigest(engine, g) })), null, 2));
}
