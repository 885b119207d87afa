import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../src/games/all.js';
import { translator } from '../../src/bot/present.js';
import { getGame } from '../../src/games/registry.js';
import type { GameEvent } from '../../src/engine/types.js';
import { messageText } from '../../src/standin/index.js';
import { playToEnd, startGame, textOf, world, type World } from './world.js';

describe('a whole Mammut game through the real discord.js client and the stand-in', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
    await w.startInProcess();
  });
  afterAll(async () => w.close());

  it('plays from lobby to final result, and nobody ever sees another player\'s hidden information', { timeout: 900_000 }, async () => {
    const users = [w.standIn.user('ada'), w.standIn.user('bruno'), w.standIn.user('chloe')];
    const { thread, gameId } = await startGame(w, 'mammut', users);
    // Taking another player's share is rarer than taking from the middle, as at a real table.
    const choices = await playToEnd(w, thread, users, { weight: (id) => (id.startsWith('rob') ? 0.1 : 1) });
    expect(choices).toBeGreaterThan(10);

    const db = new Database(w.databasePath, { readonly: true });
    const game = db.prepare('SELECT * FROM games WHERE id = ?').get(gameId) as { status: string; state: string; options: string };
    expect(game.status).toBe('finished');
    // The game was started with the current component data, and keeps it: replays read the version from its options.
    const current = getGame('mammut')!.engine.dataVersions!.current;
    expect(JSON.parse(game.options).dataVersion).toBe(String(current));
    const seats = db.prepare('SELECT user_id, name, seat FROM players WHERE game_id = ? ORDER BY seat').all(gameId) as { user_id: string; name: string; seat: number }[];
    const events = (db.prepare('SELECT events FROM decisions WHERE game_id = ?').all(gameId) as { events: string }[]).flatMap((d) => JSON.parse(d.events) as GameEvent[]);
    db.close();

    // Private log lines (what a peek showed, cards drawn) in both languages, by the seat that may see them.
    const module = getGame('mammut')!;
    const names = seats.map((s) => s.name);
    const publicTexts = new Set(events.filter((e) => !e.to).flatMap((e) => (['en', 'de'] as const).map((l) => translator(l, module, names)(e.msg))));
    const privateTexts = events.filter((e) => e.to).flatMap((e) => (['en', 'de'] as const).map((l) => ({ text: translator(l, module, names)(e.msg), to: e.to!.map((s) => seats[s]!.user_id) })))
      .filter((p) => !publicTexts.has(p.text));
    expect(privateTexts.length, 'the game had private information to protect').toBeGreaterThan(0);

    for (const shown of w.standIn.shown) {
      const text = messageText(shown.payload);
      const viewers = shown.visibleTo === 'everyone' ? ['everyone'] : shown.visibleTo;
      for (const p of privateTexts) {
        if (text.includes(p.text)) expect(viewers.every((v) => p.to.includes(v)), `"${p.text}" shown to ${viewers.join(',')}`).toBe(true);
      }
      // Hands travel only to one person (their ephemeral panel or their DM).
      const files = ((shown.payload.attachments ?? []) as { filename: string }[]).map((a) => a.filename);
      if (files.includes('hand.png')) expect(shown.visibleTo !== 'everyone' && shown.visibleTo.length === 1, 'a hand picture was public').toBe(true);
    }
    // Each hand picture went only to the player it belongs to: a seated player, seen by themselves.
    const handViewers = new Set(w.standIn.shown.filter((s) => JSON.stringify(s.payload.attachments ?? []).includes('hand.png')).flatMap((s) => s.visibleTo as string[]));
    for (const v of handViewers) expect(seats.map((s) => s.user_id)).toContain(v);

    // The tables after the first went out as public follow-ups of the clicks in the thread (Discord does not count
    // those against the bot's global limit); each still pings the next player.
    const tables = w.standIn.messagesIn(thread).filter((m) => (m.attachments ?? []).some((a: { filename: string }) => a.filename === 'table.png'));
    const followUps = tables.filter((m) => m.interaction_metadata && !(m.flags & 64));
    expect(followUps.length, `${followUps.length} of ${tables.length} tables as follow-ups`).toBeGreaterThan(tables.length / 2);
    expect(followUps.some((m) => (m.mentions ?? []).length > 0)).toBe(true);
    // Every table is a Components V2 container (issue #27): the lines in a text display, the glance in a media
    // gallery (Discord resolved attachment://table.png to the message's own picture), the buttons below; the final one
    // too. The replaced ones lost their buttons and kept the rest.
    for (const m of tables) {
      expect(m.flags & (1 << 15), `table ${m.id} in the V2 layout`).toBe(1 << 15);
      expect(m.content ?? '').toBe('');
      const container = (m.components as { type: number; components?: { type: number; content?: string; items?: { media: { url: string } }[] }[] }[]).find((c) => c.type === 17)!;
      expect(container.components!.some((c) => c.type === 10 && c.content!.length > 0)).toBe(true);
      const gallery = container.components!.find((c) => c.type === 12)!;
      expect(gallery.items![0]!.media.url).toBe(m.attachments.find((a: { filename: string }) => a.filename === 'table.png').url);
    }
    // The final table tells the collection animals' points once: in the final scoring's line, not again under the
    // result (the play-through's Mammut 9).
    const last = textOf(tables.at(-1));
    expect(last).toContain('Final result');
    const bonus = last.match(/\S+: \d+ animals? \+\d+ = \d+ VP/g) ?? [];
    expect(bonus.length, last).toBeGreaterThan(0);
    for (const b of bonus) expect(last.split(b).length - 1, `"${b}" in ${last}`).toBe(1);
    const live = tables.filter((m) => (m.components as { type: number }[]).some((c) => c.type === 1));
    expect(live.length, 'only the newest tables keep buttons').toBeLessThan(tables.length);
  });
});
