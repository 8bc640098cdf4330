import { expect, test } from '@playwright/test';
import { LANGS, openPage, presetLang, type Lang } from './support/app';
import { startSession } from './support/account';
import { passTour } from './support/auth';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { spaced, webText } from './support/texts';

// Subscriptions and alerts (issue 29, My Library key 3), in the default institution, in the three
// languages (English on a phone 390 px wide): a reader subscribes to a search from the results page
// (the button's dialog), sees it in My Library's subscriptions, the digest job runs (the e2e server's
// test hook: the reader's subscriptions made due, the job run for the institution), and the digest is
// in the reader's inbox. axe finds nothing serious on each screen, nothing is wider than the phone.

/** What e2e/support/prepare-subscriptions.mjs prepares: a reader per language in the default institution. */
const PASSWORD = 'Reader2026';
const account = (lang: Lang) => `subs-${lang}`;
const text = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `subscriptions:${key}`, vars);
/** The digest's subject (the server's words, apps/server/src/modules/subscriptions/subscription-texts.ts). */
const DIGEST: Record<Lang, string> = { 'zh-CN': '订阅提醒', 'zh-TW': '訂閱提醒', 'en-US': 'Your subscriptions' };
const PHONE: Lang = 'en-US';

test.describe.configure({ timeout: 150_000 });

for (const lang of LANGS) {
  test(`a reader subscribes to a search, sees it in My Library and gets the digest in the inbox (${lang}${lang === PHONE ? ', 390 px' : ''})`, async ({
    page,
  }) => {
    if (lang === PHONE) await page.setViewportSize({ width: 390, height: 844 });
    const name = `中国 ${lang}`;
    await presetLang(page, lang);
    await startSession(page, '', account(lang), PASSWORD);

    // The results page: the button, its dialog.
    await openPage(page, '/searchList?searchFieldContent=%E4%B8%AD%E5%9B%BD');
    await passTour(page);
    const button = page.getByRole('button', { name: text(lang, 'button') });
    await expect(button).toBeVisible({ timeout: 30_000 });
    await button.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(text(lang, 'dialog.title'))).toBeVisible({ timeout: 20_000 });
    await dialog.getByLabel(text(lang, 'fields.title'), { exact: true }).fill(name);
    await dialog.getByRole('radio', { name: text(lang, 'frequency.daily') }).check();
    // No verified e-mail: the e-mail box is off, and says why.
    await expect(dialog.getByRole('checkbox', { name: text(lang, 'channel.email') })).toBeDisabled();
    await expectNoBlockingViolations(page);
    if (lang === PHONE) expect(await horizontalOverflow(page)).toBe(0);
    await dialog.getByRole('button', { name: spaced(text(lang, 'dialog.submit')) }).click();
    await expect(dialog.getByTestId('subscribed')).toBeVisible();
    await dialog.getByRole('button', { name: spaced(text(lang, 'dialog.close')) }).click();
    await expect(dialog).toBeHidden();

    // My Library key 3.
    await openPage(page, '/personalCenter?key=3');
    await expect(page.getByRole('heading', { level: 2, name: webText(lang, 'myLibrary:entries.3') })).toBeVisible();
    const panel = page.getByTestId('my-subscriptions');
    await expect(panel).toBeVisible({ timeout: 20_000 });
    const item = panel.getByRole('listitem').filter({ hasText: name });
    await expect(item).toContainText(text(lang, 'frequency.daily'));
    await expect(item).toContainText(text(lang, 'panel.neverSent'));
    await expect(item.getByRole('link', { name: text(lang, 'panel.feed') })).toHaveAttribute(
      'href',
      /\/find\/subscribe\/feed\/\d+\?sig=/,
    );
    await expectNoBlockingViolations(page);
    if (lang === PHONE) expect(await horizontalOverflow(page)).toBe(0);

    // The job runs (the test hook): the digest reaches the inbox.
    const run = await page.request.post('/test/subscriptions/run', {
      data: { mappingPath: '', account: account(lang), days: 3650 },
    });
    expect(run.ok()).toBe(true);
    await openPage(page, '/personalCenter?key=13');
    const message = page.getByTestId('inbox-message').filter({ hasText: DIGEST[lang] });
    await expect(message).toBeVisible({ timeout: 30_000 });
    await message.getByRole('button').first().click();
    await expect(message).toContainText(name);
    await expect(message).toContainText('/searchList/bookDetails/');
    if (lang === PHONE) expect(await horizontalOverflow(page)).toBe(0);

    // My Library shows the last alert.
    await openPage(page, '/personalCenter?key=3');
    await expect(panel.getByRole('listitem').filter({ hasText: name })).not.toContainText(
      text(lang, 'panel.neverSent'),
      { timeout: 20_000 },
    );
  });
}
