import { expect, test } from '@playwright/test';
import { LANGS, openPage, presetLang, type Lang } from './support/app';
import { startSession, type Envelope } from './support/account';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { serverText, spaced, webText } from './support/texts';

// Readers' book lists (issue 29, /personalCenter/bookListDetails), in the default institution, in the
// three languages (English on a phone 390 px wide): a reader makes a private list, adds a record to it
// from the record page with a note, finds it on the list's page; a visitor (logged out) is told there is
// no such list; the reader makes it public and the visitor reads it. axe finds nothing serious on each
// screen, nothing is wider than the phone.

/** What e2e/support/prepare-book-lists.mjs prepares: a reader per language in the default institution. */
const PASSWORD = 'Reader2026';
const account = (lang: Lang) => `lists-${lang}`;
const text = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `bookLists:${key}`, vars);

/** The phone-sized language. */
const PHONE: Lang = 'en-US';

test.describe.configure({ timeout: 150_000 });

for (const lang of LANGS) {
  test(`a reader makes a list, adds a record, makes it public; a visitor reads it (${lang}${lang === PHONE ? ', 390 px' : ''})`, async ({
    page,
    browser,
  }) => {
    const viewport = lang === PHONE ? { width: 390, height: 844 } : undefined;
    if (viewport) await page.setViewportSize(viewport);
    await presetLang(page, lang);
    await startSession(page, '', account(lang), PASSWORD);
    const checkPage = async () => {
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoBlockingViolations(page);
      if (viewport) expect(await horizontalOverflow(page)).toBe(0);
    };

    // A record of the library's own lists (the demo's), to add.
    const lists = await page.request.get('/find/index/bookList?recordRows=1&rows=1', { headers: { mappingPath: '' } });
    const body = (await lists.json()) as Envelope<{ list: { records: { recordId: number; title: string }[] }[] }>;
    const record = body.data.list[0]!.records[0]!;

    // The reader's lists: none yet; a new private one.
    await openPage(page, '/personalCenter/bookListDetails');
    await expect(page.getByRole('heading', { level: 1, name: text(lang, 'titles.home') })).toBeVisible({
      timeout: 30_000,
    });
    const mine = page.getByRole('region', { name: text(lang, 'home.mine') });
    await expect(mine.getByText(text(lang, 'home.empty'))).toBeVisible();
    await mine.getByRole('button', { name: spaced(text(lang, 'home.create')) }).click();
    // An empty title is refused beside its field.
    await mine.getByRole('button', { name: spaced(text(lang, 'form.create')) }).click();
    await expect(mine.getByText(text(lang, 'form.title_required'))).toBeVisible();
    const title = `Reading ${lang}`;
    await mine.getByLabel(text(lang, 'form.title'), { exact: true }).fill(title);
    await mine.getByLabel(text(lang, 'form.description'), { exact: true }).fill(`书单简介 ${lang}`);
    await checkPage();
    await mine.getByRole('button', { name: spaced(text(lang, 'form.create')) }).click();
    const link = mine.getByRole('link', { name: title, exact: true });
    await expect(link).toBeVisible();

    // The record page: add it to the list with a note.
    await openPage(page, `/searchList/bookDetails/${record.recordId}`);
    await page.getByRole('button', { name: spaced(webText(lang, 'record:actions.bookList')) }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await dialog.getByLabel(text(lang, 'add.note'), { exact: true }).fill(`值得一读 ${lang}`);
    await dialog.getByRole('button', { name: text(lang, 'add.addTo', { list: title }), exact: true }).click();
    await expect(dialog.getByText(text(lang, 'add.added'), { exact: true })).toBeVisible();
    await expectNoBlockingViolations(page);
    if (viewport) expect(await horizontalOverflow(page)).toBe(0);
    await dialog
      .getByRole('button', { name: spaced(text(lang, 'add.close')) })
      .last()
      .click();
    await expect(dialog).toBeHidden();

    // The list's page shows the record and its note.
    await openPage(page, '/personalCenter/bookListDetails');
    await page.getByRole('link', { name: title, exact: true }).click();
    await expect(page).toHaveURL(/\/personalCenter\/bookListDetails\?id=\d+/);
    const address = new URL(page.url()).pathname + new URL(page.url()).search;
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId('book-list-meta')).toContainText(text(lang, 'list.private'));
    const records = page.getByRole('region', { name: text(lang, 'list.recordsTitle', { count: 1 }) });
    await expect(records.getByRole('link', { name: record.title, exact: true })).toBeVisible();
    await expect(records).toContainText(`值得一读 ${lang}`);
    await checkPage();

    // A visitor cannot see a private list.
    const visitorContext = await browser.newContext({ viewport });
    const visitor = await visitorContext.newPage();
    try {
      await presetLang(visitor, lang);
      await openPage(visitor, address);
      await expect(visitor.getByText(text(lang, 'list.missing'), { exact: true })).toBeVisible({ timeout: 30_000 });

      // The reader makes it public.
      await page.getByRole('button', { name: spaced(text(lang, 'tools.edit')) }).click();
      await page.getByRole('checkbox', { name: text(lang, 'form.isPublic') }).check();
      await page.getByRole('button', { name: spaced(text(lang, 'form.save')) }).click();
      await expect(page.getByTestId('book-list-meta')).toContainText(
        `${text(lang, 'owner.me')} · ${text(lang, 'list.public')}`,
      );
      await expect(page.getByText(serverText(lang, 'bookListSaved'))).toBeVisible();

      // The visitor reads it: a reader's list, with the record.
      await visitor.reload();
      await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 30_000 });
      await expect(visitor.getByTestId('book-list-meta')).toContainText(text(lang, 'owner.reader'));
      await expect(visitor.getByRole('link', { name: record.title, exact: true })).toBeVisible();
      await expect(visitor.getByRole('button', { name: spaced(text(lang, 'tools.edit')) })).toHaveCount(0);
      await visitor.evaluate(() => window.scrollTo(0, 0));
      await expectNoBlockingViolations(visitor);
      if (viewport) expect(await horizontalOverflow(visitor)).toBe(0);
    } finally {
      await visitorContext.close();
    }
  });
}
