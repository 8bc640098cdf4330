import { expect, test } from '@playwright/test';
import { openHome } from './support/app';

test('the help modal opens at width 778 and closes with Escape', async ({ page }) => {
  await openHome(page);
  await page.getByRole('button', { name: '帮助' }).click();
  const dialog = page.getByRole('dialog', { name: '使用帮助' });
  await expect(dialog).toBeVisible();
  // Measured once the opening animation has settled.
  await expect.poll(async () => (await page.locator('.ant-modal').boundingBox())?.width).toBe(778);
  await expect(dialog).toContainText('资源检索');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
