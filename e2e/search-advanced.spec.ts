import { expect, test } from '@playwright/test';
import { LANGS, openPage, presetLang } from './support/app';
import { chooseOption, expectNoSeriousA11yViolations, resultRows, SEARCH_TEXT } from './support/search-text';

test.describe('advanced search', () => {
  for (const lang of LANGS) {
    test(`submits rows and filters to the results page (${lang})`, async ({ page }) => {
      const text = SEARCH_TEXT[lang];
      await presetLang(page, lang);
      await openPage(page, '/advanceSearch');
      await expect(page.getByRole('heading', { level: 1, name: text.advanced })).toBeVisible();
      await page.getByRole('textbox', { name: text.term(1) }).fill('红楼梦');
      await page.getByRole('textbox', { name: text.term(2) }).fill('曹雪芹');
      await chooseOption(page, page.getByRole('combobox', { name: text.docType }), text.book);
      await page.keyboard.press('Escape');
      await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
      await page.screenshot({ path: `docs/screenshots/search-advanced-${lang}.png`, fullPage: true });
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: text.submit, exact: true }).click();
      await expect(page).toHaveURL(/\/searchList\?item=.*&item=.*&docCode=1$/);
      await expect(page.getByRole('heading', { level: 1, name: text.results })).toBeVisible();
      await expect(resultRows(page).first()).toContainText('红楼梦');
      await expect(resultRows(page).first()).toContainText('曹雪芹');
      const count = await resultRows(page).count();
      expect(count).toBeGreaterThan(0);
      // Reload reproduces it.
      await page.reload();
      await expect(resultRows(page)).toHaveCount(count);
      // The conditions can be edited: the form opens with them.
      await page.locator('.of-advanced-summary').getByRole('link').click();
      await expect(page).toHaveURL(/\/advanceSearch\?item=/);
      await expect(page.getByRole('textbox', { name: text.term(2) })).toHaveValue('曹雪芹');
    });
  }

  test('NOT leaves records out; add and remove rows; reset', async ({ page }) => {
    await openPage(page, '/advanceSearch');
    await page.getByRole('textbox', { name: '第 1 行 检索词' }).fill('红楼梦');
    await page.getByRole('button', { name: '添加检索条件' }).click();
    await expect(page.getByRole('textbox', { name: '第 4 行 检索词' })).toBeVisible();
    await page.getByRole('button', { name: '删除第 4 行' }).click();
    await expect(page.getByRole('textbox', { name: '第 4 行 检索词' })).toHaveCount(0);
    await chooseOption(page, page.getByRole('combobox', { name: '第 2 行 逻辑关系' }), '不含');
    await chooseOption(page, page.getByRole('combobox', { name: '第 2 行 检索字段' }), '出版社');
    await page.getByRole('textbox', { name: '第 2 行 检索词' }).fill('人民文学出版社');
    await page.getByRole('button', { name: '检索', exact: true }).click();
    await expect(page).toHaveURL(/item=/);
    // 红楼梦 is in the demo catalogue from 人民文学出版社 and, since issue 30, as the subject of a thesis:
    // what is left is the thesis, none of that publisher's.
    await expect(resultRows(page).first()).toBeVisible();
    await expect(resultRows(page).filter({ hasText: '人民文学出版社' })).toHaveCount(0);
    await expect(resultRows(page).filter({ hasText: '文化负载词' })).toHaveCount(1);

    await page.goBack();
    await expect(page).toHaveURL(/\/advanceSearch$/);
    await page.getByRole('textbox', { name: '第 1 行 检索词' }).fill('x');
    await page.getByRole('button', { name: '重置' }).click();
    await expect(page.getByRole('textbox', { name: '第 1 行 检索词' })).toHaveValue('');
    await page.getByRole('button', { name: '检索', exact: true }).click();
    await expect(page.getByText('请至少输入一个检索词或选择一个限定条件')).toBeVisible();
    await expect(page).toHaveURL(/\/advanceSearch$/);
  });

  test('375 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openPage(page, '/advanceSearch');
    await expect(page.getByRole('textbox', { name: '第 1 行 检索词' })).toBeVisible();
    await page.screenshot({ path: 'docs/screenshots/search-advanced-zh-CN-mobile.png', fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });
});
