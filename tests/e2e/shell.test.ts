import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../server/support/testServer';
import { requireBuiltApp, openBrowserPage, DIST } from './support/session';
import { screenshot, type PageProblems } from './support/browser';


const htmlAttributes = (page: Page) =>
  page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }));

describe('the signed-in journey in Chromium', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  let problems: PageProblems;

  beforeAll(async () => {
    requireBuiltApp();
    t = await startTestServer({ STATIC_DIR: DIST });
    ({ browser, page, problems } = await openBrowserPage({ width: 1280, height: 800 }));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('sends a signed-out visit to /login, in Persian and right to left', async () => {
    await page.goto(`${t.url}/profile`);
    await page.waitForURL(/\/login\?next=%2Fprofile$/);
    await page.getByRole('heading', { name: 'ورود' }).waitFor();
    expect(await htmlAttributes(page)).toEqual({ dir: 'rtl', lang: 'fa' });
    await screenshot(page, 'login-fa');
  });

  it('shows a wrong password as a Persian error and stays signed out', async () => {
    await page.getByLabel('ایمیل').fill(ADMIN_EMAIL);
    await page.getByLabel('گذرواژه').fill('not-the-password');
    await page.getByRole('button', { name: 'ورود' }).click();
    await page.getByRole('alert').filter({ hasText: 'ایمیل یا گذرواژه نادرست است.' }).waitFor();
    expect(page.url()).toContain('/login');
  });

  it('signs in as admin and comes back to the page it was sent from', async () => {
    await page.getByLabel('گذرواژه').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'ورود' }).click();
    await page.waitForURL(/\/profile$/);
    await page.getByRole('heading', { name: 'نمایه' }).first().waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(stored).toMatchObject({ email: ADMIN_EMAIL, is_superuser: true });
    expect(typeof stored.access_token).toBe('string');
  });

  it('renders the shell right to left: the menu on the right, the dashboard in Persian', async () => {
    await page.getByRole('link', { name: 'پیشخوان' }).click();
    await page.getByTestId('quote').waitFor();
    const sidebar = await page.getByTestId('sidebar').boundingBox();
    const main = await page.locator('main').boundingBox();
    expect(sidebar!.x).toBeGreaterThan(main!.x);
    expect(await htmlAttributes(page)).toEqual({ dir: 'rtl', lang: 'fa' });
    await screenshot(page, 'dashboard-fa-rtl');
  });

  it('switches to English and mirrors to left to right', async () => {
    await page.getByRole('button', { name: 'زبان' }).click();
    await page.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await htmlAttributes(page)).toEqual({ dir: 'ltr', lang: 'en' });
    const sidebar = await page.getByTestId('sidebar').boundingBox();
    const main = await page.locator('main').boundingBox();
    expect(sidebar!.x).toBeLessThan(main!.x);
    await screenshot(page, 'dashboard-en-ltr');
  });

  it('remembers the language and the folded menu across a reload', async () => {
    await page.getByRole('button', { name: 'Fold or unfold the menu' }).click();
    await expect.poll(() => page.getByTestId('sidebar').getAttribute('data-folded')).toBe('true');
    await page.reload();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    expect(await htmlAttributes(page)).toEqual({ dir: 'ltr', lang: 'en' });
    expect(await page.getByTestId('sidebar').getAttribute('data-folded')).toBe('true');
    const appState = await page.evaluate(() => JSON.parse(localStorage.getItem('appState') ?? 'null'));
    expect(appState).toMatchObject({ language: 'en-US', sidebarUnfoldable: true });
    await screenshot(page, 'dashboard-en-folded');
  });

  it('draws the running machines in the statechart visualizer, with live events', async () => {
    await page.getByRole('link', { name: 'Statecharts' }).click();
    const actors = page.getByRole('list', { name: 'Running actors' });
    await actors.waitFor();
    for (const id of ['auth', 'shell', 'notifications', 'queries', 'ui', 'socket:app']) {
      await actors.getByText(id, { exact: true }).waitFor();
    }
    await actors.getByText('shell', { exact: true }).click();
    await page.locator('svg').filter({ has: page.locator('[data-active]') }).first().waitFor();
    await page.getByRole('switch', { name: 'Theme' }).click();
    await page.getByRole('list', { name: 'Recent events' }).getByText('shell.setTheme').first().waitFor();
    await screenshot(page, 'statecharts-shell');
    await page.getByRole('switch', { name: 'Theme' }).click();
  });

  it('signs out from the user menu and forgets the session', async () => {
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await page.goto(`${t.url}/`);
    await page.waitForURL(/\/login/);
    expect(problems.cspViolations).toEqual([]);
  });
});
