import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { LANGS, presetLang } from './support/app';
import type { Lang } from './support/app';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { nextCaptchaAnswer } from './support/account';

type Screen =
  | 'modifyPassword'
  | 'resetPassword'
  | 'forceBinding'
  | 'privacy'
  | 'oldPrivacy'
  | 'bindAccount'
  | 'bindUid'
  | 'relevanceUid';
type Texts = {
  titles: Record<Screen, string>;
  validation: Record<string, string>;
  binding: Record<string, string>;
  privacy: { noOld: string; default: { sections: Record<string, { title: string }> } };
  bind: Record<string, string>;
  reset: { steps: Record<string, string> };
};
/** The account texts of a language, as the screens show them. */
const textsOf = (lang: Lang) => JSON.parse(readFileSync(`apps/web/src/locales/${lang}/account.json`, 'utf8')) as Texts;

/** The page's h1 is the screen's title, and the document title starts with it. */
async function expectTitle(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(new RegExp(`^${title.replace(/[()（）]/g, '.')} - `));
}

/** axe on the screen as it is, then at 390 px: nothing sticks out. */
async function checkLayout(page: Page) {
  await expectNoBlockingViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  // The shell's header settles into its narrow layout after the resize.
  await expect.poll(() => horizontalOverflow(page)).toBe(0);
  await expectNoBlockingViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

for (const lang of LANGS) {
  test.describe(`account screens in ${lang}`, () => {
    const tx = textsOf(lang);
    test.beforeEach(async ({ page }) => presetLang(page, lang));

    test('password change and recovery: titles, the spec §5 messages, axe, 390 px', async ({ page }) => {
      await page.goto('/modifyPassword');
      await expectTitle(page, tx.titles.modifyPassword);
      await page.locator('#main').getByRole('button', { name: tx.titles.modifyPassword }).click();
      for (const key of ['accountRequired', 'currentPasswordRequired', 'newPasswordRequired', 'confirmRequired']) {
        await expect(page.getByText(tx.validation[key]!, { exact: true })).toBeVisible();
      }
      // The first field with an error takes focus.
      await expect(page.getByRole('textbox').first()).toBeFocused();
      await checkLayout(page);

      await page.goto('/resetPassword');
      await expectTitle(page, tx.titles.resetPassword);
      await expect(page.getByRole('heading', { level: 2 })).toContainText(tx.reset.steps.account!);
      await checkLayout(page);
    });

    test('forced binding (logged out) and the privacy pages: titles, axe, 390 px', async ({ page }) => {
      await page.goto('/forceBinding');
      await expectTitle(page, tx.titles.forceBinding);
      await expect(page.getByRole('heading', { level: 2 })).toHaveText(tx.binding.loginFirst!);
      await checkLayout(page);

      await page.goto('/privacy');
      await expectTitle(page, tx.titles.privacy);
      for (const section of Object.values(tx.privacy.default.sections)) {
        await expect(page.getByRole('heading', { level: 2, name: section.title })).toBeVisible();
      }
      await checkLayout(page);

      await page.goto('/oldPrivacy');
      await expectTitle(page, tx.titles.oldPrivacy);
      await expect(page.getByText(tx.privacy.noOld)).toBeVisible();
      await checkLayout(page);
    });

    test('binding screens without the shell: titles, required fields, axe, 390 px', async ({ page }) => {
      await page.goto('/bindAccount?openId=ticket');
      await expectTitle(page, tx.titles.bindAccount);
      await expect(page.locator('header.of-header')).toHaveCount(0);
      await expect(page.getByRole('button', { name: /./ }).filter({ has: page.locator('img') })).toBeVisible();
      await page.getByRole('button', { name: tx.bind.submit, exact: true }).click();
      for (const key of ['accountRequired', 'passwordRequired', 'captchaRequired']) {
        await expect(page.getByText(tx.validation[key]!, { exact: true })).toBeVisible();
      }
      await checkLayout(page);

      // The hash-entry parameter of spec §4 brings the ticket to the relevance screen.
      await page.goto('/Home?relevanceUid=ticket');
      await expect(page).toHaveURL(/\/relevanceUid$/);
      await expectTitle(page, tx.titles.relevanceUid);
      await page.getByRole('button', { name: tx.bind.submit, exact: true }).click();
      for (const key of ['nameRequired', 'primaryIdRequired', 'captchaRequired']) {
        await expect(page.getByText(tx.validation[key]!, { exact: true })).toBeVisible();
      }
      await checkLayout(page);

      await page.goto('/bindUid');
      await expectTitle(page, tx.titles.bindUid);
      await expect(page.getByRole('heading', { level: 2 })).toHaveText(tx.bind.noTicket!);
      await checkLayout(page);
    });
  });
}

test('bind-uid: a ticket the server did not sign is refused, with a new image code', async ({ page }) => {
  await page.goto('/Home?uid=made-up');
  await expect(page).toHaveURL(/\/bindUid$/);
  const account = page.getByLabel('账号或读者证号');
  await account.fill('reader');
  await page.getByLabel('密码', { exact: true }).fill('Reader2026');
  const answer = await nextCaptchaAnswer(page, () => page.getByRole('button', { name: /验证码图片/ }).click());
  await page.getByLabel('验证码', { exact: true }).fill(answer);
  const next = await nextCaptchaAnswer(page, () => page.getByRole('button', { name: '绑定', exact: true }).click());
  await expect(page.getByRole('alert')).toHaveText('绑定信息已失效，请重新通过统一认证登录');
  expect(next).not.toBe(answer);
  await expect(page.getByLabel('验证码', { exact: true })).toHaveValue('');
});

test('keyboard: Enter in the last field submits the password change', async ({ page }) => {
  await page.goto('/modifyPassword');
  await page.getByLabel('账号或读者证号').focus();
  await page.keyboard.type('lost');
  await page.keyboard.press('Tab');
  await page.keyboard.type('NotThePassword1');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab'); // the show-password toggle
  await page.keyboard.type('Lost2027');
  for (let i = 0; i < 2; i++) await page.keyboard.press('Tab');
  await page.keyboard.type('Lost2027');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('账号或密码错误');
});
