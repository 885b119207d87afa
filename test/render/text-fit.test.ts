/**
 * Every picture of every game, drawn from real positions (games played from seeds, several player counts, both
 * languages): no wider than Discord shows it, no text under the smallest readable size, no text out of its box.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playRandom } from '../../src/engine/selfplay.js';
import type { Formatter } from '../../src/engine/i18n.js';
import { allGames } from '../../src/games/all.js';
import { translator } from '../../src/bot/translator.js';
import { CARD as EZ_CARD } from '../../src/games/eiszeit/data.js';
import { DATA as EW } from '../../src/games/endless-winter/data.js';
import { CARD_TYPES } from '../../src/games/mammut/data.js';
import { DATA as TAL } from '../../src/games/tal/data.js';
import { MAX_WIDTH, MIN_TEXT, recordTexts, type DrawnText } from '../../src/render/canvas.js';

/** Long display names, as Discord allows (up to 32 characters), and short ones. */
const NAMES = ['Ada', 'Bartholomew Longname-Smithers', 'Cleo', 'Đorđe Ü. Müller-Lüdenscheidt', 'Eve', 'Fynn-Ole Hansen-Jørgensen'];
const LANGS = ['en', 'de'] as const;
/** Moments of a game: early, middle, and the end (played out). */
const MOMENTS = [12, 150, 100_000];

function pngWidth(png: Buffer): number {
  return png.readUInt32BE(16);
}

/** What is wrong with one text, or null. Half a pixel of slack for anti-aliasing. */
function problem(d: DrawnText): string | null {
  const slack = 0.5;
  if (d.size < MIN_TEXT) return `${d.size}px, under ${MIN_TEXT}px`;
  if (d.left < d.box.left - slack || d.right > d.box.right + slack) return `${Math.round(d.right - d.left)} px wide, its box ${Math.round(d.box.right - d.box.left)} px (runs over by ${Math.round(Math.max(d.box.left - d.left, d.right - d.box.right))} px)`;
  if (d.top < d.box.top - slack || d.bottom > d.box.bottom + slack) return 'below or above its box (lines cut)';
  if (d.left < -slack || d.right > d.canvas.width + slack || d.top < -slack || d.bottom > d.canvas.height + slack) return 'out of the picture';
  return null;
}

function check(what: string, draw: () => Buffer | null, out: string[]): number {
  const { result, texts } = recordTexts(draw);
  if (!result) return 0;
  const width = pngWidth(result);
  if (width > MAX_WIDTH) out.push(`${what}: picture ${width} px wide (at most ${MAX_WIDTH})`);
  const height = result.readUInt32BE(20);
  for (const d of texts) {
    // a picture may be cut from a taller canvas: its texts must lie within the picture sent
    const p = problem({ ...d, canvas: { width: d.canvas.width, height: Math.min(d.canvas.height, height) } });
    if (p) out.push(`${what}: "${d.text}" (${d.size}px${d.bold ? ' bold' : ''}) ${p}`);
  }
  return texts.length;
}

describe('pictures fit Discord', () => {
  for (const m of allGames()) {
    const e = m.engine;
    it(`GIVEN ${e.id} games at several moments, ${e.minPlayers} to ${e.maxPlayers} players, in English and German THEN every table and hand is at most ${MAX_WIDTH} px wide and every text is at least ${MIN_TEXT} px and inside its box`, () => {
      const failures: string[] = [];
      let drawn = 0;
      const counts = [...new Set([e.minPlayers, Math.ceil((e.minPlayers + e.maxPlayers) / 2), e.maxPlayers])];
      counts.forEach((n, k) => {
        // Every lobby option on its last choice for one count, its first for the others: both kinds of table are seen.
        const options = Object.fromEntries(e.lobbyOptions.map((o) => [o.id, o.choices[k % 2 === 0 ? o.choices.length - 1 : 0]!.value]));
        for (const steps of MOMENTS) {
          const r = playRandom(e, n, options, `text-fit-${e.id}-${n}-${steps}`, { maxSteps: steps });
          const names = NAMES.slice(0, n);
          for (const lang of LANGS) {
            const t: Formatter = translator(lang, m, names);
            const ctx = { t, names };
            const where = `${e.id} ${n}p step ${r.steps}${r.finished ? ' (over)' : ''} ${lang}`;
            drawn += check(`${where} table`, () => m.ui.renderTable(e.view(r.state, null), ctx), failures);
            for (let seat = 0; seat < n; seat++) drawn += check(`${where} hand ${seat}`, () => m.ui.renderHand(e.view(r.state, seat), seat, ctx), failures);
          }
        }
      });
      expect(drawn).toBeGreaterThan(100);
      expect(failures.slice(0, 40), `${failures.length} problems`).toEqual([]);
    });
  }

  it('GIVEN the renderers THEN they draw every text through the recording helpers (no fillText of their own)', () => {
    const dir = new URL('../../src/games/', import.meta.url);
    const files = readdirSync(dir).map((g) => new URL(`${g}/render.ts`, dir)).filter((f) => { try { readFileSync(f); return true; } catch { return false; } });
    expect(files.length).toBe(4);
    for (const f of [...files, new URL('../../src/render/replay.ts', import.meta.url)]) expect(readFileSync(f, 'utf8'), f.pathname).not.toMatch(/\.(fillText|strokeText)\(/);
  });
});

describe('every card text fits its card', () => {
  /** A seat's view from a real game, its hand replaced by every card the game has (the longest texts included). */
  const allCards: Record<string, (view: any) => any> = {
    eiszeit: (v) => ({ ...v, hand: Object.keys(EZ_CARD) }),
    mammut: (v) => ({ ...v, hand: CARD_TYPES.map((c) => c.id) }),
    tal: (v) => ({ ...v, hand: Object.keys(TAL.get(v.dataVersion ?? 1).cardByKind).map((k) => `${k}.1`) }),
    'endless-winter': (v) => ({ ...v, players: v.players.map((p: any, seat: number) => (seat === 0 ? { ...p, hand: EW.get(v.dataVersion ?? 1).cards.map((_, i) => i) } : p)) }),
  };
  for (const m of allGames()) {
    it(`GIVEN a ${m.engine.id} hand holding every card THEN every text fits, in English and German`, () => {
      const e = m.engine;
      const r = playRandom(e, e.minPlayers, {}, `all-cards-${e.id}`, { maxSteps: 30 });
      const view = allCards[e.id]!(e.view(r.state, 0));
      const failures: string[] = [];
      for (const lang of LANGS) {
        const ctx = { t: translator(lang, m, NAMES), names: NAMES };
        expect(check(`${e.id} ${lang} all cards`, () => m.ui.renderHand(view, 0, ctx), failures)).toBeGreaterThan(10);
      }
      expect(failures, `${failures.length} problems`).toEqual([]);
    });
  }
});

describe('Tal map codes', () => {
  it('GIVEN the two-letter animal codes on the map THEN no two species share one, in either language', async () => {
    const { tal } = await import('../../src/games/tal/index.js');
    const { speciesCode } = await import('../../src/games/tal/render.js');
    for (const lang of LANGS) {
      const ctx = { t: translator(lang, tal, []), names: [] };
      const codes = [0, 1, 2, 3, 4, 5].map((sp) => speciesCode(ctx, sp));
      expect(codes.every((c) => /^\p{Lu}\p{Ll}$/u.test(c)), codes.join(' ')).toBe(true);
      expect(new Set(codes).size).toBe(6);
    }
  });
});
