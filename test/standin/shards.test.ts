/**
 * The stand-in speaks shards: two unmodified discord.js clients, one for shard 0 and one for shard 1 of 2, against
 * one stand-in. Each gets the guilds, events and interactions of its shard only (Discord's rule
 * `(guild_id >> 22) % 2`); DMs go to shard 0; one shard's connection can be dropped alone and resumes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, GatewayIntentBits, MessageFlags, type Interaction } from 'discord.js';
import { WebSocket } from 'ws';
import { startStandIn, type RunningStandIn } from '../../src/standin/index.js';
import type { ExtraGuild } from '../../src/standin/index.js';

interface ShardBot {
  client: Client;
  shard: number;
  /** Interaction ids this client received. */
  interactions: string[];
  /** Every dispatch this client's shard received, with its guild (null: none), as discord.js saw it raw. */
  dispatches: Array<{ t: string; guildId: string | null; channelId: string | null }>;
}

let s: RunningStandIn;
let zero: ExtraGuild['guild'];
let one: ExtraGuild['guild'];
const bots: ShardBot[] = [];

async function startShardBot(shard: number): Promise<ShardBot> {
  const client = new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages],
    shards: [shard],
    shardCount: 2,
    rest: { api: s.apiBase },
  });
  const bot: ShardBot = { client, shard, interactions: [], dispatches: [] };
  client.on('interactionCreate', (i: Interaction) => {
    bot.interactions.push(i.id);
    if (i.isChatInputCommand()) void i.reply({ content: `shard ${shard}`, flags: MessageFlags.Ephemeral });
  });
  client.on('raw', (p: { t: string | null; d: Record<string, unknown> | null }) => {
    if (!p.t || !p.d) return;
    const guildId = p.t.startsWith('GUILD_') && p.t !== 'GUILD_MEMBER_ADD' ? p.d.id : p.d.guild_id;
    bot.dispatches.push({ t: p.t, guildId: typeof guildId === 'string' ? guildId : null, channelId: typeof p.d.channel_id === 'string' ? p.d.channel_id : null });
  });
  await client.login(s.token);
  await s.waitFor(() => client.isReady(), { what: `client of shard ${shard} ready`, timeoutMs: 15_000 });
  return bot;
}

function sessionsOf(shard: number) {
  return [...s.gateway.sessions.values()].filter((x) => x.shard[0] === shard && !x.invalid);
}

beforeAll(async () => {
  s = await startStandIn();
  zero = s.addGuild({ name: 'Shard zero', shard: [0, 2] });
  one = s.addGuild({ name: 'Shard one', shard: [1, 2] });
  s.setCommands(null, [{ name: 'where', description: 'Which shard answers' }]);
  bots.push(await startShardBot(0), await startShardBot(1));
});

afterAll(async () => {
  for (const b of bots) await b.client.destroy();
  await s?.close();
});

describe('GIVEN guilds made for chosen shards', () => {
  it('THEN each id lands on its shard by (id >> 22) % count, for several counts', () => {
    for (const count of [1, 2, 3, 16]) {
      for (let shard = 0; shard < count; shard++) {
        const id = s.guildIdOnShard(shard, count);
        expect(Number((BigInt(id) >> 22n) % BigInt(count))).toBe(shard);
        expect(s.shardOf(id, count)).toBe(shard);
      }
    }
    expect(() => s.guildIdOnShard(2, 2)).toThrow(/no shard 2 of 2/);
  });

  it('THEN GET /gateway/bot recommends one shard for a handful of guilds, or the configured count', async () => {
    const res = await fetch(`${s.apiBase}/v10/gateway/bot`, { headers: { authorization: `Bot ${s.token}` } });
    expect(((await res.json()) as { shards: number }).shards).toBe(1);
    const other = await startStandIn({ recommendedShards: 4 });
    try {
      const r = await fetch(`${other.apiBase}/v10/gateway/bot`, { headers: { authorization: `Bot ${other.token}` } });
      expect(((await r.json()) as { shards: number }).shards).toBe(4);
    } finally {
      await other.close();
    }
  });
});

describe('GIVEN two discord.js clients, for shard 0 and shard 1 of 2', () => {
  it('THEN each received GUILD_CREATE for the guilds of its shard only', () => {
    const byShard = (n: number) => [...s.guilds.keys()].filter((id) => s.shardOf(id, 2) === n).sort();
    expect(byShard(0)).toContain(zero.id);
    expect(byShard(1)).toContain(one.id);
    expect([...bots[0].client.guilds.cache.keys()].sort()).toEqual(byShard(0));
    expect([...bots[1].client.guilds.cache.keys()].sort()).toEqual(byShard(1));
    expect(bots[0].client.guilds.cache.get(zero.id)?.name).toBe('Shard zero');
    expect(bots[0].client.guilds.cache.get(zero.id)?.shardId).toBe(0);
    expect(bots[1].client.guilds.cache.get(one.id)?.channels.cache.map((c) => c.name).sort()).toEqual(['campfire', 'general']);
  });

  it('WHEN a user runs a command in each guild THEN only the client of that guild\'s shard gets the interaction and answers', async () => {
    for (const [guild, shard] of [[zero, 0], [one, 1]] as const) {
      const channel = s.channelByName('general', guild.id).id;
      const out = await s.user('ada').slash(channel, 'where');
      expect(out.message?.content).toBe(`shard ${shard}`);
      expect(bots[shard].interactions).toContain(out.interactionId);
      expect(bots[1 - shard].interactions).not.toContain(out.interactionId);
    }
  });

  it('WHEN a user writes in a guild channel THEN MESSAGE_CREATE reaches only that guild\'s shard', async () => {
    const messagesIn = (b: ShardBot, channel: string) => b.dispatches.filter((d) => d.t === 'MESSAGE_CREATE' && d.channelId === channel).length;
    const channel = s.channelByName('campfire', one.id).id;
    s.user('bruno').say(channel, 'hello shard one');
    await s.waitFor(() => messagesIn(bots[1], channel) === 1, { what: 'MESSAGE_CREATE on shard 1' });
    // The next message for shard 0 is sent after the first; once it arrived, shard 0 would have had the first too.
    const probe = s.channelByName('general', zero.id).id;
    s.user('bruno').say(probe, 'hello shard zero');
    await s.waitFor(() => messagesIn(bots[0], probe) === 1, { what: 'MESSAGE_CREATE on shard 0' });
    expect(messagesIn(bots[0], channel)).toBe(0);
    expect(messagesIn(bots[1], probe)).toBe(0);
  });

  it('WHEN a user runs a command in a DM THEN shard 0 gets it', async () => {
    const dm = s.user('chloe').openDm();
    const out = await s.user('chloe').slash(dm, 'where');
    expect(out.message?.content).toBe('shard 0');
    expect(bots[0].interactions).toContain(out.interactionId);
    expect(bots[1].interactions).not.toContain(out.interactionId);
  });

  it('WHEN the bot joins a new guild on shard 1 THEN only the client of shard 1 learns of it', async () => {
    const late = s.addGuild({ name: 'Joined later', shard: [1, 2] });
    await s.waitFor(() => bots[1].client.guilds.cache.has(late.id), { what: 'GUILD_CREATE on shard 1' });
    expect(bots[0].client.guilds.cache.has(late.id)).toBe(false);
  });

  it('WHEN shard 1\'s connection is dropped THEN shard 0 stays connected, and shard 1 resumes and gets what it missed and what follows', async () => {
    const [session0] = sessionsOf(0);
    const ws0 = session0.ws;
    const resumesBefore = s.gateway.stats.resumes;
    const identifiesBefore = s.gateway.stats.identifies;
    expect(s.dropShard(1)).toBe(1);
    expect(s.connectedShards()).toEqual([[0, 2]]);
    // While shard 1 is away: a channel of its guild gets an overwrite (missed, replayed on RESUME); shard 0 keeps working.
    const changed = s.channelByName('campfire', one.id);
    s.setChannelOverwrite(changed.id, { id: one.id, type: 'role', deny: ['AttachFiles'] });
    const during = await s.user('ada').slash(s.channelByName('general', zero.id).id, 'where');
    expect(during.message?.content).toBe('shard 0');
    await s.waitFor(() => s.gateway.stats.resumes > resumesBefore, { what: 'shard 1 RESUME', timeoutMs: 15_000 });
    await s.waitFor(
      () => {
        const c = bots[1].client.channels.cache.get(changed.id);
        return c && 'permissionOverwrites' in c && c.permissionOverwrites.cache.has(one.id);
      },
      { what: 'CHANNEL_UPDATE replayed to shard 1' },
    );
    expect(s.gateway.stats.resumes).toBe(resumesBefore + 1);
    expect(s.gateway.stats.identifies).toBe(identifiesBefore);
    expect(sessionsOf(0)).toEqual([session0]);
    expect(session0.ws).toBe(ws0);
    expect(session0.resumes).toBe(0);
    const after = await s.user('ada').slash(s.channelByName('general', one.id).id, 'where');
    expect(after.message?.content).toBe('shard 1');
    expect(bots[1].interactions).toContain(after.interactionId);
  });

  it('WHEN shard 1\'s session is invalidated THEN it identifies anew as shard 1 while shard 0 keeps its session', async () => {
    const [session0] = sessionsOf(0);
    const identifiesBefore = s.gateway.stats.identifies;
    s.dropShard(1, { invalidate: true });
    await s.waitFor(() => s.gateway.stats.identifies === identifiesBefore + 1 && sessionsOf(1).some((x) => x.ws), {
      what: 'shard 1 identified anew',
      timeoutMs: 15_000,
    });
    expect(sessionsOf(1).map((x) => x.shard)).toEqual([[1, 2]]);
    expect(sessionsOf(0)).toEqual([session0]);
    await s.waitFor(() => bots[1].client.ws.status === 0, { what: 'shard 1 ready again', timeoutMs: 15_000 });
    const out = await s.user('ada').slash(s.channelByName('general', one.id).id, 'where');
    expect(out.message?.content).toBe('shard 1');
  });

  it('THEN every dispatch either client received belonged to its shard: its guilds\' events, and shard 0 those without a guild', () => {
    for (const b of bots) {
      const kinds = new Set(b.dispatches.map((d) => d.t));
      expect(kinds).toContain('GUILD_CREATE');
      expect(kinds).toContain('INTERACTION_CREATE');
      const strays = b.dispatches.filter((d) => (d.guildId === null ? b.shard !== 0 && !['READY', 'RESUMED'].includes(d.t) : s.shardOf(d.guildId, 2) !== b.shard));
      expect(strays).toEqual([]);
    }
    expect(bots[0].dispatches.some((d) => d.t === 'INTERACTION_CREATE' && d.guildId === null)).toBe(true);
  });
});

/** Opens a raw gateway connection, sends IDENTIFY with `shard`, and returns the close code or the READY payload. */
async function identifyRaw(shard: unknown): Promise<{ closed: number } | { ready: { shard: unknown; guilds: Array<{ id: string }> } }> {
  const ws = new WebSocket(`${s.wsBase()}/gateway?v=10&encoding=json`);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer to IDENTIFY with shard ${JSON.stringify(shard)}`)), 5000);
    ws.on('message', (raw) => {
      const msg = JSON.parse(raw.toString()) as { op: number; t: string | null; d: Record<string, unknown> };
      if (msg.op === 10) ws.send(JSON.stringify({ op: 2, d: { token: s.token, intents: 1, properties: {}, ...(shard === undefined ? {} : { shard }) } }));
      if (msg.t === 'READY') {
        clearTimeout(timer);
        ws.close();
        resolve({ ready: msg.d as { shard: unknown; guilds: Array<{ id: string }> } });
      }
    });
    ws.on('close', (code) => {
      clearTimeout(timer);
      resolve({ closed: code });
    });
    ws.on('error', () => undefined);
  });
}

describe('GIVEN a raw gateway connection', () => {
  it.each([
    ['an id equal to the count', [2, 2]],
    ['a negative id', [-1, 2]],
    ['a count of zero', [0, 0]],
    ['a fraction', [0.5, 2]],
    ['one number', [1]],
    ['not a list', 'zero'],
  ])('WHEN IDENTIFY names %s as shard THEN the gateway closes with 4010', async (_what, shard) => {
    expect(await identifyRaw(shard)).toEqual({ closed: 4010 });
  });

  it('WHEN IDENTIFY names shard [1, 2] THEN READY carries the shard and lists only its guilds', async () => {
    const out = await identifyRaw([1, 2]);
    if (!('ready' in out)) throw new Error(`closed with ${out.closed}`);
    expect(out.ready.shard).toEqual([1, 2]);
    const ids = out.ready.guilds.map((g) => g.id);
    expect(ids).toContain(one.id);
    expect(ids).not.toContain(zero.id);
    expect(ids.every((id) => s.shardOf(id, 2) === 1)).toBe(true);
  });

  it('WHEN IDENTIFY names no shard THEN it is shard [0, 1] with every guild', async () => {
    const out = await identifyRaw(undefined);
    if (!('ready' in out)) throw new Error(`closed with ${out.closed}`);
    expect(out.ready.shard).toEqual([0, 1]);
    expect(out.ready.guilds.map((g) => g.id).sort()).toEqual([...s.guilds.keys()].sort());
  });
});
