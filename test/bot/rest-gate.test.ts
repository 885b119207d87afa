/**
 * GIVEN more requests than Discord's bot-wide limit allows
 * THEN the gate sends them so that no window of a second (whatever its phase) holds more than the limit, in the
 * order they asked (the more urgent first), counting a request until a window after its answer came back, and lets
 * interaction callbacks and webhooks through untouched.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countsGlobally, GlobalGate, restPriority } from '../../src/bot/rest-gate.js';

// On a fake clock: the windows are exact, and a loaded machine cannot make the test flaky.
beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

describe('the global rate gate', () => {
  it('keeps every window of the span under the limit, in order', async () => {
    const gate = new GlobalGate({ limit: 10, windowMs: 100, marginMs: 10 });
    const at: number[] = [];
    const order: number[] = [];
    const all = Promise.all(Array.from({ length: 35 }, (_, i) => gate.take().then((answered) => { at.push(Date.now()); order.push(i); answered(); })));
    await vi.runAllTimersAsync();
    await all;
    expect(order).toHaveLength(35);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // any 100 ms window (sliding, every phase) holds at most 10 sends
    for (const start of at) expect(at.filter((t) => t >= start && t < start + 100).length).toBeLessThanOrEqual(10);
    // and the gate does not idle: 35 requests at 10 per 110 ms take about 3 spans, not more than 4
    expect(at.at(-1)! - at[0]!).toBeLessThan(4 * 110 + 50);
  });

  it('counts a request from when it may go until a window after its answer: a slow answer holds its slot', async () => {
    const gate = new GlobalGate({ limit: 1, windowMs: 100, marginMs: 0 });
    const t0 = Date.now();
    const first = await gate.take();
    let second = 0;
    const next = gate.take().then((answered) => { second = Date.now() - t0; answered(); });
    await vi.advanceTimersByTimeAsync(200);
    // The first is still on its way (a stalled event loop, a slow network): the second must wait.
    expect(second).toBe(0);
    first();
    await vi.runAllTimersAsync();
    await next;
    expect(second, 'a window (100 ms) after the first answer, which came at 200 ms').toBeGreaterThanOrEqual(300);
  });

  it('under a backlog lets the more urgent requests go first (tables before DMs before tidying), each kind in order', async () => {
    const gate = new GlobalGate({ limit: 2, windowMs: 60, marginMs: 5 });
    const order: string[] = [];
    const ask = (what: string, priority: number) => restPriority.run(priority, () => gate.take().then((answered) => { order.push(what); answered(); }));
    // The first two fill the window; the rest wait and go by priority, not by when they asked.
    const all = [ask('table1', 0), ask('table2', 0), ask('tidy1', 3), ask('dm1', 2), ask('tidy2', 3), ask('table3', 0), ask('dm2', 2), ask('table4', 0)];
    expect(gate.queued).toBe(6);
    await vi.runAllTimersAsync();
    await Promise.all(all);
    expect(order).toEqual(['table1', 'table2', 'table3', 'table4', 'dm1', 'dm2', 'tidy1', 'tidy2']);
  });

  it('counts channel and DM posts, not interaction callbacks or their webhooks', () => {
    expect(countsGlobally('http://127.0.0.1:9/api/v10/channels/123/messages')).toBe(true);
    expect(countsGlobally('https://discord.com/api/v10/users/@me/channels')).toBe(true);
    expect(countsGlobally('https://discord.com/api/v10/interactions/1/tok/callback')).toBe(false);
    expect(countsGlobally('https://discord.com/api/v10/webhooks/1/tok/messages/@original')).toBe(false);
  });
});
