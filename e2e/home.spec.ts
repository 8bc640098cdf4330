import { expect, test } from '@playwright/test';
import { HOME_TEXT, LANGS, openHome, presetLang } from './support/app';

test.describe('home page', () => {
  for (const lang of LANGS) {
    test(`renders in ${lang} (desktop and mobile screenshots)`, async ({ page }) => {
      await presetLang(page, lang);
      await openHome(page);
      const text = HOME_TEXT[lang];
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.heroTitle);
      await expect(page.getByRole('search').getByRole('button', { name: text.search })).toBeVisible();
      await expect(page.getByRole('link', { name: text.login })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText(`© 2017–${new Date().getFullYear()}`);
      await expect(page).toHaveTitle(/OpenFind/);
      await page.screenshot({ path: `docs/screenshots/home-${lang}.png`, fullPage: true });

      await page.setViewportSize({ width: 375, height: 812 });
      await expect(page.getByRole('button', { name: /菜单|選單|menu/i })).toBeVisible();
      await expect(page.locator('nav.of-header-nav')).toBeHidden();
      await page.screenshot({ path: `docs/screenshots/home-${lang}-mobile.png`, fullPage: true });
    });
  }

  test('submits a search to the results page, keeping the query in the URL', async ({ page }) => {
    await openHome(page);
    const search = page.getByRole('search');
    await search.getByRole('combobox', { name: '检索范围' }).selectOption({ label: '题名' });
    await search.getByRole('searchbox', { name: '检索词' }).fill('中华书局');
    await search.getByRole('searchbox', { name: '检索词' }).press('Enter');
    await expect(page).toHaveURL(
      /\/searchList\?searchField=title&searchFieldContent=%E4%B8%AD%E5%8D%8E%E4%B9%A6%E5%B1%80$/,
    );
    await expect(page.getByRole('heading', { level: 1, name: '检索结果' })).toBeVisible();
    await expect(page.getByRole('search').getByRole('combobox', { name: '检索词' })).toHaveValue('中华书局');
  });

  test('asks for a search term instead of searching for nothing', async ({ page }) => {
    await openHome(page);
    await page.getByRole('search').getByRole('button', { name: '检索' }).click();
    await expect(page).toHaveURL(/\/Home$/);
    await expect(page.getByText('请输入检索词')).toBeVisible();
  });

  test('lists the tenant libraries', async ({ page }) => {
    await openHome(page);
    const libraries = page.getByRole('region', { name: '图书馆与分馆' });
    await expect(libraries.getByRole('listitem')).not.toHaveCount(0);
  });
});
