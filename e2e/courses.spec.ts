import { expect, test } from '@playwright/test';
import { LANGS, openPage, presetLang, type Lang } from './support/app';
import { startSession } from './support/account';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { spaced, webText } from './support/texts';

// Course reading lists (issue 30) in the demo institution, in the three languages (English on a
// phone 390 px wide): a reader finds a course by its code on /courseReference, opens it, sees its
// required books with their copies on the shelf and where they stand (and an entry the catalogue
// lacks, cited as listed), marks it, and finds it under My Library → My courses (key 16). axe finds
// nothing serious, nothing is wider than the phone.

const READER = { account: 'reader', password: 'Reader2026' };

/** A course of the demo seed per language (each test its own mark), and its name in that language. */
const COURSE: Record<Lang, { code: string; name: string }> = {
  'zh-CN': { code: 'CS2101', name: '数据结构与算法' },
  'zh-TW': { code: 'LIT1203', name: '中國現代文學史' },
  'en-US': { code: 'HIS2001', name: 'General History of China' },
};

const text = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `courses:${key}`, vars);

const PHONE: Lang = 'en-US';

test.describe.configure({ timeout: 90_000 });

for (const lang of LANGS) {
  test(`a reader opens a course, sees its books' copies and marks it (${lang})`, async ({ page }) => {
    if (lang === PHONE) await page.setViewportSize({ width: 390, height: 844 });
    await presetLang(page, lang);
    await startSession(page, '', READER.account, READER.password);
    const course = COURSE[lang];

    await openPage(page, '/courseReference');
    await expect(page.getByRole('heading', { level: 1, name: text(lang, 'titles.search') })).toBeVisible();
    const form = page.getByRole('search', { name: text(lang, 'search.label') });
    await form.getByLabel(text(lang, 'search.courseCode'), { exact: true }).fill(course.code);
    await form.getByRole('button', { name: spaced(text(lang, 'search.submit')) }).click();
    await expect(page.getByText(text(lang, 'search.count', { count: 1 }))).toBeVisible();
    if (lang === PHONE) expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('link', { name: course.name }).click();

    await expect(page.getByRole('heading', { level: 1, name: course.name })).toBeVisible();
    // Required books, each matched record with its copies on the shelf and where they stand.
    await expect(
      page.getByRole('heading', { level: 2, name: new RegExp(text(lang, 'kind.requiredTag')) }),
    ).toBeVisible();
    const summary = new RegExp(
      text(lang, 'copies.summary', { onShelf: 999, total: 999 })
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .replace(/999/g, '\\d+'),
    );
    await expect(page.getByText(summary).first()).toBeVisible();
    await expect(page.getByRole('list', { name: text(lang, 'copies.where') }).first()).toBeVisible();
    if (lang === 'zh-TW') await expect(page.getByText(text(lang, 'reading.unmatched'))).toBeVisible();

    // Mark it (a retry finds it marked already: unmark first).
    const unmark = page.getByRole('button', { name: spaced(text(lang, 'mark.unmark')) });
    const mark = page.getByRole('button', { name: spaced(text(lang, 'mark.mark')) });
    await expect(unmark.or(mark)).toBeVisible();
    if (await unmark.isVisible()) {
      await unmark.click();
      await expect(mark).toBeVisible();
    }
    await mark.click();
    await expect(unmark).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoBlockingViolations(page);
    if (lang === PHONE) expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.screenshot({ path: test.info().outputPath(`course-${lang}.png`), fullPage: true });

    await openPage(page, '/personalCenter?key=16');
    const mine = page.getByTestId('my-courses');
    await expect(mine.getByRole('heading', { level: 3, name: course.name })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoBlockingViolations(page);
    if (lang === PHONE) expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`my-courses-${lang}.png`), fullPage: true });
  });
}

test('a visitor sees a course book with its courses and is asked to log in to mark', async ({ page }) => {
  await presetLang(page, 'zh-CN');
  await openPage(page, '/courseBookResource');
  await expect(page.getByRole('heading', { level: 1, name: text('zh-CN', 'titles.books') })).toBeVisible();
  const first = page.locator('.of-crs-card').first().getByRole('link');
  const title = (await first.textContent()) ?? '';
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.locator('.of-crs-card').first().getByRole('link').click();
  await page.getByRole('button', { name: spaced(text('zh-CN', 'mark.login')) }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});
