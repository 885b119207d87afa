/**
 * The custom_id grammar. Every button and menu carries what its handler needs, so a click works after
 * a restart and a stale one is recognised:
 *
 *   <kind>|<gameId>|<version>|<arg>        (at most 100 characters)
 *
 * kind  what it does                                   arg
 * ----  ---------------------------------------------  ---------------------------------------------
 * L     lobby action                                   join | leave | start | cancel | addai | opt.<id>
 * T     table button (works at any version)            turn | hand | log | log.<page> | log.round (a menu: value = page)
 * C     choose an option of the current decision       the option id
 * M     select menu of the current decision            the menu's group index (value = option id)
 * S     "Sure?" answered yes: choose the option        the option id (an option that carries `confirm`)
 * V     vote                                           abandon.yes | abandon.no | abandon.sure (the host's "Sure?")
 * D     the table's answer to a passed deadline        wait.<seat> | skip.<seat> | replace.<seat>
 * U     undo                                           self | yes | no   (yes/no: consent to an undo)
 * R     an absent player takes their seat back         reclaim
 * H     a page of a rules summary (gameId 0: no game)  <game>.<part>   (setup | turn | scoring | rulings)
 * X     a greyed-out choice the seat cannot make now   na.<index>   (drawn disabled; a click is refused politely)
 *
 * Every kind but H names a game (gameId ≥ 1). A click on a public message counts only on the message it was
 * drawn on: the lobby's card, the vote's own post; choices, paging and reclaiming only on a private panel or a DM.
 *
 * `version` is the number of decisions applied when the component was drawn (0 in lobbies). A C or M
 * click whose version is not the game's current one is stale and is answered politely, changing nothing.
 */
export type IdKind = 'L' | 'T' | 'C' | 'M' | 'S' | 'V' | 'D' | 'U' | 'R' | 'H' | 'X';
/** Every kind, as in the table above; each has a handler in `components/` (test/bot/handlers.test.ts checks). */
export const ID_KINDS: readonly IdKind[] = ['L', 'T', 'C', 'M', 'S', 'V', 'D', 'U', 'R', 'H', 'X'];
const KINDS = new Set<IdKind>(ID_KINDS);

export interface ParsedId { kind: IdKind; gameId: number; version: number; arg: string }

export function makeId(kind: IdKind, gameId: number, version: number, arg: string): string {
  const id = `${kind}|${gameId}|${version}|${arg}`;
  if (id.length > 100) throw new Error(`custom_id too long (${id.length}): ${id}`);
  return id;
}

/** Parses a custom_id, or returns null for anything that is not exactly of our grammar. */
export function parseId(raw: unknown): ParsedId | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 100) return null;
  const parts = raw.split('|');
  if (parts.length !== 4) return null;
  const [kind, g, v, arg] = parts as [string, string, string, string];
  if (!KINDS.has(kind as IdKind)) return null;
  if (!(kind === 'H' ? g === '0' : /^[1-9]\d{0,12}$/.test(g)) || !/^(0|[1-9]\d{0,9})$/.test(v)) return null;
  if (!/^[A-Za-z0-9_.:+-]{1,60}$/.test(arg)) return null;
  return { kind: kind as IdKind, gameId: Number(g), version: Number(v), arg };
}
