import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { apiLogin, nextCaptchaAnswer } from './support/account';
import { fillLogin, loginLabels, loginOnScreen, openLoginScreen, passTour } from './support/auth';
import { presetLang } from './support/app';
import { mailCount, waitForMailedCode } from './support/mail';
import { masked, serverText, spaced, webText } from './support/texts';

// The account flows of issue 6 that account-flows, auth-session and auth-sso run in zh-CN, here in
// Traditional Chinese and English: what a reader reads comes from the locale files and the server's
// message table (e2e/support/texts.ts). Each language has its own readers in the default institution
// (e2e/support/prepare-auth.mjs), so the flows that change a reader do not meet.

for (const lang of ['zh-TW', 'en-US'] as const) {
  const suffix = lang === 'zh-TW' ? 'tw' : 'en';
  const w = (key: string, vars?: Record<string, string | number>) => webText(lang, key, vars);
  const labels = loginLabels(lang);
  const userMenu = (name: string) => w('common:header.userMenu', { name });

  test.describe(`account flows (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await presetLang(page, lang);
    });

    test('password recovery by a code sent by e-mail, then a login with the new password', async ({ page }) => {
      const account = `recover${suffix}`;
      const address = `${account}@example.org`;
      await page.goto('/resetPassword');
      await expect(page.getByRole('heading', { level: 1, name: w('account:titles.resetPassword') })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${w('account:titles.resetPassword')} - `));

      const accountField = page.getByLabel(w('account:fields.account'));
      await accountField.fill(account);
      const answer = await nextCaptchaAnswer(page, () => accountField.press('Tab'));
      const captcha = page.getByLabel(w('account:fields.captcha'), { exact: true });
      const next = page.getByRole('button', { name: w('account:actions.next') });
      // A wrong image code is answered in the page's language and draws a new one.
      await captcha.fill('zzzz');
      const second = await nextCaptchaAnswer(page, () => next.click());
      await expect(page.getByText(serverText(lang, 'captchaWrong'))).toBeVisible();
      expect(second).not.toBe(answer);
      await captcha.fill(second);
      await next.click();

      const step = (n: number, name: string) =>
        page.getByRole('heading', { name: w('account:reset.stepHeading', { step: n, total: 4, name: w(name) }) });
      await expect(step(2, 'account:reset.steps.verify')).toBeFocused();
      await expect(
        page.getByRole('radio', { name: masked(w('account:reset.byMail', { target: 'r*@example.org' })) }),
      ).toBeChecked();
      await expect(page.getByText(w('account:code.left', { times: 5, limit: 5 }))).toBeVisible();
      const before = mailCount();
      await page.getByRole('button', { name: w('account:code.send') }).click();
      await expect(page.getByRole('status')).toHaveText(masked(w('account:code.sentTo', { target: 'r*@example.org' })));
      await expect(page.getByText(w('account:code.left', { times: 4, limit: 5 }))).toBeVisible();
      const code = await waitForMailedCode(address, before);
      const codeField = page.getByLabel(w('account:fields.code'));
      await codeField.fill(code === '000000' ? '111111' : '000000');
      await next.click();
      await expect(page.getByText(serverText(lang, 'codeWrong'))).toBeVisible();
      await codeField.fill(code);
      await next.click();

      await expect(step(3, 'account:reset.steps.password')).toBeFocused();
      const password = page.getByLabel(w('account:fields.newPassword'), { exact: true });
      await password.fill('abcdefgh');
      await password.press('Tab');
      await expect(page.getByText(w('account:validation.rule1'))).toBeVisible();
      const meter = page.getByRole('meter', { name: w('account:strength.label') });
      await expect(meter).toHaveAttribute('aria-valuetext', w('account:strength.weak'));
      await password.fill('Recover2027');
      await expect(meter).toHaveAttribute('aria-valuetext', w('account:strength.strong'));
      const confirm = page.getByLabel(w('account:fields.confirmPassword'));
      await confirm.fill('Recover2028');
      await confirm.press('Tab');
      await expect(page.getByText(w('account:validation.confirmMismatch'))).toBeVisible();
      await confirm.fill('Recover2027');
      await page.getByRole('button', { name: w('account:reset.submit') }).click();

      await expect(page.getByRole('heading', { name: w('account:modify.done') })).toBeFocused();
      await expect(page.getByText(w('account:reset.doneText'))).toBeVisible();
      expect((await apiLogin(page.request, '', account, 'Reader2026')).success).toBe(false);
      expect((await apiLogin(page.request, '', account, 'Recover2027')).success).toBe(true);
    });

    test('forced password change: "too old" is announced, /modifyPassword 3 s later, a new login works', async ({
      page,
    }) => {
      const account = `expired${suffix}`;
      const answer = await openLoginScreen(page, '/login');
      await fillLogin(page, answer, account, 'Reader2026', labels);
      await page.getByRole('button', { name: labels.submit, exact: true }).click();
      await expect(page.getByText(w('auth:expiry.tooOld'))).toBeVisible();
      await expect(page).toHaveURL(/\/modifyPassword$/, { timeout: 8_000 });
      await expect(page.getByRole('heading', { level: 1, name: w('account:titles.modifyPassword') })).toBeVisible();
      await expect(page.locator('#main').getByRole('alert')).toContainText(w('auth:expiry.tooOld'));
      await expect(page.getByLabel(w('account:fields.account'))).toHaveValue(account);
      await expect(page.getByLabel(w('account:fields.currentPassword'))).toHaveValue('Reader2026');
      const password = page.getByLabel(w('account:fields.newPassword'), { exact: true });
      await password.fill('Reader2026');
      await password.press('Tab');
      await expect(page.getByText(w('account:validation.sameAsOld'))).toBeVisible();
      await password.fill('Expired2027');
      await page.getByLabel(w('account:fields.confirmPassword')).fill('Expired2027');
      await page.getByRole('button', { name: w('account:modify.submit') }).click();
      await expect(page.getByRole('heading', { name: w('account:modify.done') })).toBeFocused();
      await expect(page.getByRole('link', { name: w('account:actions.loginAgain') })).toHaveAttribute('href', '/login');

      await loginOnScreen(page, '/login', account, 'Expired2027', labels);
      await passTour(page);
      await expect(page.getByRole('button', { name: userMenu(`Expired ${suffix}`) })).toBeVisible();
    });

    test('a first-time reader gets the three-step tour in the page language, shown once', async ({ page }) => {
      await loginOnScreen(page, '/login', `tour${suffix}`, 'Reader2026', labels);
      const welcome = page.getByRole('dialog', { name: w('auth:tour.welcomeTitle') });
      await expect(welcome).toContainText(w('auth:tour.welcomeBody'));
      await expect(welcome).toContainText(w('auth:tour.progress', { current: 1, total: 3 }));
      await welcome.getByRole('button', { name: w('auth:tour.start') }).click();

      const step2 = page.locator('.ant-tour').filter({ hasText: w('auth:tour.searchTitle') });
      await expect(step2).toContainText(w('auth:tour.progress', { current: 2, total: 3 }));
      await step2.getByRole('button', { name: w('auth:tour.next') }).click();
      const step3 = page.locator('.ant-tour').filter({ hasText: w('auth:tour.accountTitle') });
      await expect(step3).toContainText(w('auth:tour.progress', { current: 3, total: 3 }));
      await step3.getByRole('button', { name: w('auth:tour.finish') }).click();
      await expect(page.locator('.ant-tour')).toBeHidden();

      // Shown once: a later login has no tour.
      await page.getByRole('button', { name: userMenu(`Tour ${suffix}`) }).click();
      await page.getByRole('button', { name: w('common:header.logout') }).click();
      await loginOnScreen(page, '/login', `tour${suffix}`, 'Reader2026', labels);
      await expect(page.getByRole('button', { name: userMenu(`Tour ${suffix}`) })).toBeVisible();
      await expect(page.getByRole('dialog', { name: w('auth:tour.welcomeTitle') })).toHaveCount(0);
    });

    test('entry by URL hash logs in silently and leads to the destination, in the stored language', async ({
      page,
    }) => {
      const answer = await apiLogin(page.request, '', 'D0005', 'Reader2026');
      const { jwt, jwtHeader } = answer.data as { jwt: string; jwtHeader: string };
      await page.goto(`/#/Home?jwt=${jwt}&jwtHeader=${jwtHeader}&pageType=102&recordId=1`);
      await expect(page).toHaveURL(/\/searchList\/bookDetails\/1$/);
      expect(new URL(page.url()).hash).toBe('');
      await expect(page.getByRole('button', { name: userMenu('陈静') })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
    });

    test('an idle reader is logged out after primaryIdProtectTime minutes, told so in the page language', async ({
      page,
    }) => {
      await page.clock.install();
      await loginOnScreen(page, '/sso/login', 'S0003', 'Reader2026', labels);
      const menu = page.getByRole('button', { name: userMenu('吴越') });
      await expect(menu).toBeVisible();
      await passTour(page);
      await idleFor(page, 75_000);
      const expired = page.getByRole('dialog', { name: w('auth:inactivity.title') });
      await expect(expired).toContainText(w('auth:inactivity.body'));
      await expect(menu).toBeHidden();
      await expired.getByRole('button', { name: spaced(w('common:actions.ok')) }).click();
      await expect(expired).toBeHidden();
      await expect.poll(() => page.evaluate(() => sessionStorage.getItem('jwt'))).toBeNull();
    });
  });
}

/** Lets the page's installed clock run with no activity, in the inactivity timer's 10-s ticks. */
async function idleFor(page: Page, ms: number) {
  for (let left = ms; left > 0; left -= 10_000) await page.clock.runFor(Math.min(left, 10_000));
}
