/** Das Tal der Mammuts' invariants for the contract runs of every game (test/contract.test.ts). */
import { engine as talEngine, type TalState } from '../../src/games/tal/index.js';
import { board, totals, capOf } from '../../src/games/tal/state.js';
import { currentTalData, SPECIES } from '../../src/games/tal/data.js';

/** Checked after every step of every self-play game. */
const CARD_IDS = new Set(currentTalData().deck);

export function invariant(s: TalState): void {
  const fail = (what: string): never => { throw new Error(`invariant broken: ${what}`); };
  const b = board(s);
  const P = s.players;
  for (let p = 0; p < P; p++) {
    const t = totals(s, p);
    // figures conserved: on the board never more than the tribe's pieces (the rest is its supply), never negative
    if (t.m > capOf(s, p, 'm') || t.w > capOf(s, p, 'w')) fail(`seat ${p} has ${t.m} warriors, ${t.w} women`);
    if (s.tribes[p]!.food < 0) fail(`negative food of seat ${p}`);
    if (s.tribes[p]!.hand.length > 5) fail(`hand of seat ${p} over the limit`);
    if (s.hx.camp.filter((c) => c === p).length > 5) fail(`seat ${p} has more than 5 camps`);
  }
  if (s.hx.m.some((x) => x < 0) || s.hx.w.some((x) => x < 0) || s.hx.an.some((x) => x < 0)) fail('negative count');
  // one camp per hex holds by construction (one owner slot per hex); camps only on land, fields only on plains
  for (let i = 0; i < 37; i++) {
    const bh = b.hexes[i]!;
    let here = 0;
    for (let p = 0; p < P; p++) here += s.hx.m[i * P + p]! + s.hx.w[i * P + p]!;
    for (let k = 0; k < 6; k++) here += s.hx.an[i * 6 + k]!;
    if ((bh.terrain === 'lake' || s.hx.mark[i]) && here > 0) fail(`figures on lake/burnt/flooded hex ${i}`);
    if (s.hx.camp[i]! >= 0 && bh.terrain === 'lake') fail('camp on a lake');
    if (s.hx.crop[i] && bh.terrain !== 'plain') fail('field off a plain');
  }
  if (s.hx.crop.filter((c) => c > 0).length > 9) fail('more than 9 fields');
  if (s.hx.fence.filter((f) => f).length > 2) fail('more than 2 fences');
  // animal tiles: bag + board = 54 lettered; pool + board = 8 letterless wolves
  SPECIES.forEach((sp, k) => {
    let onBoard = 0;
    for (let i = 0; i < 37; i++) onBoard += s.hx.an[i * 6 + k]!;
    const extra = sp === 'wolf' ? currentTalData().letterlessWolves - s.poolWolves : 0;
    if (onBoard !== s.outTiles[k]!.length + extra) fail(`${sp}: ${onBoard} on the board`);
  });
  if (s.bag.length + s.outTiles.reduce((a, x) => a + x.length, 0) !== 54) fail('animal tiles lost');
  // special cards conserved (40) and hidden
  const cards = s.specialDeck.length + s.specialDiscard.length + s.tribes.reduce((a, t) => a + t.hand.length, 0);
  if (cards !== 40) fail(`${cards} special cards`);
  // Discord limits: a select menu holds at most 25 options, a message at most 25 buttons
  for (const d of talEngine.decisions(s)) {
    const groups = new Map<string, number>();
    for (const o of d.options) groups.set(o.group ?? '', (groups.get(o.group ?? '') ?? 0) + 1);
    for (const [g, n] of groups) if (n > 25) fail(`group ${g || '(buttons)'} has ${n} options`);
    if (d.options.length > 60) fail(`${d.options.length} options in one decision`);
  }
  // The spectator view holds no card id at all; every seat's view holds only its own hand and otherwise shares
  // the very same board and account objects as the spectator view (so they cannot hide a card either).
  const spectator = talEngine.view(s, null);
  const cardIds = (json: string): string[] => [...json.matchAll(/"([a-z_]+\.\d+)"/g)].map((x) => x[1]!).filter((id) => CARD_IDS.has(id));
  const seen = cardIds(JSON.stringify(spectator));
  if (seen.length) fail(`card ${seen[0]} visible to spectators`);
  for (let p = 0; p < P; p++) {
    const v = talEngine.view(s, p);
    if (v.hx !== spectator.hx || v.report !== spectator.report) fail('seat views must share the public parts');
    for (const c of cardIds(JSON.stringify({ ...v, hx: null, report: null }))) if (!s.tribes[p]!.hand.includes(c)) fail(`card ${c} visible to seat ${p}`);
    if (JSON.stringify(v.hand) !== JSON.stringify(s.tribes[p]!.hand)) fail(`seat ${p} does not see its own hand`);
  }
}
