/**
 * Golden replays: recorded games that today's code must replay exactly, step by step. A recording keeps what the
 * store keeps of a game (its options with the data and rules versions, its seed, its player count, every choice with
 * the seat that made it, and the undos as the table made them) plus, after every step, a short digest of the state
 * and of the public and the private log lines. `test/golden/golden.test.ts` replays the corpus under `test/golden/`;
 * `npm run golden:record` (scripts/golden-record.ts) adds recordings. Pure: no files, no clock.
 *
 * A step is one line of text, so that a recording stays small and a diff stays readable:
 *  - `<seat> <option> <state> <public> <private>`: the seat chose the option (applied as the service applies it);
 *  - `undo <state>`: the table took back the last standing decision, and the state was rebuilt by replaying the seed
 *    and the decisions that stand, as `GameService.undoLast` does. The store keeps the taken-back decision (marked
 *    undone) in its place; here it stays in its line above.
 */
import { createHash } from 'node:crypto';
import { apply, replay } from './apply.js';
import { randInt, seedRng, type RngState } from './rng.js';
import { policyChoice, policyOptions } from './selfplay.js';
import type { BaseState, GameEngine, GameEvent, LobbyOptions, Msg, MsgArg, Option, Seat } from './types.js';

export const GOLDEN_FORMAT = 1;

export interface GoldenRecording {
  format: typeof GOLDEN_FORMAT;
  /** The recording's own name (its file name without `.json`). */
  id: string;
  /** The game's id (`GameEngine.id`). */
  game: string;
  /** The rules version the game was played by (the same as `options.rulesVersion`). */
  rulesVersion: number;
  players: number;
  /** The options the game was set up with, as the store keeps them: the lobby's, `dataVersion` and `rulesVersion`. */
  options: LobbyOptions;
  seed: string;
  /** `finished`: the last step ended the game; `stopped`: the game still runs after it. */
  end: 'finished' | 'stopped';
  /** How the choices were made (for the reader; replaying never asks). */
  chooser: string;
  /** The digest of the state after setup. */
  setup: string;
  steps: string[];
}

/** A short digest of a JSON value: the SHA-256 of its JSON text (the text the store keeps), base64url, cut. */
export function digest(value: unknown, chars: number): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, chars);
}

const STATE_CHARS = 8;
const EVENT_CHARS = 4;

export const stateDigest = (state: unknown): string => digest(state, STATE_CHARS);
/**
 * The digests of the public log lines (for everybody) and of the private ones (with their `to`). With `engine`, the
 * lines as recorded: a message key renamed since is digested under the key it had (`recordedKeys`).
 */
export function eventDigests(events: GameEvent[], engine?: Pick<GameEngine, 'messages'>): { public: string; private: string } {
  const ev = engine ? recordedEvents(engine, events) : events;
  return { public: digest(ev.filter((e) => !e.to), EVENT_CHARS), private: digest(ev.filter((e) => e.to), EVENT_CHARS) };
}

const recordedKeysOf = new WeakMap<object, Map<string, string>>();

/**
 * Today's message keys of a game mapped back to the keys its log lines were recorded with (the reverse of its
 * `messages.aliases`): a key renamed without a change of text changes no recording, so recordings are never
 * re-recorded for a rename.
 */
export function recordedKeys(engine: Pick<GameEngine, 'messages'>): Map<string, string> {
  let keys = recordedKeysOf.get(engine.messages);
  if (!keys) {
    keys = new Map(Object.entries(engine.messages.aliases ?? {}).map(([old, now]) => [now, old]));
    recordedKeysOf.set(engine.messages, keys);
  }
  return keys;
}

function recordedEvents(engine: Pick<GameEngine, 'messages'>, events: GameEvent[]): GameEvent[] {
  const keys = recordedKeys(engine);
  if (!keys.size) return events;
  const arg = (a: MsgArg): MsgArg => (Array.isArray(a) ? a.map(arg) as MsgArg : typeof a === 'object' && 'key' in a ? msgOf(a) : a);
  const msgOf = (x: Msg): Msg => {
    const key = keys.get(x.key) ?? x.key;
    if (!x.args) return key === x.key ? x : { ...x, key };
    return { ...x, key, args: Object.fromEntries(Object.entries(x.args).map(([k, a]) => [k, arg(a)])) };
  };
  return events.map((e) => ({ ...e, msg: msgOf(e.msg) }));
}

export type GoldenStep =
  | { kind: 'choice'; seat: Seat; option: string; state: string; public: string; private: string }
  | { kind: 'undo'; state: string };

export function parseStep(line: string): GoldenStep {
  const f = line.split(' ');
  if (f[0] === 'undo' && f.length === 2) return { kind: 'undo', state: f[1]! };
  if (f.length !== 5 || !/^\d+$/.test(f[0]!)) throw new Error(`not a golden step: "${line}"`);
  return { kind: 'choice', seat: Number(f[0]), option: f[1]!, state: f[2]!, public: f[3]!, private: f[4]! };
}

function choiceLine(engine: Pick<GameEngine, 'messages'>, seat: Seat, option: string, state: unknown, events: GameEvent[]): string {
  const e = eventDigests(events, engine);
  return `${seat} ${option} ${stateDigest(state)} ${e.public} ${e.private}`;
}

/** Where a replay first departs from a recording. `step` counts the recording's lines from 1; 0 is the setup. */
export interface GoldenMismatch { step: number; of: number; line: string; what: string }

/**
 * Replays a recording with today's code and returns the first step whose state or log lines differ from it (or
 * whose choice is refused, or where the game ends elsewhere); null when it replays exactly.
 */
export function checkRecording<S extends BaseState>(engine: GameEngine<S>, rec: GoldenRecording): GoldenMismatch | null {
  return replayRecording(engine, rec, false).mismatch;
}

/**
 * After a change of the state's shape alone (fields renamed or moved, with `upgrade` for stored states), the
 * recording with the state digests of today's shape: only if every choice is still taken, every log line is the same
 * and the game ends where it did (else the mismatch). `npm run golden:record -- --game G --restate`.
 */
export function restateRecording<S extends BaseState>(engine: GameEngine<S>, rec: GoldenRecording): { rec: GoldenRecording } | { mismatch: GoldenMismatch } {
  const r = replayRecording(engine, rec, true);
  if (r.mismatch) return { mismatch: r.mismatch };
  return { rec: { ...rec, setup: r.states[0]!, steps: rec.steps.map((line, i) => line.replace(/^(\S+ \S+ )\S+|^undo \S+/, (m, head: string | undefined) => (head ? `${head}${r.states[i + 1]}` : `undo ${r.states[i + 1]}`))) } };
}

function replayRecording<S extends BaseState>(engine: GameEngine<S>, rec: GoldenRecording, ignoreState: boolean): { mismatch: GoldenMismatch | null; states: string[] } {
  const of = rec.steps.length;
  const states: string[] = [];
  const fail = (step: number, line: string, what: string) => ({ mismatch: { step, of, line, what }, states });
  const stateDiffers = (state: S, want: string) => {
    const d = stateDigest(state);
    states.push(d);
    return !ignoreState && d !== want;
  };
  let state: S;
  try {
    state = engine.setup(rec.players, rec.options, rec.seed);
  } catch (err) {
    return fail(0, 'setup', `setup refuses the recorded options (${(err as Error).message})`);
  }
  if (stateDiffers(state, rec.setup)) return fail(0, 'setup', 'the state after setup differs');
  const standing: { seat: Seat; option: string }[] = [];
  for (const [i, line] of rec.steps.entries()) {
    const step = parseStep(line);
    if (step.kind === 'undo') {
      standing.pop();
      state = replay(engine, rec.players, rec.options, rec.seed, standing);
      if (stateDiffers(state, step.state)) return fail(i + 1, line, 'the state rebuilt after the undo differs');
      continue;
    }
    const r = apply(engine, state, step.seat, step.option);
    if (!r.ok) return fail(i + 1, line, `the choice is refused now (${r.error.code})`);
    const e = eventDigests(r.events, engine);
    const differ = [
      ...(stateDiffers(r.state, step.state) ? ['the state'] : []),
      ...(e.public !== step.public ? ['the public log lines'] : []),
      ...(e.private !== step.private ? ['the private log lines'] : []),
    ];
    if (differ.length) return fail(i + 1, line, `${differ.join(' and ')} ${differ.length === 1 && differ[0] === 'the state' ? 'differs' : 'differ'}`);
    standing.push({ seat: step.seat, option: step.option });
    state = r.state;
  }
  const over = engine.decisions(state).length === 0;
  if (rec.end === 'finished' && !over) return fail(of, rec.steps.at(-1) ?? 'setup', 'the game no longer ends here');
  if (rec.end === 'stopped' && over) return fail(of, rec.steps.at(-1) ?? 'setup', 'the game ends here now');
  return { mismatch: null, states };
}

export interface RecordPlan {
  id: string;
  players: number;
  /** The options as the store would keep them (with `dataVersion` and `rulesVersion`). */
  options: LobbyOptions;
  rulesVersion: number;
  seed: string;
  /** Stop after this share of the whole game's steps (0 < share < 1); absent: play to the end. */
  stopAt?: number;
  /** At most this many undos, at random points (now and then two in a row)… */
  undos?: number;
  /** …each after a step with a chance of 1 in `undoEvery` (default 40). */
  undoEvery?: number;
}

/**
 * The choices of a recording: one seeded stream picks whose decision goes first (a reaction window asks several at
 * once) and the option, by the engine's rule of thumb for playouts where it has one (else at random among the
 * options a computer may take), with now and then a uniformly random option, `back` included, so that the
 * recordings walk the rarer paths too.
 */
function choose<S extends BaseState>(engine: GameEngine<S>, state: S, rng: RngState): { seat: Seat; option: Option } {
  const owed = engine.decisions(state);
  const d = owed[randInt(rng, owed.length)]!;
  if (randInt(rng, 20) === 0) return { seat: d.seat, option: d.options[randInt(rng, d.options.length)]! };
  const allowed = policyOptions(d);
  const pick = allowed.length > 1 && engine.playoutPolicy ? engine.playoutPolicy(state, d.seat, allowed.map((o) => o.id), rng) : null;
  const option = policyChoice(d, allowed, pick, rng);
  if (!option) throw new Error(`golden: the playout policy of ${engine.id} chose ${String(pick)}, which is no option`);
  return { seat: d.seat, option };
}

/** Plays and records one game by the plan (deterministic: the same plan gives the same recording). */
export function recordGame<S extends BaseState>(engine: GameEngine<S>, plan: RecordPlan, maxSteps = 20_000): GoldenRecording {
  const rng = seedRng(`golden:${plan.seed}`);
  let state = engine.setup(plan.players, plan.options, plan.seed);
  const setup = stateDigest(state);
  const steps: string[] = [];
  const standing: { seat: Seat; option: string }[] = [];
  let undos = plan.undos ?? 0;
  while (engine.decisions(state).length > 0) {
    if (steps.length >= maxSteps) throw new Error(`golden: ${engine.id} ${plan.id} did not end in ${maxSteps} steps`);
    const c = choose(engine, state, rng);
    const r = apply(engine, state, c.seat, c.option.id);
    if (!r.ok) throw new Error(`golden: ${engine.id} refused its own option ${c.option.id} (${r.error.code})`);
    state = r.state;
    standing.push({ seat: c.seat, option: c.option.id });
    steps.push(choiceLine(engine, c.seat, c.option.id, state, r.events));
    // An undo as the table makes one: only while the game runs, of the last decision that stands.
    if (undos > 0 && randInt(rng, plan.undoEvery ?? 40) === 0 && engine.decisions(state).length > 0) {
      const times = standing.length > 1 && randInt(rng, 3) === 0 ? 2 : 1;
      for (let k = 0; k < times; k++) {
        standing.pop();
        state = replay(engine, plan.players, plan.options, plan.seed, standing);
        steps.push(`undo ${stateDigest(state)}`);
      }
      undos--;
    }
  }
  const rec: GoldenRecording = {
    format: GOLDEN_FORMAT, id: plan.id, game: engine.id, rulesVersion: plan.rulesVersion, players: plan.players, options: plan.options,
    seed: plan.seed, end: 'finished', chooser: 'seeded: playout policy, 1 in 20 uniformly random (back included)', setup, steps,
  };
  if (plan.stopAt === undefined) return rec;
  // A game stopped mid-way is the whole game's first steps: cut where a running game stands (not on an undo line).
  let cut = Math.min(steps.length - 1, Math.max(1, Math.floor(steps.length * plan.stopAt)));
  while (cut > 1 && steps[cut - 1]!.startsWith('undo')) cut--;
  return { ...rec, end: 'stopped', steps: steps.slice(0, cut) };
}

/** A recording as committed: the header on one line each, then one step a line (readable diffs, small files). */
export function formatRecording(rec: GoldenRecording): string {
  const { steps, ...head } = rec;
  const lines = Object.entries(head).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`);
  return `{\n${lines.join('\n')}\n  "steps": [\n${steps.map((s) => `    ${JSON.stringify(s)}`).join(',\n')}\n  ]\n}\n`;
}
