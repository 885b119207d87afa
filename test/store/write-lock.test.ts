/**
 * GIVEN another process holds the SQLite database's write lock (a maintenance run, a backup tool, a second
 * connection) THEN the bot does not freeze: a decision waits for the lock without blocking the event loop, and a
 * read-only click (the log, a hand) is answered meanwhile; once the lock is free the decision is committed.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { makeId, parseId } from '../../src/bot/ids.js';
import { openDatabase } from '../../src/store/db.js';
import { FakeDiscord, harness } from '../helpers/fake-discord.js';
import { toy } from '../helpers/toy-game.js';

const ann = { id: 'u-ann', name: 'Ann' };
const bob = { id: 'u-bob', name: 'Bob' };
const dirs: string[] = [];
afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });

it('GIVEN another connection holds the write lock WHEN a decision is being committed THEN a read-only click is answered before it, and the decision goes through once the lock is free', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'campfire-lock-'));
  dirs.push(dir);
  const file = path.join(dir, 'campfire.db');
  const db = openDatabase(file);
  const h = harness(toy, { db });
  await h.bot.handle(h.discord.ix(ann, 'chan', { command: { sub: 'new', options: { game: 'toy' } } }));
  const gameId = parseId(FakeDiscord.ids(h.discord.last('reply').msg)[0])!.gameId;
  await h.bot.handle(h.discord.ix(bob, 'chan', { customId: makeId('L', gameId, 0, 'join') }));
  await h.bot.handle(h.discord.ix(ann, 'chan', { customId: makeId('L', gameId, 0, 'start') }));
  await h.bot.settle();
  const g = (await h.repo.game(gameId))!;
  const d = (await h.service.decisions(g))[0]!;
  const seats = await h.service.seats(gameId);
  const chooser = [ann, bob].find((u) => u.id === seats[d.seat]!.user_id)!;

  const other = new Database(file);
  other.exec('BEGIN IMMEDIATE');
  let committed = false;
  const deciding = h.cf.play.choose(gameId, { ...chooser, guildId: 'guild' }, g.version, d.defaultOption).then((r) => { committed = true; return r; });
  await new Promise((r) => setTimeout(r, 20));
  await h.bot.handle(h.discord.ix(bob, g.thread_id!, { customId: makeId('T', gameId, g.version, 'log'), message: 'public' }));
  const answer = h.discord.last('reply');
  expect(answer.ephemeral).toBe(true);
  expect(JSON.stringify(answer.msg)).not.toMatch(/went wrong/i);
  expect(committed, 'the click was answered while the decision waited for the lock').toBe(false);
  other.exec('COMMIT');
  other.close();
  expect((await deciding).ok).toBe(true);
  expect((await h.repo.game(gameId))!.version).toBe(g.version + 1);
  db.close();
});
