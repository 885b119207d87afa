/**
 * The glance pictures at the inline scale: Discord's desktop client fits a picture into about 550×350, so a glance is
 * at most 1,100 px wide, no taller than 550:350, and no text on it is under 24 px (12 px as shown). Every game, its
 * smallest, middle and largest player count, early, middle and end, both languages, long names, with what changed
 * since a table a few steps earlier outlined.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playRandom } from '../../src/engine/selfplay.js';
import { allGames } from '../../src/games/all.js';
import { translator } from '../../src/bot/translator.js';
import { MAX_WIDTH, MIN_TEXT, recordTexts, type DrawnText } from '../../src/render/canvas.js';
import { GLANCE_MIN_TEXT } from '../../src/render/glance.js';
import { renderTablePart } from '../../src/games/endless-winter/render.js';

const NAMES = ['Ada', 'Bartholomew Longname-Smithers', 'Cleo', 'Đorđe Ü. Müller-Lüdenscheidt', 'Eve', 'Fynn-Ole Hansen-Jørgensen'];
const LANGS = ['en', 'de'] as const;
const MOMENTS = [12, 150, 100_000];
/** How many steps before the position the "previous table" was posted. */
const BACK = 6;

const size = (png: Buffer): { w: number; h: number } => ({ w: png.readUInt32BE(16), h: png.readUInt32BE(20) });

/** What is wrong with one text at a minimum size, or null (half a pixel of slack for anti-aliasing). */
function problem(d: DrawnText, min: number, height: number): string | null {
  const slack = 0.5;
  if (d.size < min) return `${d.size}px, under ${min}px`;
  if (d.left < d.box.left - slack || d.right > d.box.right + slack) return `${Math.round(d.right - d.left)} px wide, its box ${Math.round(d.box.right - d.box.left)} px`;
  if (d.top < d.box.top - slack || d.bottom > d.box.bottom + slack) return 'below or above its box (lines cut)';
  if (d.left < -slack || d.right > d.canvas.width + slack || d.top < -slack || d.bottom > Math.min(d.canvas.height, height) + slack) return 'out of the picture';
  return null;
}

/** Checks one picture; returns how many texts it drew. `inline`: the glance's rules (aspect and 24 px), else the full table's. */
export function checkPicture(what: string, draw: () => Buffer | null, out: string[], inline: boolean): number {
  return checkDrawn(what, recordTexts(draw), out, inline);
}

/** `checkPicture` of a picture drawn already, with the texts it drew (`recordTexts`). */
function checkDrawn(what: string, { result, texts }: { result: Buffer | null; texts: DrawnText[] }, out: string[], inline: boolean): number {
  if (!result) return 0;
  const { w, h } = size(result);
  if (w > MAX_WIDTH) out.push(`${what}: ${w} px wide (at most ${MAX_WIDTH})`);
  if (inline && h * 550 > w * 350) out.push(`${what}: ${w}×${h} is taller than 550:350`);
  for (const d of texts) {
    const p = problem(d, inline ? GLANCE_MIN_TEXT : MIN_TEXT, h);
    if (p) out.push(`${what}: "${d.text}" (${d.size}px) ${p}`);
  }
  return texts.length;
}

describe('glance pictures fit the inline box', () => {
  for (const m of allGames()) {
    const e = m.engine;
    it(`GIVEN ${e.id} games early, mid and at the end, ${e.minPlayers} to ${e.maxPlayers} players, English and German THEN every glance is ≤ 550:350, ≤ ${MAX_WIDTH} px wide, with every text ≥ ${GLANCE_MIN_TEXT} px and inside its box`, () => {
      const failures: string[] = [];
      let drawn = 0, outlined = 0;
      const counts = [...new Set([e.minPlayers, Math.ceil((e.minPlayers + e.maxPlayers) / 2), e.maxPlayers])];
      counts.forEach((n, k) => {
        const options = Object.fromEntries(e.lobbyOptions.map((o) => [o.id, o.choices[k % 2 === 0 ? o.choices.length - 1 : 0]!.value]));
        for (const steps of MOMENTS) {
          const trail: unknown[] = [];
          const r = playRandom(e, n, options, `glance-fit-${e.id}-${n}-${steps}`, { maxSteps: steps, onStep: ({ before }) => { trail.push(before); if (trail.length > BACK) trail.shift(); } });
          const names = NAMES.slice(0, n);
          for (const lang of LANGS) {
            const t = translator(lang, m, names);
            const previous = trail.length ? e.view(trail[0] as never, null) : null;
            const where = `${e.id} ${n}p step ${r.steps}${r.finished ? ' (over)' : ''} ${lang}`;
            const glance = recordTexts(() => m.ui.renderGlance(e.view(r.state, null), { t, names, previous }));
            if (glance.texts.some((d) => /changed|neu/.test(d.text))) outlined++;
            drawn += checkDrawn(`${where} glance`, glance, failures, true);
            // the first post of a game has no previous table
            drawn += checkPicture(`${where} glance (first)`, () => m.ui.renderGlance(e.view(r.state, null), { t, names }), failures, true);
          }
        }
      });
      expect(drawn).toBeGreaterThan(200);
      expect(outlined, 'some positions show what changed').toBeGreaterThan(0);
      expect(failures.slice(0, 40), `${failures.length} problems`).toEqual([]);
    });
  }

  it('GIVEN Endless Winter games THEN the full table in parts keeps every section, each part within 1,100 px with text ≥ 15 px, and no part as tall as the whole', () => {
    const m = allGames().find((g) => g.ui.renderTableParts)!;
    expect(m.engine.id).toBe('endless-winter');
    const failures: string[] = [];
    for (const n of [2, 4]) for (const steps of MOMENTS) {
      const r = playRandom(m.engine, n, {}, `parts-${n}-${steps}`, { maxSteps: steps });
      for (const lang of LANGS) {
        const ctx = { t: translator(lang, m, NAMES.slice(0, n)), names: NAMES.slice(0, n) };
        const view = m.engine.view(r.state, null);
        const whole = size(m.ui.renderTable(view, ctx)).h;
        // each part drawn once, its texts recorded: the parts as renderTableParts gives them, one by one
        const parts = [0, 1, 2].map((i) => recordTexts(() => renderTablePart(view, ctx, i)));
        // …which are the three of renderTableParts (compared once: drawing is what this test costs)
        if (n === 2 && steps === MOMENTS[0] && lang === 'en') expect(m.ui.renderTableParts!(view, ctx).map((p) => size(p).h)).toEqual(parts.map((p) => size(p.result).h));
        // each part repeats the heading (about 90 px); together they hold the whole table
        const heights = parts.map((p) => size(p.result).h);
        expect(heights.reduce((a, b) => a + b, 0)).toBeGreaterThan(whole);
        for (const h of heights) expect(h).toBeLessThan(whole);
        parts.forEach((p, i) => checkDrawn(`endless-winter ${n}p ${steps} ${lang} part ${i}`, p, failures, false));
      }
    }
    expect(failures.slice(0, 20)).toEqual([]);
  });

  it('GIVEN Endless Winter glances that outline changes THEN the key "changed" lies right of the map and overlaps no other text', () => {
    const m = allGames().find((g) => g.engine.id === 'endless-winter')!;
    const e = m.engine;
    const failures: string[] = [];
    let keys = 0;
    for (const n of [e.minPlayers, e.maxPlayers]) for (const steps of MOMENTS) {
      const trail: unknown[] = [];
      const r = playRandom(e, n, {}, `ew-key-${n}-${steps}`, { maxSteps: steps, onStep: ({ before }) => { trail.push(before); if (trail.length > BACK) trail.shift(); } });
      const names = NAMES.slice(0, n);
      for (const lang of LANGS) {
        const { texts } = recordTexts(() => m.ui.renderGlance(e.view(r.state, null), { t: translator(lang, m, names), names, previous: trail.length ? e.view(trail[0] as never, null) : null }));
        const key = texts.find((d) => d.text === (lang === 'en' ? 'changed' : 'neu'));
        if (!key) continue;
        keys++;
        // the tile numbers ("#7", "#12❄") stand 0.45 radii above their hexes' centres, rows of hexes are 1.5 radii
        // apart: the key starts right of the rightmost number, or below the lowest hex (a row's gap below its number)
        const numbers = texts.filter((d) => /^#\d+/.test(d.text));
        const mapRight = Math.max(...numbers.map((d) => d.right));
        const rows = [...new Set(numbers.map((d) => Math.round(d.top)))].sort((a, b) => a - b);
        const mapBottom = rows.at(-1)! + 12 + (rows.at(-1)! - rows.at(-2)!);
        if (key.left - 36 < mapRight && key.top < mapBottom) failures.push(`${n}p ${steps} ${lang}: the key (${Math.round(key.left - 36)}, ${Math.round(key.top)}) is over the map (to ${Math.round(mapRight)}, ${Math.round(mapBottom)})`);
        for (const d of texts) {
          if (d === key) continue;
          if (d.left < key.right && key.left - 36 < d.right && d.top < key.bottom && key.top < d.bottom) failures.push(`${n}p ${steps} ${lang}: the key overlaps "${d.text}"`);
        }
      }
    }
    expect(keys).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  });

  it('GIVEN the glance renderers THEN they draw every text through the recording helpers (no fillText of their own)', () => {
    const dir = new URL('../../src/games/', import.meta.url);
    const files = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory())
      .flatMap((d) => readdirSync(new URL(`${d.name}/`, dir)).filter((f) => /^(glance|choice).*\.ts$/.test(f) && !f.includes('messages')).map((f) => new URL(`${d.name}/${f}`, dir)));
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const f of [...files, new URL('../../src/render/glance.ts', import.meta.url)]) expect(readFileSync(f, 'utf8'), f.pathname).not.toMatch(/\.(fillText|strokeText)\(/);
  });
});
