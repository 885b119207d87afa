/**
 * Screenshots of what players see in the sandbox page (real bot, strict stand-in, headless Chromium):
 * `npx tsx scripts/sandbox-shots.ts [out-dir]` (default docs/screenshots) writes
 *  - sandbox-<game>-table.png: each game's thread after a few turns, its table post inline as Discord shows it;
 *  - sandbox-recap-panel.png: a player's panel after the four others moved ("Since your last move", the board with
 *    what changed outlined);
 *  - sandbox-inbox-dm.png: `/campfire games` in the DM with the bot, a button per game that waits;
 *  - sandbox-stats.png: `/campfire stats` with the pace over 30 days.
 * Needs Chromium (Debian's `chromium`).
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import '../src/games/all.js';
import { startSandboxWeb } from '../src/sandbox/server.js';
import { DEFAULT_USERS } from '../src/standin/model.js';
import type { SimUser } from '../src/standin/index.js';
import { launchBrowser, openChannel, runCommand } from '../test/standin/browser.js';
import { finished, idle, owing, step } from '../test/e2e/reader.js';
import { findButton, settled, startGame, world, type World } from '../test/e2e/world.js';

const out = process.argv[2] ?? 'docs/screenshots';
mkdirSync(out, { recursive: true });

/** Plays `turns` whole turns, each by the person the newest table pings (a random forward choice per step). */
async function playTurns(w: World, thread: string, users: SimUser[], turns: number, stopBefore?: (who: SimUser, played: SimUser[]) => boolean): Promise<SimUser[]> {
  const played: SimUser[] = [];
  for (let i = 0; i < turns; i++) {
    await idle(w);
    const { table, who } = owing(w, thread, users);
    if (!who) break;
    if (stopBefore?.(who, played)) return played;
    const turn = findButton(table, (id) => id.endsWith('|turn'));
    if (!turn) break;
    let panel = (await settled(w, await who.click(table.id, turn))).message;
    for (let guard = 0; guard < 40 && !finished(panel); guard++) panel = (await step(w, who, panel)).message;
    played.push(who);
  }
  await idle(w);
  return played;
}

async function shot(page: Page, base: string, as: string, channel: string, file: string): Promise<void> {
  await page.goto(`${base}/?as=${as}&channel=${channel}`);
  await page.waitForSelector('#messages .msg');
  await page.waitForFunction(() => [...document.querySelectorAll('#messages img')].every((i) => (i as HTMLImageElement).complete));
  await page.evaluate(() => { const b = document.querySelector('#messages')!; b.scrollTop = b.scrollHeight; });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/${file}` });
  console.log(`${out}/${file}`);
}

const w = await world({ commands: 'sandbox', standIn: { users: [...DEFAULT_USERS, { username: 'emil', globalName: 'Emil', locale: 'en-US' }] } });
await w.startInProcess();
const web = await startSandboxWeb(w.standIn, { port: 0 });
const base = `http://127.0.0.1:${web.port}`;
const browser = await launchBrowser();
const page = browser.page;
await page.setViewportSize({ width: 1280, height: 1000 });
try {
  const [ada, bruno, chloe] = ['ada', 'bruno', 'chloe'].map((n) => w.standIn.user(n)) as [SimUser, SimUser, SimUser];
  for (const game of ['mammut', 'eiszeit', 'tal', 'endless-winter']) {
    const users = [ada, bruno, chloe];
    const { thread } = await startGame(w, game, users);
    await playTurns(w, thread, users, 4);
    await shot(page, base, ada.id, thread, `sandbox-${game}-table.png`);
  }
  // Coming back after the four others moved: the panel's recap and the board with what changed outlined.
  const five = ['ada', 'bruno', 'chloe', 'dieter', 'emil'].map((n) => w.standIn.user(n));
  const { thread } = await startGame(w, 'mammut', five);
  let adaMoved = false;
  await playTurns(w, thread, five, 40, (who, played) => {
    const lastOfAda = played.map((p) => p.id).lastIndexOf(ada.id);
    if (who.id === ada.id && adaMoved && new Set(played.slice(lastOfAda + 1).map((p) => p.id)).size === 4) return true;
    if (who.id === ada.id) adaMoved = true;
    return false;
  });
  const { table } = owing(w, thread, five);
  await settled(w, await ada.click(table.id, findButton(table, (id) => id.endsWith('|turn'))!));
  await shot(page, base, ada.id, thread, 'sandbox-recap-panel.png');
  // The inbox in the DM with the bot, and the stats.
  await page.goto(`${base}/?as=${ada.id}&channel=${w.standIn.channelByName('general').id}`);
  await openChannel(page, '@');
  await runCommand(page, 'campfire', 'games');
  await page.locator('.msg.ephemeral', { hasText: /Waiting for you/ }).last().waitFor({ timeout: 20_000 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/sandbox-inbox-dm.png` });
  console.log(`${out}/sandbox-inbox-dm.png`);
  await runCommand(page, 'campfire', 'stats');
  await page.locator('.msg.ephemeral', { hasText: /Pace|pace/ }).last().waitFor({ timeout: 20_000 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/sandbox-stats.png` });
  console.log(`${out}/sandbox-stats.png`);
} finally {
  await browser.close();
  await web.close();
  await w.close();
}
