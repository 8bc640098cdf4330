import { expect, test } from '@playwright/test';
import { LANGS, openPage, presetLang, type Lang } from './support/app';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { webText } from './support/texts';

// The databases navigation (issue 30), in the default demo institution and the three languages
// (English on a phone 390 px wide, its filters folded): a visitor picks a subject on /dataBaseNav,
// finds CNKI, opens its page and then the database itself — off campus (the tests call from
// 127.0.0.1, not a campus network) through the institution's proxy — and the page's visit count rises.
// axe finds nothing serious on either screen; nothing is wider than the phone.

const text = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `databases:${key}`, vars);

/** The demo subject and database, as each language names them (dictionary and seed). */
const SUBJECT: Record<Lang, string> = {
  'zh-CN': '交叉学科',
  'zh-TW': '交叉學科',
  'en-US': 'Interdisciplinary Studies',
};
const CNKI: Record<Lang, string> = {
  'zh-CN': '中国知网（CNKI）',
  'zh-TW': '中國知網（CNKI）',
  'en-US': 'CNKI China National Knowledge Infrastructure',
};
const PHONE: Lang = 'en-US';

/** The visits of the last 30 days the page shows (the count its line is made from). */
const visitsOf = (count: string | null) => Number(count ?? NaN);

for (const lang of LANGS) {
  test(`a visitor finds a database by subject and opens it, the visit counted (${lang}${lang === PHONE ? ', 390 px' : ''})`, async ({
    page,
  }) => {
    if (lang === PHONE) await page.setViewportSize({ width: 390, height: 844 });
    await presetLang(page, lang);
    // The database's own site is outside the test: any address but this server answers a stand-in page.
    await page.context().route(
      (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
      (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>database</title>' }),
    );

    await openPage(page, '/dataBaseNav');
    await expect(page.getByRole('heading', { level: 1, name: text(lang, 'titles.nav') })).toBeVisible();
    if (lang === PHONE) await page.getByText(text(lang, 'filters.toggle')).click();
    const subjects = page.getByRole('region', { name: text(lang, 'filters.subject') });
    await subjects.getByRole('button', { name: new RegExp(`^${SUBJECT[lang]}`) }).click();
    await expect(page).toHaveURL(/sub=14/);
    const card = page.getByTestId('db-card').filter({ hasText: CNKI[lang] });
    await expect(card).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoBlockingViolations(page);
    if (lang === PHONE) expect(await horizontalOverflow(page)).toBe(0);

    await card.getByRole('link', { name: CNKI[lang] }).click();
    await expect(page.getByRole('heading', { level: 1, name: CNKI[lang] })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: text(lang, 'detail.guide') })).toBeVisible();
    const visits = page.getByTestId('db-visits');
    const before = visitsOf(await visits.getAttribute('data-count'));
    expect(before).toBeGreaterThan(0);
    await expectNoBlockingViolations(page);
    if (lang === PHONE) expect(await horizontalOverflow(page)).toBe(0);

    const popup = page.waitForEvent('popup');
    await page.getByTestId('db-open').click();
    const opened = await popup;
    // Off campus: the institution's proxy prefix before the database's address.
    await expect(opened).toHaveURL(/ezproxy\..*login\?url=https:\/\/www\.cnki\.net\//);
    await opened.close();
    await expect.poll(async () => visitsOf(await visits.getAttribute('data-count'))).toBeGreaterThan(before);
    // The figure shown is the count now (the other languages' tests, running beside this one, count too).
    await expect(visits).toContainText(String(visitsOf(await visits.getAttribute('data-count'))));
  });
}
