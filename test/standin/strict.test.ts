/**
 * The strict stand-in (issue #12, item 4), as `startStandIn()` gives it with no options: Discord's rate limits with
 * Discord's headers and 429 bodies, request bodies checked against Discord's published OpenAPI schema, thread
 * creation that takes time, component interactions Discord would refuse, member permissions with channel overwrites,
 * and names of at most 32 characters. Raw HTTP, no discord.js in the way.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, Perm, StandInRefusal, startStandIn, type RunningStandIn } from '../../src/standin/index.js';
import { validateAgainstSpec } from '../../src/standin/schema.js';
import { CAMPFIRE_COMMAND } from './fake-bot.js';

let s: RunningStandIn;
let general: string;

async function api(standIn: RunningStandIn, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { authorization: `Bot ${standIn.token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${standIn.apiBase}/v10${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

const post = (path: string, body: unknown) => api(s, 'POST', path, body);

beforeAll(async () => {
  s = await startStandIn({ log: () => undefined });
  general = s.channelByName('general').id;
  expect((await api(s, 'PUT', `/applications/${s.applicationId}/commands`, [CAMPFIRE_COMMAND])).status).toBe(200);
});

afterAll(async () => {
  await s?.close();
});

beforeEach(() => s.faults.clear());

describe('rate limits are on by default, answered as Discord answers them', () => {
  it('gives the sixth message in 5 s to one channel a 429 with Discord\'s headers and body', async () => {
    const campfire = s.channelByName('campfire').id;
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await post(`/channels/${campfire}/messages`, { content: `m${i}` }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429]);
    const first = answers[0].headers;
    expect([first.get('x-ratelimit-limit'), first.get('x-ratelimit-remaining')]).toEqual(['5', '4']);
    expect(Number(first.get('x-ratelimit-reset-after'))).toBeGreaterThan(4);
    expect(first.get('x-ratelimit-bucket')).toMatch(/^[0-9a-f]{32}$/);
    const limited = answers[5];
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('x-ratelimit-scope')).toBe('user');
    expect(limited.headers.get('x-ratelimit-bucket')).toBe(first.get('x-ratelimit-bucket'));
    expect(Number(limited.headers.get('x-ratelimit-reset')) * 1000).toBeGreaterThan(Date.now());
    // Retry-After in whole seconds, rounded up; retry_after in the body exact.
    expect(limited.headers.get('retry-after')).toMatch(/^[1-5]$/);
    expect(limited.body).toEqual({ message: 'You are being rate limited.', retry_after: expect.any(Number), global: false, code: 0 });
    expect(limited.body.retry_after).toBeGreaterThan(0);
    expect(limited.body.retry_after).toBeLessThanOrEqual(5);
    // Another channel has its own bucket.
    expect((await post(`/channels/${general}/messages`, { content: 'elsewhere' })).status).toBe(200);
  });

  it('gives the 51st request in a second a global 429, and spares interaction endpoints', async () => {
    const codes = await Promise.all(Array.from({ length: 51 }, () => api(s, 'GET', `/guilds/${s.guild.id}`)));
    const limited = codes.filter((c) => c.status === 429);
    expect(limited.length).toBe(1);
    expect(limited[0].headers.get('x-ratelimit-global')).toBe('true');
    expect(limited[0].headers.get('x-ratelimit-scope')).toBe('global');
    expect(limited[0].body.global).toBe(true);
    // An interaction callback in the same second is not bound by the global limit (it gets 10062 for an unknown
    // interaction, not 429).
    const cb = await fetch(`${s.apiBase}/v10/interactions/123456789012345678/tok/callback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"type":4,"data":{"content":"x"}}' });
    expect(cb.status).toBe(404);
  });

  it('switches off with rateLimits: []', async () => {
    const loose = await startStandIn({ log: () => undefined, rateLimits: [] });
    try {
      const ch = loose.channelByName('general').id;
      const codes = [];
      for (let i = 0; i < 7; i++) codes.push((await api(loose, 'POST', `/channels/${ch}/messages`, { content: `m${i}` })).status);
      expect(codes).toEqual([200, 200, 200, 200, 200, 200, 200]);
    } finally {
      await loose.close();
    }
  });
});

describe('request bodies are checked against Discord\'s published schema', () => {
  it('refuses what the spec refuses with 50035 and the field\'s path', async () => {
    const tts = await post(`/channels/${general}/messages`, { content: 'hi', tts: 'yes' });
    expect(tts.status).toBe(400);
    expect(tts.body).toEqual({ code: 50035, message: 'Invalid Form Body', errors: { tts: { _errors: [{ code: 'BOOLEAN_TYPE_CONVERT', message: expect.any(String) }] } } });
    const color = await post(`/channels/${general}/messages`, { embeds: [{ title: 'T', color: 'red' }] });
    expect(color.body.errors.embeds['0'].color._errors[0].code).toBe('NUMBER_TYPE_COERCE');
    const url = await post(`/channels/${general}/messages`, { components: [{ type: 1, components: [{ type: 2, style: 5, label: 'Rules', url: 'not a url' }] }] });
    expect(url.body.errors.components['0'].components['0'].url._errors[0].code).toBe('URL_TYPE_INVALID_URL');
    const thread = await post(`/channels/${general}/threads`, { name: 'x', auto_archive_duration: 42 });
    expect(thread.body.errors.auto_archive_duration._errors[0].code).toBe('BASE_TYPE_CHOICES');
    const cmd = await api(s, 'POST', `/applications/${s.applicationId}/commands`, { name: 'x'.repeat(33), description: 'd' });
    expect(cmd.body.errors.name._errors[0].code).toBe('BASE_TYPE_MAX_LENGTH');
    const cmds = await api(s, 'PUT', `/applications/${s.applicationId}/commands`, [CAMPFIRE_COMMAND, { name: 'ok', description: 7 }]);
    expect(cmds.body.errors['1'].description._errors[0].code).toBe('STRING_TYPE_CONVERT');
    const dm = await post('/users/@me/channels', { recipient_id: 'ada' });
    expect(dm.body.errors.recipient_id._errors[0].code).toBe('NUMBER_TYPE_COERCE');
  });

  it('refuses a bad interaction callback and follow-up before anything else', async () => {
    const pending = s.injectInteraction({ kind: 'command', userId: s.user('ada').id, channelId: general, data: { name: 'campfire', type: 1, options: [{ type: 1, name: 'ping' }] }, replyWaitMs: 1500 });
    const rec = [...s.interactions.values()].pop()!;
    const call = (body: unknown, path = `/interactions/${rec.id}/${rec.token}/callback`) =>
      fetch(`${s.apiBase}/v10${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: await r.json().catch(() => null) }));
    const badType = await call({ type: 3, data: { content: 'x' } });
    expect(badType.body.errors.type._errors[0].code).toBe('BASE_TYPE_CHOICES');
    const badFlags = await call({ type: 4, data: { content: 'x', flags: 'ephemeral' } });
    expect(badFlags.body.errors.data.flags._errors[0].code).toBe('NUMBER_TYPE_COERCE');
    expect((await call({ type: 4, data: { content: 'fine' } })).status).toBe(204);
    const followUp = await call({ content: 'more', avatar_url: 'nope' }, `/webhooks/${s.applicationId}/${rec.token}`);
    expect(followUp.body.errors.avatar_url._errors[0].code).toBe('URL_TYPE_INVALID_URL');
    expect((await pending).kind).toBe('message');
  });

  it('accepts unknown fields and the forms Discord takes beyond the spec\'s types', async () => {
    expect((await post(`/channels/${general}/messages`, { content: 'with extras', not_a_discord_field: { x: 1 } })).status).toBe(200);
    // Attachment ids as integers (Discord's own examples, discord.js) and permissions as strings (Discord's docs).
    expect(() => validateAgainstSpec('POST /channels/:id/messages', { content: 'att', attachments: [{ id: 0, description: 'The board' }] })).not.toThrow();
    const cmd = await api(s, 'POST', `/applications/${s.applicationId}/commands`, { name: 'setup', description: 'd', default_member_permissions: String(1n << 5n) });
    expect(cmd.status).toBe(201);
  });

  it('keeps the hand-written limits the spec does not encode (2000 characters of content)', async () => {
    const long = await post(`/channels/${general}/messages`, { content: 'x'.repeat(2001) });
    expect(long.body.errors.content._errors[0].code).toBe('BASE_TYPE_MAX_LENGTH');
  });

  it('lets a test switch the schema off with validateBodies: false', async () => {
    const loose = await startStandIn({ log: () => undefined, validateBodies: false });
    try {
      expect((await api(loose, 'POST', `/channels/${loose.channelByName('general').id}/messages`, { content: 'hi', tts: 'yes' })).status).toBe(200);
    } finally {
      await loose.close();
    }
  });
});

describe('thread creation takes time', () => {
  it('answers and dispatches THREAD_CREATE only after threadCreateDelayMs (default 300 ms)', async () => {
    // Wait for the request to arrive and be held (an event, not a guess at how long the machine takes).
    const delay = s.threadCreationDelay;
    let held!: () => void;
    const arrived = new Promise<void>((r) => { held = r; });
    s.threadCreationDelay = function (this: RunningStandIn) { held(); return delay.call(this); };
    const started = Date.now();
    const pending = post(`/channels/${general}/threads`, { name: 'slow thread', type: 11 });
    await arrived;
    s.threadCreationDelay = delay;
    expect(s.threadsOf(general).map((t) => t.name), 'no thread while Discord is still creating it').not.toContain('slow thread');
    const res = await pending;
    expect(res.status).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(s.threadsOf(general).map((t) => t.name)).toContain('slow thread');
  });

  it('is immediate with threadCreateDelayMs: 0', async () => {
    const fast = await startStandIn({ log: () => undefined, threadCreateDelayMs: 0 });
    try {
      expect((await api(fast, 'POST', `/channels/${fast.channelByName('general').id}/threads`, { name: 't', type: 11 })).status).toBe(201);
      // No timer at all (not a short one): the delay is over before the next turn of the event loop.
      const first = (p: Promise<void>) => Promise.race([p.then(() => 'no wait'), new Promise((r) => setImmediate(() => r('waited')))]);
      expect(await first(fast.threadCreationDelay())).toBe('no wait');
      expect(await first(s.threadCreationDelay()), 'the default stand-in does wait').toBe('waited');
    } finally {
      await fast.close();
    }
  });
});

describe('component interactions Discord would refuse', () => {
  it('refuses a custom_id that is not on the message, or a message the user cannot see, unless unchecked', async () => {
    const msg = await post(`/channels/${general}/messages`, { content: 'pick', components: [{ type: 1, components: [{ type: 2, style: 1, label: 'A', custom_id: 'a' }, { type: 2, style: 1, label: 'Off', custom_id: 'off', disabled: true }] }] });
    const ada = s.user('ada').id;
    const base = { kind: 'component' as const, userId: ada, channelId: general, messageId: msg.body.id, replyWaitMs: 50, waitMs: 50 };
    await expect(s.injectInteraction({ ...base, data: { custom_id: 'forged', component_type: 2 } })).rejects.toThrow(StandInRefusal);
    await expect(s.injectInteraction({ ...base, data: { custom_id: 'off', component_type: 2 } })).rejects.toThrow(/disabled/);
    await expect(s.injectInteraction({ ...base, data: { custom_id: 'a', component_type: 3, values: ['x'] } })).rejects.toThrow(/type/);
    expect((await s.injectInteraction({ ...base, data: { custom_id: 'a', component_type: 2 } })).kind).toBe('none');
    expect((await s.injectInteraction({ ...base, data: { custom_id: 'forged', component_type: 2 }, unchecked: true })).kind).toBe('none');
    // A private thread's message, clicked by someone not in the thread.
    const t = await post(`/channels/${general}/threads`, { name: 'secret', type: 12 });
    const inside = await post(`/channels/${t.body.id}/messages`, { content: 'hidden', components: [{ type: 1, components: [{ type: 2, style: 1, label: 'A', custom_id: 'a' }] }] });
    await expect(
      s.injectInteraction({ ...base, channelId: t.body.id, messageId: inside.body.id, userId: s.user('bruno').id, data: { custom_id: 'a', component_type: 2 } }),
    ).rejects.toThrow(/cannot see/);
  });
});

describe('member permissions with channel overwrites', () => {
  it('applies @everyone, then the roles\' overwrites, then the member\'s own, and carries them in interactions', async () => {
    const ch = s.channelByName('campfire').id;
    const [ada, bruno, chloe] = [s.user('ada').id, s.user('bruno').id, s.user('chloe').id];
    try {
      s.setChannelOverwrite(ch, { id: s.guild.id, type: 'role', deny: ['ViewChannel', 'AttachFiles'] });
      s.setChannelOverwrite(ch, { id: s.roleIds.moderator, type: 'role', allow: ['ViewChannel'] });
      s.setChannelOverwrite(ch, { id: bruno, type: 'member', allow: ['ViewChannel'] });
      s.setChannelOverwrite(ch, { id: s.roleIds.bot, type: 'role', allow: ['ViewChannel', 'AttachFiles'], deny: ['EmbedLinks'] });
      expect(s.permissionsIn(ada, ch) & Perm.ViewChannel).toBe(Perm.ViewChannel); // role allow beats @everyone deny
      expect(s.permissionsIn(bruno, ch) & Perm.ViewChannel).toBe(Perm.ViewChannel); // member allow
      expect(s.permissionsIn(chloe, ch)).toBe(0n); // no View Channel: nothing
      expect(s.permissionsIn(ada, ch) & Perm.AttachFiles).toBe(0n);
      s.setChannelOverwrite(ch, { id: ada, type: 'member', deny: ['ViewChannel'] }); // member deny beats role allow
      expect(s.permissionsIn(ada, ch)).toBe(0n);
      expect(s.userList().filter((u) => s.canSeeChannel(u.id, s.channel(ch)!)).map((u) => u.id)).toEqual([bruno]);
      expect(() => s.user('chloe').say(ch, 'hello')).toThrow(StandInRefusal);
      // The channel as the bot's client sees it carries the overwrites.
      expect((await api(s, 'GET', `/channels/${ch}`)).body.permission_overwrites).toHaveLength(5);

      const out = s.injectInteraction({ kind: 'command', userId: bruno, channelId: ch, data: { name: 'campfire', type: 1, options: [{ type: 1, name: 'ping' }] }, replyWaitMs: 30 });
      const payload = [...s.interactions.values()].pop()!.payload;
      await out;
      const memberPerms = BigInt(payload.member.permissions);
      const appPerms = BigInt(payload.app_permissions);
      expect(memberPerms & Perm.ViewChannel).toBe(Perm.ViewChannel);
      expect(memberPerms & Perm.AttachFiles).toBe(0n);
      expect(appPerms & Perm.AttachFiles).toBe(Perm.AttachFiles);
      expect(appPerms & Perm.EmbedLinks).toBe(0n);
      // The bot is refused where a role overwrite takes Send Messages away.
      s.setChannelOverwrite(ch, { id: s.roleIds.bot, type: 'role', allow: ['ViewChannel'], deny: ['SendMessages'] });
      expect(s.botPermissions(ch) & Perm.ViewChannel).toBe(Perm.ViewChannel);
      const refused = await api(s, 'POST', `/channels/${ch}/messages`, { content: 'x' });
      expect([refused.status, refused.body.code]).toEqual([403, 50013]);
    } finally {
      for (const id of [s.guild.id, s.roleIds.moderator, s.roleIds.bot]) s.setChannelOverwrite(ch, { id, type: 'role' });
      for (const id of [ada, bruno]) s.setChannelOverwrite(ch, { id, type: 'member' });
    }
  });

  it('offers no command where Use Application Commands is taken away', () => {
    const ch = s.channelByName('campfire').id;
    try {
      expect(s.commandsFor(ch, s.user('bruno').id).map((c) => c.name)).toContain('campfire');
      s.setChannelOverwrite(ch, { id: s.guild.id, type: 'role', deny: ['UseApplicationCommands'] });
      expect(s.commandsFor(ch, s.user('bruno').id)).toEqual([]);
    } finally {
      s.setChannelOverwrite(ch, { id: s.guild.id, type: 'role' });
    }
  });
});

describe('user names up to 32 characters', () => {
  it('accepts 32 and refuses 33 characters in username, global_name and nick with 50035', () => {
    const u = s.addUser({ username: 'u'.repeat(32), globalName: 'G'.repeat(32), nick: 'N'.repeat(32) });
    expect(s.memberPayload(u.id).nick).toBe('N'.repeat(32));
    for (const spec of [{ username: 'u'.repeat(33) }, { username: 'ok', globalName: 'G'.repeat(33) }, { username: 'ok', nick: 'N'.repeat(33) }, { username: 'x' }]) {
      let err: unknown = null;
      try {
        s.addUser(spec);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).code).toBe(50035);
      expect(JSON.stringify((err as ApiError).errors)).toContain('BASE_TYPE_BAD_LENGTH');
    }
  });
});
