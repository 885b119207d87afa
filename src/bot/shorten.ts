/**
 * Shortening a text to one of Discord's limits (a button's 80 characters, a menu option's 100, a name's 32) so that
 * it still says what it said: cut at a word boundary, never inside a word, and never so that a negation falls off
 * the end of its clause ("animal tiles may not." must not become "animal tiles may no…", nor "animal tiles may…").
 */

/** Words that turn a clause into its opposite, in English and German. */
const NEGATION = /^(?:not|no|never|nor|none|nothing|nobody|cannot|can't|don't|doesn't|isn't|aren't|won't|mustn't|without|nicht|kein|keine|keinen|keinem|keiner|keines|nie|niemals|nichts|niemand|ohne|weder)$/i;

/** Where a clause ends: punctuation that separates clauses, and a dash between spaces. */
const CLAUSE_END = /[.;:,!?()]|\s[—–-]\s/;

/** `s` in at most `max` characters (an ellipsis "…" marks a cut). */
export function shorten(s: string, max: number): string {
  if (s.length <= max) return s;
  const room = max - 1;
  let head = s.slice(0, room);
  // Back to the last word boundary, unless the cut already falls on one (or the text has no room for a whole word).
  if (!/\s/.test(s[room] ?? ' ')) {
    const space = head.search(/\s\S*$/);
    if (space > 0) head = head.slice(0, space);
  }
  // The rest of the clause the cut falls in: if it holds a negation, the whole clause goes.
  const dropped = s.slice(head.length).split(CLAUSE_END)[0]!;
  if (dropped.split(/\s+/).some((w) => NEGATION.test(w.replace(/[^\p{L}']/gu, '')))) {
    let end = -1;
    for (const m of head.matchAll(new RegExp(CLAUSE_END.source, 'g'))) end = m.index;
    if (end > 0) head = head.slice(0, end);
  }
  return head.replace(/[\s.,;:!?—–-]+$/u, '') + '…';
}
