/**
 * Guilds and their members: adding guilds (and picking ids for a shard) and simulated users, members' roles and
 * guild-level permissions, and the guild, member and READY payloads the gateway sends — filtered by each session's
 * intents.
 */
import { addChannel } from './channels.js';
import { Intents, shardOwns, type GatewaySession, type ShardSpec } from './gateway.js';
import type { ExtraGuild, SimUserRecord, StandInUserSpec } from './model.js';
import { SimUser } from './simuser.js';
import type { StandIn } from './standin.js';
import {
  guildPayload as guildTemplate,
  memberPayload as memberTemplate,
  rolePayload,
  userPayload,
  type GuildRecord,
} from './templates.js';
import { ALL_PERMISSIONS, BOT_ROLE_PERMISSIONS, EVERYONE_PERMISSIONS, MODERATOR_PERMISSIONS, formError, type Obj } from './util.js';

export function requireGuildRecord(s: StandIn, guildId: string): ExtraGuild {
  const g = s.guilds.get(guildId);
  if (!g) throw new Error(`no guild ${guildId}`);
  return g;
}

/**
 * A guild id (a snowflake of the stand-in clock's current time) that lands on shard `shard` of `count` by
 * Discord's rule `(id >> 22) % count`: the timestamp is moved back by at most `count - 1` ms. Its worker bits differ
 * from those of the stand-in's other ids, so it never collides with one.
 */
export function guildIdOnShard(s: StandIn, shard: number, count: number): string {
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(shard) || shard < 0 || shard >= count) {
    throw new Error(`no shard ${shard} of ${count}`);
  }
  const base = BigInt(s.ids.next());
  const low = base & ((1n << 22n) - 1n);
  let ts = base >> 22n;
  ts -= (((ts - BigInt(shard)) % BigInt(count)) + BigInt(count)) % BigInt(count);
  const id = ((ts << 22n) | (2n << 17n) | (low & 0xfffn)).toString();
  if (s.guilds.has(id)) return s.guildIdOnShard(shard, count);
  return id;
}

/**
 * Adds a guild the bot is in, with its own text channels (default general, campfire) and roles; every simulated
 * user is a member. `shard: [id, count]` picks an id that lands on that shard. Sends GUILD_CREATE to the sessions
 * of the shard that owns it, as when the bot joins a guild.
 */
export function addGuild(s: StandIn, opts: { name?: string; channels?: string[]; shard?: ShardSpec; id?: string } = {}): GuildRecord {
  const id = opts.id ?? (opts.shard ? s.guildIdOnShard(opts.shard[0], opts.shard[1]) : s.ids.next());
  if (s.guilds.has(id)) throw new Error(`guild ${id} exists`);
  const guild: GuildRecord = {
    id,
    name: opts.name ?? `Guild ${s.guilds.size + 1}`,
    ownerId: s.owner.id,
    preferredLocale: 'en-US',
    createdAt: s.clock.iso(),
  };
  s.guilds.set(id, { guild, roleIds: { bot: s.ids.next(), moderator: s.ids.next() } });
  for (const [i, name] of (opts.channels ?? ['general', 'campfire']).entries()) addChannel(s, name, i, id);
  s.gateway.dispatch('GUILD_CREATE', s.guildCreatePayload(id));
  s.changed('guild');
  return guild;
}

/** Adds a simulated user to the guild (GUILD_MEMBER_ADD for clients with the GuildMembers intent). */
export function addUser(s: StandIn, spec: StandInUserSpec, announce = true): SimUser {
  // Discord's lengths: username 2–32, global_name 1–32, nick 1–32 (a longer one gets 50035 BASE_TYPE_BAD_LENGTH).
  const lengths: Array<[string, string | undefined, number]> = [['username', spec.username, 2], ['global_name', spec.globalName, 1], ['nick', spec.nick, 1]];
  for (const [field, value, min] of lengths) {
    if (value === undefined && field !== 'username') continue;
    const n = [...(value ?? '')].length;
    if (n < min || n > 32) throw formError(field, 'BASE_TYPE_BAD_LENGTH', `Must be between ${min} and 32 in length.`);
  }
  const id = spec.id ?? s.ids.next();
  if (s.users.has(id)) throw new Error(`user ${id} exists`);
  const rec: SimUserRecord = {
    id,
    username: spec.username,
    globalName: spec.globalName ?? spec.username,
    nick: spec.nick ?? null,
    bot: false,
    locale: spec.locale ?? 'en-US',
    dmsOpen: true,
    joinedAt: s.clock.iso(),
    manager: spec.manager ?? false,
  };
  s.users.set(id, rec);
  if (announce) {
    for (const g of s.guilds.keys()) s.gateway.dispatch('GUILD_MEMBER_ADD', { ...memberTemplate(rec, rec.joinedAt), guild_id: g });
    s.changed('user');
  }
  return new SimUser(s, id);
}

/** A member object (`guildId`: whose roles; default the first guild). */
export function memberPayload(s: StandIn, id: string, opts: { withUser?: boolean; permissions?: string; guildId?: string | null } = {}): Obj {
  const u = s.userRecord(id);
  if (!u) throw new Error(`unknown user ${id}`);
  const { guildId, ...rest } = opts;
  const g = requireGuildRecord(s, guildId ?? s.guild.id);
  const joined = (u as SimUserRecord).joinedAt ?? g.guild.createdAt;
  return memberTemplate(u, joined, { ...rest, roles: memberRoles(s, id, g.guild.id) });
}

export function memberRoles(s: StandIn, id: string, guildId: string = s.guild.id): string[] {
  const roleIds = requireGuildRecord(s, guildId).roleIds;
  if (id === s.bot.id) return [roleIds.bot];
  return s.users.get(id)?.manager ? [roleIds.moderator] : [];
}

/** A member's guild-level permissions (the owner has all). */
export function memberPermissions(s: StandIn, id: string): bigint {
  if (id === s.guild.ownerId) return ALL_PERMISSIONS;
  if (id === s.bot.id) return EVERYONE_PERMISSIONS | BOT_ROLE_PERMISSIONS;
  return EVERYONE_PERMISSIONS | (s.users.get(id)?.manager ? MODERATOR_PERMISSIONS : 0n);
}

export function guildPayload(s: StandIn, guildId: string = s.guild.id): Obj {
  const { guild, roleIds } = requireGuildRecord(s, guildId);
  const roles = [
    rolePayload(guild.id, '@everyone', EVERYONE_PERMISSIONS, 0),
    rolePayload(roleIds.moderator, 'Moderator', MODERATOR_PERMISSIONS, 1),
    rolePayload(roleIds.bot, s.bot.username, BOT_ROLE_PERMISSIONS, 2, { bot_id: s.bot.id }),
  ];
  const p = guildTemplate(guild, roles, s.textChannels(guild.id)[0]?.id ?? null);
  p.approximate_member_count = s.users.size + 2;
  p.approximate_presence_count = s.users.size + 1;
  return p;
}

export function guildCreatePayload(s: StandIn, guildId: string = s.guild.id): Obj {
  const { guild } = requireGuildRecord(s, guildId);
  const members = [s.bot.id, s.owner.id, ...s.users.keys()].map((id) => s.memberPayload(id, { guildId }));
  return {
    ...s.guildPayload(guildId),
    joined_at: guild.createdAt,
    large: false,
    unavailable: false,
    member_count: members.length,
    voice_states: [],
    members,
    channels: s.textChannels(guildId).map((c) => s.channelPayload(c)),
    threads: s.activeThreads(guildId).map((c) => s.channelPayload(c)),
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}

/** READY for a session on `shard`: the guilds that shard owns, as unavailable until their GUILD_CREATE. */
export function readyPayload(s: StandIn, shard: ShardSpec = [0, 1]): Obj {
  return {
    v: 10,
    user: { ...userPayload(s.bot), verified: true, mfa_enabled: false, email: null },
    user_settings: {},
    guilds: [...s.guilds.keys()].filter((id) => shardOwns(shard, id)).map((id) => ({ id, unavailable: true })),
    private_channels: [],
    relationships: [],
    presences: [],
    guild_join_requests: [],
    geo_ordered_rtc_regions: [],
    shard,
    application: { id: s.applicationId, flags: 0 },
    _trace: ['["standin-gateway",{"micros":0}]'],
  };
}

export function filterDispatch(s: StandIn, session: GatewaySession, t: string, d: Obj): Obj | null {
  const guildEvents = ['GUILD_CREATE', 'CHANNEL_CREATE', 'CHANNEL_UPDATE', 'CHANNEL_DELETE', 'THREAD_CREATE', 'THREAD_UPDATE', 'THREAD_DELETE', 'THREAD_LIST_SYNC'];
  if (guildEvents.includes(t)) return session.intents & Intents.Guilds ? d : null;
  if (t === 'GUILD_MEMBER_ADD' || t === 'THREAD_MEMBERS_UPDATE') return session.intents & Intents.GuildMembers ? d : null;
  if (t.startsWith('MESSAGE_')) {
    const inGuild = Boolean(d.guild_id);
    if (!(session.intents & (inGuild ? Intents.GuildMessages : Intents.DirectMessages))) return null;
    const fromBot = d.author?.id === s.bot.id;
    if (t !== 'MESSAGE_DELETE' && inGuild && !fromBot && !(session.intents & Intents.MessageContent)) {
      return { ...d, content: '', embeds: [], attachments: [], components: [] };
    }
  }
  return d;
}
