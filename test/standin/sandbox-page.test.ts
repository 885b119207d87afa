/**
 * The sandbox page in a real browser (Debian's Chromium through playwright-core), against the stand-in and the tiny
 * discord.js fake bot: commands from the registered definitions, buttons, menus, modals, ephemerals visible to their
 * user only, threads, DMs, the user switch, and live updates.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startStandIn, type RunningStandIn } from '../../src/standin/index.js';
import { startSandboxWeb, type SandboxWeb } from '../../src/sandbox/server.js';
import { startFakeBot, type FakeBot } from './fake-bot.js';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) {
  console.warn(`[sandbox-page.test] SKIPPED: no Chromium at ${CHROMIUM} (install Debian's chromium package, as .ci/run does, to run the browser test).`);
}

let s: RunningStandIn;
let bot: FakeBot;
let web: SandboxWeb;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let userDataDir: string;
let base: string;

/** Runs `/campfire <sub>` from the page's command box, filling options by name. */
async function runCommand(sub: string, options: Record<string, string> = {}) {
  await page.selectOption('#cmd-name', 'campfire');
  await page.selectOption('#cmd-sub', sub);
  for (const [name, value] of Object.entries(options)) {
    const input = page.locator(`#cmd-options [data-option="${name}"]`);
    if ((await input.evaluate((n) => n.tagName)) === 'SELECT') await input.selectOption(value);
    else await input.fill(value);
  }
  await page.click('#cmd-send');
}

async function switchUser(id: string) {
  await page.selectOption('#user-switch', id);
  await page.waitForFunction((uid) => new URL(location.href).searchParams.get('as') === uid, id);
  await page.waitForFunction((uid) => (document.querySelector('#user-switch') as HTMLSelectElement).value === uid, id);
}

describe.skipIf(!hasChromium)('the sandbox page (Chromium)', () => {
  beforeAll(async () => {
    s = await startStandIn({ log: () => undefined });
    bot = await startFakeBot(s);
    web = await startSandboxWeb(s, { port: 0 });
    base = `http://127.0.0.1:${web.port}`;
    const { chromium } = await import('playwright-core');
    userDataDir = mkdtempSync(join(tmpdir(), 'campfire-chromium-'));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      viewport: { width: 1200, height: 900 },
    });
    browser = context.browser()!;
    page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(10_000);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close().catch(() => undefined);
    await web?.close();
    await bot?.stop();
    await s?.close();
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
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
    await page.locator('#dms li', { hasText: 'Campfire' }).click();
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
