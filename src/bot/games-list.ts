/**
 * One player's games as a message (`/campfire games` and the daily digest): which servers the player can
 * still reach is asked of Discord here, the rest is the service's list drawn as text.
 */
import type { Locale } from '../engine/i18n.js';
import type { MyGames } from '../service/mygames.js';
import { tr, type BotContext } from './context.js';
import type { OutMessage } from './platform.js';
import type { Formatter } from '../engine/i18n.js';
import { makeId } from './ids.js';
import { duration } from './pace.js';
import { button, clip, row, safeName } from './present.js';

/** Lines of what happened since one's last move the digest shows per game. */
export const DIGEST_RECAP_LINES = 2;

/** Lines per page of `/campfire games` (an embed's description holds 4096 characters). */
export const GAMES_PER_PAGE = 12;
const PAGE_CHARS = 3900;

/**
 * The servers of the user's games they are still a member of. Discord knows, the bot does not keep member lists:
 * each server is asked (GET /guilds/<id>/members/<user>); the server the user is writing from is known. Only a
 * definite "not a member" (or a server the bot has left) hides a server's games; an unanswered question does not.
 */
export async function reachableServers(c: BotContext, userId: string, here: string | null): Promise<string[]> {
  const out: string[] = [];
  for (const guildId of await c.cf.mygames.servers(userId)) {
    if (guildId === here || (await c.platform.memberOf?.(guildId, userId)) !== false) out.push(guildId);
  }
  return out;
}

const when = (ms: number) => `<t:${Math.floor(ms / 1000)}:R>`;

/** The lines of the list: headings and one line per game (only the first part for the digest). */
export async function gamesLines(c: BotContext, list: MyGames, locale: Locale, only?: 'waiting'): Promise<{ heading: boolean; text: string }[]> {
  const t = await tr(c, locale);
  const where = (x: { guildId: string | null; channelId: string; threadId: string | null }) => c.platform.link(x.guildId, x.threadId ?? x.channelId);
  // Every game's name and, for the waiting ones, its translator, looked up once before the lines are drawn.
  const names = new Map<number, string>();
  for (const x of [...list.waiting, ...list.others, ...list.lobbies, ...list.finished]) {
    if (names.has(x.gameId)) continue;
    const g = await c.cf.views.game(x.gameId);
    names.set(x.gameId, `**${g ? (await c.cf.views.module(g)).engine.name : x.game} #${x.gameId}**`);
  }
  const name = (id: number) => names.get(id)!;
  const prompts = new Map<number, string>();
  for (const w of list.waiting) prompts.set(w.gameId, clip((await tr(c, locale, (await c.cf.views.game(w.gameId))!))(w.prompt), 120));
  const out: { heading: boolean; text: string }[] = [];
  const section = (key: string, lines: string[]) => {
    if (!lines.length) return;
    out.push({ heading: true, text: `__${t({ key })}__` });
    for (const text of lines) out.push({ heading: false, text });
  };
  section('games.waiting', list.waiting.map((w) => {
    const prompt = prompts.get(w.gameId)!;
    const table = w.tableMessageId ? ` · [${t({ key: 'games.table' })}](${where(w)}/${w.tableMessageId})` : '';
    return t({ key: w.due !== null ? 'games.waiting_due' : 'games.waiting_line', args: { game: name(w.gameId), where: where(w), prompt, due: w.due !== null ? when(w.due) : '', table } });
  }));
  if (only === 'waiting') return out;
  const paces = new Map<number, string>();
  for (const x of [...list.waiting, ...list.others]) {
    const p = await c.cf.pace.ofGame(x.gameId);
    if (p.medianMs !== null) paces.set(x.gameId, ` · ⏱ ${t({ key: 'games.pace', args: { median: duration(p.medianMs, locale) } })}`);
  }
  section('games.others', list.others.map((o) => {
    const table = o.tableMessageId ? ` · [${t({ key: 'games.table' })}](${where(o)}/${o.tableMessageId})` : '';
    const args = { game: name(o.gameId), where: where(o), names: o.waitingOn.map(safeName).join(', '), due: o.due !== null ? when(o.due) : '', table };
    return t({ key: o.due !== null ? 'games.others_due' : 'games.others_line', args }) + (paces.get(o.gameId) ?? '');
  }));
  section('games.lobbies', list.lobbies.map((l) => t({ key: 'games.lobby_line', args: { game: name(l.gameId), where: where(l), n: l.players, host: safeName(l.host) } })));
  section('games.finished', list.finished.map((f) => t({
    key: f.won ? 'games.finished_won' : 'games.finished_line',
    args: { game: name(f.gameId), where: where(f), place: f.place, players: f.players, when: f.finishedAt ? when(f.finishedAt) : '' },
  })));
  return out;
}

/** Pages of at most GAMES_PER_PAGE games (and PAGE_CHARS characters); a heading repeats on the next page. */
export function paginate(lines: { heading: boolean; text: string }[]): string[][] {
  const pages: string[][] = [];
  let page: string[] = [], games = 0, chars = 0, heading = '';
  for (const l of lines) {
    if (l.heading) heading = l.text;
    if (!l.heading && (games >= GAMES_PER_PAGE || chars + l.text.length + 1 > PAGE_CHARS)) {
      pages.push(page);
      page = [heading];
      games = 0;
      chars = heading.length + 1;
    }
    page.push(l.text);
    chars += l.text.length + 1;
    if (!l.heading) games++;
  }
  if (page.length) pages.push(page);
  return pages;
}

/**
 * A button for each game on the first page that waits for the user: it opens their panel for that game right where
 * they are (the table's "My turn"; the choice is applied to the game and announced in its own thread).
 */
async function openButtons(c: BotContext, list: MyGames, t: Formatter): Promise<object[]> {
  const buttons: object[] = [];
  for (const w of list.waiting.slice(0, 10)) {
    const g = await c.cf.views.game(w.gameId);
    const game = `${g ? (await c.cf.views.module(g)).engine.name : w.game} #${w.gameId}`;
    buttons.push(button(makeId('T', w.gameId, 0, 'turn'), clip(t({ key: 'games.open', args: { game } }), 80), 'primary'));
  }
  const rows: object[] = [];
  for (let i = 0; i < buttons.length; i += 5) rows.push(row(...buttons.slice(i, i + 5)));
  return rows;
}

export async function gamesMessage(c: BotContext, list: MyGames, locale: Locale, page: number): Promise<OutMessage> {
  const t = await tr(c, locale);
  const pages = paginate(await gamesLines(c, list, locale));
  if (!pages.length) return { content: t({ key: 'games.none' }) };
  const p = Math.min(Math.max(page, 1), pages.length);
  return {
    components: p === 1 ? await openButtons(c, list, t) : [],
    embeds: [{
      title: t({ key: 'games.title' }),
      description: pages[p - 1]!.join('\n'),
      color: 0xd9822b,
      ...(pages.length > 1 ? { footer: { text: t({ key: 'games.page', args: { page: p, pages: pages.length } }) } } : {}),
    }],
  };
}

/** The daily digest: the games waiting for the user, one message (null: nothing waits). */
export async function digestMessage(c: BotContext, list: MyGames, locale: Locale): Promise<OutMessage | null> {
  if (!list.waiting.length) return null;
  const t = await tr(c, locale);
  const games = (await gamesLines(c, list, locale, 'waiting')).filter((l) => !l.heading).map((l) => l.text);
  // Under each game, what happened there since the player's own last move: the newest lines, the rest in its Log.
  const lines: string[] = [];
  for (const [i, w] of list.waiting.entries()) {
    const recap = await c.cf.views.recap(w.gameId, w.seat, DIGEST_RECAP_LINES);
    const tg = await tr(c, locale, (await c.cf.views.game(w.gameId))!);
    const since = recap.events.map((e) => `  · ${clip(tg(e.msg), 160)}`);
    if (recap.more > 0) since.push(`  ${tg({ key: 'panel.since_more', args: { n: recap.more } })}`);
    lines.push([games[i]!, ...since].join('\n'));
  }
  let description = '';
  for (const [i, l] of lines.entries()) {
    if (description.length + l.length + 1 > PAGE_CHARS) { description += `\n${t({ key: 'games.more', args: { n: lines.length - i } })}`; break; }
    description += (description ? '\n' : '') + l;
  }
  return { embeds: [{ title: t({ key: 'digest.title', args: { n: list.waiting.length } }), description, color: 0xd9822b }], components: await openButtons(c, list, t) };
}

/** Sends a user their daily digest, unless nothing they can reach waits for them. */
export async function sendDigest(c: BotContext, userId: string, nonce?: string): Promise<void> {
  const list = await c.cf.mygames.list(userId, await reachableServers(c, userId, null));
  const first = list.waiting[0] && await c.cf.views.game(list.waiting[0].gameId);
  const locale = await c.cf.views.userLocale(userId, first ? await c.cf.views.publicLocale(first) : 'en');
  const msg = await digestMessage(c, list, locale);
  if (!msg) return;
  // A closed DM is not recorded here: the note in a game's thread belongs to the game's own DMs.
  await c.platform.dm(userId, msg, { nonce });
}
