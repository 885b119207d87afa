/**
 * The stand-in's gateway: a WebSocket server speaking Discord's gateway protocol (v10, JSON encoding, no
 * compression). HELLO → IDENTIFY → READY → GUILD_CREATE, heartbeats answered with op 11, RESUME with replay of the
 * events a session missed while disconnected (or INVALID_SESSION when the session was invalidated), intent
 * filtering of dispatches, and sharding: IDENTIFY's `shard: [id, count]` decides which guilds' events a session gets
 * (Discord's rule, `(guild_id >> 22) % count`; events without a guild go to shard 0).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket } from 'ws';
import type { Obj } from './util.js';

export const Op = {
  Dispatch: 0,
  Heartbeat: 1,
  Identify: 2,
  PresenceUpdate: 3,
  Resume: 6,
  Reconnect: 7,
  InvalidSession: 9,
  Hello: 10,
  HeartbeatAck: 11,
} as const;

export const Intents = {
  Guilds: 1 << 0,
  GuildMembers: 1 << 1,
  GuildMessages: 1 << 9,
  GuildPresences: 1 << 8,
  DirectMessages: 1 << 12,
  MessageContent: 1 << 15,
} as const;

/** Intents a bot must switch on in the developer portal before it may ask for them. */
export const PRIVILEGED_INTENTS = Intents.GuildMembers | Intents.GuildPresences | Intents.MessageContent;

/** Discord's shard rule: the shard (of `count`) that receives a guild's events. */
export function shardOfGuild(guildId: string, count: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(count));
}

/** A shard as IDENTIFY names it: `[shard_id, num_shards]`. */
export type ShardSpec = [id: number, count: number];

/** Close code and reason Discord uses for an IDENTIFY with an invalid `shard`. */
export const INVALID_SHARD = { code: 4010, reason: 'Invalid shard.' } as const;

/**
 * The guild an event belongs to, or null for events without one (DMs, DM interactions): GUILD_CREATE/UPDATE/DELETE
 * carry it as `id`, the others as `guild_id`.
 */
export function guildOfDispatch(t: string, d: Obj): string | null {
  if (t === 'GUILD_CREATE' || t === 'GUILD_UPDATE' || t === 'GUILD_DELETE') return typeof d.id === 'string' ? d.id : null;
  return typeof d.guild_id === 'string' && d.guild_id ? d.guild_id : null;
}

/** Whether a session on `shard` receives an event of `guildId` (null: shard 0 only). */
export function shardOwns(shard: ShardSpec, guildId: string | null): boolean {
  return guildId === null ? shard[0] === 0 : shardOfGuild(guildId, shard[1]) === shard[0];
}

function parseShard(raw: unknown): ShardSpec | null {
  if (raw === undefined || raw === null) return [0, 1];
  if (!Array.isArray(raw) || raw.length !== 2) return null;
  const [id, count] = raw as unknown[];
  if (!Number.isInteger(id) || !Number.isInteger(count)) return null;
  if ((count as number) < 1 || (id as number) < 0 || (id as number) >= (count as number)) return null;
  return [id as number, count as number];
}

interface BufferedEvent {
  s: number;
  t: string;
  d: Obj;
}

export interface GatewaySession {
  id: string;
  intents: number;
  /** `[shard_id, num_shards]` from IDENTIFY ([0, 1] when the client sent none). */
  shard: ShardSpec;
  seq: number;
  ws: WebSocket | null;
  invalid: boolean;
  buffer: BufferedEvent[];
  identifiedAt: number;
  resumes: number;
}

export interface GatewayHooks {
  token: () => string;
  /** Privileged intents "enabled in the developer portal"; asking for others closes the connection with 4014. */
  privilegedIntents: () => number;
  /**
   * The READY payload's `d` for a new session on `shard` (without session_id / resume_gateway_url, which the gateway
   * adds): its `guilds` are the shard's.
   */
  ready: (shard: ShardSpec) => Obj;
  /** GUILD_CREATE payloads sent after READY (all guilds; the gateway keeps those of the session's shard). */
  guildCreates: () => Obj[];
  resumeUrl: () => string;
  log: (line: string) => void;
  /** Per-session rewrite of a dispatch (intent filtering of message content); return null to skip. */
  filter: (session: GatewaySession, t: string, d: Obj) => Obj | null;
}

const BUFFER_CAP = 5000;

export class Gateway {
  readonly wss = new WebSocketServer({ noServer: true });
  readonly sessions = new Map<string, GatewaySession>();
  heartbeatIntervalMs: number;
  /** Counts of what the gateway has seen, for tests. */
  readonly stats = { identifies: 0, resumes: 0, invalidSessions: 0, heartbeats: 0, connections: 0, resumeUrlConnections: 0 };
  private nextSessionNo = 1;

  constructor(
    private readonly hooks: GatewayHooks,
    heartbeatIntervalMs: number,
  ) {
    this.heartbeatIntervalMs = heartbeatIntervalMs;
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.searchParams.get('encoding') && url.searchParams.get('encoding') !== 'json') {
      socket.destroy();
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.onConnection(ws, url.pathname));
  }

  private send(ws: WebSocket, payload: Obj): void {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(payload));
  }

  private onConnection(ws: WebSocket, path: string): void {
    this.stats.connections++;
    if (path === '/gateway-resume') this.stats.resumeUrlConnections++;
    let session: GatewaySession | null = null;
    this.send(ws, { op: Op.Hello, d: { heartbeat_interval: this.heartbeatIntervalMs }, s: null, t: null });
    ws.on('message', (raw) => {
      let msg: Obj;
      try {
        msg = JSON.parse(raw.toString()) as Obj;
      } catch {
        ws.close(4002, 'Error while decoding payload.');
        return;
      }
      switch (msg.op) {
        case Op.Heartbeat:
          this.stats.heartbeats++;
          this.send(ws, { op: Op.HeartbeatAck, d: null, s: null, t: null });
          return;
        case Op.Identify: {
          if (session) {
            ws.close(4005, 'Already authenticated.');
            return;
          }
          if (msg.d?.token !== this.hooks.token()) {
            ws.close(4004, 'Authentication failed.');
            return;
          }
          const intents = Number(msg.d.intents ?? 0);
          const disallowed = intents & PRIVILEGED_INTENTS & ~this.hooks.privilegedIntents();
          if (disallowed) {
            this.hooks.log(`gateway: IDENTIFY asked for privileged intents ${disallowed} not enabled → 4014`);
            ws.close(4014, 'Disallowed intent(s).');
            return;
          }
          const shard = parseShard(msg.d.shard);
          if (!shard) {
            this.hooks.log(`gateway: IDENTIFY with invalid shard ${JSON.stringify(msg.d.shard)} → ${INVALID_SHARD.code}`);
            ws.close(INVALID_SHARD.code, INVALID_SHARD.reason);
            return;
          }
          this.stats.identifies++;
          session = this.identify(ws, intents, shard);
          return;
        }
        case Op.Resume: {
          if (session) {
            ws.close(4005, 'Already authenticated.');
            return;
          }
          if (msg.d?.token !== this.hooks.token()) {
            ws.close(4004, 'Authentication failed.');
            return;
          }
          const old = this.sessions.get(String(msg.d.session_id));
          if (!old || old.invalid) {
            this.stats.invalidSessions++;
            this.hooks.log(`gateway: RESUME of unknown/invalid session ${String(msg.d.session_id)} on ${path} → INVALID_SESSION`);
            this.send(ws, { op: Op.InvalidSession, d: false, s: null, t: null });
            return;
          }
          this.stats.resumes++;
          session = old;
          if (session.ws && session.ws !== ws) session.ws.terminate();
          session.ws = ws;
          session.resumes++;
          const from = Number(msg.d.seq ?? 0);
          const missed = session.buffer.filter((e) => e.s > from);
          this.hooks.log(`gateway: session ${session.id} resumed on ${path}, replaying ${missed.length} events`);
          for (const e of missed) this.send(ws, { op: Op.Dispatch, t: e.t, s: e.s, d: e.d });
          this.dispatchTo(session, 'RESUMED', {});
          return;
        }
        case Op.PresenceUpdate:
          return;
        default:
          return;
      }
    });
    ws.on('close', () => {
      if (session && session.ws === ws) session.ws = null;
    });
    ws.on('error', () => undefined);
  }

  private identify(ws: WebSocket, intents: number, shard: ShardSpec): GatewaySession {
    const id = `standin-session-${this.nextSessionNo++}-${Math.random().toString(36).slice(2, 10)}`;
    const session: GatewaySession = { id, intents, shard, seq: 0, ws, invalid: false, buffer: [], identifiedAt: Date.now(), resumes: 0 };
    this.sessions.set(id, session);
    const ready = { ...this.hooks.ready(shard), shard, session_id: id, resume_gateway_url: this.hooks.resumeUrl(), session_type: 'normal' };
    this.hooks.log(`gateway: session ${id} identified as shard [${shard.join(', ')}]`);
    this.dispatchTo(session, 'READY', ready);
    for (const g of this.hooks.guildCreates()) {
      if (shardOwns(shard, guildOfDispatch('GUILD_CREATE', g))) this.dispatchTo(session, 'GUILD_CREATE', g);
    }
    return session;
  }

  private dispatchTo(session: GatewaySession, t: string, d: Obj): void {
    session.seq += 1;
    const ev = { s: session.seq, t, d };
    session.buffer.push(ev);
    if (session.buffer.length > BUFFER_CAP) session.buffer.splice(0, session.buffer.length - BUFFER_CAP);
    if (session.ws) this.send(session.ws, { op: Op.Dispatch, t, s: ev.s, d });
  }

  /**
   * Sends an event to every live (connected or resumable) session of the shard that owns its guild (events without
   * a guild: shard 0) whose intents allow it.
   */
  dispatch(t: string, d: Obj): number {
    const guildId = guildOfDispatch(t, d);
    let n = 0;
    for (const s of this.sessions.values()) {
      if (s.invalid || !shardOwns(s.shard, guildId)) continue;
      const filtered = this.hooks.filter(s, t, d);
      if (!filtered) continue;
      this.dispatchTo(s, t, filtered);
      if (s.ws) n++;
    }
    return n;
  }

  /** Sessions with an open connection. */
  connectedSessions(): GatewaySession[] {
    return [...this.sessions.values()].filter((s) => s.ws && s.ws.readyState === WebSocket.OPEN);
  }

  /**
   * Drops every open gateway connection without a close frame (the client sees code 1006 and resumes). With
   * `invalidate`, the sessions are also forgotten, so the RESUME gets INVALID_SESSION and the client identifies anew.
   */
  drop(opts: { invalidate?: boolean; code?: number; shard?: number } = {}): number {
    let n = 0;
    for (const s of this.sessions.values()) {
      if (opts.shard !== undefined && s.shard[0] !== opts.shard) continue;
      if (opts.invalidate) s.invalid = true;
      if (s.ws) {
        n++;
        if (opts.code) s.ws.close(opts.code, 'stand-in fault');
        else s.ws.terminate();
        s.ws = null;
      }
    }
    return n;
  }

  /** Asks connected clients (or those of one shard) to reconnect (op 7), as Discord does before maintenance. */
  requestReconnect(opts: { shard?: number } = {}): void {
    for (const s of this.sessions.values()) {
      if (opts.shard !== undefined && s.shard[0] !== opts.shard) continue;
      if (s.ws) this.send(s.ws, { op: Op.Reconnect, d: null, s: null, t: null });
    }
  }

  close(): void {
    for (const s of this.sessions.values()) s.ws?.terminate();
    this.wss.close();
  }
}
