import { expect, test } from '@playwright/test';
import { openHome, withoutFirstAnswers } from './support/app';

const envelope = (success: boolean, errCode: number, message: string) =>
  JSON.stringify({ success, message, errCode, errorCode: null, data: null });

test.describe('global error handling', () => {
  test('a 401 clears the session and shows the session-expired dialog once', async ({ page }) => {
    await withoutFirstAnswers(page);
    await page.addInitScript(() => {
      sessionStorage.setItem('jwt', 'expired-token');
      sessionStorage.setItem('jwtHeader', 'jwtOpacAuth');
    });
    const sentTokens: string[] = [];
    for (const path of ['**/find/findConfig/getMenuList', '**/find/institution/get']) {
      await page.route(path, (route) => {
        sentTokens.push(route.request().headers()['jwtopacauth'] ?? '');
        return route.fulfill({
          status: 401,
          contentType: 'application/json',
          body: envelope(false, 401, '登录已过期'),
        });
      });
    }
    await openHome(page);
    const dialog = page.getByRole('dialog', { name: '登录已失效' });
    await expect(dialog).toContainText('当前登录已失效，请重新登录');
    await expect(page.getByRole('dialog')).toHaveCount(1);
    expect(sentTokens).toContain('expired-token');
    expect(await page.evaluate(() => sessionStorage.getItem('jwt'))).toBeNull();
    // Ant Design's own button text, in the page language.
    await dialog.getByRole('button', { name: '知道了' }).click();
    await expect(dialog).toBeHidden();
    // Then the login dialog opens (issue 6).
    await expect(page.getByRole('dialog', { name: '登录', exact: true })).toBeVisible();
  });

  test('a business failure shows the server message as an error toast', async ({ page }) => {
    await withoutFirstAnswers(page);
    await page.route('**/find/findConfig/getFindConfig', (route) =>
      route.fulfill({ contentType: 'application/json', body: envelope(false, 500, '服务器繁忙，请稍后再试') }),
    );
    await page.goto('/Home');
    await expect(page.locator('.ant-message-error')).toContainText('服务器繁忙，请稍后再试');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('站点配置加载失败');
    await expect(page.getByRole('button', { name: '重试' })).toBeVisible();
  });
});
