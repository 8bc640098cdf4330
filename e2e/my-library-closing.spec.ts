import { readFile } from 'node:fs/promises';
import { expect, test, type Browser } from '@playwright/test';
import { LANGS, openPage, presetLang, type Lang } from './support/app';
import { apiLogin, startSession } from './support/account';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { serverText, spaced, webText } from './support/texts';

// Self-service account closing (issue 29, My Library key 14), in the default institution, in the three
// languages (English on a phone 390 px wide): a reader with a book on loan is refused with the reason;
// a reader without downloads their data (a JSON file named with the date, their own), types a wrong
// password and is refused, closes the account with the right one, lands on the home page with the
// server's message, and cannot log in again. axe finds nothing serious, nothing is wider than the phone.

/** What e2e/support/prepare-closing.mjs prepares. */
const PASSWORD = 'Reader2026';
const BORROWER = 'closing-borrower';

const text = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `accountClosing:${key}`, vars);

/** The phone-sized language. */
const PHONE: Lang = 'en-US';

test.describe.configure({ timeout: 120_000 });

/** The reader of this language not closed yet (a retry finds the first one closed and takes the second). */
async function closingAccount(browser: Browser, lang: Lang): Promise<string> {
  const context = await browser.newContext();
  try {
    for (const account of [`closing-${lang}`, `closing-${lang}-2`])
      if ((await apiLogin(context.request, '', account, PASSWORD)).success) return account;
  } finally {
    await context.close();
  }
  throw new Error(`no open closing-${lang} reader left`);
}

/** The reader with a loan opens the entry and reads why the account stays open (a context of its own). */
async function borrowerIsRefused(browser: Browser, lang: Lang) {
  const context = await browser.newContext({ viewport: lang === PHONE ? { width: 390, height: 844 } : undefined });
  const page = await context.newPage();
  try {
    await presetLang(page, lang);
    await startSession(page, '', BORROWER, PASSWORD);
    await openPage(page, '/personalCenter?key=14');
    await expect(page.getByRole('heading', { level: 2, name: webText(lang, 'myLibrary:entries.14') })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: text(lang, 'check.blockedTitle') })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByTestId('closing-reasons')).toContainText(
      serverText(lang, 'closingReasonLoans', { count: 1 }),
    );
    // No form to close with while something keeps the account open.
    await expect(page.getByLabel(text(lang, 'form.password'))).toHaveCount(0);
    await expectNoBlockingViolations(page);
    if (lang === PHONE) expect(await horizontalOverflow(page)).toBe(0);
  } finally {
    await context.close();
  }
}

for (const lang of LANGS) {
  test(`a reader with a loan is refused; one without downloads the data and closes the account (${lang}${lang === PHONE ? ', 390 px' : ''})`, async ({
    page,
    browser,
  }) => {
    await borrowerIsRefused(browser, lang);

    if (lang === PHONE) await page.setViewportSize({ width: 390, height: 844 });
    const account = await closingAccount(browser, lang);
    await presetLang(page, lang);
    await startSession(page, '', account, PASSWORD);

    // Personal information offers the download at any time.
    if (lang === 'zh-CN') {
      await openPage(page, '/personalCenter?key=1');
      await expect(page.getByRole('button', { name: spaced(text(lang, 'download.button')) })).toBeVisible({
        timeout: 20_000,
      });
    }

    await openPage(page, '/personalCenter?key=14');
    const panel = page.getByTestId('account-closing');
    await expect(panel.getByRole('heading', { level: 3, name: text(lang, 'steps.close') })).toBeVisible({
      timeout: 20_000,
    });
    await expect(panel).toContainText(text(lang, 'warning.lead', { account }));
    await expectNoBlockingViolations(page);
    if (lang === PHONE) expect(await horizontalOverflow(page)).toBe(0);

    // Step 1: the data, as a file named with the date, the reader's own.
    const downloading = page.waitForEvent('download');
    await panel.getByRole('button', { name: spaced(text(lang, 'download.button')) }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^openfind-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile(await download.path(), 'utf8')) as { profile: { account: string } };
    expect(data.profile.account).toBe(account);
    await expect(panel.getByRole('status')).toHaveText(text(lang, 'download.done'));

    // Step 2: nothing typed, then a wrong password: refused, the account stays.
    const submit = panel.getByRole('button', { name: spaced(text(lang, 'form.submit')) });
    await submit.click();
    await expect(panel.getByRole('alert')).toHaveText(text(lang, 'form.passwordRequired'));
    await panel.getByLabel(text(lang, 'form.password')).fill('not-my-password');
    await panel.getByRole('checkbox').check();
    await submit.click();
    await expect(panel.getByRole('alert')).toHaveText(serverText(lang, 'closingPasswordWrong'));

    // The right password: closed, logged out, home with the server's message.
    await panel.getByLabel(text(lang, 'form.password')).fill(PASSWORD);
    await submit.click();
    await expect(page).toHaveURL(/\/Home$/);
    await expect(page.getByText(serverText(lang, 'accountClosed'))).toBeVisible();

    // The account cannot log in again.
    const again = await apiLogin(page.request, '', account, PASSWORD);
    expect(again.success).toBe(false);
  });
}
