/**
 * Discord's limits and errors as the stand-in enforces them, exercised over raw HTTP (no discord.js builders in the
 * way, so payloads a buggy bot might send reach the API).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStandIn, type RunningStandIn } from '../../src/standin/index.js';
import { boardPng, CAMPFIRE_COMMAND } from './fake-bot.js';

let s: RunningStandIn;
let general: string;

async function api(method: string, path: string, body?: unknown, opts: { auth?: boolean; files?: Array<{ name: string; data: Buffer }> } = {}) {
  const headers: Record<string, string> = {};
  if (opts.auth !== false) headers.authorization = `Bot ${s.token}`;
  let payload: BodyInit | undefined;
  if (opts.files) {
    const form = new FormData();
    form.append('payload_json', JSON.stringify(body ?? {}));
    opts.files.forEach((f, i) => form.append(`files[${i}]`, new Blob([new Uint8Array(f.data)], { type: 'image/png' }), f.name));
    payload = form;
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${s.apiBase}/v10${path}`, { method, headers, body: payload });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

const row = (n: number, prefix = 'b') => ({
  type: 1,
  components: Array.from({ length: n }, (_, i) => ({ type: 2, style: 1, label: `B${i}`, custom_id: `${prefix}${i}` })),
});

/** Starts a slash command from a user without a bot, and returns the pending interaction plus the outcome promise. */
function pendingSlash(sub = 'ping') {
  const outcome = s.user('ada').slash(general, 'campfire', { subcommand: sub }, { waitMs: 300 });
  const rec = [...s.interactions.values()].pop()!;
  return { rec, outcome };
}

beforeAll(async () => {
  // Rate limits off: these tests fire bursts of raw requests at one channel to probe body limits, without a client
  // that reads the X-RateLimit headers; the limits themselves are tested in strict.test.ts.
  s = await startStandIn({ log: () => undefined, rateLimits: [] });
  general = s.channelByName('general').id;
  const put = await api('PUT', `/applications/${s.applicationId}/commands`, [CAMPFIRE_COMMAND]);
  expect(put.status).toBe(200);
});

afterAll(async () => {
  await s?.close();
});

beforeEach(() => s.faults.clear());

describe('message limits (POST /channels/{id}/messages)', () => {
  it('accepts 5 rows of 5 buttons and rejects a sixth button or a sixth row with 50035', async () => {
    const five = Array.from({ length: 5 }, (_, r) => row(5, `r${r}b`));
    expect((await api('POST', `/channels/${general}/messages`, { components: five })).status).toBe(200);
    const sixButtons = await api('POST', `/channels/${general}/messages`, { components: [row(6)] });
    expect(sixButtons.status).toBe(400);
    expect(sixButtons.body.code).toBe(50035);
    expect(sixButtons.body.errors.components['0'].components._errors[0].code).toBe('BASE_TYPE_MAX_LENGTH');
    const sixRows = await api('POST', `/channels/${general}/messages`, { components: Array.from({ length: 6 }, (_, r) => row(1, `x${r}`)) });
    expect(sixRows.body.code).toBe(50035);
  });

  it('rejects a 26-option menu, 101-character custom ids, labels and values, and duplicated custom ids', async () => {
    const menu = (n: number, extra: Record<string, unknown> = {}) => ({
      components: [{ type: 1, components: [{ type: 3, custom_id: 'm', options: Array.from({ length: n }, (_, i) => ({ label: `L${i}`, value: `v${i}`, ...extra })) }] }],
    });
    expect((await api('POST', `/channels/${general}/messages`, menu(25))).status).toBe(200);
    expect((await api('POST', `/channels/${general}/messages`, menu(26))).body.code).toBe(50035);
    expect((await api('POST', `/channels/${general}/messages`, menu(1, { label: 'x'.repeat(101) }))).body.code).toBe(50035);
    expect((await api('POST', `/channels/${general}/messages`, menu(1, { label: 'x'.repeat(100), value: 'y'.repeat(100) }))).status).toBe(200);
    expect((await api('POST', `/channels/${general}/messages`, menu(1, { value: 'y'.repeat(101) }))).body.code).toBe(50035);
    const longId = { components: [{ type: 1, components: [{ type: 2, style: 1, label: 'ok', custom_id: 'c'.repeat(101) }] }] };
    expect((await api('POST', `/channels/${general}/messages`, longId)).body.code).toBe(50035);
    const id100 = { components: [{ type: 1, components: [{ type: 2, style: 1, label: 'ok', custom_id: 'c'.repeat(100) }] }] };
    expect((await api('POST', `/channels/${general}/messages`, id100)).status).toBe(200);
    const longLabel = { components: [{ type: 1, components: [{ type: 2, style: 1, label: 'l'.repeat(81), custom_id: 'c' }] }] };
    expect((await api('POST', `/channels/${general}/messages`, longLabel)).body.code).toBe(50035);
    const dup = { components: [row(2, 'same'), { type: 1, components: [{ type: 2, style: 1, label: 'again', custom_id: 'same0' }] }] };
    expect((await api('POST', `/channels/${general}/messages`, dup)).body.errors.components['1'].components['0'].custom_id._errors[0].code).toBe(
      'COMPONENT_CUSTOM_ID_DUPLICATED',
    );
  });

  it('rejects content over 2000 characters, embeds over 6000 in total, and an empty message', async () => {
    expect((await api('POST', `/channels/${general}/messages`, { content: 'a'.repeat(2000) })).status).toBe(200);
    const long = await api('POST', `/channels/${general}/messages`, { content: 'a'.repeat(2001) });
    expect(long.body.errors.content._errors[0].message).toBe('Must be 2000 or fewer in length.');
    const embeds = [0, 1].map(() => ({ description: 'd'.repeat(3001) }));
    expect((await api('POST', `/channels/${general}/messages`, { embeds })).body.code).toBe(50035);
    expect((await api('POST', `/channels/${general}/messages`, { embeds: [{ description: 'd'.repeat(3000) }, { description: 'd'.repeat(3000) }] })).status).toBe(200);
    const empty = await api('POST', `/channels/${general}/messages`, { content: '' });
    expect([empty.status, empty.body.code]).toEqual([400, 50006]);
    const m = (await api('POST', `/channels/${general}/messages`, { content: 'keep me' })).body;
    const emptied = await api('PATCH', `/channels/${general}/messages/${m.id}`, { content: '' });
    expect([emptied.status, emptied.body.code]).toEqual([400, 50006]);
    expect(s.message(m.id)!.content).toBe('keep me');
  });

  it('stores multipart attachments and serves them with their size and PNG dimensions', async () => {
    const png = boardPng('x');
    const res = await api('POST', `/channels/${general}/messages`, { content: 'board', attachments: [{ id: 0, description: 'The board' }] }, { files: [{ name: 'board.png', data: png }] });
    expect(res.status).toBe(200);
    const a = res.body.attachments[0];
    expect([a.filename, a.size, a.width, a.height, a.description]).toEqual(['board.png', png.length, 120, 60, 'The board']);
    const got = Buffer.from(await (await fetch(a.url)).arrayBuffer());
    expect(got.equals(png)).toBe(true);
  });
});

describe('errors a bot can run into', () => {
  it('answers requests without the bot token with 401 and unknown routes with a Discord-style 404', async () => {
    expect((await api('GET', '/users/@me', undefined, { auth: false })).status).toBe(401);
    const unknown = await api('GET', '/guilds/1/audit-logs');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: '404: Not Found', code: 0 });
    expect((await api('GET', `/channels/12345678901234567/messages`)).body.code).toBe(10003);
  });

  it('limits edits of messages older than an hour (30046), on the stand-in clock', async () => {
    const m = (await api('POST', `/channels/${general}/messages`, { content: 'old' })).body;
    expect((await api('PATCH', `/channels/${general}/messages/${m.id}`, { content: 'edited young' })).status).toBe(200);
    s.clock.advance(61 * 60 * 1000);
    const late = await api('PATCH', `/channels/${general}/messages/${m.id}`, { content: 'edited old' });
    expect([late.status, late.body.code]).toEqual([429, 30046]);
    expect(s.message(m.id)!.content).toBe('edited young');
  });

  it('refuses sending in a deleted thread (10003) and in a locked archived thread (50083), and reopens an archived one', async () => {
    const t = (await api('POST', `/channels/${general}/threads`, { name: 'T', type: 11 })).body;
    s.archiveThread(t.id);
    expect((await api('POST', `/channels/${t.id}/messages`, { content: 'wake up' })).status).toBe(200);
    expect(s.channel(t.id)!.archived).toBe(false);
    s.archiveThread(t.id, true);
    expect((await api('POST', `/channels/${t.id}/messages`, { content: 'locked' })).body.code).toBe(50083);
    s.deleteChannel(t.id);
    expect((await api('POST', `/channels/${t.id}/messages`, { content: 'gone' })).body.code).toBe(10003);
  });

  it('announces a public thread with a system message in the parent and refuses edits in an archived thread', async () => {
    const t = (await api('POST', `/channels/${general}/threads`, { name: 'Announced', type: 11 })).body;
    const system = s.messagesIn(general).find((m) => m.type === 18 && m.message_reference?.channel_id === t.id);
    expect(system?.content).toBe('Announced');
    const m = (await api('POST', `/channels/${t.id}/messages`, { content: 'before' })).body;
    s.archiveThread(t.id);
    const edit = await api('PATCH', `/channels/${t.id}/messages/${m.id}`, { content: 'after' });
    expect([edit.status, edit.body.code]).toEqual([400, 50083]);
  });

  it('keeps private threads visible only to their members', async () => {
    const t = (await api('POST', `/channels/${general}/threads`, { name: 'Hand of Ada', type: 12 })).body;
    await api('POST', `/channels/${t.id}/messages`, { content: 'your cards' });
    const ada = s.user('ada');
    expect(ada.messages(t.id)).toEqual([]);
    expect((await api('PUT', `/channels/${t.id}/thread-members/${ada.id}`)).status).toBe(204);
    expect(ada.messages(t.id).map((m) => m.content)).toEqual(['your cards']);
    expect(s.user('bruno').messages(t.id)).toEqual([]);
    expect(s.threadsOf(general, { as: s.user('bruno').id }).some((x) => x.id === t.id)).toBe(false);
    const shown = s.shown.filter((r) => r.channelId === t.id);
    expect(shown.map((r) => [r.kind, r.visibleTo])).toEqual([
      ['create', []],
      ['reveal', [ada.id]],
    ]);
  });

  it('sends 429 with retry_after and rate-limit headers from a bucket rule', async () => {
    s.faults.limit({ route: 'POST /channels/:id/messages', limit: 2, windowMs: 60_000 });
    const c = s.channelByName('campfire').id;
    const first = await api('POST', `/channels/${c}/messages`, { content: '1' });
    expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
    await api('POST', `/channels/${c}/messages`, { content: '2' });
    const third = await api('POST', `/channels/${c}/messages`, { content: '3' });
    expect(third.status).toBe(429);
    expect(third.body.retry_after).toBeGreaterThan(0);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(third.headers.get('x-ratelimit-bucket')).toBeTruthy();
    expect(s.messagesIn(c).map((m) => m.content)).toEqual(['1', '2']);
  });
});

describe('interaction rules', () => {
  it('accepts one callback only (40060 for the second) and returns the message with with_response=true', async () => {
    const { rec, outcome } = pendingSlash();
    const first = await api('POST', `/interactions/${rec.id}/${rec.token}/callback?with_response=true`, { type: 4, data: { content: 'hi' } }, { auth: false });
    expect(first.status).toBe(200);
    expect(first.body.resource.message.content).toBe('hi');
    expect(first.body.interaction.response_message_id).toBe(first.body.resource.message.id);
    const second = await api('POST', `/interactions/${rec.id}/${rec.token}/callback`, { type: 4, data: { content: 'again' } }, { auth: false });
    expect([second.status, second.body.code]).toEqual([400, 40060]);
    expect((await outcome).message!.content).toBe('hi');
  });

  it('rejects an UPDATE_MESSAGE callback for a slash command and a modal with 6 inputs', async () => {
    const { rec } = pendingSlash();
    expect((await api('POST', `/interactions/${rec.id}/${rec.token}/callback`, { type: 7, data: { content: 'x' } }, { auth: false })).status).toBe(400);
    const input = (i: number) => ({ type: 1, components: [{ type: 4, custom_id: `i${i}`, label: 'L', style: 1 }] });
    const modal = { custom_id: 'm', title: 'T', components: Array.from({ length: 6 }, (_, i) => input(i)) };
    expect((await api('POST', `/interactions/${rec.id}/${rec.token}/callback`, { type: 9, data: modal }, { auth: false })).body.code).toBe(50035);
  });

  it('makes the first follow-up after a deferred reply edit the loading message, keeping it ephemeral', async () => {
    const { rec, outcome } = pendingSlash();
    expect((await api('POST', `/interactions/${rec.id}/${rec.token}/callback`, { type: 5, data: { flags: 64 } }, { auth: false })).status).toBe(204);
    const loading = await api('GET', `/webhooks/${s.applicationId}/${rec.token}/messages/%40original`, undefined, { auth: false });
    expect(loading.body.flags & (64 | 128)).toBe(64 | 128);
    const fu = await api('POST', `/webhooks/${s.applicationId}/${rec.token}`, { content: 'filled in' }, { auth: false });
    expect(fu.body.id).toBe(loading.body.id);
    expect(fu.body.flags & 128).toBe(0);
    const second = await api('POST', `/webhooks/${s.applicationId}/${rec.token}`, { content: 'public follow-up' }, { auth: false });
    expect(second.body.id).not.toBe(loading.body.id);
    const out = await outcome;
    expect([out.kind, out.ephemeral, out.message!.content]).toEqual(['message', true, 'filled in']);
    expect(s.messagesIn(general).some((m) => m.content === 'filled in')).toBe(false);
    expect(s.messagesIn(general).some((m) => m.content === 'public follow-up')).toBe(true);
  });

  it('expires interaction tokens after 15 minutes (50027) and keeps ephemerals out of channel history', async () => {
    const { rec, outcome } = pendingSlash();
    await api('POST', `/interactions/${rec.id}/${rec.token}/callback`, { type: 4, data: { content: 'eph', flags: 64 } }, { auth: false });
    await outcome;
    const history = await api('GET', `/channels/${general}/messages?limit=100`);
    expect(history.body.some((m: { content: string }) => m.content === 'eph')).toBe(false);
    expect((await api('PATCH', `/webhooks/${s.applicationId}/${rec.token}/messages/@original`, { content: 'eph 2' }, { auth: false })).status).toBe(200);
    s.clock.advance(15 * 60 * 1000 + 1);
    const late = await api('PATCH', `/webhooks/${s.applicationId}/${rec.token}/messages/%40original`, { content: 'eph 3' }, { auth: false });
    expect([late.status, late.body.code]).toEqual([401, 50027]);
  });

  it('settles a deferred update that is never edited after a quiet period, not after the full wait', async () => {
    const m = (await api('POST', `/channels/${general}/messages`, { components: [row(1, 'ack')] })).body;
    const started = Date.now();
    const outcome = s.user('ada').click(m.id, 'ack0', { waitMs: 8000 });
    const rec = [...s.interactions.values()].pop()!;
    expect((await api('POST', `/interactions/${rec.id}/${rec.token}/callback`, { type: 6 }, { auth: false })).status).toBe(204);
    const out = await outcome;
    expect([out.kind, out.callbackType]).toEqual(['deferred', 6]);
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('reports no response when nobody answers within 3 seconds', async () => {
    const started = Date.now();
    const out = await s.user('ada').slash(general, 'campfire', { subcommand: 'ping' });
    expect(out.kind).toBe('none');
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
  });

  it('refuses slash commands that are not registered, unknown options and invalid choices', async () => {
    await expect(s.user('ada').slash(general, 'nope')).rejects.toThrow(/not a registered command/);
    await expect(s.user('ada').slash(general, 'campfire', { subcommand: 'new', options: { game: 'chess' } })).rejects.toThrow(/not one of the choices/);
    await expect(s.user('ada').slash(general, 'campfire', { subcommand: 'new' })).rejects.toThrow(/required/);
    await expect(s.user('ada').slash(general, 'campfire', { subcommand: 'ping', options: { x: 1 } })).rejects.toThrow(/unknown option/);
  });

  it('hides a command with default_member_permissions from members without them', async () => {
    const admin = { name: 'setup', description: 'Server settings', default_member_permissions: String(1n << 5n) };
    expect((await api('PUT', `/applications/${s.applicationId}/guilds/${s.guild.id}/commands`, [admin])).status).toBe(200);
    expect(s.commandsFor(general, s.user('ada').id).map((c) => c.name)).toContain('setup');
    expect(s.commandsFor(general, s.user('bruno').id).map((c) => c.name)).not.toContain('setup');
    await expect(s.user('bruno').slash(general, 'setup')).rejects.toThrow(/not a registered command here/);
    const pending = s.user('ada').slash(general, 'setup', {}, { waitMs: 100 });
    const rec = [...s.interactions.values()].pop()!;
    expect(rec.payload.data.name).toBe('setup');
    await api('POST', `/interactions/${rec.id}/${rec.token}/callback`, { type: 4, data: { content: 'ok', flags: 64 } }, { auth: false });
    expect((await pending).message!.content).toBe('ok');
  });
});
