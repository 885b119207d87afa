/**
 * Graceful stop: on SIGTERM the bot takes no new interactions (they are answered "back in a moment"), finishes the
 * work in flight up to a limit, and closes the database — nothing lost, nothing half-done.
 */
import { afterEach, describe, expect, it } from 'vitest';
import '../../src/games/all.js';
import { makeId } from '../../src/bot/ids.js';
import { getGame } from '../../src/games/registry.js';
import { harness } from '../helpers/fake-discord.js';
import { components, dbState, findButton, latestTable, mentioned, startGame, world, type World } from '../e2e/world.js';

type Obj = Record<string, any>;

describe('draining the bot', () => {
  async function gatedGame() {
    const h = harness(getGame('mammut')!, { seed: 'drain-1' });
    let open!: () => void;
    const gate = new Promise<void>((r) => { open = r; });
    const post = h.discord.post.bind(h.discord);
    h.discord.post = async (ch, msg) => { await gate; return post(ch, msg); };
    const host = { id: 'u0', name: 'Ada' };
    await h.bot.handle(h.discord.ix(host, 'chan', { command: { sub: 'new', options: { game: 'mammut' } } }));
    const gameId = (await h.repo.liveGameIn(h.discord.threads[0]!.id))!.id;
    await h.bot.handle(h.discord.ix({ id: 'u1', name: 'Bruno' }, 'chan', { customId: makeId('L', gameId, 0, 'join'), message: 'public' }));
    await h.bot.handle(h.discord.ix(host, 'chan', { customId: makeId('L', gameId, 0, 'start'), message: 'public' }));
    return { h, gameId, open, host };
  }

  it('GIVEN a table post in flight WHEN draining THEN new clicks get "back in a moment" and change nothing, and the post still goes out', async () => {
    const { h, gameId, open, host } = await gatedGame();
    const drained = h.bot.drain(10_000);
    const before = (await h.repo.game(gameId))!;
    await h.bot.handle(h.discord.ix(host, h.discord.threads[0]!.id, { customId: makeId('T', gameId, before.version, 'turn'), message: 'public', locale: 'de' }));
    const answer = h.discord.last('reply');
    expect(answer.ephemeral).toBe(true);
    expect(String(answer.msg.content)).toMatch(/gleich wieder da/);
    expect(await h.repo.game(gameId)).toEqual(before);
    expect(h.discord.sent.some((s) => s.kind === 'post' && s.msg.files?.some((f) => f.name === 'table.png'))).toBe(false);
    open();
    expect(await drained).toBe(true);
    expect(h.discord.sent.some((s) => s.kind === 'post' && s.msg.files?.some((f) => f.name === 'table.png'))).toBe(true);
  });

  it('GIVEN work that does not finish in time THEN drain gives up after its limit and says so', async () => {
    const { h } = await gatedGame();
    const t0 = Date.now();
    expect(await h.bot.drain(100)).toBe(false);
    expect(Date.now() - t0).toBeLessThan(2000);
  });
});

let w: World | null = null;
afterEach(async () => { await w?.close(); w = null; });


function firstChoice(panel: Obj): { customId: string; value?: string } | null {
  const c = components(panel).find((x) => /^[CM]\|/.test(x.custom_id) && !/\|back$/.test(x.custom_id));
  if (!c) return null;
  return c.type === 3 ? { customId: c.custom_id, value: c.options[0].value } : { customId: c.custom_id };
}

describe('SIGTERM under load', () => {
  it('GIVEN players clicking and others asking for the table WHEN SIGTERM arrives THEN the process exits 0 with every acknowledged decision stored, none half-done, no table owed', { timeout: 240_000 }, async () => {
    w = await world();
    await w.startChild();
    const users = [w.standIn.user('ada'), w.standIn.user('bruno')];
    const watcher = w.standIn.user('chloe');
    const { thread, gameId } = await startGame(w, 'mammut', users);
    const outcomes: { what: string; kind: string; text: string }[] = [];
    let acknowledged = 0;
    let stop = false;
    // Background load: a spectator keeps asking for the table (each answer queues a table post).
    const spam = (async () => {
      while (!stop) {
        const o = await watcher.slash(thread, 'campfire', { subcommand: 'status' }, { waitMs: 4000 }).catch(() => null);
        if (o) outcomes.push({ what: 'status', kind: o.kind, text: String(o.message?.content ?? '') });
        await new Promise((r) => setTimeout(r, 15));
      }
    })();
    const child = w.child!;
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    let signalled = false;
    // 40 decisions at most; a look at the thread that finds nobody to act yet, or a panel without a choice (a
    // deferred answer on a loaded machine), is not one of them (up to 400 such looks).
    let looks = 0;
    for (let i = 0; i < 40 && !stop && looks < 400; i++) {
      const table = latestTable(w, thread)!;
      const who = users.find((u) => mentioned(table).includes(u.id));
      const turn = findButton(table, (id) => id.endsWith('|turn'));
      if (!who || !turn) { await new Promise((r) => setTimeout(r, 50)); i--; looks++; continue; }
      const opened = await who.click(table.id, turn, { waitMs: 4000 });
      outcomes.push({ what: 'turn', kind: opened.kind, text: String(opened.message?.content ?? '') });
      if (opened.kind === 'none' || /back in a moment/.test(String(opened.message?.content))) { stop = true; break; }
      const pick = opened.message && firstChoice(opened.message);
      if (!pick) { i--; looks++; continue; }
      if (i >= 6 && !signalled) {
        // SIGTERM while this decision's click is on its way.
        signalled = true;
        setTimeout(() => child.kill('SIGTERM'), 1);
      }
      const out = pick.value !== undefined ? await who.select(opened.message!.id, pick.customId, [pick.value], { waitMs: 4000 }) : await who.click(opened.message!.id, pick.customId, { waitMs: 4000 });
      outcomes.push({ what: 'choice', kind: out.kind, text: String(out.message?.content ?? '') });
      if (out.kind === 'update') acknowledged++;
      if (out.kind === 'none' || /back in a moment/.test(String(out.message?.content))) stop = true;
      await w.standIn.waitFor(() => latestTable(w!, thread)?.id !== table.id || stop, { timeoutMs: 10_000, what: 'a new table' }).catch(() => {});
    }
    if (process.env.SHOW_OUTCOMES) console.log(JSON.stringify({ acknowledged, outcomes: outcomes.map((o) => `${o.what}:${o.kind}:${o.text.slice(0, 30)}`) }));
    expect(signalled, `SIGTERM was sent (${JSON.stringify(outcomes.map((o) => `${o.what}:${o.kind}`))})`).toBe(true);
    const code = await exited;
    stop = true;
    await spam;
    w.child = null;
    expect(code).toBe(0);
    // Every answer was a real one or "back in a moment"; never an error.
    expect(outcomes.filter((o) => /went wrong/.test(o.text))).toEqual([]);
    const s = await dbState(w, gameId);
    expect(s.decisions).toBe(acknowledged);
    expect(s.state).toBe(s.replayed);
    // No table owed: nothing left in the outbox but tidying (buttons off replaced tables, for the next start), and
    // the newest table shows the newest state, or the state after the last handover when the last decision was a
    // step inside a turn (which posts no table).
    expect(s.owedJobs.filter((k) => k !== 'table_off')).toEqual([]);
    if (!s.midTurn) expect(s.tableVersion).toBe(s.version);

    // It starts again and the game goes on from the newest table.
    await w.startChild();
    const table = latestTable(w, thread)!;
    const who = users.find((u) => mentioned(table).includes(u.id))!;
    const opened = await who.click(table.id, findButton(table, (id) => id.endsWith('|turn'))!);
    const pick = firstChoice(opened.message!)!;
    const out = pick.value !== undefined ? await who.select(opened.message!.id, pick.customId, [pick.value]) : await who.click(opened.message!.id, pick.customId);
    expect(out.kind).toBe('update');
    expect((await dbState(w, gameId)).decisions).toBe(acknowledged + 1);
  });
});
