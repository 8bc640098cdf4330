import { expect, test } from '@playwright/test';
import { openPage, presetLang, type Lang } from './support/app';
import { startSession } from './support/account';
import { expectNoBlockingViolations, horizontalOverflow, settleAnimations } from './support/checks';
import { escapeRegExp, serverText, webText } from './support/texts';

/** The demo reader of every demo institution (README): seven loans, one of each state. */
const READER = { account: 'reader', password: 'Reader2026' };

/** Each language in its own institution: renewals change the loans, and the runs must not meet. */
const INSTITUTION: Record<Lang, string> = { 'zh-CN': '', 'zh-TW': 'beiling', 'en-US': 'xihu' };

/** YYYY-MM-DD, `days` from today. */
const day = (days: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate() + days)).toISOString().slice(0, 10);
};

for (const lang of ['zh-CN', 'zh-TW', 'en-US'] as const) {
  test(`My Library, loans: renew one, then all, and read why the others are not renewed (${lang})`, async ({
    page,
  }) => {
    const base = INSTITUTION[lang] ? `/${INSTITUTION[lang]}` : '';
    const text = (key: string, vars: Record<string, string | number> = {}) => webText(lang, `myLibrary:${key}`, vars);
    await presetLang(page, lang);
    await startSession(page, INSTITUTION[lang], READER.account, READER.password);
    await openPage(page, `${base}/personalCenter`);

    // My library opens first: the loans at a glance and the card as a barcode.
    await expect(page.getByRole('heading', { level: 2, name: text('entries.0') })).toBeVisible();
    const tiles = page.locator('.of-summary-tiles > li');
    await expect(tiles.first()).toContainText('7');
    await expect(
      page.locator('.of-summary-tile.is-alert').filter({ hasText: text('summary.overdue_one') }),
    ).toContainText('1');
    await expect(
      page.locator('.of-summary-tile.is-alert').filter({ hasText: text('summary.fines_one') }),
    ).toContainText('¥1.20');
    await expect(page.getByRole('img', { name: `${text('summary.cardNumber')}: D0001` })).toBeVisible();
    await expect(page.locator('svg.of-card-barcode rect').first()).toBeAttached();
    await expectNoBlockingViolations(page);

    // Loans: the reader's seven loans.
    await tiles.first().getByRole('link').click();
    await expect(page.getByRole('heading', { level: 2, name: text('entries.5') })).toBeVisible();
    const menu = page.getByRole('navigation', { name: text('menuLabel') });
    await expect(menu.getByRole('link', { name: text('entries.5') })).toHaveAttribute('aria-current', 'page');
    const loans = page.locator('.of-loans-list > li');
    await expect(loans).toHaveCount(7);
    await expect(page.getByText(text('borrowing.currentCount_other', { count: 7 }))).toBeVisible();
    await expect(page.locator('.of-loan-badge.is-overdue')).toHaveCount(1);
    await expectNoBlockingViolations(page);

    // One renewable loan, renewed by its own button: 30 days from today.
    const renewable = loans.filter({ has: page.locator('.of-loan-state .is-ok') }).first();
    const title = (await renewable.locator('.of-loan-title').innerText()).trim();
    await renewable.getByRole('button', { name: new RegExp(`^${escapeRegExp(text('borrowing.renew'))}`) }).click();
    const renewed = loans.filter({ hasText: title });
    await expect(renewed.getByRole('status')).toHaveText(text('borrowing.renewedUntil', { date: day(30) }));
    await expect(page.getByText(serverText(lang, 'renewDone', { success: 1, fail: 0 }))).toBeVisible();

    // Renew all: the other renewable loan is renewed, each other one says why not.
    await page.getByRole('button', { name: text('borrowing.renewAll') }).click();
    await expect(page.getByText(serverText(lang, 'renewDone', { success: 1, fail: 6 }))).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: serverText(lang, 'renewOverdue') })).toHaveCount(1);
    await expect(page.getByRole('status').filter({ hasText: serverText(lang, 'renewOnHold') })).toHaveCount(1);
    await expect(page.getByRole('status').filter({ hasText: serverText(lang, 'renewTooManyRenewals') })).toHaveCount(1);
    await expect(page.getByRole('status').filter({ hasText: serverText(lang, 'renewNotRenewable') })).toHaveCount(1);

    // The history lists returned loans.
    await page.getByRole('tab', { name: text('borrowing.history') }).click();
    await expect(page.locator('.of-loans-list > li').first()).toBeVisible();
    await expectNoBlockingViolations(page);
  });
}

for (const lang of ['zh-CN', 'zh-TW', 'en-US'] as const) {
  test(`My Library, requests: a pickup code, cancel one, reserve again from the record page (${lang})`, async ({
    page,
  }) => {
    const base = INSTITUTION[lang] ? `/${INSTITUTION[lang]}` : '';
    const text = (key: string, vars: Record<string, string | number> = {}) => webText(lang, `myLibrary:${key}`, vars);
    await presetLang(page, lang);
    await startSession(page, INSTITUTION[lang], READER.account, READER.password);
    await openPage(page, `${base}/personalCenter?key=4`);
    await expect(page.getByRole('heading', { level: 2, name: text('entries.4') })).toBeVisible();
    // The demo's two requests (in zh-CN the handover test may add one that was handed to this reader).
    const items = page.locator('.of-loans-list > li');
    await expect(items.nth(1)).toBeVisible();
    const ready = items.filter({ hasText: text('requests.status.ready') }).first();
    await expect(ready.locator('.of-request-code strong')).toHaveText(/^\d{6}$/);
    const waiting = items.filter({ hasText: text('requests.status.waiting') });
    await expect(waiting).toContainText(text('requests.queue', { position: 1 }));
    await expectNoBlockingViolations(page);

    // Cancel the waiting one (asked to confirm), then reserve the same title again from its page.
    const title = (await waiting.locator('.of-loan-title').innerText()).trim();
    await waiting.getByRole('button', { name: new RegExp(`^${escapeRegExp(text('requests.cancel'))}`) }).click();
    await waiting.getByRole('button', { name: text('requests.confirmCancel') }).click();
    await expect(page.getByText(serverText(lang, 'requestCancelled'))).toBeVisible();
    const cancelled = items.filter({ hasText: title });
    await expect(cancelled).toContainText(text('requests.status.cancelled'));
    await cancelled.getByRole('link', { name: title }).click();
    await page.getByRole('button', { name: webText(lang, 'record:actions.reserve'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: webText(lang, 'record:request.title.reserve') });
    await expect(dialog.getByRole('combobox', { name: webText(lang, 'record:request.pickup') })).toBeVisible();
    // How long a held copy is kept: the library's longest unless the reader chooses fewer days.
    await expect(dialog.getByRole('combobox', { name: webText(lang, 'record:request.retention') })).toBeVisible();
    await expect(
      dialog.getByText(webText(lang, 'record:request.retentionLibrary'), { exact: true }).first(),
    ).toBeVisible();
    // The dialog has finished opening (its zoom moves the button under the pointer while it runs).
    await settleAnimations(page);
    await dialog.getByRole('button', { name: webText(lang, 'record:request.confirm.reserve') }).click();
    await expect(page.getByText(serverText(lang, 'requestPlaced', { position: 1 }))).toBeVisible();
  });
}

test('on a 390 px phone the menu scrolls above the loans and nothing overflows (zh-CN)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await presetLang(page, 'zh-CN');
  await startSession(page, '', READER.account, READER.password);
  await openPage(page, '/personalExternal/5');
  await expect(page.locator('.of-loans-list > li')).toHaveCount(7);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'docs/screenshots/my-library-loans-zh-CN-mobile.png', fullPage: true });
  await expectNoBlockingViolations(page);
});

test('a visitor is sent to the login screen', async ({ page }) => {
  // The login screen is bare: no header to wait for.
  await page.goto('/personalCenter?key=5');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test("the loan rules of the reader's type, folded under the loans (zh-TW, 390 px)", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await presetLang(page, 'zh-TW');
  await startSession(page, INSTITUTION['zh-TW'], READER.account, READER.password);
  await openPage(page, `/${INSTITUTION['zh-TW']}/personalCenter?key=5`);
  const rules = page.locator('details.of-loan-rules');
  await rules.getByText(webText('zh-TW', 'myLibrary:loanRules.title')).click();
  const loanDays = rules
    .locator('.of-loan-rules-row')
    .filter({ hasText: webText('zh-TW', 'myLibrary:loanRules.labels.loanDays') });
  await expect(loanDays.locator('dd')).toHaveText(/^\d+ 天$/);
  expect(await horizontalOverflow(page)).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoBlockingViolations(page);
});
