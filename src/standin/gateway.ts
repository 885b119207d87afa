/**
 * The stand-in's gateway: a WebSocket server speaking Discord's gateway protocol (v10, JSON encoding, no
 * compression). HELLO → IDENTIFY → READY → GUILD_CREATE, heartbeats answered with op 11, RESUME with replay of the
 * events a session missed while disconnected (or INVALID_SESSION when the session was invalidated), and intent
 * filtering of dispatches.
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

interface BufferedEvent {
  s: number;
  t: string;
  d: Obj;
}

export interface GatewaySession {
  id: string;
  intents: number;
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
  /** The READY payload's `d` for a new session (without session_id / resume_gateway_url, which the gateway adds). */
  ready: () => Obj;
  /** GUILD_CREATE payloads sent after READY. */
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
          this.stats.identifies++;
          session = this.identify(ws, intents);
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

  private identify(ws: WebSocket, intents: number): GatewaySession {
    const id = `standin-session-${this.nextSessionNo++}-${Math.random().toString(36).slice(2, 10)}`;
    const session: GatewaySession = { id, intents, seq: 0, ws, invalid: false, buffer: [], identifiedAt: Date.now(), resumes: 0 };
    this.sessions.set(id, session);
    const ready = { ...this.hooks.ready(), session_id: id, resume_gateway_url: this.hooks.resumeUrl(), session_type: 'normal' };
    this.dispatchTo(session, 'READY', ready);
    for (const g of this.hooks.guildCreates()) this.dispatchTo(session, 'GUILD_CREATE', g);
    return session;
  }

  private dispatchTo(session: GatewaySession, t: string, d: Obj): void {
    session.seq += 1;
    const ev = { s: session.seq, t, d };
    session.buffer.push(ev);
    if (session.buffer.length > BUFFER_CAP) session.buffer.splice(0, session.buffer.length - BUFFER_CAP);
    if (session.ws) this.send(session.ws, { op: Op.Dispatch, t, s: ev.s, d });
  }

  /** Sends an event to every live (connected or resumable) session whose intents allow it. */
  dispatch(t: string, d: Obj): number {
    let n = 0;
    for (const s of this.sessions.values()) {
      if (s.invalid) continue;
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
  drop(opts: { invalidate?: boolean; code?: number } = {}): number {
    let n = 0;
    for (const s of this.sessions.values()) {
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

  /** Asks connected clients to reconnect (op 7), as Discord does before maintenance. */
  requestReconnect(): void {
    for (const s of this.sessions.values()) if (s.ws) this.send(s.ws, { op: Op.Reconnect, d: null, s: null, t: null });
  }

  close(): void {
    for (const s of this.sessions.values()) s.ws?.terminate();
    this.wss.close();
  }
}
