/**
 * Renders tables and hands of every game from a few self-played positions, in both languages, to look at them:
 * `npx tsx scripts/render-samples.ts /tmp/pics [game]`. Nothing it writes there belongs in the repository.
 * `npx tsx scripts/render-samples.ts --docs` writes the screenshots of `docs/pictures.md` (per game, English: the full
 * table, the glance, and the glance as Discord shows it inline, scaled to 550 px).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { playRandom } from '../src/engine/selfplay.js';
import { allGames } from '../src/games/all.js';
import { translator } from '../src/bot/translator.js';

const names = ['Ada', 'Bartholomew', 'Cleo', 'Dov', 'Esperanza-Maria', 'Fynn'];
const docs = process.argv[2] === '--docs';
const out = docs ? 'docs/screenshots' : process.argv[2] ?? '/tmp/pics';
const only = process.argv[3];
mkdirSync(out, { recursive: true });

/** Re-encodes with Skia's own (slower, tighter) PNG compression, for files kept in the repository. */
async function compact(png: Buffer): Promise<Buffer> {
  const img = await loadImage(png);
  const c = createCanvas(img.width, img.height);
  c.getContext('2d').drawImage(img, 0, 0);
  return c.encode('png');
}

/** A picture as Discord's desktop client shows it inline: scaled to fit 550×350. */
async function inline(png: Buffer): Promise<Buffer> {
  const img = await loadImage(png);
  const k = Math.min(550 / img.width, 350 / img.height);
  const c = createCanvas(Math.round(img.width * k), Math.round(img.height * k));
  c.getContext('2d').drawImage(img, 0, 0, c.width, c.height);
  return c.encode('png');
}

for (const m of allGames()) {
  if (only && m.engine.id !== only) continue;
  const e = m.engine;
  const options = Object.fromEntries(e.lobbyOptions.map((o) => [o.id, o.choices[o.choices.length - 1]!.value]));
  if (docs) {
    const n = Math.min(4, e.maxPlayers);
    // the previous table: a few steps earlier, so the glance outlines what changed since
    const trail: unknown[] = [];
    const r = playRandom(e, n, options, `docs-${e.id}`, { maxSteps: e.id === 'mammut' ? 40 : 160, onStep: ({ before }) => { trail.push(before); if (trail.length > 6) trail.shift(); } });
    const ctx = { t: translator('en', m, names), names };
    const view = e.view(r.state, null);
    writeFileSync(path.join(out, `${e.id}.png`), await compact(m.ui.renderTable(view, ctx)));
    const glance = m.ui.renderGlance(view, { ...ctx, previous: trail.length ? e.view(trail[0] as never, null) : null });
    writeFileSync(path.join(out, `${e.id}-glance.png`), await compact(glance));
    writeFileSync(path.join(out, `${e.id}-glance-inline.png`), await inline(glance));
    // a choice picture: the first decision past the opening whose options name places
    let choice: Buffer | null = null;
    if (m.ui.renderChoice) {
      playRandom(e, n, options, `docs-choice-${e.id}`, {
        maxSteps: 400,
        onStep: ({ after, step }) => {
          if (choice || step < 20) return;
          for (const d of e.decisions(after)) choice ??= m.ui.renderChoice!(e.view(after, d.seat), d, ctx)?.png ?? null;
        },
      });
    }
    if (choice) writeFileSync(path.join(out, `${e.id}-choice.png`), await compact(choice));
    continue;
  }
  for (const n of [e.minPlayers, e.maxPlayers]) {
    for (const steps of [30, 400]) {
      const r = playRandom(e, n, options, `sample-${n}-${steps}`, { maxSteps: steps });
      for (const lang of ['en', 'de'] as const) {
        const ctx = { t: translator(lang, m, names), names };
        const base = path.join(out, `${e.id}-${n}p-${steps}-${lang}`);
        writeFileSync(`${base}-table.png`, m.ui.renderTable(e.view(r.state, null), ctx));
        const glance = m.ui.renderGlance(e.view(r.state, null), ctx);
        writeFileSync(`${base}-glance.png`, glance);
        writeFileSync(`${base}-glance-550.png`, await inline(glance));
        m.ui.renderTableParts?.(e.view(r.state, null), ctx).forEach((part, i) => writeFileSync(`${base}-table-part${i + 1}.png`, part));
        const hand = m.ui.renderHand(e.view(r.state, 0), 0, ctx);
        if (hand) writeFileSync(`${base}-hand.png`, hand);
      }
    }
  }
}
