import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../server/support/testServer';
import { screenshot, type PageProblems } from './support/browser';
import { DIST, openBrowserPage, requireBuiltApp, signIn } from './support/session';

/*
 * The admin's day in Chromium against the real server with live feeds: start a back-fill from the
 * tasks panel and watch its progress bar reach 100 %, restart the crypto feed from the services
 * panel (after confirming) and see it tick again, create a user from the users screen (who can
 * then sign in), and find those calls in the audit log. Every admin screen is photographed in
 * Persian and in English.
 */

const NEW_USER = 'new.trader@bazaar.test';

/** Fills a generated argument field, a select or a text input. */
async function setArg(field: Locator, value: string) {
  const select = field.locator('select');
  if ((await select.count()) > 0) await select.selectOption(value);
  else await field.locator('input, textarea').fill(value);
}
const NEW_PASSWORD = 'trader-password-1';

describe('the admin screens in Chromium', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  let problems: PageProblems;
  let token: string;

  const api = async (path: string) => {
    const res = await t.call('GET', path, { token });
    expect(res.status, path).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    requireBuiltApp();
    // Live feeds with a short history, so the start-up back-fill is quick and prices tick.
    t = await startTestServer({ STATIC_DIR: DIST, FEED_ENABLED: 'true', FEED_BACKFILL_DAYS: '1' });
    token = await t.adminToken();
    ({ browser, page, problems } = await openBrowserPage({ width: 1366, height: 900 }));
    await page.goto(`${t.url}/login`);
    await signIn(page);
    await page.getByRole('link', { name: 'پیشخوان' }).first().waitFor();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('starts a back-fill from the tasks panel and watches its progress bar reach 100 %', async () => {
    await page.getByRole('link', { name: 'وظیفه‌ها' }).click();
    await page.getByRole('button', { name: 'شروع وظیفه' }).click();
    await page.getByLabel('نام وظیفه').selectOption('market.backfill');
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'اجرای وظیفه' }) });
    // The form is generated from the task's argument schema: one field per argument.
    await setArg(form.getByTestId('arg-market'), 'crypto');
    await setArg(form.getByTestId('arg-symbols'), 'BTCUSDT ETHUSDT');
    await setArg(form.getByTestId('arg-timeframe'), '1m');
    const started = page.waitForResponse((res) => res.url().includes('/api/task/start'));
    await form.getByRole('button', { name: 'اجرای وظیفه' }).click();
    const response = await started;
    expect(response.status()).toBe(200);
    const task = (await response.json()) as { id: string; name: string };
    expect(task.name).toBe('market.backfill');

    const row = page.getByTestId(`task-row-${task.id}`);
    const bar = row.getByRole('progressbar');
    await bar.waitFor({ timeout: 30_000 });
    await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 60_000 }).toBe('100');
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 10_000 }).toBe('SUCCESS');
    const stored = await api(`/api/task/state?task_id=${task.id}&get_result=true`);
    expect(stored).toMatchObject({ state: 'SUCCESS', name: 'market.backfill', user_id: expect.any(Number) });
    expect(stored.progress.current).toBe(stored.progress.total);
    await screenshot(page, 'admin-tasks-fa');
  });

  it('restarts the crypto feed from the services panel, which then ticks again', async () => {
    const before = await api('/api/service_manager/service_status?service_name=market-feed:crypto');
    expect(before.status).toBe('running');
    await page.getByRole('link', { name: 'سرویس‌ها' }).click();
    const card = page.getByRole('article', { name: 'خوراک بازار · crypto' });
    await card.waitFor();
    await card.getByRole('button', { name: 'راه‌اندازی دوباره' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'بله، راه‌اندازی دوباره' }).click();
    await expect
      .poll(async () => (await api('/api/service_manager/service_status?service_name=market-feed:crypto')).started_at, { timeout: 20_000 })
      .not.toBe(before.started_at);
    const after = await api('/api/service_manager/service_status?service_name=market-feed:crypto');
    expect(after.status).toBe('running');
    // Ticking again: its figures move after the restart.
    await expect
      .poll(async () => (await api('/api/service_manager/service_data?service_name=market-feed:crypto')).data.ticks_per_second ?? 0, { timeout: 20_000 })
      .toBeGreaterThan(0);
    await page.waitForTimeout(500);
    await screenshot(page, 'admin-services-fa');
  });

  it('creates a user from the users screen, who can then sign in', async () => {
    await page.getByRole('link', { name: 'کاربران' }).click();
    await page.getByRole('button', { name: 'کاربر تازه' }).click();
    const form = page.getByRole('form', { name: 'ساختن کاربر' });
    await form.getByLabel('ایمیل').fill(NEW_USER);
    await form.getByLabel('گذرواژه').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'ساختن کاربر' }).click();
    await page.getByText(`کاربر ${NEW_USER} ساخته شد.`).waitFor();
    const signedIn = await t.login(NEW_USER, NEW_PASSWORD);
    expect(signedIn).toMatch(/\S+/);
    await screenshot(page, 'admin-users-fa');
  });

  it('shows those calls in the audit log, and every admin screen in English too', async () => {
    await page.getByRole('link', { name: 'گزارش ممیزی' }).click();
    await page.getByText(NEW_USER).first().waitFor();
    await page.getByText('market-feed:crypto/restart').first().waitFor();
    await screenshot(page, 'admin-audit-fa');
    await page.getByRole('link', { name: 'مدیریت بازار' }).click();
    await page.waitForTimeout(800);
    await screenshot(page, 'admin-markets-fa');

    await page.getByRole('button', { name: 'زبان' }).click();
    for (const [link, name] of [
      ['Tasks', 'tasks'],
      ['Services', 'services'],
      ['Users', 'users'],
      ['Market admin', 'markets'],
      ['Audit log', 'audit'],
    ] as const) {
      await page.getByRole('link', { name: link, exact: true }).click();
      await page.waitForTimeout(800);
      await screenshot(page, `admin-${name}-en`);
    }
    expect(problems).toEqual({ cspViolations: [], errors: [] });
  });
});
