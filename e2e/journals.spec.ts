import { expect, test, type Page } from '@playwright/test';
import { LANGS, openPage, presetLang, type Lang } from './support/app';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { webText } from './support/texts';

// Journal navigation (issue 30) in the default demo institution, in the three languages (English on a
// phone 390 px wide): browse the journals of a core list (北大核心), then by CLC class (T → TP), open
// 计算机学报 and read its core marks, print holdings and electronic coverage (CNKI, with its gap);
// axe finds nothing serious on either screen, nothing is wider than the phone. Read-only: a retry
// finds the demo data as it was.

const text = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `journals:${key}`, vars);

const PHONE: Lang = 'en-US';

async function topOfPage(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
}

for (const lang of LANGS) {
  test(`browse journals by core list and CLC class, open one (${lang}${lang === PHONE ? ', 390 px' : ''})`, async ({
    page,
  }) => {
    if (lang === PHONE) await page.setViewportSize({ width: 390, height: 844 });
    await presetLang(page, lang);
    await openPage(page, '/magazineNav');
    await expect(page.getByRole('heading', { level: 1, name: text(lang, 'titles.nav') })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByTestId('journal-totals')).toBeVisible();

    // A core list: 北大核心 (PKU).
    await page.getByTestId('core-PKU').click();
    await expect(page).toHaveURL(/core=PKU/);
    const computing = page.getByTestId('journal-0254-4164');
    await expect(computing).toBeVisible();
    await expect(computing).toContainText('PKU 2023');
    // A journal in no PKU edition is not listed.
    await expect(page.getByTestId('journal-0028-0836')).toHaveCount(0);
    await topOfPage(page);
    await expectNoBlockingViolations(page);
    if (lang === PHONE) expect(await horizontalOverflow(page)).toBe(0);

    // A class: T, expanded to TP.
    await page.getByTestId('class-T').click();
    await expect(page).toHaveURL(/class=T(&|$)/);
    await expect(computing).toBeVisible();
    await page.getByRole('button', { name: text(lang, 'nav.expand', { name: webTextClass(lang) }) }).click();
    await page.getByTestId('class-TP').click();
    await expect(page).toHaveURL(/class=TP/);
    await expect(computing).toBeVisible();
    await expect(page.getByTestId('journal-0254-4156')).toBeVisible();
    await expect(page.getByTestId('journal-0028-0836')).toHaveCount(0);

    // Its page.
    await computing.getByRole('link', { name: '计算机学报' }).click();
    await expect(page.getByTestId('journal-title')).toHaveText('计算机学报');
    await expect(page).toHaveURL(/magazineNavDetail\?id=0254-4164/);
    await expect(page.getByRole('heading', { level: 2, name: text(lang, 'detail.print') })).toBeVisible();
    await expect(page.locator('.of-jn-table').first()).toBeVisible();
    const cnki = page.getByTestId('coverage-OF_CNKI_CJFD');
    await expect(cnki).toContainText('1994–2005, 2008–');
    await expect(page.getByTestId('journal-search')).toHaveAttribute('href', /0254-4164/);
    await topOfPage(page);
    await expectNoBlockingViolations(page);
    if (lang === PHONE) expect(await horizontalOverflow(page)).toBe(0);
  });
}

/** The T class's name in the CLC code list as the server gives it (the expand button names it). */
function webTextClass(lang: Lang): string {
  return { 'zh-CN': '工业技术', 'zh-TW': '工業技術', 'en-US': 'Industrial Technology' }[lang];
}

test('a journal that does not exist is said so, with the way back', async ({ page }) => {
  await presetLang(page, 'zh-CN');
  await openPage(page, '/magazineNavDetail?id=1234-5679');
  await expect(page.getByRole('alert')).toContainText('未找到该期刊');
  await expect(page.getByRole('link', { name: text('zh-CN', 'detail.back') })).toBeVisible();
});
