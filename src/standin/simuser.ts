/** Simulated users: the people in the stand-in's guild, acting through what their Discord client would let them do. */
import { buildCommandOptions } from './commands.js';
import { ComponentType, MessageFlags, interactiveComponents } from './limits.js';
import { StandInRefusal, type InteractionOutcome, type SimUserRecord, type SlashArgs } from './model.js';
import type { StandIn } from './standin.js';
import { ChannelType } from './templates.js';
import { findComponent } from './text.js';
import { Perm, deepCopy, type Obj } from './util.js';

/**
 * A simulated user. Every action goes through the same paths a person's Discord client would: the stand-in refuses
 * (throws `StandInRefusal`) what the Discord UI would not let the person do.
 */
export class SimUser {
  constructor(
    readonly standIn: StandIn,
    readonly id: string,
  ) {}

  private get rec(): SimUserRecord {
    const r = this.standIn.users.get(this.id);
    if (!r) throw new Error(`no user ${this.id}`);
    return r;
  }

  get name(): string {
    return this.rec.globalName ?? this.rec.username;
  }

  get locale(): string {
    return this.rec.locale;
  }

  setLocale(locale: string): void {
    this.rec.locale = locale;
    this.standIn.changed('user');
  }

  closeDms(): void {
    this.standIn.setDmsOpen(this.id, false);
  }

  openDms(): void {
    this.standIn.setDmsOpen(this.id, true);
  }

  /** Opens (creates if needed) the DM channel with the bot and returns its id. */
  openDm(): string {
    return this.standIn.dmChannelOf(this.id).id;
  }

  private visibleChannel(channelId: string) {
    const c = this.standIn.channel(channelId);
    if (!c || !this.standIn.canSeeChannel(this.id, c)) throw new StandInRefusal(`${this.name} cannot see channel ${channelId}`);
    return c;
  }

  /** Posts a plain message as this user (MESSAGE_CREATE to the bot). */
  say(channelId: string, content: string): Obj {
    const c = this.visibleChannel(channelId);
    if (c.type !== ChannelType.DM) {
      const need = this.standIn.isThread(c) ? Perm.SendMessagesInThreads : Perm.SendMessages;
      if (!(this.standIn.permissionsIn(this.id, c.id) & need)) throw new StandInRefusal(`${this.name} may not send messages in ${channelId}`);
    }
    const m = this.standIn.createMessage({ channelId, authorId: this.id, body: { content } });
    return this.standIn.messagePayload(m);
  }

  /** Runs `/command [group] [subcommand] options…` in a channel and returns what the user ends up seeing. */
  async slash(channelId: string, command: string, args: SlashArgs = {}, opts: { waitMs?: number } = {}): Promise<InteractionOutcome> {
    const c = this.visibleChannel(channelId);
    const def = this.standIn.commandsFor(c.id, this.id).find((x) => x.name === command && (x.type ?? 1) === 1);
    if (!def) throw new StandInRefusal(`/${command} is not a registered command here (or ${this.name} lacks its default_member_permissions)`);
    const { options, resolved } = buildCommandOptions(this.standIn, def, args, { userId: this.id, channelId: c.id });
    const data: Obj = { id: def.id, name: def.name, type: 1, options };
    if (def.guild_id) data.guild_id = def.guild_id;
    if (resolved) data.resolved = resolved;
    return this.standIn.interact({ kind: 'command', userId: this.id, channelId: c.id, data, sourceMessage: null, waitMs: opts.waitMs });
  }

  private visibleMessage(messageId: string) {
    const m = this.standIn.messages.get(messageId);
    if (!m || !this.standIn.canSeeMessage(this.id, m)) throw new StandInRefusal(`${this.name} cannot see message ${messageId}`);
    return m;
  }

  private component(messageId: string, customId: string) {
    const m = this.visibleMessage(messageId);
    if (m.flags & MessageFlags.Loading) throw new StandInRefusal(`message ${messageId} is still loading`);
    const comp = interactiveComponents(m.components).find((x) => x.custom_id === customId);
    if (!comp) throw new StandInRefusal(`message ${messageId} has no component ${customId}`);
    if (comp.disabled) throw new StandInRefusal(`component ${customId} is disabled`);
    return { m, comp };
  }

  /** Clicks a button on a message this user can see. */
  async click(messageId: string, customId: string, opts: { waitMs?: number } = {}): Promise<InteractionOutcome> {
    const { m, comp } = this.component(messageId, customId);
    if (comp.type !== ComponentType.Button) throw new StandInRefusal(`${customId} is not a button`);
    if (comp.style === 5 || comp.style === 6) throw new StandInRefusal(`${customId} is a link/premium button`);
    return this.standIn.interact({
      kind: 'component',
      userId: this.id,
      channelId: m.channelId,
      data: { custom_id: customId, component_type: ComponentType.Button, ...(comp.id !== undefined ? { id: comp.id } : {}) },
      sourceMessage: m,
      waitMs: opts.waitMs,
    });
  }

  /** Chooses `values` in a select menu on a message this user can see. */
  async select(messageId: string, customId: string, values: string[], opts: { waitMs?: number } = {}): Promise<InteractionOutcome> {
    const { m, comp } = this.component(messageId, customId);
    if (![3, 5, 6, 7, 8].includes(comp.type)) throw new StandInRefusal(`${customId} is not a select menu`);
    const min = comp.min_values ?? 1;
    const max = comp.max_values ?? 1;
    if (values.length < min || values.length > max) throw new StandInRefusal(`select ${customId} takes ${min}..${max} values, got ${values.length}`);
    if (new Set(values).size !== values.length) throw new StandInRefusal(`select ${customId}: duplicate values`);
    const data: Obj = { custom_id: customId, component_type: comp.type, values, ...(comp.id !== undefined ? { id: comp.id } : {}) };
    if (comp.type === ComponentType.StringSelect) {
      const allowed = new Set((comp.options ?? []).map((o: Obj) => o.value));
      const bad = values.find((v) => !allowed.has(v));
      if (bad !== undefined) throw new StandInRefusal(`select ${customId} has no option ${bad}`);
    } else if (comp.type === ComponentType.UserSelect) {
      const users: Obj = {};
      const members: Obj = {};
      for (const v of values) {
        if (!this.standIn.userRecord(v)) throw new StandInRefusal(`unknown user ${v}`);
        users[v] = this.standIn.userPayload(v);
        members[v] = this.standIn.memberPayload(v, { withUser: false, permissions: this.standIn.permissionsIn(v, m.channelId).toString(), guildId: this.standIn.channel(m.channelId)?.guildId });
      }
      data.resolved = { users, members };
    } else {
      throw new StandInRefusal(`select type ${String(comp.type)} is not simulated`);
    }
    return this.standIn.interact({ kind: 'component', userId: this.id, channelId: m.channelId, data, sourceMessage: m, waitMs: opts.waitMs });
  }

  /** Clicks the button labelled `label` (exact string or RegExp) on a message this user can see. */
  async clickButton(messageId: string, label: string | RegExp, opts: { waitMs?: number } = {}): Promise<InteractionOutcome> {
    const m = this.visibleMessage(messageId);
    const b = findComponent(this.standIn.messagePayload(m), (c) => c.type === ComponentType.Button && (typeof label === 'string' ? c.label === label : label.test(c.label ?? '')));
    if (!b) throw new StandInRefusal(`message ${messageId} has no button ${String(label)}`);
    return this.click(messageId, b.custom_id, opts);
  }

  /** Chooses, in whichever string select of the message offers them, the options labelled `labels`. */
  async chooseOptions(messageId: string, labels: Array<string | RegExp>, opts: { waitMs?: number } = {}): Promise<InteractionOutcome> {
    const m = this.visibleMessage(messageId);
    const matches = (o: Obj, l: string | RegExp) => (typeof l === 'string' ? o.label === l : l.test(o.label ?? ''));
    const menu = findComponent(
      this.standIn.messagePayload(m),
      (c) => c.type === ComponentType.StringSelect && labels.every((l) => (c.options ?? []).some((o: Obj) => matches(o, l))),
    );
    if (!menu) throw new StandInRefusal(`message ${messageId} has no menu offering ${labels.map(String).join(', ')}`);
    const values = labels.map((l) => (menu.options as Obj[]).find((o) => matches(o, l))!.value as string);
    return this.select(messageId, menu.custom_id, values, opts);
  }

  /** Modals opened for this user and not yet submitted, newest last. */
  openModals(): Array<{ interactionId: string; modal: Obj }> {
    return [...this.standIn.interactions.values()]
      .filter((r) => r.userId === this.id && r.modal && !r.modalSubmitted)
      .map((r) => ({ interactionId: r.id, modal: deepCopy(r.modal!) }));
  }

  /** Fills in and submits the newest open modal with this custom id; `fields` maps input custom ids to values. */
  async submitModal(customId: string, fields: Record<string, string | string[]>, opts: { waitMs?: number } = {}): Promise<InteractionOutcome> {
    const open = [...this.standIn.interactions.values()].filter((r) => r.userId === this.id && r.modal?.custom_id === customId && !r.modalSubmitted).pop();
    if (!open) throw new StandInRefusal(`${this.name} has no open modal ${customId}`);
    const modal = open.modal!;
    const fill = (x: Obj): Obj => {
      const v = fields[x.custom_id];
      if (x.type === ComponentType.TextInput) {
        const value = v === undefined ? '' : String(v);
        if (x.required !== false && value.length === 0) throw new StandInRefusal(`modal field ${x.custom_id} is required`);
        if (value.length > 0 && x.min_length !== undefined && value.length < x.min_length) throw new StandInRefusal(`modal field ${x.custom_id} is shorter than ${x.min_length}`);
        if (x.max_length !== undefined && value.length > x.max_length) throw new StandInRefusal(`modal field ${x.custom_id} is longer than ${x.max_length}`);
        return { type: 4, ...(x.id !== undefined ? { id: x.id } : {}), custom_id: x.custom_id, value };
      }
      const values = v === undefined ? [] : Array.isArray(v) ? v : [v];
      const allowed = new Set((x.options ?? []).map((o: Obj) => o.value));
      if (values.some((s) => !allowed.has(s))) throw new StandInRefusal(`modal select ${x.custom_id}: unknown value`);
      if (x.required !== false && values.length < (x.min_values ?? 1)) throw new StandInRefusal(`modal select ${x.custom_id} is required`);
      return { type: x.type, ...(x.id !== undefined ? { id: x.id } : {}), custom_id: x.custom_id, values };
    };
    const components = (modal.components as Obj[])
      .filter((c) => c.type !== ComponentType.TextDisplay)
      .map((c) =>
        c.type === ComponentType.ActionRow
          ? { type: 1, ...(c.id !== undefined ? { id: c.id } : {}), components: (c.components as Obj[]).map(fill) }
          : { type: c.type, ...(c.id !== undefined ? { id: c.id } : {}), component: fill(c.component) },
      );
    open.modalSubmitted = true;
    const source = open.sourceMessageId ? this.standIn.messages.get(open.sourceMessageId) ?? null : null;
    return this.standIn.interact({
      kind: 'modal',
      userId: this.id,
      channelId: open.channelId,
      data: { custom_id: customId, components },
      sourceMessage: source && !source.deleted ? source : null,
      waitMs: opts.waitMs,
    });
  }

  /** Messages of a channel as this user sees them (incl. their own ephemerals). */
  messages(channelId: string): Obj[] {
    return this.standIn.messagesIn(channelId, { as: this.id });
  }

  dms(): Obj[] {
    return this.standIn.dmsOf(this.id);
  }
}
