import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../server/support/testServer';
import { requireBuiltApp, openBrowserPage, signIn, DIST } from './support/session';
import { screenshot, type PageProblems } from './support/browser';

/*
 * The signals journey in Chromium against the real server on live simulated prices: a watchlist
 * built with the symbol search, a subscription on 1-minute candles linked to a portfolio, scores
 * arriving live on the board at the next candle close, a strategy typo caught as you type, and a
 * backtest over the back-filled day with its charts.
 */

const MIN = 60_000;

describe('the signals screens in Chromium, on live simulated prices', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  let problems: PageProblems;
  let strategyId: number;

  beforeAll(async () => {
    requireBuiltApp();
    t = await startTestServer({ STATIC_DIR: DIST, FEED_ENABLED: 'true', FEED_BACKFILL_DAYS: '1' });
    const token = await t.adminToken();
    // The back-fill runs after the server listens: a backtest needs its day of 1m candles.
    const deadline = Date.now() + 90_000;
    for (;;) {
      const bars = await t.call('GET', '/api/tradingview/bars?market=crypto&symbol=BTCUSDT&resolution=1m&countback=1300', { token });
      if ((bars.body?.t?.length ?? 0) >= 1300) break;
      if (Date.now() > deadline) throw new Error('the back-fill did not store a day of 1m candles in 90 s');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const strategies = await t.call('GET', '/api/strategy/?scope=builtin', { token });
    strategyId = strategies.body.data.find((s: { name: string }) => /EMA cross/.test(s.name)).id;
    // A portfolio for the subscription's signals to trade in (its own screen comes with issue 6).
    const portfolio = await t.call('POST', '/api/portfolio/', { token, json: { name: 'سبد آزمایشی', market: 'crypto' } });
    expect(portfolio.status).toBe(200);
    ({ browser, page, problems } = await openBrowserPage({ width: 1366, height: 900 }));
  }, 150_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('signs in and builds a watchlist with the symbol search; its prices are live', async () => {
    await page.goto(`${t.url}/login`);
    await signIn(page);
    await page.getByRole('link', { name: 'دیده‌بان‌ها' }).click();
    await page.getByRole('heading', { name: 'دیده‌بان‌ها' }).waitFor();

    await page.getByLabel('نام').fill('رمزارزهای اصلی');
    await page.getByRole('button', { name: 'ساختن' }).click();
    await page.getByRole('treeitem', { name: /رمزارزهای اصلی/, selected: true }).waitFor();

    const search = page.getByRole('combobox', { name: 'افزودن نماد' });
    await search.fill('بیت');
    await page.getByRole('option', { name: /BTCUSDT/ }).click();
    await page.locator('[data-testid="group-symbol"][data-symbol="BTCUSDT"]').waitFor();
    await search.fill('eth');
    await page.getByRole('option', { name: /ETHUSDT/ }).click();
    await page.locator('[data-testid="group-symbol"][data-symbol="ETHUSDT"]').waitFor();

    const price = page.locator('[data-testid="group-symbol"][data-symbol="BTCUSDT"] [data-testid="price"]');
    await expect.poll(() => price.textContent(), { timeout: 20_000 }).toMatch(/^[۰-۹٬٫]+$/);
    await screenshot(page, 'signals-watchlists-fa');
  });

  it('creates a 1-minute subscription on it and links it to a portfolio, confirmation on', async () => {
    await page.getByRole('link', { name: 'اشتراک‌ها' }).click();
    await page.getByRole('link', { name: 'اشتراک تازه' }).click();
    const form = page.getByRole('form', { name: 'اشتراک تازه' });
    await form.getByLabel('نام').fill('روند دقیقه‌ای');
    await expect.poll(() => form.getByRole('combobox', { name: 'استراتژی' }).locator('option').count()).toBeGreaterThan(1);
    await form.getByRole('combobox', { name: 'استراتژی' }).selectOption(String(strategyId));
    await form.getByRole('combobox', { name: 'بازهٔ زمانی' }).selectOption('1m');
    await form.getByRole('checkbox', { name: /رمزارزهای اصلی/ }).check();
    await form.getByRole('spinbutton', { name: 'آستانهٔ فهرست، از ۰ تا ۱۰۰' }).fill('0');
    await form.getByRole('button', { name: 'اشتراک تازه' }).click();
    await page.waitForURL(/\/subscriptions$/);

    const card = page.locator('[data-testid="subscription"][data-name="روند دقیقه‌ای"]');
    await card.getByText('۱ دقیقه').waitFor();
    await card.getByRole('button', { name: 'پیوند' }).click();
    const link = card.getByTestId('subscription-link');
    await link.getByText('سبد آزمایشی').waitFor();
    expect(await link.getByRole('switch', { name: 'تأیید هر سفارش' }).getAttribute('aria-checked')).toBe('true');
    await screenshot(page, 'signals-subscriptions-fa');
  });

  it('shows scores arriving live on the board (socket frames light the cells they change); a cell opens the chart', async () => {
    await page.getByRole('link', { name: 'سیگنال‌ها' }).first().click();
    await page.getByRole('heading', { name: 'سیگنال‌ها' }).waitFor();
    await page.locator('[data-testid="signals-live"][data-status="live"]').waitFor({ timeout: 20_000 });
    const own = await t.call('GET', '/api/relations/get_own_subscriptions', { token: await t.adminToken() });
    const id = own.body.data.find((s: { name: string }) => s.name === 'روند دقیقه‌ای').id;
    const cells = page.locator(`[data-testid="heat-cell"][data-subscription="${id}"]`);
    // A frame lights the cells it changed: that is scores arriving over the socket, not a reload.
    await page.locator(`[data-testid="heat-cell"][data-subscription="${id}"][data-flash]`).first().waitFor({ timeout: 2.5 * MIN });
    expect(await cells.evaluateAll((els) => els.map((el) => el.getAttribute('data-symbol')).sort())).toEqual(['BTCUSDT', 'ETHUSDT']);
    for (const value of await cells.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-value'))))) {
      expect(value).toBeGreaterThanOrEqual(-100);
      expect(value).toBeLessThanOrEqual(100);
    }
    expect(await cells.first().textContent()).toMatch(/[۰-۹]/);
    await screenshot(page, 'signals-board-fa');

    await cells.first().click();
    await page.waitForURL(/\/markets\/crypto\/(BTCUSDT|ETHUSDT)\?tf=1m$/);
    await page.goto(`${t.url}/`);
    await page.getByText('تازه‌ترین سیگنال‌ها').waitFor();
    await page.locator('[data-testid="signals-live"][data-status="live"]').waitFor({ timeout: 20_000 });
    await screenshot(page, 'signals-dashboard-fa');
  }, 3.5 * MIN);

  it('catches a typo in a strategy as you type, in the form and the JSON alike', async () => {
    await page.getByRole('link', { name: 'استراتژی‌ها' }).click();
    await page.getByTestId('strategy').first().waitFor();
    await screenshot(page, 'signals-strategies-fa');
    await page.getByRole('link', { name: 'استراتژی تازه' }).click();
    const rule = page.getByTestId('rule').first();
    await rule.getByRole('combobox', { name: 'سمت نخست' }).fill('emaa');
    await rule.getByText('unknown indicator "emaa"').waitFor();
    await page.getByRole('tab', { name: 'JSON' }).click();
    await page.getByTestId('json-errors').getByText('rules[0].when[1]: unknown indicator "emaa"').waitFor();
    expect(await page.getByRole('textbox', { name: 'بدنهٔ استراتژی به صورت JSON' }).getAttribute('dir')).toBe('ltr');
    await screenshot(page, 'signals-strategy-editor-fa');
  });

  it('runs a backtest over the back-filled day and shows its charts, trades and metrics', async () => {
    await page.goto(`${t.url}/backtest?strategy=${strategyId}`);
    const form = page.getByRole('form', { name: 'تنظیم آزمون' });
    await expect.poll(() => form.getByRole('combobox', { name: 'استراتژی' }).inputValue()).toBe(String(strategyId));
    await form.getByRole('combobox', { name: 'بازهٔ زمانی' }).selectOption('1m');
    await form.getByRole('combobox', { name: 'افزودن نماد', exact: true }).fill('BTC');
    await page.getByRole('option', { name: /BTCUSDT/ }).click();
    await form.getByRole('button', { name: 'اجرای بک‌تست' }).click();

    const result = page.getByTestId('backtest-result');
    await result.waitFor({ timeout: MIN });
    expect(await result.getByTestId('equity-chart').locator('canvas').count()).toBeGreaterThan(0);
    expect(await result.getByTestId('drawdown-chart').locator('canvas').count()).toBeGreaterThan(0);
    await result.getByTestId('candles-chart').locator('canvas').first().waitFor({ timeout: 20_000 });
    await result.getByTestId('monthly-returns').waitFor();
    expect(await result.locator('[data-metric="totalReturn"] dd').textContent()).toMatch(/[۰-۹]/);
    await page.getByTestId('saved-run').first().waitFor();
    await screenshot(page, 'signals-backtest-fa');
  }, 2 * MIN);

  it('mirrors to left to right in English', async () => {
    await page.getByRole('button', { name: 'زبان' }).click();
    await page.getByRole('heading', { name: 'Backtest' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await screenshot(page, 'signals-backtest-en');
    await page.getByRole('link', { name: 'Signals' }).first().click();
    await page.getByRole('heading', { name: 'Signals' }).waitFor();
    await page.locator('[data-testid="heat-cell"]').first().waitFor();
    expect(await page.locator('[data-testid="heat-cell"]').first().textContent()).toMatch(/^[-+]?[0-9]+$/);
    await screenshot(page, 'signals-board-en');
    expect(problems.errors).toEqual([]);
    expect(problems.cspViolations).toEqual([]);
  });
});
