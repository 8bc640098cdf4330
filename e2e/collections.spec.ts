import { expect, test } from '@playwright/test';
import { LANGS, openPage, presetLang, type Lang } from './support/app';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { webText } from './support/texts';

// Special collections, special libraries, e-books and book-list navigation (issue 30) in the default
// demo institution, in the three languages (English on a phone 390 px wide): open a special collection
// and see its records; open a special library, then a child base, and see its records; the e-books
// list with its A–Z filter; the book-list navigation with the library's lists. axe finds nothing
// serious, nothing is wider than the phone. The demo seed (seed/demo-collections.ts) makes the data.

const text = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `collections:${key}`, vars);

const PHONE: Lang = 'en-US';
const MINGUO: Record<Lang, string> = {
  'zh-CN': '民国文献',
  'zh-TW': '民國文獻',
  'en-US': 'Republican-Era Documents (1912–1949)',
};
const BASE: Record<Lang, string> = {
  'zh-CN': '科技创新特色库',
  'zh-TW': '科技創新特色庫',
  'en-US': 'Science and Innovation Library',
};
const CHILD: Record<Lang, string> = {
  'zh-CN': '计算机与人工智能',
  'zh-TW': '計算機與人工智慧',
  'en-US': 'Computing and AI',
};

test.describe.configure({ timeout: 90_000 });

async function checkPage(page: import('@playwright/test').Page, lang: Lang) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoBlockingViolations(page);
  if (lang === PHONE) expect(await horizontalOverflow(page)).toBe(0);
}

for (const lang of LANGS) {
  test(`collections, special libraries, e-books and book lists (${lang})`, async ({ page }) => {
    if (lang === PHONE) await page.setViewportSize({ width: 390, height: 844 });
    await presetLang(page, lang);

    // A special collection and its records.
    await openPage(page, '/collectionNav');
    await expect(page.getByRole('heading', { level: 1, name: text(lang, 'titles.collections') })).toBeVisible();
    await page.getByRole('link', { name: MINGUO[lang], exact: true }).click();
    await expect(page.getByTestId('package-name')).toHaveText(MINGUO[lang]);
    const records = page.getByTestId('package-records').locator('li');
    await expect(records.first()).toBeVisible();
    expect(await records.count()).toBeGreaterThan(5);
    await checkPage(page, lang);

    // A special library, one of its child bases, its records.
    await openPage(page, '/specialBaseNav');
    await page.getByRole('link', { name: BASE[lang], exact: true }).click();
    await expect(page.getByTestId('package-name')).toHaveText(BASE[lang]);
    await page.getByRole('link', { name: CHILD[lang], exact: true }).click();
    await expect(page.getByTestId('package-name')).toHaveText(CHILD[lang]);
    await expect(page.getByRole('navigation', { name: text(lang, 'breadcrumb') })).toContainText(BASE[lang]);
    await expect(page.getByTestId('package-records').locator('li').first()).toBeVisible();
    await checkPage(page, lang);

    // The e-books, then by a letter.
    await openPage(page, '/elecBook');
    const ebooks = page.getByTestId('ebook-list').locator('li');
    await expect(ebooks.first()).toBeVisible();
    await expect(ebooks.first().getByRole('link').first()).toHaveAttribute('href', /^https?:\/\//);
    await checkPage(page, lang);

    // The book-list navigation: the library's lists.
    await openPage(page, '/bookListNav');
    await expect(page.getByRole('heading', { level: 1, name: text(lang, 'titles.bookLists') })).toBeVisible();
    await expect(page.getByTestId('library-lists').locator('> li').first()).toBeVisible();
    await checkPage(page, lang);
  });
}

test('a child base named under another special library, or none, is not shown', async ({ page }) => {
  await presetLang(page, 'zh-CN');
  await openPage(page, '/specialBaseDetail/2147483000');
  await expect(page.getByRole('heading', { level: 1, name: text('zh-CN', 'notFound') })).toBeVisible();
});
