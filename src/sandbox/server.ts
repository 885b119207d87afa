/**
 * The sandbox web page: a small Discord-like client in the browser for the stand-in's simulated users. Plain HTML,
 * CSS and JS from `src/sandbox/web/`, a JSON API over the stand-in, and live updates by server-sent events.
 *
 *   const standIn = await startStandIn();
 *   // … start the bot against standIn.apiBase with standIn.token …
 *   const web = await startSandboxWeb(standIn, { port: 3000 });
 *   console.log(`Sandbox: ${web.url}`);
 */
import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join, normalize } from 'node:path';
import { clearGuildCommands, deployCommands } from '../bot/deploy.js';
import { StandInRefusal, type StandIn, type InteractionOutcome, type Obj } from '../standin/index.js';

export interface SandboxWeb {
  url: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

export interface SandboxWebOptions {
  /** Port to listen on (default 3000; 0 picks a free one). */
  port?: number;
  /** Interface to bind (default 127.0.0.1; the page is printed as http://localhost:PORT). */
  host?: string;
}

const WEB_DIR = fileURLToPath(new URL('./web/', import.meta.url));
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** Attachment URLs of the stand-in rewritten to the sandbox origin (`/att/...`), so the browser needs one origin only. */
function rewriteUrls(standIn: StandIn, p: Obj): Obj {
  const base = standIn.baseUrl;
  return JSON.parse(JSON.stringify(p).split(`${base}/attachments/`).join('/att/').split(`${base}/media-proxy/attachments/`).join('/att/')) as Obj;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<Obj> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Obj) : {};
}

function stateFor(s: StandIn, as: string | null): Obj {
  const me = as ? s.users.get(as) : undefined;
  const channels = s.textChannels().map((c) => ({
    id: c.id,
    name: c.name,
    threads: s
      .threadsOf(c.id, { as: me?.id })
      .map((t) => ({ id: t.id, name: t.name, private: t.type === 12, archived: t.thread_metadata?.archived ?? false })),
  }));
  const dm = me ? [...s.channels.values()].find((c) => c.type === 1 && c.recipientId === me.id && !c.deleted) : undefined;
  const guildCmds = channels.length ? s.commandsFor(channels[0].id, me?.id) : [];
  const dmCmds = s.commandList(null).filter((x) => (x.contexts ? x.contexts.includes(1) : x.dm_permission !== false));
  return {
    version: s.version,
    me: me ? { id: me.id, name: me.globalName ?? me.username, username: me.username, locale: me.locale, dmsOpen: me.dmsOpen } : null,
    users: [...s.users.values()].map((u) => ({ id: u.id, name: u.globalName ?? u.username, username: u.username, locale: u.locale })),
    bot: { id: s.bot.id, name: s.bot.username },
    guild: { id: s.guild.id, name: s.guild.name },
    channels,
    dm: dm ? { id: dm.id } : null,
    commands: { guild: guildCmds, dm: dmCmds },
  };
}

function channelInfo(s: StandIn, id: string, as: string | null): Obj | null {
  const c = s.channel(id);
  if (!c || (as && !s.canSeeChannel(as, c))) return null;
  if (c.type === 1) return { id: c.id, kind: 'dm', name: s.bot.username };
  if (s.isThread(c)) return { id: c.id, kind: 'thread', name: c.name, parentId: c.parentId, private: c.type === 12 };
  return { id: c.id, kind: 'text', name: c.name };
}

function outcomeBody(s: StandIn, o: InteractionOutcome): Obj {
  return rewriteUrls(s, o as unknown as Obj);
}

/**
 * The environment for the bot process started against the stand-in (`tsx src/main.ts`): its token, the REST base,
 * and the database path; plus the application and guild ids for convenience.
 */
export function botEnvironment(standIn: StandIn, opts: { databasePath: string }): Record<string, string> {
  return {
    DISCORD_TOKEN: standIn.token,
    DISCORD_API_BASE: standIn.apiBase,
    DATABASE_PATH: opts.databasePath,
    DISCORD_APPLICATION_ID: standIn.applicationId,
    DISCORD_GUILD_ID: standIn.guild.id,
  };
}

/**
 * Registers /campfire on the stand-in as production does: globally, so that it works in the server's channels and
 * threads and in the DM with the bot alike (server commands never reach DMs). Commands an earlier sandbox registered
 * in the server are removed, so none shows twice.
 */
export async function registerSandboxCommands(standIn: StandIn): Promise<void> {
  await deployCommands({ token: standIn.token, apiBase: standIn.apiBase });
  await clearGuildCommands({ token: standIn.token, apiBase: standIn.apiBase, guildId: standIn.guild.id });
}

export async function startSandboxWeb(standIn: StandIn, opts: SandboxWebOptions = {}): Promise<SandboxWeb> {
  const clients = new Set<ServerResponse>();
  let pending: NodeJS.Timeout | null = null;
  const onChange = () => {
    if (pending) return;
    pending = setTimeout(() => {
      pending = null;
      for (const c of clients) c.write(`event: change\ndata: ${standIn.version}\n\n`);
    }, 30);
  };
  standIn.events.on('change', onChange);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const as = url.searchParams.get('as');

    if (method === 'GET' && path === '/api/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      res.write(`event: change\ndata: ${standIn.version}\n\n`);
      clients.add(res);
      const ping = setInterval(() => res.write(': ping\n\n'), 15_000);
      req.on('close', () => {
        clearInterval(ping);
        clients.delete(res);
      });
      return;
    }
    if (method === 'GET' && path === '/api/state') return json(res, 200, stateFor(standIn, as));
    if (method === 'GET' && path === '/api/messages') {
      const channelId = url.searchParams.get('channel') ?? '';
      const info = channelInfo(standIn, channelId, as);
      if (!info) return json(res, 404, { error: 'You cannot see this channel.' });
      const messages = standIn.messagesIn(channelId, { as: as ?? undefined }).map((m) => rewriteUrls(standIn, m));
      return json(res, 200, { channel: info, messages });
    }
    if (method === 'GET' && path.startsWith('/att/')) {
      const a = standIn.attachment(`/attachments/${path.slice(5)}`);
      if (!a) {
        res.writeHead(404);
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': a.contentType, 'cache-control': 'max-age=3600' });
      res.end(a.data);
      return;
    }
    if (method === 'POST' && path.startsWith('/api/')) {
      const body = await readJson(req);
      try {
        const user = body.as ? standIn.user(String(body.as)) : null;
        switch (path) {
          case '/api/users': {
            const name = String(body.name ?? '').trim().slice(0, 32);
            if (!name) return json(res, 400, { error: 'A name is required.' });
            const u = standIn.addUser({ username: name.toLowerCase().replace(/[^a-z0-9_.]/g, '') || 'user', globalName: name, locale: body.locale === 'de' ? 'de' : 'en-US' });
            return json(res, 200, { id: u.id });
          }
          case '/api/locale':
            if (!user) break;
            user.setLocale(body.locale === 'de' ? 'de' : 'en-US');
            standIn.changed('user');
            return json(res, 200, { ok: true });
          case '/api/dms':
            if (!user) break;
            if (body.open) user.openDms();
            else user.closeDms();
            standIn.changed('user');
            return json(res, 200, { ok: true });
          case '/api/fault': {
            // Developer tools: the stand-in's fault API from the page.
            const channel = String(body.channel ?? '');
            switch (body.kind) {
              case 'drop':
                standIn.dropGateway();
                break;
              case 'invalidate':
                standIn.dropGateway({ invalidate: true });
                break;
              case 'drop-shard': {
                // One shard's connection alone, for a bot run with SHARD_COUNT > 1 against the sandbox.
                const shard = Number(body.shard);
                if (!Number.isInteger(shard) || shard < 0) return json(res, 400, { error: 'Name a shard: a whole number from 0.' });
                standIn.dropShard(shard);
                break;
              }
              case 'deny-threads':
                standIn.denyBotPermissions(channel, ['CreatePublicThreads', 'CreatePrivateThreads']);
                break;
              case 'deny-send':
                standIn.denyBotPermissions(channel, ['SendMessages', 'SendMessagesInThreads']);
                break;
              case 'allow-all':
                standIn.allowBotPermissions(channel, 'all');
                break;
              case 'rate-limit':
                standIn.faults.inject({ route: '*', status: 429, count: 3, retryAfter: 0.5 });
                break;
              case 'server-error':
                standIn.faults.inject({ route: '*', status: 500, count: 1 });
                break;
              case 'delete-channel': {
                const c = standIn.channel(channel);
                if (!c || !standIn.isThread(c)) return json(res, 400, { error: 'Open a thread to delete it.' });
                standIn.deleteChannel(channel);
                break;
              }
              default:
                return json(res, 400, { error: 'Unknown fault.' });
            }
            standIn.changed('fault');
            return json(res, 200, { ok: true });
          }
          case '/api/dm':
            if (!user) break;
            return json(res, 200, { channel: user.openDm() });
          case '/api/say':
            if (!user) break;
            return json(res, 200, rewriteUrls(standIn, user.say(String(body.channel), String(body.content ?? ''))));
          case '/api/slash': {
            if (!user) break;
            const options: Record<string, string | number | boolean> = {};
            for (const [k, v] of Object.entries((body.options ?? {}) as Obj)) if (v !== '' && v !== null && v !== undefined) options[k] = v as string;
            const o = await user.slash(String(body.channel), String(body.command), {
              subcommand: body.subcommand || undefined,
              group: body.group || undefined,
              options,
            });
            return json(res, 200, outcomeBody(standIn, o));
          }
          case '/api/click':
            if (!user) break;
            return json(res, 200, outcomeBody(standIn, await user.click(String(body.message), String(body.customId))));
          case '/api/select':
            if (!user) break;
            return json(res, 200, outcomeBody(standIn, await user.select(String(body.message), String(body.customId), (body.values ?? []).map(String))));
          case '/api/modal':
            if (!user) break;
            return json(res, 200, outcomeBody(standIn, await user.submitModal(String(body.customId), (body.fields ?? {}) as Record<string, string>)));
          default:
            return json(res, 404, { error: 'Unknown action.' });
        }
        return json(res, 400, { error: 'Choose a user first.' });
      } catch (e) {
        if (e instanceof StandInRefusal || e instanceof Error) return json(res, 400, { error: e.message });
        throw e;
      }
    }
    if (method === 'GET') {
      const rel = path === '/' ? 'index.html' : normalize(path.slice(1));
      if (rel.startsWith('..') || rel.includes('\0')) {
        res.writeHead(400);
        res.end();
        return;
      }
      try {
        const data = await readFile(join(WEB_DIR, rel));
        const ext = rel.slice(rel.lastIndexOf('.'));
        res.writeHead(200, { 'content-type': TYPES[ext] ?? 'application/octet-stream', 'cache-control': 'no-store' });
        res.end(data);
      } catch {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('Not found');
      }
      return;
    }
    res.writeHead(405);
    res.end();
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) json(res, 500, { error: String(e) });
      else res.end();
    });
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 3000, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}`,
    port,
    server,
    close: async () => {
      standIn.events.off('change', onChange);
      if (pending) clearTimeout(pending);
      for (const c of clients) c.end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
