import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { totpCodeAt } from '../apps/server/src/modules/staff/second-factor';
import { adminLogin, adminPath, DEMO_ADMIN, DEMO_DESK } from './support/admin';
import { LANGS, openHome, presetLang, type Lang } from './support/app';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { serverText, spaced, webText } from './support/texts';

/**
 * The staff console's frame (issue 28): its own login at /admin/login, the menu of the screens a role
 * may see, an administrator's staff accounts, and the second factor an administrator requires —
 * set up on the first login, then asked for at every login. Readers' pages never load its code.
 */

const w = (lang: Lang, key: string, vars: Record<string, string | number> = {}) => webText(lang, `admin:${key}`, vars);
const button = (page: Page, lang: Lang, key: string) => page.getByRole('button', { name: spaced(w(lang, key)) });

test("a reader's page never loads the console's code", async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  await openHome(page);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((u) => /Admin|admin/.test(u))).toEqual([]);
});

for (const lang of LANGS) {
  test(`the login and the menu by role, in ${lang}`, async ({ page }) => {
    await presetLang(page, lang);
    await page.goto(adminPath('', 'accounts'));
    // Not signed in: the console's login, not the readers'.
    await expect(page.getByRole('heading', { level: 1, name: w(lang, 'login.title') })).toBeVisible();
    await page.getByLabel(w(lang, 'login.username')).fill(DEMO_DESK.username);
    await page.getByLabel(w(lang, 'login.password')).fill('Wrong-Pass-2026');
    await button(page, lang, 'login.submit').click();
    await expect(page.getByRole('alert')).toContainText(serverText(lang, 'badCredentials'));
    await expectNoBlockingViolations(page);

    await page.getByLabel(w(lang, 'login.password')).fill(DEMO_DESK.password);
    await button(page, lang, 'login.submit').click();
    const nav = page.getByRole('navigation', { name: w(lang, 'shell.navigation') });
    await expect(nav.getByRole('link', { name: w(lang, 'nav.requests') })).toBeVisible();
    // Desk staff: no administrators' screens in the menu, and their address leads home.
    await expect(nav.getByRole('link', { name: w(lang, 'nav.accounts') })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: w(lang, 'nav.audit') })).toHaveCount(0);
    await page.goto(adminPath('', 'accounts'));
    await expect(page).toHaveURL(/\/admin$/);
    await button(page, lang, 'shell.logout').click();
    await expect(page.getByRole('heading', { level: 1, name: w(lang, 'login.title') })).toBeVisible();
  });
}

test('an administrator adds an account that must use a second factor; it sets one up, then logs in with it', async ({
  page,
}) => {
  const lang: Lang = 'zh-CN';
  const username = `desk${Date.now().toString(36)}`;
  const password = 'Desk-2026-First';
  await adminLogin(page, { ...DEMO_ADMIN, lang });
  await page
    .getByRole('navigation', { name: w(lang, 'shell.navigation') })
    .getByRole('link', { name: w(lang, 'nav.accounts') })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: w(lang, 'nav.accounts') })).toBeVisible();
  await expectNoBlockingViolations(page);
  await button(page, lang, 'accounts.add').click();
  const dialog = page.getByRole('dialog', { name: w(lang, 'accounts.addTitle') });
  await dialog.getByLabel(w(lang, 'login.username')).fill(username);
  await dialog.getByLabel(w(lang, 'accounts.name')).fill('新来的馆员');
  await dialog.getByLabel(w(lang, 'accounts.firstPassword')).fill(password);
  await dialog.getByRole('switch', { name: w(lang, 'accounts.requireSecondFactor') }).click();
  await dialog.getByRole('button', { name: spaced(w(lang, 'accounts.save')) }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText(w(lang, 'accounts.secondFactorPending'));
  await button(page, lang, 'shell.logout').click();

  // The new account's first login: only its own account's screen until the second factor is set up.
  await adminLogin(page, { username, password });
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await expect(page.getByText(w(lang, 'profile.requiredFirst'))).toBeVisible();
  await page.goto(adminPath('', 'requests'));
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await button(page, lang, 'profile.setUp').click();
  await expect(page.getByRole('img', { name: w(lang, 'profile.qrAlt') })).toBeVisible();
  const secret = ((await page.locator('.of-admin-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel(w(lang, 'profile.codeLabel')).fill(totpCodeAt(secret));
  await button(page, lang, 'profile.confirm').click();
  const codes = page.getByRole('list', { name: w(lang, 'profile.codesLabel') }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent())!.trim();
  await expectNoBlockingViolations(page);
  // Set up: the rest of the console opens.
  await page.goto(adminPath('', 'requests'));
  await expect(page).toHaveURL(/\/admin\/requests$/);
  await button(page, lang, 'shell.logout').click();

  // The next login asks for the code after the password; a recovery code works too, once.
  await page.getByLabel(w(lang, 'login.username')).fill(username);
  await page.getByLabel(w(lang, 'login.password')).fill(password);
  await button(page, lang, 'login.submit').click();
  const code = page.getByLabel(w(lang, 'login.code'));
  await expect(code).toBeVisible();
  await code.fill(recovery);
  await button(page, lang, 'login.submit').click();
  await expect(button(page, lang, 'shell.logout')).toBeVisible();
});

test('the console on a phone: the menu in a drawer, nothing wider than the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const lang: Lang = 'en-US';
  await adminLogin(page, { ...DEMO_ADMIN, lang });
  expect(await horizontalOverflow(page)).toBe(0);
  await button(page, lang, 'shell.menu').click();
  const drawer = page.getByRole('dialog', { name: w(lang, 'shell.console') });
  await drawer.getByRole('link', { name: w(lang, 'nav.profile') }).click();
  await expect(page.getByRole('heading', { level: 1, name: w(lang, 'nav.profile') })).toBeVisible();
  await expect(drawer).toBeHidden();
  expect(await horizontalOverflow(page)).toBe(0);
  await expectNoBlockingViolations(page);
});
