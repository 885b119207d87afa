/**
 * The sandbox page in a real browser (Debian's Chromium through playwright-core), against the stand-in and the tiny
 * discord.js fake bot: commands from the registered definitions, buttons, menus, modals, ephemerals visible to their
 * user only, threads, DMs, the user switch, and live updates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startStandIn, type RunningStandIn } from '../../src/standin/index.js';
import { startSandboxWeb, type SandboxWeb } from '../../src/sandbox/server.js';
import { HAS_CHROMIUM, NO_CHROMIUM_REASON, launchBrowser, openChannel, runCommand as run, switchUser as sw, type BrowserSession } from './browser.js';
import { startFakeBot, type FakeBot } from './fake-bot.js';

if (!HAS_CHROMIUM) console.warn(`[sandbox-page.test] SKIPPED: ${NO_CHROMIUM_REASON}`);

let s: RunningStandIn;
let bot: FakeBot;
let web: SandboxWeb;
let browser: BrowserSession;
let page: Page;
let base: string;

const runCommand = (sub: string, options: Record<string, string> = {}) => run(page, 'campfire', sub, options);
const switchUser = (id: string) => sw(page, id);

describe.skipIf(!HAS_CHROMIUM)('the sandbox page (Chromium)', () => {
  beforeAll(async () => {
    s = await startStandIn({ log: () => undefined });
    bot = await startFakeBot(s);
    web = await startSandboxWeb(s, { port: 0 });
    base = `http://127.0.0.1:${web.port}`;
    browser = await launchBrowser();
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await web?.close();
    await bot?.stop();
    await s?.close();
  });

  it('plays through commands, buttons, menus, modals, ephemerals, threads and DMs as different users', async () => {
    const ada = s.user('ada');
    const bruno = s.user('bruno');
    const chloe = s.user('chloe');
    const general = s.channelByName('general').id;
    await page.goto(`${base}/?as=${ada.id}&channel=${general}`);
    await page.waitForSelector('#cmd-sub option[value="ping"]', { state: 'attached' });

    // A command from the registered definitions; the reply shows the board image, buttons and the menu.
    await runCommand('ping');
    const pong = page.locator('.msg', { hasText: 'Pong!' }).first();
    await pong.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector('.msg .embed-image img') as HTMLImageElement | null;
      return !!img && img.complete && img.naturalWidth === 120 && img.naturalHeight === 60;
    });
    expect(await pong.locator('button.btn').allTextContents()).toEqual(['Count 0', 'My hand', 'Name']);
    expect(await pong.locator('img').count()).toBe(1);

    // A click updates the message in place.
    await pong.locator('button', { hasText: 'Count 0' }).click();
    await page.locator('.msg', { hasText: 'Pong! clicked 1 by ada' }).waitFor();

    // Ada's hand is an ephemeral message only she sees.
    await page.locator('.msg', { hasText: 'Pong! clicked 1' }).locator('button', { hasText: 'My hand' }).click();
    const hand = page.locator('.msg.ephemeral', { hasText: 'secret-cards-of-ada' });
    await hand.waitFor();
    expect(await hand.textContent()).toContain('Only you can see this');

    // As Bruno, the hand is not on the page; Bruno's menu choice gives him his own ephemeral follow-up.
    await switchUser(bruno.id);
    await page.locator('.msg', { hasText: 'Pong! clicked 1' }).waitFor();
    expect(await page.locator('#messages').textContent()).not.toContain('secret-cards-of-ada');
    await page.locator('.msg', { hasText: 'Pong! clicked 1' }).locator('select').selectOption('spear');
    await page.locator('.msg.ephemeral', { hasText: 'bruno picked spear' }).waitFor();

    // A modal opened by a button, filled in and submitted.
    await page.locator('.msg', { hasText: 'Pong! clicked 1' }).locator('button', { hasText: 'Name' }).click();
    await page.locator('#modal-backdrop:not([hidden])').waitFor();
    expect(await page.textContent('#modal-title')).toBe('Your name');
    await page.fill('#modal-fields input[name="name"]', 'Bruno B');
    await page.click('#modal-submit');
    await page.locator('.msg.ephemeral', { hasText: 'Hello, Bruno B!' }).waitFor();

    // A thread appears in the channel list and opens with its messages.
    await runCommand('thread', { name: 'Game 1' });
    const threadLink = page.locator('#channels li.thread', { hasText: 'Game 1' });
    await threadLink.waitFor();
    await threadLink.click();
    await page.locator('.msg', { hasText: 'Welcome to the thread' }).waitFor();
    expect(await page.textContent('#channel-title')).toContain('Game 1');

    // A DM to Chloe, read by Chloe in her DM channel.
    await page.locator('#channels li', { hasText: 'general' }).first().click();
    await runCommand('dm', { who: chloe.id });
    await page.locator('.msg.ephemeral', { hasText: 'DM sent' }).waitFor();
    await switchUser(chloe.id);
    await openChannel(page, '@');
    await page.locator('.msg', { hasText: 'Hello in private' }).waitFor();
    expect(await page.textContent('#channel-title')).toBe('@Campfire');

    // Live update: a command run elsewhere shows up without reloading.
    await page.locator('#channels li', { hasText: 'general' }).first().click();
    await page.locator('.msg', { hasText: 'Pong! clicked 1' }).waitFor();
    const before = await page.locator('.msg', { hasText: 'Secret for dieter' }).count();
    expect(before).toBe(0);
    await s.user('dieter').slash(general, 'campfire', { subcommand: 'ping' });
    await page.locator('.msg', { hasText: 'Pong!' }).nth(1).waitFor();
    expect(await page.locator('#messages').textContent()).not.toContain('secret-cards');
    expect(bot.errors).toEqual([]);
  });

  it('shows an error when the bot does not answer in time', async () => {
    const general = s.channelByName('general').id;
    let release!: () => void;
    bot.gate = new Promise<void>((r) => (release = r));
    try {
      await page.goto(`${base}/?as=${s.user('ada').id}&channel=${general}`);
      await page.waitForSelector('#cmd-sub option[value="secret"]', { state: 'attached' });
      await runCommand('secret');
      await page.locator('.toast', { hasText: 'This interaction failed' }).waitFor({ timeout: 10_000 });
    } finally {
      bot.gate = null;
      release();
    }
  });
});
