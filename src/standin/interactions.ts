/**
 * Interactions: creating one for a simulated user (or injecting one, for fuzzing) and waiting for what the user ends
 * up seeing; the bot's callback, with Discord's rules on timing and response types; and the webhook side (edits of
 * the original response, follow-ups) with the token's lifetime.
 */
import { randomBytes } from 'node:crypto';
import { requireGuildRecord } from './guilds.js';
import { MessageFlags, interactiveComponents, validateMessageBody, validateModal, type IncomingFile } from './limits.js';
import {
  StandInRefusal,
  type InteractionKind,
  type InteractionOutcome,
  type InteractionRecord,
  type StoredMessage,
} from './model.js';
import type { StandIn } from './standin.js';
import { interactionContextProblems } from './schema.js';
import { ChannelType } from './templates.js';
import { ApiError, ErrorCodes, Perm, deepCopy, formError, type Obj } from './util.js';

/** What an app may do through its answers where only a user installed it (no bot in the channel). */
const USER_INSTALL_APP_PERMISSIONS = Perm.EmbedLinks | Perm.AttachFiles | Perm.MentionEveryone | Perm.UseExternalEmojis;

/** An interaction as a simulated user's action creates it (see `interact`). */
export interface NewInteraction {
  kind: InteractionKind;
  userId: string;
  channelId: string;
  data: Obj;
  sourceMessage: StoredMessage | null;
  waitMs?: number;
  replyWaitMs?: number;
}

/** An interaction sent as a modified or buggy client could (see `injectInteraction`). */
export interface InjectedInteraction {
  kind: InteractionKind;
  userId: string;
  channelId: string;
  data: Obj;
  messageId?: string;
  /** How long to wait for a deferred reply to be filled in (default `deferWaitMs`). */
  waitMs?: number;
  /** How long to wait for the callback before reporting `none` (default 3 s + 250 ms); shorten it for bulk fuzzing. */
  replyWaitMs?: number;
  /** Skips Discord's own checks (component on the message, message visible to the user). */
  unchecked?: boolean;
}

function interactionPayload(s: StandIn, rec: Omit<InteractionRecord, 'payload'>, data: Obj, message: StoredMessage | null): Obj {
  const c = s.channels.get(rec.channelId)!;
  const u = s.users.get(rec.userId)!;
  const inGuild = c.guildId !== null;
  const privateChannel = c.type === ChannelType.GroupDM;
  // In a private channel the app acts only through the user's install: its interaction answers may embed, attach and
  // mention; the bot itself is not there.
  const appPerms = privateChannel ? USER_INSTALL_APP_PERMISSIONS.toString() : s.botPermissions(c.id).toString();
  const p: Obj = {
    id: rec.id,
    application_id: s.applicationId,
    type: rec.type,
    data,
    channel: s.channelPayload(c),
    channel_id: c.id,
    token: rec.token,
    version: 1,
    app_permissions: appPerms,
    locale: u.locale,
    entitlements: [],
    // Who installed the app so that it may answer here (0: the server, 1: the user), and where it runs (0: a server,
    // 1: the DM with the bot, 2: a private channel between users).
    authorizing_integration_owners: privateChannel ? { '1': u.id } : inGuild ? { '0': c.guildId } : { '0': '0' },
    context: privateChannel ? 2 : inGuild ? 0 : 1,
    attachment_size_limit: 10 * 1024 * 1024,
  };
  if (inGuild) {
    const guild = requireGuildRecord(s, c.guildId!).guild;
    p.guild_id = guild.id;
    p.guild = { id: guild.id, locale: guild.preferredLocale, features: [] };
    p.guild_locale = guild.preferredLocale;
    // Discord: the member's permissions in s channel, overwrites included.
    p.member = s.memberPayload(u.id, { permissions: s.permissionsIn(u.id, c.id).toString(), guildId: guild.id });
  } else {
    p.user = s.userPayload(u.id);
  }
  if (message) p.message = s.messagePayload(message);
  // The fields Discord's spec types (context, integration owners) are checked as the stand-in sends them.
  const problems = interactionContextProblems(p);
  if (problems.length) throw new Error(`the stand-in's interaction departs from Discord's spec: ${problems.join('; ')}`);
  return p;
}

/** Creates an interaction, sends INTERACTION_CREATE to the bot and waits for what the user ends up seeing. */
export async function interact(s: StandIn, args: NewInteraction): Promise<InteractionOutcome> {
  const c = s.channels.get(args.channelId)!;
  const type = args.kind === 'command' ? 2 : args.kind === 'component' ? 3 : 5;
  const base: Omit<InteractionRecord, 'payload'> = {
    id: s.ids.next(),
    token: `standin-interaction.${randomBytes(24).toString('base64url')}`,
    type,
    kind: args.kind,
    userId: args.userId,
    channelId: args.channelId,
    guildId: c.guildId,
    createdAt: s.clock.now(),
    sourceMessageId: args.sourceMessage?.id ?? null,
    callbackType: null,
    callbackAt: null,
    originalMessageId: null,
    ephemeral: false,
    originalEdited: false,
    followUpIds: [],
    modal: null,
    modalSubmitted: false,
  };
  const rec: InteractionRecord = { ...base, payload: interactionPayload(s, base, args.data, args.sourceMessage) };
  s.interactions.set(rec.id, rec);
  s.interactionsByToken.set(rec.token, rec);
  s.gateway.dispatch('INTERACTION_CREATE', rec.payload);
  return awaitOutcome(s, rec, args.waitMs ?? s.opts.deferWaitMs, args.replyWaitMs ?? s.opts.firstReplyMs + 250);
}

async function awaitOutcome(s: StandIn, rec: InteractionRecord, waitMs: number, replyWaitMs: number): Promise<InteractionOutcome> {
  await s.waitUntil(() => rec.callbackType !== null, replyWaitMs);
  if (rec.callbackType === 5) {
    await s.waitUntil(() => rec.originalEdited || rec.followUpIds.length > 0, waitMs);
  } else if (rec.callbackType === 6) {
    // A deferred update need not be followed by an edit: settle on an edit, a follow-up, or a quiet period.
    const quiet = s.opts.settleMs;
    await s.waitUntil(() => rec.originalEdited || rec.followUpIds.length > 0 || Date.now() - s.lastChangeAt >= quiet, waitMs);
  }
  return s.outcomeOf(rec);
}

export function outcomeOf(s: StandIn, rec: InteractionRecord): InteractionOutcome {
  const original = rec.originalMessageId ? s.messages.get(rec.originalMessageId) : undefined;
  const followUps = rec.followUpIds.map((id) => s.messages.get(id)).filter((m): m is StoredMessage => !!m && !m.deleted).map((m) => s.messagePayload(m));
  let kind: InteractionOutcome['kind'];
  switch (rec.callbackType) {
    case null:
      kind = 'none';
      break;
    case 4:
      kind = 'message';
      break;
    case 5:
      kind = rec.originalEdited ? 'message' : 'deferred';
      break;
    case 6:
      kind = rec.originalEdited ? 'update' : 'deferred';
      break;
    case 7:
      kind = 'update';
      break;
    case 9:
      kind = 'modal';
      break;
    default:
      kind = 'deferred';
  }
  return {
    interactionId: rec.id,
    kind,
    callbackType: rec.callbackType,
    ephemeral: original ? original.ephemeralTo !== null : rec.ephemeral,
    message: original && !original.deleted ? s.messagePayload(original) : null,
    modal: rec.modal ? deepCopy(rec.modal) : null,
    followUps,
    callbackLatencyMs: rec.callbackAt === null ? null : rec.callbackAt - rec.createdAt,
  };
}

/**
 * Sends an interaction as a modified or buggy client could, without most of the checks a simulated user's actions
 * get (values among the options, command registered, options well-formed…). For robustness tests such as fuzzing;
 * the user and channel must exist, and `messageId` (for component and modal interactions) must be a stored message.
 *
 * What Discord itself checks before an interaction reaches a bot still holds: a component interaction must name a
 * message the user can see and a `custom_id` that is on it (an interactive, enabled component of that id and type);
 * otherwise Discord refuses the interaction and the bot never gets it — here a `StandInRefusal`. `unchecked: true`
 * sends it anyway (fuzzing what a bot must survive even if Discord's checks changed).
 */
export async function injectInteraction(s: StandIn, args: InjectedInteraction): Promise<InteractionOutcome> {
  if (!s.users.has(args.userId)) throw new Error(`no user ${args.userId}`);
  if (!s.channel(args.channelId)) throw new Error(`no channel ${args.channelId}`);
  const source = args.messageId ? s.messages.get(args.messageId) : undefined;
  if (args.messageId && !source) throw new Error(`no message ${args.messageId}`);
  if (args.kind === 'component' && !source) throw new Error('a component interaction needs messageId');
  if (args.kind === 'component' && source && !args.unchecked) checkComponentInteraction(s, args.userId, args.channelId, source, args.data);
  return s.interact({
    kind: args.kind,
    userId: args.userId,
    channelId: args.channelId,
    data: args.data,
    sourceMessage: source ?? null,
    waitMs: args.waitMs,
    replyWaitMs: args.replyWaitMs,
  });
}

/** Discord's checks on a component interaction before it reaches the bot (see `injectInteraction`). */
function checkComponentInteraction(s: StandIn, userId: string, channelId: string, m: StoredMessage, data: Obj): void {
  if (m.channelId !== channelId) throw new StandInRefusal(`message ${m.id} is not in channel ${channelId}`);
  if (!s.canSeeMessage(userId, m)) throw new StandInRefusal(`user ${userId} cannot see message ${m.id}`);
  const comp = interactiveComponents(m.components).find((x) => x.custom_id === data?.custom_id);
  if (!comp) throw new StandInRefusal(`message ${m.id} has no component with custom_id ${JSON.stringify(data?.custom_id)}`);
  if (comp.disabled) throw new StandInRefusal(`component ${String(comp.custom_id)} is disabled`);
  if (data.component_type !== undefined && data.component_type !== comp.type)
    throw new StandInRefusal(`component ${String(comp.custom_id)} is of type ${String(comp.type)}, not ${String(data.component_type)}`);
}

/** The interaction callback (POST /interactions/{id}/{token}/callback). */
export function interactionCallback(s: StandIn, id: string, token: string, body: Obj, files: IncomingFile[], withResponse: boolean): Obj | null {
  const rec = s.interactions.get(id);
  if (!rec || rec.token !== token) throw new ApiError(404, ErrorCodes.UnknownInteraction, 'Unknown interaction');
  if (rec.callbackType !== null) throw new ApiError(400, ErrorCodes.InteractionAlreadyAcknowledged, 'Interaction has already been acknowledged.');
  if (s.clock.now() - rec.createdAt > s.opts.firstReplyMs) {
    s.opts.log(`interaction ${id}: callback after ${s.clock.now() - rec.createdAt} ms → 10062`);
    throw new ApiError(404, ErrorCodes.UnknownInteraction, 'Unknown interaction');
  }
  const type = Number(body.type);
  const data: Obj = body.data ?? {};
  const fromMessage = rec.sourceMessageId !== null;
  if (![4, 5, 6, 7, 8, 9].includes(type)) throw formError('type', 'BASE_TYPE_CHOICES', 'Value must be one of {1, 4, 5, 6, 7, 8, 9, 10, 12}.');
  if ((type === 6 || type === 7) && !fromMessage) throw new ApiError(400, 40004, 'Interaction response type is invalid for s interaction.');
  if (type === 9 && rec.kind === 'modal') throw new ApiError(400, 40004, 'Interaction response type is invalid for s interaction.');
  if (type === 8 && rec.kind !== 'command') throw new ApiError(400, 40004, 'Interaction response type is invalid for s interaction.');
  const ephemeral = (Number(data.flags ?? 0) & MessageFlags.Ephemeral) !== 0;
  let message: StoredMessage | null = null;
  switch (type) {
    case 4:
      validateMessageBody(data, files, { creating: true });
      message = s.createMessage({
        channelId: rec.channelId,
        authorId: s.bot.id,
        body: data,
        files,
        ephemeralTo: ephemeral ? rec.userId : null,
        interactionId: rec.id,
        type: rec.kind === 'command' ? 20 : 0,
      });
      rec.originalMessageId = message.id;
      rec.ephemeral = ephemeral;
      break;
    case 5:
      message = s.createMessage({
        channelId: rec.channelId,
        authorId: s.bot.id,
        body: { content: '' },
        ephemeralTo: ephemeral ? rec.userId : null,
        interactionId: rec.id,
        type: rec.kind === 'command' ? 20 : 0,
        extraFlags: MessageFlags.Loading,
        skipValidation: true,
      });
      rec.originalMessageId = message.id;
      rec.ephemeral = ephemeral;
      break;
    case 6:
      rec.originalMessageId = rec.sourceMessageId;
      break;
    case 7: {
      const src = s.messages.get(rec.sourceMessageId!)!;
      message = s.editMessage(src, data, files);
      rec.originalMessageId = src.id;
      rec.originalEdited = true;
      break;
    }
    case 8:
      break;
    case 9: {
      validateModal(data);
      rec.modal = deepCopy(data);
      const c = s.channels.get(rec.channelId)!;
      s.shown.push({
        seq: s.shown.length + 1,
        at: s.clock.now(),
        kind: 'modal',
        channelId: c.id,
        messageId: null,
        visibleTo: [rec.userId],
        ephemeral: true,
        payload: deepCopy(data),
      });
      break;
    }
  }
  rec.callbackType = type;
  rec.callbackAt = s.clock.now();
  s.changed('interaction', rec.channelId);
  if (!withResponse) return null;
  const original = message ?? (rec.originalMessageId ? s.messages.get(rec.originalMessageId) ?? null : null);
  return {
    interaction: {
      id: rec.id,
      type: rec.type,
      response_message_id: original?.id,
      response_message_loading: type === 5,
      response_message_ephemeral: original ? original.ephemeralTo !== null : false,
    },
    resource: {
      type,
      ...(original && type !== 9 && type !== 6 ? { message: s.messagePayload(original) } : {}),
    },
  };
}

/** The interaction behind a webhook token, checked for the 15-minute lifetime. */
export function webhookInteraction(s: StandIn, appId: string, token: string): InteractionRecord {
  const rec = s.interactionsByToken.get(token);
  if (!rec || appId !== s.applicationId) throw new ApiError(404, ErrorCodes.UnknownWebhook, 'Unknown Webhook');
  if (s.clock.now() - rec.createdAt > s.opts.tokenLifetimeMs) throw new ApiError(401, ErrorCodes.InvalidWebhookToken, 'Invalid Webhook Token');
  return rec;
}

export function webhookMessage(s: StandIn, rec: InteractionRecord, messageId: string): StoredMessage {
  const id = messageId === '@original' ? rec.originalMessageId : messageId;
  if (!id) throw new ApiError(404, ErrorCodes.UnknownMessage, 'Unknown Message');
  const allowed = id === rec.originalMessageId || rec.followUpIds.includes(id);
  const m = s.messages.get(id);
  if (!allowed || !m || m.deleted) throw new ApiError(404, ErrorCodes.UnknownMessage, 'Unknown Message');
  return m;
}

export function webhookEdit(s: StandIn, rec: InteractionRecord, messageId: string, body: Obj, files: IncomingFile[]): StoredMessage {
  const m = s.webhookMessage(rec, messageId);
  s.editMessage(m, body, files);
  if (m.id === rec.originalMessageId) rec.originalEdited = true;
  s.changed('interaction', rec.channelId);
  return m;
}

export function followUp(s: StandIn, rec: InteractionRecord, body: Obj, files: IncomingFile[]): StoredMessage {
  if (rec.callbackType === null) throw new ApiError(404, ErrorCodes.UnknownWebhook, 'Unknown Webhook');
  const original = rec.originalMessageId ? s.messages.get(rec.originalMessageId) : undefined;
  if (rec.callbackType === 5 && original && !rec.originalEdited && original.flags & MessageFlags.Loading) {
    // Discord: the first follow-up after a deferred reply edits the loading message; the ephemeral flag stays as deferred.
    return s.webhookEdit(rec, '@original', { ...body, flags: undefined }, files);
  }
  const ephemeral = (Number(body.flags ?? 0) & MessageFlags.Ephemeral) !== 0;
  const c = s.channel(rec.channelId);
  if (!c) throw new ApiError(404, ErrorCodes.UnknownChannel, 'Unknown Channel');
  const m = s.createMessage({
    channelId: rec.channelId,
    authorId: s.bot.id,
    body,
    files,
    ephemeralTo: ephemeral ? rec.userId : null,
    interactionId: rec.id,
    type: rec.kind === 'command' ? 20 : 0,
  });
  rec.followUpIds.push(m.id);
  s.changed('interaction', rec.channelId);
  return m;
}
