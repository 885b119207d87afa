/**
 * Clicks per turn: how many interactions a person makes on their panel per turn, over self-play games.
 *
 * A turn is the game's own: in Eiszeit a settling turn (play a card, its action, discard, draw; a dark card that the
 * other players carry out counts their clicks in that turn too), in Endless Winter a player's turn of the action phase
 * (progress cards to the end of the turn, with the incomes it brings); elsewhere, and in set-up, eclipse or glacier
 * choices, a run of decisions by one seat. Every decision is
 * one interaction (a button, a menu choice, a multi-select choice of several items), plus one per page turn when the
 * option sits on a later page of an overflowing panel. A step the engine carries out by itself is no decision and
 * costs nothing. The "My turn" click that opens the panel is not counted (one per turn, the same for every game).
 *
 * Two players stand in for people:
 *  - `random`: uniform among the options (Back excluded, as for computer players); an item of a multi-select comes
 *    with a random number of further items, as a person ticks several at once;
 *  - `thorough`: uses its actions fully: uniform among the options without a control role, Done/Pass only when
 *    nothing else is offered (people rarely give up the rest of a card's action).
 *
 * `npx tsx scripts/clicks.ts [--games 40] [--game eiszeit,endless-winter] [--json]`; `npm run bench` prints it too.
 */
import { resolveOption } from '../src/engine/apply.js';
import { randInt, seedRng, type RngState } from '../src/engine/rng.js';
import type { Decision, Option } from '../src/engine/types.js';
import type { GameModule } from '../src/games/types.js';
import { optionPage } from '../src/bot/present.js';

export type ClickPlayer = 'random' | 'thorough';

export interface ClickStats {
  player: ClickPlayer;
  players: number;
  games: number;
  turns: number;
  median: number;
  mean: number;
  p90: number;
  /** Interactions per decision prompt (message key), over all games: where the clicks go. */
  byPrompt: Record<string, number>;
}

/** The option a stand-in person picks, as the id the bot would send (a set choice joins its items with `+`). */
function pickFor(player: ClickPlayer, d: Decision, rng: RngState): string {
  const forward = d.options.filter((o) => o.role !== 'back');
  let pool: Option[] = forward.length ? forward : d.options;
  if (player === 'thorough') {
    const real = pool.filter((o) => !o.role);
    if (real.length) pool = real;
    else {
      const finish = pool.filter((o) => o.role === 'finish');
      if (finish.length) pool = finish;
    }
  }
  const o = pool[randInt(rng, pool.length)]!;
  const set = o.group ? d.sets?.find((x) => x.group === o.group) : undefined;
  if (!set) return o.id;
  const items = d.options.filter((x) => x.group === set.group && !x.role);
  const want = set.min + randInt(rng, Math.min(set.max, items.length) - set.min + 1);
  const chosen = new Set([o.id]);
  while (chosen.size < want) chosen.add(items[randInt(rng, items.length)]!.id);
  return items.filter((x) => chosen.has(x.id)).map((x) => x.id).join('+');
}

/** Which turn a decision belongs to (see the header); decisions with the same key in a row form one turn. */
function turnKey(gameId: string, state: any, d: Decision): string {
  if (gameId === 'eiszeit' && state.phase === 'settle') return `settle:${state.round}:${state.turns}`;
  if (gameId === 'endless-winter' && state.phase === 'action' && state.turn) return `turn:${state.turns}`;
  return `seat:${d.seat}`;
}

const median = (xs: number[]): number => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length % 2 ? s[h]! : (s[h - 1]! + s[h]!) / 2;
};

/** Plays `games` self-play games of `module` and counts the interactions of every turn. */
export function measureClicks(module: GameModule, opts: { games: number; players: number; player: ClickPlayer; seedPrefix?: string; maxSteps?: number }): ClickStats {
  const e = module.engine;
  const perTurn: number[] = [];
  const byPrompt: Record<string, number> = {};
  for (let g = 0; g < opts.games; g++) {
    const seed = `${opts.seedPrefix ?? 'clicks'}-${opts.players}-${g}`;
    const rng = seedRng(`clicks:${seed}`);
    let state = e.setup(opts.players, {}, seed);
    let last = -1;
    let turn = '';
    let clicks = 0;
    for (let step = 0; step < (opts.maxSteps ?? 20_000); step++) {
      const owed = e.decisions(state);
      if (!owed.length) break;
      // The player at the panel goes on while they still owe something.
      const d = owed.find((x) => x.seat === last) ?? owed[randInt(rng, owed.length)]!;
      last = d.seat;
      const key = turnKey(e.id, state, d);
      if (key !== turn) {
        if (turn) perTurn.push(clicks);
        clicks = 0;
        turn = key;
      }
      const id = pickFor(opts.player, d, rng);
      const option = resolveOption(d, id);
      if (!option) throw new Error(`clicks: ${e.id} did not accept ${id}`);
      const cost = 1 + optionPage(d, (option.items?.[0] ?? option).id);
      clicks += cost;
      byPrompt[d.prompt.key] = (byPrompt[d.prompt.key] ?? 0) + cost;
      // The same private copy all along (as computer players' playouts do): the engines' decisions are deterministic.
      if (step === 0) state = JSON.parse(JSON.stringify(state));
      e.perform(state, d.seat, option);
    }
    if (turn) perTurn.push(clicks);
  }
  const mean = perTurn.reduce((a, b) => a + b, 0) / Math.max(1, perTurn.length);
  const sorted = [...perTurn].sort((a, b) => a - b);
  return {
    player: opts.player, players: opts.players, games: opts.games, turns: perTurn.length,
    median: median(perTurn), mean: Math.round(mean * 100) / 100, p90: sorted[Math.floor(sorted.length * 0.9)] ?? NaN, byPrompt,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { parseArgs } = await import('./args.js');
  await import('../src/games/all.js');
  const { allGames } = await import('../src/games/registry.js');
  const args = parseArgs();
  const only = typeof args.game === 'string' ? args.game.split(',') : null;
  const games = typeof args.games === 'string' ? Number(args.games) : 40;
  const out: Record<string, ClickStats[]> = {};
  for (const m of allGames().filter((x) => !only || only.includes(x.engine.id))) {
    const players = Math.min(m.engine.maxPlayers, Math.max(m.engine.minPlayers, 3));
    out[m.engine.id] = (['random', 'thorough'] as const).map((player) => measureClicks(m, { games, players, player }));
    if (!args.json) {
      for (const r of out[m.engine.id]!) {
        const top = Object.entries(r.byPrompt).sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${(v / r.turns).toFixed(2)}`).join(', ');
        console.log(`${m.engine.name} (${players} players, ${r.player}): clicks per turn median ${r.median}, mean ${r.mean}, p90 ${r.p90} over ${r.turns} turns of ${r.games} games; per turn by prompt: ${top}`);
      }
    }
  }
  if (args.json) console.log(JSON.stringify(out, null, 2));
}
