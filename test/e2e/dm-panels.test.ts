/**
 * Through the real discord.js client and the strict stand-in: a turn's DM loses its buttons once the player answered
 * (and says so), and a cancelled lobby's thread says who cancelled it and ends up archived and locked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../src/games/all.js';
import { components, findButton, latestTable, mentioned, settled, startGame, world, type World } from './world.js';

type Obj = Record<string, any>;
const live = (m: Obj) => components(m).some((c) => typeof c.custom_id === 'string' && /^[CM]\|/.test(c.custom_id));

describe('DM panels and cancelled lobbies through Discord', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
    await w.startInProcess();
  }, 60_000);
  afterAll(async () => w.close());

  it('GIVEN a player got their turn by DM WHEN they play it from the table THEN, once the turn leaves them, the DM collapses to one line without picture or buttons', { timeout: 120_000 }, async () => {
    const users = [w.standIn.user('ada'), w.standIn.user('bruno')];
    const { thread } = await startGame(w, 'mammut', users);
    const table = latestTable(w, thread)!;
    const who = users.find((u) => mentioned(table).includes(u.id))!;
    const dm = await w.standIn.waitFor(() => who.dms().find(live), { timeoutMs: 20_000, what: 'the turn DM with its choices' });
    // The turn is played on the ephemeral panel from the table's "My turn" button, as many players do.
    let panel = (await settled(w, await who.click(table.id, findButton(table, (id) => id.endsWith('|turn'))!))).message!;
    for (let guard = 0; guard < 40 && live(panel); guard++) {
      const c = components(panel).find((x) => typeof x.custom_id === 'string' && /^[CM]\|/.test(x.custom_id) && !/^(Back|Zurück)$/.test(x.label ?? ''))!;
      const out = await settled(w, c.type === 3 ? await who.select(panel.id, c.custom_id, [c.options[0].value]) : await who.click(panel.id, c.custom_id));
      panel = out.message!;
    }
    const after = await w.standIn.waitFor(() => who.dms().find((m) => m.id === dm.id && !live(m) && (m.attachments ?? []).length === 0), { timeoutMs: 20_000, what: 'the old DM to collapse' });
    expect(dm.attachments.length).toBeGreaterThan(0);
    expect(components(after)).toEqual([]);
    expect(after.attachments).toEqual([]);
    expect(String(after.content).split('\n')).toHaveLength(1);
    expect(after.content).toMatch(/^(Done in \*\*Mammut\*\*|Erledigt in \*\*Mammut\*\*|\*\*Mammut\*\* (has moved on|ist weitergegangen))/);
    // One DM for the turn: nothing new came while it was played.
    expect(who.dms().filter((m) => m.author?.id !== who.id && m.id !== dm.id && Number(m.id) > Number(dm.id))).toEqual([]);
  });

  it('GIVEN the host cancels a lobby THEN its thread says who cancelled it and is archived and locked', { timeout: 60_000 }, async () => {
    const ada = w.standIn.user('ada');
    const general = w.standIn.channelByName('general').id;
    const before = new Set(w.standIn.threadsOf(general).map((t) => t.id as string));
    const lobby = (await ada.slash(general, 'campfire', { subcommand: 'new', options: { game: 'tal' } })).message!;
    const thread = await w.standIn.waitFor(() => w.standIn.threadsOf(general).map((t) => t.id as string).find((id) => !before.has(id)), { timeoutMs: 10_000, what: 'the lobby thread' });
    // The bot records the thread right after making it; give it that moment before cancelling.
    await new Promise((r) => setTimeout(r, 300));
    const out = await ada.click(lobby.id, findButton(lobby, (id) => id.endsWith('|cancel'))!);
    expect(out.message?.content).toMatch(/cancelled by|abgebrochen/);
    const t = await w.standIn.waitFor(() => { const c = w.standIn.channel(thread); return c?.archived && c.locked ? c : undefined; }, { timeoutMs: 20_000, what: 'the thread to be archived and locked' });
    expect(t.archived && t.locked).toBe(true);
    const lines = w.standIn.messagesIn(thread).map((m) => String(m.content));
    expect(lines.at(-1)).toBe(`${/^de/.test(ada.locale) ? 'Die Lobby wurde von' : 'The lobby was cancelled by'} ${ada.name}${/^de/.test(ada.locale) ? ' abgebrochen.' : '.'}`);
  });
});
