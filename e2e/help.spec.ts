import { expect, test } from '@playwright/test';
import { openHome, withoutFirstAnswers } from './support/app';

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

test('configured help text cannot run script: the bypasses of a hand-written sanitiser are removed', async ({
  page,
}) => {
  // The server cleans helpHtml too; here the browser gets it raw, as from an older server (and asks for
  // the configuration itself, not from the page's first answers).
  await withoutFirstAnswers(page);
  const helpHtml = [
    '<p>借阅帮助</p>',
    '<p><a href="&#1;javascript:window.__xss=1">one</a></p>',
    '<p><a href="java&#9;script:window.__xss=2">two</a></p>',
    '<p><a href="javas&#10;cript:window.__xss=3">three</a></p>',
    '<svg width="120" height="30"><a><animate attributeName="href" values="javascript:window.__xss=4"/>',
    '<text x="5" y="20">four</text></a></svg>',
    '<svg width="120" height="30"><a><set attributeName="href" to="javascript:window.__xss=5"/>',
    '<text x="5" y="20">five</text></a></svg>',
    '<img src="x" onerror="window.__xss=6" alt="">',
    '<p><a href="https://example.org/rules" target="_blank">规则</a></p>',
  ].join('');
  await page.route('**/find/findConfig/getFindConfig', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { data: Record<string, unknown> };
    body.data.helpHtml = helpHtml;
    await route.fulfill({ response: res, json: body });
  });
  await openHome(page);
  await page.getByRole('button', { name: '帮助' }).click();
  const dialog = page.getByRole('dialog', { name: '使用帮助' });
  await expect(dialog).toContainText('借阅帮助');
  for (const name of ['one', 'two', 'three']) await dialog.getByText(name, { exact: true }).click();
  await expect(dialog.getByText('four')).toHaveCount(0);
  await expect(dialog.getByText('five')).toHaveCount(0);
  await expect(dialog.locator('.of-help svg, .of-help img[onerror]')).toHaveCount(0);
  const rules = dialog.getByRole('link', { name: '规则' });
  await expect(rules).toHaveAttribute('href', 'https://example.org/rules');
  await expect(rules).toHaveAttribute('rel', 'noopener noreferrer');
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
});
