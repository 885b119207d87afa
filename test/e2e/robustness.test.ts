import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import '../../src/games/all.js';
import { components, dbState, findButton, latestTable, mentioned, settled, startGame, world, type World } from './world.js';

type Obj = Record<string, any>;
let w: World | null = null;
afterEach(async () => { await w?.close(); w = null; });


/** The pinged player opens their panel from the newest table. */
async function openPanel(w: World, thread: string) {
  const table = latestTable(w, thread)!;
  const userId = mentioned(table)[0]!;
  const user = w.standIn.user(userId);
  const out = await settled(w, await user.click(table.id, findButton(table, (id) => id.endsWith('|turn'))!));
  return { user, panel: out.message as Obj, table };
}

function firstChoice(panel: Obj): { customId: string; value?: string } {
  const c = components(panel).find((x) => /^[CM]\|/.test(x.custom_id) && !/\|back$/.test(x.custom_id));
  if (!c) throw new Error(`no choice on the panel: ${JSON.stringify(panel?.content)} ${JSON.stringify(components(panel).map((x) => x.custom_id))}`);
  return c.type === 3 ? { customId: c.custom_id, value: c.options[0].value } : { customId: c.custom_id };
}

async function choose(user: ReturnType<World['standIn']['user']>, panel: Obj, pick = firstChoice(panel)) {
  return pick.value !== undefined ? await user.select(panel.id, pick.customId, [pick.value]) : await user.click(panel.id, pick.customId);
}

describe('the bot process killed with SIGKILL in the middle of a game', () => {
  it('goes on from the old buttons after a restart: nothing lost, nothing applied twice', { timeout: 180_000 }, async () => {
    w = await world();
    await w.startChild();
    const users = [w.standIn.user('ada'), w.standIn.user('bruno')];
    const { thread, gameId } = await startGame(w, 'mammut', users);
    const first = await openPanel(w, thread);
    await choose(first.user, first.panel);
    const afterOne = await dbState(w, gameId);
    expect(afterOne.decisions).toBe(1);

    // Two panels drawn before the crash (the player pressed "My turn" twice), then the crash.
    const second = await openPanel(w, thread);
    const twin = await openPanel(w, thread);
    const pick = firstChoice(second.panel);
    await w.killChild();
    await w.startChild();
    // (the first answer after a restart may come deferred: the worker threads are still starting)
    const out = await settled(w, await choose(second.user, second.panel, pick));
    expect(out.kind).toBe('update');
    const afterRestart = await dbState(w, gameId);
    expect(afterRestart.decisions).toBe(2);
    // The same choice from the other old panel is stale now: answered politely, not applied twice.
    const again = await choose(twin.user, twin.panel, firstChoice(twin.panel));
    expect(again.kind).toBe('message');
    expect(again.ephemeral).toBe(true);
    expect(String(again.message?.content)).toMatch(/moved on|weitergegangen/);
    expect((await dbState(w, gameId)).decisions).toBe(2);

    // Killed between a commit and the table post: the restarted bot posts the table it owed.
    const third = await openPanel(w, thread);
    const done = choose(third.user, third.panel);
    await done;
    await w.killChild();
    await w.startChild();
    await w.standIn.waitFor(async () => { const s = await dbState(w!, gameId); return s.tableVersion === s.version; }, { timeoutMs: 20_000, what: 'the owed table after restart' });
    const final = await dbState(w, gameId);
    expect(final.state).toBe(final.replayed);
  });
});

describe('faults injected by the stand-in', () => {
  it('rate limits, server errors, a dropped gateway, closed DMs, a deleted thread and no thread permission', { timeout: 180_000 }, async () => {
    // With Discord's thread-creation delay: the first DM to Bruno (closed) is tried only once the thread exists,
    // so the note about it lands in the thread.
    w = await world();
    await w.startInProcess();
    const { standIn } = w;
    const users = [standIn.user('ada'), standIn.user('bruno')];
    users[1]!.closeDms();
    const { thread, gameId } = await startGame(w, 'mammut', users);

    // 429 and 500 on the next table posts (in the channel, and as follow-ups of the clicks): discord.js waits or
    // retries and the table still arrives.
    for (const route of ['POST /channels/:id/messages', 'POST /webhooks/:id/:token']) {
      standIn.faults.inject({ route, status: 429, count: 2, retryAfter: 0.2 });
      standIn.faults.inject({ route, status: 500, count: 1 });
    }
    let p = await openPanel(w, thread);
    const before = latestTable(w, thread)!.id;
    for (let i = 0; i < 20 && latestTable(w, thread)!.id === before; i++) {
      const out = await choose(p.user, p.panel);
      if (out.kind !== 'update' || /^(Done|Erledigt)\./.test(String(out.message?.content))) break;
      p = { ...p, panel: out.message as Obj };
    }
    await standIn.waitFor(() => latestTable(w!, thread)!.id !== before, { timeoutMs: 20_000, what: 'a table despite 429/500' });
    expect(standIn.requestLog.some((r: Obj) => r.status === 429)).toBe(true);

    // A closed DM is noted once in the thread.
    await standIn.waitFor(() => standIn.messagesIn(thread).some((m: Obj) => /could not send/.test(m.content)), { timeoutMs: 20_000, what: 'the closed-DM note' });

    // A dropped gateway connection: the client resumes and interactions keep working.
    standIn.dropGateway();
    await standIn.waitFor(() => standIn.gateway.stats.resumes > 0, { timeoutMs: 20_000, what: 'a resume' });
    const status = await users[0]!.slash(thread, 'campfire', { subcommand: 'status' });
    expect(status.kind).toBe('message');

    // The thread deleted: the game goes on in its channel.
    standIn.deleteChannel(thread);
    const general = standIn.channelByName('general').id;
    const tableInThreadVersion = (await dbState(w, gameId)).version;
    const dmUser = users.find((u) => u.id !== users[1]!.id)!;
    const dmPanels = standIn.dmsOf(dmUser.id).filter((m: Obj) => components(m).some((c) => /^[CM]\|/.test(c.custom_id)));
    if (dmPanels.length) {
      const last = dmPanels.at(-1)!;
      await choose(dmUser, last).catch(() => null);
    }
    await users[0]!.slash(general, 'campfire', { subcommand: 'status' });
    await standIn.waitFor(() => standIn.messagesIn(general).some((m: Obj) => (m.attachments ?? []).some((a: Obj) => a.filename === 'table.png')), { timeoutMs: 20_000, what: 'the table in the channel after the thread was deleted' });
    expect((await dbState(w, gameId)).version).toBeGreaterThanOrEqual(tableInThreadVersion);

    // No permission to create threads: the game lives in the channel, and the bot says so.
    const other = standIn.channelByName('campfire').id;
    standIn.denyBotPermissions(other, ['CreatePublicThreads', 'CreatePrivateThreads']);
    await users[0]!.slash(other, 'campfire', { subcommand: 'new', options: { game: 'mammut' } });
    await standIn.waitFor(() => standIn.messagesIn(other).some((m: Obj) => /may not create threads/.test(m.content)), { timeoutMs: 10_000, what: 'the no-thread note' });
  });
});

describe('stale, foreign, simultaneous and malformed interactions', () => {
  it('change nothing and crash nothing', { timeout: 300_000 }, async () => {
    w = await world();
    await w.startInProcess();
    const { standIn } = w;
    const [ada, bruno, chloe] = [standIn.user('ada'), standIn.user('bruno'), standIn.user('chloe')];
    const general = standIn.channelByName('general').id;

    // Two users join at the same moment.
    const lobby = (await ada.slash(general, 'campfire', { subcommand: 'new', options: { game: 'mammut' } })).message!;
    const gameId = Number(String(components(lobby)[0].custom_id).split('|')[1]);
    await Promise.all([bruno.click(lobby.id, `L|${gameId}|0|join`), chloe.click(lobby.id, `L|${gameId}|0|join`)]);
    await ada.click(lobby.id, `L|${gameId}|0|start`);
    const thread = await standIn.waitFor(() => standIn.threadsOf(general)[0]?.id as string | undefined, { what: 'thread' });
    await standIn.waitFor(() => latestTable(w!, thread), { what: 'table' });
    expect((await dbState(w, gameId)).decisions).toBe(0);
    const db = new Database(w.databasePath, { readonly: true });
    expect((db.prepare('SELECT COUNT(*) AS n FROM players WHERE game_id = ?').get(gameId) as Obj).n).toBe(3);
    db.close();

    // A foreign user presses "My turn": told they are not playing.
    const stranger = standIn.addUser({ username: 'stranger', globalName: 'Stranger', locale: 'en-US' });
    const table = latestTable(w, thread)!;
    const foreign = await stranger.click(table.id, findButton(table, (id) => id.endsWith('|turn'))!);
    expect(foreign.ephemeral).toBe(true);
    expect(String(foreign.message?.content)).toMatch(/not playing/);

    // The same choice clicked twice at the same moment: applied once.
    const { user, panel } = await openPanel(w, thread);
    const pick = firstChoice(panel);
    const [a, b] = await Promise.all([choose(user, panel, pick), choose(user, panel, pick)]);
    expect([a.kind, b.kind].sort(), JSON.stringify([a.message?.content, b.message?.content])).toEqual(['message', 'update']);
    expect((await dbState(w, gameId)).decisions).toBe(1);

    // 1,000 malformed interactions: fuzzed ids, values and option payloads.
    const snapshot = await dbState(w, gameId);
    let seed = 99;
    const rnd = (n: number) => { seed = (seed * 1103515245 + 12345) >>> 0; return seed % n; };
    const alphabet = 'CLTMVDUR|0123456789.:-_abcxyz%$ é\u0000';
    const junk = (len: number) => Array.from({ length: len }, () => alphabet[rnd(alphabet.length)]).join('');
    const target = latestTable(w, thread)!;
    let answered = 0;
    for (let i = 0; i < 1000; i++) {
      const kind = i % 10 === 0 ? 'command' : 'component';
      const data: Obj = kind === 'command'
        ? { id: '1', name: 'campfire', type: 1, options: [{ type: 1, name: ['new', 'status', 'log', 'undo', junk(5)][rnd(5)], options: [{ name: junk(4), type: 3, value: junk(rnd(30)) }] }] }
        : {
          custom_id: i % 3 === 0 ? `${'CLTMVDUR'[rnd(8)]}|${[gameId, 0, 999999, -1][rnd(4)]}|${rnd(50) - 2}|${junk(rnd(20))}` : junk(rnd(110)),
          component_type: i % 2 ? 2 : 3,
          ...(i % 2 ? {} : { values: i % 4 ? [junk(rnd(120))] : [junk(3), junk(3)] }),
        };
      const out = await standIn.injectInteraction({ kind: kind as 'command' | 'component', userId: [ada, bruno, stranger][rnd(3)]!.id, channelId: thread, data, messageId: kind === 'component' ? target.id : undefined, unchecked: true });
      if (out.kind !== 'none') answered++;
    }
    const after = await dbState(w, gameId);
    expect(after.version).toBe(snapshot.version);
    expect(after.state).toBe(snapshot.state);
    expect(answered).toBe(1000);
    // Still alive and well.
    const status = await ada.slash(thread, 'campfire', { subcommand: 'status' });
    expect(status.kind).toBe('message');
  });
});
