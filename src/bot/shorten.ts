/**
 * Shortening a text to one of Discord's limits (a button's 80 characters, a menu option's 100, a name's 32) so that
 * it still says what it said: cut after a whole clause where one ends in the last half of the room, else between
 * words, never inside a word; and never so that a negation falls off the end of its clause ("animal tiles may not."
 * must not become "animal tiles may no…", nor "animal tiles may…").
 */

/** Words that turn a clause into its opposite, in English and German. */
const NEGATION = /^(?:not|no|never|nor|none|nothing|nobody|cannot|can't|don't|doesn't|isn't|aren't|won't|mustn't|without|nicht|kein|keine|keinen|keinem|keiner|keines|nie|niemals|nichts|niemand|ohne|weder)$/i;

/** Where a clause ends: punctuation that separates clauses (a cut goes before it), or a closing bracket (after it). */
const CLAUSE_END = /[.;:,!?(]|(?<=\))/g;
/** Where a clause may end besides: a dash between spaces ("card — reason"). */
const DASH = /\s[—–-]\s/g;
/** Where a clause may start inside a sentence: before a conjunction. */
const CLAUSE_START = /\s(?=(?:and|or|but|und|oder|aber|sondern)\s)/gi;

const lastIndex = (s: string, re: RegExp): number => {
  let end = -1;
  for (const m of s.matchAll(re)) end = m.index;
  return end;
};

/** `s` in at most `max` characters (an ellipsis "…" marks a cut). */
export function shorten(s: string, max: number): string {
  if (s.length <= max) return s;
  const room = max - 1;
  let head = s.slice(0, room);
  const clause = lastIndex(head, CLAUSE_END);
  if (clause >= room / 2) head = head.slice(0, clause);
  else if (!/\s/.test(s[room] ?? ' ')) {
    // Back to the last word boundary (unless the text has no room for a whole word).
    const space = head.search(/\s\S*$/);
    if (space > 0) head = head.slice(0, space);
  }
  // The rest of the clause the cut falls in: if it holds a negation, the whole clause goes.
  const dropped = s.slice(head.length).split(/[.;:,!?()]/)[0]!;
  if (dropped.split(/\s+/).some((w) => NEGATION.test(w.replace(/[^\p{L}']/gu, '')))) {
    const end = Math.max(lastIndex(head, CLAUSE_END), lastIndex(head, DASH), lastIndex(head, CLAUSE_START));
    if (end > 0) head = head.slice(0, end);
  }
  // A bracket opened and not closed goes with what it holds.
  const open = head.lastIndexOf('(');
  if (open > head.lastIndexOf(')') && open > 0) head = head.slice(0, open);
  return head.replace(/[\s.,;:!?—–-]+$/u, '') + '…';
}
