import { describe, expect, it } from 'vitest';
import { commonMessages } from '../../src/engine/common-messages.js';
import { formatter } from '../../src/engine/i18n.js';
import { seedRng } from '../../src/engine/rng.js';
import { playRandom } from '../../src/engine/selfplay.js';
import { tal } from '../../src/games/tal/index.js';
import type { TalState } from '../../src/games/tal/engine.js';
import { REPORT_LINES } from '../../src/games/tal/state.js';
import { talStrategy } from '../../src/games/tal/ai.js';

const names = ['Ada', 'Bo', 'Cy', 'Di', 'Ed', 'Flo'];
const fmt = (locale: 'en' | 'de') => formatter(locale, [commonMessages, tal.engine.messages], (s) => names[s]!);
const PNG = [0x89, 0x50, 0x4e, 0x47];

function statesOf(players: number, seed: string, rules = 'advanced'): TalState[] {
  const out: TalState[] = [];
  playRandom(tal.engine, players, { maxRounds: '6', rules }, seed, { onStep: ({ after, step }) => { if (step % 40 === 0 || after.stage === 'over') out.push(after); } });
  return out;
}

describe('views', () => {
  it('a seat sees its own cards and only the number of the others', () => {
    const s = statesOf(4, 'hidden')[3]!;
    const v = tal.engine.view(s, 1);
    expect(v.hand).toEqual(s.tribes[1]!.hand);
    expect(v.tribes.map((t) => t.cards)).toEqual(s.tribes.map((t) => t.hand.length));
    expect(tal.engine.view(s, null).hand).toBeNull();
  });

  it('determinize keeps what the seat knows and redraws the rest', () => {
    const s = statesOf(4, 'det')[2]!;
    const d = tal.engine.determinize!(s, 0, seedRng('x'));
    expect(d.tribes[0]!.hand).toEqual(s.tribes[0]!.hand);
    expect(d.tribes.map((t) => t.hand.length)).toEqual(s.tribes.map((t) => t.hand.length));
    const pool = (x: TalState) => [...x.specialDeck, ...x.tribes.slice(1).flatMap((t) => t.hand)].sort();
    expect(pool(d)).toEqual(pool(s));
    expect(JSON.stringify(d.hx)).toBe(JSON.stringify(s.hx));
    expect(d.rng).not.toEqual(s.rng); // future dice are not foreseeable either
    expect(d.specialDeck.join() + d.tribes.map((t) => t.hand.join()).join()).not.toBe(s.specialDeck.join() + s.tribes.map((t) => t.hand.join()).join());
  });

  it('every message the table image uses exists in English and German', () => {
    const en = Object.keys(tal.engine.messages.en).sort();
    const de = Object.keys(tal.engine.messages.de).sort();
    expect(de).toEqual(en);
  });

});

describe('pictures', () => {
  it('the table and the hand render in both languages at every stage met, for 2 to 6 players', () => {
    for (const players of [2, 4, 6]) {
      for (const s of statesOf(players, `render-${players}`).slice(0, 4)) {
        for (const locale of ['en', 'de'] as const) {
          const ctx = { t: fmt(locale), names };
          const table = tal.ui.renderTable(tal.engine.view(s, null), ctx);
          expect([...table.subarray(0, 4)]).toEqual(PNG);
          const hand = tal.ui.renderHand(tal.engine.view(s, 0), 0, ctx);
          expect(hand === null || hand.subarray(0, 4).equals(Buffer.from(PNG))).toBe(true);
          expect(tal.ui.status(tal.engine.view(s, 0), ctx)).toMatch(/\d/);
        }
      }
    }
  });

  it('GIVEN an account that has lost its oldest lines THEN the picture says earlier lines are in the Log (play-through Tal 6)', () => {
    const lines = (st: TalState) => st.report.reduce((a, x) => a + x.lines.length, 0);
    const states = statesOf(4, 'report-full');
    const full = states.find((st) => lines(st) >= REPORT_LINES);
    const short = states.find((st) => lines(st) > 0 && lines(st) < REPORT_LINES);
    expect(full && short, 'the game met a full and a short account').toBeTruthy();
    const asked = (st: TalState) => {
      const keys: string[] = [];
      const t = fmt('en');
      tal.ui.renderTable(tal.engine.view(st, null), { t: Object.assign((msg: Parameters<typeof t>[0]) => { keys.push(msg.key); return t(msg); }, t), names });
      return keys;
    };
    expect(asked(full!)).toContain('tal.acc.earlier');
    expect(asked(short!)).not.toContain('tal.acc.earlier');
  });

  it('a finished game renders with its result', () => {
    const r = playRandom(tal.engine, 3, { maxRounds: '3' }, 'end', { chooser: talStrategy });
    expect(r.finished).toBe(true);
    const png = tal.ui.renderTable(tal.engine.view(r.state, null), { t: fmt('en'), names });
    expect([...png.subarray(0, 4)]).toEqual(PNG);
    expect(tal.engine.outcome(r.state)!.ranking).toHaveLength(3);
  });
});

describe('self-play with a simple strategy', () => {
  it('victory with four camps is reachable: some of ten 3-player games are won before 40 rounds', () => {
    let won = 0;
    for (let g = 0; g < 10; g++) {
      const r = playRandom(tal.engine, 3, { maxRounds: '40' }, `strategy-${g}`, { chooser: talStrategy });
      expect(r.finished).toBe(true);
      const m = tal.engine.metrics!(r.state);
      expect(m.endVictory + m.endAllLost + m.endRoundCap).toBe(1);
      if (m.endVictory) { won++; expect(m.maxCamps).toBeGreaterThanOrEqual(4); }
    }
    expect(won).toBeGreaterThan(0);
  });
});
