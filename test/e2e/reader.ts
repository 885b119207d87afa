/**
 * People who play at a reader's pace: after every click they wait until the bot has finished answering and posting
 * (its job runner is idle), as a person reading the thread would, and only then act again. Only at this pace do the
 * posts a step inside one's own turn would cause show up (at machine speed a newer table job replaces a waiting one),
 * so the quiet-table tests and the noise benchmark (`npm run bench -- --noise`) play this way.
 */
import type { SimUser } from '../../src/standin/index.js';
import { components, latestTable, rand, settled, textOf, type World } from './world.js';

type Obj = Record<string, any>;

/** Waits until the bot has carried out every job (posts, edits, DMs, computer moves). */
export async function idle(w: World): Promise<void> {
  await w.bot!.bot.settle();
}

/** The table posts of the thread (every message with the table picture), oldest first. */
export function tablePosts(w: World, thread: string): Obj[] {
  return w.standIn.messagesIn(thread).filter((m) => (m.attachments ?? []).some((a: Obj) => a.filename === 'table.png'));
}

/** How many times `userId` was pinged in the thread (mentions Discord notified, as the stand-in records them). */
export function pings(w: World, thread: string, userId: string): number {
  return w.standIn.messagesIn(thread).filter((m) => ((m.mentions ?? []) as Obj[]).some((u) => u.id === userId)).length;
}

/** The DMs the bot sent `userId` (new messages; edits of one are not counted). */
export function dms(w: World, userId: string): Obj[] {
  return w.standIn.dmsOf(userId).filter((m) => m.author?.id !== userId);
}

/** The live choice components (C and M) of a panel. */
export function choicesOf(panel: Obj | undefined): Obj[] {
  return components(panel).filter((c) => typeof c.custom_id === 'string' && /^[CMS]\|/.test(c.custom_id));
}

/** One step of a panel: a random forward choice (a button, or an entry of a menu; "Back" only when nothing else). */
export async function step(w: World, who: SimUser, panel: Obj, pick: (n: number) => number = rand): Promise<Obj> {
  const live = choicesOf(panel);
  const picks: { c: Obj; value: string | null }[] = live.flatMap((c): { c: Obj; value: string | null }[] => (c.type === 3 ? (c.options as Obj[]).map((o) => ({ c, value: o.value as string })) : [{ c, value: null }]));
  const forward = picks.filter((p) => !(p.c.type === 2 && /^(Back|Zurück)$/.test(p.c.label)));
  const pool = forward.length ? forward : picks;
  const { c, value } = pool[pick(pool.length)]!;
  return settled(w, value !== null ? await who.select(panel.id, c.custom_id, [value]) : await who.click(panel.id, c.custom_id));
}

/** Whether a panel answer says the turn is over ("Done") or offers nothing more to choose. */
export function finished(panel: Obj | undefined): boolean {
  return !panel || choicesOf(panel).length === 0 || /^(Done\. The table|Erledigt\. Der Tisch)/.test(String(panel.content));
}

/**
 * The person a turn is handed to, as the newest table says (the users it pinged when it was posted, or names in
 * its text once it was redrawn in place), among `users`.
 */
export function owing(w: World, thread: string, users: SimUser[]): { table: Obj; who: SimUser | undefined } {
  const table = latestTable(w, thread)!;
  const ids = [...textOf(table).matchAll(/<@(\d+)>/g)].map((x) => x[1]!);
  return { table, who: users.find((u) => ids.includes(u.id)) };
}
