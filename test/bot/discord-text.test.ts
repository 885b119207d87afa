/**
 * The mechanics of text on its way to Discord: no invisible character in any label, content or embed; labels over
 * Discord's limits shortened at a word boundary with their meaning kept; numbers as the reader's language writes them;
 * command names as the reader's Discord shows them; a name argument filled only with a name.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandDefinitions } from '../../src/bot/commands.js';
import { botMessages } from '../../src/bot/messages.js';
import { abandonMessage } from '../../src/bot/polls.js';
import { discordTranslator, panelComponents, translator } from '../../src/bot/present.js';
import { shorten } from '../../src/bot/shorten.js';
import '../../src/bot/commands.js';
import { commandNames, INVISIBLE } from '../../src/bot/translator.js';
import { commonMessages } from '../../src/engine/common-messages.js';
import { formatNumber, type Locale } from '../../src/engine/i18n.js';
import { playRandom } from '../../src/engine/selfplay.js';
import type { Catalog } from '../../src/engine/types.js';
import { allGames, getGame } from '../../src/games/all.js';

const NAMES = ['Ada', 'Bruno', 'Chloe', 'Dieter', 'Eve', 'Finn'];
/** Invisible characters, the zero-width space that breaks a typed mention ("@\u200beveryone") allowed. */
const invisibleIn = (s: string): string[] => [...s.replace(/(?<=[@<])\u200b/g, '').matchAll(new RegExp(`${INVISIBLE.source}|\\u200b`, 'g'))].map((m) => `U+${m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);

describe('no invisible characters reach Discord', () => {
  for (const m of allGames()) {
    it(`GIVEN a random ${m.engine.id} game in German and English THEN no panel (labels, menus, greyed-out choices), prompt, log line or status holds a soft hyphen or another invisible character`, () => {
      const e = m.engine;
      const bad = new Set<string>();
      let softInPictures = 0;
      const ts = (['de', 'en'] as Locale[]).map((l) => [discordTranslator(l, m, NAMES), translator(l, m, NAMES)] as const);
      playRandom(e, e.maxPlayers, {}, 'invisible', {
        maxSteps: 400,
        onStep: ({ after, events }) => {
          for (const [t, raw] of ts) {
            const texts = events.map((ev) => t(ev.msg));
            for (const d of e.decisions(after)) {
              texts.push(t(d.prompt), JSON.stringify(panelComponents(d, 1, 1, t, 0).components));
              softInPictures += d.options.filter((o) => raw(o.label).includes('\u00ad')).length;
            }
            texts.push(m.ui.status(e.view(after, null), { t, names: NAMES }));
            for (const s of texts) for (const c of invisibleIn(s)) bad.add(`${t.locale} ${c} in ${JSON.stringify(s.slice(0, 120))}`);
          }
        },
      });
      expect([...bad].slice(0, 10)).toEqual([]);
      // The pictures keep their soft hyphens (where the catalogue has them): the Discord side takes them out.
      if (m.engine.id === 'endless-winter') expect(softInPictures).toBeGreaterThan(0);
    });
  }

  it('GIVEN every rules summary THEN it holds no invisible character', () => {
    for (const m of allGames()) for (const lang of ['en', 'de'] as const) for (const [part, text] of Object.entries(m.ui.rules[lang])) expect(invisibleIn(text), `${m.engine.id} ${lang} ${part}`).toEqual([]);
  });

  it('GIVEN a name that tries to mention everyone THEN its zero-width space stays, so it never pings', () => {
    const t = discordTranslator('en', undefined, ['@\u200beveryone']);
    expect(t({ key: 'cmd.abandoned', args: { name: '@\u200beveryone' } })).toContain('@\u200beveryone');
  });
});

describe('labels over Discord\'s limits', () => {
  const FLIP = 'Turn over: Turn one or two tiles, in the middle or in any share. The shaman may be turned; animal tiles may not.';

  it.each([
    // [text, limit, what it must become]
    [FLIP, 100, 'Turn over: Turn one or two tiles, in the middle or in any share. The shaman may be turned…'],
    [FLIP, 80, 'Turn over: Turn one or two tiles, in the middle or in any share…'],
    ['Rest: chief, an idol step instead of the card: Offering track (now 0)', 40, 'Rest: chief, an idol step instead of…'],
    ['Der Schamane darf umgedreht werden, Tierplättchen dürfen nicht umgedreht werden.', 60, 'Der Schamane darf umgedreht werden…'],
    ['You may keep the club or you may not keep it', 30, 'You may keep the club…'],
    ['Ganz kurz', 20, 'Ganz kurz'],
  ])('GIVEN "%s" cut to %i THEN "%s"', (text, limit, expected) => {
    const out = shorten(text, limit);
    expect(out).toBe(expected);
    expect(out.length).toBeLessThanOrEqual(limit);
  });

  it('GIVEN every option label of real games at 100 and 80 characters THEN a cut falls between words and never drops a "not" from its clause', () => {
    const negation = /\b(?:not|no|never|nicht|kein\w*|nie|nichts|ohne)\b/i;
    let cut = 0;
    for (const m of allGames()) {
      const e = m.engine;
      for (const locale of ['en', 'de'] as Locale[]) {
        const t = discordTranslator(locale, m, NAMES);
        playRandom(e, e.maxPlayers, {}, 'labels', {
          maxSteps: 200,
          onStep: ({ after }) => {
            for (const d of e.decisions(after)) for (const o of [...d.options.map((x) => x.label), ...(d.unavailable ?? []).map((u) => u.reason)]) {
              const s = t(o);
              for (const n of [100, 80, 45]) {
                if (s.length <= n) continue;
                cut++;
                const out = shorten(s, n).slice(0, -1);
                expect(s.startsWith(out), `${s} → ${out}`).toBe(true);
                expect(/[\s.,;:!?—–-]/.test(s[out.length] ?? ' '), `cut inside a word: ${out}|${s.slice(out.length)}`).toBe(true);
                const clause = s.slice(out.length).split(/[.;:,!?()]/)[0]!;
                expect(negation.test(clause) && !negation.test(out.split(/[.;:,!?()]/).pop()!) ? `${out}… drops the negation of "${clause}"` : '').toBe('');
              }
            }
          },
        });
      }
    }
    expect(cut).toBeGreaterThan(0);
  });
});

describe('numbers as the reader writes them', () => {
  it('GIVEN a rating, an average place and a change THEN German has a decimal comma and both languages a true minus sign', () => {
    expect(formatNumber('de', 3.25, { digits: 2 })).toBe('3,25');
    expect(formatNumber('en', 3.25, { digits: 2 })).toBe('3.25');
    expect(formatNumber('de', -2.8, { digits: 1 })).toBe('−2,8');
    expect(formatNumber('en', -2.8, { digits: 1 })).toBe('−2.8');
    expect(formatNumber('de', 1.5, { digits: 1, sign: true })).toBe('+1,5');
    expect(formatNumber('de', 1500, { digits: 1 })).toBe('1500,0');
  });

  it('GIVEN a number argument that is negative or has a fraction THEN every message writes it per locale, with "−"', () => {
    const de = translator('de', undefined);
    const en = translator('en', undefined);
    expect(de({ key: 'leaderboard.me', args: { place: 2, rating: -2.5, games: 3 } })).toBe('Du: Platz 2, Wertung −2,5 nach 3 Partien.');
    expect(en({ key: 'leaderboard.me', args: { place: 2, rating: -2.5, games: 3 } })).toBe('You: place 2, rating −2.5 after 3 games.');
    expect(de({ key: 'leaderboard.me', args: { place: 2, rating: 12, games: 1 } })).toBe('Du: Platz 2, Wertung 12 nach 1 Partie.');
  });

  it('GIVEN the commands that write numbers THEN none writes one with toFixed or a hand-made sign', () => {
    for (const f of ['stats.ts', 'leaderboard.ts', 'settings.ts']) {
      const src = readFileSync(join('src/bot/commands', f), 'utf8');
      expect(src, f).not.toMatch(/toFixed|'−'|'-' :|\? '\+' :/);
    }
  });
});

describe('command names in texts', () => {
  const catalogs: [string, { en: Catalog; de: Catalog }][] = [['common', commonMessages], ['bot', botMessages], ...allGames().map((m): [string, { en: Catalog; de: Catalog }] => [m.engine.id, m.engine.messages])];

  it('GIVEN the command definitions THEN German readers see /campfire neu, English ones /campfire new', () => {
    expect(commandNames('de').cmd_new).toBe('/campfire neu');
    expect(commandNames('en').cmd_new).toBe('/campfire new');
    expect(commandNames('de').cmd_games_page).toBe('seite');
    const defs = JSON.stringify(commandDefinitions());
    for (const v of Object.values(commandNames('de'))) for (const w of v.replace('/', '').split(' ')) expect(defs).toContain(`"${w}"`);
  });

  it('GIVEN every text of every catalogue THEN none writes a command by hand, and every {cmd_…} it uses is a command', () => {
    const known = new Set(Object.keys(commandNames('en')));
    for (const [name, cat] of catalogs) for (const lang of ['en', 'de'] as const) for (const [key, text] of Object.entries(cat[lang])) {
      expect(text, `${name} ${lang} ${key}`).not.toMatch(/\/campfire\s+\w/);
      for (const m of text.matchAll(/\{(cmd_\w+)\}/g)) expect(known.has(m[1]!), `${key}: ${m[1]}`).toBe(true);
    }
  });

  it('GIVEN a German reader with no game here THEN the reply names /campfire neu', () => {
    expect(discordTranslator('de', undefined)({ key: 'error.no_game_here' })).toContain('`/campfire neu`');
    expect(discordTranslator('en', undefined)({ key: 'error.no_game_here' })).toContain('`/campfire new`');
    expect(discordTranslator('de', undefined)({ key: 'games.page', args: { page: 1, pages: 2 } })).toContain('`/campfire spiele seite:<n>`');
  });
});

describe('a name argument holds a name', () => {
  it('GIVEN a game abandoned by the table\'s vote THEN the post names no button ("abandoned by Abandon")', () => {
    for (const locale of ['en', 'de'] as Locale[]) {
      const t = discordTranslator(locale, getGame('tal'), NAMES);
      const text = String(abandonMessage(5, 'Bruno', { yes: 2, no: 0, of: 3 } as never, t, 'ended').content);
      expect(text).not.toContain(` ${t({ key: 'cmd.abandon_yes' })}.`);
      expect(text).toContain(t({ key: 'cmd.abandoned_by_vote' }));
    }
  });

  it('GIVEN the Discord layer\'s source THEN no name-like argument (name, host, seat, p, proposer) is filled from a catalogue text', () => {
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((f) => (f.isDirectory() ? files(join(dir, f.name)) : f.name.endsWith('.ts') ? [join(dir, f.name)] : []));
    const bad: string[] = [];
    for (const f of [...files('src/bot'), ...files('src/service')]) {
      const src = readFileSync(f, 'utf8');
      for (const m of src.matchAll(/args:\s*\{[^}]*?\b(name|host|seat|p|proposer|loser|win)\s*:\s*t\(/g)) bad.push(`${f}: ${m[0].slice(0, 80)}`);
    }
    expect(bad).toEqual([]);
  });
});

describe('options that read the same', () => {
  it('GIVEN a hand with two copies of one card THEN the menu offers it once, and every other option still', () => {
    const t = translator('en', getGame('eiszeit'), NAMES);
    const label = { key: 'eiszeit.card.dark.gift.name' };
    const d = {
      seat: 0, prompt: { key: 'p' }, defaultOption: 'a',
      options: [
        { id: 'a', label, detail: { key: 'eiszeit.detail.gain', args: { n: 2 } }, group: 'g' },
        { id: 'b', label, detail: { key: 'eiszeit.detail.gain', args: { n: 2 } }, group: 'g' },
        { id: 'c', label: { key: 'eiszeit.card.dark.drive.name' }, group: 'g' },
      ],
    };
    const menus = (panelComponents(d as never, 1, 1, t, 0).components as { components: { options?: { value: string }[] }[] }[]).flatMap((r) => r.components).filter((c) => c.options);
    expect(menus.flatMap((m) => m.options!.map((o) => o.value))).toEqual(['a', 'c']);
  });
});

describe('/campfire rules with no game here', () => {
  it('GIVEN a channel without a game and no game named THEN the answer offers every game\'s rules, not "start one with /campfire new"', async () => {
    const { harness, FakeDiscord } = await import('../helpers/fake-discord.js');
    const h = harness(getGame('mammut')!);
    await h.bot.handle(h.discord.ix({ id: 'u-ann', name: 'Ann' }, 'chan', { command: { sub: 'rules', options: {} }, locale: 'de' }));
    const msg = h.discord.last('reply').msg;
    expect(msg.content).toBe('Die Regeln welches Spiels? Wähle eines:');
    expect(FakeDiscord.ids(msg)).toEqual(allGames().map((m) => `H|0|0|${m.engine.id}.setup`));
  });
});
