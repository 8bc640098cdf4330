import { expect, test } from '@playwright/test';
import { HOME_TEXT, openHome, presetLang } from './support/app';

test.describe('language switch', () => {
  test('switches to English, survives a reload, and Ant Design follows', async ({ page }) => {
    await openHome(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await page.getByRole('button', { name: /语言/ }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'English' }).click()]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOME_TEXT['en-US'].heroTitle);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    expect(await page.evaluate(() => localStorage.getItem('langFlag'))).toBe('en-US');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOME_TEXT['en-US'].heroTitle);
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    // The longer English menu does not fit beside the tools at 1280 px, so it sits in the drawer.
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'Resource search' })).toBeVisible();
    await expect(drawer.locator('.ant-drawer-close')).toHaveAttribute('aria-label', 'Close');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // Ant Design's own text: the modal's close button is labelled by antd's locale.
    await page.getByRole('button', { name: 'Help' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('.ant-modal-close')).toHaveAttribute('aria-label', 'Close');
  });

  test('shows Traditional Chinese everywhere, Ant Design included', async ({ page }) => {
    await presetLang(page, 'zh-TW');
    await openHome(page);
    await expect(page.getByRole('link', { name: '資源檢索' })).toBeVisible();
    await page.getByRole('button', { name: '說明' }).click();
    await expect(page.getByRole('dialog').locator('.ant-modal-close')).toHaveAttribute('aria-label', '關閉');
  });

  test('keeps Ant Design in Simplified Chinese by default', async ({ page }) => {
    await openHome(page);
    await page.getByRole('button', { name: '帮助' }).click();
    await expect(page.getByRole('dialog').locator('.ant-modal-close')).toHaveAttribute('aria-label', '关闭');
  });
});
