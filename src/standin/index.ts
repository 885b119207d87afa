/**
 * A local stand-in for the parts of Discord's REST API and gateway that Campfire uses. The unmodified discord.js
 * client connects to it with `rest: { api: standIn.apiBase }` (the gateway URL comes from GET /gateway/bot).
 *
 *   const standIn = await startStandIn();
 *   // bot: new Client({ intents, rest: { api: standIn.apiBase } }).login(standIn.token)
 *   const ada = standIn.user('ada');
 *   const out = await ada.slash(standIn.channelByName('general').id, 'campfire', { subcommand: 'new', options: { game: 'mammut' } });
 *   await standIn.close();
 *
 * See docs/standin.md for what is modelled, the limits enforced and the fault API.
 */
import { createServer, type Server } from 'node:http';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { handleRest } from './rest.js';
import { StandIn, type SavedState, type StandInOptions } from './standin.js';

export { StandIn, SimUser, StandInRefusal, DEFAULT_USERS } from './standin.js';
export type { ExtraGuild, SavedState, StandInOptions, InteractionOutcome, ShownRecord, StoredMessage, InteractionRecord, SlashArgs, StandInUserSpec } from './standin.js';
export { Intents, PRIVILEGED_INTENTS, INVALID_SHARD, shardOfGuild, type ShardSpec } from './gateway.js';
export { DISCORD_LIKE_BUCKETS, type BucketRule, type RouteMatcher, type InjectedFault } from './faults.js';
export { LIMITS, MessageFlags, ComponentType } from './limits.js';
export { ApiError, ErrorCodes, Perm, type PermName, type Obj } from './util.js';
export { messageText, transcriptLine, findComponent } from './text.js';

export interface RunningStandIn extends StandIn {
  /** Stops the HTTP server and the gateway. */
  close(): Promise<void>;
  readonly server: Server;
  readonly port: number;
}

/** Starts the stand-in on 127.0.0.1 (`opts.port`, default a free port) and resolves once it listens. */
export async function startStandIn(opts: StandInOptions = {}): Promise<RunningStandIn> {
  let saved: SavedState | null = null;
  if (opts.statePath && existsSync(opts.statePath)) {
    try {
      saved = JSON.parse(readFileSync(opts.statePath, 'utf8')) as SavedState;
    } catch (e) {
      throw new Error(`Cannot read the stand-in state ${opts.statePath}: ${(e as Error).message} (delete it to start afresh)`);
    }
    if (saved.version !== 1) throw new Error(`${opts.statePath}: unknown stand-in state version ${String(saved.version)}`);
  }
  const standIn = new StandIn(opts, saved);
  const server = createServer((req, res) => {
    handleRest(standIn, req, res).catch((e: unknown) => {
      standIn.opts.log(`stand-in: request failed: ${String(e)}`);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  server.on('upgrade', (req, socket, head) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/gateway' || path === '/gateway-resume' || path === '/') standIn.gateway.handleUpgrade(req, socket, head);
    else socket.destroy();
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  standIn.baseUrl = `http://${host}:${port}`;
  let save: () => void = () => undefined;
  let timer: NodeJS.Timeout | null = null;
  if (opts.statePath) {
    const statePath = opts.statePath;
    const filesDir = `${statePath}.files`;
    mkdirSync(filesDir, { recursive: true });
    if (saved) standIn.restoreState(saved, filesDir);
    standIn.persistDir = filesDir;
    save = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      writeFileSync(`${statePath}.tmp`, JSON.stringify(standIn.snapshot()));
      renameSync(`${statePath}.tmp`, statePath);
    };
    save();
    standIn.events.on('change', () => {
      if (!timer) timer = setTimeout(save, 1000);
    });
  }
  const running = standIn as RunningStandIn;
  Object.defineProperty(running, 'server', { value: server });
  Object.defineProperty(running, 'port', { value: port });
  Object.defineProperty(running, 'close', {
    value: async () => {
      if (timer) save();
      standIn.gateway.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
  return running;
}
