/**
 * Panels that show the choice: where a decision's options name places, the choice picture shows that part of the
 * board with each place tagged as its option names it, and reads in the inline box (≤ 550:350, text ≥ 24 px).
 */
import { describe, expect, it } from 'vitest';
import type { Decision, GameEngine, Option } from '../../src/engine/types.js';
import { playRandom } from '../../src/engine/selfplay.js';
import { translator } from '../../src/bot/translator.js';
import { recordTexts } from '../../src/render/canvas.js';
import { GLANCE_MIN_TEXT } from '../../src/render/glance.js';
import type { GameModule } from '../../src/games/types.js';
import { tal } from '../../src/games/tal/index.js';
import { eiszeit } from '../../src/games/eiszeit/index.js';
import { endlessWinter } from '../../src/games/endless-winter/index.js';
import { optionHex } from '../../src/games/tal/choice.js';
import { optionRegion } from '../../src/games/eiszeit/choice.js';
import { optionTile } from '../../src/games/endless-winter/choice.js';

const NAMES = ['Ada', 'Bartholomew Longname-Smithers', 'Cleo', 'Đorđe Ü. Müller-Lüdenscheidt'];

/** The first decision of a seeded game that `wanted` accepts, with the state it was owed in. */
function firstDecision(e: GameEngine<any, any>, n: number, seed: string, wanted: (d: Decision) => boolean): { state: unknown; decision: Decision } {
  let found: { state: unknown; decision: Decision } | null = null;
  for (let k = 0; k < 8 && !found; k++) {
    playRandom(e, n, {}, `${seed}-${k}`, {
      maxSteps: 3000,
      onStep: ({ after }) => {
        if (found) return;
        const d = e.decisions(after).find(wanted);
        if (d) found = { state: after, decision: d };
      },
    });
  }
  if (!found) throw new Error(`no such decision in ${e.id}`);
  return found;
}

interface Case {
  m: GameModule;
  what: string;
  n: number;
  wanted: (d: Decision) => boolean;
  place: (o: Option) => number | null;
  /** The tag the picture should draw for a place, and whether an option's label (as read) names it so. */
  names: (label: string, tag: string) => boolean;
}

const cases: Case[] = [
  { m: tal, what: 'a group\'s destination (Tal move)', n: 3, wanted: (d) => d.options.some((o) => o.id.startsWith('to:')), place: optionHex, names: (label, tag) => label.startsWith(`${tag} `) },
  { m: tal, what: 'a start camp (Tal placing)', n: 4, wanted: (d) => d.options.some((o) => o.id.startsWith('start:')), place: optionHex, names: (label, tag) => label.startsWith(`${tag} `) },
  { m: eiszeit, what: 'the glacier (Eiszeit)', n: 4, wanted: (d) => d.options.some((o) => o.id.startsWith('g:')), place: optionRegion, names: (label, tag) => label.startsWith(`${tag} `) },
  { m: endlessWinter, what: 'a camp move (Endless Winter)', n: 3, wanted: (d) => d.options.some((o) => (o.payload as { kind?: string } | undefined)?.kind === 'moveCamp'), place: optionTile, names: (label, tag) => label.endsWith(` ${tag}`) },
];

describe('choice pictures label the places as the options name them', () => {
  for (const c of cases) {
    for (const lang of ['en', 'de'] as const) {
      it(`GIVEN a decision on ${c.what}, in ${lang === 'en' ? 'English' : 'German'} THEN every place an option names is tagged on the picture as that option names it, inside a picture that reads inline`, () => {
        const e = c.m.engine;
        const { state, decision } = firstDecision(e, c.n, `choice-${e.id}-${c.what}`, c.wanted);
        const names = NAMES.slice(0, c.n);
        const t = translator(lang, c.m, names);
        const { result, texts } = recordTexts(() => c.m.ui.renderChoice!(e.view(state as never, decision.seat), decision, { t, names }));
        expect(result).not.toBeNull();
        const { png, labels } = result!;
        const w = png.readUInt32BE(16), h = png.readUInt32BE(20);
        expect(w).toBeLessThanOrEqual(1100);
        expect(h * 550, `${w}×${h} no taller than 550:350`).toBeLessThanOrEqual(w * 350);
        // every place named by an option has exactly one tag, and every option naming it reads the same tag
        const places = new Set(decision.options.filter((o) => !o.role).map(c.place).filter((p): p is number => p !== null));
        expect(labels.length).toBe(places.size);
        for (const l of labels) {
          const named = decision.options.filter((o) => !o.role && c.place(o) === c.place(decision.options.find((x) => x.id === l.option)!));
          expect(named.length).toBeGreaterThan(0);
          for (const o of named) expect(c.names(t(o.label), l.text), `"${t(o.label)}" names ${l.text}`).toBe(true);
          // the tag is drawn, inside its box, inside the picture
          expect(l.x).toBeGreaterThanOrEqual(0);
          expect(l.y).toBeGreaterThanOrEqual(0);
          expect(l.x + l.w).toBeLessThanOrEqual(w);
          expect(l.y + l.h).toBeLessThanOrEqual(h);
          const drawn = texts.filter((d) => d.text === l.text && d.left >= l.x - 0.5 && d.right <= l.x + l.w + 0.5 && d.top >= l.y - 0.5 && d.bottom <= l.y + l.h + 0.5);
          expect(drawn.length, `tag ${l.text} drawn in its box`).toBe(1);
        }
        // what lies in the picture reads inline (texts of the board cut off at the crop's edge excepted)
        const inside = texts.filter((d) => d.right > 0 && d.left < w && d.bottom > 0 && d.top < h);
        expect(inside.filter((d) => d.size < GLANCE_MIN_TEXT).map((d) => d.text)).toEqual([]);
      });
    }
  }

  it('GIVEN a decision naming no place (Tal: how many warriors) THEN there is no choice picture', () => {
    const e = tal.engine;
    const { state, decision } = firstDecision(e, 3, 'choice-none', (d) => d.options.some((o) => o.id.startsWith('m:')) && !d.options.some((o) => optionHex(o) !== null));
    expect(tal.ui.renderChoice!(e.view(state as never, decision.seat), decision, { t: translator('en', tal, NAMES), names: NAMES })).toBeNull();
  });
});
