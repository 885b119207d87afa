/**
 * Every message of every catalogue, in both languages: it exists in both, it parses as ICU MessageFormat, and
 * formatted with sample arguments (every plural with 1 and 2, every select with each of its cases) it leaves no
 * placeholder, no "(s)"/"(n)"-style plural, no "Axt/Äxte"-style pair, and balanced markup and brackets.
 * Then the texts players reported, formatted through the real translator.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { translator } from '../../src/bot/translator.js';
import { botMessages } from '../../src/bot/messages.js';
import { commonMessages } from '../../src/engine/common-messages.js';
import type { Locale } from '../../src/engine/i18n.js';
import { playRandom } from '../../src/engine/selfplay.js';
import type { Catalog, Msg, MsgArg } from '../../src/engine/types.js';
import { allGames, getGame } from '../../src/games/all.js';

const catalogs: [string, { en: Catalog; de: Catalog }][] = [
  ['common', commonMessages],
  ['bot', botMessages],
  ...allGames().map((m): [string, { en: Catalog; de: Catalog }] => [m.engine.id, m.engine.messages]),
];
const LOCALES: Locale[] = ['en', 'de'];

// The parser's element types (@formatjs/icu-messageformat-parser TYPE).
const ARGUMENT = 1, NUMBER = 2, SELECT = 5, PLURAL = 6, TAG = 8;
interface El { type: number; value?: string; options?: Record<string, { value: El[] }>; children?: El[] }

/** The argument names of a template: plain ones, and the cases to try for each plural and select. */
function argsOf(els: El[], plain = new Set<string>(), cases = new Map<string, (string | number)[]>()) {
  for (const el of els) {
    if (el.type === ARGUMENT || el.type === NUMBER) plain.add(el.value!);
    if (el.type === PLURAL) cases.set(el.value!, [1, 2, 0]);
    if (el.type === SELECT) cases.set(el.value!, Object.keys(el.options!).filter((k) => k !== 'other').concat('zzz'));
    for (const o of Object.values(el.options ?? {})) argsOf(o.value, plain, cases);
    if (el.type === TAG) argsOf(el.children ?? [], plain, cases);
  }
  return { plain, cases };
}

/** Every way to fill a template's arguments: plain ones with a name, each case of one plural/select at a time. */
function samples(els: El[]): Record<string, string | number>[] {
  const { plain, cases } = argsOf(els);
  const base: Record<string, string | number> = {};
  for (const p of plain) base[p] = '7';
  for (const [name, vals] of cases) base[name] = vals[0]!;
  const out = [base];
  for (const [name, vals] of cases) for (const v of vals.slice(1)) out.push({ ...base, [name]: v });
  return out;
}

/** What must never show in a player-facing text. Returns the problems found. */
function problems(text: string, locale: Locale): string[] {
  const found: string[] = [];
  if (/[{}]/.test(text)) found.push('a leftover { or }');
  if (/(^|\s)#(\s|$)/.test(text)) found.push('a lone # (a plural\'s # outside its plural)');
  if (/\p{L}\((?:s|n|e|en|er|r|es)\)/u.test(text)) found.push('a "(s)"-style plural');
  // A code span is typed as it stands (a time zone's name, Europe/Berlin), not a word pair.
  if (/\p{L}\/-?\p{L}/u.test(text.replace(/\b(?:und\/oder|and\/or)\b/g, '').replace(/`[^`]*`/g, ''))) found.push('a "word/word" pair');
  for (const mark of ['**', '__', '`']) if (text.split(mark).length % 2 === 0) found.push(`unbalanced ${mark}`);
  const stack: string[] = [];
  // German quotes „…“, English “…”.
  const [open, close] = locale === 'de' ? ['„', '“'] : ['“', '”'];
  const pairs: Record<string, string> = { ')': '(', ']': '[', [close]: open };
  for (const ch of text) {
    if (ch === '(' || ch === '[' || ch === open) stack.push(ch);
    else if (ch in pairs && stack.pop() !== pairs[ch]) { found.push(`unbalanced ${ch}`); break; }
  }
  if (stack.length) found.push(`unclosed ${stack.join('')}`);
  return found;
}

describe('message catalogues', () => {
  for (const [name, cat] of catalogs) {
    describe(name, () => {
      it('GIVEN the English and the German catalogue THEN they have the same keys', () => {
        expect(Object.keys(cat.de).sort()).toEqual(Object.keys(cat.en).sort());
      });

      for (const locale of LOCALES) {
        it(`GIVEN every ${locale} message THEN it parses as ICU and formats cleanly with every plural and select case`, () => {
          const bad: string[] = [];
          for (const [key, template] of Object.entries(cat[locale])) {
            let mf: IntlMessageFormat;
            try {
              mf = new IntlMessageFormat(template, locale, undefined, { ignoreTag: true });
            } catch (e) {
              bad.push(`${key}: does not parse (${(e as Error).message})`);
              continue;
            }
            for (const args of samples(mf.getAst() as El[])) {
              const text = String(mf.format(args));
              for (const p of problems(text, locale)) bad.push(`${key} ${JSON.stringify(args)}: ${p} in "${text}"`);
            }
          }
          expect(bad).toEqual([]);
        });
      }
    });
  }
});

describe('messages of real games', () => {
  for (const m of allGames()) {
    it(`GIVEN a random ${m.engine.id} game THEN every log line, prompt and option formats cleanly in both languages`, () => {
      const msgs: Msg[] = [];
      const e = m.engine;
      playRandom(e, e.maxPlayers, {}, 'i18n-check', {
        maxSteps: 600,
        onStep: ({ after, events }) => {
          for (const ev of events) msgs.push(ev.msg);
          for (const d of e.decisions(after)) {
            msgs.push(d.prompt);
            for (const o of d.options) msgs.push(o.label, ...(o.detail ? [o.detail] : []));
          }
        },
      });
      expect(msgs.length).toBeGreaterThan(100);
      const bad = new Set<string>();
      for (const locale of LOCALES) {
        const fmt = translator(locale, m, ['Ada', 'Bo', 'Cy', 'Di', 'Ed']);
        for (const x of msgs) {
          const text = fmt(x);
          if (/\[[\w.]+\]/.test(text)) bad.add(`${locale} ${x.key}: a missing key in "${text}"`);
          for (const p of problems(text, locale)) bad.add(`${locale} ${x.key}: ${p} in "${text}"`);
        }
      }
      expect([...bad]).toEqual([]);
    });
  }
});

describe('the texts players reported', () => {
  const m = (key: string, args?: Record<string, MsgArg>): Msg => ({ key, ...(args ? { args } : {}) });
  const seat = (s: number) => ({ seat: s });
  const say = (game: string | undefined, locale: Locale, msg: Msg): string =>
    translator(locale, game ? getGame(game) : undefined, ['Ada', 'Bo', 'Cy'])(msg);

  it('GIVEN an axe in Mammut THEN English says "an axe" and German "eine Axt"', () => {
    const axe = m('mammut.face.axe');
    // The engine passes the face id beside the tile, so the article can agree with it.
    expect(say('mammut', 'en', m('mammut.opt.addOne', { tile: axe, face: 'axe', n: 2 }))).toBe('Add an axe (2 left)');
    expect(say('mammut', 'en', m('mammut.opt.addOne', { tile: m('mammut.face.fur'), face: 'fur', n: 1 }))).toBe('Add a fur (1 left)');
    expect(say('mammut', 'de', m('mammut.opt.takeOne', { tile: axe, face: 'axe', n: 3 }))).toBe('Nur eine Axt (3 vorhanden)');
    expect(say('mammut', 'de', m('mammut.opt.takeOne', { tile: m('mammut.face.tusk'), face: 'tusk', n: 1 }))).toBe('Nur ein Stoßzahn (1 vorhanden)');
    expect(say('mammut', 'de', m('mammut.ev.axeDraw', { seat: seat(0), axes: 3, n: 1 }))).toBe('Ada hat 3 Äxte und zieht 1 Karte.');
    expect(say('mammut', 'de', m('mammut.ev.axeDraw', { seat: seat(0), axes: 1, n: 2 }))).toBe('Ada hat 1 Axt und zieht 2 Karten.');
    expect(say('mammut', 'en', m('mammut.ev.axeDraw', { seat: seat(0), axes: 1, n: 2 }))).toBe('Ada has 1 axe and draws 2 cards.');
  });

  it('GIVEN tile counts in Mammut THEN "1 tile" and "3 tiles"', () => {
    const loc = m('mammut.loc.share', { seat: seat(1) });
    expect(say('mammut', 'en', m('mammut.opt.rob', { loc, n: 1 }))).toBe("Take Bo's share (1 tile)");
    expect(say('mammut', 'en', m('mammut.opt.rob', { loc, n: 3 }))).toBe("Take Bo's share (3 tiles)");
    expect(say('mammut', 'de', m('mammut.prompt.rob', { loc, keep: 'Fell' }))).toMatch(/^Du nimmst den Anteil von Bo: Fell\./);
  });

  it('GIVEN a whole game of Mammut THEN only the last round ends without naming who starts the next one', () => {
    const g = getGame('mammut')!;
    const ends: { round: number; key: string }[] = [];
    playRandom(g.engine, 3, {}, 'last-round', {
      onStep: ({ before, events }) => {
        for (const e of events) if (e.msg.key.startsWith('mammut.ev.phaseEnd')) ends.push({ round: (before as { round: number }).round, key: e.msg.key });
      },
    });
    expect(ends.filter((e) => e.key === 'mammut.ev.phaseEndLast').map((e) => e.round)).toEqual([5]);
    expect(ends.filter((e) => e.key === 'mammut.ev.phaseEnd').every((e) => e.round < 5)).toBe(true);
  });

  it('GIVEN the last round of Mammut THEN the taker of the rest does not "start the next round"', () => {
    const g = getGame('mammut')!;
    const en = translator('en', g, ['Ada'])(m('mammut.ev.phaseEndLast', { seat: seat(0) }));
    expect(en).toBe('Ada took the rest of the middle: the sharing ends.');
    expect(en).not.toMatch(/next round/);
  });

  it('GIVEN one game or one hunter THEN the noun is singular', () => {
    expect(say(undefined, 'en', m('leaderboard.line', { place: 1, name: 'Ada', rating: 1500, games: 1 }))).toBe('1. Ada — 1500 (1 game)');
    expect(say(undefined, 'de', m('leaderboard.line', { place: 1, name: 'Ada', rating: 1500, games: 1 }))).toBe('1. Ada — 1500 (1 Partie)');
    expect(say(undefined, 'en', m('digest.title', { n: 1 }))).toBe('Campfire: 1 game is waiting for you');
    expect(say(undefined, 'de', m('digest.title', { n: 2 }))).toBe('Campfire: 2 Spiele warten auf dich');
    const conflict = { r: 'A', limit: 4, m: 1, fire: 0, count: 1, lost: 'nobody', left: 1 };
    expect(say('eiszeit', 'en', m('eiszeit.ev.conflict', conflict))).toContain('1 hunter —');
    expect(say('eiszeit', 'de', m('eiszeit.ev.conflict', { ...conflict, count: 2 }))).toContain('2 Jäger —');
  });

  it('GIVEN one woman in Tal THEN German says "1 Frau", English "1 woman"', () => {
    expect(say('tal', 'de', m('tal.opt.women', { n: 1 }))).toBe('1 Frau');
    expect(say('tal', 'de', m('tal.opt.women', { n: 2 }))).toBe('2 Frauen');
    expect(say('tal', 'en', m('tal.opt.women', { n: 1 }))).toBe('1 woman');
    expect(say('tal', 'en', m('tal.opt.warriors', { n: 1 }))).toBe('1 warrior');
  });

  it('GIVEN an income of card draws in Endless Winter THEN "You receive 2 cards …", never "receive draw 2 card(s)"', () => {
    const gain = (atoms: Msg[]) => m('q.bundle', { gain: m('list', { items: atoms }) });
    expect(say('endless-winter', 'en', gain([m('atom.draw', { n: 2 })]))).toBe('You receive 2 cards from the draw pile. Take it, or a lower income for part of it?');
    expect(say('endless-winter', 'de', gain([m('atom.draw', { n: 1 }), m('atom.stone', { n: 1 })]))).toMatch(/^Du erhältst 1 Karte vom Nachzieh\u00ad?stapel, 1 Heiligen Stein\. /); // a soft hyphen (invisible) lets the picture break the word
    expect(say('endless-winter', 'de', m('atom.stone', { n: 3 }))).toBe('3 Heilige Steine');
  });

  it('GIVEN a figure in Endless Winter THEN the German article agrees with it ("mit deinem Häuptling")', () => {
    const col = m('col.initiate');
    expect(say('endless-winter', 'de', m('opt.place', { col, fig: m('fig.c'), kind: 'c' }))).toBe('Einweihen mit deinem Häuptling');
    expect(say('endless-winter', 'de', m('opt.place', { col, fig: m('fig.t'), kind: 't' }))).toBe('Einweihen mit deiner Stammesfigur');
  });

  it('GIVEN counted animals in Tal THEN the species takes its plural and the verb agrees', () => {
    const wolves = (n: number) => m('tal.count.animals', { n, sp: 'wolf' });
    expect(say('tal', 'en', m('tal.log.animalMoves', { n: 1, animals: wolves(1), from: 3, to: 4 }))).toBe('1 wolf moves from #3 to #4.');
    expect(say('tal', 'en', m('tal.log.animalMoves', { n: 2, animals: wolves(2), from: 3, to: 4 }))).toBe('2 wolves move from #3 to #4.');
    expect(say('tal', 'de', m('tal.log.animalMoves', { n: 2, animals: wolves(2), from: 3, to: 4 }))).toBe('2 Wölfe ziehen von #3 nach #4.');
    expect(say('tal', 'de', m('tal.count.animals', { n: 2, sp: 'bison' }))).toBe('2 Bisons');
  });

  it('GIVEN a decision taken back THEN the log names no internal step number', () => {
    expect(say(undefined, 'en', m('log.undo', { name: 'Ada', version: 49 }))).toBe('Ada took back the last decision.');
    expect(say(undefined, 'de', m('log.undo', { name: 'Ada', version: 49 }))).not.toMatch(/49/);
  });
});
