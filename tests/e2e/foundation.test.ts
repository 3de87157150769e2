import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../server/support/testServer';
import { requireBuiltApp, DIST } from './support/session';
import { launchBrowser, screenshot, watchProblems } from './support/browser';


describe('the built app in Chromium, served by the real server', () => {
  let t: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    requireBuiltApp();
    t = await startTestServer({ STATIC_DIR: DIST });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('serves a deep link as the app, which asks a stranger to sign in: Persian, right to left, within the security policy', async () => {
    const page = await browser.newPage({ viewport: { width: 1024, height: 700 } });
    const problems = await watchProblems(page);
    const response = await page.goto(`${t.url}/markets/crypto/BTCUSDT`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.waitForURL(/\/login\?next=/);
    await page.getByRole('heading', { name: 'ورود' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');

    // Mirrored layout: in RTL the brand sits to the right of the language button.
    const brand = await page.getByText('سیگنال بازار', { exact: true }).boundingBox();
    const button = await page.getByRole('button', { name: 'زبان' }).boundingBox();
    expect(brand!.x).toBeGreaterThan(button!.x);

    await page.getByRole('button', { name: 'زبان' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    const brandLtr = await page.getByText('Bazaar Signal', { exact: true }).boundingBox();
    const buttonLtr = await page.getByRole('button', { name: 'Language' }).boundingBox();
    expect(brandLtr!.x).toBeLessThan(buttonLtr!.x);
    await screenshot(page, 'login-en-ltr');

    expect(problems.cspViolations).toEqual([]);
    expect(problems.errors.filter((e) => !/WebSocket/.test(e))).toEqual([]);
    await page.close();
  });

  it('shows the API docs generated from the contract, within their security policy', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = await watchProblems(page);
    await page.goto(`${t.url}/api/docs`);
    await page.getByText('Bazaar Signal API').first().waitFor();
    await page.locator('.opblock').first().waitFor();
    const document = (await (await fetch(`${t.url}/api/openapi.json`)).json()) as { paths: Record<string, object> };
    const served = Object.values(document.paths).reduce((sum, item) => sum + Object.keys(item).length, 0);
    expect(served).toBeGreaterThanOrEqual(18);
    expect(await page.locator('.opblock').count()).toBe(served);
    await screenshot(page, 'api-docs');
    expect(problems.cspViolations).toEqual([]);
    await page.close();
  });
});
