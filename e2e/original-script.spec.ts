import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { openPage, presetLang } from './support/app';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { resultRows } from './support/search-text';

/**
 * Records catalogued in romanised form with their original script in 880s (imported from
 * e2e/support/original-script.xml by prepare-data.mjs): the results and the record page show the
 * original first, the romanised form beside it, each with dir="auto" and its language.
 */
async function searchFor(page: Page, term: string): Promise<Locator> {
  await openPage(page, `/searchList?searchField=keyWord&searchFieldContent=${encodeURIComponent(term)}`);
  const row = resultRows(page).first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  return row;
}

/** The computed direction of an element (what dir="auto" made of its text). */
const direction = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).direction);

test.describe('original script (MARC 880)', () => {
  test('results and record page show 次按驟變 first, "Ci an zhou bian" beside it (zh-CN); desktop and 390 px', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await presetLang(page, 'zh-CN');
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const term of ['次按驟變', 'Ci an zhou bian']) {
      const row = await searchFor(page, term);
      const title = row.locator('.of-result-title');
      await expect(title.locator('.of-original')).toHaveText('次按驟變');
      await expect(title.locator('.of-original')).toHaveAttribute('lang', 'zh');
      await expect(title.locator('.of-original')).toHaveAttribute('dir', 'auto');
      await expect(title.locator('.of-romanized')).toHaveText('Ci an zhou bian');
      await expect(row.locator('.of-result-details')).toContainText('林行止著. Lin Xingzhi zhu.');
      await expect(row.locator('.of-result-details')).toContainText(
        '遠景出版事業有限公司 Yuan jing chu ban shi ye you xian gong si',
      );
    }
    await page.screenshot({ path: test.info().outputPath('results-desktop.png'), fullPage: false });
    await expectNoBlockingViolations(page);

    await resultRows(page).first().locator('.of-result-title').click();
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading.locator('.of-original')).toHaveText('次按驟變');
    await expect(heading.locator('.of-romanized')).toHaveText('Ci an zhou bian');
    await expect(page.locator('.of-record-author')).toHaveText('林行止著. Lin Xingzhi zhu.');
    const firstRow = page.locator('.of-basic-row').first();
    await expect(firstRow.locator('dt')).toHaveText('题名/责任者');
    await expect(firstRow.locator('dd .of-original')).toHaveText('次按驟變/林行止著.');
    await expect(firstRow.locator('dd .of-romanized')).toHaveText('Ci an zhou bian/Lin Xingzhi zhu.');
    await expect(page.locator('.of-basic-row', { hasText: '林行止作品集 ; 51' })).toContainText(
      'Lin Xingzhi zuo pin ji ; 51',
    );
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: test.info().outputPath('record-desktop.png'), fullPage: false });
    await expectNoBlockingViolations(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(heading.locator('.of-romanized')).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: test.info().outputPath('record-390.png'), fullPage: true });
    await searchFor(page, '次按驟變');
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: test.info().outputPath('results-390.png'), fullPage: false });
  });

  test('a Hebrew title runs right to left inside the page, its romanised form left to right', async ({ page }) => {
    test.setTimeout(60_000);
    await presetLang(page, 'zh-CN');
    const row = await searchFor(page, 'אנרכיזם');
    const original = row.locator('.of-result-title .of-original');
    await expect(original).toHaveText('אנרכיזם ב״ציון״ : בין מרטין בובר לאהרן דוד גורדון');
    await expect(original).toHaveAttribute('lang', 'he');
    expect(await direction(original)).toBe('rtl');
    expect(await direction(row.locator('.of-result-title .of-romanized'))).toBe('ltr');
    // The page itself stays left to right.
    expect(await direction(page.locator('body'))).toBe('ltr');
    await expect(row.locator('.of-result-details')).toContainText('עם עובד');
  });
});
