import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { openPage, presetLang, type Lang } from './support/app';
import { startSession } from './support/account';
import { passTour } from './support/auth';
import { resultRows } from './support/search-text';

/** The demo reader of the default institution (README). */
const READER = { account: 'reader', password: 'Reader2026' };

const TEXT: Record<Lang, { add: RegExp; kept: RegExp; added: string; removed: string; recordAdd: string }> = {
  'zh-CN': { add: /^收藏《/, kept: /^取消收藏《/, added: '收藏成功', removed: '已取消收藏', recordAdd: '收藏' },
  'zh-TW': { add: /^收藏《/, kept: /^取消收藏《/, added: '收藏成功', removed: '已取消收藏', recordAdd: '收藏' },
  'en-US': {
    add: /^Add “/,
    kept: /^Remove “/,
    added: 'Added to favourites',
    removed: 'Removed from favourites',
    recordAdd: 'Add to favourites',
  },
};

async function loggedIn(page: Page, lang: Lang) {
  await presetLang(page, lang);
  await startSession(page, '', READER.account, READER.password);
}

for (const lang of ['zh-CN', 'zh-TW', 'en-US'] as const) {
  test(`a logged-in reader keeps and drops a favourite from the results and the record page (${lang})`, async ({
    page,
  }) => {
    const text = TEXT[lang];
    await loggedIn(page, lang);
    // Each language keeps a different result, so that the runs do not meet.
    const row = { 'zh-CN': 0, 'zh-TW': 1, 'en-US': 2 }[lang];
    await openPage(page, '/searchList?searchFieldContent=%E4%B8%AD%E5%9B%BD');
    await passTour(page);
    const result = resultRows(page).nth(row);
    await result.getByRole('button', { name: text.add }).click();
    await expect(page.getByText(text.added)).toBeVisible();
    const kept = result.getByRole('button', { name: text.kept });
    await expect(kept).toHaveAttribute('aria-pressed', 'true');

    // The server keeps it: a reload still shows it kept, and so does the record page.
    await page.reload();
    await expect(resultRows(page).nth(row).getByRole('button', { name: text.kept })).toBeVisible();
    await resultRows(page).nth(row).getByRole('link').first().click();
    await expect(page).toHaveURL(/bookDetails\/\d+/);
    const onRecord = page.locator('.of-record-actions').getByRole('button', { name: text.kept });
    await expect(onRecord).toHaveAttribute('aria-pressed', 'true');

    // Dropped on the record page: the results say so too when the reader goes back.
    await onRecord.click();
    await expect(page.getByText(text.removed)).toBeVisible();
    await expect(page.locator('.of-record-actions').getByRole('button', { name: text.add })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await page.goBack();
    await expect(resultRows(page).nth(row).getByRole('button', { name: text.add })).toBeVisible();
  });
}

test('a frozen reader is told why a favourite is refused: the server message, nothing kept', async ({ page }) => {
  await presetLang(page, 'zh-CN');
  await startSession(page, '', 'frozen', READER.password);
  await openPage(page, '/searchList?searchFieldContent=%E4%B8%AD%E5%9B%BD');
  await passTour(page);
  const result = resultRows(page).first();
  await result.getByRole('button', { name: TEXT['zh-CN'].add }).click();
  await expect(page.getByText('您的账号已被冻结，暂时不能添加收藏。如有疑问，请联系图书馆。')).toBeVisible();
  await expect(result.getByRole('button', { name: TEXT['zh-CN'].add })).toHaveAttribute('aria-pressed', 'false');
});
