/**
 * A quiet table (issue #26), through the real discord.js client and the strict stand-in, at a reader's pace: one
 * table post and one ping when the decision passes to another person, none for the steps inside one's own turn (the
 * newest table is redrawn in place), and at most one new DM per person per turn.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../src/games/all.js';
import { findButton, settled, startGame, world, type World } from './world.js';
import { dms, finished, idle, owing, pings, step, tablePosts } from './reader.js';

describe('a quiet table', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
    await w.startInProcess();
  });
  afterAll(async () => w.close());

  it('GIVEN Endless Winter at a reader\'s pace WHEN a person takes a turn of several steps THEN the steps post nothing and ping nobody, and the handover posts one table and sends one DM', { timeout: 300_000 }, async () => {
    const users = ['ada', 'bruno'].map((u) => w.standIn.user(u));
    const { thread } = await startGame(w, 'endless-winter', users);
    await idle(w);
    let longest = 0;
    const inside: string[] = [];
    let handovers = 0;
    for (let turn = 0; turn < 24; turn++) {
      const { table, who } = owing(w, thread, users);
      if (!who) break;
      const posts0 = tablePosts(w, thread).length;
      const pings0 = Object.fromEntries(users.map((u) => [u.id, pings(w, thread, u.id)]));
      const dms0 = Object.fromEntries(users.map((u) => [u.id, dms(w, u.id).length]));
      let panel = (await settled(w, await who.click(table.id, findButton(table, (id) => id.endsWith('|turn'))!))).message;
      let steps = 0;
      for (; panel && !finished(panel) && steps < 40; steps++) {
        const out = await step(w, who, panel);
        await idle(w);
        panel = out.message;
        if (finished(panel)) break;
        // A step inside the turn: the table is redrawn in place, nobody is pinged, nobody gets a DM.
        const posted = tablePosts(w, thread).length - posts0;
        const pinged = users.filter((u) => pings(w, thread, u.id) !== pings0[u.id]).map((u) => u.name);
        const dmd = users.filter((u) => dms(w, u.id).length !== dms0[u.id]).map((u) => u.name);
        if (posted || pinged.length || dmd.length) inside.push(`turn ${turn} step ${steps + 1}: ${posted} posts, pinged ${pinged.join()}, DMs to ${dmd.join()}`);
      }
      longest = Math.max(longest, steps + 1);
      // The turn ends: at most one new table (none when the same person goes on), and at most one new DM each.
      const next = owing(w, thread, users);
      const newPosts = tablePosts(w, thread).length - posts0;
      expect(newPosts).toBeLessThanOrEqual(1);
      for (const u of users) expect(dms(w, u.id).length - dms0[u.id]!).toBeLessThanOrEqual(1);
      if (next.who && next.who.id !== who.id) {
        handovers++;
        expect(newPosts).toBe(1);
        expect(pings(w, thread, who.id)).toBe(pings0[who.id]);
        expect(pings(w, thread, next.who.id) - pings0[next.who.id]!).toBe(1);
      }
    }
    expect(inside).toEqual([]);
    expect(handovers).toBeGreaterThan(3);
    expect(longest).toBeGreaterThanOrEqual(4);
  });
});
