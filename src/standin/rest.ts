/**
 * The stand-in's REST API (`/api/v10/...`, also `/api/...`), routed onto `StandIn` operations. Handles bot
 * authorization, JSON and multipart (`payload_json` + `files[n]`) bodies, injected faults and rate-limit buckets, and
 * Discord-style error bodies. Unknown routes are logged and answered with 404.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { IncomingFile } from './limits.js';
import { bucketHash, routeRule, routeTemplate } from './faults.js';
import { responseProblems, validateAgainstSpec } from './schema.js';
import type { StandIn } from './standin.js';
import { ChannelType } from './templates.js';
import { ApiError, ErrorCodes, formError, type Obj } from './util.js';

interface Ctx {
  method: string;
  params: string[];
  query: URLSearchParams;
  body: Obj;
  files: IncomingFile[];
  authed: boolean;
}

type Result = { status: number; body?: unknown };
type Handler = (s: StandIn, ctx: Ctx) => Result | Promise<Result>;

interface RouteDef {
  method: string;
  pattern: RegExp;
  auth: boolean;
  handler: Handler;
}

const routes: RouteDef[] = [];
function route(method: string, path: string, handler: Handler, auth = true): void {
  const pattern = new RegExp(
    `^${path
      .split('/')
      .map((seg) => (seg.startsWith(':') ? '([^/]+)' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}$`,
  );
  routes.push({ method, pattern, auth, handler });
}

const ok = (body: unknown, status = 200): Result => ({ status, body });
const noContent: Result = { status: 204 };

function requireChannel(s: StandIn, id: string) {
  const c = s.channel(id);
  if (!c) throw new ApiError(404, ErrorCodes.UnknownChannel, 'Unknown Channel');
  return c;
}

function requireGuild(s: StandIn, id: string): void {
  if (!s.guilds.has(id)) throw new ApiError(404, ErrorCodes.UnknownGuild, 'Unknown Guild');
}

function requireApp(s: StandIn, id: string): void {
  if (id !== s.applicationId) throw new ApiError(403, ErrorCodes.MissingAccess, 'Missing Access');
}

// ---------------------------------------------------------------- gateway, users, applications

route('GET', '/gateway', (s) => ok({ url: `${s.wsBase()}/gateway` }), false);
route('GET', '/gateway/bot', (s) =>
  ok({
    url: `${s.wsBase()}/gateway`,
    shards: s.recommendedShards(),
    session_start_limit: { total: 1000, remaining: 999, reset_after: 14_400_000, max_concurrency: 1 },
  }),
);
route('GET', '/users/@me', (s) => ok({ ...s.userPayload(s.bot.id), verified: true, mfa_enabled: false, email: null, locale: 'en-US' }));
route('GET', '/users/:id', (s, { params }) => {
  if (!s.userRecord(params[0])) throw new ApiError(404, ErrorCodes.UnknownUser, 'Unknown User');
  return ok(s.userPayload(params[0]));
});
route('POST', '/users/@me/channels', (s, { body }) => {
  const rid = String(body.recipient_id ?? '');
  if (!rid) throw formError('recipient_id', 'BASE_TYPE_REQUIRED', 'This field is required');
  return ok(s.channelPayload(s.dmChannelOf(rid)));
});
route('GET', '/applications/@me', (s) => ok(s.applicationPayload()));
route('GET', '/oauth2/applications/@me', (s) => ok(s.applicationPayload()));

for (const scope of ['/applications/:app/commands', '/applications/:app/guilds/:guild/commands']) {
  const guildOf = (s: StandIn, params: string[]) => {
    requireApp(s, params[0]);
    if (params.length > 1 && scope.includes(':guild')) {
      requireGuild(s, params[1]);
      return params[1];
    }
    return null;
  };
  route('GET', scope, (s, { params }) => ok(s.commandList(guildOf(s, params))));
  route('PUT', scope, (s, { params, body }) => ok(s.setCommands(guildOf(s, params), body as unknown as Obj[])));
  route('POST', scope, (s, { params, body }) => ok(s.upsertCommand(guildOf(s, params), body), 201));
  route('GET', `${scope}/:cmd`, (s, { params }) => {
    const g = guildOf(s, params);
    const c = s.commandList(g).find((x) => x.id === params[params.length - 1]);
    if (!c) throw new ApiError(404, ErrorCodes.UnknownApplicationCommand, 'Unknown application command');
    return ok(c);
  });
  route('DELETE', `${scope}/:cmd`, (s, { params }) => {
    const g = guildOf(s, params);
    const id = params[params.length - 1];
    const c = s.commandList(g).find((x) => x.id === id);
    if (!c) throw new ApiError(404, ErrorCodes.UnknownApplicationCommand, 'Unknown application command');
    s.commands.delete(id);
    s.changed('commands');
    return noContent;
  });
}

// ---------------------------------------------------------------- guilds

route('GET', '/guilds/:id', (s, { params }) => {
  requireGuild(s, params[0]);
  return ok(s.guildPayload(params[0]));
});
route('GET', '/guilds/:id/channels', (s, { params }) => {
  requireGuild(s, params[0]);
  return ok(s.textChannels(params[0]).map((c) => s.channelPayload(c)));
});
route('GET', '/guilds/:id/roles', (s, { params }) => {
  requireGuild(s, params[0]);
  return ok(s.guildPayload(params[0]).roles);
});
route('GET', '/guilds/:id/threads/active', (s, { params }) => {
  requireGuild(s, params[0]);
  const threads = s.activeThreads(params[0]);
  return ok({ threads: threads.map((t) => s.channelPayload(t)), members: [] });
});
route('GET', '/guilds/:id/members/:user', (s, { params }) => {
  requireGuild(s, params[0]);
  const u = s.userRecord(params[1]);
  if (!u) throw new ApiError(404, ErrorCodes.UnknownMember, 'Unknown Member');
  return ok(s.memberPayload(u.id, { guildId: params[0] }));
});
route('GET', '/guilds/:id/members', (s, { params, query }) => {
  requireGuild(s, params[0]);
  const limit = Math.min(1000, Number(query.get('limit') ?? 1));
  const ids = [s.bot.id, s.owner.id, ...s.users.keys()].slice(0, limit);
  return ok(ids.map((id) => s.memberPayload(id, { guildId: params[0] })));
});

// ---------------------------------------------------------------- channels and messages

route('GET', '/channels/:id', (s, { params }) => ok(s.channelPayload(requireChannel(s, params[0]))));
route('PATCH', '/channels/:id', (s, { params, body }) => {
  const c = requireChannel(s, params[0]);
  if (s.isThread(c)) {
    if (c.ownerId !== s.bot.id) s.requireBotPermission(c.id, ['ManageThreads']);
  }
  return ok(s.channelPayload(s.updateThread(c.id, body)));
});
route('DELETE', '/channels/:id', (s, { params }) => {
  const c = requireChannel(s, params[0]);
  if (c.type === ChannelType.DM) return ok(s.channelPayload(c));
  if (s.isThread(c)) s.requireBotPermission(c.id, ['ManageThreads']);
  else throw new ApiError(403, ErrorCodes.MissingPermissions, 'Missing Permissions');
  const payload = s.channelPayload(c);
  s.deleteChannel(c.id);
  return ok(payload);
});
route('POST', '/channels/:id/messages', (s, { params, body, files }) => ok(s.messagePayload(s.botSend(params[0], body, files))));
route('GET', '/channels/:id/messages', (s, { params, query }) => {
  const c = requireChannel(s, params[0]);
  if (c.type !== ChannelType.DM) s.requireBotPermission(c.id, ['ViewChannel', 'ReadMessageHistory']);
  const limit = Math.max(1, Math.min(100, Number(query.get('limit') ?? 50)));
  let list = s.storedMessagesIn(c.id).slice().reverse();
  const before = query.get('before');
  const after = query.get('after');
  if (before) list = list.filter((m) => BigInt(m.id) < BigInt(before));
  if (after) list = list.filter((m) => BigInt(m.id) > BigInt(after)).reverse().slice(0, limit).reverse();
  return ok(list.slice(0, limit).map((m) => s.messagePayload(m)));
});
route('GET', '/channels/:id/messages/:mid', (s, { params }) => {
  const c = requireChannel(s, params[0]);
  if (c.type !== ChannelType.DM) s.requireBotPermission(c.id, ['ViewChannel', 'ReadMessageHistory']);
  return ok(s.messagePayload(s.getMessage(c.id, params[1])));
});
route('PATCH', '/channels/:id/messages/:mid', (s, { params, body, files }) => {
  const c = requireChannel(s, params[0]);
  const m = s.getMessage(c.id, params[1]);
  if (m.authorId !== s.bot.id) throw new ApiError(403, ErrorCodes.CannotEditOthersMessage, 'Cannot edit a message authored by another user');
  if (c.type !== ChannelType.DM) s.requireBotPermission(c.id, ['ViewChannel']);
  s.checkNotArchived(c.id);
  s.checkOldMessageEdit(m);
  return ok(s.messagePayload(s.editMessage(m, body, files)));
});
route('DELETE', '/channels/:id/messages/:mid', (s, { params }) => {
  const c = requireChannel(s, params[0]);
  const m = s.getMessage(c.id, params[1]);
  if (m.authorId !== s.bot.id) s.requireBotPermission(c.id, ['ManageMessages']);
  s.deleteMessage(m);
  return noContent;
});
// Thread creation takes time on Discord: the thread exists (THREAD_CREATE) and the call answers only after it.
route('POST', '/channels/:id/threads', async (s, { params, body }) => {
  await s.threadCreationDelay();
  return ok(s.channelPayload(s.createThread(params[0], body, null)), 201);
});
route('POST', '/channels/:id/messages/:mid/threads', async (s, { params, body }) => {
  await s.threadCreationDelay();
  return ok(s.channelPayload(s.createThread(params[0], body, params[1])), 201);
});
route('PUT', '/channels/:id/thread-members/:user', (s, { params }) => {
  s.addThreadMember(params[0], params[1] === '@me' ? s.bot.id : params[1]);
  return noContent;
});
route('DELETE', '/channels/:id/thread-members/:user', (s, { params }) => {
  s.removeThreadMember(params[0], params[1] === '@me' ? s.bot.id : params[1]);
  return noContent;
});
route('GET', '/channels/:id/thread-members', (s, { params }) => {
  const t = requireChannel(s, params[0]);
  return ok(t.memberIds.map((uid) => ({ id: t.id, user_id: uid, join_timestamp: t.createdAt, flags: 0 })));
});
route('POST', '/channels/:id/typing', (s, { params }) => {
  requireChannel(s, params[0]);
  return noContent;
});

// ---------------------------------------------------------------- interactions and their webhooks

route(
  'POST',
  '/interactions/:id/:token/callback',
  (s, { params, body, files, query }) => {
    const res = s.interactionCallback(params[0], params[1], body, files, query.get('with_response') === 'true');
    return res ? ok(res) : noContent;
  },
  false,
);
route('POST', '/webhooks/:app/:token', (s, { params, body, files }) => ok(s.messagePayload(s.followUp(s.webhookInteraction(params[0], params[1]), body, files))), false);
route('GET', '/webhooks/:app/:token/messages/:mid', (s, { params }) => ok(s.messagePayload(s.webhookMessage(s.webhookInteraction(params[0], params[1]), params[2]))), false);
route(
  'PATCH',
  '/webhooks/:app/:token/messages/:mid',
  (s, { params, body, files }) => ok(s.messagePayload(s.webhookEdit(s.webhookInteraction(params[0], params[1]), params[2], body, files))),
  false,
);
route(
  'DELETE',
  '/webhooks/:app/:token/messages/:mid',
  (s, { params }) => {
    const rec = s.webhookInteraction(params[0], params[1]);
    s.deleteMessage(s.webhookMessage(rec, params[2]));
    return noContent;
  },
  false,
);

// ---------------------------------------------------------------- plumbing

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function parseBody(req: IncomingMessage, raw: Buffer): Promise<{ body: Obj; files: IncomingFile[] }> {
  const type = req.headers['content-type'] ?? '';
  if (raw.length === 0) return { body: {}, files: [] };
  if (type.startsWith('multipart/form-data')) {
    const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': type } }).formData();
    let body: Obj = {};
    const files: IncomingFile[] = [];
    for (const [name, value] of form.entries()) {
      if (name === 'payload_json') {
        body = JSON.parse(typeof value === 'string' ? value : await value.text()) as Obj;
        continue;
      }
      const m = /^files\[(\d+)\]$/.exec(name) ?? /^file(\d*)$/.exec(name);
      if (m && typeof value !== 'string') {
        files.push({
          index: Number(m[1] || 0),
          filename: value.name,
          contentType: value.type,
          data: Buffer.from(await value.arrayBuffer()),
        });
      }
    }
    return { body, files };
  }
  try {
    return { body: JSON.parse(raw.toString('utf8')) as Obj, files: [] };
  } catch {
    throw new ApiError(400, ErrorCodes.General, '400: Bad Request');
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (status === 204 || body === undefined) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const data = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(data);
}

/** Serves stored attachment bytes at `/attachments/{channel}/{id}/{name}` (and the media-proxy variant). */
function serveAttachment(s: StandIn, path: string, res: ServerResponse): boolean {
  if (!/^\/(media-proxy\/)?attachments\//.test(path)) return false;
  const a = s.attachment(path);
  if (!a) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('Not found');
    return true;
  }
  res.writeHead(200, { 'content-type': a.contentType, 'content-length': String(a.data.length), 'cache-control': 'max-age=3600' });
  res.end(a.data);
  return true;
}

export async function handleRest(s: StandIn, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://standin');
  const method = (req.method ?? 'GET').toUpperCase();
  if (serveAttachment(s, url.pathname, res)) return;
  const m = /^\/api(?:\/v\d+)?(\/.*)$/.exec(url.pathname);
  const raw = await readBody(req);
  if (!m) {
    send(res, 404, { message: '404: Not Found', code: 0 });
    return;
  }
  const segments = m[1].split('/').filter(Boolean).map((x) => decodeURIComponent(x));
  const path = `/${segments.join('/')}`;
  const tmpl = routeTemplate(method, segments);
  const log = (status: number, global = false) => s.requestLog.push({ at: s.clock.now(), method, path, route: tmpl, status, ...(global ? { global } : {}) });

  const fault = s.faults.take(tmpl, `${method} ${path}`);
  if (fault) {
    s.opts.log(`fault: ${tmpl} → ${fault.status}`);
    log(fault.status, fault.status === 429 && !!fault.global);
    if (fault.status === 429) {
      const ra = fault.retryAfter ?? 0.1;
      // Shaped like a real 429 of this route's bucket (same bucket hash as its other responses), except that
      // `Retry-After` is the configured, possibly fractional, wait — so fault tests stay fast.
      const rule = routeRule(s.faults, tmpl, `${method} ${path}`);
      const headers: Record<string, string> = fault.global
        ? { 'retry-after': String(ra), 'x-ratelimit-global': 'true', 'x-ratelimit-scope': 'global' }
        : {
            'retry-after': String(ra),
            'x-ratelimit-limit': String(rule?.limit ?? 5),
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': ((s.clock.now() + ra * 1000) / 1000).toFixed(3),
            'x-ratelimit-reset-after': ra.toFixed(3),
            'x-ratelimit-bucket': bucketHash(tmpl),
            'x-ratelimit-scope': 'user',
          };
      send(res, 429, { message: 'You are being rate limited.', retry_after: ra, global: fault.global ?? false, code: 0 }, headers);
    } else {
      send(res, fault.status, { message: `${fault.status}: Internal Server Error`, code: 0 });
    }
    return;
  }

  const def = routes.map((r) => ({ r, match: r.method === method ? r.pattern.exec(path) : null })).find((x) => x.match);
  if (!def || !def.match) {
    s.opts.log(`unknown route ${method} ${path}`);
    log(404);
    send(res, 404, { message: '404: Not Found', code: 0 });
    return;
  }
  const authed = req.headers.authorization === `Bot ${s.token}`;
  if (def.r.auth && !authed) {
    log(401);
    send(res, 401, { message: '401: Unauthorized', code: 0 });
    return;
  }
  const major = segments.slice(0, 3).join('/');
  const bucket = s.faults.bucket(tmpl, `${method} ${path}`, major, s.clock.now());
  if (bucket.retryAfter !== null) {
    log(429, bucket.global);
    s.opts.log(`rate limited: ${method} ${path} (${bucket.global ? 'global' : 'route'} bucket, retry after ${bucket.retryAfter.toFixed(3)} s)`);
    // Discord: `Retry-After` in whole seconds (rounded up), the body's `retry_after` exact; `code` 0 for rate limits.
    send(
      res,
      429,
      { message: 'You are being rate limited.', retry_after: Number(bucket.retryAfter.toFixed(3)), global: bucket.global, code: 0 },
      { ...bucket.headers, 'retry-after': String(Math.max(1, Math.ceil(bucket.retryAfter))) },
    );
    return;
  }
  try {
    const { body, files } = await parseBody(req, raw);
    if (s.opts.validateBodies) {
      const channel = tmpl === 'PATCH /channels/:id' ? s.channel(segments[1]) : null;
      validateAgainstSpec(tmpl, body, { channelIsThread: channel ? s.isThread(channel) : false });
    }
    const result = await def.r.handler(s, { method, params: def.match.slice(1).map((p) => decodeURIComponent(p)), query: url.searchParams, body, files, authed });
    if (s.opts.validateBodies && result.status < 300) {
      // The stand-in's own answer must be one Discord could send: a departure from the spec is the stand-in's bug,
      // and a test must not pass against it.
      const problems = responseProblems(tmpl, result.body);
      if (problems.length > 0) throw new Error(`the stand-in's answer departs from Discord's spec (${tmpl}): ${problems.slice(0, 5).join('; ')}`);
    }
    log(result.status);
    send(res, result.status, result.body, bucket.headers);
  } catch (e) {
    if (e instanceof ApiError) {
      log(e.status);
      if (e.code === ErrorCodes.InvalidFormBody) s.opts.log(`refused body: ${method} ${path} → 50035 ${JSON.stringify(e.errors)}`);
      send(res, e.status, e.body(), bucket.headers);
      return;
    }
    s.opts.log(`stand-in error on ${method} ${path}: ${(e as Error).stack ?? String(e)}`);
    log(500);
    send(res, 500, { message: '500: Internal Server Error', code: 0 });
  }
}
