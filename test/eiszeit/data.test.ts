/** Eiszeit data files: they load, and data that breaks a rule of the rulebook or CLARIFICATIONS is refused. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assetPath } from '../../src/engine/assets.js';
import { ADJ, BOARD, CARDS, FIRE, validateBoard, validateCards, validateFire } from '../../src/games/eiszeit/data.js';

const raw = (f: string) => JSON.parse(readFileSync(assetPath(`eiszeit/${f}`), 'utf8')) as Record<string, any>;

describe('GIVEN the shipped data', () => {
  it('loads: 12 regions, 6 landscapes of 2 regions, 33 light + 22 dark cards, 14 fire tiles', () => {
    expect(BOARD.regions).toHaveLength(12);
    expect(BOARD.landscapes).toHaveLength(6);
    expect(CARDS.filter((c) => c.colour === 'light')).toHaveLength(33);
    expect(CARDS.filter((c) => c.colour === 'dark')).toHaveLength(22);
    expect([...FIRE].sort()).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2]);
  });
  it('has the neighbours the rulebook names: 1-6 and 7-12 yes, 2-7 and 6-11 no', () => {
    expect(ADJ[0]).toContain(6);
    expect(ADJ[6]).toContain(12);
    expect(ADJ[1]).not.toContain(7);
    expect(ADJ[5]).not.toContain(11);
  });
  it('marks every reconstructed item with a reason', () => {
    for (const r of raw('board.json').regions) expect(r._reconstructed).toMatch(/\w/);
    for (const c of raw('cards.json').cards) expect(c._reconstructed ?? c._note).toMatch(/\w/);
  });
});

describe('GIVEN broken data', () => {
  const board = () => raw('board.json');
  it('refuses 2 and 7 as neighbours', () => {
    const b = board();
    b.adjacency.push([2, 7]);
    expect(() => validateBoard(b, 'board.json')).toThrow(/2 and 7/);
  });
  it('refuses a missing border between 1 and 6', () => {
    const b = board();
    b.adjacency = b.adjacency.filter((p: number[]) => !(p[0] === 1 && p[1] === 6));
    expect(() => validateBoard(b, 'board.json')).toThrow(/1 and 6/);
  });
  it('refuses a bottom region touching the top row', () => {
    const b = board();
    b.adjacency.push([9, 1]);
    expect(() => validateBoard(b, 'board.json')).toThrow(/9 must not touch region 1/);
  });
  it('refuses a middle region touching neither 1 nor 4', () => {
    const b = board();
    b.adjacency = b.adjacency.filter((p: number[]) => !(p.includes(8) && p.includes(4)));
    expect(() => validateBoard(b, 'board.json')).toThrow(/8 must touch region 1 or region 4/);
  });
  it('refuses a landscape shown by 3 regions', () => {
    const b = board();
    b.regions[4].landscape = 'steppe';
    expect(() => validateBoard(b, 'board.json')).toThrow(/exactly 2 regions/);
  });
  it('refuses an adjacency list that disagrees with the drawn map', () => {
    const b = board();
    b.adjacency.push([5, 7]);
    expect(() => validateBoard(b, 'board.json')).toThrow(/5 and 7/);
  });
  it('refuses a mammoth card that does not cost 2 / 3 / 5', () => {
    const c = raw('cards.json');
    c.cards.find((x: any) => x.kind === 'mammoth').costs.far = 4;
    expect(() => validateCards(c, 'cards.json', BOARD)).toThrow(/2 \/ 3 \/ 5/);
  });
  it('refuses a wrong card mix and a dark card paying nothing', () => {
    const c = raw('cards.json');
    c.cards.find((x: any) => x.kind === 'swap').kind = 'fire';
    expect(() => validateCards(c, 'cards.json', BOARD)).toThrow(/light fire cards expected/);
    const d = raw('cards.json');
    d.cards.find((x: any) => x.kind === 'removeOne').value = 0;
    expect(() => validateCards(d, 'cards.json', BOARD)).toThrow(/at least 1/);
  });
  it('refuses fire tiles other than 4 x 0, 5 x 1, 5 x 2', () => {
    expect(() => validateFire({ tiles: [0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2] }, 'fire.json')).toThrow(/4 x 0/);
  });
});
