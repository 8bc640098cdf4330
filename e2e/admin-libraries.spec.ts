import { expect, test } from '@playwright/test';
import { LANGS, openPage, presetLang, type Lang } from './support/app';
import { adminLogin, adminPath } from './support/admin';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { serverText, spaced, webText } from './support/texts';

// Libraries and loan rules in the staff console (issue 28), in the three languages on a phone 390 px
// wide, each in an institution of its own (e2e/support/prepare-libraries.mjs: the demo's libraries,
// one record with a copy in location 101, readers of two types): the administrator renames location
// 101 in the screen's language, moves it down and back up with the keyboard, and a reader then finds
// the new name in the record's holdings; then adds a loan policy for one of the readers' types, told
// that it applies to new loans. axe finds nothing serious, and nothing is wider than the phone.

/** What e2e/support/prepare-libraries.mjs prepares. */
const LIBS_TENANTS: Record<Lang, string> = { 'zh-CN': 'libs-zh-cn', 'zh-TW': 'libs-zh-tw', 'en-US': 'libs-en-us' };
const LIBS_ADMIN = { username: 'libs-admin', password: 'Admin-2026-Libs' };
const RECORD_TITLE = '馆藏地改名测试之书';
/** The name field of the screen's language, and the new name typed in it. */
const NAME_FIELD: Record<Lang, string> = {
  'zh-CN': 'form.nameZhCN',
  'zh-TW': 'form.nameZhTW',
  'en-US': 'form.nameEnUS',
};
const NEW_NAME: Record<Lang, string> = {
  'zh-CN': '新书借阅区（二层东）',
  'zh-TW': '新書借閱區（二樓東）',
  'en-US': 'New Books Room (2F East)',
};

const text = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `adminLibraries:${key}`, vars);

for (const lang of LANGS) {
  test(`an administrator renames a location, which readers see in the holdings, and adds a loan policy (${lang}, 390 px)`, async ({
    page,
  }) => {
    // A long flow: the console, a reader's search and record page, and back (the default 30 s is short under load).
    test.setTimeout(120_000);
    const mappingPath = LIBS_TENANTS[lang];
    await page.setViewportSize({ width: 390, height: 844 });
    await adminLogin(page, { ...LIBS_ADMIN, mappingPath, lang });
    await page.goto(adminPath(mappingPath, 'libraries'));
    await expect(page.getByRole('heading', { level: 1, name: text(lang, 'title') })).toBeVisible();
    await expect(page.getByRole('tab', { name: text(lang, 'tabs.places') })).toBeVisible();
    const tree = page.getByRole('list', { name: text(lang, 'tree.label') });
    await expect(tree.getByRole('heading', { level: 2 })).toHaveCount(2);
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoBlockingViolations(page);

    // Rename location 101 in the screen's language.
    await page.getByTestId('edit-location-101').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel(text(lang, 'form.code'))).toBeDisabled();
    await dialog.getByLabel(text(lang, NAME_FIELD[lang])).fill(NEW_NAME[lang]);
    await expectNoBlockingViolations(page);
    await dialog.getByRole('button', { name: spaced(text(lang, 'form.save')) }).click();
    await expect(page.getByText(serverText(lang, 'libraryAdminSaved', { code: '101' }))).toBeVisible();
    await expect(dialog).toBeHidden();
    const location = page.getByTestId('location-101');
    await expect(location.getByRole('heading', { level: 4 })).toHaveText(NEW_NAME[lang]);

    // With the keyboard: move it down and back up; the focus stays on the buttons pressed.
    const campus = page.getByTestId('campus-1').getByRole('list');
    const order = () => campus.getByRole('heading', { level: 4 }).allTextContents();
    const down = location.getByRole('button', { name: spaced(text(lang, 'tree.down')) });
    await down.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(serverText(lang, 'libraryAdminReordered'))).toBeVisible();
    await expect.poll(async () => (await order())[1]).toBe(NEW_NAME[lang]);
    await expect(down).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    const up = location.getByRole('button', { name: spaced(text(lang, 'tree.up')) });
    await expect(up).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await order())[0]).toBe(NEW_NAME[lang]);
    expect(await horizontalOverflow(page)).toBe(0);

    // A reader finds the record, and the new name in its holdings.
    const reader = await page.context().newPage();
    await reader.setViewportSize({ width: 390, height: 844 });
    await presetLang(reader, lang);
    await openPage(
      reader,
      `/${mappingPath}/searchList?searchField=keyWord&searchFieldContent=${encodeURIComponent(RECORD_TITLE)}`,
    );
    await reader.getByRole('link', { name: RECORD_TITLE }).first().click();
    const holdings = reader.getByRole('region', { name: webText(lang, 'record:holdings.title') });
    await expect(holdings).toContainText(NEW_NAME[lang]);
    expect(await horizontalOverflow(reader)).toBe(0);
    await reader.close();

    // A loan policy for one of the readers' types.
    await page.getByRole('tab', { name: text(lang, 'tabs.policies') }).click();
    await expect(page.getByText(text(lang, 'policies.appliesTo'))).toBeVisible();
    await expect(page.getByText(text(lang, 'policies.readerTypesKnown', { types: '研究生、本科生' }))).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoBlockingViolations(page);
    await page.getByRole('button', { name: spaced(text(lang, 'policies.add')) }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel(text(lang, 'policies.readerType')).fill('研究生');
    await form.getByLabel(text(lang, 'policies.fields.loanDays')).fill('21');
    // A renewal window longer than the loan is refused before it is sent.
    await form.getByLabel(text(lang, 'policies.fields.renewWindowDays')).fill('30');
    await form.getByRole('button', { name: spaced(text(lang, 'form.save')) }).click();
    await expect(form.getByText(text(lang, 'policies.windowTooLong'))).toBeVisible();
    await expectNoBlockingViolations(page);
    await form.getByLabel(text(lang, 'policies.fields.renewWindowDays')).fill('7');
    await form.getByRole('button', { name: spaced(text(lang, 'form.save')) }).click();
    await expect(page.getByText(serverText(lang, 'libraryAdminPolicySaved'))).toBeVisible();
    await expect(form).toBeHidden();
    const row = page.getByTestId('policy-table').getByRole('row').filter({ hasText: '研究生' });
    await expect(row).toContainText('21');
  });
}
