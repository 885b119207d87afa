import { beforeEach, describe, expect, it, vi } from 'vitest';

/** Scripted dice: tests push the faces the game will throw next; when empty, the real generator is used. */
const dice: number[] = [];
vi.mock('../../src/engine/rng.js', async (orig) => {
  const real = await orig<typeof import('../../src/engine/rng.js')>();
  return { ...real, rollDie: (r: import('../../src/engine/rng.js').RngState, sides = 6) => (dice.length ? dice.shift()! : real.rollDie(r, sides)) };
});

import { apply } from '../../src/engine/apply.js';
import { animalPath, drawAnimals, moveAllAnimals } from '../../src/games/tal/animals.js';
import { combatHexes, resolveHex } from '../../src/games/tal/combat.js';
import { SPECIES, currentTalData, validateBoard, validateEvents, validateSpecials, validateAnimals, DIRS } from '../../src/games/tal/data.js';
import { advance, birth, decisions, endRound, foodCost, income, reach, runStage, startHexes, type TalState } from '../../src/games/tal/engine.js';
import { engine as talEngine } from '../../src/games/tal/index.js';
import { an, board, campAt, campsOf, fig, setCamp, setMarker, totals } from '../../src/games/tal/state.js';
import { animal, camp, ctx, emptyValley, hx, put } from './builders.js';
import { readFileSync } from 'node:fs';

const N = DIRS.indexOf('N'), NE = DIRS.indexOf('NE'), SE = DIRS.indexOf('SE'), S = DIRS.indexOf('S');
const sp = (x: string) => SPECIES.indexOf(x as never);

beforeEach(() => { dice.length = 0; });

function startCombat(s: TalState): void {
  s.stage = 'combat';
  s.combat = { orderIndex: 0, hex: null, cardWindow: [], bonusTribes: {}, bonusAnimals: {}, brave: [], defected: 0, waitingFor: null };
}
function fight(s: TalState, hex: number): ReturnType<typeof resolveHex> {
  startCombat(s);
  s.combat!.hex = hex;
  return resolveHex(s, hex, ctx());
}
function choose(s: TalState, seat: number, id: string): TalState {
  const r = apply(talEngine, s, seat, id);
  if (!r.ok) throw new Error(`${id}: ${r.error.code} (offered: ${decisions(s).map((d) => `${d.seat}:${d.options.map((o) => o.id).join(',')}`).join(' | ')})`);
  return r.state;
}

describe('animal movement table (rulebook: wolf/tiger 3, bear/bison 2, rhino/mammoth 1)', () => {
  it.each([['wolf', 3], ['tiger', 3], ['bear', 2], ['bison', 2], ['rhino', 1], ['mammoth', 1]] as const)('a %s moves %i hexes down an open column', (species, range) => {
    const s = emptyValley();
    animal(s, 0, -2, species);
    const path = animalPath(s, sp(species), hx(0, -2), S);
    expect(path).toEqual([hx(0, -1), hx(0, 0), hx(0, 1)].slice(0, range));
  });

  it('bison, rhino and mammoth do not enter mountains and turn back; wolves, tigers and bears cross them', () => {
    const s = emptyValley();
    for (const big of ['bison', 'rhino', 'mammoth']) expect(animalPath(s, sp(big), hx(1, 1), SE)[0]).toBe(hx(0, 1)); // SE is the mountain (2,1): they go north-west
    for (const small of ['wolf', 'tiger', 'bear']) expect(animalPath(s, sp(small), hx(1, 1), SE)[0]).toBe(hx(2, 1));
  });

  it('only bears cross rivers; the others turn back when the river is in their first step', () => {
    const s = emptyValley();
    expect(animalPath(s, sp('bear'), hx(1, 1), S)).toEqual([hx(1, 2)]); // then the board edge stops it
    expect(animalPath(s, sp('wolf'), hx(1, 1), S)).toEqual([hx(1, 0)]); // back north, then the lake (1,-1) stops it
    expect(animalPath(s, sp('bison'), hx(1, 1), S)).toEqual([hx(1, 0)]);
  });

  it('the board edge turns an animal back; a lake, a burnt or flooded hex stops it', () => {
    const s = emptyValley();
    expect(animalPath(s, sp('rhino'), hx(0, 3), S)).toEqual([hx(0, 2)]);
    setMarker(s, hx(0, 0), 'burnt');
    expect(animalPath(s, sp('wolf'), hx(0, -2), S)).toEqual([hx(0, -1)]);
    setMarker(s, hx(0, 0), 'flooded');
    expect(animalPath(s, sp('wolf'), hx(0, -2), S)).toEqual([hx(0, -1)]);
  });

  it('an animal stops on a hex with people and does not move while it stands with people', () => {
    const s = emptyValley();
    put(s, 0, -1, 0, 1);
    expect(animalPath(s, sp('wolf'), hx(0, -2), S)).toEqual([hx(0, -1)]);
    animal(s, 0, -1, 'tiger');
    moveAllAnimals(s, S, ctx());
    expect(an(s, hx(0, -1), sp('tiger'))).toBe(1);
  });

  it('the die picks the direction on the wind rose (reconstructed: 1 = north, clockwise)', () => {
    expect(currentTalData().wind).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('herds and the order rule', () => {
  it('the move that forms a herd comes first, and the new herd moves on together', () => {
    const s = emptyValley();
    animal(s, 0, -2, 'wolf');
    animal(s, 0, 0, 'wolf');
    moveAllAnimals(s, S, ctx());
    // moved the other way round the front wolf would run to (0,3) and the back one to (0,1): no herd
    expect(an(s, hx(0, 3), sp('wolf'))).toBe(2);
    expect(s.hx.an.filter((_, k) => k % 6 === sp('wolf')).reduce((a, x) => a + x, 0)).toBe(2);
  });

  it('an animal joining a herd that already moved stays with it', () => {
    const s = emptyValley();
    animal(s, 0, 2, 'bison');
    animal(s, 0, 0, 'bison');
    // wind south: the front bison is blocked by the edge after one step (0,3); the back one reaches it
    moveAllAnimals(s, S, ctx());
    expect(an(s, hx(0, 3), sp('bison'))).toBe(2);
  });

  it('different species on one hex stay separate stacks', () => {
    const s = emptyValley();
    animal(s, 0, -2, 'wolf');
    animal(s, 0, 1, 'mammoth');
    moveAllAnimals(s, S, ctx());
    expect(an(s, hx(0, 1), sp('wolf'))).toBe(1); // wolf passes (0,-1),(0,0),(0,1): 3 steps, a mammoth does not stop it
    expect(an(s, hx(0, 2), sp('mammoth'))).toBe(1);
  });
});

describe('crops', () => {
  it('a large animal entering a field damages it, a second visit destroys it; the camp stays', () => {
    const s = emptyValley();
    const field = hx(2, -1);
    s.hx.crop[field] = 2;
    camp(s, 2, -1, 0);
    animal(s, 1, 0, 'bison');
    moveAllAnimals(s, NE, ctx()); // (2,-1) then (3,-2)
    expect(s.hx.crop[field]).toBe(1);
    animal(s, 1, 0, 'rhino');
    moveAllAnimals(s, NE, ctx());
    expect(s.hx.crop[field]).toBe(0);
    expect(campAt(s, field)).not.toBeNull();
  });

  it('wolves, tigers and bears do not harm fields', () => {
    const s = emptyValley();
    s.hx.crop[hx(2, -1)] = 2;
    for (const x of ['wolf', 'tiger', 'bear'] as const) animal(s, 1, 0, x);
    moveAllAnimals(s, NE, ctx());
    expect(s.hx.crop[hx(2, -1)]).toBe(2);
  });

  it('a large animal arriving on a field damages it at once', () => {
    const s = emptyValley();
    const b = hx(-3, 3); // letter b
    s.hx.crop[b] = 2;
    s.bag = [currentTalData().tiles.findIndex((t) => t.species === 'bison' && t.letter === 'b')];
    drawAnimals(s, 1, ctx());
    expect(an(s, b, sp('bison'))).toBe(1);
    expect(s.hx.crop[b]).toBe(1);
  });
});

describe('movement of people', () => {
  it('one or two hexes, no lakes or rivers, stop on entering a mountain', () => {
    const s = emptyValley();
    const r = reach(s, 0, hx(1, 0), 2, false, false);
    expect(r.get(hx(0, 0))).toBe(1);
    expect(r.has(hx(0, 1)) && r.get(hx(0, 1))).toBe(2); // the river (0,1)|(1,0) forces the way round by (1,1)
    expect(r.get(hx(2, 0))).toBe(1); // a mountain can be entered ...
    expect(r.has(hx(3, 0))).toBe(false); // ... but not crossed
    expect(r.has(hx(1, -1))).toBe(false); // lake
    expect(r.has(hx(2, -2))).toBe(false); // across a river
    expect(r.has(hx(1, 2))).toBe(false); // across a river
    expect([...r.values()].every((d) => d <= 2)).toBe(true);
  });

  it('people stop where animals or other tribes stand', () => {
    const s = emptyValley();
    animal(s, 0, 0, 'wolf');
    const r = reach(s, 0, hx(1, 0), 2, false, false);
    expect(r.get(hx(0, 0))).toBe(1);
    expect(r.has(hx(-1, 0))).toBe(false); // only beyond the wolf
  });

  it('from a hex with an animal only the surplus moves and at least as many stay behind', () => {
    let s = emptyValley();
    const from = put(s, 0, -1, 0, 3);
    animal(s, 0, -1, 'wolf');
    advance(s, ctx());
    expect(decisions(s)[0]!.options.map((o) => o.id)).toContain(`from:${from}`);
    s = choose(s, 0, `from:${from}`);
    s = choose(s, 0, `to:${hx(0, -2)}`);
    expect(decisions(s)[0]!.options.filter((o) => o.role !== 'back').map((o) => o.id)).toEqual(['m:1', 'm:2']);
    s = choose(s, 0, 'm:2');
    expect(fig(s, 'm', from, 0)).toBe(1);
    expect(fig(s, 'm', hx(0, -2), 0)).toBe(2);
  });

  it('a group that does not outnumber the animals there cannot move', () => {
    const s = emptyValley();
    const from = put(s, 0, -1, 0, 1, 1);
    animal(s, 0, -1, 'bear', 2);
    put(s, 2, -1, 0, 1); // something else to do, so the turn is offered
    advance(s, ctx());
    expect(decisions(s)[0]!.options.map((o) => o.id)).not.toContain(`from:${from}`);
  });

  it('a figure moves at most two hexes in a turn, in one or two goes; back undoes a step', () => {
    let s = emptyValley();
    const from = put(s, 0, -2, 0, 1);
    advance(s, ctx());
    s = choose(s, 0, `from:${from}`);
    s = choose(s, 0, `to:${hx(0, -1)}`);
    const before = JSON.stringify(s.hx);
    s = choose(s, 0, 'back');
    s = choose(s, 0, 'back');
    expect(decisions(s)[0]!.options.map((o) => o.id)).toContain('finish');
    s = choose(s, 0, `from:${from}`);
    s = choose(s, 0, `to:${hx(0, -1)}`);
    expect(JSON.stringify(s.hx)).toBe(before); // nothing committed before the count is chosen
    s = choose(s, 0, 'm:1');
    expect(fig(s, 'm', hx(0, -1), 0)).toBe(1);
    s = choose(s, 0, `from:${hx(0, -1)}`);
    const dests = decisions(s)[0]!.options.map((o) => o.id).filter((id) => id.startsWith('to:'));
    expect(dests).toContain(`to:${hx(0, 0)}`);
    expect(dests).not.toContain(`to:${hx(0, 1)}`); // one step left
  });

  it('a lone couple that has not moved founds a camp: village on plain or forest, cave in the mountains', () => {
    let s = emptyValley();
    const a = put(s, 0, -2, 0, 1, 1);
    const b = put(s, 1, -2, 0, 1, 1); // mountain
    const c = put(s, -1, 0, 0, 2, 1); // not a couple
    advance(s, ctx());
    const ids = decisions(s)[0]!.options.map((o) => o.id);
    expect(ids).toContain(`found:${a}`);
    expect(ids).toContain(`found:${b}`);
    expect(ids).not.toContain(`found:${c}`);
    s = choose(s, 0, `found:${a}`);
    s = choose(s, 0, `found:${b}`);
    expect(campAt(s, a)).toEqual({ seat: 0, kind: 'village' });
    expect(campAt(s, b)).toEqual({ seat: 0, kind: 'cave' });
    expect(decisions(s)[0]!.options.map((o) => o.id)).not.toContain(`from:${a}`); // they built instead of moving
  });

  it('a couple that moved this turn cannot found a camp', () => {
    let s = emptyValley();
    const a = put(s, 0, -2, 0, 1, 1);
    advance(s, ctx());
    s = choose(s, 0, `from:${a}`);
    s = choose(s, 0, `to:${hx(0, -1)}`);
    s = choose(s, 0, 'm:1');
    s = choose(s, 0, 'w:1');
    expect(decisions(s)[0]!.options.map((o) => o.id)).not.toContain(`found:${hx(0, -1)}`);
  });

  it('a camp left without a woman is abandoned', () => {
    let s = emptyValley();
    const a = put(s, 0, -2, 0, 1, 1);
    camp(s, 0, -2, 0);
    advance(s, ctx());
    s = choose(s, 0, `from:${a}`);
    s = choose(s, 0, `to:${hx(0, -1)}`);
    s = choose(s, 0, 'm:0');
    s = choose(s, 0, 'w:1');
    expect(campAt(s, a)).toBeNull();
  });
});

describe('combat', () => {
  it('tribe against tribe: die + 1 per warrior after the first + camp bonus; the lower loses a warrior', () => {
    const s = emptyValley();
    const h = put(s, 0, -2, 0, 3);
    put(s, 0, -2, 1, 2);
    camp(s, 0, -2, 1, 'cave');
    // A: 2+2 = 4, B: 1+1+2 = 4 tie; A: 5+2 = 7, B: 3+3 = 6 → B loses; A 1+2=3 vs B 6+0+2=8 → A loses; A 6+1=7 vs B 2+2=4 → B out
    dice.push(2, 1, 5, 3, 1, 6, 6, 2);
    fight(s, h);
    expect(fig(s, 'm', h, 0)).toBe(2);
    expect(fig(s, 'm', h, 1)).toBe(0);
    const lines = s.report[0]!.lines.map((l) => l.key);
    expect(lines[0]).toBe('tal.acc.tie2');
  });

  it('women do not fight warriors: they go over to the winner (own figures), even in a camp', () => {
    const s = emptyValley();
    const h = put(s, 0, -2, 0, 0, 2);
    camp(s, 0, -2, 0);
    camp(s, 1, 1, 0); // tribe 0 has a second camp
    put(s, 1, 1, 0, 0, 1);
    put(s, 0, -2, 1, 1, 1);
    s.tribes[0]!.food = 13;
    s.tribes[1]!.food = 0;
    expect(fight(s, h)).toBe(false); // conquest: keep or burn
    expect(fig(s, 'w', h, 0)).toBe(0);
    expect(fig(s, 'w', h, 1)).toBe(3);
    expect(s.tribes[1]!.food).toBe(3); // a quarter of 13, rounded down
    expect(s.tribes[0]!.food).toBe(10);
    expect(dice.length).toBe(0);
  });

  it('when the winner has no women left in supply, defecting women leave the game', () => {
    const s = emptyValley();
    const h = put(s, 0, -2, 0, 0, 2);
    put(s, 0, -2, 1, 1, 0);
    put(s, 2, -1, 1, 0, 5); // tribe 1 has 5 of its 6 women elsewhere
    fight(s, h);
    expect(fig(s, 'w', h, 1)).toBe(1);
    expect(totals(s, 0).w).toBe(0);
  });

  it('two warriors of different tribes and a woman of a third: warriors fight, the woman joins the winner', () => {
    const s = emptyValley(3);
    const h = put(s, 0, -2, 0, 1);
    put(s, 0, -2, 1, 1);
    put(s, 0, -2, 2, 0, 1);
    dice.push(6, 1);
    fight(s, h);
    expect(fig(s, 'm', h, 0)).toBe(1);
    expect(fig(s, 'm', h, 1)).toBe(0);
    expect(fig(s, 'w', h, 0)).toBe(1);
    expect(fig(s, 'w', h, 2)).toBe(0);
  });

  it('three tribes: all throw, everyone below the best loses one, until one tribe is left', () => {
    const s = emptyValley(3);
    const h = put(s, 0, -2, 0, 1);
    put(s, 0, -2, 1, 1);
    put(s, 0, -2, 2, 2);
    // 0: 6, 1: 3, 2: 5+1 = 6 → only seat 1 loses; then 0: 2 vs 2: 4+1 = 5 → seat 0 loses
    dice.push(6, 3, 5, 2, 4);
    fight(s, h);
    expect([fig(s, 'm', h, 0), fig(s, 'm', h, 1), fig(s, 'm', h, 2)]).toEqual([0, 0, 2]);
  });

  it('women alone of different tribes fight each other', () => {
    const s = emptyValley();
    const h = put(s, 0, -2, 0, 0, 1);
    put(s, 0, -2, 1, 0, 2);
    dice.push(6, 2, 1, 5);
    fight(s, h);
    expect(fig(s, 'w', h, 0)).toBe(0);
    expect(fig(s, 'w', h, 1)).toBe(1);
  });

  it('fights between tribes come before the fight against animals on the same hex', () => {
    const s = emptyValley();
    const h = put(s, 0, -2, 0, 1);
    put(s, 0, -2, 1, 1);
    animal(s, 0, -2, 'wolf');
    dice.push(6, 1, /* then seat 0 v wolf */ 6, 1);
    fight(s, h);
    expect(fig(s, 'm', h, 0)).toBe(1);
    expect(an(s, h, sp('wolf'))).toBe(0);
    expect(s.tribes[0]!.food).toBe(13); // 12 + 1 for the wolf
  });

  it('tribe against a herd: warriors give bonus, women fight without; the player chooses whom to lose; food per kill', () => {
    let s = emptyValley();
    const h = put(s, 0, -2, 0, 2, 1);
    animal(s, 0, -2, 'bison', 2);
    s.stage = 'combat';
    s.stageStarted = false;
    s.order = [0, 1];
    // tribe 1+1 = 2 vs herd 5+1 = 6 → the tribe loses one: the player chooses
    dice.push(1, 5);
    advance(s, ctx());
    expect(decisions(s)[0]!.options.map((o) => o.id)).toEqual(['lose:m', 'lose:w']);
    // then tribe (1 warrior: +0) 6 vs herd 1+1 = 2 → a bison dies (+4); then 6 vs 1+0 → the second (+4)
    dice.push(6, 1, 6, 1);
    const r = apply(talEngine, s, 0, 'lose:w');
    if (!r.ok) throw new Error('rejected');
    s = r.state;
    expect(fig(s, 'm', h, 0)).toBe(2);
    expect(fig(s, 'w', h, 0)).toBe(0);
    expect(an(s, h, sp('bison'))).toBe(0);
    expect(s.tribes[0]!.food).toBeGreaterThanOrEqual(12 + 8 - 3); // survival may already have been paid
    const kills = r.events.filter((e) => e.msg.key === 'tal.acc.kill');
    expect(kills.map((k) => k.msg.args!.food)).toEqual([4, 4]);
  });

  it('species on one hex are fought one after another, the strongest first', () => {
    const s = emptyValley();
    const h = put(s, 0, -2, 0, 3);
    animal(s, 0, -2, 'wolf');
    animal(s, 0, -2, 'mammoth');
    dice.push(6, 1, 6, 1);
    fight(s, h);
    const throws = s.report[0]!.lines.filter((l) => l.key === 'tal.acc.round2').map((l) => (l.args!.b as unknown as { key: string; args: { sp: string } }).args.sp);
    expect(throws).toEqual(['mammoth', 'wolf']);
  });

  it('an animal that kills everybody in a camp removes the camp', () => {
    const s = emptyValley();
    const h = put(s, 0, -2, 0, 0, 1);
    camp(s, 0, -2, 0);
    animal(s, 0, -2, 'tiger');
    dice.push(1, 6);
    fight(s, h);
    expect(campAt(s, h)).toBeNull();
    expect(an(s, h, sp('tiger'))).toBe(1);
  });

  it('conquering the last camp of a tribe gives half its food; burning removes the camp and the defected women', () => {
    let s = emptyValley();
    const h = put(s, 0, -2, 0, 1, 2);
    camp(s, 0, -2, 0);
    put(s, 0, -2, 1, 3);
    s.tribes[0]!.food = 13;
    s.stage = 'combat';
    s.stageStarted = false;
    dice.push(1, 6); // seat 0: 1+0+1 (village) = 2, seat 1: 6+2 = 8
    advance(s, ctx());
    expect(s.tribes[0]!.food).toBe(7);
    expect(s.tribes[1]!.food).toBe(12 + 6);
    expect(decisions(s)[0]).toMatchObject({ seat: 1 });
    s = choose(s, 1, 'camp:burn');
    expect(campAt(s, h)).toBeNull();
    expect(fig(s, 'w', h, 1)).toBe(0);
    expect(fig(s, 'm', h, 1)).toBe(3);
  });

  it('a conquered camp can be kept: it becomes the winner\'s camp with the women', () => {
    let s = emptyValley();
    const h = put(s, 1, -2, 0, 0, 1);
    camp(s, 1, -2, 0, 'cave');
    put(s, 1, -2, 1, 1);
    s.stage = 'combat';
    s.stageStarted = false;
    advance(s, ctx());
    s = choose(s, 1, 'camp:take');
    expect(campAt(s, h)).toEqual({ seat: 1, kind: 'cave' });
    expect(fig(s, 'w', h, 1)).toBe(1);
  });

  it('the player whose fights come first chooses their order', () => {
    const s = emptyValley();
    put(s, 0, -2, 0, 1); animal(s, 0, -2, 'wolf');
    put(s, 2, -1, 0, 1); animal(s, 2, -1, 'wolf');
    s.stage = 'combat';
    s.stageStarted = false;
    advance(s, ctx());
    expect(combatHexes(s)).toHaveLength(2);
    expect(decisions(s)[0]!.options.map((o) => o.id).sort()).toEqual([`fight:${hx(0, -2)}`, `fight:${hx(2, -1)}`].sort());
  });
});

describe('survival', () => {
  it('fishing 1 by a lake or river, 2 by both; gathering 1 per forest in summer; 1 food per person', () => {
    const s = emptyValley();
    s.season = 'summer'; s.roundInSeason = 1;
    put(s, 0, -2, 0, 1); // plain by the lake (1,-1)? no: (0,-2) touches (-1,-1),(1,-3),(1,-2),(0,-1),(-1,-2),(0,-3): no water
    put(s, 0, 0, 0, 1); // forest by the lakes (-1,1) and (1,-1): fishing 1 + gathering 1
    put(s, -3, 2, 0, 1); // forest on the river (-3,1)|(-3,2): 1 + 1
    put(s, 1, 0, 0, 2); // plain by the lake (1,-1) and the river (0,1)|(1,0): 2
    expect(income(s, 0)).toEqual({ fish: 4, gather: 2, harvest: 0 });
    expect(foodCost(s, 0)).toBe(5);
    s.season = 'winter';
    expect(income(s, 0).gather).toBe(0);
  });

  it('harvest in the last summer round: 8 per intact, 4 per damaged field under an occupied own village', () => {
    const s = emptyValley();
    s.season = 'summer'; s.roundInSeason = 3;
    const a = put(s, 0, -2, 0, 0, 1); camp(s, 0, -2, 0); s.hx.crop[a] = 2;
    const b = put(s, -1, 0, 0, 0, 1); camp(s, -1, 0, 0); s.hx.crop[b] = 1;
    s.hx.crop[hx(2, -1)] = 2; camp(s, 2, -1, 0); // not occupied → nothing (and abandoned in play)
    expect(income(s, 0).harvest).toBe(12);
    s.roundInSeason = 2;
    expect(income(s, 0).harvest).toBe(0);
  });

  it('people who cannot be fed leave: the player chooses who, then confirms and pays the rest', () => {
    let s = emptyValley();
    s.season = 'winter'; s.roundInSeason = 1;
    put(s, 0, -2, 0, 3, 1);
    put(s, 2, -1, 1, 1);
    s.tribes[0]!.food = 2;
    s.stage = 'survival';
    s.stageStarted = false;
    advance(s, ctx());
    expect(decisions(s)[0]).toMatchObject({ seat: 0 });
    s = choose(s, 0, `kill:${hx(0, -2)}:m`);
    s = choose(s, 0, `kill:${hx(0, -2)}:m`);
    s = choose(s, 0, 'finish');
    expect(totals(s, 0)).toEqual({ m: 1, w: 1 });
    expect(s.tribes[0]!.food).toBe(0);
  });

  /** Tribe 0 (3 warriors, 2 women in its village on a hex without water) at the survival phase of winter. */
  function hungryWinter(food: number, options: Record<string, string> = {}): TalState {
    const s = emptyValley(2, options);
    s.season = 'winter'; s.roundInSeason = 1;
    put(s, 0, -2, 0, 3, 2);
    camp(s, 0, -2, 0);
    s.tribes[0]!.food = food;
    s.stage = 'survival';
    s.stageStarted = false;
    advance(s, ctx());
    return s;
  }
  const ids = (s: TalState, seat = 0): string[] => decisions(s).find((d) => d.seat === seat)!.options.map((o) => o.id);

  it('GIVEN food for everyone THEN the tribe is still asked, and "feed everyone" is one click that pays for all (rulebook: „nicht mehr zahlen kann oder will")', () => {
    let s = hungryWinter(12);
    const d = decisions(s);
    expect(d.map((x) => x.seat)).toEqual([0]); // tribe 1 has nobody to feed
    expect(d[0]!.options[0]).toMatchObject({ id: 'finish', role: 'finish', label: { key: 'tal.opt.feedAll', args: { cost: 5 } } });
    expect(d[0]!.defaultOption).toBe('finish');
    s = choose(s, 0, 'finish');
    expect(s.tribes[0]!.food).toBe(12 - 5);
    expect(totals(s, 0)).toEqual({ m: 3, w: 2 });
  });

  it('GIVEN food for everyone THEN the tribe may let people go and pays only for the rest; back takes one back (advanced winter: 1.5 each, rounded down)', () => {
    const h = hx(0, -2);
    let s = hungryWinter(12, { rules: 'advanced' });
    // 5 people × 1.5 = 7.5 → 7
    expect(decisions(s)[0]!.options[0]!.label).toMatchObject({ key: 'tal.opt.feedAll', args: { cost: 7 } });
    s = choose(s, 0, `kill:${h}:m`);
    expect(totals(s, 0)).toEqual({ m: 3, w: 2 }); // nobody leaves before the choice is confirmed
    expect(decisions(s)[0]!.options[0]!.label).toMatchObject({ key: 'tal.opt.feedRest', args: { cost: 6 } }); // 4 × 1.5
    s = choose(s, 0, `kill:${h}:m`);
    expect(decisions(s)[0]!.options[0]!.label).toMatchObject({ key: 'tal.opt.feedRest', args: { cost: 4 } }); // 3 × 1.5 = 4.5 → 4
    s = choose(s, 0, 'back');
    expect(ids(s)).toContain('back');
    const r = apply(talEngine, s, 0, 'finish');
    if (!r.ok) throw new Error(r.error.code);
    expect(totals(r.state, 0)).toEqual({ m: 2, w: 2 });
    expect(r.state.tribes[0]!.food).toBe(12 - 6);
    expect(r.events.filter((e) => e.msg.key === 'tal.log.starveM')).toHaveLength(1);
  });

  it('GIVEN too little food THEN "feed everyone" is not offered, and the default feeds as many as possible, letting warriors of the largest group go first', () => {
    const home = hx(0, -2), away = hx(0, 3);
    let s = hungryWinter(5);
    put(s, 0, 3, 0, 1, 1); // a lone warrior escorting a woman (no water there either)
    s.stage = 'survival'; s.stageStarted = false;
    advance(s, ctx());
    expect(decisions(s)[0]!.prompt).toMatchObject({ key: 'tal.prompt.starve', args: { cost: 7, food: 5 } });
    expect(ids(s)).not.toContain('finish');
    const d = decisions(s)[0]!;
    expect(d.defaultOption).toBe('feed:most');
    expect(d.options[0]!.label).toMatchObject({ key: 'tal.opt.feedMost', args: { cost: 5, k: 2 } });
    s = choose(s, 0, d.defaultOption);
    expect([fig(s, 'm', home, 0), fig(s, 'w', home, 0), fig(s, 'm', away, 0), fig(s, 'w', away, 0)]).toEqual([1, 2, 1, 1]);
    expect(s.tribes[0]!.food).toBe(0);
  });

  it('GIVEN the last woman of a camp leaves THEN the camp is abandoned when the choice is confirmed (and frost no longer charges for it)', () => {
    const h = hx(0, -2);
    let s = emptyValley();
    s.season = 'winter'; s.roundInSeason = 1; s.roundEffects.frost = true;
    put(s, 0, -2, 0, 1, 1);
    camp(s, 0, -2, 0);
    s.tribes[0]!.food = 12;
    s.stage = 'survival'; s.stageStarted = false;
    advance(s, ctx());
    expect(decisions(s)[0]!.options[0]!.label).toMatchObject({ args: { cost: 3 } }); // 2 people + 1 camp in the frost
    s = choose(s, 0, `kill:${h}:w`);
    expect(decisions(s)[0]!.options[0]!.label).toMatchObject({ args: { cost: 1 } });
    expect(campAt(s, h)).not.toBeNull();
    s = choose(s, 0, 'finish');
    expect(campAt(s, h)).toBeNull();
    expect(s.tribes[0]!.food).toBe(11);
  });

  it('GIVEN a tribe with fire lets the last woman of its last camp go in an advanced winter THEN the fire goes with the camp, the rest cost 1.5 each, and no option that would overspend is offered', () => {
    // found by the contract run (tal-150-3-99, step 100: 4 food, fire, both women of the only camp let go,
    // "feed as many as possible" priced the 4 warriors left at 1 each and paid 6 without fire: food -2)
    const h = hx(0, -2);
    let s = emptyValley(2, { rules: 'advanced' });
    s.season = 'winter'; s.roundInSeason = 1;
    put(s, 0, -2, 0, 3, 1);
    camp(s, 0, -2, 0);
    s.tribes[0]!.fire = true;
    s.tribes[0]!.food = 3;
    s.stage = 'survival'; s.stageStarted = false;
    advance(s, ctx());
    expect(decisions(s)[0]!.prompt).toMatchObject({ key: 'tal.prompt.starve', args: { cost: 4, food: 3 } }); // 4 people with fire: 1 each
    s = choose(s, 0, `kill:${h}:w`);
    // the camp goes with its last woman, and the fire with the last camp: 3 warriors × 1.5 = 4.5 → 4, more than 3
    expect(decisions(s)[0]!.prompt).toMatchObject({ key: 'tal.prompt.starve', args: { cost: 4, food: 3 } });
    expect(ids(s)).not.toContain('finish');
    expect(decisions(s)[0]!.options[0]!.label).toMatchObject({ key: 'tal.opt.feedMost', args: { cost: 3, k: 1 } }); // 2 × 1.5
    s = choose(s, 0, 'feed:most');
    expect(totals(s, 0)).toEqual({ m: 2, w: 0 });
    expect(campAt(s, h)).toBeNull();
    expect(s.tribes[0]!.fire).toBe(false);
    expect(s.tribes[0]!.food).toBe(0);
  });

  it('GIVEN several tribes to feed THEN they all choose at once', () => {
    const s = emptyValley(3);
    put(s, 0, -2, 0, 1);
    put(s, 2, -1, 2, 1);
    s.stage = 'survival'; s.stageStarted = false;
    advance(s, ctx());
    expect(decisions(s).map((d) => d.seat)).toEqual([0, 2]);
    expect(talEngine.view(s, null).acting).toEqual([0, 2]);
    const t = choose(s, 2, 'finish');
    expect(decisions(t).map((d) => d.seat)).toEqual([0]);
  });
});

describe('births', () => {
  it('die 1–2 a woman, 3–5 a warrior, 6 twins (a further 6 is a warrior)', () => {
    const s = emptyValley();
    const h = put(s, 0, -2, 0, 1, 1);
    camp(s, 0, -2, 0);
    dice.push(2);
    birth(s, h, 0, ctx());
    dice.push(4);
    birth(s, h, 0, ctx());
    dice.push(6, 1, 6);
    birth(s, h, 0, ctx());
    expect(fig(s, 'w', h, 0)).toBe(1 + 1 + 1);
    expect(fig(s, 'm', h, 0)).toBe(1 + 1 + 1);
  });

  it('one birth per camp with a woman, two with two or more, in the last round of a season', () => {
    const s = emptyValley();
    s.season = 'summer'; s.roundInSeason = 3;
    const a = put(s, 0, -2, 0, 1, 1); camp(s, 0, -2, 0);
    const b = put(s, -1, 0, 0, 0, 3); camp(s, -1, 0, 0);
    s.stage = 'births'; s.stageStarted = false;
    dice.push(3, 3, 3);
    runStage(s, ctx());
    expect(fig(s, 'm', a, 0)).toBe(2);
    expect(fig(s, 'm', b, 0)).toBe(2);
  });

  it('no more than 10 warriors and 6 women: a birth of a full sex does not happen', () => {
    const s = emptyValley();
    const h = put(s, 0, -2, 0, 10, 6);
    camp(s, 0, -2, 0);
    dice.push(4, 1);
    birth(s, h, 0, ctx());
    birth(s, h, 0, ctx());
    expect(totals(s, 0)).toEqual({ m: 10, w: 6 });
  });
});

describe('sowing', () => {
  it('at the end of winter a tribe sows its village plains for 1 food each', () => {
    let s = emptyValley();
    s.season = 'winter'; s.roundInSeason = 3;
    const a = put(s, 0, -2, 0, 1, 1); camp(s, 0, -2, 0);
    put(s, 0, 0, 0, 0, 1); camp(s, 0, 0, 0); // forest: no field
    s.stage = 'sowing'; s.stageStarted = false;
    advance(s, ctx());
    const ids = decisions(s)[0]!.options.map((o) => o.id);
    expect(ids.filter((id) => id.startsWith('sow:'))).toEqual([`sow:${a}`]);
    s = choose(s, 0, `sow:${a}`);
    expect(s.hx.crop[a]).toBe(2);
    expect(s.tribes[0]!.food).toBe(11);
  });

  it('a plain start may be cultivated for 1 food before the first round', () => {
    let s = talEngine.setup(2, { map: '1A2A' }, 'sow');
    const first = decisions(s)[0]!.seat;
    s = choose(s, first, `start:${hx(0, -2)}`);
    expect(decisions(s)[0]!.options.map((o) => o.id)).toEqual(['cult:yes', 'cult:no']);
    s = choose(s, first, 'cult:yes');
    expect(s.hx.crop[hx(0, -2)]).toBe(2);
    expect(s.tribes[first]!.food).toBe(11);
    // the second camp may not go next to the first (no river between)
    expect(startHexes(s)).not.toContain(hx(0, -1));
    expect(startHexes(s)).not.toContain(hx(0, -2));
  });

  it('GIVEN no free land hex that keeps the spacing THEN any free land hex may be taken (ruling)', () => {
    const s = emptyValley(6);
    const hexes = board(s).hexes;
    // leave one land hex free, with a camp on a land neighbour that no river separates from it
    const free = hexes.find((bh) => bh.terrain !== 'lake' && bh.nb.some((n, d) => n >= 0 && hexes[n]!.terrain !== 'lake' && !bh.river[d]))!;
    for (const bh of hexes) if (bh.terrain !== 'lake' && bh.i !== free.i) setCamp(s, bh.i, { seat: 0, kind: 'village' });
    expect(free.nb.some((n, d) => n >= 0 && campAt(s, n) && !free.river[d]), 'the free hex breaks the spacing').toBe(true);
    expect(startHexes(s)).toEqual([free.i]);
    // with a hex that keeps the spacing, only such hexes are offered
    const spaced = emptyValley(6);
    const a = hexes.find((bh) => bh.terrain !== 'lake')!;
    setCamp(spaced, a.i, { seat: 0, kind: 'village' });
    const offered = startHexes(spaced);
    for (const [d, n] of a.nb.entries()) if (n >= 0 && !a.river[d]) expect(offered).not.toContain(n);
    expect(offered.length).toBeGreaterThan(0);
  });
});

describe('end of round', () => {
  function fourCamps(s: TalState, seat: number): void {
    for (const [q, r] of [[0, -2], [-1, 0], [2, -1], [0, 2]] as const) { put(s, q, r, seat, 0, 1); camp(s, q, r, seat); }
  }
  it('four camps are announced at the end of a round and win if still held at the end of the next', () => {
    const s = emptyValley();
    fourCamps(s, 0);
    put(s, 3, -3, 1, 1);
    endRound(s, ctx());
    expect(s.stage).not.toBe('over');
    expect(s.tribes[0]!.announced).toBe(true);
    endRound(s, ctx());
    expect(s.stage).toBe('over');
    expect(s.winners).toEqual([0]);
    expect(talEngine.outcome(s)!.winners).toEqual([0]);
  });

  it('losing a camp in between cancels the announcement', () => {
    const s = emptyValley();
    fourCamps(s, 0);
    endRound(s, ctx());
    setCamp(s, hx(0, 2), null);
    endRound(s, ctx());
    expect(s.stage).not.toBe('over');
    expect(s.tribes[0]!.announced).toBe(false);
  });

  it('with only animals left everybody loses', () => {
    const s = emptyValley();
    s.yearOne = false;
    animal(s, 0, 0, 'mammoth');
    endRound(s, ctx());
    expect(s.endedBy).toBe('all_lost');
    expect(talEngine.outcome(s)!.winners).toEqual([]);
  });

  it('a tribe wiped out in the first year returns next round on a free rim hex with 3 warriors, 1 woman, 8 food, 3 cards', () => {
    let s = emptyValley();
    put(s, 0, 0, 1, 2, 1);
    s.stage = 'endRound'; s.stageStarted = false;
    advance(s, ctx());
    expect(s.tribes[0]!.status).toBe('returning');
    expect(s.stage).toBe('return');
    const opt = decisions(s)[0]!;
    expect(opt.seat).toBe(0);
    const rim = hx(-3, 3);
    s = choose(s, 0, `ret:${rim}`);
    expect(fig(s, 'm', rim, 0)).toBe(3);
    expect(fig(s, 'w', rim, 0)).toBe(1);
    expect(s.tribes[0]!.food).toBe(8);
    expect(s.tribes[0]!.hand).toHaveLength(3);
    expect(s.tribes[0]!.status).toBe('active');
  });

  it('only once, and not after the first year', () => {
    const s = emptyValley();
    put(s, 0, 0, 1, 2, 1);
    s.tribes[0]!.returned = true;
    endRound(s, ctx());
    expect(s.tribes[0]!.status).toBe('out');
    const t = emptyValley();
    put(t, 0, 0, 1, 2, 1);
    t.yearOne = false;
    endRound(t, ctx());
    expect(t.tribes[0]!.status).toBe('out');
  });

  it('seasons: the game starts in the second summer round; winter follows after the third', () => {
    const s = emptyValley();
    put(s, 0, 0, 0, 1); put(s, 3, -3, 1, 1);
    expect([s.season, s.roundInSeason]).toEqual(['summer', 2]);
    endRound(s, ctx());
    expect([s.season, s.roundInSeason]).toEqual(['summer', 3]);
    endRound(s, ctx());
    expect([s.season, s.roundInSeason]).toEqual(['winter', 1]);
  });
});

describe('advanced rules (fire)', () => {
  it('a lone figure on a volcano takes fire (needs a camp to keep it)', () => {
    let s = emptyValley(2, { rules: 'advanced' });
    const v = put(s, 2, 0, 0, 1);
    put(s, 0, -2, 0, 1, 1); camp(s, 0, -2, 0);
    advance(s, ctx());
    expect(decisions(s)[0]!.options.map((o) => o.id)).toContain(`fire:${v}`);
    s = choose(s, 0, `fire:${v}`);
    expect(s.tribes[0]!.fire).toBe(true);
    const b = emptyValley();
    put(b, 2, 0, 0, 1);
    advance(b, ctx());
    expect(decisions(b)[0]!.options.map((o) => o.id)).not.toContain(`fire:${v}`);
  });

  it('fire gives +1 against animals, not against tribes', () => {
    const s = emptyValley(2, { rules: 'advanced' });
    s.tribes[0]!.fire = true;
    const h = put(s, 0, -2, 0, 1);
    animal(s, 0, -2, 'wolf');
    dice.push(3, 4, 5, 1); // 3+1 = 4 vs 4: tie; 5+1 vs 1
    fight(s, h);
    const first = s.report[0]!.lines[0]!;
    expect(first.key).toBe('tal.acc.tie2');
  });

  it('in winter a tribe without fire pays 1.5 food per person, rounded down in total', () => {
    const s = emptyValley(2, { rules: 'advanced' });
    s.season = 'winter';
    put(s, 0, -2, 0, 3, 2);
    expect(foodCost(s, 0)).toBe(7);
    s.tribes[0]!.fire = true;
    expect(foodCost(s, 0)).toBe(5);
    s.season = 'summer'; s.tribes[0]!.fire = false;
    expect(foodCost(s, 0)).toBe(5);
    const basic = emptyValley();
    basic.season = 'winter';
    put(basic, 0, -2, 0, 3, 2);
    expect(foodCost(basic, 0)).toBe(5);
  });

  it('conquering a camp of a fire tribe gives fire; the loser keeps it unless that was its last camp', () => {
    const s = emptyValley(2, { rules: 'advanced' });
    s.tribes[0]!.fire = true;
    const h = put(s, 0, -2, 0, 0, 1); camp(s, 0, -2, 0);
    put(s, 0, 0, 0, 0, 1); camp(s, 0, 0, 0);
    put(s, 0, -2, 1, 1);
    fight(s, h);
    expect(s.tribes[1]!.fire).toBe(true);
    expect(s.tribes[0]!.fire).toBe(true);
    const t = emptyValley(2, { rules: 'advanced' });
    t.tribes[0]!.fire = true;
    const g = put(t, 0, -2, 0, 0, 1); camp(t, 0, -2, 0);
    put(t, 0, -2, 1, 1);
    fight(t, g);
    expect(t.tribes[0]!.fire).toBe(false);
    expect(t.tribes[1]!.fire).toBe(true);
  });

  it('victory needs fire as well', () => {
    const s = emptyValley(2, { rules: 'advanced' });
    for (const [q, r] of [[0, -2], [-1, 0], [2, -1], [0, 2]] as const) { put(s, q, r, 0, 0, 1); camp(s, q, r, 0); }
    endRound(s, ctx()); endRound(s, ctx());
    expect(s.stage).not.toBe('over');
    s.tribes[0]!.fire = true;
    endRound(s, ctx()); endRound(s, ctx());
    expect(s.winners).toEqual([0]);
  });

  it('a forest fire lets a lone figure beside it take fire this round', () => {
    const s = emptyValley(2, { rules: 'advanced' });
    s.fireSources = [hx(0, -1)];
    put(s, 0, -1, 0, 1);
    put(s, 0, -2, 0, 1, 1); camp(s, 0, -2, 0);
    advance(s, ctx());
    expect(decisions(s)[0]!.options.map((o) => o.id)).toContain(`fire:${hx(0, -1)}`);
  });

  it('the italic card text applies only with the fire rule (Flint: food in basic, fire in advanced)', () => {
    for (const rules of ['basic', 'advanced']) {
      let s = emptyValley(2, { rules });
      put(s, 0, -2, 0, 1, 1); camp(s, 0, -2, 0);
      s.tribes[0]!.hand = ['firemaker.1'];
      s.specialDeck = s.specialDeck.filter((c) => c !== 'firemaker.1');
      advance(s, ctx());
      s = choose(s, 0, 'card:firemaker');
      expect(s.tribes[0]!.fire).toBe(rules === 'advanced');
      expect(s.tribes[0]!.food).toBe(rules === 'advanced' ? 12 : 14);
    }
  });
});

describe('special card windows', () => {
  it('only players holding a fitting card are asked before the animals move', () => {
    const s = emptyValley(3);
    put(s, 0, 0, 0, 1); put(s, 3, -3, 1, 1); put(s, -3, 3, 2, 1);
    s.tribes[0]!.hand = []; s.tribes[1]!.hand = ['wind.1']; s.tribes[2]!.hand = ['stores.1'];
    s.stage = 'animalCards'; s.stageStarted = false; s.round = 2;
    advance(s, ctx());
    const d = decisions(s);
    expect(d.map((x) => x.seat)).toEqual([1]);
    expect(d[0]!.options.map((o) => o.id)).toContain('wind:0');
  });

  it('the wind shaman sets the direction instead of the die', () => {
    let s = emptyValley(2);
    put(s, 3, -3, 0, 1); put(s, -3, 3, 1, 1);
    animal(s, 0, -2, 'wolf');
    s.tribes[0]!.hand = ['wind.1']; s.tribes[1]!.hand = [];
    s.stage = 'animalCards'; s.stageStarted = false; s.round = 2;
    advance(s, ctx());
    s = choose(s, 0, `wind:${S}`);
    expect(an(s, hx(0, 1), sp('wolf'))).toBe(1);
    void N; void campsOf;
  });
});

describe('data files', () => {
  const board = JSON.parse(readFileSync(new URL('../../assets/tal/board.json', import.meta.url), 'utf8'));
  it('every variant has 37 hexes and regions 1–6 of plain, forest and mountain', () => {
    for (const b of Object.values(currentTalData().boards)) {
      expect(b.hexes).toHaveLength(37);
      for (const t of ['plain', 'forest', 'mountain'] as const) expect(b.regions[t]).toHaveLength(6);
    }
  });
  it('refuses a capital letter on a plain', () => {
    const bad = structuredClone(board);
    bad.faces[0].hexes.find((h: { letter?: string }) => h.letter === 'a').letter = 'Z';
    expect(() => validateBoard(bad, 'tal/board.json')).toThrow(/letter/);
  });
  it('refuses a region that is not connected', () => {
    const bad = structuredClone(board);
    bad.faces[0].hexes.find((h: { q: number; r: number }) => h.q === -3 && h.r === 0).region = 3;
    expect(() => validateBoard(bad, 'tal/board.json')).toThrow(/region/);
  });
  it('refuses a wrong number of event or special cards, and bisons on mountain letters', () => {
    const ev = JSON.parse(readFileSync(new URL('../../assets/tal/events.json', import.meta.url), 'utf8'));
    ev.cards.pop();
    expect(() => validateEvents(ev, 'tal/events.json')).toThrow(/15/);
    const sc = JSON.parse(readFileSync(new URL('../../assets/tal/specials.json', import.meta.url), 'utf8'));
    sc.cards[0].copies++;
    expect(() => validateSpecials(sc, 'tal/specials.json')).toThrow(/40/);
    const an = JSON.parse(readFileSync(new URL('../../assets/tal/animals.json', import.meta.url), 'utf8'));
    an.tiles[0].letter = 'A';
    expect(() => validateAnimals(an, 'tal/animals.json')).toThrow(/mountain/);
  });
  it('the published animal mix: 9 of each species lettered, 8 letterless wolves', () => {
    expect(currentTalData().tiles).toHaveLength(54);
    expect(currentTalData().letterlessWolves).toBe(8);
  });
});
