/**
 * GIVEN a reply that must wait longer than Discord's 3 s allow (every worker busy drawing, so the hand comes late)
 * THEN the bot acknowledges the click at once and answers when the picture is there: nobody sees "This
 * interaction failed", and the choice is applied exactly once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import '../../src/games/all.js';
import { inlinePictures, type Pictures } from '../../src/bot/pictures.js';
import { DEFER_AFTER_MS, DEFER_WHEN_BUSY_MS } from '../../src/bot/router.js';
import { components, dbState, findButton, latestTable, mentioned, startGame, world, type World } from './world.js';

type Obj = Record<string, any>;
let w: World | null = null;
afterEach(async () => { await w?.close(); w = null; });

describe('a reply that waits for a late picture', () => {
  it('is deferred within 3 s and completed afterwards: the panel as a follow-up, the choice as an edit', { timeout: 120_000 }, async () => {
    let handDelayMs = 0;
    const slow: Pictures = {
      ...inlinePictures,
      async hand(...args) {
        if (handDelayMs) await new Promise((r) => setTimeout(r, handDelayMs));
        return inlinePictures.hand(...args);
      },
    };
    w = await world();
    await w.startInProcess({ pictures: slow });
    const users = [w.standIn.user('ada'), w.standIn.user('bruno')];
    const { thread, gameId } = await startGame(w, 'mammut', users);
    handDelayMs = DEFER_AFTER_MS + 1500;

    const table = latestTable(w, thread)!;
    const user = w.standIn.user(mentioned(table)[0]!);
    const opened = await user.click(table.id, findButton(table, (id) => id.endsWith('|turn'))!, { waitMs: 15_000 });
    expect(opened.callbackType).toBe(6);
    expect(opened.callbackLatencyMs).toBeLessThan(3000);
    expect(opened.callbackLatencyMs).toBeGreaterThanOrEqual(DEFER_AFTER_MS - 50);
    // the panel comes as a follow-up once the picture is drawn
    const rec = w.standIn.interaction(opened.interactionId)!;
    await w.standIn.waitFor(() => rec.followUpIds.length > 0, { timeoutMs: 15_000, what: 'the panel after the deferral' });
    const panel = w.standIn.outcomeOf(rec).followUps[0] as Obj | undefined;
    expect(panel, 'the panel follows the deferral').toBeTruthy();
    expect(panel!.flags & 64, 'the panel stays private').toBe(64);
    expect((panel!.attachments as Obj[]).length, 'with the hand picture').toBeGreaterThan(0);

    const choice = components(panel).find((x) => /^[CM]\|/.test(x.custom_id) && !/\|back$/.test(x.custom_id))!;
    const chosen = choice.type === 3
      ? await user.select(panel!.id, choice.custom_id, [choice.options[0].value], { waitMs: 15_000 })
      : await user.click(panel!.id, choice.custom_id, { waitMs: 15_000 });
    expect(chosen.callbackType).toBe(6);
    expect(chosen.callbackLatencyMs).toBeLessThan(3000);
    const rec2 = w.standIn.interaction(chosen.interactionId)!;
    await w.standIn.waitFor(() => rec2.originalEdited, { timeoutMs: 15_000, what: 'the panel replaced after the deferral' });
    const after = w.standIn.outcomeOf(rec2);
    expect(after.kind, 'the panel itself is replaced once the answer is ready').toBe('update');
    expect(after.message!.id).toBe(panel!.id);
    expect(after.message!.content).not.toBe(panel!.content);
    expect((await dbState(w, gameId)).decisions).toBe(1);
  });
});

describe('a reply that waits behind queued pictures', () => {
  it('is deferred after a tenth of a second while pictures queue (a herd of clicks), and waits as usual when they do not', { timeout: 120_000 }, async () => {
    let busy = false;
    const slow: Pictures = {
      ...inlinePictures,
      async hand(...args) {
        await new Promise((r) => setTimeout(r, 600));
        return inlinePictures.hand(...args);
      },
      busy: () => busy,
    };
    w = await world();
    await w.startInProcess({ pictures: slow });
    const users = [w.standIn.user('ada'), w.standIn.user('bruno')];
    const { thread } = await startGame(w, 'mammut', users);
    const table = latestTable(w, thread)!;
    const user = w.standIn.user(mentioned(table)[0]!);
    const turn = findButton(table, (id) => id.endsWith('|turn'))!;

    // Nothing queued: the panel is the answer itself, after the 600 ms its picture takes.
    const calm = await user.click(table.id, turn, { waitMs: 15_000 });
    expect(calm.callbackType).toBe(4);
    expect(calm.callbackLatencyMs).toBeGreaterThanOrEqual(550);

    // Pictures queued: acknowledged after DEFER_WHEN_BUSY_MS, the panel follows.
    busy = true;
    const herd = await user.click(table.id, turn, { waitMs: 15_000 });
    expect(herd.callbackType).toBe(6);
    expect(herd.callbackLatencyMs).toBeGreaterThanOrEqual(DEFER_WHEN_BUSY_MS - 20);
    expect(herd.callbackLatencyMs).toBeLessThan(500);
    const rec = w.standIn.interaction(herd.interactionId)!;
    await w.standIn.waitFor(() => rec.followUpIds.length > 0, { timeoutMs: 15_000, what: 'the panel after the deferral' });
    expect((w.standIn.outcomeOf(rec).followUps[0] as Obj).flags & 64).toBe(64);
  });
});
