import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../server/support/testServer';
import { launchBrowser, watchProblems, type PageProblems } from './browser';

/** The built app the test server serves (`npm test` builds it first). */
export const DIST = join(import.meta.dirname, '..', '..', '..', 'dist');

/** Stops a suite early, saying why, when the app was not built. */
export function requireBuiltApp(): string {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error('dist/ is not built: run `npm run build` first');
  return DIST;
}

/** Chromium with one page of the given size, watched for CSP blocks and script errors. */
export async function openBrowserPage(viewport: { width: number; height: number }): Promise<{ browser: Browser; page: Page; problems: PageProblems }> {
  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport });
  return { browser, page, problems: await watchProblems(page) };
}

/** Fills the Persian sign-in form (the page must show it) and submits it. */
export async function signIn(page: Page, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<void> {
  await page.getByLabel('ایمیل').fill(email);
  await page.getByLabel('گذرواژه').fill(password);
  await page.getByRole('button', { name: 'ورود' }).click();
}
