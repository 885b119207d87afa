/**
 * Application commands: registration (with Discord's checks on names, descriptions and options), which commands a
 * user is offered in a channel, and the options a simulated user's slash command sends.
 */
import { StandInRefusal, type SlashArgs } from './model.js';
import type { StandIn } from './standin.js';
import { ChannelType, commandPayload } from './templates.js';
import { ALL_PERMISSIONS, Perm, formError, type Obj } from './util.js';

const COMMAND_NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

function validateCommand(b: Obj, path: string): void {
  const p = path ? `${path}.` : '';
  if (typeof b?.name !== 'string' || !COMMAND_NAME.test(b.name) || (b.type ?? 1) === 1 && b.name !== b.name.toLowerCase()) {
    throw formError(`${p}name`, 'APPLICATION_COMMAND_INVALID_NAME', 'Command name is invalid');
  }
  if ((b.type ?? 1) === 1) {
    if (typeof b.description !== 'string' || b.description.length < 1 || b.description.length > 100) {
      throw formError(`${p}description`, 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
    }
  }
  const check = (opts: Obj[] | undefined, q: string) => {
    if (!opts) return;
    if (opts.length > 25) throw formError(`${q}options`, 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.');
    opts.forEach((o, i) => {
      const r = `${q}options.${i}.`;
      if (typeof o.name !== 'string' || !COMMAND_NAME.test(o.name) || o.name !== o.name.toLowerCase())
        throw formError(`${r}name`, 'APPLICATION_COMMAND_INVALID_NAME', 'Command name is invalid');
      if (typeof o.description !== 'string' || o.description.length < 1 || o.description.length > 100)
        throw formError(`${r}description`, 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
      if (o.choices && o.choices.length > 25) throw formError(`${r}choices`, 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.');
      check(o.options, r);
    });
    let seenOptional = false;
    for (const o of opts) {
      if (o.type === 1 || o.type === 2) continue;
      if (!o.required) seenOptional = true;
      else if (seenOptional) throw formError(`${q}options`, 'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID', 'Required options must be placed before non-required options');
    }
  };
  check(b.options, p);
}

export function setCommands(s: StandIn, guildId: string | null, bodies: Obj[]): Obj[] {
  if (!Array.isArray(bodies)) throw formError('_root', 'LIST_TYPE_CONVERT', 'Must be an array.');
  if (bodies.length > 100) throw formError('_root', 'BASE_TYPE_MAX_LENGTH', 'Must be 100 or fewer in length.');
  bodies.forEach((b, i) => validateCommand(b, String(i)));
  for (const [id, c] of s.commands) if ((c.guild_id ?? null) === guildId) s.commands.delete(id);
  const out = bodies.map((b) => {
    const existing = [...s.commands.values()].find((c) => c.name === b.name && (c.guild_id ?? null) === guildId);
    const cmd = commandPayload(b, existing?.id ?? s.ids.next(), s.applicationId, guildId, s.ids.next());
    s.commands.set(cmd.id, cmd);
    return cmd;
  });
  s.changed('commands');
  return out;
}

export function upsertCommand(s: StandIn, guildId: string | null, body: Obj): Obj {
  validateCommand(body, '');
  const existing = [...s.commands.values()].find((c) => c.name === body.name && (c.guild_id ?? null) === guildId);
  const cmd = commandPayload(body, existing?.id ?? s.ids.next(), s.applicationId, guildId, s.ids.next());
  s.commands.set(cmd.id, cmd);
  s.changed('commands');
  return cmd;
}

/** Commands a user can run in a channel: guild commands there, then global ones (in DMs only DM-enabled ones). */
export function commandsFor(s: StandIn, channelId: string, userId?: string): Obj[] {
  const c = s.channel(channelId);
  if (!c) return [];
  if (c.type === ChannelType.GroupDM) {
    // Only commands of an app the user installed to their account, registered for user installs (integration type 1)
    // and for private channels (context 2).
    if (!userId || !s.userInstalls.has(userId)) return [];
    return s.commandList(null).filter((x) => (x.integration_types ?? [0]).includes(1) && (x.contexts ?? []).includes(2));
  }
  if (c.type === ChannelType.DM) {
    return s.commandList(null).filter((x) => (x.contexts ? x.contexts.includes(1) : x.dm_permission !== false));
  }
  const guild = s.commandList(c.guildId);
  const names = new Set(guild.map((x) => x.name));
  const all = [...guild, ...s.commandList(null).filter((x) => !names.has(x.name) && (x.contexts ? x.contexts.includes(0) : true))];
  if (!userId) return all;
  // Without Use Application Commands in s channel (an overwrite can take it away), no command is offered.
  if (!(s.permissionsIn(userId, c.id) & Perm.UseApplicationCommands)) return [];
  // Discord hides commands whose default_member_permissions the member lacks ("0": admins only).
  const have = s.memberPermissions(userId);
  return all.filter((x) => {
    if (x.default_member_permissions === null || x.default_member_permissions === undefined) return true;
    const need = BigInt(x.default_member_permissions);
    return need === 0n ? have === ALL_PERMISSIONS : (have & need) === need;
  });
}

/** The `options` (and `resolved`) of a slash command run with `args`, refused as the Discord UI would refuse them. */
export function buildCommandOptions(s: StandIn, def: Obj, args: SlashArgs, ctx: { userId: string; channelId: string }): { options: Obj[]; resolved: Obj | null } {
  let defs: Obj[] = def.options ?? [];
  const wrap: Array<(inner: Obj[]) => Obj[]> = [];
  if (args.group) {
    const g = defs.find((o) => o.type === 2 && o.name === args.group);
    if (!g) throw new StandInRefusal(`/${def.name} has no subcommand group ${args.group}`);
    defs = g.options ?? [];
    wrap.push((inner) => [{ type: 2, name: g.name, options: inner }]);
  }
  if (args.subcommand) {
    const sc = defs.find((o) => o.type === 1 && o.name === args.subcommand);
    if (!sc) throw new StandInRefusal(`/${def.name} has no subcommand ${args.subcommand}`);
    defs = sc.options ?? [];
    wrap.unshift((inner) => [{ type: 1, name: sc.name, options: inner }]);
  } else if (defs.some((o) => o.type === 1 || o.type === 2)) {
    throw new StandInRefusal(`/${def.name} needs a subcommand`);
  }
  const given = args.options ?? {};
  const out: Obj[] = [];
  const resolved: Obj = {};
  for (const name of Object.keys(given)) {
    if (!defs.some((o) => o.name === name)) throw new StandInRefusal(`/${def.name}: unknown option ${name}`);
  }
  for (const o of defs) {
    const v = given[o.name];
    if (v === undefined) {
      if (o.required) throw new StandInRefusal(`/${def.name}: option ${o.name} is required`);
      continue;
    }
    let value: string | number | boolean;
    switch (o.type) {
      case 3:
        value = String(v);
        if (o.min_length !== undefined && value.length < o.min_length) throw new StandInRefusal(`option ${o.name} too short`);
        if (value.length > (o.max_length ?? 6000)) throw new StandInRefusal(`option ${o.name} too long`);
        break;
      case 4:
      case 10:
        value = Number(v);
        if (!Number.isFinite(value) || (o.type === 4 && !Number.isInteger(value))) throw new StandInRefusal(`option ${o.name} must be a number`);
        if (o.min_value !== undefined && value < o.min_value) throw new StandInRefusal(`option ${o.name} below ${o.min_value}`);
        if (o.max_value !== undefined && value > o.max_value) throw new StandInRefusal(`option ${o.name} above ${o.max_value}`);
        break;
      case 5:
        value = v === true || v === 'true';
        break;
      case 6: {
        value = String(v);
        if (!s.userRecord(value)) throw new StandInRefusal(`option ${o.name}: unknown user ${value}`);
        resolved.users = { ...(resolved.users ?? {}), [value]: s.userPayload(value) };
        resolved.members = { ...(resolved.members ?? {}), [value]: s.memberPayload(value, { withUser: false, permissions: s.permissionsIn(value, ctx.channelId).toString(), guildId: s.channel(ctx.channelId)?.guildId }) };
        break;
      }
      case 7: {
        value = String(v);
        const ch = s.channel(value);
        if (!ch) throw new StandInRefusal(`option ${o.name}: unknown channel ${value}`);
        const cp = s.channelPayload(ch);
        resolved.channels = { ...(resolved.channels ?? {}), [value]: { id: cp.id, name: cp.name, type: cp.type, permissions: s.permissionsIn(ctx.userId, value).toString(), ...(cp.thread_metadata ? { thread_metadata: cp.thread_metadata, parent_id: cp.parent_id } : {}) } };
        break;
      }
      default:
        throw new StandInRefusal(`option type ${String(o.type)} is not simulated`);
    }
    if (o.choices && !o.choices.some((c: Obj) => c.value === value)) throw new StandInRefusal(`option ${o.name}: ${String(value)} is not one of the choices`);
    out.push({ name: o.name, type: o.type, value });
  }
  const options = wrap.reduce((inner, w) => w(inner), out);
  return { options, resolved: Object.keys(resolved).length ? resolved : null };
}
