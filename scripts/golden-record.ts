/**
 * `npm run golden:record -- --game eiszeit [--rules N] [--count 22] [--players 4] [--options k=v,k=v]
 *   [--stop 0.5|no] [--undos N] [--dry] | --restate`
 *
 * Records golden replays (see `src/engine/golden.ts`) into `test/golden/<game>/`, which the suite replays with
 * today's code. Without `--players` and `--options` it records a covering set: `--count` games (default 22) through
 * every player count and every value of every lobby option, every other one stopped mid-game, every third with
 * undos. `--rules N` records under rules version N (default: the newest); each rules version adds its own recordings
 * when it is registered. `--game all` records for every game. Files are named `v<rules>-<nn>-<players>p.json` with
 * the next free number; an existing recording is never overwritten (the script stops instead). `--dry` prints what
 * it would write.
 *
 * `npm run golden:record -- --game G --restate` is for a change of the state's shape alone (fields renamed, with
 * `upgrade` for stored states): it rewrites the state digests of the game's recordings, and only when every choice,
 * log line and end replays unchanged (see docs/decisions.md, "Changing a game").
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import '../src/games/all.js';
import { DATA_VERSION_OPTION } from '../src/engine/data-versions.js';
import { checkRecording, formatRecording, recordGame, restateRecording, type GoldenRecording, type RecordPlan } from '../src/engine/golden.js';
import { randInt, seedRng, shuffle } from '../src/engine/rng.js';
import { FIRST_RULES_VERSION, RULES_VERSION_OPTION } from '../src/engine/rules-versions.js';
import type { GameEngine, LobbyOptions } from '../src/engine/types.js';
import { allGames, getGame } from '../src/games/registry.js';
import { parseArgs } from './args.js';

const GOLDEN_DIR = path.join(import.meta.dirname, '..', 'test', 'golden');

function fail(message: string): never {
  console.error(`golden:record: ${message}`);
  process.exit(2);
}

/** The lobby options a game stores: every lobby option (its first value unless chosen), the data and rules versions. */
function storedOptions(engine: GameEngine, chosen: LobbyOptions, rules: number): LobbyOptions {
  const options: LobbyOptions = {};
  for (const o of engine.lobbyOptions) options[o.id] = chosen[o.id] ?? o.choices[0]!.value;
  if (engine.dataVersions) options[DATA_VERSION_OPTION] = String(engine.dataVersions.current);
  options[RULES_VERSION_OPTION] = String(rules);
  return options;
}

/**
 * The plans of `count` recordings: player counts in turn, each lobby option's values in turn; odd ones stopped mid-game, every third with undos.
 */
function coveringPlans(engine: GameEngine, rules: number, count: number, fixed: { players?: number; options?: LobbyOptions; stop?: number | null; undos?: number }, firstIndex: number): RecordPlan[] {
  const counts = Array.from({ length: engine.maxPlayers - engine.minPlayers + 1 }, (_, i) => engine.minPlayers + i);
  // Each option's values go round a seeded shuffle of the recordings: every value is met (given as many recordings),
  // and independently of the player count and of the other options.
  const order = engine.lobbyOptions.map((o) => shuffle(seedRng(`${engine.id}-v${rules}-${o.id}`), Array.from({ length: count }, (_, k) => k)));
  const plans: RecordPlan[] = [];
  for (let k = 0; k < count; k++) {
    const nn = String(firstIndex + k).padStart(2, '0');
    const players = fixed.players ?? counts[k % counts.length]!;
    const chosen: LobbyOptions = {};
    engine.lobbyOptions.forEach((o, i) => {
      const offered = !o.players || o.players.includes(players);
      chosen[o.id] = fixed.options?.[o.id] ?? (offered ? o.choices[order[i]![k]! % o.choices.length]!.value : o.choices[0]!.value);
    });
    const seed = `${engine.id}-v${rules}-${nn}`;
    const share = 0.25 + randInt(seedRng(seed), 50) / 100;
    const stopAt = fixed.stop === null ? undefined : fixed.stop ?? (k % 2 === 1 ? share : undefined);
    plans.push({ id: `v${rules}-${nn}-${players}p`, players, options: storedOptions(engine, chosen, rules), rulesVersion: rules, seed, stopAt, undos: fixed.undos ?? (k % 3 === 0 ? 3 : 0) });
  }
  return plans;
}

/** The next free recording number of a game's rules version. */
function nextIndex(dir: string, rules: number): number {
  const taken = existsSync(dir) ? readdirSync(dir).map((f) => new RegExp(`^v${rules}-(\\d+)-`).exec(f)).filter((m) => m).map((m) => Number(m![1])) : [];
  return taken.length ? Math.max(...taken) + 1 : 1;
}

/**
 * `--restate`: after a change of the state's shape alone (with `upgrade`), every recording of the game gets the state
 * digests of today's shape, provided its choices, log lines and end are all unchanged; otherwise nothing is written.
 */
function restate(engine: GameEngine, dry: boolean): void {
  const dir = path.join(GOLDEN_DIR, engine.id);
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];
  const updated: [string, string][] = [];
  for (const f of files) {
    const rec = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as GoldenRecording;
    const r = restateRecording(engine, rec);
    if ('mismatch' in r) fail(`${engine.id} ${f}: step ${r.mismatch.step}: ${r.mismatch.what}; only a change of the state's shape alone may be restated (a change of the game's course is a new rules version)`);
    const text = formatRecording(r.rec);
    if (text !== readFileSync(path.join(dir, f), 'utf8')) updated.push([f, text]);
  }
  for (const [f, text] of updated) {
    if (!dry) writeFileSync(path.join(dir, f), text);
    console.log(`${dry ? 'would restate' : 'restated'} ${path.relative(process.cwd(), path.join(dir, f))}`);
  }
  console.log(`${engine.id}: ${updated.length} of ${files.length} recordings ${dry ? 'would get' : 'got'} new state digests; every choice, log line and end is unchanged.`);
}

function main(): void {
  const args = parseArgs();
  if (typeof args.game !== 'string') fail('say which game: --game mammut|eiszeit|tal|endless-winter|all');
  const engines = args.game === 'all' ? allGames().map((m) => m.engine) : [getGame(args.game)?.engine ?? fail(`unknown game ${args.game}`)];
  for (const engine of engines) {
    if (args.restate) { restate(engine, !!args.dry); continue; }
    const info = engine.rulesVersions;
    const rules = args.rules === undefined ? info?.current ?? FIRST_RULES_VERSION : Number(args.rules);
    if (info) info.summary(rules); // throws for a version that is not registered
    else if (rules !== FIRST_RULES_VERSION) fail(`${engine.id} has no rules versions`);
    const players = args.players === undefined ? undefined : Number(args.players);
    if (players !== undefined && !(players >= engine.minPlayers && players <= engine.maxPlayers)) fail(`${engine.id} is for ${engine.minPlayers} to ${engine.maxPlayers} players`);
    const options = typeof args.options === 'string' ? Object.fromEntries(args.options.split(',').map((kv) => kv.split('=') as [string, string])) : undefined;
    for (const [k, v] of Object.entries(options ?? {})) {
      if (!engine.lobbyOptions.find((o) => o.id === k)?.choices.some((c) => c.value === v)) fail(`${engine.id} has no lobby option ${k}=${v}`);
    }
    const stop = args.stop === undefined ? undefined : args.stop === 'no' ? null : Number(args.stop);
    if (typeof stop === 'number' && !(stop > 0 && stop < 1)) fail('--stop is a share of the game between 0 and 1, or no');
    const count = args.count === undefined ? (players || options ? 1 : 22) : Number(args.count);
    const dir = path.join(GOLDEN_DIR, engine.id);
    const plans = coveringPlans(engine, rules, count, { players, options, stop, undos: args.undos === undefined ? undefined : Number(args.undos) }, nextIndex(dir, rules));
    mkdirSync(dir, { recursive: true });
    for (const plan of plans) {
      const rec = recordGame(engine, plan);
      const mismatch = checkRecording(engine, rec);
      if (mismatch) fail(`${engine.id} ${plan.id} does not replay as recorded (step ${mismatch.step}: ${mismatch.what}): the engine is not deterministic`);
      const file = path.join(dir, `${plan.id}.json`);
      const what = `${rec.end}, ${rec.steps.length} steps${rec.steps.some((s) => s.startsWith('undo')) ? ', with undos' : ''}, options ${JSON.stringify(plan.options)}`;
      if (args.dry) { console.log(`would write ${path.relative(process.cwd(), file)}: ${what}`); continue; }
      try {
        writeFileSync(file, formatRecording(rec), { flag: 'wx' });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') fail(`${file} exists; a recording is never overwritten (remove it yourself if it must go)`);
        throw err;
      }
      console.log(`wrote ${path.relative(process.cwd(), file)}: ${what}`);
    }
  }
}

main();
