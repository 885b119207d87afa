/**
 * The unmodified discord.js client against the stand-in: login, commands, buttons, menus, modals, ephemerals,
 * threads, DMs, and recovery from 429s, 500s and a dropped gateway connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandIn, StandInRefusal, messageText, type RunningStandIn } from '../../src/standin/index.js';
import { startFakeBot, type FakeBot } from './fake-bot.js';

let s: RunningStandIn;
let bot: FakeBot;
let general: string;
const logLines: string[] = [];

beforeAll(async () => {
  s = await startStandIn({ log: (l) => logLines.push(l) });
  bot = await startFakeBot(s);
  general = s.channelByName('general').id;
});

afterAll(async () => {
  await bot?.stop();
  await s?.close();
});

describe('GIVEN the discord.js client logged in to the stand-in', () => {
  it('THEN the REST calls discord.js makes for channels, messages, threads, members and the application all work', async () => {
    const c = bot.client;
    const channel = await c.channels.fetch(general, { force: true });
    if (!channel?.isSendable() || channel.isDMBased() || !('threads' in channel)) throw new Error('general is not a text channel');
    const sent = await channel.send({ content: 'hello', files: [{ attachment: Buffer.from('plain text'), name: 'notes.txt' }] });
    expect(sent.attachments.first()?.name).toBe('notes.txt');
    const edited = await sent.edit({ content: 'hello again' });
    expect(edited.content).toBe('hello again');
    const fetched = await channel.messages.fetch({ limit: 5 });
    expect(fetched.first()?.id).toBe(sent.id);
    const one = await channel.messages.fetch({ message: sent.id, force: true });
    expect(one.editedTimestamp).not.toBeNull();
    const thread = await sent.startThread({ name: 'From a message' });
    expect(thread.id).toBe(sent.id);
    await thread.members.add(s.user('ada').id);
    expect(s.channel(thread.id)!.memberIds).toContain(s.user('ada').id);
    await thread.send('in the thread');
    await thread.setArchived(true);
    expect(s.channel(thread.id)!.archived).toBe(true);
    await sent.delete();
    expect(s.message(sent.id)).toBeNull();
    const guild = await c.guilds.fetch({ guild: s.guild.id, force: true });
    expect(guild.preferredLocale).toBe('en-US');
    const member = await guild.members.fetch({ user: s.user('bruno').id, force: true });
    expect(member.user.username).toBe('bruno');
    const user = await c.users.fetch(s.user('chloe').id, { force: true });
    expect(user.globalName).toBe('Chloe');
    expect((await guild.channels.fetch()).size).toBe(2);
    const app = await c.application!.fetch();
    expect(app.id).toBe(s.applicationId);
    const cmds = await c.application!.commands.fetch();
    expect([...cmds.values()].map((x) => x.name)).toEqual(['campfire']);
    const dm = await user.createDM();
    expect(dm.recipientId).toBe(user.id);
    expect(logLines.filter((l) => l.startsWith('unknown route'))).toEqual([]);
  });

  it('THEN reply-with-response, fetchReply and deleteReply work through the interaction webhook', async () => {
    const handler = async (i: import('discord.js').Interaction) => {
      if (!i.isChatInputCommand() || i.options.getSubcommand() !== 'raw') return;
      const res = await i.reply({ content: 'first', withResponse: true });
      const fetched = await i.fetchReply();
      await i.editReply(`reply ${res.resource?.message?.id === fetched.id ? 'matches' : 'differs'}`);
      const extra = await i.followUp('to be deleted');
      await i.deleteReply(extra);
    };
    const listener = (i: import('discord.js').Interaction) => void handler(i).catch((e: unknown) => bot.errors.push(e));
    bot.client.prependListener('interactionCreate', listener);
    const out = await s.user('ada').slash(general, 'campfire', { subcommand: 'raw' });
    const rec = s.interaction(out.interactionId)!;
    await s.waitFor(() => rec.followUpIds.length === 1 && s.message(rec.followUpIds[0]) === null, { what: 'follow-up deleted' });
    expect(s.message(rec.originalMessageId!)!.content).toBe('reply matches');
    bot.client.off('interactionCreate', listener);
    expect(bot.errors).toEqual([]);
  });

  it('THEN it is ready with the guild, its channels and the registered command', () => {
    expect(bot.client.isReady()).toBe(true);
    const guild = bot.client.guilds.cache.get(s.guild.id);
    expect(guild?.name).toBe('Campfire Sandbox');
    expect(guild?.channels.cache.get(general)?.name).toBe('general');
    expect(s.commandList(null).map((c) => c.name)).toEqual(['campfire']);
    expect(s.gateway.stats.identifies).toBe(1);
  });

  it('THEN discord.js computes the bot\'s channel permissions like the stand-in, including a denied permission', async () => {
    const { PermissionFlagsBits } = await import('discord.js');
    const channel = bot.client.channels.cache.get(general);
    if (!channel || channel.isDMBased() || !channel.isSendable()) throw new Error('no sendable guild channel');
    const me = bot.client.user!.id;
    expect(channel.permissionsFor(me)!.has(PermissionFlagsBits.ManageThreads)).toBe(true);
    expect(channel.permissionsFor(me)!.has(PermissionFlagsBits.Administrator)).toBe(false);
    s.denyBotPermissions(general, ['SendMessages']);
    try {
      await s.waitFor(() => !channel.permissionsFor(me)!.has(PermissionFlagsBits.SendMessages), { what: 'CHANNEL_UPDATE' });
      await expect(channel.send('nope')).rejects.toMatchObject({ code: 50013 });
    } finally {
      s.allowBotPermissions(general, 'all');
    }
    await s.waitFor(() => channel.permissionsFor(me)!.has(PermissionFlagsBits.SendMessages), { what: 'CHANNEL_UPDATE back' });
  });

  it('THEN interactions carry the member\'s permissions: Ada is a moderator, Bruno is not', async () => {
    const { PermissionFlagsBits } = await import('discord.js');
    const perms: Record<string, boolean> = {};
    const listener = (i: import('discord.js').Interaction) => {
      if (i.isChatInputCommand()) perms[i.user.username] = i.memberPermissions!.has(PermissionFlagsBits.ManageGuild);
    };
    bot.client.on('interactionCreate', listener);
    try {
      await s.user('ada').slash(general, 'campfire', { subcommand: 'secret' });
      await s.user('bruno').slash(general, 'campfire', { subcommand: 'secret' });
    } finally {
      bot.client.off('interactionCreate', listener);
    }
    expect(perms).toEqual({ ada: true, bruno: false });
  });

  it('WHEN a user runs /campfire ping THEN the public reply carries buttons, a menu, an embed and the PNG board', async () => {
    const out = await s.user('ada').slash(general, 'campfire', { subcommand: 'ping' });
    expect(out.kind).toBe('message');
    expect(out.ephemeral).toBe(false);
    const msg = out.message!;
    expect(msg.content).toBe('Pong!');
    expect(msg.components[0].components.map((c: { custom_id: string }) => c.custom_id)).toEqual(['inc', 'hand', 'ask']);
    const att = msg.attachments[0];
    expect(msg.embeds[0].image.url).toBe(att.url);
    expect([msg.embeds[0].image.width, msg.embeds[0].image.height]).toEqual([120, 60]);
    expect(att.filename).toBe('board.png');
    expect(att.content_type).toBe('image/png');
    expect([att.width, att.height]).toEqual([120, 60]);
    const res = await fetch(att.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect((await res.arrayBuffer()).byteLength).toBe(att.size);
    expect(s.messagesIn(general, { as: s.user('bruno').id }).some((m) => m.id === msg.id)).toBe(true);
  });

  it('WHEN a user clicks a button THEN the bot updates the message in place', async () => {
    const ping = await s.user('ada').slash(general, 'campfire', { subcommand: 'ping' });
    const out = await s.user('bruno').click(ping.message!.id, 'inc');
    expect(out.kind).toBe('update');
    expect(out.message!.id).toBe(ping.message!.id);
    expect(out.message!.content).toMatch(/^Pong! clicked \d+ by bruno$/);
    expect(s.transcript(general).split('\n').find((l) => l.includes('clicked'))).toMatch(
      /^Campfire: Pong! clicked \d+ by bruno \[embed Board: The table\] \[button Count \d+ → inc\] \[button My hand → hand\] \[button Name → ask\] \[select Pick a tool → pick: Axe=axe, Spear=spear, Bow=bow\] \[file board.png\]$/,
    );
    expect(out.message!.edited_timestamp).not.toBeNull();
    expect(out.message!.attachments).toHaveLength(1);
    expect(out.message!.attachments[0].id).not.toBe(ping.message!.attachments[0].id);
  });

  it('WHEN four users click the same button 40 times at once THEN every click is answered and the count is exact', async () => {
    const ping = await s.user('ada').slash(general, 'campfire', { subcommand: 'ping' });
    const before = Number(/clicked (\d+)/.exec(s.transcript(general))?.[1] ?? 0);
    const users = ['ada', 'bruno', 'chloe', 'dieter'].map((n) => s.user(n));
    const outs = await Promise.all(Array.from({ length: 40 }, (_, k) => users[k % 4].click(ping.message!.id, 'inc')));
    expect(outs.map((o) => o.kind)).toEqual(Array(40).fill('update'));
    const counts = outs.map((o) => Number(/clicked (\d+)/.exec(o.message!.content)![1])).sort((a, b) => a - b);
    expect(new Set(counts).size).toBe(40);
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(before + 40);
    expect(bot.errors).toEqual([]);
  });

  it('WHEN a user opens their hand THEN the ephemeral reply is visible to them alone', async () => {
    const ping = await s.user('ada').slash(general, 'campfire', { subcommand: 'ping' });
    const out = await s.user('chloe').click(ping.message!.id, 'hand');
    expect(out.kind).toBe('message');
    expect(out.ephemeral).toBe(true);
    expect(out.message!.flags & 64).toBe(64);
    const chloe = s.user('chloe').id;
    const dieter = s.user('dieter').id;
    expect(s.messagesIn(general, { as: chloe }).some((m) => m.id === out.message!.id)).toBe(true);
    expect(s.messagesIn(general, { as: dieter }).some((m) => m.id === out.message!.id)).toBe(false);
    expect(s.messagesIn(general).some((m) => m.id === out.message!.id)).toBe(false);
    const leaked = s.shownTo(dieter).filter((r) => messageText(r.payload).includes('secret-cards-of-chloe'));
    expect(leaked).toEqual([]);
    expect(s.shownTo(chloe).some((r) => messageText(r.payload).includes('secret-cards-of-chloe'))).toBe(true);
  });

  it('WHEN another user clicks a component of someone else\'s ephemeral message THEN the stand-in refuses', async () => {
    const out = await s.user('ada').slash(general, 'campfire', { subcommand: 'secret' });
    expect(out.ephemeral).toBe(true);
    expect(out.message!.content).toBe('Secret for ada: en-US');
    const de = await s.user('bruno').slash(general, 'campfire', { subcommand: 'secret' });
    expect(de.message!.content).toBe('Secret for bruno: de');
    await expect(s.user('bruno').click(out.message!.id, 'anything')).rejects.toBeInstanceOf(StandInRefusal);
    const ping = await s.user('ada').slash(general, 'campfire', { subcommand: 'ping' });
    await expect(s.user('ada').click(ping.message!.id, 'no-such-button')).rejects.toThrow(/no component/);
  });

  it('WHEN a user chooses in the menu THEN the bot defers the update and sends an ephemeral follow-up', async () => {
    const ping = await s.user('ada').slash(general, 'campfire', { subcommand: 'ping' });
    const out = await s.user('dieter').select(ping.message!.id, 'pick', ['spear']);
    expect(out.callbackType).toBe(6);
    expect(out.followUps).toHaveLength(1);
    expect(out.followUps[0].content).toBe('dieter picked spear');
    expect(out.followUps[0].flags & 64).toBe(64);
    await expect(s.user('dieter').select(ping.message!.id, 'pick', ['sword'])).rejects.toThrow(/no option sword/);
    const byLabel = await s.user('chloe').chooseOptions(ping.message!.id, ['Bow']);
    expect(byLabel.followUps[0].content).toBe('chloe picked bow');
    const clicked = await s.user('chloe').clickButton(ping.message!.id, /^Count/);
    expect(clicked.message!.content).toMatch(/clicked \d+ by chloe/);
    await expect(s.user('chloe').clickButton(ping.message!.id, 'Nope')).rejects.toThrow(/no button Nope/);
    await expect(s.user('dieter').select(ping.message!.id, 'pick', ['axe', 'bow'])).rejects.toThrow(/1\.\.1 values/);
  });

  it('WHEN the bot defers and edits THEN the user sees the edited reply', async () => {
    const out = await s.user('ada').slash(general, 'campfire', { subcommand: 'slow' });
    expect(out.callbackType).toBe(5);
    expect(out.kind).toBe('message');
    expect(out.message!.content).toBe('Done after a while');
    expect(out.message!.flags & 128).toBe(0);
  });

  it('WHEN the bot opens a modal THEN the user fills it in and gets the answer', async () => {
    const out = await s.user('ada').slash(general, 'campfire', { subcommand: 'form' });
    expect(out.kind).toBe('modal');
    expect(out.modal!.title).toBe('Your name');
    await expect(s.user('ada').submitModal('form', { name: 'x'.repeat(21) })).rejects.toThrow(/longer than 20/);
    const done = await s.user('ada').submitModal('form', { name: 'Ada Lovelace' });
    expect(done.message!.content).toBe('Hello, Ada Lovelace!');
    await expect(s.user('ada').submitModal('form', { name: 'again' })).rejects.toThrow(/no open modal/);
  });

  it('WHEN the bot opens a thread THEN the client gets it and the thread holds the welcome message', async () => {
    const out = await s.user('ada').slash(general, 'campfire', { subcommand: 'thread', options: { name: 'Game 1' } });
    expect(out.message!.content).toMatch(/^Thread <#\d+> opened$/);
    const threads = s.threadsOf(general);
    const t = threads.find((x) => x.name === 'Game 1')!;
    expect(t.type).toBe(11);
    expect(s.messagesIn(t.id).map((m) => m.content)).toEqual(['Welcome to the thread']);
    await s.waitFor(() => bot.client.channels.cache.get(t.id), { what: 'THREAD_CREATE reached the client' });
  });

  it('WHEN the bot lacks thread permissions THEN it gets 50013 Missing Permissions', async () => {
    s.denyBotPermissions(general, ['CreatePublicThreads']);
    try {
      const out = await s.user('ada').slash(general, 'campfire', { subcommand: 'thread', options: { name: 'Nope' } });
      expect(out.message!.content).toBe('Could not open a thread: 50013');
      expect(s.threadsOf(general).some((t) => t.name === 'Nope')).toBe(false);
    } finally {
      s.allowBotPermissions(general, 'all');
    }
  });

  it('WHEN the bot DMs a user THEN the DM arrives, and with DMs closed it gets 50007', async () => {
    const bruno = s.user('bruno');
    const ok = await s.user('ada').slash(general, 'campfire', { subcommand: 'dm', options: { who: bruno.id } });
    expect(ok.message!.content).toBe('DM sent');
    expect(bruno.dms().map((m) => m.content)).toEqual(['Hello in private']);
    bruno.closeDms();
    const closed = await s.user('ada').slash(general, 'campfire', { subcommand: 'dm', options: { who: bruno.id } });
    expect(closed.message!.content).toBe('DM failed: 50007');
    bruno.openDms();
    expect(bruno.dms()).toHaveLength(1);
  });

  it('WHEN a user runs a command in their DM with the bot THEN the interaction carries the user and is answered there', async () => {
    const dieter = s.user('dieter');
    const dm = dieter.openDm();
    const seen: Array<{ inGuild: boolean; channelType: number | undefined }> = [];
    const listener = (i: import('discord.js').Interaction) => {
      if (i.channelId === dm) seen.push({ inGuild: i.inGuild(), channelType: i.channel?.type });
    };
    bot.client.on('interactionCreate', listener);
    try {
      const out = await dieter.slash(dm, 'campfire', { subcommand: 'secret' });
      expect(out.message!.content).toBe('Secret for dieter: de');
      expect(out.message!.channel_id).toBe(dm);
      const rec = s.interaction(out.interactionId)!;
      expect(rec.payload.user.id).toBe(dieter.id);
      expect(rec.payload.member).toBeUndefined();
      expect(rec.payload.context).toBe(1);
    } finally {
      bot.client.off('interactionCreate', listener);
    }
    expect(seen).toEqual([{ inGuild: false, channelType: 1 }]);
    await expect(s.user('ada').slash(dm, 'campfire', { subcommand: 'secret' })).rejects.toThrow(/cannot see channel/);
  });

  it('WHEN a menu has 26 options THEN the API rejects it with 50035 and the 25-option one passes', async () => {
    const out = await s.user('ada').slash(general, 'campfire', { subcommand: 'bigmenu' });
    expect(out.message!.content).toBe('menu');
    await s.waitFor(() => out.interactionId && s.interaction(out.interactionId)!.followUpIds.length >= 1, { what: 'follow-up' });
    const rec = s.interaction(out.interactionId)!;
    const texts = rec.followUpIds.map((id) => s.message(id)!.content);
    expect(texts).toEqual(['menu failed: 50035']);
  });

  it('WHEN the bot answers after 3 seconds THEN the callback fails with 10062 and the user sees no response', async () => {
    let release!: () => void;
    bot.gate = new Promise<void>((r) => (release = r));
    const pending = s.user('ada').slash(general, 'campfire', { subcommand: 'secret' });
    await s.waitFor(() => [...s.interactions.values()].some((i) => i.callbackType === null), { what: 'interaction created' });
    s.clock.advance(3500);
    bot.gate = null;
    release();
    const out = await pending;
    expect(out.kind).toBe('none');
    await s.waitFor(() => bot.errors.length > 0, { what: 'bot error' });
    expect((bot.errors.pop() as { code: number }).code).toBe(10062);
  });

  it('WHEN the callback route returns 429 twice and 500 once THEN discord.js retries transparently', async () => {
    s.faults.inject({ route: 'POST /interactions/:id/:token/callback', status: 429, count: 2, retryAfter: 0.05 });
    s.faults.inject({ route: 'POST /webhooks/:id/:token', status: 500, count: 1 });
    const before = s.requestLog.length;
    const ping = await s.user('ada').slash(general, 'campfire', { subcommand: 'ping' });
    expect(ping.kind).toBe('message');
    const out = await s.user('ada').select(ping.message!.id, 'pick', ['axe']);
    expect(out.followUps[0].content).toBe('ada picked axe');
    const statuses = s.requestLog.slice(before).map((r) => `${r.route} ${r.status}`);
    expect(statuses.filter((x) => x.endsWith('429'))).toHaveLength(2);
    expect(statuses.filter((x) => x.endsWith('500'))).toHaveLength(1);
  });

  it('WHEN a channel has a 5-per-second bucket THEN discord.js waits for the reset instead of hitting 429', async () => {
    const c = bot.client.channels.cache.get(s.channelByName('campfire').id);
    if (!c?.isSendable()) throw new Error('campfire is not sendable');
    s.faults.limit({ route: 'POST /channels/:id/messages', limit: 5, windowMs: 1000 });
    const before = s.requestLog.length;
    const started = Date.now();
    try {
      for (let k = 1; k <= 7; k++) await c.send(`burst ${k}`);
    } finally {
      s.faults.clear();
    }
    expect(s.messagesIn(c.id).map((m) => m.content).filter((t) => t.startsWith('burst'))).toEqual([1, 2, 3, 4, 5, 6, 7].map((k) => `burst ${k}`));
    expect(s.requestLog.slice(before).filter((r) => r.status === 429)).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('WHEN the gateway connection drops THEN the client resumes and gets the events it missed', async () => {
    const resumesBefore = s.gateway.stats.resumes;
    expect(s.dropGateway()).toBe(1);
    // While disconnected, a thread is deleted: the event must be replayed on resume.
    const t = s.threadsOf(general)[0];
    s.deleteChannel(t.id);
    await s.waitFor(() => s.gateway.stats.resumes > resumesBefore, { what: 'RESUME' });
    expect(s.gateway.stats.resumeUrlConnections).toBeGreaterThan(0);
    await s.waitFor(() => !bot.client.channels.cache.has(t.id), { what: 'THREAD_DELETE replayed' });
    const out = await s.user('ada').slash(general, 'campfire', { subcommand: 'secret' });
    expect(out.message!.content).toBe('Secret for ada: en-US');
    expect(s.gateway.stats.identifies).toBe(1);
  });

  it('WHEN the session is invalidated THEN the client identifies anew and keeps working', async () => {
    s.dropGateway({ invalidate: true });
    await s.waitFor(() => s.gateway.stats.identifies === 2 && s.gateway.connectedSessions().length === 1, { what: 'new IDENTIFY', timeoutMs: 15_000 });
    await s.waitFor(() => bot.client.isReady() && bot.client.ws.status === 0, { what: 'client ready again', timeoutMs: 15_000 });
    const out = await s.user('ada').slash(general, 'campfire', { subcommand: 'secret' });
    expect(out.message!.content).toBe('Secret for ada: en-US');
  });
});

describe('GIVEN other clients', () => {
  it('WHEN a client asks for a privileged intent the portal has not enabled THEN the gateway closes with 4014 and login fails', async () => {
    const { Client, GatewayIntentBits } = await import('discord.js');
    const client = new Client({ intents: [GatewayIntentBits.Guilds, GatewayIntentBits.MessageContent], rest: { api: s.apiBase } });
    client.on('error', () => undefined);
    try {
      await expect(client.login(s.token)).rejects.toThrow(/disallowed intents/i);
    } finally {
      await client.destroy();
    }
    expect(logLines.some((l) => l.includes('→ 4014'))).toBe(true);
  });

  it('WHEN a malformed component interaction is injected THEN it reaches the bot unchecked', async () => {
    const seen: string[] = [];
    const listener = (i: import('discord.js').Interaction) => {
      if (i.isButton()) seen.push(i.customId);
    };
    bot.client.on('interactionCreate', listener);
    try {
      const ping = await s.user('ada').slash(general, 'campfire', { subcommand: 'ping' });
      await expect(s.user('ada').click(ping.message!.id, 'x'.repeat(150))).rejects.toThrow(/no component/);
      const out = await s.injectInteraction({
        kind: 'component',
        userId: s.user('ada').id,
        channelId: general,
        messageId: ping.message!.id,
        data: { custom_id: 'x'.repeat(150), component_type: 2 },
        waitMs: 100,
        replyWaitMs: 500,
        unchecked: true,
      });
      expect(seen).toEqual(['x'.repeat(150)]);
      expect(out.kind).toBe('none');
      expect(s.callbackLatencies().length).toBeGreaterThan(10);
      expect(s.callbackLatencies().every((ms) => ms >= 0 && ms < 3000)).toBe(true);
    } finally {
      bot.client.off('interactionCreate', listener);
    }
  });
});

describe('GIVEN the bot\'s platform over the discord.js client', () => {
  it('WHEN a lobby card is edited with embeds THEN the card itself changes, not only its buttons', async () => {
    const { discordPlatform } = await import('../../src/bot/discord.js');
    const platform = discordPlatform(bot.client, { info() {}, warn() {}, error() {} });
    const id = await platform.post(general, { embeds: [{ title: 'Lobby', description: 'Basic rules' }], components: [] });
    expect(id).not.toBeNull();
    expect(await platform.edit(general, id!, { embeds: [{ title: 'Lobby', description: 'Advanced rules' }], components: [] })).toBe(true);
    const channel = await bot.client.channels.fetch(general);
    if (!channel?.isSendable()) throw new Error('general is not sendable');
    const after = await channel.messages.fetch({ message: id!, force: true });
    expect(after.embeds[0]?.description).toBe('Advanced rules');
    // An edit without embeds leaves the card as it is.
    expect(await platform.edit(general, id!, { components: [] })).toBe(true);
    expect((await channel.messages.fetch({ message: id!, force: true })).embeds[0]?.description).toBe('Advanced rules');
  });

  it('WHEN a table posted before the switch to V2 (text, picture, buttons) is redrawn in place THEN it becomes a V2 container without its old text; an edit that leaves the text is refused', async () => {
    const { discordPlatform } = await import('../../src/bot/discord.js');
    const platform = discordPlatform(bot.client, { info() {}, warn() {}, error() {} });
    const png = (await import('../../src/render/canvas.js')).toPng((await import('../../src/render/canvas.js')).makeCanvas(40, 20, '#c84').canvas);
    const buttons = [{ type: 1, components: [{ type: 2, style: 1, custom_id: 'T:1:3:turn', label: 'Your turn' }] }];
    const posted = async () => (await platform.post(general, { content: '**What happened**\n• Ada took 3 tiles\n<@1> to move', files: [{ name: 'table.png', data: png }], components: buttons }))!;
    // Discord refuses a V2 edit that would keep the classic text (the stand-in checks the message as it would be after it).
    const kept = await posted();
    await expect(bot.client.rest.patch(`/channels/${general}/messages/${kept}`, { body: { flags: 1 << 15, components: [{ type: 17, components: [{ type: 10, content: 'new' }] }] } }))
      .rejects.toMatchObject({ code: 50035 });
    expect(s.message(kept)!.content).toContain('Ada took 3 tiles');
    // The bot's redraw clears the text as it adds the flag.
    const id = await posted();
    const redraw = { layout: 'container' as const, accent: 0xd9822b, content: '**What happened**\n• Bruno took the mammoth', files: [{ name: 'table.png', data: png }], components: buttons };
    expect(await platform.edit(general, id, redraw)).toBe(true);
    const after = s.message(id)!;
    expect(after.content).toBe('');
    expect(Number(after.flags) & (1 << 15)).toBeTruthy();
    const container = (after.components as { type: number; components: { type: number; content?: string; items?: { media: { url: string } }[] }[] }[])[0]!;
    expect(container.type).toBe(17);
    expect(container.components.map((c) => c.type)).toEqual([10, 12]);
    expect(container.components[0]!.content).toContain('Bruno took the mammoth');
    expect((after.attachments as { filename: string }[]).map((a) => a.filename)).toEqual(['table.png']);
    // Taking the buttons off later keeps the container (the message is V2 now).
    expect(await platform.edit(general, id, { buttonsOff: true })).toBe(true);
    expect((s.message(id)!.components as { type: number }[]).map((c) => c.type)).toEqual([17]);
  });
});
