import { expect, test, type Page } from '@playwright/test';
import { LANGS, openPage, presetLang, type Lang } from './support/app';
import { startSession } from './support/account';
import { DEMO_ADMIN, adminLogin, adminPath } from './support/admin';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { escapeRegExp, serverText, spaced, webText } from './support/texts';

// The reader's inbox (My Library key 13) and the library's notices, in the three languages (English
// on a phone 390 px wide): the demo administrator sends a notice from the content screen's Notices tab
// to one reader type (e2e/support/prepare-inbox.mjs: one reader of that type per language); the reader
// sees the unread badge on the header's user menu, opens the message (read: the badge goes), selects
// it and deletes it. axe finds nothing serious; nothing is wider than the phone.

const PASSWORD = 'Reader2026';
const notices = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `adminNotices:${key}`, vars);
const inbox = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `inbox:${key}`, vars);

/** The unread label of the user menu, whatever the count. */
const unreadLabel = (lang: Lang) =>
  new RegExp(escapeRegExp(webText(lang, 'common:header.unread', { count: 999 })).replace('999', '\\d+'));

test.describe.configure({ timeout: 120_000 });

async function sendNotice(page: Page, lang: Lang, subject: string, body: string) {
  await adminLogin(page, { ...DEMO_ADMIN, lang });
  await page.goto(adminPath('', 'content'));
  const tab = page.getByRole('tab', { name: notices(lang, 'tab') });
  // The screen's chunk and texts load on first use: slow on a busy machine.
  await expect(tab).toBeVisible({ timeout: 30_000 });
  await tab.click();
  const form = page.locator('.of-notices-form');
  await form.getByLabel(notices(lang, 'subject'), { exact: true }).fill(subject);
  await form.getByLabel(notices(lang, 'body'), { exact: true }).fill(body);
  await form.getByLabel(notices(lang, 'readerTypes'), { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: `收件测试-${lang}` })
    .first()
    .click();
  await page.keyboard.press('Escape');
  await expect(form.getByText(notices(lang, 'reach', { count: 1 }))).toBeVisible();
  if (lang === 'en-US') expect(await horizontalOverflow(page)).toBe(0);
  await expectNoBlockingViolations(page);
  await form.getByRole('button', { name: spaced(notices(lang, 'send')) }).click();
  await page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: spaced(notices(lang, 'send')) })
    .click();
  await expect(page.getByText(serverText(lang, 'noticeSent', { n: 1 }))).toBeVisible();
  const sent = page.getByTestId('notice').filter({ hasText: subject });
  await expect(sent).toContainText(notices(lang, 'readCount', { read: 0, recipients: 1 }));
}

for (const lang of LANGS) {
  test(`staff send a notice; the reader sees the badge, opens it and deletes it (${lang}${lang === 'en-US' ? ', 390 px' : ''})`, async ({
    page,
    browser,
  }) => {
    // Two logins, two screens with axe each, on a shared machine.
    test.slow();
    if (lang === 'en-US') await page.setViewportSize({ width: 390, height: 844 });
    const subject = `闭馆通知 e2e ${lang} ${Date.now() % 100000}`;
    await sendNotice(page, lang, subject, '本周六闭馆。\nClosed on Saturday.');

    // The reader, in a browser of their own.
    const context = await browser.newContext({ locale: lang });
    const reader = await context.newPage();
    if (lang === 'en-US') await reader.setViewportSize({ width: 390, height: 844 });
    await presetLang(reader, lang);
    await startSession(reader, '', `inbox-${lang}`, PASSWORD);
    await openPage(reader, '/Home');
    const menuButton = reader.locator('.of-user-button');
    await expect(menuButton).toHaveAccessibleName(unreadLabel(lang));
    await expect(reader.locator('.of-unread-dot')).toBeVisible();
    await menuButton.click();
    const entry = reader.getByRole('link', {
      name: new RegExp(escapeRegExp(webText(lang, 'common:header.personalCenter'))),
    });
    await expect(entry.locator('.of-unread-badge')).toBeVisible();

    await openPage(reader, '/personalCenter?key=13');
    const row = reader.getByTestId('inbox-message').filter({ hasText: subject });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(row.locator('.of-inbox-unread')).toHaveText(inbox(lang, 'unread'));
    await expect(row).toContainText(inbox(lang, 'source.notice'));
    if (lang === 'en-US') expect(await horizontalOverflow(reader)).toBe(0);
    await expectNoBlockingViolations(reader);

    // Opened: the whole text, and read (the unread mark and the badge go).
    await row.getByRole('button', { name: new RegExp(escapeRegExp(subject)) }).click();
    await expect(row.locator('.of-inbox-body')).toHaveText('本周六闭馆。\nClosed on Saturday.');
    await expect(row.locator('.of-inbox-unread')).toHaveCount(0);
    await expect(reader.locator('.of-unread-dot')).toHaveCount(0);
    await expectNoBlockingViolations(reader);

    // A batch action without a row chosen says so; then chosen and deleted.
    await reader.getByRole('button', { name: spaced(inbox(lang, 'delete')), exact: true }).click();
    await expect(reader.getByText(inbox(lang, 'selectFirst'))).toBeVisible();
    await row.getByRole('checkbox', { name: inbox(lang, 'selectRow', { subject }) }).check();
    await reader.getByRole('button', { name: spaced(inbox(lang, 'delete')), exact: true }).click();
    await expect(reader.getByText(serverText(lang, 'inboxDeleted'))).toBeVisible();
    await expect(reader.getByTestId('inbox-message').filter({ hasText: subject })).toHaveCount(0);

    // The console counts it read.
    await page.reload();
    await page.getByRole('tab', { name: notices(lang, 'tab') }).click();
    await expect(page.getByTestId('notice').filter({ hasText: subject })).toContainText(
      notices(lang, 'readCount', { read: 1, recipients: 1 }),
    );
    await context.close();
  });
}
