/**
 * A whole game of every other registered game, played by simulated users through the real bot and the stand-in:
 * lobby, join, start, every decision through the buttons and menus offered, to the final result. Hand pictures
 * only ever reach their owner.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../src/games/all.js';
import { allGames } from '../../src/games/registry.js';
import { playToEnd, startGame, world, type World } from './world.js';

/** Player counts the issues ask for. */
const PLAYERS: Record<string, number> = { eiszeit: 3, tal: 2, 'endless-winter': 2 };
const games = allGames().filter((g) => g.engine.id !== 'mammut').map((g) => g.engine.id);

describe.each(games)('%s through Discord', (game) => {
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
