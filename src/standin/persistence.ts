/** Persistence (see the `statePath` option): the stand-in's state as saved to JSON, and its restoration at start. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SavedState, SimUserRecord, StoredMessage } from './model.js';
import type { StandIn } from './standin.js';
import type { ChannelRecord } from './templates.js';
import type { Obj } from './util.js';

/** The state worth keeping across restarts (interactions are not: their tokens would be stale anyway). */
export function snapshot(s: StandIn): SavedState {
  return {
    version: 1,
    applicationId: s.applicationId,
    token: s.token,
    owner: s.owner,
    guild: s.guild,
    roleIds: s.roleIds,
    extraGuilds: [...s.guilds.values()].filter((g) => g.guild.id !== s.guild.id),
    users: [...s.users.values()],
    channels: [...s.channels.values()].map((c) => ({
      ...c,
      overwrites: c.overwrites.map((o) => ({ ...o, allow: o.allow.toString(), deny: o.deny.toString() })),
    })),
    channelMessages: Object.fromEntries(s.channelMessages),
    messages: [...s.messages.values()].map((m) => ({ ...m, interactionId: null })),
    attachments: [...s.attachmentData.entries()].map(([key, a]) => ({ key, contentType: a.contentType })),
    commands: [...s.commands.values()],
    botDenied: Object.fromEntries([...s.botDenied].map(([k, v]) => [k, v.toString()])),
  };
}

/** Loads a snapshot (after `baseUrl` is known: attachment URLs are rebuilt for the current address). */
export function restoreState(s: StandIn, saved: SavedState, filesDir: string | null): void {
  for (const g of saved.extraGuilds ?? []) s.guilds.set(g.guild.id, g);
  for (const u of saved.users) s.users.set(u.id, u as SimUserRecord);
  for (const c of saved.channels) {
    const rec = { ...c, overwrites: (c.overwrites as Obj[]).map((o) => ({ ...o, allow: BigInt(o.allow), deny: BigInt(o.deny) })) } as ChannelRecord;
    s.channels.set(rec.id, rec);
  }
  for (const [k, v] of Object.entries(saved.channelMessages)) s.channelMessages.set(k, [...v]);
  for (const m of saved.messages) {
    const rec = m as StoredMessage;
    rec.attachments = rec.attachments.map((a) => ({ ...a, url: s.attachmentUrl(rec.channelId, a.id, a.filename) }));
    s.messages.set(rec.id, rec);
  }
  for (const a of saved.attachments) {
    const file = filesDir ? join(filesDir, a.key.replace('/', '_')) : null;
    if (file && existsSync(file)) s.attachmentData.set(a.key, { data: readFileSync(file), contentType: a.contentType });
  }
  for (const c of saved.commands) s.commands.set(c.id, c);
  for (const [k, v] of Object.entries(saved.botDenied)) s.botDenied.set(k, BigInt(v));
}
