/**
 * Helpers for browser tests of the sandbox page: Debian's Chromium through playwright-core, and the page's own
 * controls (command box, user switch). Use with `describe.skipIf(!HAS_CHROMIUM)`.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const HAS_CHROMIUM = existsSync(CHROMIUM);
export const NO_CHROMIUM_REASON = `no Chromium at ${CHROMIUM} (install Debian's chromium package, as .ci/run does, to run the browser tests)`;

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Launches headless Chromium with a fresh profile and returns its first page (default timeout 10 s). */
export async function launchBrowser(): Promise<BrowserSession> {
  const { chromium } = await import('playwright-core');
  const userDataDir = mkdtempSync(join(tmpdir(), 'campfire-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1200, height: 900 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(10_000);
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `/command [subcommand]` from the page's command box, filling options by name (selects by value). */
export async function runCommand(page: Page, command: string, sub: string | null, options: Record<string, string> = {}): Promise<void> {
  await page.waitForSelector(`#cmd-name option[value="${command}"]`, { state: 'attached' });
  await page.selectOption('#cmd-name', command);
  if (sub) {
    await page.waitForSelector(`#cmd-sub option[value="${sub}"]`, { state: 'attached' });
    await page.selectOption('#cmd-sub', sub);
  }
  for (const [name, value] of Object.entries(options)) {
    const input = page.locator(`#cmd-options [data-option="${name}"]`);
    if ((await input.evaluate((n) => n.tagName)) === 'SELECT') await input.selectOption(value);
    else await input.fill(value);
  }
  await page.click('#cmd-send');
}

/** Switches the simulated user the page acts as, and waits until the page has switched. */
export async function switchUser(page: Page, userId: string): Promise<void> {
  await page.selectOption('#user-switch', userId);
  await page.waitForFunction((uid) => new URL(location.href).searchParams.get('as') === uid, userId);
  await page.waitForFunction((uid) => (document.querySelector('#user-switch') as HTMLSelectElement).value === uid, userId);
}

/** Opens a channel or thread by its name in the sidebar (or the DM with the bot, for `@`). */
export async function openChannel(page: Page, name: string): Promise<void> {
  if (name === '@') await page.locator('#dms li').first().click();
  else await page.locator('#channels li', { hasText: name }).first().click();
  await page.waitForFunction((n) => (document.querySelector('#channel-title')?.textContent ?? '').includes(n === '@' ? '@' : n), name);
}
