import { expect, test } from '@playwright/test';
import { LANGS, openPage, presetLang, type Lang } from './support/app';
import { startSession } from './support/account';
import { DEMO_DESK, adminLogin, adminPath } from './support/admin';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { escapeRegExp, serverText, spaced, webText } from './support/texts';

// The staff console's request manager (issue 28), in the three languages on a phone 390 px wide: a
// reader's request holds a copy still in the stacks (e2e/support/prepare-requests.mjs); the desk
// account finds it in the list, marks the copy fetched, then puts it on the hold shelf; the reader
// then sees it ready for pickup in My Library's requests, with the pickup code and the last day the
// console shows. The pick list prints alone. axe finds nothing serious, nothing is wider than the phone.

/** What e2e/support/prepare-requests.mjs prepares in the default institution. */
const HOLD_READERS: Record<Lang, string> = { 'zh-CN': 'hold-zh-cn', 'zh-TW': 'hold-zh-tw', 'en-US': 'hold-en-us' };
const HOLD_PASSWORD = 'Reader2026';

const text = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `adminRequests:${key}`, vars);

for (const lang of LANGS) {
  test(`the desk fetches a held copy and puts it on the hold shelf; the reader sees it ready (${lang}, 390 px)`, async ({
    page,
  }) => {
    // Two sessions, three screens and axe four times, on a shared two-core machine.
    test.setTimeout(180_000);
    const account = HOLD_READERS[lang];
    await page.setViewportSize({ width: 390, height: 844 });
    await adminLogin(page, { ...DEMO_DESK, lang });

    // The list, found by the reader's account: held, still to fetch.
    await page.goto(adminPath('', 'requests'));
    await expect(page.getByRole('heading', { level: 1, name: text(lang, 'title') })).toBeVisible();
    await expect(page.getByRole('link', { name: text(lang, 'tabs.pickList') })).toBeVisible();
    await page.getByLabel(text(lang, 'filter.search')).fill(account);
    await page.getByLabel(text(lang, 'filter.search')).press('Enter');
    const row = page.getByRole('row').filter({ hasText: account });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(text(lang, 'status.ready'));
    await expect(row).toContainText(text(lang, 'stage.pick'));
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoBlockingViolations(page);

    // The pick list names it, by location and call number, with one click to print.
    const title = (await row.getByRole('link').textContent())!.trim();
    await page.getByRole('link', { name: text(lang, 'tabs.pickList') }).click();
    await expect(page.getByRole('heading', { level: 2, name: text(lang, 'tabs.pickList') })).toBeVisible();
    await expect(page.getByRole('button', { name: spaced(text(lang, 'action.print')) })).toBeEnabled();
    await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(1);
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoBlockingViolations(page);

    // Its page: fetched, then on the hold shelf (the server's messages in the language).
    await page.getByRole('row').filter({ hasText: title }).getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(escapeRegExp(title)) })).toBeVisible();
    await page.getByRole('button', { name: spaced(text(lang, 'action.retrieve')) }).click();
    await expect(page.getByText(serverText(lang, 'requestAdminRetrieved', { title }))).toBeVisible();
    await expect(page.getByText(text(lang, 'stage.retrieved'), { exact: true })).toBeVisible();
    await page.getByRole('button', { name: spaced(text(lang, 'action.shelve')) }).click();
    await expect(page.getByText(text(lang, 'stage.shelved'), { exact: true })).toBeVisible();
    const code = (await page.getByTestId('pickup-code').textContent())!;
    const until = (await page.getByTestId('ready-until').textContent())!;
    expect(code).toMatch(/^\d{6}$/);
    await expect(page.getByText(serverText(lang, 'requestAdminShelved', { title, date: until }))).toBeVisible();
    await expect(page.getByRole('button', { name: spaced(text(lang, 'action.retrieve')) })).toHaveCount(0);
    await expect(page.getByRole('button', { name: spaced(text(lang, 'action.pickedUp')) })).toBeVisible();
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: text(lang, 'history.request_shelve') })
        .last(),
    ).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoBlockingViolations(page);

    // The reader: ready for pickup, with the code and the last day.
    const reader = await page.context().newPage();
    await reader.setViewportSize({ width: 390, height: 844 });
    await presetLang(reader, lang);
    await startSession(reader, '', account, HOLD_PASSWORD);
    await openPage(reader, '/personalCenter?key=4');
    const mine = reader.locator('.of-loans-list > li').filter({ hasText: title });
    await expect(mine).toContainText(webText(lang, 'myLibrary:requests.status.ready'));
    await expect(mine).toContainText(code);
    await expect(mine).toContainText(webText(lang, 'myLibrary:requests.readyUntil', { date: until }));
  });
}
