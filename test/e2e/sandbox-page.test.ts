/**
 * The sandbox page with the real bot and /campfire registered as `npm run sandbox` registers it: the user menu follows
 * a language switch, the DM's command box offers /campfire and the bot answers there, and a new private panel is
 * scrolled into view wherever the user had scrolled to. (The state API part runs without Chromium too.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import '../../src/games/all.js';
import { startSandboxWeb, type SandboxWeb } from '../../src/sandbox/server.js';
import { HAS_CHROMIUM, NO_CHROMIUM_REASON, launchBrowser, openChannel, runCommand, switchUser, type BrowserSession } from '../standin/browser.js';
import { latestTable, mentioned, startGame, world, type World } from './world.js';

if (!HAS_CHROMIUM) console.warn(`[e2e/sandbox-page.test] browser part SKIPPED: ${NO_CHROMIUM_REASON}`);

type Obj = Record<string, any>;
let w: World;
let web: SandboxWeb;
let base: string;

beforeAll(async () => {
  w = await world({ commands: 'sandbox' });
  await w.startInProcess();
  web = await startSandboxWeb(w.standIn, { port: 0 });
  base = `http://127.0.0.1:${web.port}`;
}, 60_000);

afterAll(async () => {
  await web?.close();
  await w?.close();
});

describe('the sandbox\'s commands', () => {
  it('GIVEN the sandbox registered /campfire THEN the page offers it once in the server and in the DM with the bot', async () => {
    const state = (await (await fetch(`${base}/api/state?as=${w.standIn.user('ada').id}`)).json()) as Obj;
    expect(state.commands.guild.map((c: Obj) => c.name)).toEqual(['campfire']);
    expect(state.commands.dm.map((c: Obj) => c.name)).toEqual(['campfire']);
  });
});

describe.skipIf(!HAS_CHROMIUM)('the sandbox page with the real bot (Chromium)', () => {
  let browser: BrowserSession;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = browser.page;
  }, 60_000);
  afterAll(async () => browser?.close());

  it('GIVEN a user switches their language THEN the user menu shows the new one', { timeout: 60_000 }, async () => {
    const ada = w.standIn.user('ada');
    const general = w.standIn.channelByName('general').id;
    await page.goto(`${base}/?as=${ada.id}&channel=${general}`);
    const option = page.locator(`#user-switch option[value="${ada.id}"]`);
    await page.waitForFunction((id) => !!document.querySelector(`#user-switch option[value="${id}"]`), ada.id);
    const from = ada.locale, to = from === 'de' ? 'en-US' : 'de';
    expect(await option.textContent()).toBe(`${ada.name} (${from})`);
    await page.selectOption('#locale-switch', to);
    await page.waitForFunction(([id, text]) => document.querySelector(`#user-switch option[value="${id}"]`)?.textContent === text, [ada.id, `${ada.name} (${to})`] as const);
    expect(ada.locale).toBe(to);
    await page.selectOption('#locale-switch', from);
    await page.waitForFunction(([id, text]) => document.querySelector(`#user-switch option[value="${id}"]`)?.textContent === text, [ada.id, `${ada.name} (${from})`] as const);
  });

  it('GIVEN the DM with the bot THEN its command box offers /campfire, and the bot answers there as in the channel', { timeout: 60_000 }, async () => {
    const bruno = w.standIn.user('bruno');
    await page.goto(`${base}/?as=${bruno.id}&channel=${w.standIn.channelByName('general').id}`);
    await openChannel(page, '@');
    await page.waitForSelector('#cmd-name option[value="campfire"]', { state: 'attached' });
    expect(await page.locator('#cmd-name').textContent()).not.toMatch(/no commands/);
    await runCommand(page, 'campfire', 'rules', { game: 'mammut' });
    await page.locator('.msg', { hasText: /Mammut/ }).first().waitFor({ timeout: 20_000 });
    // What works only in a game's thread is refused politely, in the user's language.
    await runCommand(page, 'campfire', 'status');
    await page.locator('.msg.ephemeral', { hasText: /the other game commands work in the game's thread|die übrigen Spielbefehle gehen im Thread des Spiels/ }).waitFor({ timeout: 20_000 });
    if (process.env.SANDBOX_SHOTS) await page.screenshot({ path: `${process.env.SANDBOX_SHOTS}/dm-commands.png` });
  });

  it('GIVEN the player scrolled up in the thread WHEN "My turn" brings their private panel THEN the panel is scrolled into view', { timeout: 120_000 }, async () => {
    const users = [w.standIn.user('chloe'), w.standIn.user('dieter')];
    const { thread } = await startGame(w, 'mammut', users);
    const table = latestTable(w, thread)!;
    const who = mentioned(table)[0]!;
    // A lively thread: more talk than fits on the screen.
    const other = users.find((u) => u.id !== who)!;
    for (let i = 1; i <= 30; i++) other.say(thread, `Table talk, line ${i}`);
    await page.goto(`${base}/?as=${who}&channel=${thread}`);
    const name = (w.standIn.channel(thread) as Obj).name as string;
    await openChannel(page, name);
    await page.locator(`.msg[data-id="${table.id}"] img`).first().waitFor();
    await page.locator('.msg', { hasText: 'Table talk, line 30' }).waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll('#messages img')].every((i) => (i as HTMLImageElement).complete));
    const overflow = await page.evaluate(() => { const b = document.querySelector('#messages')!; return b.scrollHeight - b.clientHeight; });
    expect(overflow, 'the thread is taller than the page').toBeGreaterThan(200);
    // Scrolled to the top, the user presses the button (as a script would: a real click scrolls to the button first).
    await page.evaluate(() => { document.querySelector('#messages')!.scrollTop = 0; });
    await page.evaluate((id) => (document.querySelector(`.msg[data-id="${id}"] button.btn[data-custom-id$="|turn"]`) as HTMLButtonElement).click(), table.id);
    const panel = page.locator('.msg.ephemeral').last();
    await panel.waitFor({ timeout: 20_000 });
    await page.waitForFunction(() => {
      const box = document.querySelector('#messages')!.getBoundingClientRect();
      const p = [...document.querySelectorAll('#messages .msg.ephemeral')].at(-1)?.getBoundingClientRect();
      return !!p && p.top >= box.top - 1 && p.top < box.bottom - 40;
    }, undefined, { timeout: 5000 });
    if (process.env.SANDBOX_SHOTS) await page.screenshot({ path: `${process.env.SANDBOX_SHOTS}/panel-revealed.png` });
  });
});
