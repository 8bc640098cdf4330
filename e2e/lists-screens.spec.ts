import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { LANGS, openHome, openPage, presetLang } from './support/app';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import type { Lang } from './support/app';

/** The list screens and their titles per language (lists.json). */
const SCREENS: Array<{ path: string; name: string; title: Record<Lang, string> }> = [
  {
    path: '/collect',
    name: 'collect',
    title: { 'zh-CN': '热门馆藏', 'zh-TW': '熱門館藏', 'en-US': 'Popular databases' },
  },
  {
    path: '/readRange',
    name: 'readRange',
    title: { 'zh-CN': '热门借阅', 'zh-TW': '熱門借閱', 'en-US': 'Most borrowed' },
  },
  { path: '/grade', name: 'grade', title: { 'zh-CN': '热门评分', 'zh-TW': '熱門評分', 'en-US': 'Top rated' } },
  {
    path: '/hotBook',
    name: 'hotBook',
    title: { 'zh-CN': '热门书单', 'zh-TW': '熱門書單', 'en-US': 'Popular reading lists' },
  },
  {
    path: '/newBookInform',
    name: 'newBookInform',
    title: { 'zh-CN': '新书通报', 'zh-TW': '新書通報', 'en-US': 'New arrivals' },
  },
];

/** The list has loaded: either records/cards or the empty state, never the skeleton or a failure. */
async function expectListSettled(page: Page) {
  await expect(page.locator('.of-list-body .ant-skeleton')).toHaveCount(0);
  await expect(page.locator('.of-list-failed')).toHaveCount(0);
  await expect(page.locator('.of-ranked-item, .of-card, .ant-empty').first()).toBeVisible();
}

test.describe('list screens', () => {
  for (const lang of LANGS) {
    test(`every list screen in ${lang}: title, list or empty state, axe, desktop and 375 px`, async ({ page }) => {
      test.setTimeout(90_000);
      await presetLang(page, lang);
      for (const screen of SCREENS) {
        await page.setViewportSize({ width: 1280, height: 800 });
        await openPage(page, screen.path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.title[lang]);
        await expectListSettled(page);
        await expectNoBlockingViolations(page);
        await page.screenshot({ path: `docs/screenshots/lists-${screen.name}-${lang}.png`, fullPage: true });
        await page.setViewportSize({ width: 375, height: 812 });
        await expect
          .poll(() => horizontalOverflow(page), { message: `${screen.path} is wider than the phone` })
          .toBe(0);
        if (screen.name === 'readRange' || screen.name === 'newBookInform') {
          await expectNoBlockingViolations(page);
          await page.screenshot({ path: `docs/screenshots/lists-${screen.name}-${lang}-mobile.png`, fullPage: true });
        }
      }
    });
  }

  test('new arrivals: records link to their details; filters and page live in the URL', async ({ page }) => {
    await openPage(page, '/newBookInform');
    await expectListSettled(page);
    const first = page.locator('.of-ranked-title').first();
    await expect(first).toHaveAttribute('href', /\/searchList\/bookDetails\/\d+$/);
    await page.getByLabel('到馆时间').selectOption({ label: '一年内' });
    await expect(page).toHaveURL(/\/newBookInform\?time=6$/);
    await expectListSettled(page);
    const pager = page.locator('.of-list-pager');
    if (await pager.isVisible()) {
      await pager.getByTitle('2', { exact: true }).click();
      await expect(page).toHaveURL(/time=6&page=2$/);
      await expect(page.locator('.of-ranked-no').first()).toHaveText('21');
      await page.reload();
      await expect(page.getByLabel('到馆时间')).toHaveValue('6');
    }
    await first.click();
    await expect(page).toHaveURL(/\/searchList\/bookDetails\/\d+$/);
  });

  test('hot borrowing: the period is chosen with the keyboard and kept in the URL', async ({ page }) => {
    await openPage(page, '/readRange');
    await expectListSettled(page);
    const month = page.getByRole('radio', { name: '近一月' });
    await expect(month).toBeChecked();
    await month.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: '近一季度' })).toBeChecked();
    await expect(page).toHaveURL(/\/readRange\?range=90$/);
    await expectListSettled(page);
  });

  test('ratings: best and worst first', async ({ page }) => {
    await openPage(page, '/grade');
    await expectListSettled(page);
    await page.locator('label', { hasText: '评分最低' }).click();
    await expect(page).toHaveURL(/\/grade\?order=2$/);
    await expectListSettled(page);
  });
});

test.describe('home lists', () => {
  for (const lang of LANGS) {
    test(`home lists in ${lang}: shown when they have items, change batch, screenshots`, async ({ page }) => {
      test.setTimeout(60_000);
      await presetLang(page, lang);
      await openHome(page);
      const lists = page.locator('.of-home-list');
      await expect(lists.first()).toBeVisible();
      // Empty lists are hidden: every list shown has items.
      for (const list of await lists.all()) {
        await expect(list.locator('li').first()).toBeVisible();
      }
      await expect(page.locator('.ant-message-error')).toHaveCount(0);
      await page.screenshot({ path: `docs/screenshots/home-lists-${lang}.png`, fullPage: true });
      await page.setViewportSize({ width: 375, height: 812 });
      // The header adapts to the new width in the next frames: wait for the layout to settle.
      await expect.poll(() => horizontalOverflow(page)).toBe(0);
      await expectNoBlockingViolations(page);
      await page.screenshot({ path: `docs/screenshots/home-lists-${lang}-mobile.png`, fullPage: true });
    });
  }

  test('change batch shows the next items of the new-books list', async ({ page }) => {
    await openHome(page);
    const section = page.getByRole('region', { name: '新书推荐' });
    await expect(section).toBeVisible();
    const titles = () => section.locator('.of-home-records a').allInnerTexts();
    const before = await titles();
    await section.getByRole('button', { name: '换一批' }).click();
    await expect.poll(titles).not.toEqual(before);
    await section.getByRole('link', { name: '更多' }).click();
    await expect(page).toHaveURL(/\/newBookInform$/);
  });
});
