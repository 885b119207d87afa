/**
 * Issue #13, fewer clicks with the same rules: every combined choice leaves the game exactly where the steps it
 * stands for lead, and those steps stay offered beside it (every choice the rules give stays reachable). Checked at
 * every combined option met along seeded random games with 2–4 players (all modules on and off).
 */
import { describe, expect, it } from 'vitest';
import { apply } from '../../src/engine/apply.js';
import { randInt, seedRng } from '../../src/engine/rng.js';
import type { Decision } from '../../src/engine/types.js';
import { engine } from '../../src/games/endless-winter/index.js';
import type { EwPayload, EwState } from '../../src/games/endless-winter/state.js';
import { idolAfterKill } from '../../src/games/endless-winter/queue.js';
import { thenIdolOptions } from '../../src/games/endless-winter/then-idol.js';
import { REST_IDOL } from '../../src/games/endless-winter/turn-options.js';

type D = Decision<EwPayload>;

function step(s: EwState, id: string): EwState {
  const d = engine.decisions(s)[0]!;
  const r = apply(engine, s, d.seat, id);
  if (!r.ok) throw new Error(`${id} rejected: ${r.error.code}`);
  return r.state;
}

const pfId = (labour: number): string => (labour === 1 ? 'pf' : `pf:${labour}`);
const strip = (s: EwState): unknown => ({ ...s, takeback: null });

/** The steps a combined option stands for, as option ids (`null`: not a combined option). */
function stepsOf(s: EwState, d: D, id: string): string[] | null {
  const o = d.options.find((x) => x.id === id);
  if (!o) return id.split('+'); // a set of several top-space actions: one after the other
  const p = o.payload;
  const labour = s.turn?.stage === 'labour';
  if (p?.kind === 'withFood') return [pfId(p.labour), ...(labour ? ['ok'] : []), id.replace(/:f\d+$/, '')];
  if (p?.kind === 'walkPath') return [...(labour ? ['ok'] : []), ...p.path.slice(1).map((to, i) => `tm:${p.path[i]}:${to}`)];
  if (labour && p && ['recruit', 'buyProgress', 'newCamp', 'walkCamp', 'revealAnimals', 'catch'].includes(p.kind)) return ['ok', id];
  if (p?.kind === 'kill' && p.take) return [id.replace(/:t$/, ''), 'take'];
  if (p?.kind === 'thenIdol') return [p.firstId, p.next];
  return null;
}

/** "Take" at each eclipse income of the same player, else the first option, until that player's incomes are done. */
function takeOn(s: EwState, seat: number): EwState {
  while (s.phase === 'eclipse' && s.order[s.eclipse!.pos] === seat && (s.queue.length || s.eclipse!.step !== 'abilities')) {
    const d = engine.decisions(s)[0]!;
    s = step(s, d.options.some((o) => o.id === 'take') ? 'take' : d.options[0]!.id);
  }
  return s;
}

describe('combined choices (issue #13)', () => {
  it('GIVEN random games THEN each combined choice equals its steps, which stay offered beside it', () => {
    const seen: Record<string, number> = {};
    for (let g = 0; g < 24; g++) {
      const players = 2 + (g % 3);
      const on = g % 2 ? 'yes' : 'no';
      let s = engine.setup(players, { ice: on, rest: on, majority: on, setup: g % 4 === 1 ? 'both' : 'random' }, `combined-${g}`);
      const rng = seedRng(`combined-${g}`);
      for (let n = 0; n < 3000 && engine.decisions(s).length; n++) {
        const d = engine.decisions(s)[0]!;
        const ids = d.options.map((o) => o.id);
        const combined: string[] = ids.filter((id) => stepsOf(s, d, id));
        // sets of two top-space actions that cost labour (recruits, progress cards)
        for (const set of d.sets ?? []) {
          const items = d.options.filter((o) => o.group === set.group && !o.role && (o.payload?.kind === 'recruit' || o.payload?.kind === 'buyProgress'));
          if (set.max >= 2 && items.length >= 2) combined.push(`${items[0]!.id}+${items[1]!.id}`);
        }
        for (const id of combined) {
          const steps = stepsOf(s, d, id)!;
          expect(ids).toContain(steps[0]); // the first of its steps is offered beside it
          const a = step(s, id);
          let b = s;
          for (const x of steps) b = step(b, x);
          if (s.phase === 'action') expect(strip(a)).toEqual(strip(b));
          const p = d.options.find((o) => o.id === id)?.payload;
          const kind = p?.kind === 'walkPath' ? 'walk' : p?.kind === 'thenIdol' ? (p.first.kind === 'kill' ? 'killIdol' : 'restIdol')
            : id.includes('+') ? 'set' : id.endsWith(':t') ? 'killTake' : /:f\d+$/.test(id) ? 'withFood' : 'labourAction';
          seen[kind] = (seen[kind] ?? 0) + 1;
        }
        if (ids.includes('take:all')) {
          expect(ids).toContain('take');
          const seat = d.seat;
          expect(strip(takeOn(step(s, 'take:all'), seat))).toEqual(strip(takeOn(step(s, 'take'), seat)));
          seen.takeAll = (seen.takeAll ?? 0) + 1;
        }
        const pool = d.options.filter((o) => o.role !== 'back');
        s = step(s, pool[randInt(rng, pool.length)]!.id);
      }
    }
    for (const kind of ['set', 'killTake', 'withFood', 'labourAction', 'takeAll', 'killIdol', 'restIdol', 'walk']) expect(seen[kind], kind).toBeGreaterThan(0);
  });

  it('GIVEN random games THEN resting with the idol step is offered exactly as trying each rest placement out finds it', () => {
    let compared = 0, none = 0;
    for (let g = 0; g < 12; g++) {
      const players = 2 + (g % 3);
      const on = g % 2 ? 'yes' : 'no';
      let s = engine.setup(players, { rest: on, short: g % 4 < 2 ? 'yes' : 'no' }, `rest-idol-${g}`);
      const rng = seedRng(`rest-idol-${g}`);
      for (let n = 0; n < 3000 && engine.decisions(s).length; n++) {
        const d = engine.decisions(s)[0]!;
        if (s.phase === 'action' && !s.queue.length && s.turn?.stage === 'progress') {
          const place = d.options.filter((o) => o.payload?.kind === 'place' && o.payload.lower === 'idol');
          const probed = thenIdolOptions(s, d.seat, place, engine.decisions, engine.perform, REST_IDOL);
          expect(d.options.filter((o) => o.payload?.kind === 'thenIdol')).toEqual(probed);
          compared++;
          if (!probed.length) none++;
        }
        const pool = d.options.filter((o) => o.role !== 'back');
        s = step(s, pool[randInt(rng, pool.length)]!.id);
      }
    }
    expect(compared).toBeGreaterThan(100);
    expect(none).toBeGreaterThan(0); // a rest tile to choose first
  });

  it('GIVEN random games THEN a kill with the idol step read off the queue is the idol step trying the kill out finds', () => {
    const found: Record<string, number> = { read: 0, none: 0, tried: 0 };
    for (let g = 0; g < 24; g++) {
      const players = 2 + (g % 3);
      const on = g % 2 ? 'yes' : 'no';
      let s = engine.setup(players, { rest: on, ice: on, short: g % 4 < 2 ? 'yes' : 'no' }, `kill-idol-${g}`);
      const rng = seedRng(`kill-idol-${g}`);
      for (let n = 0; n < 3000 && engine.decisions(s).length; n++) {
        const d = engine.decisions(s)[0]!;
        if (s.queue[0]?.k === 'kill') {
          for (const o of d.options.filter((x) => x.payload?.kind === 'kill')) {
            const read = idolAfterKill(s, d.seat, o);
            const tried = thenIdolOptions(s, d.seat, [o], engine.decisions, engine.perform, { label: (_, x) => x.label });
            if (read === undefined) { found.tried!++; continue; }
            expect(read.filter((x) => x.payload && !x.role).map((x) => x.id)).toEqual(tried.map((x) => (x.payload as { next: string }).next));
            found[read.length ? 'read' : 'none']!++;
          }
        }
        const pool = d.options.filter((o) => o.role !== 'back');
        s = step(s, pool[randInt(rng, pool.length)]!.id);
      }
    }
    expect(found.read).toBeGreaterThan(20);
    expect(found.none).toBeGreaterThan(0);
  });
});
