/** Invariants checked after every step of the self-play runs. Plain checks; a broken one throws with the reason. */
import { engine } from '../../src/games/eiszeit/index.js';
import type { EiszeitState, Report } from '../../src/games/eiszeit/state.js';
import { totals } from './build.js';

const CARD_ID = /"([LD]\d\d)"/g;
let lastReport: string | null = null;

function fail(why: string): never {
  throw new Error(`invariant broken: ${why}`);
}

export function checkInvariants(state: EiszeitState): void {
  const s = state;
  const t = totals(s);
  if (t.stones !== 50) fail(`stones ${t.stones} != 50`);
  if (t.hunters !== 65) fail(`hunters ${t.hunters} != 65`);
  if (t.mammoths !== 6) fail(`mammoths ${t.mammoths} != 6`);
  if (t.clubs !== 6) fail(`clubs ${t.clubs} != 6`);
  for (const arr of [...s.hunters, ...s.clubbed, s.mammothsIn, s.stones, s.supply, s.clubsHeld]) if (arr.some((x) => x < 0)) fail('negative count');
  if (s.light < 0 || s.dark < 0 || s.mammoths < 0 || s.clubs < 0) fail('negative supply');
  for (let r = 0; r < 12; r++) {
    for (let q = 0; q < s.players; q++) if (s.clubbed[r]![q]! > s.hunters[r]![q]!) fail('more clubs than hunters');
    if (!s.glacier[r]) continue;
    for (let q = 0; q < s.players; q++) if (s.hunters[r]![q]! > 0) fail(`hunter on glacier ${r + 1}`);
    if (s.mammothsIn[r]! > 0) fail(`mammoth on glacier ${r + 1}`);
    if (s.fireAt.includes(r)) fail(`fire on glacier ${r + 1}`);
  }
  const cards = [...s.drawL, ...s.drawD, ...s.discL, ...s.discD, ...s.hands.flat(), ...(s.topL ? [s.topL] : []), ...(s.topD ? [s.topD] : [])];
  if (s.act && s.stage === 'act' && !cards.includes(s.act.card)) fail('card in play lost');
  if (new Set(cards).size !== 55 || cards.length !== 55) fail(`card count ${cards.length}`);
  if (s.phase === 'settle' && s.stage === 'play' && s.hands[s.seat]!.length !== 5) fail('hand not 5 at turn start');
  for (const h of s.hands) if (h.length === 5 && (h.every((x) => x[0] === 'L') || h.every((x) => x[0] === 'D'))) fail('five of one colour');
  // limits hold after the conflicts, except where every hunter left carries a club
  if (s.report && JSON.stringify(s.report) !== lastReport) {
    lastReport = JSON.stringify(s.report);
    const rep: Report = s.report;
    for (const l of rep.lines) {
      const after = l.before.map((b, q) => b - l.removed[q]!);
      if (after.reduce((a, b) => a + b, 0) > l.limit && after.some((a, q) => a !== l.clubs[q])) fail(`region ${l.region + 1} over its limit with unclubbed hunters`);
    }
  }
  // decisions fit Discord: at most ~45 options, at most 25 per select menu (group) or as buttons (ungrouped)
  for (const d of engine.decisions(state)) {
    if (d.options.length > 45) fail(`${d.options.length} options`);
    const per = new Map<string, number>();
    for (const o of d.options) per.set(o.group ?? '', (per.get(o.group ?? '') ?? 0) + 1);
    for (const [g, k] of per) if (k > 25) fail(`${k} options in group '${g}'`);
  }
  // hidden information: a view holds card ids only of its own hand and the face-up cards, and no fire value
  const open = new Set<string>([...(s.topL ? [s.topL] : []), ...(s.topD ? [s.topD] : []), ...(s.act ? [s.act.card, s.act.effect] : [])]);
  step++;
  for (let seat = -1; seat < s.players; seat++) {
    const v = engine.view(state, seat < 0 ? null : seat);
    const own = seat < 0 ? [] : s.hands[seat]!;
    if (seat < 0 ? v.hand !== null : v.hand?.join() !== own.join()) fail(`seat ${seat}: hand in view is not its own`);
    for (const id of [v.topL, v.topD, v.playing?.card, v.playing?.effect]) if (id && !open.has(id)) fail(`seat ${seat} sees hidden card ${id}`);
    if (v.regions.some((r) => typeof r.fires !== 'number')) fail('fire values in a view');
    // every 25th step also scan the whole serialised view for any card id or fire field
    if (step % 25 === 0) {
      const json = JSON.stringify(v);
      if (json.includes('fireVal') || json.includes('fireAt')) fail('fire tiles in a view');
      const mine = new Set(own);
      for (const m of json.matchAll(CARD_ID)) if (!mine.has(m[1]!) && !open.has(m[1]!)) fail(`seat ${seat} sees hidden card ${m[1]}`);
    }
  }
}
let step = 0;
