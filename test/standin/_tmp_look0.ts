import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1300, height: 1000 } });
await page.goto('http://127.0.0.1:3917/');
await page.waitForTimeout(1000);
await page.selectOption('#cmd-sub', 'new');
await page.click('#cmd-send');
await page.waitForTimeout(2500);
await browser.close();
