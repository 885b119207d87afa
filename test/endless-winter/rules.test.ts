import { describe, expect, it } from 'vitest';
import { animalSetScore, CURRENT as DATA } from '../../src/games/endless-winter/data.js';
import {
  buildSettlement, decisions, eclipseLabour, eclipseOrder, legalSettlementPoints, megalithSpots, outcome, placeMegalith,
  scoreFinal, stoneScore, terrainIncomeTiles,
} from '../../src/games/endless-winter/engine.js';
import { engine } from '../../src/games/endless-winter/index.js';
import { NEIGHBOURS, POINTS, SETTLEABLE } from '../../src/games/endless-winter/geometry.js';
import { cardTable, foodLimit, labourFromFood, type EwState } from '../../src/games/endless-winter/state.js';
import { choose, clearHand, defIndex, fresh, give, giveAnimal, optionIds, turnAt } from './builders.js';

const sp = (id: string): number => DATA.species.findIndex((x) => x.id === id);
function setCamps(s: EwState, seat: number, tiles: number[]): void {
  for (let t = 0; t < s.tiles.length; t++) s.camps[t * s.n + seat] = 0;
  for (const t of tiles) s.camps[t * s.n + seat]!++;
}
/** Leaves the top space if the engine has not already moved on (it does when nothing is left to do there). */
const toMiddle = (s: EwState): EwState => (s.turn!.stage === 'top' && !middleInTop(s) ? choose(s, 'ok') : s);
/** The middle space's options offered in the top space's panel (one click fewer). */
const middleInTop = (s: EwState): boolean => optionIds(s).some((o) => /^(mi|ms|mv|mk)(:|$)/.test(o));
/** The multi-select item of a tribe member card in the hand (`pc:<card>`). */
const memberItem = (s: EwState, seat: number, id: string, skip: number[] = []): string => `pc:${s.players[seat]!.hand.find((c) => DATA.cards[cardTable(s)[c]!]!.id === id && !skip.includes(c))}`;
/** A settleable point (not on the start tile). */
const farPoint = (): number => SETTLEABLE[0]!;

describe('labour', () => {
  it('GIVEN the rulebook example (hunter while hunting, 3 food spent) THEN 4 labour', () => {
    let s = fresh(3);
    const seat = s.turn!.seat;
    clearHand(s, seat);
    give(s, seat, 'hunter');
    s.players[seat]!.food = 6;
    s = choose(s, 'go:hunt:t');
    expect(s.turn!.stage).toBe('labour');
    s = choose(s, memberItem(s, seat, 'hunter'));
    expect(s.turn!.pool).toBe(4); // halves: 1 + 1 for hunting
    // the members ticked are played and the actions follow; food still buys labour there, several at once
    expect(s.turn!.stage).toBe('top');
    expect(optionIds(s)).toEqual(expect.arrayContaining(['pf', 'pf:2']));
    s = choose(s, 'pf:2');
    expect(s.players[seat]!.food).toBe(3);
    expect(s.turn!.pool).toBe(8); // 4 labour
    expect(labourFromFood(s, 6, 3)).toBe(4);
  });

  it('GIVEN two half-labour gatherers THEN ticked together in one choice they make one labour', () => {
    let s = fresh(3);
    const seat = s.turn!.seat;
    clearHand(s, seat);
    give(s, seat, 'gatherer'); give(s, seat, 'gatherer');
    s.players[seat]!.food = 0;
    s = choose(s, 'go:migrate:t');
    const d = decisions(s)[0]!;
    expect(d.sets).toEqual([{ group: 'endless-winter.grp.members', min: 1, max: 2 }]);
    const first = memberItem(s, seat, 'gatherer');
    const second = memberItem(s, seat, 'gatherer', [Number(first.slice(3))]);
    s = choose(s, `${first}+${second}`);
    expect(s.turn!.pool).toBe(2);
    expect(s.players[seat]!.hand.length).toBe(0);
    expect(s.players[seat]!.played.length).toBe(2);
  });

  it('GIVEN food to spend in the labour step THEN back gives it back', () => {
    let s = fresh(3);
    const seat = s.turn!.seat;
    clearHand(s, seat);
    give(s, seat, 'gatherer');
    s.players[seat]!.food = 6;
    s = choose(s, 'go:migrate:t');
    s = choose(s, 'pf');
    expect(s.players[seat]!.food).toBeLessThan(6);
    s = choose(s, 'back');
    expect([s.players[seat]!.food, s.turn!.pool, s.turn!.stage]).toEqual([6, 0, 'labour']);
  });

  it('GIVEN two labour bought with food in one choice THEN back takes them back one at a time, and playing members commits', () => {
    let s = fresh(3);
    const seat = s.turn!.seat;
    clearHand(s, seat);
    give(s, seat, 'gatherer');
    s.players[seat]!.food = 6;
    s = choose(s, 'go:migrate:t');
    s = choose(s, 'pf:2');
    const afterTwo = [s.players[seat]!.food, s.turn!.pool];
    s = choose(s, 'pf');
    s = choose(s, 'back');
    expect([s.players[seat]!.food, s.turn!.pool]).toEqual(afterTwo);
    s = choose(s, 'back');
    s = choose(s, 'back');
    expect([s.players[seat]!.food, s.turn!.pool]).toEqual([6, 0]);
    expect(optionIds(s)).not.toContain('back');
    s = choose(s, 'pf');
    s = choose(s, optionIds(s).find((id) => id.startsWith('pc:'))!);
    expect(s.turn!.stage).toBe('top');
    expect(s.takeback.base).toBeNull();
  });

  it('GIVEN a figure on the rest space THEN no tribe members are played, a card is drawn and one animal may be killed', () => {
    let s = fresh(2);
    const seat = s.turn!.seat;
    const hand = s.players[seat]!.hand.length;
    // the card drawn, or a lower income instead, is chosen with the placement (no second question)
    expect(optionIds(s)).toEqual(expect.arrayContaining(['go:r:t', 'go:r:t:idol', 'go:r:t:tool', 'go:r:t:food']));
    expect(optionIds(s)).not.toContain('go:r:t:megalith');
    s = choose(s, 'go:r:t');
    expect(optionIds(s)).not.toContain('take');
    expect(s.players[seat]!.hand.length).toBe(hand + 1);
    expect(s.players[seat]!.rest).toBe(1);
    expect(s.turn === null || s.turn.stage !== 'labour').toBe(true);
  });
});

describe('placing with what follows in one choice', () => {
  it('GIVEN the rest space with food instead of the card THEN the food comes and no card is drawn', () => {
    let s = fresh(2);
    const seat = s.turn!.seat;
    const hand = s.players[seat]!.hand.length;
    s.players[seat]!.food = 0;
    s = choose(s, 'go:r:t:food');
    while (s.queue.length && s.queueSeat === seat) s = choose(s, decisions(s)[0]!.defaultOption);
    expect([s.players[seat]!.hand.length, s.players[seat]!.food]).toEqual([hand, 1]);
  });
  it('GIVEN no card left to draw THEN the rest space offers only the lower incomes', () => {
    const s = fresh(2);
    const seat = s.turn!.seat;
    s.players[seat]!.deck = []; s.players[seat]!.discard = [];
    expect(optionIds(s).filter((o) => /^go:r:t(:\w+)?$/.test(o))).toEqual(['go:r:t:idol', 'go:r:t:tool', 'go:r:t:food']);
    expect(optionIds(s)).toContain(decisions(s)[0]!.defaultOption);
  });
  it('GIVEN two tribe members THEN a column can be taken with all of them played, straight to the actions', () => {
    let s = fresh(3);
    const seat = s.turn!.seat;
    clearHand(s, seat);
    give(s, seat, 'hunter'); give(s, seat, 'gatherer');
    s = choose(s, 'go:hunt:t:pa');
    expect(s.players[seat]!.played.length).toBe(2);
    expect(s.turn!.stage === 'labour').toBe(false);
  });
});

describe('eclipse', () => {
  it('GIVEN the rulebook example (Türkis 3, Red 1½ shaman, Yellow 1½ resting, Red later) THEN Türkis, Red, Yellow', () => {
    const s = fresh(3);
    for (const p of s.players) { p.deck.push(...p.stack); p.stack = []; p.rest = 0; }
    s.players[0]!.rest = 1; give(s, 0, 'warrior', 'stack');
    give(s, 1, 'shaman', 'stack');
    s.players[2]!.rest = 1;
    const labour = [0, 1, 2].map((i) => eclipseLabour(s, i));
    expect(labour).toEqual([6, 3, 3]);
    expect(eclipseOrder(labour, [0, 2, 1])).toEqual([0, 1, 2]);
    expect(eclipseOrder(labour, [0, 1, 2])).toEqual([0, 2, 1]);
    expect(eclipseOrder([0, 0, 0], [2, 0, 1])).toEqual([1, 0, 2]);
  });

  it('GIVEN progress cards on the eclipse stack THEN they give no labour and return to the hand', () => {
    const s = fresh(2);
    const p0 = s.players[0]!;
    p0.deck.push(...p0.stack); p0.stack = []; p0.rest = 0;
    const prog = give(s, 0, 'i01', 'stack');
    expect(eclipseLabour(s, 0)).toBe(0);
    // everyone has placed all figures: the next resolved step starts the eclipse
    for (const p of s.players) p.figs = p.figs.map(() => 'r');
    s.turn = null;
    s.queue = [{ k: 'idol', n: 1 }]; s.queueSeat = 0;
    const st = choose(s, 'io');
    expect(st.phase).toBe('eclipse');
    expect(st.players[0]!.hand).toContain(prog);
    expect(st.players[0]!.stack).not.toContain(prog);
  });

  it('GIVEN tied influence THEN both get the terrain income, but not with the majority variant', () => {
    const s = fresh(2);
    const tile = s.tiles.findIndex((t, i) => i > 0 && t >= 0 && t < 6);
    setCamps(s, 0, [tile]); setCamps(s, 1, [tile]);
    expect(terrainIncomeTiles(s, 0)).toEqual([tile]);
    expect(terrainIncomeTiles(s, 1)).toEqual([tile]);
    s.opts.majority = true;
    expect(terrainIncomeTiles(s, 0)).toEqual([]);
    setCamps(s, 0, [tile, tile]);
    expect(terrainIncomeTiles(s, 0)).toEqual([tile]);
    expect(terrainIncomeTiles(s, 1)).toEqual([]);
  });
});

describe('animals', () => {
  it('GIVEN the rulebook set example THEN 3 + 2 + 10 points, the killed rhino not counted', () => {
    const s = fresh(2);
    const r1 = giveAnimal(s, 0, 'rhino'); giveAnimal(s, 0, 'rhino'); giveAnimal(s, 0, 'rhino');
    s.players[0]!.killed.push(r1);
    giveAnimal(s, 0, 'mammoth');
    giveAnimal(s, 0, 'sloth'); giveAnimal(s, 0, 'sloth'); giveAnimal(s, 0, 'sloth');
    giveAnimal(s, 0, 'argentavis');
    expect(scoreFinal(s)[0]!.animals).toBe(15);
    expect(animalSetScore(DATA.species, { rhino: 2 })).toBe(3);
    expect(animalSetScore(DATA.species, { mammoth: 1 })).toBe(2);
    expect(animalSetScore(DATA.species, { sloth: 3, argentavis: 1 })).toBe(10);
  });

  it('GIVEN more animals than a set holds or argentavis alone THEN the extra ones score nothing', () => {
    const mammoth2 = DATA.species[sp('mammoth')]!.sets[1]!;
    expect(animalSetScore(DATA.species, { mammoth: 3 })).toBe(mammoth2);
    expect(animalSetScore(DATA.species, { mammoth: 1, argentavis: 2 })).toBe(mammoth2);
    expect(animalSetScore(DATA.species, { argentavis: 4 })).toBe(0);
    expect(animalSetScore(DATA.species, { rhino: 5 })).toBe(DATA.species[sp('rhino')]!.sets[3]);
  });
});

describe('megaliths', () => {
  it('GIVEN the rulebook example (red on a 2×2 of red, violet and two neutral) THEN red 5, violet 1', () => {
    const s = fresh(4, {}, 'meg');
    s.megs = [{ l: 0, x: 0, y: 0, o: 0 }, { l: 0, x: 1, y: 0, o: 1 }, { l: 0, x: 0, y: 1, o: -1 }, { l: 0, x: 1, y: 1, o: -1 }];
    s.players[0]!.megs = 3; s.players[1]!.megs = 3; s.players[2]!.megs = 2;
    const before = s.players.map((p) => p.score);
    expect(megalithSpots(s, 0).some(([l, x, y]) => l === 1 && x === 0 && y === 0)).toBe(true);
    placeMegalith(s, 0, 1, 0, 0, []);
    expect(s.players[0]!.score - before[0]!).toBe(5);
    expect(s.players[1]!.score - before[1]!).toBe(1);
    expect(s.players[2]!.score - before[2]!).toBe(0);
  });

  it('GIVEN the first two megaliths THEN they are neutral, may use start cells and never go up; colour ones need a neighbour', () => {
    const s = fresh(2, {}, 'meg2');
    const spots0 = megalithSpots(s, 0);
    expect(spots0.length).toBe(4); // the four start cells of an empty site
    expect(spots0.every(([l]) => l === 0)).toBe(true);
    const [, x, y] = spots0[0]!;
    placeMegalith(s, 0, 0, x, y, []);
    expect(s.megs[0]!.o).toBe(-1);
    s.players[0]!.megs = 2;
    const colour = megalithSpots(s, 0);
    expect(colour.length).toBeGreaterThan(0);
    expect(colour.every(([, cx, cy]) => Math.abs(cx - x) + Math.abs(cy - y) === 1)).toBe(true);
  });
});

describe('idol board', () => {
  it('GIVEN six idol steps on the fame track THEN 2 + 3 + 5 = 10 points and the top is final', () => {
    let s = fresh(2);
    const seat = s.turn!.seat;
    const before = s.players[seat]!.score;
    s.queue = [{ k: 'idol', n: 6 }]; s.queueSeat = seat;
    for (let i = 0; i < 6; i++) s = choose(s, 'if');
    expect(s.players[seat]!.score - before).toBe(10);
    s.queue = [{ k: 'idol', n: 1 }]; s.queueSeat = seat;
    expect(optionIds(s)).not.toContain('if');
  });

  it('GIVEN the offering track top THEN each further step is 1 point', () => {
    let s = fresh(2);
    const seat = s.turn!.seat;
    s.players[seat]!.offering = DATA.offering.length;
    const before = s.players[seat]!.score;
    s.queue = [{ k: 'idol', n: 2 }]; s.queueSeat = seat;
    s = choose(s, 'io'); s = choose(s, 'io');
    expect(s.players[seat]!.score - before).toBe(2);
  });

  it('GIVEN an offering space with a burial icon THEN reaching it offers a burial', () => {
    let s = fresh(2);
    const seat = s.turn!.seat;
    const buryAt = DATA.offering.findIndex((o) => o.bonus === 'bury');
    s.players[seat]!.offering = buryAt; // next step lands on it
    s.queue = [{ k: 'idol', n: 1 }]; s.queueSeat = seat;
    s = choose(s, 'io');
    expect(decisions(s)[0]!.prompt.key).toBe('endless-winter.q.bury');
  });
});

describe('lower-income ladder', () => {
  it('GIVEN a card draw as income THEN an idol, tool or food may be taken instead, never something higher', () => {
    let s = fresh(2);
    const seat = s.turn!.seat;
    s.queue = [{ k: 'bundle', n: 1, atoms: [{ k: 'draw', n: 1 }] }]; s.queueSeat = seat;
    expect(optionIds(s).sort()).toEqual(['dn:draw:food', 'dn:draw:idol', 'dn:draw:tool', 'take']);
    const hand = s.players[seat]!.hand.length, tools = s.players[seat]!.tool;
    // one click: the swap is taken, no second confirmation of the lower income
    s = choose(s, 'dn:draw:tool');
    expect(s.queue.length).toBe(0);
    expect(s.players[seat]!.hand.length).toBe(hand);
    expect(s.players[seat]!.tool).toBe(tools + 1);
  });

  it('GIVEN an income of 2 cards and a tool THEN how many cards go down is one choice, and only the tool is asked about next', () => {
    let s = fresh(2);
    const seat = s.turn!.seat;
    s.queue = [{ k: 'bundle', n: 1, atoms: [{ k: 'draw', n: 2 }, { k: 'tool', n: 1 }] }]; s.queueSeat = seat;
    expect(optionIds(s)).toEqual(expect.arrayContaining(['take', 'dn:draw:food', 'dn:draw:food:2', 'dn:tool:food']));
    expect(optionIds(s)).not.toContain('dn:tool:food:2');
    const hand = s.players[seat]!.hand.length, food = s.players[seat]!.food;
    s = choose(s, 'dn:draw:idol:2');
    // the tool is still open to a swap; the cards are settled
    expect(optionIds(s).filter((o) => o.startsWith('dn:'))).toEqual(['dn:tool:food']);
    s = choose(s, 'dn:tool:food');
    while (s.queue.length) s = choose(s, decisions(s)[0]!.defaultOption);
    expect(s.players[seat]!.hand.length).toBe(hand);
    expect(s.players[seat]!.food).toBe(Math.min(food + 1, foodLimit(s, seat)));
  });

  it('GIVEN a tribe member to choose THEN each comes with what it does', () => {
    const s = fresh(2);
    s.queue = [{ k: 'memberHand', n: 1 }]; s.queueSeat = s.turn!.seat;
    const d = decisions(s)[0]!;
    const members = d.options.filter((o) => o.id.startsWith('ms:'));
    expect(members.length).toBe(DATA.members.length);
    for (const o of members) expect(o.detail?.key).toBe('endless-winter.info.member');
    const hunter = DATA.cards.find((c) => c.id === DATA.members[0])!;
    const parts = (members[0]!.detail!.args!.parts as { key: string; args?: Record<string, unknown> }[]);
    expect(parts[0]).toEqual({ key: 'endless-winter.info.labour', args: { n: hunter.labour2 % 2 ? expect.any(String) : String(hunter.labour2 / 2) } });
  });

  it('GIVEN a megalith or an idol THEN the lower incomes are offered beside it', () => {
    const s = fresh(2);
    s.queue = [{ k: 'megalith', n: 1 }]; s.queueSeat = s.turn!.seat;
    expect(optionIds(s).filter((o) => o.startsWith('dn:')).sort()).toEqual(['dn:draw', 'dn:food', 'dn:idol', 'dn:tool']);
    s.queue = [{ k: 'idol', n: 1 }];
    expect(optionIds(s).filter((o) => o.startsWith('dn:')).sort()).toEqual(['dn:food', 'dn:tool']);
  });
});

describe('food limit', () => {
  it('GIVEN one camp removed from the board THEN the limit is 6; more camps out raise it; extra food is lost', () => {
    const s = fresh(2);
    const seat = s.turn!.seat;
    setCamps(s, seat, []);
    expect(foodLimit(s, seat)).toBe(DATA.player.foodLimit[0]);
    setCamps(s, seat, [0]);
    expect(foodLimit(s, seat)).toBe(6);
    setCamps(s, seat, [0, 0, 0]);
    expect(foodLimit(s, seat)).toBeGreaterThan(6);
    setCamps(s, seat, [0]);
    s.players[seat]!.food = 5;
    s.queue = [{ k: 'idol', n: 1 }, { k: 'food', n: 4 }]; s.queueSeat = seat;
    const r = choose(s, 'io');
    expect(r.players[seat]!.food).toBe(6);
  });

  it('GIVEN camps returned by a settlement THEN the limit falls and food above it is lost', () => {
    const s = fresh(2);
    const pt = farPoint();
    setCamps(s, 0, [...POINTS[pt]!, 0]);
    const high = foodLimit(s, 0);
    s.players[0]!.food = high;
    buildSettlement(s, 0, pt, []);
    expect(foodLimit(s, 0)).toBe(6);
    expect(s.players[0]!.food).toBe(6);
    expect(high).toBeGreaterThan(6);
  });
});

describe('settlements', () => {
  it('GIVEN camps on three mutually adjacent tiles THEN only their shared point is legal, never a start-tile point, one per point', () => {
    const s = fresh(2);
    const pt = farPoint();
    setCamps(s, 0, [...POINTS[pt]!]);
    expect(legalSettlementPoints(s, 0)).toEqual([pt]);
    // camps on the start tile and two ring tiles around a start point: not legal
    const startPoint = POINTS.findIndex((p) => p.includes(0));
    setCamps(s, 1, [...POINTS[startPoint]!]);
    expect(legalSettlementPoints(s, 1)).toEqual([]);
    // two camps only: nothing
    setCamps(s, 1, POINTS[pt]!.slice(0, 2));
    expect(legalSettlementPoints(s, 1)).toEqual([]);
    buildSettlement(s, 0, pt, []);
    setCamps(s, 1, [...POINTS[pt]!]);
    expect(legalSettlementPoints(s, 1)).toEqual([]);
    expect(s.settle[pt]).toBe(0);
  });

  it('GIVEN the migrate middle space THEN a settlement costs 3 food and the camps go back to the board', () => {
    let s = fresh(2);
    const seat = s.turn!.seat;
    const pt = farPoint();
    setCamps(s, seat, [...POINTS[pt]!]);
    s.players[seat]!.food = 3;
    turnAt(s, seat, 'middle', 'migrate');
    expect(optionIds(s)).toContain(`mv:${pt}`);
    s = choose(s, `mv:${pt}`);
    expect(s.settle[pt]).toBe(seat);
    expect(s.players[seat]!.settlements).toBe(1);
    for (const t of POINTS[pt]!) expect(s.camps[t * s.n + seat]).toBe(0);
  });
});

describe('action columns', () => {
  it('initiate top: 1 tool + 1 labour per new member, all of different kinds; an empty supply gives 1 point', () => {
    let s = fresh(2);
    const seat = s.turn!.seat;
    s.players[seat]!.tool = 3;
    turnAt(s, seat, 'top', 'initiate', 4);
    expect(optionIds(s).filter((o) => o.startsWith('ti:'))).toEqual(['ti:0', 'ti:1', 'ti:2', 'ti:3', 'ti:4']);
    const hand = s.players[seat]!.hand.length;
    s = choose(s, 'ti:0');
    expect(s.players[seat]!.hand.length).toBe(hand + 1);
    expect(s.players[seat]!.tool).toBe(2);
    expect(optionIds(s)).not.toContain('ti:0');
    s.supply[1] = 0;
    const score = s.players[seat]!.score;
    const supplyCards = s.supply.reduce((a, b) => a + b, 0);
    s = choose(s, 'ti:1');
    expect(s.players[seat]!.score).toBe(score + 1);
    expect(s.supply.reduce((a, b) => a + b, 0)).toBe(supplyCards);
    // no labour left: only with the food that pays for it (`:f<labour>`)
    expect(optionIds(s).some((o) => /^ti:[^:]+$/.test(o))).toBe(false);
  });

  it('initiate middle: 1 food, then a member to the discard pile and/or a burial; bottom: idol + burial for the first only', () => {
    let s = fresh(2);
    const seat = s.turn!.seat;
    s.players[seat]!.food = 2;
    turnAt(s, seat, 'middle', 'initiate');
    s = choose(s, 'mi');
    expect(s.players[seat]!.food).toBe(1);
    expect(decisions(s)[0]!.prompt.key).toBe('endless-winter.q.memberDiscard');
    s = choose(s, 'ms:2');
    expect(decisions(s)[0]!.prompt.key).toBe('endless-winter.q.bury');
    s = choose(s, 'skip');
    expect(s.cols[0]!.bottom).toBe(seat);
    expect(decisions(s)[0]!.prompt.key).toBe('endless-winter.q.idol'); // bottom space
  });

  it('develop top: 3 labour per progress card from the display; middle: a stone at the leftmost cost, age I only left', () => {
    let s = fresh(2);
    const seat = s.turn!.seat;
    turnAt(s, seat, 'top', 'develop', 5);
    expect(optionIds(s).some((o) => /^td:[^:]+$/.test(o))).toBe(false);
    s.turn!.pool = 6;
    expect(optionIds(s).filter((o) => /^td:[^:]+$/.test(o)).length).toBe(8);
    s = choose(s, 'td:3');
    expect(s.display[3]).toBe(-1);
    expect(s.turn!.pool).toBe(0);
    const need = (k: 'food' | 'tool'): number => DATA.player.stoneCosts[0]!.filter((a) => a.k === k).reduce((x, a) => x + a.n, 0);
    s.players[seat]!.food = need('food'); s.players[seat]!.tool = need('tool');
    s = toMiddle(s);
    // the middle space is offered in the top space's panel
    expect(s.turn!.stage).toBe('top');
    const mids = optionIds(s).filter((o) => o.startsWith('ms:'));
    expect(mids.length).toBe(DATA.stoneSlots['2']);
    expect(mids.every((o) => o.startsWith('ms:L'))).toBe(true);
    s.players[seat]!.food = need('food') - 1;
    expect(optionIds(s).some((o) => o.startsWith('ms:'))).toBe(false);
    s.round = 3; s.players[seat]!.food = need('food');
    expect(optionIds(s).some((o) => o.startsWith('ms:R'))).toBe(true);
    s = choose(s, 'ms:L:0');
    expect(s.players[seat]!.stones.length).toBe(1);
    expect(s.players[seat]!.food + s.players[seat]!.tool).toBeLessThanOrEqual(10);
  });

  it('migrate top: a camp from the board for 1 tool, a move for 1 labour; bottom: camp + free move', () => {
    let s = fresh(2);
    const seat = s.turn!.seat;
    setCamps(s, seat, [0]);
    s.players[seat]!.tool = 1;
    turnAt(s, seat, 'top', 'migrate', 2);
    s = choose(s, 'tc');
    expect(s.camps[0 * s.n + seat]).toBe(2);
    expect(s.players[seat]!.tool).toBe(0);
    expect(optionIds(s)).not.toContain('tc');
    const to = NEIGHBOURS[0]![0]!;
    s = choose(s, `tm:0:${to}`);
    expect(s.camps[to * s.n + seat]).toBe(1);
    expect(optionIds(s).some((o) => /^tm:\d+:\d+$/.test(o))).toBe(false);
  });

  it('hunt top: reveal two (ground holds 6), take an animal for 1 tool + 1 labour; middle kills; bottom only for the first', () => {
    let s = fresh(2);
    const seat = s.turn!.seat;
    while (s.ground.length < 5) s.ground.push(s.animalDeck.pop()!);
    s.players[seat]!.tool = 1;
    turnAt(s, seat, 'top', 'hunt', 4);
    s = choose(s, 'tr');
    expect(s.ground.length).toBe(6);
    expect(optionIds(s)).not.toContain('tr');
    s = choose(s, 'tt:0');
    expect(s.players[seat]!.animals.length).toBe(1);
    expect(s.ground.length).toBe(5);
    s = toMiddle(s);
    const a = s.players[seat]!.animals[0]!;
    s = choose(s, `mk:${a}`);
    expect(s.players[seat]!.killed).toEqual([a]);
    expect(s.cols[3]!.bottom).toBe(seat);
    // a second figure in the column gets no bottom space
    const other = 1 - seat;
    let s2 = s;
    while (s2.queue.length) s2 = choose(s2, decisions(s2)[0]!.defaultOption);
    s2.turn = null;
    turnAt(s2, other, 'middle', 'hunt');
    const animals = s2.players[other]!.animals.length;
    s2 = choose(s2, 'skip');
    expect(s2.players[other]!.animals.length).toBe(animals);
  });
});

describe('sacred stones', () => {
  const stone = (kind: string, arg?: string): number => DATA.stones.findIndex((x) => x.score.kind === kind && (!arg || x.score.arg === arg));
  it('settlements next to a terrain type: 2 each, once per settlement', () => {
    const s = fresh(2);
    const pt = farPoint();
    s.settle[pt] = 0;
    const type = s.tiles[POINTS[pt]![0]]!;
    const t = DATA.terrain[type] ?? DATA.terrain[0]!;
    if (type >= 0 && type < 6) expect(stoneScore(s, 0, stone('settlementsNextTo', t.id))).toBe(2);
    const other = DATA.terrain.find((x, i) => !POINTS[pt]!.some((tile) => s.tiles[tile] === i))!;
    expect(stoneScore(s, 0, stone('settlementsNextTo', other.id))).toBe(0);
  });
  it('camp types: one per type, start tile not counted', () => {
    const s = fresh(2);
    const a = s.tiles.findIndex((t, i) => i > 0 && t === 0);
    const b = s.tiles.findIndex((t, i) => i > a && t === 0);
    const c = s.tiles.findIndex((t, i) => i > 0 && t === 1);
    setCamps(s, 0, [0, a, b, c]);
    expect(stoneScore(s, 0, stone('campTypes'))).toBe(2);
  });
  it('megaliths on the ground, upper megaliths and build tiles', () => {
    const s = fresh(2, {}, 'stones');
    s.megs = [{ l: 0, x: 0, y: 0, o: 0 }, { l: 0, x: 1, y: 0, o: 0 }, { l: 0, x: 0, y: 1, o: -1 }, { l: 0, x: 1, y: 1, o: 1 }, { l: 1, x: 0, y: 0, o: 0 }];
    expect(stoneScore(s, 0, stone('groundMegaliths'))).toBe(2);
    expect(stoneScore(s, 0, stone('upperMegaliths'))).toBe(2);
    const tiles = DATA.stones[stone('buildTiles')]!.score.table!;
    expect(stoneScore(s, 0, stone('buildTiles'))).toBe(tiles[1]);
  });
  it('buried cards, idol steps, distinct kills and kills of one species', () => {
    const s = fresh(2);
    give(s, 0, 'hunter', 'buried'); give(s, 0, 'hunter', 'buried'); give(s, 0, 'scout', 'buried');
    expect(stoneScore(s, 0, stone('buried'))).toBe(DATA.stones[stone('buried')]!.score.table![3]);
    s.players[0]!.offering = 3; s.players[0]!.fame = 2;
    expect(stoneScore(s, 0, stone('idolSteps'))).toBe(2);
    const w1 = giveAnimal(s, 0, 'wolf'), w2 = giveAnimal(s, 0, 'wolf'), b1 = giveAnimal(s, 0, 'bison');
    s.players[0]!.killed.push(w1, w2, b1);
    expect(stoneScore(s, 0, stone('distinctKills'))).toBe(2);
    expect(stoneScore(s, 0, stone('killsOf', 'wolf'))).toBe(DATA.stones[stone('killsOf', 'wolf')]!.score.table![2]);
  });
});

describe('final scoring', () => {
  it('offering track: food + tools by the ratio beside the marker (3 + 2 at 2:1 = 2); an unmoved marker scores 0', () => {
    const s = fresh(3);
    const at = DATA.offering.findIndex((o) => o.ratio === 2) + 1;
    s.players[0]!.offering = at; s.players[0]!.food = 3; s.players[0]!.tool = 2;
    s.players[1]!.offering = 0; s.players[1]!.food = 3; s.players[1]!.tool = 2;
    const f = scoreFinal(s);
    expect(f[0]!.offering).toBe(2);
    expect(f[1]!.offering).toBe(0);
  });
  it('fame track: first with 4 buried = 10, second and rest tables, unmoved 0; ties on a level go to who arrived first', () => {
    const s = fresh(4);
    for (let seat = 0; seat < 4; seat++) for (const k of ['hunter', 'crafter', 'scout', 'shaman']) give(s, seat, k, 'buried');
    s.players[0]!.fame = 6; s.players[0]!.fameAt = 5;
    s.players[1]!.fame = 3; s.players[1]!.fameAt = 1;
    s.players[2]!.fame = 3; s.players[2]!.fameAt = 2;
    s.players[3]!.fame = 0;
    const f = scoreFinal(s);
    expect(f[0]!.fame).toBe(10);
    expect(f[1]!.fame).toBe(DATA.burial.second[4]);
    expect(f[2]!.fame).toBe(DATA.burial.rest[4]);
    expect(f[3]!.fame).toBe(0);
  });
  it('two players: the second place uses the middle table', () => {
    const s = fresh(2);
    for (const k of ['hunter', 'crafter', 'scout']) give(s, 1, k, 'buried');
    s.players[0]!.fame = 4; s.players[1]!.fame = 1;
    expect(scoreFinal(s)[1]!.fame).toBe(DATA.burial.second[3]);
  });
  it('card points count in hand, deck, discard pile and grave', () => {
    const s = fresh(2);
    const base = scoreFinal(s)[0]!.cards;
    give(s, 0, 'shaman', 'hand'); give(s, 0, 'hunter', 'discard'); give(s, 0, 'crafter', 'buried'); give(s, 0, 'ii19', 'deck');
    const pts = (id: string): number => DATA.cards.find((c) => c.id === id)!.points;
    expect(scoreFinal(s)[0]!.cards - base).toBe(pts('shaman') + pts('hunter') + pts('crafter') + pts('ii19'));
    expect(pts('shaman') + pts('hunter') + pts('crafter') + pts('ii19')).toBeGreaterThan(0);
  });
  it('a tie on points goes to the earlier place in the final turn order', () => {
    const s = fresh(2);
    s.final = [{ seat: 0, offering: 0, fame: 0, cards: 0, animals: 0, total: 40 }, { seat: 1, offering: 0, fame: 0, cards: 0, animals: 0, total: 40 }];
    s.phase = 'over';
    s.order = [1, 0];
    expect(outcome(s)!.winners).toEqual([1]);
    expect(outcome(s)!.tieBreak?.key).toBe('endless-winter.tie.order');
  });
});

describe('setup', () => {
  it('places 8 / 12 / 14 sacred stones, 18 terrain tiles with the glacier count and a camp each on the start tile', () => {
    for (const [n, stones, glaciers] of [[2, 8, 6], [3, 12, 6], [4, 14, 3]] as const) {
      const s = engine.setup(n, {}, `setup${n}`);
      expect(s.stonesL.length + s.stonesR.length).toBe(stones);
      expect(s.tiles.length).toBe(19);
      expect(s.tiles.filter((t) => t === 6).length).toBe(glaciers);
      for (let t = 0; t < 6; t++) expect(s.tiles.filter((x) => x === t).length).toBeGreaterThanOrEqual(1);
      for (let seat = 0; seat < n; seat++) { expect(s.camps[seat]).toBe(1); expect(s.players[seat]!.hand.length + s.players[seat]!.deck.length).toBe(9); }
      expect(s.display.length).toBe(8);
      expect(s.ground.length).toBe(n + 1);
    }
  });
  it('chosen chiefs: players + 1 offered with both sides, in turn order; then setup cards in reverse order', () => {
    let s = engine.setup(3, { setup: 'both' }, 'pick');
    const d = decisions(s)[0]!;
    expect(d.seat).toBe(s.order[0]);
    expect(d.options.length).toBe(8);
    s = choose(s, d.options[0]!.id);
    s = choose(s, decisions(s)[0]!.options[0]!.id);
    s = choose(s, decisions(s)[0]!.options[0]!.id);
    const c = decisions(s)[0]!;
    expect(c.prompt.key).toBe('endless-winter.p.setupCard');
    expect(c.seat).toBe(s.order[2]);
    expect(c.options.length).toBe(4);
  });
  it('short game: one tribe figure set aside in round 1, so two turns each', () => {
    const s = fresh(2, { short: 'yes' });
    for (const p of s.players) expect(p.figs.filter((f) => f === 'x').length).toBe(1);
  });
});

describe('modules', () => {
  it('ice finds: one face down on each glacier, turned when a camp enters, paid out when a settlement is built next to it', () => {
    let s = fresh(2, { ice: 'yes' }, 'ice');
    const glaciers = s.tiles.map((t, i) => (t === 6 ? i : -1)).filter((i) => i >= 0);
    expect(glaciers.every((g) => s.ice[g]! >= 0)).toBe(true);
    const pt = POINTS.findIndex((p, i) => SETTLEABLE.includes(i) && glaciers.includes(p[0]!) );
    expect(pt).toBeGreaterThanOrEqual(0);
    const g = POINTS[pt]!.find((t) => glaciers.includes(t))!;
    const from = NEIGHBOURS[g]![0]!;
    const seat = s.turn!.seat;
    setCamps(s, seat, [from]);
    turnAt(s, seat, 'top', 'migrate', 2);
    expect(engine.view(s, 1 - seat).ice[g]).toBe(-2);
    s = choose(s, `tm:${from}:${g}`);
    expect(s.ice[g]).toBeGreaterThanOrEqual(100);
    expect(engine.view(s, 1 - seat).ice[g]).toBe(s.ice[g]! - 100);
    setCamps(s, seat, [...POINTS[pt]!]);
    s.queue = [{ k: 'settlement', n: 1 }]; s.queueSeat = seat;
    // The same settlement beside the same glacier with its find still face down is the control: building always
    // changes the player's record, so only the difference between the two shows the find paid out.
    const faceDown = structuredClone(s);
    faceDown.ice[g] = faceDown.ice[g]! - 100;
    const find = DATA.iceFinds[s.ice[g]! - 100]!;
    expect(find.length).toBeGreaterThan(0);
    const paid = choose(s, `se:${pt}`);
    const unpaid = choose(faceDown, `se:${pt}`);
    const gained = (x: EwState) => JSON.stringify({ player: x.players[seat], queue: x.queue });
    expect(gained(paid), 'the turned find pays out').not.toBe(gained(unpaid));
    expect(paid.settle[pt]).toBe(seat);
    expect(unpaid.settle[pt]).toBe(seat);
  });

  it('rest tiles: the first to rest takes the open tile or swaps it for the next; it goes under the stack after the turn', () => {
    let s = fresh(2, { rest: 'yes' }, 'rest');
    const up = s.restUp;
    expect(up).toBeGreaterThanOrEqual(0);
    s = choose(s, 'go:r:t');
    expect(decisions(s)[0]!.prompt.key).toBe('endless-winter.q.restTile');
    s = choose(s, 'rt:swap');
    expect(s.restUp).toBe(-1);
    // the open tile went under the stack (the turn may already be over: the card is drawn without a question now)
    expect(s.restDeck).toContain(up);
    let guard = 0;
    while (s.turn && s.turn.seat === s.order[0] && guard++ < 20) s = choose(s, decisions(s)[0]!.defaultOption);
    expect(s.restDeck.length).toBe(DATA.restTiles.length);
  });
});

describe('hidden information', () => {
  it('GIVEN a seat THEN its view shows its own hand and stack but only counts of the others', () => {
    const s = fresh(3);
    give(s, 1, 'shaman', 'stack');
    const v = engine.view(s, 0);
    expect(v.players[0]!.hand!.length).toBe(s.players[0]!.hand.length);
    expect(v.players[1]!.hand).toBeNull();
    expect(v.players[1]!.handCount).toBe(s.players[1]!.hand.length);
    expect(v.players[1]!.stack).toBeNull();
    expect(v.players[1]!.stackCount).toBe(1);
    expect(engine.view(s, 1).players[1]!.stack!.length).toBe(1);
    expect(engine.view(s, null).players.every((p) => p.hand === null)).toBe(true);
  });

  it('GIVEN determinize THEN the seat keeps what it sees and the others\' hidden cards are redrawn from their own pools', () => {
    const s = fresh(3, { ice: 'yes' }, 'det');
    const d = engine.determinize!(s, 0, [1, 2, 3, 4]);
    expect(d.players[0]!.hand).toEqual(s.players[0]!.hand);
    expect([...d.players[0]!.deck].sort()).toEqual([...s.players[0]!.deck].sort());
    for (const i of [1, 2]) {
      expect(d.players[i]!.hand.length).toBe(s.players[i]!.hand.length);
      expect([...d.players[i]!.hand, ...d.players[i]!.deck].sort()).toEqual([...s.players[i]!.hand, ...s.players[i]!.deck].sort());
    }
    expect(d.display).toEqual(s.display);
    expect(d.ground).toEqual(s.ground);
    expect(JSON.stringify(engine.view(d, 0))).toBe(JSON.stringify(engine.view(s, 0)));
  });
});

describe('a turn is a short guided sequence', () => {
  it('GIVEN a hunting turn with the obvious choices THEN it takes a handful of clicks', () => {
    let s = fresh(2, {}, 'clicks');
    const seat = s.turn!.seat;
    clearHand(s, seat);
    give(s, seat, 'hunter'); give(s, seat, 'warrior');
    s.players[seat]!.tool = 1; s.players[seat]!.food = 0;
    let clicks = 0;
    const click = (id: string): void => { s = choose(s, id); clicks++; };
    click('go:hunt:t');
    expect(decisions(s)[0]!.prompt.key).toBe('endless-winter.p.labour');
    click('pa'); // 2 (hunter) + 1½ (warrior) = 3½ labour, straight to the actions
    expect(s.turn!.pool).toBe(7);
    click('tr');
    click('tt:0');
    // the middle space (kill) is offered beside the top space: no "done" click in between
    click(optionIds(s).find((o) => o.startsWith('mk:')) ?? 'ok');
    while (s.turn && s.turn.seat === seat && s.turn.stage !== 'stack') click(decisions(s)[0]!.defaultOption);
    expect(clicks).toBeLessThanOrEqual(7);
  });

  it('GIVEN a rest turn THEN placing the figure, accepting the card and the optional kill are all it needs', () => {
    let s = fresh(2, {}, 'clicks2');
    const seat = s.turn!.seat;
    let clicks = 0;
    s = choose(s, 'go:r:t'); clicks++;
    while (s.turn && s.turn.seat === seat) { s = choose(s, decisions(s)[0]!.defaultOption); clicks++; }
    expect(clicks).toBeLessThanOrEqual(3);
  });
});

describe('decks', () => {
  it('GIVEN 5 cards to draw and only 2 in the deck THEN the 2 are drawn, the discard pile is shuffled into a new deck and 3 more follow', () => {
    let s = fresh(2, {}, 'reshuffle');
    const seat = s.turn!.seat;
    const p = s.players[seat]!;
    p.discard.push(...p.deck.splice(2), ...p.hand.splice(0));
    const deckTwo = [...p.deck];
    const discardBefore = p.discard.length;
    s.queue = [{ k: 'idol', n: 1 }, { k: 'draw', n: 5 }]; s.queueSeat = seat;
    s = choose(s, 'io');
    const q = s.players[seat]!;
    expect(q.hand.length).toBe(5);
    expect(q.hand.slice(0, 2)).toEqual(deckTwo);
    expect(q.discard.length).toBe(0);
    expect(q.deck.length).toBe(discardBefore - 3);
  });
});

describe('eclipse abilities', () => {
  it('GIVEN two gatherers on the stack THEN one click uses both (their eclipse food each), in the eclipse step of their owner', () => {
    let s = fresh(2, {}, 'eall');
    for (const p of s.players) { p.deck.push(...p.stack, ...p.hand); p.stack = []; p.hand = []; p.figs = p.figs.map(() => 'r'); p.rest = 0; }
    const seat = 0;
    give(s, seat, 'gatherer', 'stack'); give(s, seat, 'gatherer', 'stack');
    s.turn = null;
    s.queue = [{ k: 'idol', n: 1 }]; s.queueSeat = 1;
    s = choose(s, 'io');
    let guard = 0;
    while (!(decisions(s)[0]!.prompt.key === 'endless-winter.p.eclipse' && decisions(s)[0]!.seat === seat) && guard++ < 30) s = choose(s, decisions(s)[0]!.defaultOption);
    const food = s.players[seat]!.food = 0;
    expect(optionIds(s)).toContain('eall');
    s = choose(s, 'eall');
    const each = DATA.cards.find((c) => c.id === 'gatherer')!.eclipse[0]!.gain.find((a) => a.k === 'food')!.n;
    expect(s.players[seat]!.food - food).toBe(2 * each);
  });
});
