/**
 * Eiszeit micro-benchmark and behaviour fingerprint (not a test; run by hand):
 *   npx tsx test/eiszeit/bench.ts [games] [players]        games a second of random self-play on one core
 *   npx tsx test/eiszeit/bench.ts --fingerprint [games]    a digest of every decision, event and final score,
 *                                                          to compare the engine's behaviour before and after a change
 */
import { createHash } from 'node:crypto';
import { apply } from '../../src/engine/apply.js';
import { playRandom } from '../../src/engine/selfplay.js';
import { engine } from '../../src/games/eiszeit/index.js';
import { OLD_STEPS } from '../../src/games/eiszeit/upgrade.js';

/**
 * What the fingerprint reads of a decision and a view, in a form that survives renamings that change no behaviour:
 * payloads left out (they say what the id says), the action steps under their present names (`OLD_STEPS` maps the
 * short codes used before), the card whose action runs as `playing.effect` (`eff` before), and cards that cannot be
 * played listed as `unavailable` (before, the prompt named them).
 */
const stepName = (step: string): string => OLD_STEPS[step] ?? step;
type Msgish = { key: string; args?: Record<string, unknown> };
function normMsg(msg: Msgish): Msgish {
  const step = /^eiszeit\.prompt\.(.*)$/.exec(msg.key);
  if (!step || !(step[1]! in OLD_STEPS)) return msg;
  return { ...msg, key: `eiszeit.prompt.${stepName(step[1]!)}` };
}
function normDecisions(ds: ReturnType<typeof engine.decisions>): unknown {
  return ds.map((d) => {
    let prompt = d.prompt as Msgish;
    let unavailable = d.unavailable as unknown;
    if (prompt.key === 'eiszeit.prompt.blocked') {
      const list = prompt.args!.list as { args: { card: unknown; why: unknown } }[];
      unavailable = list.map((x) => ({ label: x.args.card, reason: x.args.why }));
      prompt = prompt.args!.prompt as Msgish;
    }
    if (prompt.key === 'eiszeit.prompt.orEnd') prompt = { ...prompt, args: { prompt: normMsg(prompt.args!.prompt as Msgish) } };
    const options = d.options.map((o) => ({ id: o.id, label: o.label, group: o.group, detail: o.detail, style: o.style, role: o.role }));
    return { seat: d.seat, prompt: normMsg(prompt), options, defaultOption: d.defaultOption, sets: d.sets, unavailable };
  });
}
function normView(v: ReturnType<typeof engine.view>): unknown {
  const playing = v.playing as { card: string; eff?: string; effect?: string; owner: number } | null;
  return {
    ...v, step: v.step === null ? null : stepName(v.step),
    playing: playing && { card: playing.card, effect: playing.effect ?? playing.eff, owner: playing.owner },
  };
}

const args = process.argv.slice(2);
if (args[0] === '--fingerprint') {
  const games = Number(args[1] ?? 20);
  for (const players of [3, 4, 5]) {
    for (const length of ['full', 'short']) {
      const hash = createHash('sha256');
      const scores: string[] = [];
      for (let g = 0; g < games; g++) {
        const seed = `fp-${players}-${length}-${g}`;
        const r = playRandom(engine, players, { length }, seed, {
          onStep: ({ before, seat, option, events }) => {
            hash.update(`${seat}:${option}|${JSON.stringify(normDecisions(engine.decisions(before)))}|${JSON.stringify(events)}\n`);
          },
        });
        // back from the middle of an action must lead to the same position as never having taken the step
        hash.update(JSON.stringify(normView(engine.view(r.state, null))));
        scores.push(r.outcome!.ranking.map((x) => `${x.seat}=${x.score}`).join(','));
      }
      console.log(`${players} ${length} ${hash.digest('hex').slice(0, 16)} ${scores.slice(0, 3).join(' / ')}`);
    }
  }
  // `back` paths: a scripted chooser that takes back every other compound step, replayed and digested
  const hash = createHash('sha256');
  for (let g = 0; g < games; g++) {
    let k = 0;
    const r = playRandom(engine, 4, {}, `fp-back-${g}`, {
      chooser: (_s, _seat, ids, rng) => {
        k++;
        const b = ids.indexOf('back');
        if (b >= 0 && k % 3 === 0) return b;
        return rng[0]! % ids.length >= 0 ? Math.abs(rng[0]! + k) % ids.length : 0;
      },
      onStep: ({ seat, option, events, after }) => {
        hash.update(`${seat}:${option}|${JSON.stringify(events)}|${JSON.stringify(normView(engine.view(after, seat)))}\n`);
      },
      maxSteps: 3000,
    });
    hash.update(String(r.steps));
  }
  console.log(`back ${hash.digest('hex').slice(0, 16)}`);
  // the stored states, read back as the store does (a JSON round trip), in a form that does not depend on how the
  // state is laid out: its random generator, the decisions owed and every seat's view, and how the game goes on from
  // it (the next few random steps' events and views; draws and fire tiles show there what the views keep hidden)
  const st = createHash('sha256');
  for (let g = 0; g < games; g++) {
    let k = 0;
    playRandom(engine, 3 + (g % 3), {}, `fp-state-${g}`, {
      chooser: (_s, _seat, ids, rng) => (ids.includes('back') && ++k % 4 === 0 ? ids.indexOf('back') : Math.abs(rng[1]! + k++) % ids.length),
      onStep: ({ after, step }) => {
        const stored = JSON.parse(JSON.stringify(after)) as typeof after;
        st.update(JSON.stringify(stored.rng));
        st.update(JSON.stringify(normDecisions(engine.decisions(stored))));
        const n = engine.view(stored, null).n;
        for (let q = -1; q < n; q++) st.update(JSON.stringify(normView(engine.view(stored, q < 0 ? null : q))));
        if (step % 7 === 0) {
          let s = stored;
          for (let i = 0; i < 12; i++) {
            const d = engine.decisions(s);
            if (d.length === 0) break;
            const o = d[0]!.options[(i * 7 + step) % d[0]!.options.length]!;
            const res = apply(engine, s, d[0]!.seat, o.id);
            if (!res.ok) throw new Error('fingerprint: offered option rejected');
            st.update(JSON.stringify(res.events));
            s = res.state;
          }
          for (let q = -1; q < n; q++) st.update(JSON.stringify(normView(engine.view(s, q < 0 ? null : q))));
        }
      },
      maxSteps: 3000,
    });
  }
  console.log(`states ${st.digest('hex').slice(0, 16)}`);
} else {
  const games = Number(args[0] ?? 50);
  const players = Number(args[1] ?? 3);
  let steps = 0;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  for (let g = 0; g < games; g++) steps += playRandom(engine, players, {}, `bench-${players}-${g}`).steps;
  const s = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  const cpu = (c.user + c.system) / 1e6;
  console.log(`${players} players: ${(games / s).toFixed(1)} games/s (${(games / cpu).toFixed(1)} per CPU-second), ${(steps / s).toFixed(0)} decisions/s, ${(steps / games).toFixed(0)} decisions/game`);
}
