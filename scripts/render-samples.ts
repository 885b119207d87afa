/**
 * Renders tables and hands of every game from a few self-played positions, in both languages, to look at them:
 * `npx tsx scripts/render-samples.ts /tmp/pics [game]`. Nothing it writes there belongs in the repository.
 * `npx tsx scripts/render-samples.ts --docs` writes the screenshots of `docs/pictures.md` (one table per game, English).
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

for (const m of allGames()) {
  if (only && m.engine.id !== only) continue;
  const e = m.engine;
  const options = Object.fromEntries(e.lobbyOptions.map((o) => [o.id, o.choices[o.choices.length - 1]!.value]));
  if (docs) {
    const n = Math.min(4, e.maxPlayers);
    const r = playRandom(e, n, options, `docs-${e.id}`, { maxSteps: e.id === 'mammut' ? 40 : 160 });
    const ctx = { t: translator('en', m, names), names };
    writeFileSync(path.join(out, `${e.id}.png`), await compact(m.ui.renderTable(e.view(r.state, null), ctx)));
    continue;
  }
  for (const n of [e.minPlayers, e.maxPlayers]) {
    for (const steps of [30, 400]) {
      const r = playRandom(e, n, options, `sample-${n}-${steps}`, { maxSteps: steps });
      for (const lang of ['en', 'de'] as const) {
        const ctx = { t: translator(lang, m, names), names };
        const base = path.join(out, `${e.id}-${n}p-${steps}-${lang}`);
        writeFileSync(`${base}-table.png`, m.ui.renderTable(e.view(r.state, null), ctx));
        const hand = m.ui.renderHand(e.view(r.state, 0), 0, ctx);
        if (hand) writeFileSync(`${base}-hand.png`, hand);
      }
    }
  }
}
