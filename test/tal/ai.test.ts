import { describe, expect, it } from 'vitest';
import { apply } from '../../src/engine/apply.js';
import { randInt, seedRng } from '../../src/engine/rng.js';
import { candidateOptions } from '../../src/ai/player.js';
import { runMatch } from '../../scripts/ai-match.js';
import { startMovement, type TalState } from '../../src/games/tal/engine.js';
import { engine as talEngine } from '../../src/games/tal/index.js';
import { talEstimate, talPolicy, tribeStrength } from '../../src/games/tal/ai.js';
import { emptyValley, put } from './builders.js';

/** States met in random 2–4 player games (every 7th step), with the seat that owes the decision there. */
function randomStates(players: number, seed: string): { s: TalState; seat: number; ids: string[] }[] {
  const out: { s: TalState; seat: number; ids: string[] }[] = [];
  const rng = seedRng(`states:${seed}`);
  let s = talEngine.setup(players, { rules: players === 3 ? 'advanced' : 'basic' }, seed);
  for (let step = 0; step < 1500; step++) {
    const owed = talEngine.decisions(s);
    if (owed.length === 0) break;
    const d = owed[0]!;
    const ids = candidateOptions(d).map((o) => o.id);
    if (step % 7 === 0) out.push({ s, seat: d.seat, ids });
    const r = apply(talEngine, s, d.seat, ids[randInt(rng, ids.length)]!);
    if (!r.ok) throw new Error(r.error.code);
    s = r.state;
  }
  return out;
}

/** Plays one seat by `talPolicy` and the others at random; true when the policy's seat won alone. */
function policyGame(seed: string, seat: number): boolean {
  const rng = seedRng(`policy:${seed}`);
  let s = talEngine.setup(2, {}, seed);
  for (let step = 0; step < 20_000; step++) {
    const owed = talEngine.decisions(s);
    if (owed.length === 0) break;
    const d = owed[0]!;
    const ids = candidateOptions(d).map((o) => o.id);
    const k = d.seat === seat ? talPolicy(s, d.seat, ids, rng) : randInt(rng, ids.length);
    const r = apply(talEngine, s, d.seat, ids[k]!);
    if (!r.ok) throw new Error(`${ids[k]} rejected: ${r.error.code}`);
    s = r.state;
  }
  const o = talEngine.outcome(s);
  return !!o && o.winners.length === 1 && o.winners[0] === seat;
}

describe('computer player hooks of Das Tal der Mammuts', () => {
  const samples = [...randomStates(2, 'a'), ...randomStates(3, 'b'), ...randomStates(4, 'c')];

  it('GIVEN states from random games THEN the estimate lies in [0, 1] for every seat and the policy picks an offered index', () => {
    expect(samples.length).toBeGreaterThan(60);
    const stages = new Set<string>();
    for (const [n, { s, seat, ids }] of samples.entries()) {
      for (let p = 0; p < s.players; p++) {
        const e = talEstimate(s, p);
        expect(e).toBeGreaterThanOrEqual(0);
        expect(e).toBeLessThanOrEqual(1);
      }
      const k = talPolicy(s, seat, ids, seedRng(`pick:${n}`));
      expect(Number.isInteger(k)).toBe(true);
      expect(k).toBeGreaterThanOrEqual(0);
      expect(k).toBeLessThan(ids.length);
      expect(apply(talEngine, s, seat, ids[k]!).ok).toBe(true);
      stages.add(s.stage);
    }
    expect([...stages]).toEqual(expect.arrayContaining(['setup', 'movement', 'combat', 'survival']));
  });

  it('GIVEN two determinizations of one seat\'s view THEN estimate and policy agree (they read nothing hidden)', () => {
    let handsDiffered = 0;
    for (const [n, { s, seat, ids }] of samples.entries()) {
      const a = talEngine.determinize!(s, seat, seedRng(`world-a:${n}`));
      const b = talEngine.determinize!(s, seat, seedRng(`world-b:${n}`));
      if (JSON.stringify(a.tribes.map((t) => t.hand)) !== JSON.stringify(b.tribes.map((t) => t.hand))) handsDiffered++;
      expect(talEstimate(b, seat)).toBe(talEstimate(a, seat));
      expect(talPolicy(b, seat, ids, seedRng(`same:${n}`))).toBe(talPolicy(a, seat, ids, seedRng(`same:${n}`)));
    }
    expect(handsDiffered, 'the determinizations did redraw hidden cards').toBeGreaterThan(10);
  });

  it('GIVEN more camps, or a tribe wiped out THEN the estimate orders them', () => {
    const s = emptyValley(2);
    const home = put(s, 0, 0, 0, 2, 1);
    s.hx.camp[home] = 0;
    put(s, -2, 1, 1, 2, 1);
    const one = talEstimate(s, 0);
    const second = put(s, 2, -1, 0, 1, 1);
    s.hx.camp[second] = 0;
    expect(talEstimate(s, 0)).toBeGreaterThan(one);
    expect(tribeStrength(s, 1)).toBeLessThan(tribeStrength(s, 0));
    s.hx.m.fill(0);
    s.hx.w.fill(0);
    s.hx.camp.fill(-1);
    expect(tribeStrength(s, 0)).toBe(0);
  });

  it('GIVEN a couple alone on a free hex THEN the policy founds a camp there; GIVEN a camp with two women THEN it sends a couple off', () => {
    const s = emptyValley(2);
    const camp = put(s, 0, 0, 0, 3, 2);
    s.hx.camp[camp] = 0;
    const couple = put(s, 2, -1, 0, 1, 1);
    put(s, -3, 3, 1, 2, 1);
    s.queue = [0];
    s.stageStarted = true;
    startMovement(s, 0);
    const ids = () => candidateOptions(talEngine.decisions(s)[0]!).map((o) => o.id);
    expect(ids()).toContain(`found:${couple}`);
    expect(ids()[talPolicy(s, 0, ids(), seedRng('found'))]).toBe(`found:${couple}`);
    // once founded, the camp with two women sends one of them off with a warrior
    const r = apply(talEngine, s, 0, `found:${couple}`);
    expect(r.ok).toBe(true);
    const t = r.ok ? r.state : s;
    const next = candidateOptions(talEngine.decisions(t)[0]!).map((o) => o.id);
    expect(next[talPolicy(t, 0, next, seedRng('split'))]).toBe(`from:${camp}`);
  });

  it('GIVEN 20 two-player games of the policy alone against random THEN it wins most of them', () => {
    let wins = 0;
    for (let g = 0; g < 20; g++) if (policyGame(`policy-${g}`, g % 2)) wins++;
    // random tribes nearly always starve (no winner at all); the policy usually reaches four camps
    expect(wins).toBeGreaterThanOrEqual(14);
  });

  it('GIVEN eight seeded two-player games and 8 playouts a decision THEN the strong level beats random clearly', async () => {
    const r = await runMatch({ game: talEngine, games: 8, players: 2, maxIterations: 8, seed: 'tal-strong' });
    expect(r.wins + r.ties + r.losses + r.unfinished).toBe(8);
    expect(r.searched).toBeGreaterThan(0);
    // without the hooks the strong level won none of its games (random tribes starve); here most are won
    expect(r.wins).toBeGreaterThanOrEqual(6);
  }, 120_000); // no speed goal: a generous limit for a busy machine
});
