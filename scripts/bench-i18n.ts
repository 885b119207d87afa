/**
 * How fast the message formatter is: collects the messages of one random game of every engine (events, prompts,
 * option labels), then formats all of them many times in both languages. `npx tsx scripts/bench-i18n.ts`
 */
import { translator } from '../src/bot/translator.js';
import { playRandom } from '../src/engine/selfplay.js';
import type { Msg } from '../src/engine/types.js';
import { allGames } from '../src/games/all.js';

const rounds = Number(process.argv[2] ?? 20);
let total = 0;
for (const m of allGames()) {
  const e = m.engine;
  const msgs: Msg[] = [];
  playRandom(e, e.minPlayers, {}, 'bench-i18n', {
    maxSteps: 400,
    onStep: ({ after, events }) => {
      for (const ev of events) msgs.push(ev.msg);
      for (const d of e.decisions(after)) {
        msgs.push(d.prompt);
        for (const o of d.options) msgs.push(o.label);
      }
    },
  });
  for (const locale of ['en', 'de'] as const) {
    const fmt = translator(locale, m, ['Ada', 'Bo', 'Cy', 'Di', 'Ed']);
    for (const x of msgs) fmt(x); // warm up (compiles and caches)
    const t0 = process.hrtime.bigint();
    for (let r = 0; r < rounds; r++) for (const x of msgs) fmt(x);
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    total += ms;
    console.log(`${e.id.padEnd(15)} ${locale} ${msgs.length} messages × ${rounds}: ${ms.toFixed(1)} ms, ${((ms * 1000) / (msgs.length * rounds)).toFixed(2)} µs/message`);
  }
}
console.log(`total ${total.toFixed(1)} ms`);
