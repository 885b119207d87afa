/** Pure builders from game data to Discord messages: lobby, panel, table, result. */
import { escapeMarkdown } from 'discord.js';
import type { Formatter } from '../engine/i18n.js';
import type { Decision, Option, Outcome, SetChoice } from '../engine/types.js';
import type { GameModule } from '../games/types.js';
import type { GameRow, PlayerRow } from '../store/repo.js';
import { DEADLINE_CHOICES } from '../service/lobby.js';
import { makeId } from './ids.js';
import type { OutMessage } from './platform.js';
import { shorten } from './shorten.js';

const BUTTON = 2, SELECT = 3, ROW = 1;
const STYLE = { primary: 1, secondary: 2, success: 3, danger: 4 } as const;
export const MAX_ROWS = 5, MAX_BUTTONS_PER_ROW = 5, MAX_MENU_OPTIONS = 25, MAX_CONTENT = 2000;

export { discordTranslator, translator } from './translator.js';

/** A text within `n` characters, shortened at a word boundary with its meaning kept (`shorten`). */
export const clip = (s: string, n: number): string => shorten(s, n);

/**
 * A player's name as text in a message: Markdown escaped, mentions (`<@…>`, `<#…>`, `@everyone`) broken so they
 * show as typed and never render as a mention, at most 32 characters (Discord's longest display name).
 */
export function safeName(name: string): string {
  return escapeMarkdown(clip(name, 32), { maskedLink: true, heading: true, bulletedList: true, numberedList: true }).replace(/@(everyone|here)/g, '@\u200b$1').replace(/<(?=[@#:]|a:|t:)/g, '<\u200b');
}

export function button(customId: string, label: string, style: keyof typeof STYLE = 'secondary', disabled = false): object {
  return { type: BUTTON, custom_id: customId, label: clip(label, 80), style: STYLE[style], disabled };
}

export function row(...components: object[]): object {
  return { type: ROW, components };
}

function menu(customId: string, placeholder: string, options: { label: string; value: string; description?: string }[], values = { min: 1, max: 1 }): object {
  return {
    type: SELECT,
    custom_id: customId,
    placeholder: clip(placeholder, 150),
    min_values: values.min,
    max_values: values.max,
    options: options.map((o) => ({ label: clip(o.label, 100), value: o.value, ...(o.description ? { description: clip(o.description, 100) } : {}) })),
  };
}

/** Fits lines into Discord's content limit by dropping the oldest (first) lines, marked with an ellipsis. */
export function fitContent(lines: string[], limit = MAX_CONTENT): string {
  const text = lines.join('\n');
  if (text.length <= limit) return text;
  const out = [...lines];
  while (out.length > 1 && ['…', ...out].join('\n').length > limit) out.shift();
  return clip(['…', ...out].join('\n'), limit);
}

// ---- lobby ----------------------------------------------------------------------------------------


function visibleLobbyOptions(module: GameModule, players: number) {
  const e = module.engine;
  return e.lobbyOptions.filter((o) => !o.players || o.players.includes(Math.max(players, e.minPlayers)));
}

function optionMenu(gameId: number, o: GameModule['engine']['lobbyOptions'][number], current: string | undefined, t: Formatter): object {
  return menu(makeId('L', gameId, 0, `opt.${o.id}`), t(o.label), o.choices.map((c) => ({ label: t(c.label), value: c.value, ...(current === c.value ? { description: '✓' } : {}) })));
}

/**
 * The lobby card: who has joined, the options, and the host's controls (2 game options inline, the rest paged).
 * Once the game runs it says so and links the game's place; once it ends, how it ended.
 */
/**
 * The lobby's card. `after.paces`: each player's pace beside their name (their median turn over 30 days, `pace.ts`),
 * so a table sees how fast the people it would play with move.
 */
export function lobbyMessage(row_: GameRow, players: PlayerRow[], module: GameModule, t: Formatter, after: { link?: string; result?: string; paces?: string[] } = {}): OutMessage {
  const e = module.engine;
  const options = JSON.parse(row_.options) as Record<string, string>;
  const host = safeName(players.find((p) => p.user_id === row_.host_id)?.name ?? '?');
  const open = row_.status === 'lobby';
  const lines = players.map((p, i) => `${i + 1}. ${safeName(p.name)}${open && after.paces?.[i] ? ` · ${after.paces[i]}` : ''}`);
  const visible = visibleLobbyOptions(module, players.length);
  const deadline = row_.deadline_hours ? t({ key: 'lobby.deadline_h', args: { h: row_.deadline_hours } }) : t({ key: 'lobby.no_deadline' });
  const embed = {
    title: t({ key: `lobby.title${open ? '' : `_${row_.status}`}`, args: { game: e.name } }),
    description: open ? t({ key: 'lobby.hint' })
      : row_.status === 'running' && after.link ? t({ key: 'lobby.played_in', args: { link: after.link } })
      : after.result,
    color: 0xd9822b,
    fields: [
      { name: t({ key: 'lobby.host', args: { host } }), value: `${t({ key: 'lobby.deadline' })}: **${deadline}**` },
      { name: t({ key: 'lobby.players', args: { n: players.length, max: e.maxPlayers, min: e.minPlayers } }), value: lines.join('\n') || t({ key: 'lobby.nobody' }) },
      ...(visible.length
        ? [{ name: t({ key: 'lobby.options' }), value: visible.map((o) => `${t(o.label)}: **${t(o.choices.find((c) => c.value === options[o.id])?.label ?? o.choices[0]!.label)}**`).join('\n') }]
        : []),
    ],
  };
  if (!open) return { embeds: [embed], components: [] };
  const id = (arg: string) => makeId('L', row_.id, 0, arg);
  const inline = visible.length <= 2 ? visible : [];
  const controls = [
    button(id('join'), t({ key: 'lobby.join' }), 'success'),
    button(id('leave'), t({ key: 'lobby.leave' })),
    button(id('start'), t({ key: 'lobby.start' }), 'primary', players.length < e.minPlayers),
    button(id('cancel'), t({ key: 'lobby.cancel' }), 'danger'),
  ];
  if (visible.length > inline.length) controls.push(button(id('options.0'), t({ key: 'lobby.more_options' })));
  const components: object[] = [
    row(...controls),
    // One menu adds and removes computer players (a second menu would not fit Discord's five rows).
    row(menu(id('addai'), t({ key: 'lobby.addai_menu' }), [
      { label: t({ key: 'ai.strong' }), value: 'strong' },
      { label: t({ key: 'ai.random' }), value: 'random' },
      ...players.filter((p) => p.kind === 'ai').map((p) => ({ label: t({ key: 'lobby.remove_ai', args: { name: p.name } }), value: `remove.${p.user_id}` })),
    ])),
    row(menu(id('deadline'), t({ key: 'lobby.deadline' }), DEADLINE_CHOICES.map((h) => ({
      label: h ? t({ key: 'lobby.deadline_h', args: { h } }) : t({ key: 'lobby.no_deadline' }),
      value: String(h),
      ...((row_.deadline_hours ?? 0) === h ? { description: '✓' } : {}),
    })))),
    ...inline.map((o) => row(optionMenu(row_.id, o, options[o.id], t))),
  ];
  return { embeds: [embed], components };
}

/** The host's page of game options when they do not fit on the lobby message (5 menus a page). */
export function lobbyOptionsPage(row_: GameRow, players: number, module: GameModule, t: Formatter, page: number): OutMessage {
  const options = JSON.parse(row_.options) as Record<string, string>;
  const visible = visibleLobbyOptions(module, players);
  const perPage = 4;
  const pages = Math.max(1, Math.ceil(visible.length / perPage));
  const p = Math.min(Math.max(0, page), pages - 1);
  const rows = visible.slice(p * perPage, p * perPage + perPage).map((o) => row(optionMenu(row_.id, o, options[o.id], t)));
  if (pages > 1) rows.push(row(button(makeId('L', row_.id, 0, `options.${(p + 1) % pages}`), t({ key: 'panel.page', args: { page: p + 1, pages } }))));
  return { content: t({ key: 'lobby.options_page' }), components: rows };
}

// ---- panel ----------------------------------------------------------------------------------------

interface MenuSpec { key: string; options: Option[]; part: number; parts: number; values?: { min: number; max: number } }

const chunk = <T>(xs: T[], n: number): T[][] => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

/**
 * A group's options as menus of at most 25 (Discord's limit); a long group becomes several, numbered "(1/3)", "(2/3)", …
 * A set group (`Decision.sets`) becomes multi-select menus: one choice takes `min`..`max` of its items (a set longer
 * than one menu is chosen within one of its menus).
 */
function groupMenus(key: string, opts: Option[], set?: SetChoice): MenuSpec[] {
  const parts = chunk(opts, MAX_MENU_OPTIONS);
  return parts.map((options, i) => ({
    key, options, part: i + 1, parts: parts.length,
    ...(set && options.length >= set.min ? { values: { min: set.min, max: Math.min(set.max, options.length) } } : {}),
  }));
}

/**
 * Options that read the same (one group, label and detail) shown once: a player cannot tell them apart, as with two
 * copies of one card in a hand. Each stays legal; the panel offers the first.
 */
function distinct(options: Option[]): Option[] {
  const seen = new Set<string>();
  return options.filter((o) => {
    if (o.role) return true;
    const k = JSON.stringify([o.group ?? '', o.label, o.detail ?? null, o.style ?? null]);
    return seen.has(k) ? false : (seen.add(k), true);
  });
}

/** Where a decision's options go: menus (paged when they do not fit) and rows of buttons. */
function layout(d0: Decision) {
  const d = { ...d0, options: distinct(d0.options) };
  const controls = d.options.filter((o) => o.role);
  const plain = d.options.filter((o) => !o.role && !o.group);
  const groups = new Map<string, Option[]>();
  for (const o of d.options) if (!o.role && o.group) groups.set(o.group, [...(groups.get(o.group) ?? []), o]);
  const menus: MenuSpec[] = [];
  for (const [key, opts] of groups) menus.push(...groupMenus(key, opts, d.sets?.find((x) => x.group === key)));
  const buttonRows = chunk(plain, MAX_BUTTONS_PER_ROW);
  const controlRows = chunk(controls, MAX_BUTTONS_PER_ROW);
  if (menus.length + buttonRows.length + controlRows.length <= MAX_ROWS) return { paged: false as const, menus, buttonRows, controlRows };
  // Overflow: every non-control choice in menus, paged; the controls stay buttons in the last row (up to 4 beside the
  // page button, any further ones join the menus).
  const buttons = controls.slice(0, MAX_BUTTONS_PER_ROW - 1);
  const all: MenuSpec[] = [...menus, ...groupMenus('_choose', [...plain, ...controls.slice(buttons.length)])];
  const perPage = MAX_ROWS - 1 - Math.min(buttons.length, 1);
  return { paged: true as const, all, buttons, perPage, pages: Math.ceil(all.length / perPage) };
}

/** The page of the panel (0 = the one shown first) on which an option can be chosen; the page button turns pages. */
export function optionPage(d: Decision, optionId: string): number {
  const l = layout(d);
  if (!l.paged) return 0;
  if (l.buttons.some((o) => o.id === optionId)) return 0;
  const i = l.all.findIndex((m) => m.options.some((o) => o.id === optionId));
  return i < 0 ? 0 : Math.floor(i / l.perPage);
}

/**
 * What the seat cannot choose now (`Decision.unavailable`), as greyed-out buttons: "<label> — <reason>", disabled,
 * each with a custom_id of its own (kind X, which the router refuses politely should a client ever send it).
 */
function unavailableButtons(d: Decision, gameId: number, version: number, t: Formatter): object[] {
  return (d.unavailable ?? []).map((u, i) => button(makeId('X', gameId, version, `na.${i}`), `${t(u.label)} — ${t(u.reason)}`, 'secondary', true));
}

/** The unavailable choices as lines of text, for a panel with no room left for their buttons. */
export function unavailableLines(d: Decision, t: Formatter): string[] {
  const list = d.unavailable ?? [];
  return list.length ? [t({ key: 'panel.unavailable' }), ...list.map((u) => `· ~~${t(u.label)}~~ — ${t(u.reason)}`)] : [];
}

/**
 * Lays a decision out as Discord components: grouped options become select menus (25 a menu; engines group options
 * by meaning and never by Discord's limits, so a group of any size is split here), a few ungrouped options become
 * buttons, control options (finish / back / pass) a last row of buttons.
 * If it does not fit into 5 rows, every choice goes into menus, 4 a page (3 beside the controls), with a page button.
 * What the seat cannot choose now (`Decision.unavailable`) is shown as disabled buttons above the controls when
 * their rows fit; otherwise `unavailableAsText` is true and the panel lists them in its text (`unavailableLines`).
 */
export function panelComponents(d: Decision, gameId: number, version: number, t: Formatter, page = 0): { components: object[]; pages: number; unavailableAsText: boolean } {
  const toButton = (o: Option) => button(makeId('C', gameId, version, o.id), t(o.label), o.style ?? (o.role === 'finish' ? 'success' : o.role === 'pass' ? 'danger' : 'secondary'));
  const toMenu = (m: MenuSpec, index: number) => {
    const title = m.key.startsWith('_') ? t({ key: 'panel.menu_placeholder' }) : t({ key: m.key });
    return menu(makeId('M', gameId, version, String(index)), m.parts > 1 ? `${title} (${m.part}/${m.parts})` : title,
      m.options.map((o) => ({ label: t(o.label), value: o.id, ...(o.detail ? { description: t(o.detail) } : {}) })), m.values);
  };
  const l = layout(d);
  const greyed = chunk(unavailableButtons(d, gameId, version, t), MAX_BUTTONS_PER_ROW);
  if (!l.paged) {
    const fits = l.menus.length + l.buttonRows.length + greyed.length + l.controlRows.length <= MAX_ROWS;
    return {
      components: [
        ...l.menus.map((m, i) => row(toMenu(m, i))), ...l.buttonRows.map((r) => row(...r.map(toButton))),
        ...(fits ? greyed.map((r) => row(...r)) : []), ...l.controlRows.map((r) => row(...r.map(toButton))),
      ],
      pages: 1,
      unavailableAsText: !fits,
    };
  }
  const { all, buttons, perPage, pages } = l;
  const p = Math.min(Math.max(page, 0), pages - 1);
  const shown = all.slice(p * perPage, p * perPage + perPage).map((m, i) => row(toMenu(m, p * perPage + i)));
  const lastRow = buttons.map(toButton);
  if (pages > 1) lastRow.push(button(makeId('T', gameId, version, `page.${(p + 1) % pages}`), t({ key: 'panel.page', args: { page: p + 1, pages } })));
  return { components: [...shown, ...(lastRow.length ? [row(...lastRow)] : [])], pages, unavailableAsText: greyed.length > 0 };
}

/** Finds the option a menu choice refers to (menus are numbered as `panelComponents` numbered them). */
export function optionFromMenu(d: Decision, value: string): Option | undefined {
  return d.options.find((o) => o.id === value);
}

// ---- table and result -----------------------------------------------------------------------------

export function tableButtons(gameId: number, version: number, t: Formatter, running: boolean): object[] {
  const id = (a: string) => makeId('T', gameId, version, a);
  return running
    ? [row(button(id('turn'), t({ key: 'table.turn' }), 'primary'), button(id('hand'), t({ key: 'table.hand' })), button(id('full'), t({ key: 'table.full' })), button(id('log'), t({ key: 'table.log' })))]
    : [row(button(id('full'), t({ key: 'table.full' })), button(id('log'), t({ key: 'table.log' })))];
}

/** Who won ("Winner: Ann", "Shared victory: …", "Nobody won."). */
export function winnerLine(outcome: Outcome, names: string[], t: Formatter): string {
  const winners = outcome.winners.map((s) => names[s] ?? '?');
  if (winners.length === 0) return t({ key: 'result.nobody' });
  return t({ key: winners.length > 1 ? 'result.shared' : 'result.winners', args: { names: winners.join(', ') } });
}

export function resultLines(outcome: Outcome, names: string[], t: Formatter): string[] {
  const lines = [`**${t({ key: 'result.title' })}**`];
  for (const r of [...outcome.ranking].sort((a, b) => a.place - b.place)) {
    lines.push(t({ key: 'result.line', args: { place: r.place, name: names[r.seat] ?? '?', score: r.score } }));
  }
  lines.push(winnerLine(outcome, names, t));
  if (outcome.tieBreak) lines.push(t({ key: 'result.tiebreak', args: { how: outcome.tieBreak } }));
  for (const s of outcome.summary ?? []) lines.push(t(s));
  return lines;
}
