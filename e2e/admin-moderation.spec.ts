import { expect, test } from '@playwright/test';
import { LANGS, openPage, presetLang, type Lang } from './support/app';
import { startSession } from './support/account';
import { DEMO_DESK, adminLogin, adminPath } from './support/admin';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { serverText, spaced, webText } from './support/texts';

// Comment moderation in the staff console (issue 28), in the three languages on a phone 390 px wide:
// readers' comments wait (e2e/support/prepare-moderation.mjs), the one containing the institution's
// sensitive word listed first with the word marked, written in Traditional characters as it is. The
// desk account approves a plain comment, which then shows on the record's page, and rejects the
// flagged one with a reason (the dialog insists on one), which the reader then reads in My Library's
// "my comments". axe finds nothing serious, and nothing is wider than the phone.

/** What e2e/support/prepare-moderation.mjs prepares in the default institution. */
const COMMENT_READERS: Record<Lang, string> = {
  'zh-CN': 'comment-zh-cn',
  'zh-TW': 'comment-zh-tw',
  'en-US': 'comment-en-us',
};
const COMMENT_PASSWORD = 'Reader2026';
const plainComment = (lang: Lang) => `值得一读的好书（${lang}）`;
const flaggedComment = (lang: Lang) => `这条评论含有违規内容（${lang}）`;

const text = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `adminModeration:${key}`, vars);

for (const lang of LANGS) {
  test(`the desk approves a comment, which then shows on the record page, and rejects a flagged one with a reason the reader sees (${lang}, 390 px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await adminLogin(page, { ...DEMO_DESK, lang });
    await page.goto(adminPath('', 'moderation'));
    await expect(page.getByRole('heading', { level: 1, name: text(lang, 'title') })).toBeVisible();
    await expect(page.getByRole('tab', { name: text(lang, 'tabs.queue') })).toBeVisible();
    await expect(page.getByRole('tab', { name: text(lang, 'tabs.words') })).toBeVisible();
    await expect(page.getByRole('search', { name: text(lang, 'filter.label') })).toBeVisible();

    // Flagged comments come first, the sensitive word marked as written (違規 matches 违规).
    const items = page.getByTestId('moderation-item');
    await expect(items.first()).toContainText(text(lang, 'queue.flagged'));
    const flagged = items.filter({ hasText: flaggedComment(lang) });
    await expect(flagged.locator('mark')).toHaveText(['违規']);
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoBlockingViolations(page);

    // Approve the plain comment: the server's message, and it leaves the queue.
    const plain = items.filter({ hasText: plainComment(lang) });
    const recordHref = (await plain.getByRole('link').getAttribute('href'))!;
    await plain.getByRole('button', { name: spaced(text(lang, 'queue.approve')) }).click();
    await expect(page.getByText(serverText(lang, 'moderationApproved', { count: 1 }))).toBeVisible();
    await expect(plain).toHaveCount(0);

    // Reject the flagged one: a reason is needed, and the reader will see it.
    const reason = `${text(lang, 'reject.reason')}: e2e ${lang}`;
    await flagged.getByRole('button', { name: spaced(text(lang, 'queue.reject')) }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(text(lang, 'reject.help'));
    await dialog.getByRole('button', { name: spaced(text(lang, 'reject.ok')) }).click();
    await expect(dialog.getByText(text(lang, 'reject.required'))).toBeVisible();
    await expectNoBlockingViolations(page);
    await dialog.getByLabel(text(lang, 'reject.reason')).fill(reason);
    await dialog.getByRole('button', { name: spaced(text(lang, 'reject.ok')) }).click();
    await expect(page.getByText(serverText(lang, 'moderationRejected', { count: 1 }))).toBeVisible();
    await expect(flagged).toHaveCount(0);

    // The approved comment on the record's page, as a visitor sees it.
    const visitor = await page.context().newPage();
    await visitor.setViewportSize({ width: 390, height: 844 });
    await presetLang(visitor, lang);
    await openPage(visitor, recordHref);
    // The comments load once their place nears the screen.
    await visitor.locator('.of-reserve-comments').first().scrollIntoViewIfNeeded();
    await expect(visitor.locator('.of-comment-list')).toContainText(plainComment(lang));
    await visitor.close();

    // The reader's "my comments": one shown, one not, with the reason.
    const reader = await page.context().newPage();
    await reader.setViewportSize({ width: 390, height: 844 });
    await presetLang(reader, lang);
    await startSession(reader, '', COMMENT_READERS[lang], COMMENT_PASSWORD);
    await openPage(reader, '/personalCenter?key=17');
    const mine = reader.getByTestId('my-comment');
    await expect(mine.filter({ hasText: plainComment(lang) })).toContainText(
      webText(lang, 'myLibrary:comments.status.approved'),
    );
    const rejected = mine.filter({ hasText: flaggedComment(lang) });
    await expect(rejected).toContainText(webText(lang, 'myLibrary:comments.status.rejected'));
    await expect(rejected).toContainText(webText(lang, 'myLibrary:comments.reason', { reason }));
    expect(await horizontalOverflow(reader)).toBe(0);
    await expectNoBlockingViolations(reader);
    await reader.close();
  });
}

// Readers' public book lists (issue 29): the desk hides one with a reason (the dialog insists on one);
// nobody else finds it, its reader reads the reason on the list; shown again, it is public once more.
test('the desk hides a reader’s public book list with a reason its reader reads, and shows it again (zh-CN)', async ({
  page,
  browser,
}) => {
  const lang: Lang = 'zh-CN';
  const title = `e2e 隐藏书单 ${Date.now() % 1_000_000}-${test.info().retry}`;
  const readerContext = await browser.newContext({ locale: lang });
  const reader = await readerContext.newPage();
  await presetLang(reader, lang);
  const { jwt, jwtHeader } = await startSession(reader, '', COMMENT_READERS[lang], COMMENT_PASSWORD);
  const made = await reader.request.post('/find/bookList/create', {
    headers: { [jwtHeader]: jwt, mappingPath: '' },
    data: { title, description: '', isPublic: true },
  });
  const id = ((await made.json()) as { data: { bookListId: number } }).data.bookListId;

  await adminLogin(page, { ...DEMO_DESK, lang });
  await page.goto(adminPath('', 'moderation'));
  await page.getByRole('tab', { name: text(lang, 'tabs.lists') }).click();
  await page.getByLabel(text(lang, 'lists.words')).fill(title);
  await page.getByRole('button', { name: spaced(webText(lang, 'admin:queue.search')) }).click();
  const item = page.getByTestId('reader-list-item').filter({ hasText: title });
  await item.getByRole('button', { name: spaced(text(lang, 'lists.hide')) }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(text(lang, 'hide.help'));
  await dialog.getByRole('button', { name: spaced(text(lang, 'hide.ok')) }).click();
  await expect(dialog).toContainText(text(lang, 'hide.required'));
  await dialog.getByLabel(text(lang, 'hide.reason')).fill('含有广告内容');
  await dialog.getByRole('button', { name: spaced(text(lang, 'hide.ok')) }).click();
  await expect(page.getByText(serverText(lang, 'bookListHidden'))).toBeVisible();
  await expect(item).toHaveCount(0);
  await expectNoBlockingViolations(page);

  // Nobody else finds it; its reader reads why.
  const visitor = await (
    await browser.newContext()
  ).request.get(`/find/bookList/detail?bookListId=${id}`, {
    headers: { mappingPath: '' },
  });
  expect(((await visitor.json()) as { success: boolean }).success).toBe(false);
  await openPage(reader, `/personalCenter/bookListDetails?id=${id}`);
  await expect(reader.getByTestId('book-list-hidden')).toContainText('含有广告内容');
  await expectNoBlockingViolations(reader);

  // Shown again from the hidden ones.
  await page.getByLabel(text(lang, 'lists.state')).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: text(lang, 'lists.states.hidden') })
    .first()
    .click();
  await page.getByRole('button', { name: spaced(webText(lang, 'admin:queue.search')) }).click();
  await item.getByRole('button', { name: spaced(text(lang, 'lists.show')) }).click();
  await expect(page.getByText(serverText(lang, 'bookListShown'))).toBeVisible();
  await readerContext.close();
});
