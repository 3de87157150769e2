import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../server/support/testServer';
import { requireBuiltApp, openBrowserPage, signIn, DIST } from './support/session';
import { screenshot, type PageProblems } from './support/browser';

const row = (page: Page, symbol: string) => page.locator(`[role="row"][data-symbol="${symbol}"]`);

describe('the markets screen in Chromium, on live simulated prices', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  let problems: PageProblems;

  beforeAll(async () => {
    requireBuiltApp();
    t = await startTestServer({ STATIC_DIR: DIST, FEED_ENABLED: 'true', FEED_BACKFILL_DAYS: '1' });
    ({ browser, page, problems } = await openBrowserPage({ width: 1280, height: 900 }));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('signs in as admin and opens Markets: every crypto symbol, in Persian', async () => {
    await page.goto(`${t.url}/login`);
    await signIn(page);
    await page.getByRole('link', { name: 'بازارها' }).first().click();
    await page.waitForURL(/\/markets$/);
    await page.getByRole('heading', { name: 'بازارها' }).waitFor();
    await row(page, 'BTCUSDT').getByText('بیت‌کوین').waitFor();
    expect(await page.locator('[role="row"][data-symbol]').count()).toBe(13);
  });

  it('shows live prices in Persian digits and sees one change', async () => {
    await page.locator('[data-testid="live-status"][data-status="live"]').waitFor({ timeout: 20_000 });
    const prices = () => page.locator('[role="row"][data-symbol] [data-testid="price"]').allTextContents();
    const first = await prices();
    expect(first.every((p) => /^[۰-۹٬٫]+$/.test(p))).toBe(true);
    await expect.poll(prices, { timeout: 20_000, interval: 250 }).not.toEqual(first);
    await page.locator('[role="row"][data-flash]').first().waitFor({ timeout: 10_000 });
    expect(await page.locator('[data-testid="sparkline"] polyline').count()).toBeGreaterThan(0);
    await screenshot(page, 'markets-crypto-fa');
  });

  it('switches to the Tehran exchange and shows Persian names', async () => {
    await page.getByRole('link', { name: 'بورس تهران' }).click();
    await page.waitForURL(/\/markets\/tse$/);
    await row(page, 'فولاد').getByText('فولاد مبارکه اصفهان').waitFor();
    await page.locator('[data-testid="live-status"][data-status="live"]').waitFor({ timeout: 20_000 });
    await expect.poll(() => row(page, 'فولاد').getByTestId('price').textContent()).toMatch(/^[۰-۹٬٫]+$/);
  });

  it('searches by the Persian title and by the Latin code', async () => {
    await page.getByLabel('جستجو').fill('مبارکه');
    await expect.poll(() => page.locator('[role="row"][data-symbol]').count()).toBe(1);
    await page.getByLabel('جستجو').fill('fold1');
    await expect.poll(() => page.locator('[role="row"][data-symbol]').count()).toBe(1);
    await row(page, 'فولاد').waitFor();
    await page.getByLabel('جستجو').fill('');
    await expect.poll(() => page.locator('[role="row"][data-symbol]').count()).toBeGreaterThan(1);
    await screenshot(page, 'markets-tse-fa');
  });

  it('mirrors to left to right in English', async () => {
    await page.getByRole('button', { name: 'زبان' }).click();
    await page.getByRole('heading', { name: 'Markets' }).waitFor();
    await page.getByRole('link', { name: 'Crypto' }).first().click();
    await row(page, 'BTCUSDT').getByText('Bitcoin').waitFor();
    await page.locator('[data-testid="live-status"][data-status="live"]').waitFor({ timeout: 20_000 });
    await expect.poll(() => row(page, 'BTCUSDT').getByTestId('price').textContent()).toMatch(/^[0-9,.]+$/);
    // The symbol column starts on the left, the price column after it.
    const name = await row(page, 'BTCUSDT').getByRole('link').boundingBox();
    const price = await row(page, 'BTCUSDT').getByTestId('price').boundingBox();
    expect(name!.x).toBeLessThan(price!.x);
    await screenshot(page, 'markets-crypto-en');
  });

  it('opens a chart from its row', async () => {
    await row(page, 'ETHUSDT').getByRole('link', { name: 'Chart of Ethereum' }).click();
    await page.waitForURL(/\/markets\/crypto\/ETHUSDT$/);
    expect(problems.cspViolations).toEqual([]);
    expect(problems.errors.filter((e) => !/websocket|ERR_CONNECTION|favicon/i.test(e))).toEqual([]);
  });
});
