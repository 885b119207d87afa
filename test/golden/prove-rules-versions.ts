/**
 * The proof that a new rules version leaves games in progress alone, for any game whose newest rules version is above
 * 1 (test/golden/rules-versions.test.ts runs it for every real game that has one, test/engine/rules-versions.test.ts
 * for a toy game with two versions):
 *  - every game recorded under an older version replays identically, step by step, with today's code;
 *  - the change is real: replayed under the newest version, the recordings of the version before it depart;
 *  - a recorded game stored as the code before the change stored it plays its recorded steps through the service
 *    (decisions and undos) to the same states and log lines, continues under its old rules, and the check before a
 *    deploy (`verifyReplays`) finds nothing different;
 *  - a new game started through the service gets the newest version.
 */
import { expect } from 'vitest';
import { checkRecording, eventDigests, parseStep, stateDigest, type GoldenRecording } from '../../src/engine/golden.js';
import { randInt, seedRng } from '../../src/engine/rng.js';
import { RULES_VERSION_OPTION } from '../../src/engine/rules-versions.js';
import type { BaseState, LobbyOptions } from '../../src/engine/types.js';
import type { GameModule } from '../../src/games/types.js';
import { verifyReplays } from '../../src/ops/verify-replays.js';
import { GameService } from '../../src/service/games.js';
import type { Repo } from '../../src/store/repo.js';

async function seated(service: GameService, game: string, players: number, seed: string): Promise<number> {
  const l = await service.createLobby({ game, guildId: 'g', channelId: 'c', threadId: null, host: { id: 'u0', name: 'U0' }, locale: 'en' });
  if (!l.ok) throw new Error(l.error);
  for (let i = 1; i < players; i++) await service.join(l.value.id, { id: `u${i}`, name: `U${i}` });
  const s = await new GameService(service.repo, { newSeed: () => seed }).start(l.value.id, 'u0');
  if (!s.ok) throw new Error(s.error);
  return l.value.id;
}

/** `repo` must be empty: the proof's verification counts every stored game. */
export async function proveRulesVersions(module: GameModule, recordings: GoldenRecording[], repo: Repo): Promise<void> {
  const engine = module.engine;
  const current = engine.rulesVersions!.current;
  expect(current, `${engine.id}: newest rules version`).toBeGreaterThan(1);
  const older = recordings.filter((r) => r.game === engine.id && r.rulesVersion < current);
  expect(older.length, `${engine.id}: recordings made before rules version ${current}`).toBeGreaterThan(0);

  // Identical step by step under today's code.
  for (const rec of older) expect(checkRecording(engine, rec), `${engine.id} ${rec.id}`).toBeNull();
  // The change is real: under the newest rules the games of the version before it go elsewhere.
  const previous = older.filter((r) => r.rulesVersion === current - 1);
  const departs = previous.filter((r) => checkRecording(engine, { ...r, options: { ...r.options, [RULES_VERSION_OPTION]: String(current) } }) !== null);
  expect(departs.length, `${engine.id}: recordings of rules version ${current - 1} that rules version ${current} would change`).toBeGreaterThan(0);

  // A recorded game as stored before the change: decided and undone through the service, then played on.
  const rec = older.find((r) => r.end === 'stopped') ?? older[0]!;
  const id = await seated(new GameService(repo), engine.id, rec.players, rec.seed);
  await repo.update(id, { options: JSON.stringify(rec.options), state: JSON.stringify(engine.setup(rec.players, rec.options, rec.seed)) });
  const service = new GameService(repo);
  for (const [i, line] of rec.steps.entries()) {
    const step = parseStep(line);
    const row = (await repo.game(id))!;
    if (step.kind === 'undo') {
      // The recording takes back the last standing decision: asked by its own player (an undo takes back the asker's
      // last decision and everything after it).
      const last = (await repo.lastActiveDecision(id))!;
      const r = await service.undoLast(id, row.version, { userId: last.user_id, name: last.user_id }, true);
      expect(r.ok, `${rec.id} step ${i + 1}: undo`).toBe(true);
      expect(stateDigest(JSON.parse((await repo.game(id))!.state!)), `${rec.id} step ${i + 1}: the state after the undo`).toBe(step.state);
      continue;
    }
    const r = await service.decide(id, { userId: `u${step.seat}` }, row.version, step.option);
    if (!r.ok) throw new Error(`${rec.id} step ${i + 1}: ${line} refused through the service (${r.error})`);
    expect(stateDigest(JSON.parse((await repo.game(id))!.state!)), `${rec.id} step ${i + 1}: the stored state`).toBe(step.state);
    expect(eventDigests(r.value.events, engine), `${rec.id} step ${i + 1}: the log lines`).toEqual({ public: step.public, private: step.private });
  }
  const rng = seedRng(`prove:${rec.id}`);
  for (let k = 0; k < 30; k++) {
    const row = (await repo.game(id))!;
    if (row.status !== 'running') break;
    const d = (await service.decisions(row))[0]!;
    const r = await service.decide(id, { userId: `u${d.seat}` }, row.version, d.options[randInt(rng, d.options.length)]!.id);
    expect(r.ok).toBe(true);
  }
  const stored = (await repo.game(id))!;
  expect((JSON.parse(stored.options) as LobbyOptions)[RULES_VERSION_OPTION]).toBe(String(rec.rulesVersion));
  expect((await service.state(stored)).rulesVersion ?? 1, `${rec.id}: the rules version the game plays by`).toBe(rec.rulesVersion);
  const check = await verifyReplays(repo);
  expect(check.differ).toEqual([]);
  expect(check.checked).toBe(1);

  // A new game gets the newest rules.
  const fresh = (await repo.game(await seated(service, engine.id, rec.players, `${rec.seed}-new`)))!;
  expect((JSON.parse(fresh.options) as LobbyOptions)[RULES_VERSION_OPTION]).toBe(String(current));
  expect(((await service.state(fresh)) as BaseState).rulesVersion).toBe(current);
}
