/**
 * One whole game of `game` through the real bot and the strict stand-in: lobby, join, start, every decision through
 * the buttons and menus offered, to the final result; hand pictures only ever reach their owner.
 *
 * Each game has its own test file (`game-<id>.test.ts`) so that vitest runs them in parallel: with Discord's rate
 * limits (5 posts and 5 edits per 5 s in the game's thread) a game played at machine speed spends much of its time
 * waiting for the thread's buckets, and separate files let those waits overlap. `other-games.test.ts` checks that
 * every registered game has its file.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../src/games/all.js';
import { playToEnd, startGame, world, type World } from './world.js';

/** Player counts the issues ask for. */
const PLAYERS: Record<string, number> = { eiszeit: 3, tal: 2, 'endless-winter': 2 };

export function wholeGame(game: string): void {
  describe(`${game} through Discord`, () => {
    let w: World;
    beforeAll(async () => {
      w = await world();
      await w.startInProcess();
    });
    afterAll(async () => w.close());

    it('plays a whole game from lobby to final result', { timeout: 900_000 }, async () => {
      const n = PLAYERS[game] ?? 2;
      const users = ['ada', 'bruno', 'chloe', 'dieter'].slice(0, n).map((u) => w.standIn.user(u));
      const { thread, gameId } = await startGame(w, game, users);
      const choices = await playToEnd(w, thread, users, { maxChoices: 20_000 });
      expect(choices).toBeGreaterThan(n);
      const db = new Database(w.databasePath, { readonly: true });
      expect((db.prepare('SELECT status FROM games WHERE id = ?').get(gameId) as { status: string }).status).toBe('finished');
      db.close();
      for (const shown of w.standIn.shown) {
        const files = ((shown.payload.attachments ?? []) as { filename: string }[]).map((a) => a.filename);
        if (files.includes('hand.png')) expect(shown.visibleTo !== 'everyone' && shown.visibleTo.length === 1).toBe(true);
      }
    });
  });
}
