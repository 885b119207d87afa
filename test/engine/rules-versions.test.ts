/**
 * Rules versions: a rule changed under a new rules version never alters a game in progress. Proved on a toy game whose
 * rules version 2 lets a pass draw a card (in version 1 a pass draws nothing): games stored and recorded under
 * version 1 keep their course through every path that replays a game (undo, the log, `/campfire replay`'s frames,
 * compaction's rebuild, `npm run db:copy`'s check, `--verify-replays`), play on by version 1, and new games get
 * version 2. The same generic proof (`test/golden/prove-rules-versions.ts`) runs on every real game that has a
 * second rules version.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { replay, replaySteps } from '../../src/engine/apply.js';
import { checkRecording, recordGame, type GoldenRecording } from '../../src/engine/golden.js';
import { RULES_VERSION_OPTION, RulesVersions, withCurrentRulesVersion } from '../../src/engine/rules-versions.js';
import type { GameEngine, GameEvent, LobbyOptions } from '../../src/engine/types.js';
import { allGames } from '../../src/games/all.js';
import { registerGame } from '../../src/games/registry.js';
import type { GameModule } from '../../src/games/types.js';
import { verifyReplays } from '../../src/ops/verify-replays.js';
import { Campfire } from '../../src/service/index.js';
import { copyDatabase } from '../../src/store/copy.js';
import { pgReachable, testStore, type TestStore } from '../helpers/stores.js';
import { toy, type ToyState } from '../helpers/toy-game.js';
import { proveRulesVersions } from '../golden/prove-rules-versions.js';

const opened: TestStore[] = [];
afterEach(async () => { while (opened.length) await opened.pop()!.drop(); });

describe('RulesVersions', () => {
  it('GIVEN a new game THEN version 1 is the rules as first shipped, and each next version is registered in order, once', () => {
    const r = new RulesVersions('test');
    expect([r.current, r.versions()]).toEqual([1, [1]]);
    expect(() => r.register(3, 'skips 2')).toThrow(/skips 2/);
    r.register(2, 'a pass draws a card');
    expect(() => r.register(2, 'again')).toThrow(/already registered/);
    expect(() => r.register(1, 'the first')).toThrow(/above 1/);
    expect([r.current, r.versions(), r.summary(2)]).toEqual([2, [1, 2], 'a pass draws a card']);
  });

  it('GIVEN options and states THEN absent means version 1, version 1 leaves no trace in the state, and an unknown version is refused', () => {
    const r = new RulesVersions('test').register(2, 'changed');
    expect(r.fromOptions({})).toBe(1);
    expect(r.fromOptions({ [RULES_VERSION_OPTION]: '2' })).toBe(2);
    expect(() => r.fromOptions({ [RULES_VERSION_OPTION]: '3' })).toThrow(/unknown rules version 3/);
    expect([r.field(1), r.field(2)]).toEqual([{}, { rulesVersion: 2 }]);
    expect([r.atLeast({ rng: [1, 2, 3, 4] }, 2), r.atLeast({ rng: [1, 2, 3, 4], rulesVersion: 2 }, 2)]).toEqual([false, true]);
    expect(withCurrentRulesVersion({ a: 'b' }, r)).toEqual({ a: 'b', [RULES_VERSION_OPTION]: '2' });
  });

  it('GIVEN every game THEN its rules ask only for registered versions (a rule asking for an unregistered one is dead code: no game would reach it)', () => {
    for (const m of allGames()) {
      const dir = path.join(import.meta.dirname, '../../src/games', m.engine.id);
      if (!existsSync(dir)) continue; // the toy game of this file
      const asked = readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.ts'))
        .flatMap((f) => [...readFileSync(path.join(dir, f), 'utf8').matchAll(/RULES\.atLeast\([^,()]+,\s*(\d+)\s*\)/g)].map((x) => `${f}: ${x[1]}`));
      const current = m.engine.rulesVersions?.current ?? 1;
      for (const a of asked) expect(Number(a.split(': ')[1]), `${m.engine.id} ${a}`).toBeLessThanOrEqual(current);
    }
  });
});

/** The toy game with two rules versions: from version 2 on, a pass draws a card too (the deck allowing). */
function versionedToy(rules: RulesVersions): GameModule {
  const base = toy.engine;
  const engine: GameEngine<ToyState> = {
    ...base,
    id: 'toy-rules',
    rulesVersions: rules,
    setup: (players, options, seed) => ({ ...base.setup(players, options, seed), ...rules.field(rules.fromOptions(options)) }),
    perform(s, seat, option) {
      const r = base.perform(s, seat, option);
      if (option.id !== 'pass' || !rules.atLeast(s, 2) || s.deck.length === 0) return r;
      const drawn = s.deck.shift()!;
      s.hands[seat]!.push(drawn);
      return { events: [...r.events, { msg: { key: 'toy.drew', args: { n: drawn } }, to: [seat] }], revealed: true };
    },
  };
  return { ...toy, engine } as unknown as GameModule;
}

const RULES = new RulesVersions('toy-rules');
const TOY = versionedToy(RULES);
registerGame(TOY);
const drew = (events: GameEvent[]) => events.some((e) => e.msg.key === 'toy.drew');

describe('GIVEN toy games stored and recorded under rules version 1, WHEN rules version 2 ships (a pass draws a card)', () => {
  const recordings: GoldenRecording[] = [];

  it('THEN every path that replays a stored game keeps version 1, the game plays on by it, and a new game gets version 2', async () => {
    const t = await testStore('sqlite');
    opened.push(t);
    let seeds = 0;
    const cf = new Campfire(t.repo, { newSeed: () => `rules-${++seeds}` });
    const repo = t.repo;
    const game = async (players: number) => {
      const l = await cf.games.createLobby({ game: 'toy-rules', guildId: 'g', channelId: 'c', threadId: null, host: { id: 'u0', name: 'U0' }, locale: 'en' });
      if (!l.ok) throw new Error(l.error);
      for (let i = 1; i < players; i++) await cf.games.join(l.value.id, { id: `u${i}`, name: `U${i}` });
      expect((await cf.games.start(l.value.id, 'u0')).ok).toBe(true);
      return l.value.id;
    };
    /** Passes on even steps, plays the first card on odd ones. */
    const play = async (id: number, n: number) => {
      const events: GameEvent[][] = [];
      for (let i = 0; i < n; i++) {
        const row = (await repo.game(id))!;
        if (row.status !== 'running') break;
        const d = (await cf.games.decisions(row))[0]!;
        const r = await cf.games.decide(id, { userId: `u${d.seat}` }, row.version, i % 2 === 0 ? 'pass' : d.options[0]!.id);
        if (!r.ok) throw new Error(r.error);
        events.push(r.value.events);
      }
      return events;
    };

    // Before the deploy: recordings, a running game and a finished one, and what every path shows of them.
    for (const [k, plan] of [{ players: 2, stopAt: undefined }, { players: 3, stopAt: 0.5 }].entries()) {
      recordings.push(recordGame(TOY.engine, { id: `v1-0${k + 1}`, ...plan, options: { rounds: '3', [RULES_VERSION_OPTION]: '1' }, rulesVersion: 1, seed: `toy-rules-${k}`, undos: 2, undoEvery: 2 }));
    }
    const running = await game(2);
    await play(running, 4);
    const finished = await game(3);
    await play(finished, 100);
    expect((await repo.game(finished))!.status).toBe('finished');
    const options = JSON.parse((await repo.game(running))!.options) as LobbyOptions;
    expect(options[RULES_VERSION_OPTION]).toBe('1');
    const shown = async () => ({
      state: (await repo.game(running))!.state,
      log: [await cf.games.log(running, 0), await cf.games.log(finished, 1)],
      frames: [await cf.views.replay(running), await cf.views.replay(finished)].map((r) => (r.ok ? r.value.frames : r.error)),
      finalState: await cf.games.state((await repo.game(finished))!),
    });
    const before = await shown();
    const stateBeforeLast = replay(TOY.engine, 2, options, 'rules-1', (await repo.activeDecisions(running)).slice(0, -1).map((d) => ({ seat: d.seat, option: d.option })));

    RULES.register(2, 'a pass draws a card');

    // The log, the replay's frames and the rebuilt states are what they were; so after compaction.
    expect(await shown()).toEqual(before);
    expect(await repo.compact(finished)).toBe(true);
    const restarted = new Campfire(repo);
    expect(await restarted.games.state((await repo.game(finished))!)).toEqual(before.finalState);
    expect(await restarted.games.log(finished, 1)).toEqual(before.log[1]);
    expect(await restarted.views.replay(finished)).toMatchObject({ ok: true, value: { frames: before.frames[1] } });
    // An undo rebuilds the state by version 1; the game plays on by version 1 (a pass draws nothing).
    const row = (await repo.game(running))!;
    const last = (await repo.lastActiveDecision(running))!;
    expect((await restarted.games.undoLast(running, row.version, { userId: last.user_id, name: 'U' }, true)).ok).toBe(true);
    expect(JSON.parse((await repo.game(running))!.state!)).toEqual(stateBeforeLast);
    const onward = await play(running, 4);
    expect(onward.filter((_, i) => i % 2 === 0).some(drew)).toBe(false);
    expect((await verifyReplays(repo)).differ).toEqual([]);
    if (pgReachable) {
      const pg = await testStore('postgres');
      opened.push(pg);
      expect((await copyDatabase(t.db!, pg.repo)).problems).toEqual([]);
    }

    // Replayed under version 2, the stored game would have gone elsewhere: that is what the version prevents.
    const choices = (await repo.activeDecisions(running)).map((d) => ({ seat: d.seat, option: d.option }));
    const under = (v: string) => [...replaySteps(TOY.engine, 2, { ...options, [RULES_VERSION_OPTION]: v }, 'rules-1', choices.slice(0, 3))].map((s) => s.events);
    expect(choices[0]!.option).toBe('pass');
    expect(drew(under('1')[1]!)).toBe(false);
    expect(under('2')[1]!.some((e) => e.msg.key === 'toy.drew' && e.to?.[0] === 0)).toBe(true);

    // A new game starts under version 2, and there a pass draws a card.
    const fresh = await game(2);
    expect(JSON.parse((await repo.game(fresh))!.options)[RULES_VERSION_OPTION]).toBe('2');
    expect(JSON.parse((await repo.game(fresh))!.state!).rulesVersion).toBe(2);
    expect(drew((await play(fresh, 1))[0]!)).toBe(true);
  });

  it('THEN the generic proof holds: recordings under version 1 replay, depart under version 2, play on by version 1 through the service', async () => {
    expect(recordings.map((r) => [r.end, r.steps.some((s) => s.startsWith('undo'))])).toEqual([['finished', true], ['stopped', true]]);
    expect(recordings.map((r) => checkRecording(TOY.engine, r))).toEqual([null, null]);
    const t = await testStore('sqlite');
    opened.push(t);
    await proveRulesVersions(TOY, recordings, t.repo);
  });
});
