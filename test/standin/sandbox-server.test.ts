/**
 * The sandbox web server's JSON API over the stand-in, without a browser (so it runs where Chromium is missing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandIn, type RunningStandIn } from '../../src/standin/index.js';
import { botEnvironment, startSandboxWeb, type SandboxWeb } from '../../src/sandbox/server.js';
import { startFakeBot, type FakeBot } from './fake-bot.js';

let s: RunningStandIn;
let bot: FakeBot;
let web: SandboxWeb;
let base: string;

const get = async (path: string) => {
  const res = await fetch(`${base}${path}`);
  return { status: res.status, body: await res.json() };
};
const post = async (path: string, body: unknown) => {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
};

beforeAll(async () => {
  s = await startStandIn({ log: () => undefined });
  bot = await startFakeBot(s);
  web = await startSandboxWeb(s, { port: 0 });
  base = `http://127.0.0.1:${web.port}`;
});

afterAll(async () => {
  await web?.close();
  await bot?.stop();
  await s?.close();
});

describe('the sandbox server', () => {
  it('serves the page and the state: four users, channels, and the registered commands', async () => {
    const page = await fetch(`${base}/`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<script src="/app.js"');
    const ada = s.user('ada');
    const { body } = await get(`/api/state?as=${ada.id}`);
    expect(body.users.map((u: { name: string }) => u.name)).toEqual(['Ada', 'Bruno', 'Chloe', 'Dieter']);
    expect(body.me.locale).toBe('en-US');
    expect(body.channels.map((c: { name: string }) => c.name)).toEqual(['general', 'campfire']);
    expect(body.commands.guild[0].name).toBe('campfire');
    expect(web.url).toBe(`http://localhost:${web.port}`);
  });

  it('runs a command, rewrites attachment URLs to its own origin and serves the image', async () => {
    const ada = s.user('ada');
    const general = s.channelByName('general').id;
    const out = await post('/api/slash', { as: ada.id, channel: general, command: 'campfire', subcommand: 'ping' });
    expect(out.body.kind).toBe('message');
    const url: string = out.body.message.attachments[0].url;
    expect(url.startsWith('/att/')).toBe(true);
    const img = await fetch(`${base}${url}`);
    expect(img.headers.get('content-type')).toBe('image/png');
    const msgs = await get(`/api/messages?channel=${general}&as=${ada.id}`);
    expect(msgs.body.messages.at(-1).content).toBe('Pong!');
  });

  it('keeps ephemerals per user and refuses what the user cannot do', async () => {
    const general = s.channelByName('general').id;
    const ping = await post('/api/slash', { as: s.user('ada').id, channel: general, command: 'campfire', subcommand: 'ping' });
    const hand = await post('/api/click', { as: s.user('bruno').id, message: ping.body.message.id, customId: 'hand' });
    expect(hand.body.ephemeral).toBe(true);
    const asBruno = await get(`/api/messages?channel=${general}&as=${s.user('bruno').id}`);
    const asChloe = await get(`/api/messages?channel=${general}&as=${s.user('chloe').id}`);
    expect(asBruno.body.messages.some((m: { content: string }) => m.content.includes('secret-cards-of-bruno'))).toBe(true);
    expect(asChloe.body.messages.some((m: { content: string }) => m.content.includes('secret-cards-of-bruno'))).toBe(false);
    const refused = await post('/api/click', { as: s.user('chloe').id, message: hand.body.message.id, customId: 'x' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/cannot see message/);
  });

  it('adds users and announces changes by server-sent events', async () => {
    const res = await fetch(`${base}/api/events`);
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('event: change');
    const added = await post('/api/users', { name: 'Erna', locale: 'de' });
    const next = new TextDecoder().decode((await reader.read()).value);
    expect(next).toContain('event: change');
    await reader.cancel();
    expect(s.user(added.body.id).locale).toBe('de');
  });

  it('injects stand-in faults from the page\'s developer tools', async () => {
    const general = s.channelByName('general').id;
    expect((await post('/api/fault', { kind: 'deny-threads', channel: general })).status).toBe(200);
    const out = await post('/api/slash', { as: s.user('ada').id, channel: general, command: 'campfire', subcommand: 'thread', options: { name: 'No' } });
    expect(out.body.message.content).toBe('Could not open a thread: 50013');
    await post('/api/fault', { kind: 'allow-all', channel: general });
    const resumes = s.gateway.stats.resumes;
    await post('/api/fault', { kind: 'drop' });
    await s.waitFor(() => s.gateway.stats.resumes > resumes, { what: 'resume' });
    await post('/api/fault', { kind: 'drop-shard', shard: 0 });
    await s.waitFor(() => s.gateway.stats.resumes > resumes + 1, { what: 'resume of shard 0' });
    expect((await post('/api/fault', { kind: 'drop-shard', shard: 'one' })).status).toBe(400);
    expect((await post('/api/fault', { kind: 'nonsense' })).status).toBe(400);
  });

  it('gives the bot process its environment', () => {
    expect(botEnvironment(s, { databasePath: '/tmp/x.db' })).toMatchObject({
      DISCORD_TOKEN: s.token,
      DISCORD_API_BASE: `${s.baseUrl}/api`,
      DATABASE_PATH: '/tmp/x.db',
    });
  });
});
