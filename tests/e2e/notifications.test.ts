import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candleSeries, THRESHOLD_STRATEGY } from '../server/support/candleSeries';
import { startTestServer, type TestServer } from '../server/support/testServer';
import { requireBuiltApp, openBrowserPage, signIn, DIST } from './support/session';
import { screenshot, type PageProblems } from './support/browser';

/*
 * Notifications in Chromium against the real server: a signal made by the engine (a notify-only
 * subscription, candles closed into it as the feed would) reaches the open page live, through the
 * app socket, as the bell's count; it is marked seen from the bell and found in the centre by
 * filter, with a drawer linking to its chart. Then the channel and broadcast screens, in Persian
 * and in English, are photographed.
 */

const MARKET = 'crypto';
const SYMBOL = 'BTCUSDT';

describe('notifications in Chromium', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  let problems: PageProblems;
  let token: string;
  const { candle, close } = candleSeries(() => t, MARKET, SYMBOL);

  beforeAll(async () => {
    requireBuiltApp();
    // The webhook below points at this machine, which only a development server allows (SSRF guard).
    t = await startTestServer({ STATIC_DIR: DIST, ALLOW_PRIVATE_WEBHOOKS: 'true' });
    token = await t.adminToken();
    await close(Array.from({ length: 60 }, (_, i) => candle(i, 90)), false);
    ({ browser, page, problems } = await openBrowserPage({ width: 1366, height: 900 }));
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('signs in with an empty bell', async () => {
    await page.goto(`${t.url}/login`);
    await signIn(page);
    await page.getByRole('button', { name: 'اعلان‌ها' }).waitFor();
    expect(await page.getByTestId('bell-count').count()).toBe(0);
  });

  it('receives a signal notification live and marks it seen from the bell', async () => {
    const group = await t.call('POST', '/api/relations/create_group', { token, json: { name: 'BTC', symbols: [{ market: MARKET, symbol: SYMBOL }] } });
    const strategy = await t.call('POST', '/api/strategy/', { token, json: { name: 'Threshold', body: THRESHOLD_STRATEGY } });
    const subscription = await t.call('POST', '/api/relations/create_subscription', {
      token,
      json: { name: 'BTC threshold', strategy_id: strategy.body.id, timeframe: '1m', group_ids: [group.body.id], confirmation_mode: 30 },
    });
    expect(subscription.status).toBe(200);
    const engine = t.server.app.ctx.services.engine;
    await engine.refresh();
    const closes = engine.status().data.closes;
    await close([candle(60, 110)]);
    await expect.poll(() => engine.status().data.closes).toBeGreaterThan(closes);
    await engine.idle();
    // Pushed on the app socket: the count appears without a reload.
    await expect.poll(() => page.getByTestId('bell-count').textContent(), { timeout: 10_000 }).toBe('۱');
    await page.getByTestId('bell').click();
    const item = page.getByTestId('bell-list').getByRole('listitem').first();
    await item.getByText(`سیگنال خرید ${SYMBOL}`).waitFor();
    await screenshot(page, 'notifications-bell-fa');
    await item.getByRole('button', { name: 'دیده شد' }).click();
    await expect.poll(() => page.getByTestId('bell-count').count(), { timeout: 10_000 }).toBe(0);
    const stored = await t.call('GET', '/api/user/notification/list?category=signal', { token });
    expect(stored.body.data.map((n: { status: number }) => n.status)).toEqual([20]);
  });

  it('finds it in the centre by filter and opens its chart from the drawer', async () => {
    await page.getByRole('link', { name: 'همهٔ اعلان‌ها' }).first().click();
    await page.getByRole('heading', { name: 'مرکز اعلان‌ها' }).waitFor();
    // Another one (a system notice), so the filter has something to leave out.
    await t.call('POST', '/api/user/notification/create', { token, json: { title: 'System check', category: 'system' } });
    const rows = page.getByTestId('notification-table').locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    await page.getByRole('group', { name: 'دسته' }).getByRole('button', { name: 'سیگنال' }).click();
    await page.getByRole('group', { name: 'وضعیت' }).getByRole('button', { name: 'دیده‌شده' }).click();
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    expect(page.url()).toContain('category=signal');
    await expect.poll(() => page.getByTestId('page-summary').textContent()).toBe('۱ تا ۱ از ۱');
    await screenshot(page, 'notifications-centre-fa');
    await rows.first().getByRole('button').click();
    const drawer = page.getByRole('dialog', { name: 'جزئیات اعلان' });
    await drawer.waitFor();
    expect(await drawer.getByTestId('link-chart').getAttribute('href')).toBe(`/markets/${MARKET}/${SYMBOL}?tf=1m`);
    await screenshot(page, 'notifications-drawer-fa');
    await drawer.getByRole('button', { name: 'انجام شد' }).click();
    await expect.poll(() => drawer.getByTestId('drawer-status').textContent(), { timeout: 10_000 }).toBe('انجام‌شده');
    await drawer.getByTestId('link-chart').click();
    await page.waitForURL(`**/markets/${MARKET}/${SYMBOL}?tf=1m`);
  });

  it('adds a webhook channel (secret once) and previews a broadcast, in Persian and English', async () => {
    await page.goto(`${t.url}/notifications/channels`);
    await page.getByRole('button', { name: 'افزودن کانال' }).first().click();
    const form = page.getByRole('form', { name: 'افزودن کانال' });
    await form.getByLabel('نوع').selectOption('webhook');
    await form.getByLabel('نشانی وب‌هوک').fill('http://127.0.0.1:9/hook');
    await form.getByRole('button', { name: 'ساختن کانال' }).click();
    await page.getByTestId('webhook-secret').waitFor({ timeout: 10_000 });
    expect((await page.getByTestId('webhook-secret').textContent())?.length).toBeGreaterThan(16);
    await page.locator('details summary').first().click();
    await screenshot(page, 'notifications-channels-fa');

    await page.goto(`${t.url}/notifications/broadcast`);
    await page.getByLabel('عنوان').fill('به‌روزرسانی سامانه امشب');
    await page.getByLabel('متن').fill('ساعت ۲۳ تا ۲۳:۳۰ سامانه در دسترس نیست. / Offline 23:00–23:30.');
    await page.getByLabel('اولویت').selectOption('40');
    await screenshot(page, 'notifications-broadcast-fa');
    await page.getByRole('button', { name: 'ارسال اعلان' }).click();
    await page.getByRole('button', { name: 'برای همه فرستاده شود' }).click();
    await page.getByTestId('broadcast-sent').waitFor();
    // The admin is a recipient too: an urgent one, live, as a toast.
    await page.getByRole('alert').filter({ hasText: 'به‌روزرسانی سامانه امشب' }).waitFor({ timeout: 10_000 });
    await screenshot(page, 'notifications-toast-fa');

    await page.getByRole('button', { name: 'زبان' }).click();
    await page.getByRole('heading', { name: 'Broadcast', exact: true }).waitFor();
    await screenshot(page, 'notifications-broadcast-en');
    await page.goto(`${t.url}/notifications`);
    await page.getByRole('heading', { name: 'Notification centre' }).waitFor();
    await page.getByTestId('notification-table').waitFor();
    await screenshot(page, 'notifications-centre-en');
    await page.goto(`${t.url}/notifications/channels`);
    await page.getByRole('heading', { name: 'Delivery channels' }).waitFor();
    await screenshot(page, 'notifications-channels-en');
    await page.goto(`${t.url}/`);
    await page.getByTestId('dashboard-notifications').waitFor();
    await screenshot(page, 'notifications-dashboard-en');
    expect(problems).toEqual({ cspViolations: [], errors: [] });
  });
});
