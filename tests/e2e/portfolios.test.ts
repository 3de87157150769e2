import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candleSeries, THRESHOLD_STRATEGY } from '../server/support/candleSeries';
import { startTestServer, type TestServer } from '../server/support/testServer';
import { requireBuiltApp, openBrowserPage, signIn, DIST } from './support/session';
import { screenshot, type PageProblems } from './support/browser';

/*
 * The portfolio journey in Chromium against the real server: create a paper portfolio, deposit,
 * place a market buy that fills at the stored price, confirm the order a signal left pending (a
 * subscription linked with confirmation; the test closes candles into the engine as the feed
 * would), see a deposit made elsewhere arrive live on the balances, add a price line and find it
 * on the symbol's chart, then look at every tab in Persian and in English.
 *
 * The feed is off so prices are the test's own: BTCUSDT's stored closes (90, then 110 at the
 * signal) are what the ledger values holdings and fills market orders at.
 */

const MARKET = 'crypto';
const SYMBOL = 'BTCUSDT';


describe('the portfolio screens in Chromium', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  let problems: PageProblems;
  let token: string;
  let portfolioId = 0;
  const { candle, close } = candleSeries(() => t, MARKET, SYMBOL);
  const tab = (name: string) => page.getByRole('tab', { name, exact: true }).click();
  const balance = (symbol: string) => page.getByTestId(`balance-${symbol}`).getByTestId('balance-total');

  beforeAll(async () => {
    requireBuiltApp();
    t = await startTestServer({ STATIC_DIR: DIST });
    token = await t.adminToken();
    await close(Array.from({ length: 60 }, (_, i) => candle(i, 90)), false);
    ({ browser, page, problems } = await openBrowserPage({ width: 1366, height: 900 }));
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('signs in and creates a paper portfolio', async () => {
    await page.goto(`${t.url}/login`);
    await signIn(page);
    await page.getByRole('link', { name: 'سبدها' }).click();
    await page.getByRole('heading', { name: 'سبدها', exact: true }).waitFor();
    await page.getByRole('button', { name: 'سبد تازه' }).first().click();
    const form = page.getByRole('form', { name: 'سبد تازه' });
    await form.getByLabel('نام').fill('سبد آزمون');
    await form.getByLabel('بازار').selectOption(MARKET);
    await form.getByRole('button', { name: 'ساختن سبد' }).click();
    await page.getByRole('heading', { name: 'سبد آزمون' }).waitFor();
    portfolioId = Number(/\/portfolios\/(\d+)/.exec(page.url())?.[1]);
    expect(portfolioId).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('portfolio-live').getAttribute('data-status'), { timeout: 10_000 }).toBe('live');
  });

  it('deposits 1000 USDT and sees it among the balances', async () => {
    await tab('تراکنش‌ها');
    const form = page.getByRole('form', { name: 'ثبت تراکنش' });
    await form.getByLabel('نماد').fill('USDT');
    await form.getByLabel('مقدار').fill('1000');
    await form.getByRole('button', { name: 'ثبت تراکنش' }).click();
    await page.getByText('تراکنش ثبت شد.').waitFor();
    await tab('دارایی‌ها');
    await expect.poll(() => balance('USDT').textContent()).toBe('۱٬۰۰۰');
  });

  it('places a market buy that fills at the stored price, paying from USDT', async () => {
    await tab('سفارش‌ها');
    const form = page.getByRole('form', { name: 'سفارش تازه' });
    await form.getByLabel('نماد').fill(SYMBOL);
    await form.getByLabel('مقدار').fill('2');
    await form.getByRole('button', { name: 'ثبت سفارش' }).click();
    const row = page.getByTestId('orders').locator('tbody tr').first();
    await expect.poll(() => row.getByTestId('order-status').textContent(), { timeout: 10_000 }).toContain('پر شده');
    await tab('دارایی‌ها');
    await expect.poll(() => balance('BTC').textContent()).toBe('۲');
    // 2 × 90 and the market's fee came out of the 1000.
    const usdt = Number((await balance('USDT').textContent())!.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))).replace(/٬/g, '').replace('٫', '.'));
    expect(usdt).toBeLessThan(820);
    expect(usdt).toBeGreaterThan(819);
  });

  it('confirms the order a signal left pending, which then fills', async () => {
    const group = await t.call('POST', '/api/relations/create_group', { token, json: { name: 'BTC', symbols: [{ market: MARKET, symbol: SYMBOL }] } });
    const strategy = await t.call('POST', '/api/strategy/', { token, json: { name: 'Threshold', body: THRESHOLD_STRATEGY } });
    const subscription = await t.call('POST', '/api/relations/create_subscription', {
      token,
      json: { name: 'BTC threshold', strategy_id: strategy.body.id, timeframe: '1m', group_ids: [group.body.id], confirmation_mode: 10 },
    });
    expect(subscription.status).toBe(200);
    const link = await t.call('POST', '/api/relations/create_subscription_link', { token, json: { subscription_id: subscription.body.id, portfolio_id: portfolioId, confirmation: true } });
    expect(link.status).toBe(200);
    const engine = t.server.app.ctx.services.engine;
    await engine.refresh();
    await tab('سفارش‌ها');
    const closes = engine.status().data.closes;
    await close([candle(60, 110)]);
    await expect.poll(() => engine.status().data.closes).toBeGreaterThan(closes);
    await engine.idle();
    // The order arrives on the portfolio socket; the tab shows it without a reload.
    const pending = page.getByTestId('orders').locator('tbody tr', { hasText: 'در انتظار تأیید' });
    await pending.waitFor({ timeout: 10_000 });
    await expect.poll(() => page.getByRole('tab', { name: /سفارش‌ها/ }).textContent()).toContain('۱');
    await screenshot(page, 'portfolio-orders-pending-fa');
    await pending.getByRole('button', { name: 'تأیید' }).click();
    await expect.poll(() => page.getByTestId('orders').locator('tbody tr', { hasText: 'در انتظار تأیید' }).count(), { timeout: 10_000 }).toBe(0);
    const orders = await t.call('GET', `/api/portfolio/manager/query_orders?portfolio_id=${portfolioId}`, { token });
    expect(orders.body.data.map((o: { status: number }) => o.status)).toEqual([30, 30]);
  });

  it('shows a deposit made elsewhere on the balances live, without a reload', async () => {
    await tab('دارایی‌ها');
    const before = await balance('USDT').textContent();
    const deposit = await t.call('POST', '/api/portfolio/manager/set_new_balance', { token, json: { portfolio_id: portfolioId, type: 10, symbol: 'USDT', amount: '500' } });
    expect(deposit.status).toBe(200);
    await expect.poll(() => balance('USDT').textContent(), { timeout: 10_000 }).not.toBe(before);
    await screenshot(page, 'portfolio-balances-fa');
  });

  it("adds a price line that the symbol's chart draws", async () => {
    await tab('نشانه‌ها');
    const form = page.getByRole('form', { name: 'افزودن نشانه' });
    await form.getByLabel('نماد').fill(SYMBOL);
    await form.getByLabel('قیمت', { exact: true }).fill('100');
    await form.getByLabel('متن').fill('مقاومت');
    await form.getByRole('button', { name: 'افزودن نشانه' }).click();
    await page.getByTestId('markers').getByText('مقاومت').waitFor();
    await screenshot(page, 'portfolio-markers-fa');
    await page.getByRole('link', { name: `نمودار ${SYMBOL}` }).click();
    await expect.poll(() => page.getByTestId('chart-area').locator('[data-lines]').getAttribute('data-lines'), { timeout: 15_000 }).toBe('1');
    await screenshot(page, 'portfolio-chart-line-fa');
    await page.goBack();
  });

  it('sets rules, tags and a setting, then shows every tab in Persian and in English', async () => {
    await page.goto(`${t.url}/portfolios/${portfolioId}`);
    await tab('قوانین');
    const rules = page.getByRole('form', { name: 'ویرایش قوانین' });
    await rules.getByLabel('بیشترین سفارش باز', { exact: true }).check();
    await rules.getByLabel('بیشترین سفارش باز — مقدار').fill('5');
    await rules.getByLabel('بیشترین سهم یک نماد (٪)', { exact: true }).check();
    await rules.getByLabel('بیشترین سهم یک نماد (٪) — مقدار').fill('10');
    await rules.getByRole('button', { name: 'ذخیرهٔ قوانین' }).click();
    // BTC is about a fifth of the portfolio: the 10 % position rule is broken now.
    await page.getByTestId('rule-status').getByText(/BTC/).first().waitFor({ timeout: 10_000 });
    await tab('برچسب‌ها');
    const tags = page.getByRole('form', { name: 'افزودن برچسب' });
    await tags.getByLabel('نماد').fill(SYMBOL);
    await tags.getByLabel('برچسب').fill('بلندمدت، core');
    await tags.getByRole('button', { name: 'افزودن برچسب' }).click();
    await page.getByTestId(`tags-${SYMBOL}`).getByText('بلندمدت').waitFor();
    await tab('تنظیمات');
    const settings = page.getByRole('form', { name: 'افزودن' });
    await settings.getByLabel('کلید').fill('chart.default_timeframe');
    await settings.getByLabel('مقدار (JSON)').fill('"1h"');
    await settings.getByRole('button', { name: 'افزودن' }).click();
    await page.getByTestId('settings-portfolio').getByText('chart.default_timeframe').waitFor();

    const tabsFa = ['نمای کلی', 'دارایی‌ها', 'سفارش‌ها', 'تراکنش‌ها', 'قوانین', 'برچسب‌ها', 'نشانه‌ها', 'تنظیمات'];
    const names = ['overview', 'balances', 'orders', 'transactions', 'rules', 'tags', 'markers', 'settings'];
    for (const [i, name] of tabsFa.entries()) {
      await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
      await page.waitForTimeout(300);
      await screenshot(page, `portfolio-${names[i]}-fa`);
    }
    await page.getByRole('link', { name: 'سبدها' }).first().click();
    await page.getByTestId(`portfolio-${portfolioId}`).waitFor();
    await screenshot(page, 'portfolios-list-fa');

    await page.getByRole('button', { name: 'زبان' }).click();
    await page.getByRole('heading', { name: 'Portfolios', exact: true }).waitFor();
    await screenshot(page, 'portfolios-list-en');
    await page.goto(`${t.url}/portfolios/${portfolioId}`);
    const tabsEn = ['Overview', 'Balances', 'Orders', 'Transactions', 'Rules', 'Tags', 'Markers', 'Settings'];
    for (const [i, name] of tabsEn.entries()) {
      await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
      await page.waitForTimeout(300);
      await screenshot(page, `portfolio-${names[i]}-en`);
    }
    await page.getByRole('tab', { name: /^Balances/ }).click();
    await expect.poll(() => balance('USDT').textContent()).toMatch(/^[0-9.,]+$/);
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForTimeout(500);
    await screenshot(page, 'dashboard-portfolios-en');
    expect(problems).toEqual({ cspViolations: [], errors: [] });
  });
});
