import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { parseBibtex, parseRis } from '../apps/web/src/features/record/cite/read-back';
import { LANGS, openPage, presetLang } from './support/app';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import type { Lang } from './support/app';

/** A demo record with copies in two libraries (the demo catalogue is deterministic). */
const RECORD = '/searchList/bookDetails/5';

/** Texts of the page per language (from the locale files; the row labels come from the server). */
const TEXT: Record<
  Lang,
  {
    firstRow: string;
    holdings: string;
    callNo: string;
    marcTab: string;
    cite: string;
    login: string;
    favourite: string;
  }
> = {
  'zh-CN': {
    firstRow: '题名/责任者',
    holdings: '馆藏信息',
    callNo: '索书号',
    marcTab: 'MARC 记录',
    cite: '引用与导出',
    login: '请登录',
    favourite: '收藏',
  },
  'zh-TW': {
    firstRow: '題名/責任者',
    holdings: '館藏資訊',
    callNo: '索書號',
    marcTab: 'MARC 記錄',
    cite: '引用與匯出',
    login: '請登入',
    favourite: '收藏',
  },
  'en-US': {
    firstRow: 'Title/Responsibility',
    holdings: 'Holdings',
    callNo: 'Call number',
    marcTab: 'MARC record',
    cite: 'Cite and export',
    login: 'Please log in',
    favourite: 'Add to favourites',
  },
};

async function openRecord(page: Page, path = RECORD) {
  await openPage(page, path);
  await expect(page.locator('.of-record-title')).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test.describe('record details', () => {
  for (const lang of LANGS) {
    test(`rows, holdings, tabs and dialogs in ${lang}; axe; desktop and 375 px`, async ({ page }) => {
      test.setTimeout(90_000);
      const text = TEXT[lang];
      await presetLang(page, lang);
      await openRecord(page);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toContainText(/\[.+\]/);
      await expect(page.locator('.of-basic-row dt').first()).toHaveText(text.firstRow);
      expect(await page.locator('.of-basic-row').count()).toBeGreaterThan(3);

      const holdings = page.getByRole('region', { name: text.holdings });
      await expect(holdings.getByRole('table')).toHaveCount(2);
      await expect(holdings.getByRole('columnheader', { name: text.callNo }).first()).toBeVisible();
      await expectNoBlockingViolations(page);
      await page.screenshot({ path: `docs/screenshots/record-${lang}.png`, fullPage: true });

      await page.getByRole('tab', { name: text.marcTab }).click();
      await expect(page.getByRole('tabpanel')).toBeVisible();

      await page.getByRole('button', { name: text.cite }).click();
      const dialog = page.getByRole('dialog', { name: text.cite });
      await expect(dialog.locator('[data-style="gbt7714"]')).toContainText('[M].');
      await expectNoBlockingViolations(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await page.getByRole('button', { name: text.favourite }).click();
      const login = page.getByRole('dialog', { name: text.login });
      await expect(login).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(login).toBeHidden();

      await page.setViewportSize({ width: 375, height: 812 });
      await expect(heading).toBeVisible();
      // The header adapts to the new width in the next frames: wait for the layout to settle.
      await expect.poll(() => horizontalOverflow(page)).toBe(0);
      await expectNoBlockingViolations(page);
      await page.screenshot({ path: `docs/screenshots/record-${lang}-mobile.png`, fullPage: true });
    });
  }

  test('exports RIS, BibTeX and EndNote files that parse back with the record', async ({ page }) => {
    await openRecord(page);
    const title = (await page.locator('.of-record-title').innerText()).replace(/^\[[^\]]+\]\s*/, '').trim();
    await page.getByRole('button', { name: '引用与导出' }).click();
    const dialog = page.getByRole('dialog', { name: '引用与导出' });

    const download = async (name: RegExp) => {
      const [file] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name }).click()]);
      return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
    };
    const ris = await download(/^RIS/);
    expect(ris.name).toBe('record-5.ris');
    const [reference] = parseRis(ris.text);
    expect(reference!.type).toBe('BOOK');
    expect(reference!.fields.TI).toEqual([title]);
    expect(reference!.fields.AU?.length).toBeGreaterThan(0);

    const bib = await download(/^BibTeX/);
    expect(bib.name).toBe('record-5.bib');
    const [entry] = parseBibtex(bib.text);
    expect(entry).toMatchObject({ type: 'book', key: 'openfind5' });
    expect(entry!.fields.title).toBe(title);

    const enw = await download(/^EndNote/);
    expect(enw.name).toBe('record-5.enw');
    expect(enw.text.startsWith('%0 Book\n')).toBe(true);
    expect(enw.text).toContain(`%T ${title}`);
    await page.screenshot({ path: 'docs/screenshots/record-cite-zh-CN.png' });
  });

  test('works with the keyboard: tabs move with the arrow keys, dialogs close with Escape', async ({ page }) => {
    await openRecord(page);
    const infoTab = page.getByRole('tab', { name: '详细信息' });
    await infoTab.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tab', { name: 'MARC 记录' })).toHaveAttribute('aria-selected', 'true');
    const qr = page.getByRole('button', { name: '手机扫码' });
    await qr.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '用手机打开' });
    await expect(dialog.getByRole('img', { name: '打开本记录的二维码' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('asks to log in before posting a review', async ({ page }) => {
    await openRecord(page);
    await page.getByLabel('书评内容').fill('好书');
    await page.getByRole('button', { name: '发表', exact: true }).click();
    const prompt = page.getByRole('dialog', { name: '请登录' });
    await expect(prompt).toContainText('发表书评');
    await prompt.getByRole('button', { name: '去登录' }).click();
    // The login dialog opens over the record, saying what the login is for.
    const login = page.getByRole('dialog', { name: '登录', exact: true });
    await expect(login).toContainText('发表书评');
    await expect(login.getByLabel('账号', { exact: true })).toBeFocused();
  });

  test('an unknown record shows a not-found page, not an error', async ({ page }) => {
    await openPage(page, '/searchList/bookDetails/99999999');
    await expect(page.getByRole('heading', { level: 1, name: '没有找到这条记录' })).toBeVisible();
    await openPage(page, '/searchList/bookDetails/abc');
    await expect(page.getByRole('heading', { level: 1, name: '没有找到这条记录' })).toBeVisible();
  });
});
