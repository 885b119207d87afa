/**
 * Component data versions: a game keeps the data it started with. A stored game replays exactly after the data
 * changed (a new version was registered), a new game gets the new data, and every registered version of every
 * game is loadable and plays a game to its end.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replaySteps } from '../../src/engine/apply.js';
import { assetPath } from '../../src/engine/assets.js';
import { DATA_VERSION_OPTION, DataVersions, withCurrentDataVersion } from '../../src/engine/data-versions.js';
import { playRandom } from '../../src/engine/selfplay.js';
import type { BaseState, GameEngine, GameEvent, LobbyOptions, Seat } from '../../src/engine/types.js';
import { allGames } from '../../src/games/all.js';
import { DATA as EISZEIT } from '../../src/games/eiszeit/data.js';
import { DATA as EW } from '../../src/games/endless-winter/data.js';
import { DATA as MAMMUT, mammutData, validateCards, validateTiles } from '../../src/games/mammut/data.js';
import { downFace, upFace } from '../../src/games/mammut/board.js';
import { engine as mammut } from '../../src/games/mammut/index.js';
import { NT, type MammutState } from '../../src/games/mammut/state.js';
import { DATA as TAL } from '../../src/games/tal/data.js';

/**
 * A digest of every shipped data version. A shipped version never changes: a game stored with it must replay as it
 * was played. When this fails, the data of a version that games may use was edited; put the old data back (as a
 * frozen copy, e.g. `assets/<game>/v<N>/`) and register the changed data as a new version, then add its digest here.
 * (The digest covers the loaded data with its precomputed tables: a change to how they are computed that leaves
 * every rule's view of the data as it was may update a digest, after the replay tests show the same games.)
 * A component's words (its `en` / `de` texts: a card's title and text, an event's description) are presentation,
 * shown in the reader's language and never read by a rule: they are left out, so a wording fix needs no version.
 */
const SHIPPED: Record<string, Record<number, string>> = {
  mammut: { 1: 'e82dc3cfef7e12c8' },
  eiszeit: { 1: '521e7d7d1b0e352f' },
  tal: { 1: 'cfc467393c7d38b1' },
  'endless-winter': { 1: '7b3f3d902caa32d5' },
};
const REGISTRIES: Record<string, DataVersions<unknown>> = { mammut: MAMMUT, eiszeit: EISZEIT, tal: TAL, 'endless-winter': EW };

function digest(data: unknown): string {
  const json = JSON.stringify(data, (k, v: unknown) => (k === 'en' || k === 'de' ? undefined : v instanceof Map ? [...v.entries()] : v));
  return createHash('sha256').update(json).digest('hex').slice(0, 16);
}

interface Step { state: unknown; events: GameEvent[] }

function replayAll<S extends BaseState>(engine: GameEngine<S>, players: number, options: LobbyOptions, seed: string, choices: { seat: Seat; option: string }[]): Step[] {
  return [...replaySteps(engine, players, options, seed, choices)].map((s) => ({ state: s.state, events: s.events }));
}

/** Tile faces of a state as a sorted multiset of "up/down" pairs (which side is up does not matter). */
function tileMix(s: MammutState): string[] {
  return Array.from({ length: NT }, (_, t) => [upFace(s, t), downFace(s, t)].sort().join('/')).sort();
}

describe('shipped data versions', () => {
  it('GIVEN every game THEN its engine exposes its data versions and new games start with the newest', () => {
    for (const m of allGames()) {
      const info = m.engine.dataVersions;
      expect(info, m.engine.id).toBeDefined();
      expect(info!.versions().length, m.engine.id).toBeGreaterThan(0);
      expect(info!.current).toBe(Math.max(...info!.versions()));
      expect(withCurrentDataVersion({ x: 'y' }, info)).toEqual({ x: 'y', [DATA_VERSION_OPTION]: String(info!.current) });
    }
  });

  it('GIVEN every shipped version THEN its data is unchanged (a change is a new version, the old one stays)', () => {
    for (const [game, versions] of Object.entries(SHIPPED)) {
      const reg = REGISTRIES[game]!;
      for (const [v, want] of Object.entries(versions)) expect(`${game} v${v}: ${digest(reg.get(Number(v)))}`).toBe(`${game} v${v}: ${want}`);
    }
  });
});

describe('GIVEN a Mammut game played with data version 1, WHEN version 2 changes the tile mix', () => {
  // A stored game as the service keeps it: options (here without `dataVersion`, as games stored before versions
  // existed), seed and choices. It is played, recorded, and only then is the new version registered.
  const players = 3;
  const seed = 'data-versions-mammut';
  const played = playRandom(mammut, players, {}, seed, { record: true });
  expect(played.finished).toBe(true);
  const before = replayAll(mammut, players, {}, seed, played.choices);

  // Version 2: four of the ? sides become axes or furs (a different tile mix, still valid by the rulebook's counts).
  const raw = JSON.parse(readFileSync(assetPath('mammut/tiles.json'), 'utf8')) as { tiles: { sides: [string, string] }[] };
  let changed = 0;
  for (const t of raw.tiles) {
    const q = t.sides.indexOf('?');
    if (q < 0 || changed >= 4) continue;
    t.sides[q] = t.sides[1 - q] === 'axe' ? 'fur' : 'axe';
    changed++;
  }
  const cards = validateCards(JSON.parse(readFileSync(assetPath('mammut/cards.json'), 'utf8')), 'mammut/cards.json');
  const v2 = mammutData(validateTiles(raw, 'test: mammut tiles v2'), cards);
  MAMMUT.register(2, v2);

  it('THEN the new version is the current one and the two mixes differ', () => {
    expect(changed).toBe(4);
    expect(MAMMUT.current).toBe(2);
    expect(digest(MAMMUT.get(1))).not.toBe(digest(v2));
  });

  it('THEN the stored game replays exactly: the same states and the same log, step by step', () => {
    const after = replayAll(mammut, players, {}, seed, played.choices);
    expect(after.length).toBe(played.choices.length + 1);
    expect(after).toEqual(before);
    expect((after.at(-1)!.state as MammutState).dataVersion).toBe(1);
    expect(mammut.outcome(after.at(-1)!.state as MammutState)).toEqual(played.outcome);
  });

  it('THEN the same choices under version 2 would not give the same game (the data matters)', () => {
    let differs: boolean;
    try {
      differs = JSON.stringify(replayAll(mammut, players, { [DATA_VERSION_OPTION]: '2' }, seed, played.choices).map((s) => s.events)) !== JSON.stringify(before.map((s) => s.events));
    } catch {
      differs = true; // a stored choice is not even legal any more
    }
    expect(differs).toBe(true);
  });

  it('THEN a new game starts with version 2 and its tiles are the new mix', () => {
    const options = withCurrentDataVersion({}, mammut.dataVersions);
    expect(options[DATA_VERSION_OPTION]).toBe('2');
    const fresh = mammut.setup(players, options, 'data-versions-new');
    expect(fresh.dataVersion).toBe(2);
    expect(mammut.view(fresh, null).dataVersion).toBe(2);
    const mixOf = (d: typeof v2) => d.tiles.map((t) => [...t.sides].sort().join('/')).sort();
    expect(tileMix(fresh)).toEqual(mixOf(v2));
    expect(tileMix(fresh)).not.toEqual(mixOf(MAMMUT.get(1)));
    const old = mammut.setup(players, {}, 'data-versions-new');
    expect(tileMix(old)).toEqual(mixOf(MAMMUT.get(1)));
  });

  it('THEN an unknown version is refused at setup', () => {
    expect(() => mammut.setup(players, { [DATA_VERSION_OPTION]: '3' }, 'x')).toThrow(/unknown data version 3/);
  });
});

describe('every registered version of every game', () => {
  for (const m of allGames()) {
    const e = m.engine as GameEngine<BaseState>;
    for (const v of e.dataVersions!.versions()) {
      it(`GIVEN ${e.id} with data version ${v} THEN a game plays to its end, records the version and replays exactly`, () => {
        const options = { [DATA_VERSION_OPTION]: String(v) };
        const seed = `every-version-${e.id}-${v}`;
        const r = playRandom(e, e.minPlayers, options, seed, { maxSteps: 20_000, record: true });
        expect(r.finished).toBe(true);
        expect(r.outcome).not.toBeNull();
        expect(r.state.dataVersion).toBe(v);
        const again = replayAll(e, e.minPlayers, options, seed, r.choices);
        expect(again.at(-1)!.state).toEqual(r.state);
      });
    }
  }
});
