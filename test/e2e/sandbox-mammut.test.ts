/**
 * The sandbox page in Chromium with the real bot: two users start a Mammut game, each plays a decision, the board
 * image is shown, and one user's hand (their ephemeral panel) is never on the other user's screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startSandboxWeb, type SandboxWeb } from '../../src/sandbox/server.js';
import { HAS_CHROMIUM, NO_CHROMIUM_REASON, launchBrowser, openChannel, runCommand, switchUser, type BrowserSession } from '../standin/browser.js';
import { latestTable, mentioned, world, type World } from './world.js';

if (!HAS_CHROMIUM) console.warn(`[sandbox-mammut.test] SKIPPED: ${NO_CHROMIUM_REASON}`);

let w: World;
let web: SandboxWeb;
let browser: BrowserSession;
let page: Page;

/**
 * Plays the pinged user's turn in the page, as a person would: "My turn" on the newest table, then in the private
 * panel "Done" when offered, else the first entry of the first menu, else the first button, until the panel says
 * it is done. Returns that user's id.
 */
async function playTurn(thread: string): Promise<string> {
  const table = latestTable(w, thread)!;
  const userId = mentioned(table)[0]!;
  await switchUser(page, userId);
  const turn = page.locator(`.msg[data-id="${table.id}"]`).locator('button.btn', { hasText: /My turn|Mein Zug/ });
  await turn.waitFor({ timeout: 20_000 });
  await turn.click();
  const panel = page.locator('.msg.ephemeral').last();
  await panel.locator('img').first().waitFor();
  for (let step = 0; step < 40; step++) {
    const text = (await panel.textContent()) ?? '';
    if (/Done\. The table|Erledigt\. Der Tisch/.test(text)) return userId;
    const before = w.standIn.version;
    const done = panel.locator('button.btn', { hasText: /^(Done|Fertig)$/ });
    const select = panel.locator('select').first();
    if (await done.count()) await done.first().click();
    else if (await select.count()) await select.selectOption((await select.locator('option').nth(1).getAttribute('value'))!);
    else await panel.locator('button.btn', { hasNotText: /^(Back|Zurück|Undo|Rückgängig)$/ }).first().click();
    await w.standIn.waitFor(() => w.standIn.version > before, { what: 'the panel to change' });
    await page.waitForTimeout(150);
  }
  throw new Error('the turn did not end in 40 steps');
}

describe.skipIf(!HAS_CHROMIUM)('the sandbox page with the real bot (Chromium)', () => {
  beforeAll(async () => {
    w = await world();
    await w.startInProcess();
    web = await startSandboxWeb(w.standIn, { port: 0 });
    browser = await launchBrowser();
    page = browser.page;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await web?.close();
    await w?.close();
  });

  it('two users start Mammut, each plays a decision, and neither sees the other\'s hand', { timeout: 180_000 }, async () => {
    const { standIn } = w;
    const [ada, bruno] = [standIn.user('ada'), standIn.user('bruno')];
    const general = standIn.channelByName('general').id;
    await page.goto(`http://127.0.0.1:${web.port}/?as=${ada.id}&channel=${general}`);
    await runCommand(page, 'campfire', 'new', { game: 'mammut' });
    const lobby = page.locator('.msg', { hasText: /Mammut: (lobby|Lobby)/ }).last();
    await lobby.waitFor();
    await switchUser(page, bruno.id);
    await lobby.locator('button.btn', { hasText: /^(Join|Beitreten)$/ }).click();
    await page.locator('.msg', { hasText: /Players \(2\/5|Spieler \(2\/5/ }).first().waitFor();
    await switchUser(page, ada.id);
    await page.locator('.msg', { hasText: /Mammut: (lobby|Lobby)/ }).last().locator('button.btn', { hasText: /^(Start|Starten)$/ }).click();

    const thread = await standIn.waitFor(() => standIn.threadsOf(general)[0] as { id: string; name: string } | undefined, { what: 'the game thread' });
    await standIn.waitFor(() => latestTable(w, thread.id), { what: 'the first table' });
    await openChannel(page, thread.name);
    // The board image is on the page, loaded and large.
    await page.waitForFunction(() => [...document.querySelectorAll('.msg img')].some((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth >= 800));

    const first = await playTurn(thread.id);
    const firstPanels = standIn.shown.filter((r) => r.ephemeral && r.visibleTo !== 'everyone' && r.visibleTo.includes(first)).map((r) => r.messageId);
    expect(firstPanels.length).toBeGreaterThan(0);
    await standIn.waitFor(() => { const t = latestTable(w, thread.id); return t && mentioned(t)[0] !== first ? t : undefined; }, { what: 'the other player\'s turn' });
    const second = await playTurn(thread.id);
    expect(second).not.toBe(first);

    // The second player opens their hand: the picture is on their screen… Once the bot is idle: the page redraws the
    // thread at each change, which on a loaded machine can keep replacing the button under the click, and a table
    // read before then may have lost its buttons to a newer one (CI failed so once).
    await w.bot!.bot.settle();
    const table = latestTable(w, thread.id)!;
    const handButton = page.locator(`.msg[data-id="${table.id}"]`).locator('button.btn', { hasText: /My hand|Meine Hand/ });
    await handButton.waitFor({ timeout: 20_000 });
    await handButton.click();
    const hand = page.locator('.msg.ephemeral', { has: page.locator('img') }).last();
    await hand.waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll('.msg.ephemeral img')].some((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 100));
    const handId = await hand.getAttribute('data-id');
    const secondPanels = standIn.shown.filter((r) => r.ephemeral && r.visibleTo !== 'everyone' && r.visibleTo.includes(second)).map((r) => r.messageId);
    expect(secondPanels).toContain(handId);
    for (const id of firstPanels) expect(await page.locator(`.msg[data-id="${id}"]`).count(), 'the first player\'s panel on the second player\'s screen').toBe(0);
    // …and on nobody else's.
    await switchUser(page, first);
    await openChannel(page, thread.name);
    await page.locator(`.msg[data-id="${table.id}"]`).waitFor();
    for (const id of secondPanels) expect(await page.locator(`.msg[data-id="${id}"]`).count(), 'the second player\'s panel on the first player\'s screen').toBe(0);
    expect(await page.locator(`.msg[data-id="${firstPanels.at(-1)}"]`).count(), 'the first player still sees their own panel').toBe(1);
  });
});
