import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { nextCaptchaAnswer } from './account';
import type { Lang } from './app';
import { escapeRegExp, webText } from './texts';

/** The login form's labels in one language. */
export type LoginLabels = { account: string; password: string; captcha: string; privacy: RegExp; submit: string };

export const ZH_LOGIN: LoginLabels = {
  account: '账号',
  password: '密码',
  captcha: '验证码',
  privacy: /隐私政策/,
  submit: '登录',
};

/** The login form's labels in a language, from the locale files. */
export function loginLabels(lang: Lang): LoginLabels {
  const t = (key: string) => webText(lang, `auth:login.${key}`);
  const link = t('privacyLink').replace(/[《》]/g, '');
  return {
    account: t('account'),
    password: t('password'),
    captcha: t('captcha'),
    privacy: new RegExp(escapeRegExp(link)),
    submit: t('submit'),
  };
}

/** Fills the login form (screen or dialog); the image code's answer comes from its response (test-only setting). */
export async function fillLogin(page: Page, answer: string, account: string, password: string, text = ZH_LOGIN) {
  await page.getByLabel(text.account, { exact: true }).fill(account);
  await page.getByLabel(text.password, { exact: true }).fill(password);
  await page.getByLabel(text.captcha, { exact: true }).fill(answer);
  await page.getByRole('checkbox', { name: text.privacy }).check();
}

/** Opens a login screen and gives the answer of its first image code. */
export function openLoginScreen(page: Page, path = '/login'): Promise<string> {
  return nextCaptchaAnswer(page, () => page.goto(path));
}

/** Logs in on a login screen (zh-CN unless other labels are given) and waits for the page it leads to. */
export async function loginOnScreen(
  page: Page,
  path: string,
  account: string,
  password: string,
  text = ZH_LOGIN,
): Promise<void> {
  const answer = await openLoginScreen(page, path);
  await fillLogin(page, answer, account, password, text);
  await page.getByRole('button', { name: text.submit, exact: true }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

/**
 * Closes the first-time reader's tour when the login started it. The login is complete once the
 * header shows the reader's menu and the login dialog has closed, and by then the tour's step is
 * set (login-flow.ts sets it before the login ends): whether the welcome comes is read from the
 * step, not guessed from a wait.
 */
export async function passTour(page: Page): Promise<void> {
  await expect(page.locator('.of-user-button')).toBeVisible();
  await expect(page.locator('.of-login-dialog')).toHaveCount(0);
  if (!(await page.evaluate(() => sessionStorage.getItem('tourStep')))) return;
  const welcome = page.getByRole('dialog', {
    name: /欢迎使用资源发现门户|歡迎使用資源探索入口|Welcome to the discovery portal/,
  });
  await expect(welcome).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(welcome).toBeHidden();
}
