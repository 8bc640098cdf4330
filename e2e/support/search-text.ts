import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import type { Lang } from './app';

/** Texts of the search screens per language (from locales/<lang>/search.json and the demo code lists). */
export const SEARCH_TEXT: Record<
  Lang,
  {
    results: string;
    found: RegExp;
    docType: string;
    journal: string;
    book: string;
    zero: string;
    didYouMean: string;
    advanced: string;
    term: (n: number) => string;
    field: (n: number) => string;
    submit: string;
    reset: string;
    favourite: RegExp;
    loginTitle: string;
    refine: RegExp;
    within: string;
    category: string;
    checkTerms: string;
  }
> = {
  'zh-CN': {
    results: '检索结果',
    found: /共找到 [\d,]+ 条结果/,
    docType: '文献类型',
    journal: '期刊',
    book: '图书',
    zero: '没有找到匹配的结果',
    didYouMean: '您是不是要找：',
    advanced: '高级检索',
    term: (n) => `第 ${n} 行 检索词`,
    field: (n) => `第 ${n} 行 检索字段`,
    submit: '检索',
    reset: '重置',
    favourite: /^收藏《/,
    loginTitle: '请登录！',
    refine: /^筛选/,
    within: '在结果中检索',
    category: '分类浏览',
    checkTerms: '检查检索词是否有错别字',
  },
  'zh-TW': {
    results: '檢索結果',
    found: /共找到 [\d,]+ 筆結果/,
    docType: '文獻類型',
    journal: '期刊',
    book: '圖書',
    zero: '沒有找到符合的結果',
    didYouMean: '您是不是要找：',
    advanced: '進階檢索',
    term: (n) => `第 ${n} 列 檢索詞`,
    field: (n) => `第 ${n} 列 檢索欄位`,
    submit: '檢索',
    reset: '重設',
    favourite: /^收藏《/,
    loginTitle: '請登入！',
    refine: /^篩選/,
    within: '在結果中檢索',
    category: '分類瀏覽',
    checkTerms: '檢查檢索詞是否有錯別字',
  },
  'en-US': {
    results: 'Search results',
    found: /^[\d,]+ results?$/,
    docType: 'Document type',
    journal: 'Journal',
    book: 'Book',
    zero: 'No matching results found',
    didYouMean: 'Did you mean:',
    advanced: 'Advanced search',
    term: (n) => `Row ${n}: search term`,
    field: (n) => `Row ${n}: field`,
    submit: 'Search',
    reset: 'Reset',
    favourite: /^Save “/,
    loginTitle: 'Please log in',
    refine: /^Refine/,
    within: 'Search within results',
    category: 'Browse by class',
    checkTerms: 'Check the spelling of your search terms',
  },
};

/** The status line with the number of results. */
export function resultSummary(page: Page, lang: Lang) {
  return page.locator('.of-results-summary').filter({ hasText: SEARCH_TEXT[lang].found });
}

/** The result rows of the page. */
export function resultRows(page: Page) {
  return page.locator('ol.of-results > li');
}

/**
 * Fails on any serious or critical axe-core (WCAG 2.2 AA) violation of the page as it is, once no
 * result list is dimmed (the previous answer stays at 55% opacity until the new one has rendered):
 * dimmed text fails the contrast rule.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  for (const list of await page.locator('.of-results').all()) await expect(list).toHaveCSS('opacity', '1');
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The visible options of the open Ant Design select or suggestion list. */
export function visibleOptions(page: Page) {
  return page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
}

/** Opens an Ant Design select and chooses the option with this exact text. */
export async function chooseOption(page: Page, combobox: Locator, label: string): Promise<void> {
  await combobox.click();
  await visibleOptions(page).getByText(label, { exact: true }).click();
}
