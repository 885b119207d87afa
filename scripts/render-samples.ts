/**
 * Renders tables and hands of every game from a few self-played positions into a folder, in both languages, to look
 * at them: `npx tsx scripts/render-samples.ts /tmp/pics [game]`. Nothing it writes belongs in the repository.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { playRandom } from '../src/engine/selfplay.js';
import { allGames } from '../src/games/all.js';
import { translator } from '../src/bot/translator.js';

const out = process.argv[2] ?? '/tmp/pics';
const only = process.argv[3];
mkdirSync(out, { recursive: true });
const names = ['Ada', 'Bartholomew', 'Cleo', 'Dov', 'Esperanza-Maria', 'Fynn'];
for (const m of allGames()) {
  if (only && m.engine.id !== only) continue;
  const e = m.engine;
  const options = Object.fromEntries(e.lobbyOptions.map((o) => [o.id, o.choices[o.choices.length - 1]!.value]));
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
