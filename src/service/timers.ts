/**
 * Turn deadlines and reminders, computed from stored rows only (no timers in memory), so a restart
 * neither loses nor repeats them: the bot's tick asks what is due now and marks each action as done in
 * the database before carrying it out.
 *
 * Time on vacation does not count towards a deadline; reminders wait for the player's waking hours.
 */
import type { PlayerRow, Repo, TurnRow, UserSettings } from '../store/repo.js';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** A reminder comes once, when this share of the time to the deadline has passed. */
export const REMIND_AT = 0.75;

export interface TimerAction { kind: 'remind' | 'expire'; gameId: number; seat: number; userId: string; dueAt: number }

/** Milliseconds of [from, to) that fall inside the user's vacations. */
export function vacationOverlap(vacations: { start_at: number; end_at: number }[], from: number, to: number): number {
  let sum = 0;
  for (const v of vacations) sum += Math.max(0, Math.min(to, v.end_at) - Math.max(from, v.start_at));
  return sum;
}

export function onVacation(vacations: { start_at: number; end_at: number }[], now: number): boolean {
  return vacations.some((v) => v.start_at <= now && now < v.end_at);
}

/** Where a player's local time comes from: a named time zone (follows daylight saving) or a fixed offset. */
export type LocalZone = Pick<UserSettings, 'tz_offset_min'> & { time_zone?: string | null };

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** Whether `name` is a time zone this machine knows (IANA names such as Europe/Berlin; checked by Intl). */
export function knownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The player's offset from UTC at `at`, in minutes: their named zone's (Intl, with its daylight-saving rules) when
 * they set one, else the fixed offset.
 */
export function offsetMinutes(s: LocalZone, at: number): number {
  if (!s.time_zone) return s.tz_offset_min;
  let f = zoneFormats.get(s.time_zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: s.time_zone, timeZoneName: 'longOffset' });
    zoneFormats.set(s.time_zone, f);
  }
  // "GMT+05:45", "GMT-03:00", or "GMT" for UTC itself.
  const name = f.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** Is `now` inside the player's quiet hours (their local time)? */
export function quietNow(s: Pick<UserSettings, 'quiet_start' | 'quiet_end'> & LocalZone, now: number): boolean {
  if (s.quiet_start === null || s.quiet_end === null || s.quiet_start === s.quiet_end) return false;
  const hour = Math.floor((((now + offsetMinutes(s, now) * 60_000) % DAY) + DAY) % DAY / HOUR);
  return s.quiet_start < s.quiet_end ? hour >= s.quiet_start && hour < s.quiet_end : hour >= s.quiet_start || hour < s.quiet_end;
}

/** The next full hour of the user's local time after `from` (quiet hours begin and end on one). */
function nextLocalHour(s: LocalZone, from: number): number {
  return from - (((from + offsetMinutes(s, from) * 60_000) % HOUR) + HOUR) % HOUR + HOUR;
}

/** The first moment at or after `from` outside the user's quiet hours (`from` itself when not quiet). */
export function quietEnd(s: Pick<UserSettings, 'quiet_start' | 'quiet_end'> & LocalZone, from: number): number {
  if (!quietNow(s, from)) return from;
  // Quiet hours end on a full local hour: step to the next hour boundaries (at most a day).
  let t = nextLocalHour(s, from);
  for (let i = 0; i < 25 && quietNow(s, t); i++) t += HOUR;
  return t;
}

/** How often the bot asks what is due. */
export const TICK_MS = 60_000;

/**
 * A reminder that quiet hours lasting until the deadline would swallow comes at the first tick in this time before
 * they begin: a restart or a slow tick in the last minute does not lose it.
 */
export const REMIND_BEFORE_QUIET_MS = 15 * 60_000;

/** When the seat's deadline falls (wall clock), given vacations up to now; null without a deadline. */
export function deadlineOf(turn: TurnRow, deadlineHours: number | null, vacations: { start_at: number; end_at: number }[], now: number): number | null {
  if (!deadlineHours) return null;
  const limit = deadlineHours * HOUR + turn.extra_ms;
  const paused = vacationOverlap(vacations, turn.since, now);
  const end = vacations.find((v) => v.start_at <= now && now < v.end_at)?.end_at;
  // While away the clock stands still: the deadline moves with the end of the vacation.
  return turn.since + limit + paused + (end ? end - now : 0);
}

export async function dueActions(repo: Repo, now: number): Promise<TimerAction[]> {
  const out: TimerAction[] = [];
  const playersOf = new Map<number, PlayerRow[]>();
  for (const t of await repo.allTurnsOfRunningGames()) {
    if (!t.deadline_hours || t.expired_at !== null) continue;
    const players = playersOf.get(t.game_id) ?? await repo.players(t.game_id);
    playersOf.set(t.game_id, players);
    const p = players.find((x) => x.seat === t.seat);
    if (!p || p.kind === 'ai' || p.replaced) continue;
    // A vacation pauses the games of the server it was taken in (each server grants its own allowance).
    const vacations = await repo.vacations(p.user_id, t.guild_id);
    if (onVacation(vacations, now)) continue;
    const dueAt = deadlineOf(t, t.deadline_hours, vacations, now)!;
    const limit = t.deadline_hours * HOUR + t.extra_ms;
    if (now >= dueAt) out.push({ kind: 'expire', gameId: t.game_id, seat: t.seat, userId: p.user_id, dueAt });
    else if (t.reminded_at === null && !quietNow(await repo.settings(p.user_id), now)) {
      // At three quarters of the time; when quiet hours that last until the deadline begin within
      // REMIND_BEFORE_QUIET_MS, now: before they begin (otherwise the vote would come without any warning).
      const s = await repo.settings(p.user_id);
      const remindAt = dueAt - limit * (1 - REMIND_AT);
      const quietFrom = nextLocalHour(s, now);
      if (now >= remindAt || (quietFrom - now <= REMIND_BEFORE_QUIET_MS && quietNow(s, quietFrom) && quietEnd(s, quietFrom) >= dueAt)) {
        out.push({ kind: 'remind', gameId: t.game_id, seat: t.seat, userId: p.user_id, dueAt });
      }
    }
  }
  return out;
}

/** Days of vacation a user has taken in a server over the 365 days before `now` (future ones included). */
export async function vacationDaysUsed(repo: Repo, userId: string, guildId: string, now: number): Promise<number> {
  return (await repo.vacations(userId))
    .filter((v) => v.guild_id === guildId && v.end_at > now - 365 * DAY)
    .reduce((sum, v) => sum + (v.end_at - Math.max(v.start_at, now - 365 * DAY)) / DAY, 0);
}
