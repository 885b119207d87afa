/**
 * What a committed change must cause, as data. A service function decides, commits and returns these; the bot's
 * effects runner carries them out after the reply (post the table, DM a seat, let a computer move…). Nothing
 * here touches Discord: an effect names a game and a seat, and is drawn from the newest state when it runs.
 */
import type { GameEvent, Msg, Seat } from '../engine/types.js';

export type Effect =
  /**
   * Post the game's newest table (board, what happened, who acts) and ping the people who must act; the previous one
   * then loses its buttons (`table_off`). Only for a handover (see `consequences`).
   */
  | { kind: 'table'; gameId: number }
  /**
   * Redraw the game's newest table in place with the newest state, pinging nobody: a step inside one person's turn
   * (its lines join the table's "what happened"). Posted instead when there is no table to edit or Discord refuses.
   */
  | { kind: 'table_edit'; gameId: number }
  /**
   * Send a seat its panel by DM: its turn came, or something private changed in its hand; `step`: redraw the seat's
   * DM of this turn in place (the seat still owes a decision but the board moved: its own step, or another seat's
   * answer in a phase they share). One new DM per turn; the rest are edits.
   */
  | { kind: 'dm'; gameId: number; seat: Seat; why: 'turn' | 'private' | 'step' }
  /** A computer owes a decision (a computer seat, or a seat the table handed to one). */
  | { kind: 'computer'; gameId: number }
  /** Redraw the lobby card (players, options, state). */
  | { kind: 'lobby'; gameId: number }
  /** A public line in the game's thread, pinging exactly `mention`. */
  | { kind: 'notice'; gameId: number; msg: Msg; mention?: string[] }
  /** Take the buttons off the game's newest table (the game ended). */
  | { kind: 'buttons_off'; gameId: number }
  /**
   * Take the buttons off a table that a newer one replaced. Tidying, not news: it runs when Discord's budget is not
   * needed for tables, pings and DMs (a click on the old table's buttons still answers with the newest state).
   * A table that went out as a follow-up is edited through its interaction token while that is good (`until`).
   */
  | { kind: 'table_off'; gameId: number; channelId: string; messageId: string; token?: string; until?: number }
  /**
   * Take the buttons off a DM that carried a seat's panel, saying why: the seat answered, the game moved on, or a
   * newer DM carries the panel now. Written once per DM (its record is cleared in the same transaction).
   */
  | { kind: 'dm_off'; gameId: number; seat: Seat; channelId: string; messageId: string; why: 'answered' | 'moved_on' | 'newer' }
  /** A cancelled lobby's thread hears who cancelled it (then it is archived, see `archive`). */
  | { kind: 'lobby_cancelled'; gameId: number; threadId: string; by: string }
  /** Archive and lock the game's thread (a cancelled lobby). */
  | { kind: 'archive'; gameId: number; threadId: string }
  /** Remind the seat whose deadline comes closer (in the thread, and by DM). */
  | { kind: 'remind'; gameId: number; seat: Seat; dueAt: number }
  /** The seat's deadline passed: post the table's vote (voters in their quiet hours are named, not pinged). */
  | { kind: 'deadline_vote'; gameId: number; seat: Seat; quiet?: string[] }
  /** A voter whose quiet hours hid the vote's ping hears of it by DM once they end (if it is still open). */
  | { kind: 'vote_dm'; gameId: number; seat: Seat; userId: string; notBefore: number }
  /** The vote on an absent seat closed: its post shows the tally and the verdict, without buttons. */
  | { kind: 'vote_closed'; gameId: number; seat: Seat; messageId: string; verdict: 'wait' | 'skip' | 'replace' | 'answered'; tally: { wait: number; skip: number; replace: number }; hours: number; by: 'votes' | 'time' }
  /**
   * A seat asked in a reaction window that holds nothing it could play passes by itself at `notBefore`, a delay drawn
   * like the table's own answers, so that nobody learns from the timing who could have acted (docs/decisions.md,
   * "Reaction windows"). Nothing is shown to it, nobody is pinged. Void once the game moved on from `version`.
   */
  | { kind: 'auto_pass'; gameId: number; seat: Seat; version: number; notBefore: number }
  /** Send a user their daily digest by DM (a user's effect, not a game's: gameId 0). */
  | { kind: 'digest'; gameId: 0; userId: string };

export interface Change {
  gameId: number;
  /** Who acted (null: the table, a start or an undo). */
  actor: Seat | null;
  events: GameEvent[];
  owedBefore: Seat[];
  owedNow: Seat[];
  /** Computers play this seat (a computer seat, or one the table handed to a computer). */
  computer(seat: Seat): boolean;
  /** A person plays this seat now. */
  person(seat: Seat): boolean;
  /** The seat belongs to a person (who may have handed it to a computer for now). */
  human(seat: Seat): boolean;
  /** The actor is in the middle of a compound turn (its next step offers "back"): nothing is handed over yet. */
  midTurn: boolean;
  finished: boolean;
}

/**
 * The people a change hands the decision to: persons who owe a decision now and did not before it. A computer is
 * never handed to (its moves between two people make no post of their own); a person who keeps the decision — the
 * next step of their turn, their next turn straight after a round's end, their own undo, another's answer in a
 * phase they share — is not handed to either.
 */
export function handedTo(c: Pick<Change, 'owedBefore' | 'owedNow' | 'person'>): Seat[] {
  return c.owedNow.filter((s) => c.person(s) && !c.owedBefore.includes(s));
}

/**
 * The consequences of one committed change. One post and one ping per handover, defined by people: a new table when
 * the decision passes to people who did not hold it (`handedTo`), and when the game ends. Everything else that
 * changes the public board — the steps inside one person's turn, a round's end where the same person carries on,
 * an undo of one's own, an answer in a shared phase, a person handing to computers — redraws the newest table in
 * place (`table_edit`, no ping; its "what happened" keeps the lines since it was posted, a round's scoring among
 * them). A step that shows nothing public and keeps the decision where it was (inside a compound action) touches no
 * table; computers moving on to computers neither. A DM to each person a turn was handed to and to each whose private
 * holdings changed, and a computer move when one is owed.
 */
export function consequences(c: Change): Effect[] {
  const effects: Effect[] = [];
  const handed = handedTo(c);
  const owedMoved = c.owedNow.join(',') !== c.owedBefore.join(',');
  const computersContinue = c.actor !== null && c.computer(c.actor) && c.owedNow.length > 0 && c.owedNow.every(c.computer);
  const publicLines = c.events.some((e) => !e.to);
  if (c.finished || handed.length > 0) effects.push({ kind: 'table', gameId: c.gameId });
  else if (!computersContinue && (c.actor === null || owedMoved || publicLines || !c.midTurn)) effects.push({ kind: 'table_edit', gameId: c.gameId });
  for (const seat of handed) effects.push({ kind: 'dm', gameId: c.gameId, seat, why: 'turn' });
  for (const seat of new Set(c.events.flatMap((e) => e.to ?? []))) {
    if (seat === c.actor || (c.owedNow.includes(seat) && !c.owedBefore.includes(seat))) continue;
    if (c.human(seat)) effects.push({ kind: 'dm', gameId: c.gameId, seat, why: 'private' });
  }
  if (c.owedNow.some(c.computer)) effects.push({ kind: 'computer', gameId: c.gameId });
  return effects;
}

/** Drops repeated effects (several steps committed at once still make one table, one DM per seat and reason). */
export function dedupe(effects: Effect[]): Effect[] {
  const seen = new Set<string>();
  return effects.filter((e) => {
    const key = JSON.stringify(e);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
