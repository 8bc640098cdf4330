import { expect, test } from '@playwright/test';
import { openHome } from './support/app';

test.describe('tenants', () => {
  test('the default tenant uses the default colours and menu', async ({ page }) => {
    await openHome(page);
    const header = page.locator('header.of-header');
    await expect(header).toHaveCSS('background-color', 'rgb(37, 49, 61)');
    await expect(header).toHaveCSS('color', 'rgb(255, 255, 255)');
    const nav = page.getByRole('navigation', { name: '主导航' });
    for (const name of ['资源检索', '浏览', '推荐', '资源导航', '学科服务', '电子图书']) {
      await expect(nav.getByText(name, { exact: true })).toBeVisible();
    }
    await expect(page).toHaveTitle('OpenFind 示范大学图书馆');
  });

  test('/beiling/Home shows its own colours, name and menu', async ({ page }) => {
    await openHome(page, '/beiling/Home');
    await expect(page.locator('header.of-header')).toHaveCSS('background-color', 'rgb(29, 92, 63)');
    await expect(page).toHaveTitle('北岭理工大学图书馆');
    const nav = page.getByRole('navigation', { name: '主导航' });
    await expect(nav.getByRole('link', { name: '首页', exact: true })).toHaveAttribute('href', '/beiling/Home');
    await expect(nav.getByRole('button', { name: '馆藏检索' })).toBeVisible();
    await expect(nav.getByText('资源导航')).toHaveCount(0);
    await page.screenshot({ path: 'docs/screenshots/home-beiling.png' });
  });

  test('submenus open with the keyboard and in-app entries stay below the tenant path', async ({ page }) => {
    await openHome(page, '/beiling/Home');
    const nav = page.getByRole('navigation', { name: '主导航' });
    const catalogue = nav.getByRole('button', { name: '馆藏检索' });
    await catalogue.focus();
    await page.keyboard.press('ArrowDown');
    await expect(catalogue).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: '高级检索' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(nav.getByRole('link', { name: '分类浏览' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(catalogue).toHaveAttribute('aria-expanded', 'false');
    await expect(catalogue).toBeFocused();
    await page.keyboard.press('Enter');
    await nav.getByRole('link', { name: '高级检索' }).click();
    await expect(page).toHaveURL(/\/beiling\/advanceSearch$/);
    await expect(page.getByRole('heading', { level: 1, name: '高级检索' })).toBeVisible();
  });

  test('a jumpMode 2 menu entry opens in a new window', async ({ page, context }) => {
    await openHome(page, '/beiling/Home');
    const link = page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: /图书馆主页/ });
    await expect(link).toHaveAttribute('target', '_blank');
    // Stop the new window at its first request: the address is an example domain.
    await context.route('https://library.beiling.example/**', (route) => route.fulfill({ body: 'ok' }));
    const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await expect(popup).toHaveURL('https://library.beiling.example/');
    await expect(page).toHaveURL(/\/beiling\/Home$/);
  });

  test('black-and-white mode greys /mourning/Home', async ({ page }) => {
    await openHome(page, '/mourning/Home');
    await expect(page.locator('html')).toHaveCSS('filter', 'grayscale(1)');
    await page.screenshot({ path: 'docs/screenshots/home-mourning.png' });
    await openHome(page, '/Home');
    await expect(page.locator('html')).toHaveCSS('filter', 'none');
  });

  test('faint header colours get readable text; logo, icon and search background follow the config', async ({
    page,
  }) => {
    await openHome(page, '/mourning/Home');
    const header = page.locator('header.of-header');
    // Configured white on #f0f0f0 fails WCAG AA, so the text turns black.
    await expect(header).toHaveCSS('background-color', 'rgb(240, 240, 240)');
    await expect(header).toHaveCSS('color', 'rgb(0, 0, 0)');
    // The configured logo does not exist: the fallback image replaces it, and the name is shown.
    await expect(header.locator('.of-logo img')).toHaveAttribute('src', '/image-fallback.svg');
    await expect(header.locator('.of-logo')).toContainText('哀悼测试图书馆');
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/logo.svg');
    await expect(page.locator('.of-hero')).toHaveCSS('background-image', /image-fallback\.svg/);
  });

  test('xihu: special font, consultation phone, director mailbox and the digital library entry', async ({ page }) => {
    await openHome(page, '/xihu/Home');
    await expect(page.locator('body')).toHaveCSS('font-family', /LXGW WenKai/);
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('咨询电话');
    await expect(footer.getByRole('link', { name: /director@/ })).toHaveAttribute('href', /^mailto:director@/);
    await expect(
      page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '数字图书馆' }),
    ).toBeVisible();
  });

  test('the mobile menu opens as a drawer with the same entries', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openHome(page, '/beiling/Home');
    await page.getByRole('button', { name: '打开菜单' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: '新书通报' }).click();
    await expect(page).toHaveURL(/\/beiling\/newBookInform$/);
    await expect(drawer).toBeHidden();
  });
});
