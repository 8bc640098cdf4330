import { expect, test } from '@playwright/test';
import { LANGS, openHome, openPage, presetLang } from './support/app';
import { expectNoSeriousA11yViolations, resultRows, resultSummary, SEARCH_TEXT } from './support/search-text';

test.describe('search results', () => {
  for (const lang of LANGS) {
    test(`home → search → facet → page 2 → back keeps the state, reload reproduces it (${lang})`, async ({ page }) => {
      const text = SEARCH_TEXT[lang];
      await presetLang(page, lang);
      await openHome(page);
      const box = page.getByRole('search');
      await box.getByRole('searchbox').fill('中国');
      await box.getByRole('searchbox').press('Enter');
      await expect(page).toHaveURL(/\/searchList\?searchField=keyWord&searchFieldContent=%E4%B8%AD%E5%9B%BD$/);
      await expect(page.getByRole('heading', { level: 1, name: text.results })).toBeVisible();
      await expect(resultSummary(page, lang)).toBeVisible();
      await expect(resultRows(page)).toHaveCount(10);
      // The highlighted title: the hit is marked, and the title links to the record.
      await expect(resultRows(page).first().locator('mark').first()).toHaveText('中国');
      await expect(resultRows(page).first().getByRole('link').first()).toHaveAttribute(
        'href',
        /\/searchList\/bookDetails\/\d+$/,
      );
      await page.screenshot({ path: `docs/screenshots/search-results-${lang}.png`, fullPage: true });

      const facet = page.getByRole('region', { name: text.docType });
      const journal = facet.getByRole('checkbox', { name: new RegExp(`^${text.journal}\\s*\\d+$`) });
      const unfiltered = await resultSummary(page, lang).textContent();
      await journal.click();
      await expect(page).toHaveURL(/[?&]docCode=2(&|$)/);
      await expect(journal).toBeChecked();
      // The filtered answer is shown (the first row may be a journal in both: wait for the count to change).
      await expect(resultSummary(page, lang)).not.toHaveText(unfiltered ?? '');
      await expect(resultRows(page).first().locator('.of-result-doctype')).toHaveText(`[${text.journal}]`);
      const summaryPage1 = await resultSummary(page, lang).textContent();

      await page
        .getByRole('navigation', { name: /分页|分頁|pages/i })
        .getByRole('link', { name: /^(第 2 [页頁]|Page 2)$/ })
        .click();
      await expect(page).toHaveURL(/[?&]page=2(&|$)/);
      await expect(resultRows(page).first().locator('.of-result-number')).toHaveText('11.');

      await page.reload();
      await expect(resultRows(page).first().locator('.of-result-number')).toHaveText('11.');
      await expect(
        page
          .getByRole('region', { name: text.docType })
          .getByRole('checkbox', { name: new RegExp(`^${text.journal}`) }),
      ).toBeChecked();

      await page.goBack();
      await expect(page).not.toHaveURL(/page=2/);
      await expect(page).toHaveURL(/docCode=2/);
      await expect(resultRows(page).first().locator('.of-result-number')).toHaveText('1.');
      await expect(resultSummary(page, lang)).toHaveText(summaryPage1 ?? '');
      await page.goBack();
      await expect(page).not.toHaveURL(/docCode/);
      await expect(
        page
          .getByRole('region', { name: text.docType })
          .getByRole('checkbox', { name: new RegExp(`^${text.journal}`) }),
      ).not.toBeChecked();
    });
  }

  test('home box sends its scope and match mode', async ({ page }) => {
    await openHome(page);
    const box = page.getByRole('search');
    await box.getByRole('combobox', { name: '检索范围' }).selectOption({ label: '题名' });
    await box.getByRole('combobox', { name: '匹配方式' }).selectOption({ label: '精确匹配' });
    await box.getByRole('searchbox').fill('红楼梦');
    await box.getByRole('button', { name: '检索' }).click();
    await expect(page).toHaveURL(/searchField=title&searchFieldContent=%E7%BA%A2%E6%A5%BC%E6%A2%A6&matchMode=1$/);
    await expect(resultRows(page).first().getByRole('link').first()).toHaveText('红楼梦');
  });

  test('external links open the results, an empty keyword shows home', async ({ page }) => {
    await openPage(page, '/searchListExternal/title/红楼梦/2');
    await expect(page).toHaveURL(/\/searchList\?searchField=title&searchFieldContent=%E7%BA%A2%E6%A5%BC%E6%A2%A6$/);
    await expect(resultRows(page).first()).toContainText('红楼梦');

    await openPage(page, '/searchListExternal/title/中国/2/2');
    await expect(page).toHaveURL(/docCode=2/);
    await expect(resultRows(page).first().locator('.of-result-doctype')).toHaveText('[期刊]');

    await openPage(page, '/searchListExternal/红楼梦/2/1');
    await expect(page).toHaveURL(/searchFieldContent=%E7%BA%A2%E6%A5%BC%E6%A2%A6&docCode=1$/);

    await openPage(page, '/searchListResource/title/中国/2/2');
    await expect(page).toHaveURL(/resourceType=2/);

    await openPage(page, '/searchListExternal/title//2');
    await expect(page).toHaveURL(/\/Home$/);
  });

  for (const lang of LANGS) {
    test(`zero results: the spec's suggestions (${lang})`, async ({ page }) => {
      const text = SEARCH_TEXT[lang];
      await presetLang(page, lang);
      await openPage(page, '/searchList?searchField=title&searchFieldContent=zzqxv&docCode=1');
      await expect(page.getByRole('heading', { name: text.zero })).toBeVisible();
      await expect(page.getByText(text.checkTerms)).toBeVisible();
      await expect(resultRows(page)).toHaveCount(0);
      await page.screenshot({ path: `docs/screenshots/search-zero-${lang}.png` });
      // Widening: remove the filter, then search all fields.
      await page.locator('.of-zero-actions a').first().click();
      await expect(page).not.toHaveURL(/docCode/);
      await expectNoSeriousA11yViolations(page);
    });

    test(`did you mean leads to the suggested search (${lang})`, async ({ page }) => {
      const text = SEARCH_TEXT[lang];
      await presetLang(page, lang);
      await openPage(page, '/searchList?searchFieldContent=data');
      await expect(page.getByText(text.didYouMean)).toBeVisible();
      await page.getByRole('link', { name: 'database' }).click();
      await expect(page).toHaveURL(/searchFieldContent=database/);
      await expect(page.getByRole('search').getByRole('combobox', { name: /检索词|檢索詞|Search terms/ })).toHaveValue(
        'database',
      );
    });

    test(`results page has no serious accessibility violations (${lang})`, async ({ page }) => {
      await presetLang(page, lang);
      await openPage(page, '/searchList?searchFieldContent=%E4%B8%AD%E5%9B%BD&docCode=1');
      await expect(resultRows(page)).toHaveCount(10);
      await expectNoSeriousA11yViolations(page);
    });
  }

  test('relaxed matching is announced, with a did-you-mean', async ({ page }) => {
    await openPage(page, '/searchList?searchFieldContent=%E4%B8%89%E5%9B%BD%E6%BC%94%E6%84%8F');
    await expect(page.getByRole('alert').or(page.locator('.ant-alert-info'))).toContainText('检索词');
    await expect(page.locator('.of-did-you-mean').getByRole('link', { name: '三国演义' })).toBeVisible();
  });

  test('search within results, sort and page size are kept in the URL', async ({ page }) => {
    await openPage(page, '/searchList?searchFieldContent=%E4%B8%AD%E5%9B%BD');
    const before = await resultSummary(page, 'zh-CN').textContent();
    const within = page.getByRole('searchbox', { name: SEARCH_TEXT['zh-CN'].within });
    await within.fill('通史');
    await within.press('Enter');
    await expect(page).toHaveURL(/within=%E9%80%9A%E5%8F%B2/);
    await expect(resultSummary(page, 'zh-CN')).not.toHaveText(before ?? '');
    await expect(resultRows(page).first()).toContainText('通史');

    await page.getByRole('combobox', { name: '排序' }).selectOption({ label: '出版年（旧→新）' });
    await expect(page).toHaveURL(/sortField=publishYear/);
    await page.getByRole('combobox', { name: '每页' }).selectOption({ label: '20 条' });
    await expect(page).toHaveURL(/rows=20/);
    await page.reload();
    await expect(page.getByText('已在结果中检索：')).toBeVisible();
    await expect(page.getByRole('combobox', { name: '排序' }).locator('option:checked')).toHaveText('出版年（旧→新）');
    await expect(page.getByRole('combobox', { name: '每页' }).locator('option:checked')).toHaveText('20 条');
  });

  test('a search link with a library filter opens that search (the filter is not taken for a library choice)', async ({
    page,
  }) => {
    await openPage(page, '/searchList?searchFieldContent=%E4%B8%AD%E5%9B%BD&libCode=OFU-MED');
    await expect(page).toHaveURL(/libCode=OFU-MED/);
    await expect(page.getByRole('search').getByRole('combobox', { name: '检索词' })).toHaveValue('中国');
    await expect(resultRows(page).first()).toBeVisible();
    const facet = page.getByRole('region', { name: '成员馆' });
    await expect(facet.getByRole('checkbox', { name: /^医学分馆\s*\d+$/ })).toBeChecked();
  });

  test('a new search from the results page keeps sort and page size, drops filters', async ({ page }) => {
    await openPage(page, '/searchList?searchFieldContent=%E4%B8%AD%E5%9B%BD&docCode=1&sortField=title&rows=20&page=2');
    const box = page.getByRole('search');
    const input = box.getByRole('combobox', { name: '检索词' });
    await input.fill('红楼梦');
    await box.getByRole('button', { name: '检索', exact: true }).click();
    await expect(page).toHaveURL(
      /\/searchList\?searchFieldContent=%E7%BA%A2%E6%A5%BC%E6%A2%A6&sortField=title&rows=20$/,
    );
    await expect(resultRows(page).first()).toContainText('红楼梦');
    await input.fill('');
    await box.getByRole('button', { name: '检索', exact: true }).click();
    await expect(page.getByText('请输入检索词')).toBeVisible();
  });

  test('a failed search shows the server message, keeps nothing of the last answer, and can be retried', async ({
    page,
  }) => {
    await openPage(page, '/searchList?searchFieldContent=%E4%B8%AD%E5%9B%BD');
    await expect(resultRows(page)).toHaveCount(10);
    const failure = { success: false, message: '检索服务暂时不可用', errCode: 500, errorCode: null, data: null };
    await page.route('**/find/unify/search', (route) => route.fulfill({ json: failure }));
    await page.getByRole('navigation', { name: '结果分页' }).getByRole('link', { name: '第 2 页' }).click();
    await expect(page.locator('.of-search-failed')).toContainText('检索服务暂时不可用');
    await expect(resultRows(page)).toHaveCount(0);
    await expect(page.locator('.of-facets')).toHaveCount(0);
    await page.unroute('**/find/unify/search');
    await page.getByRole('button', { name: '重试' }).click();
    await expect(resultRows(page).first().locator('.of-result-number')).toHaveText('11.');
  });

  test('deep pages beyond the result window say so', async ({ page }) => {
    await openPage(page, '/searchList?searchFieldContent=%E4%B8%AD%E5%9B%BD&page=2000');
    await expect(page.getByText('页码超出可浏览范围')).toBeVisible();
    await page.getByRole('button', { name: '回到第一页' }).click();
    await expect(page).not.toHaveURL(/page=2000/);
    await expect(resultRows(page)).toHaveCount(10);
  });

  test('suggestions as you type', async ({ page }) => {
    await openPage(page, '/searchList?searchFieldContent=%E4%B8%AD%E5%9B%BD');
    const input = page.getByRole('search').getByRole('combobox', { name: '检索词' });
    await input.fill('hong');
    const option = page.getByRole('listbox').getByRole('option').filter({ hasText: '红楼梦' }).first();
    await expect(option).toBeVisible();
    await option.click();
    await expect(page).toHaveURL(/searchFieldContent=%E7%BA%A2%E6%A5%BC%E6%A2%A6/);
    await expect(page.getByRole('listbox')).toBeHidden();
  });

  test('suggestions from the keyboard: arrows move, Enter takes one, Escape closes', async ({ page }) => {
    await openPage(page, '/searchList?searchFieldContent=%E4%B8%AD%E5%9B%BD');
    const input = page.getByRole('search').getByRole('combobox', { name: '检索词' });
    await input.fill('hong');
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await input.press('Escape');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await input.press('ArrowDown');
    const first = page.getByRole('listbox').getByRole('option').first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(input).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
    const chosen = (await first.locator('.of-suggestion > span').first().textContent()) ?? '';
    await input.press('Enter');
    await expect(page).toHaveURL(new RegExp(`searchFieldContent=${encodeURIComponent(chosen)}`));
  });

  test('favourites ask an anonymous visitor to log in', async ({ page }) => {
    await openPage(page, '/searchList?searchFieldContent=%E4%B8%AD%E5%9B%BD');
    await resultRows(page).first().getByRole('button', { name: SEARCH_TEXT['zh-CN'].favourite }).click();
    const dialog = page.getByRole('dialog', { name: SEARCH_TEXT['zh-CN'].loginTitle });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toBeHidden();
  });

  test('facets and pagination work from the keyboard', async ({ page }) => {
    await openPage(page, '/searchList?searchFieldContent=%E4%B8%AD%E5%9B%BD');
    const book = page.getByRole('region', { name: '文献类型' }).getByRole('checkbox', { name: /^图书/ });
    await book.focus();
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/docCode=1/);
    const page2 = page.getByRole('navigation', { name: '结果分页' }).getByRole('link', { name: '第 2 页' });
    await page2.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/page=2/);
    await expect(
      page.getByRole('navigation', { name: '结果分页' }).getByRole('link', { name: '第 2 页' }),
    ).toHaveAttribute('aria-current', 'page');
    const jumper = page.getByRole('navigation', { name: '结果分页' }).getByRole('textbox');
    await jumper.fill('3');
    await jumper.press('Enter');
    await expect(page).toHaveURL(/page=3/);
    await expect(resultRows(page).first().locator('.of-result-number')).toHaveText('21.');
  });

  test('class browse: choosing a class lists its records', async ({ page }) => {
    await openPage(page, '/categorySearchList');
    await expect(page.getByRole('heading', { level: 1, name: SEARCH_TEXT['zh-CN'].category })).toBeVisible();
    await page.getByRole('tree').getByText(/^K /).click();
    await expect(page).toHaveURL(/\/categorySearchList\?kindNo=K$/);
    await expect(resultRows(page)).toHaveCount(10);
    await expect(resultRows(page).first()).toContainText('K');
    // The filters arrive with the page's Ant Design parts, after the rows.
    await expect(page.locator('.of-search-aside').getByRole('checkbox').first()).toBeVisible();
    await page.screenshot({ path: 'docs/screenshots/search-category-zh-CN.png', fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });

  for (const lang of LANGS) {
    test(`375 px phone: filters in a drawer (${lang})`, async ({ page }) => {
      const text = SEARCH_TEXT[lang];
      await page.setViewportSize({ width: 375, height: 812 });
      await presetLang(page, lang);
      await openPage(page, '/searchList?searchFieldContent=%E4%B8%AD%E5%9B%BD');
      await expect(resultRows(page)).toHaveCount(10);
      await expect(page.locator('.of-search-aside')).toHaveCount(0);
      await page.screenshot({ path: `docs/screenshots/search-results-${lang}-mobile.png`, fullPage: true });
      await page.getByRole('button', { name: text.refine }).click();
      const drawer = page.getByRole('dialog');
      await expect(drawer).toBeVisible();
      // A trial click waits until the sliding drawer stands still.
      await drawer.getByRole('checkbox').first().click({ trial: true });
      await page.screenshot({ path: `docs/screenshots/search-filters-${lang}-mobile.png` });
      await drawer.getByRole('checkbox', { name: new RegExp(`^${text.journal}`) }).click();
      await expect(page).toHaveURL(/docCode=2/);
      await expect(drawer).toBeHidden();
      await expect(page.getByRole('button', { name: text.refine })).toContainText('1');
      // The previous page is dimmed while the filtered one loads: check the page once it is in.
      await expect(page.locator('.of-search-main')).toHaveAttribute('aria-busy', 'false');
      await expectNoSeriousA11yViolations(page);
    });
  }
});
