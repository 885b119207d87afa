/** A player's settings and vacations, a server's settings: validated here, whatever the command definitions say. */
import type { GuildSettings, UserSettings } from '../store/repo.js';
import { type Actor, type Ctx, type Done, done, fail } from './context.js';
import { DEADLINE_CHOICES } from './lobby.js';
import { digestDay } from './mygames.js';
import { standingPasses, standingWindows } from './standing.js';
import { DAY, knownTimeZone, offsetMinutes, vacationDaysUsed } from './timers.js';

export { standingPasses, standingWindows } from './standing.js';

export const LANGUAGES = ['auto', 'en', 'de'] as const;
export const MAX_VACATION_DAYS = 60;
export const MAX_VACATION_ALLOWANCE = 120;

export interface UserSettingsInput {
  dms?: boolean; quietFrom?: number; quietUntil?: number; utcOffsetHours?: number; language?: string; digest?: boolean; digestHour?: number;
  /** A named time zone (IANA, e.g. Europe/Berlin): local hours follow its daylight saving. A UTC offset set later replaces it. */
  timeZone?: string;
  /** A reaction window (`<game>:<window key>`, see `standingWindows`) to always pass in from now on. */
  alwaysPass?: string;
  /** A window to be asked in again (or `all`). */
  askAgain?: string;
}

/** The digest's hour when it is switched on without one (local time). */
export const DEFAULT_DIGEST_HOUR = 8;
export interface ServerSettingsInput { deadlineHours?: number; vacationDays?: number; managerRole?: string; language?: string; globalBoard?: boolean }

const isInt = (n: number, lo: number, hi: number) => Number.isInteger(n) && n >= lo && n <= hi;

export const settings = {
  async user(ctx: Ctx, userId: string): Promise<UserSettings> {
    return await ctx.repo.settings(userId);
  },

  /** Changes the given settings only; says whether anything changed. */
  async saveUser(ctx: Ctx, userId: string, o: UserSettingsInput): Promise<Done<{ settings: UserSettings; changed: boolean }>> {
    if (o.quietFrom !== undefined && !isInt(o.quietFrom, 0, 23)) return fail('out_of_range');
    if (o.quietUntil !== undefined && !isInt(o.quietUntil, 0, 23)) return fail('out_of_range');
    // Time zones run from UTC−12 to UTC+14, in quarter hours (Nepal is +5:45).
    if (o.utcOffsetHours !== undefined && !(Number.isFinite(o.utcOffsetHours) && o.utcOffsetHours >= -12 && o.utcOffsetHours <= 14 && Number.isInteger(o.utcOffsetHours * 4))) return fail('out_of_range');
    if (o.timeZone !== undefined && !knownTimeZone(o.timeZone.trim())) return fail('unknown_time_zone');
    if (o.language !== undefined && !(LANGUAGES as readonly string[]).includes(o.language)) return fail('bad_option_value');
    if (o.digestHour !== undefined && !isInt(o.digestHour, 0, 23)) return fail('out_of_range');
    const windows = standingWindows().map((w) => w.id);
    if (o.alwaysPass !== undefined && !windows.includes(o.alwaysPass)) return fail('bad_option_value');
    if (o.askAgain !== undefined && o.askAgain !== 'all' && !windows.includes(o.askAgain)) return fail('bad_option_value');
    return ctx.repo.transaction(async () => {
      const before = await ctx.repo.settings(userId);
      const s = { ...before };
      if (o.dms !== undefined) { s.dms = o.dms ? 1 : 0; if (s.dms) s.dm_closed = 0; }
      if (o.quietFrom !== undefined) s.quiet_start = o.quietFrom;
      if (o.quietUntil !== undefined) s.quiet_end = o.quietUntil;
      if (o.utcOffsetHours !== undefined) { s.tz_offset_min = Math.round(o.utcOffsetHours * 60); s.time_zone = null; }
      if (o.timeZone !== undefined) {
        // Stored as Intl spells it (europe/berlin → Europe/Berlin); the offset of now stays as a fallback.
        s.time_zone = new Intl.DateTimeFormat('en-US', { timeZone: o.timeZone.trim() }).resolvedOptions().timeZone;
        s.tz_offset_min = offsetMinutes(s, ctx.now());
      }
      if (o.language !== undefined) s.locale = o.language === 'auto' ? null : o.language;
      // The digest: an hour turns it on (unless switched off in the same command); off forgets the hour.
      if (o.digest === false) s.digest_hour = null;
      else if (o.digestHour !== undefined) s.digest_hour = o.digestHour;
      else if (o.digest === true && s.digest_hour === null) s.digest_hour = DEFAULT_DIGEST_HOUR;
      // A new hour or zone counts from now: the first digest comes when the hour next comes, not at once.
      if (s.digest_hour !== null && (s.digest_hour !== before.digest_hour || s.tz_offset_min !== before.tz_offset_min || (s.time_zone ?? null) !== (before.time_zone ?? null))) s.digest_day = digestDay(s, ctx.now());
      if (s.digest_hour === null) s.digest_day = null;
      if (o.alwaysPass !== undefined || o.askAgain !== undefined) {
        let passes = standingPasses(s);
        if (o.askAgain === 'all') passes = [];
        else if (o.askAgain !== undefined) passes = passes.filter((x) => x !== o.askAgain);
        if (o.alwaysPass !== undefined && !passes.includes(o.alwaysPass)) passes.push(o.alwaysPass);
        s.standing_passes = passes.length ? JSON.stringify(passes.sort()) : null;
      }
      const changed = JSON.stringify(s) !== JSON.stringify(before);
      if (changed) await ctx.repo.saveSettings(s);
      return done({ settings: s, changed });
    });
  },

  /** Remembers the user's Discord language from an interaction, for their DMs (written only when it changed). */
  async rememberLocale(ctx: Ctx, userId: string, locale: string): Promise<void> {
    if ((await ctx.repo.settings(userId)).discord_locale !== locale) await ctx.repo.setDiscordLocale(userId, locale);
  },

  async server(ctx: Ctx, guildId: string): Promise<GuildSettings> {
    return await ctx.repo.guildSettings(guildId);
  },

  /**
   * Server settings need Manage Server: they include the manager role, which lets its holders end any game,
   * so neither moderators (Manage Threads) nor the manager role itself may change them.
   */
  async saveServer(ctx: Ctx, actor: Actor, o: ServerSettingsInput): Promise<Done<GuildSettings>> {
    if (!actor.guildId || !actor.canManageGuild) return fail('not_allowed');
    if (o.deadlineHours !== undefined && !DEADLINE_CHOICES.includes(o.deadlineHours)) return fail('out_of_range');
    if (o.vacationDays !== undefined && !isInt(o.vacationDays, 0, MAX_VACATION_ALLOWANCE)) return fail('out_of_range');
    if (o.managerRole !== undefined && !/^\d{1,20}$/.test(o.managerRole)) return fail('bad_option_value');
    if (o.language !== undefined && !(LANGUAGES as readonly string[]).includes(o.language)) return fail('bad_option_value');
    return ctx.repo.transaction(async () => {
      const s = await ctx.repo.guildSettings(actor.guildId!);
      if (o.deadlineHours !== undefined) s.deadline_hours = o.deadlineHours;
      if (o.vacationDays !== undefined) s.vacation_days = o.vacationDays;
      if (o.managerRole !== undefined) s.manager_role = o.managerRole;
      if (o.language !== undefined) s.locale = o.language === 'auto' ? null : o.language;
      if (o.globalBoard !== undefined) s.global_board = o.globalBoard ? 1 : 0;
      await ctx.repo.saveGuildSettings(s);
      return done(s);
    });
  },

  /**
   * A vacation in this server: its games' deadlines stand still for `days` days (0 ends it), within the
   * server's yearly allowance. It pauses only this server's games: each server grants its own allowance.
   */
  async vacation(ctx: Ctx, actor: Actor, days: number): Promise<Done<{ ended: number } | { until: number; used: number; allowed: number }>> {
    if (!isInt(days, 0, MAX_VACATION_DAYS)) return fail('out_of_range');
    if (!actor.guildId) return fail('no_game_here');
    const guildId = actor.guildId;
    return ctx.repo.transaction(async () => {
      const now = ctx.now();
      if (days === 0) return done({ ended: await ctx.repo.endVacations(actor.id, guildId, now) });
      const allowed = (await ctx.repo.guildSettings(guildId)).vacation_days;
      const used = await vacationDaysUsed(ctx.repo, actor.id, guildId, now);
      if (used + days > allowed + 1e-9) return fail('vacation_too_long', { left: Math.max(0, Math.floor(allowed - used)), allowed });
      const start = Math.max(now, ...(await ctx.repo.vacations(actor.id, guildId)).filter((v) => v.end_at > now).map((v) => v.end_at));
      const until = start + days * DAY;
      await ctx.repo.addVacation(actor.id, guildId, start, until);
      return done({ until, used: Math.ceil(used + days), allowed });
    });
  },
};
