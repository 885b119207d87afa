/**
 * Complete payload templates, shaped after Discord's API reference (v10). The unmodified discord.js client reads many
 * fields unconditionally (an INTERACTION_CREATE without `entitlements` crashes it), so every payload the stand-in sends
 * is built here with every field present, null where Discord would send null.
 */
import type { Obj } from './util.js';

export interface UserRecord {
  id: string;
  username: string;
  globalName: string | null;
  bot: boolean;
  locale: string;
  /** Guild nickname (members only). */
  nick?: string | null;
}

export function userPayload(u: UserRecord): Obj {
  return {
    id: u.id,
    username: u.username,
    discriminator: '0',
    global_name: u.globalName,
    avatar: null,
    avatar_decoration_data: null,
    banner: null,
    accent_color: null,
    bot: u.bot,
    system: false,
    public_flags: 0,
    flags: 0,
    collectibles: null,
    primary_guild: null,
  };
}

export function memberPayload(u: UserRecord, joinedAt: string, opts: { withUser?: boolean; permissions?: string; roles?: string[] } = {}): Obj {
  const m: Obj = {
    nick: u.nick ?? null,
    avatar: null,
    banner: null,
    roles: opts.roles ?? [],
    joined_at: joinedAt,
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    communication_disabled_until: null,
    avatar_decoration_data: null,
  };
  if (opts.withUser !== false) m.user = userPayload(u);
  if (opts.permissions !== undefined) m.permissions = opts.permissions;
  return m;
}

export function rolePayload(id: string, name: string, permissions: bigint, position: number, tags?: Obj): Obj {
  return {
    id,
    name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position,
    permissions: permissions.toString(),
    managed: tags !== undefined,
    mentionable: false,
    flags: 0,
    ...(tags ? { tags } : {}),
  };
}

export interface GuildRecord {
  id: string;
  name: string;
  ownerId: string;
  preferredLocale: string;
  createdAt: string;
}

export function guildPayload(g: GuildRecord, roles: Obj[], systemChannelId: string | null): Obj {
  return {
    id: g.id,
    name: g.name,
    icon: null,
    icon_hash: null,
    splash: null,
    discovery_splash: null,
    owner_id: g.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    widget_enabled: false,
    widget_channel_id: null,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles,
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: 0,
    application_id: null,
    system_channel_id: systemChannelId,
    system_channel_flags: 0,
    rules_channel_id: null,
    max_presences: null,
    max_members: 500000,
    vanity_url_code: null,
    description: null,
    banner: null,
    premium_tier: 0,
    premium_subscription_count: 0,
    preferred_locale: g.preferredLocale,
    public_updates_channel_id: null,
    max_video_channel_users: 25,
    max_stage_video_channel_users: 50,
    nsfw_level: 0,
    nsfw: false,
    premium_progress_bar_enabled: false,
    safety_alerts_channel_id: null,
    incidents_data: null,
  };
}

/** GroupDM: a private channel between users (a group DM, or a DM between two users) that the bot is not in. */
export const ChannelType = { GuildText: 0, DM: 1, GroupDM: 3, PublicThread: 11, PrivateThread: 12 } as const;

export interface Overwrite {
  id: string;
  type: 0 | 1;
  allow: bigint;
  deny: bigint;
}

export interface ChannelRecord {
  id: string;
  type: number;
  guildId: string | null;
  name: string | null;
  position: number;
  topic: string | null;
  parentId: string | null;
  overwrites: Overwrite[];
  lastMessageId: string | null;
  /** DM: the one recipient. */
  recipientId: string | null;
  /** Threads. */
  ownerId: string | null;
  archived: boolean;
  locked: boolean;
  autoArchiveDuration: number;
  createdAt: string;
  archiveTimestamp: string;
  invitable: boolean;
  memberIds: string[];
  messageCount: number;
  totalMessageSent: number;
  deleted: boolean;
}

export function channelPayload(c: ChannelRecord, recipient: Obj | null, recipients: Obj[] = []): Obj {
  if (c.type === ChannelType.GroupDM) {
    return { id: c.id, type: 3, last_message_id: c.lastMessageId, flags: 0, recipients, name: c.name, icon: null, owner_id: c.ownerId };
  }
  if (c.type === ChannelType.DM) {
    return { id: c.id, type: 1, last_message_id: c.lastMessageId, flags: 0, recipients: recipient ? [recipient] : [] };
  }
  if (c.type === ChannelType.PublicThread || c.type === ChannelType.PrivateThread) {
    const t: Obj = {
      id: c.id,
      type: c.type,
      guild_id: c.guildId,
      parent_id: c.parentId,
      owner_id: c.ownerId,
      name: c.name,
      last_message_id: c.lastMessageId,
      last_pin_timestamp: null,
      rate_limit_per_user: 0,
      message_count: c.messageCount,
      member_count: Math.min(c.memberIds.length, 50),
      total_message_sent: c.totalMessageSent,
      flags: 0,
      applied_tags: [],
      thread_metadata: {
        archived: c.archived,
        auto_archive_duration: c.autoArchiveDuration,
        archive_timestamp: c.archiveTimestamp,
        locked: c.locked,
        create_timestamp: c.createdAt,
      },
    };
    if (c.type === ChannelType.PrivateThread) t.thread_metadata.invitable = c.invitable;
    return t;
  }
  return {
    id: c.id,
    type: c.type,
    guild_id: c.guildId,
    name: c.name,
    position: c.position,
    permission_overwrites: c.overwrites.map((o) => ({
      id: o.id,
      type: o.type,
      allow: o.allow.toString(),
      deny: o.deny.toString(),
    })),
    topic: c.topic,
    nsfw: false,
    last_message_id: c.lastMessageId,
    last_pin_timestamp: null,
    rate_limit_per_user: 0,
    parent_id: c.parentId,
    default_auto_archive_duration: 1440,
    default_thread_rate_limit_per_user: 0,
    flags: 0,
  };
}

export interface AttachmentRecord {
  id: string;
  filename: string;
  description: string | null;
  contentType: string;
  size: number;
  url: string;
  width: number | null;
  height: number | null;
  ephemeral: boolean;
  /** Stand-in storage key (bytes live in the store, not here). */
  key: string;
}

export function attachmentPayload(a: AttachmentRecord): Obj {
  const p: Obj = {
    id: a.id,
    filename: a.filename,
    size: a.size,
    url: a.url,
    proxy_url: a.url.replace('/attachments/', '/media-proxy/attachments/'),
    content_type: a.contentType,
    flags: 0,
  };
  if (a.description) p.description = a.description;
  if (a.width !== null) {
    p.width = a.width;
    p.height = a.height;
    // Discord sends a thumbhash of the image here (base64); nothing in Campfire reads it, so the stand-in sends a
    // string of the same form derived from the attachment's id, as the spec's type requires.
    p.placeholder = Buffer.from(`${a.id}:${a.width}x${a.height}`).toString('base64').slice(0, 32);
    p.placeholder_version = 1;
  }
  if (a.ephemeral) p.ephemeral = true;
  return p;
}

/** GET /applications/@me. Optional fields Discord omits when unset (install_params, custom_install_url…) are left out. */
export function applicationPayload(appId: string, name: string, owner: Obj, bot: Obj): Obj {
  return {
    id: appId,
    name,
    icon: null,
    description: 'Campfire (local stand-in)',
    summary: '',
    type: null,
    bot_public: true,
    bot_require_code_grant: false,
    verify_key: '0'.repeat(64),
    team: null,
    owner,
    flags: 0,
    approximate_guild_count: 1,
    approximate_user_install_count: 0,
    redirect_uris: [],
    interactions_endpoint_url: null,
    role_connections_verification_url: null,
    tags: [],
    integration_types_config: { '0': {} },
    bot,
    event_webhooks_status: 1,
    event_webhooks_url: null,
    event_webhooks_types: [],
    rpc_origins: [],
    hook: true,
    is_monetized: false,
    storefront_available: false,
    explicit_content_filter: 0,
  };
}

/** Normalises an application command as sent to PUT /applications/{id}/commands into what Discord returns. */
export function commandPayload(body: Obj, id: string, appId: string, guildId: string | null, version: string): Obj {
  const cmd: Obj = {
    id,
    application_id: appId,
    version,
    default_member_permissions: body.default_member_permissions ?? null,
    type: body.type ?? 1,
    name: body.name,
    name_localizations: body.name_localizations ?? null,
    description: body.description ?? '',
    description_localizations: body.description_localizations ?? null,
    dm_permission: body.dm_permission ?? true,
    contexts: body.contexts ?? null,
    integration_types: body.integration_types ?? [0],
    nsfw: body.nsfw ?? false,
  };
  if (guildId) cmd.guild_id = guildId;
  if (body.options) cmd.options = body.options;
  return cmd;
}
