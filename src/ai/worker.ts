/**
 * The computer-player worker thread: receives search requests, loads the game engine by id (once) and
 * answers with the chosen option and the advanced generator state. It holds no game state between requests.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { BaseState, GameEngine } from '../engine/types.js';
import { loadGameEngine } from './games.js';
import { playerFor } from './player.js';
import type { AiAnswer, AiRequest, WorkerReply, WorkerRequest } from './protocol.js';

const registryUrl = (workerData as { registryUrl?: string } | null)?.registryUrl;
const engines = new Map<string, Promise<GameEngine<BaseState>>>();

function engineFor(id: string): Promise<GameEngine<BaseState>> {
  let e = engines.get(id);
  if (!e) {
    e = loadGameEngine(id, registryUrl);
    engines.set(id, e);
    e.catch(() => engines.delete(id));
  }
  return e;
}

async function handle(req: AiRequest): Promise<AiAnswer> {
  const engine = await engineFor(req.gameId);
  const rng = [...req.rng] as AiRequest['rng'];
  const choice = playerFor(req.level).decide(engine, req.state as BaseState, req.seat, req.budget, rng);
  return { optionId: choice.optionId, rng, choice };
}

parentPort!.on('message', (msg: WorkerRequest) => {
  handle(msg.req).then(
    (result) => parentPort!.postMessage({ id: msg.id, ok: true, result } satisfies WorkerReply),
    (e: unknown) => parentPort!.postMessage({ id: msg.id, ok: false, error: e instanceof Error ? e.message : String(e) } satisfies WorkerReply),
  );
});
