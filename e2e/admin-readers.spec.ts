import { expect, test } from '@playwright/test';
import { openPage, presetLang, type Lang } from './support/app';
import { startSession } from './support/account';
import { DEMO_DESK, adminLogin, adminPath } from './support/admin';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { serverText, spaced, webText } from './support/texts';

/** The reader e2e/support/prepare-readers.mjs prepares in every demo institution, with a renewable loan. */
const FREEZE_READER = { account: 'freeze-me', password: 'Reader2026', name: '冻结测试读者' };

// The staff console's readers (issue 28), in the three languages on a phone 390 px wide: desk staff
// (libdesk) find the reader who has a renewable loan (e2e/support/prepare-readers.mjs), open their page
// and freeze them; the reader, logged in, is refused the renewal for the frozen card; staff restore
// them. axe finds nothing serious on the list or the reader's page, and nothing is wider than the phone.

/** Each language in its own institution: the status changes must not meet. */
const INSTITUTION: Record<Lang, string> = { 'zh-CN': '', 'zh-TW': 'beiling', 'en-US': 'xihu' };

for (const lang of ['zh-CN', 'zh-TW', 'en-US'] as const) {
  test(`desk staff freeze a reader who then cannot renew, and restore them (${lang}, 390 px)`, async ({
    page,
    browser,
  }) => {
    // A shared machine: the console's chunk, axe on three pages, a second browser for the reader.
    test.setTimeout(180_000);
    const mappingPath = INSTITUTION[lang];
    const text = (key: string, vars: Record<string, string | number> = {}) =>
      webText(lang, `adminReaders:${key}`, vars);
    await page.setViewportSize({ width: 390, height: 844 });
    await adminLogin(page, { mappingPath, ...DEMO_DESK, lang });

    // The search: by name, the reader listed with their status.
    await page.goto(adminPath(mappingPath, 'readers'));
    await expect(page.getByRole('heading', { level: 1, name: text('title') })).toBeVisible();
    await page.getByRole('textbox', { name: text('search.text'), exact: true }).fill(FREEZE_READER.name);
    await page.getByRole('button', { name: spaced(text('search.submit')) }).click();
    const row = page.getByRole('row').filter({ hasText: FREEZE_READER.account });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(text('status.normal'));
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoBlockingViolations(page);

    // The reader's page: their loan, then the freeze (confirmed).
    await row.getByRole('link', { name: FREEZE_READER.account }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: text('page.heading', { name: FREEZE_READER.name }) }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: text('loans.heading', { count: 1 }) })).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoBlockingViolations(page);
    await page.getByRole('button', { name: spaced(text('actions.freeze')) }).click();
    await page.getByRole('button', { name: spaced(text('actions.confirm')) }).click();
    await expect(page.getByText(serverText(lang, 'readerFrozen', { account: FREEZE_READER.account }))).toBeVisible();
    await expect(page.locator('.of-admin-reader-details')).toContainText(text('status.frozen'));

    // The reader, in a browser of their own, cannot renew: the frozen card is the reason.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const reader = await context.newPage();
    await presetLang(reader, lang);
    await startSession(reader, mappingPath, FREEZE_READER.account, FREEZE_READER.password);
    await openPage(reader, `${mappingPath ? `/${mappingPath}` : ''}/personalCenter?key=5`);
    const loans = reader.locator('.of-loans-list > li');
    await expect(loans).toHaveCount(1);
    await expect(loans.first()).toContainText(webText(lang, 'myLibrary:borrowing.refusals.cardFrozen'));
    await reader.getByRole('button', { name: webText(lang, 'myLibrary:borrowing.renewAll') }).click();
    await expect(reader.getByRole('status').filter({ hasText: serverText(lang, 'renewCardFrozen') })).toHaveCount(1);
    await context.close();

    // Restored by staff: normal again.
    await page.getByRole('button', { name: spaced(text('actions.restore')) }).click();
    await page.getByRole('button', { name: spaced(text('actions.confirm')) }).click();
    await expect(page.getByText(serverText(lang, 'readerRestored', { account: FREEZE_READER.account }))).toBeVisible();
    await expect(page.locator('.of-admin-reader-details')).toContainText(text('status.normal'));
    await expectNoBlockingViolations(page);
  });
}
