import { expect, test } from '@playwright/test';
import { openHome, openPage } from './support/app';

test.describe('routing', () => {
  test('the root redirects to /Home', async ({ page }) => {
    await openHome(page, '/');
    await expect(page).toHaveURL(/\/Home$/);
  });

  test('unknown paths land on /Home, for the default tenant and for another', async ({ page }) => {
    // A first segment that is no route of the app names a tenant, so unknown pages are tested below one.
    await openHome(page, '/searchList/no/such/page');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/Home$/);
    await openHome(page, '/Home/anything');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/Home$/);
    await openHome(page, '/beiling/no-such-page');
    await expect(page).toHaveURL(/\/beiling\/Home$/);
    // A lone unknown segment is an unknown page of the default portal, not an institution.
    await openHome(page, '/no-such-page');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/Home$/);
  });

  test('a deep link shows its screen as not available yet, inside the shell', async ({ page }) => {
    // A screen of the roadmap (the custom tabs of My Library): every navigation route is built now.
    await openPage(page, '/personalCenter/customTabs');
    await expect(page.getByRole('heading', { level: 1, name: '自定义栏目' })).toBeVisible();
    await expect(page.getByText('“自定义栏目”功能正在建设中')).toBeVisible();
    await page.getByRole('link', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/Home$/);
  });

  test('login is shown without the shell', async ({ page }) => {
    // The header's login link opens the login dialog (auth specs); the screen has its own address.
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: '读者登录' })).toBeVisible();
    await expect(page).toHaveTitle(/登录/);
    await expect(page.locator('header.of-header')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });

  test('/drivePurchas hides the header', async ({ page }) => {
    await page.goto('/drivePurchas');
    await expect(page.getByRole('heading', { level: 1, name: '读者决策采购' })).toBeVisible();
    await expect(page.locator('header.of-header')).toHaveCount(0);
  });

  test('personal entries outside 4,5,6,7,8,10,11,14 and an empty external keyword go home', async ({ page }) => {
    // An entry that exists: My Library, which sends a visitor to the login screen first.
    await page.goto('/personalExternal/5');
    await expect(page).toHaveURL(/\/login$/);
    await openHome(page, '/personalExternal/3');
    await expect(page).toHaveURL(/\/Home$/);
    await openHome(page, '/searchListExternal/title//2');
    await expect(page).toHaveURL(/\/Home$/);
  });

  test('/aiSearch exists only where the institution enables it', async ({ page }) => {
    await openHome(page, '/aiSearch');
    await expect(page).toHaveURL(/\/Home$/);
    await openPage(page, '/xihu/aiSearch');
    await expect(page.getByRole('heading', { level: 1, name: 'AI 检索' })).toBeVisible();
  });

  test('an unknown tenant shows the server message and a link to the default portal', async ({ page }) => {
    await page.goto('/nosuchlibrary/Home');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('nosuchlibrary');
    await page.getByRole('link', { name: '前往默认门户' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/Home$/);
    await expect(page.locator('header.of-header')).toBeVisible();
  });
});
