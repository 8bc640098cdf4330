import { expect, request as api, test, type Page } from '@playwright/test';
import { openHome, presetLang, type Lang } from './support/app';
import { DEMO_ADMIN, adminLogin, adminPath } from './support/admin';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { spaced, webText } from './support/texts';

// The home page's navigation services (issue 30) in the default institution: the explore cards show
// the institution's figures, a quick link's click is counted (read back with the staff usage call),
// the fixed icons show at the right edge and "back to top" scrolls up; the console's home navigation
// screen lists the usage and an administrator saves an icon change. On a phone (390 px, English) only
// "back to top" shows, once the page is scrolled down, and nothing is wider than the screen. axe on each.

const staffText = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `adminHomeNav:${key}`, vars);

test.describe.configure({ timeout: 90_000 });

/** Calls a staff call of the default institution as the demo administrator. */
async function asAdmin<T>(call: (get: (path: string) => Promise<T>) => Promise<T>): Promise<T> {
  const request = await api.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const login = await (
      await request.post('/oga/admin/login', { headers: { mappingPath: '' }, data: DEMO_ADMIN })
    ).json();
    expect(login.success, login.message).toBe(true);
    const headers = { mappingPath: '', [login.data.header as string]: login.data.token as string };
    return await call(async (path) => {
      const res = await (await request.get(path, { headers })).json();
      expect(res.success, res.message).toBe(true);
      return res.data as T;
    });
  } finally {
    await request.dispose();
  }
}

type Usage = { elements: { element: string; kind: string; count: number }[] };
const quickLinkCount = () =>
  asAdmin<number>(async (get) => {
    const usage = (await get('/find/admin/homePage/usage?days=1')) as unknown as Usage;
    return usage.elements.find((r) => r.element === 'quickLink.databases' && r.kind === 'click')?.count ?? 0;
  });

const scrollToEnd = (page: Page) => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

test('zh-CN: figures, a counted quick link, the fixed icons; the console shows usage and saves an icon', async ({
  page,
}) => {
  const lang: Lang = 'zh-CN';
  await presetLang(page, lang);
  await openHome(page);

  // The explore cards carry the institution's figures.
  const figure = page.getByTestId('quick-figure-databases');
  await expect(figure).toHaveText(/\d/);
  await expect(page.getByTestId('quick-figure-journals')).toHaveText(/\d/);

  // The fixed icons, in the seed's order; "back to top" scrolls up.
  const bar = page.getByRole('navigation', { name: webText(lang, 'common:fixedIcons.label') });
  await expect(bar).toBeVisible({ timeout: 10_000 });
  await expect(bar.getByRole('link', { name: '意见反馈' })).toBeVisible();
  await expect(bar.getByRole('button', { name: '微信公众号' })).toBeVisible();
  await expectNoBlockingViolations(page);
  await scrollToEnd(page);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await bar.getByRole('button', { name: '返回顶部' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // A quick link's click is counted.
  const before = await quickLinkCount();
  await page.getByRole('link', { name: new RegExp(webText(lang, 'home:explore.databases.name')) }).click();
  await expect(page).toHaveURL(/\/dataBaseNav/);
  await expect.poll(quickLinkCount, { timeout: 10_000 }).toBe(before + 1);

  // The console: the usage lists it; the administrator renames an icon and saves.
  await adminLogin(page, { ...DEMO_ADMIN, lang });
  await page.goto(adminPath('', 'home-navigation'));
  await expect(page.getByRole('heading', { level: 1, name: staffText(lang, 'title') })).toBeVisible({
    timeout: 30_000,
  });
  const elements = page.getByTestId('home-usage-elements');
  await expect(elements).toContainText('quickLink.databases');
  await expect(page.getByTestId('home-usage-total-click')).toContainText(/\d/);
  await expectNoBlockingViolations(page);

  await page.getByRole('tab', { name: staffText(lang, 'tabs.icons') }).click();
  const second = page.getByTestId('fixed-icon-item').nth(1);
  const nameEn = `Feedback ${test.info().retry + 1}`;
  await second.getByLabel(staffText(lang, 'editor.nameEn')).fill(nameEn);
  await page.getByRole('button', { name: spaced(staffText(lang, 'editor.save')) }).click();
  await expect(page.getByText(webText(lang, 'adminHomeNav:editor.unsaved'))).toBeHidden();
  const saved = await asAdmin<{ list: { nameEn: string }[] }>(
    async (get) => (await get('/find/admin/homePage/fixedIcons')) as { list: { nameEn: string }[] },
  );
  expect(saved.list[1]?.nameEn).toBe(nameEn);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoBlockingViolations(page);
});

test('en-US at 390 px: only "back to top", once scrolled down, and nothing overflows', async ({ page }) => {
  const lang: Lang = 'en-US';
  await page.setViewportSize({ width: 390, height: 844 });
  await presetLang(page, lang);
  await openHome(page);
  await expect(page.getByTestId('quick-figure-databases')).toHaveText(/\d/);
  const bar = page.getByRole('navigation', { name: webText(lang, 'common:fixedIcons.label'), includeHidden: true });
  await expect(bar).toHaveCount(1, { timeout: 10_000 });
  // At the top of the page the bar covers nothing.
  await expect(bar).toBeHidden();
  expect(await horizontalOverflow(page)).toBe(0);
  await expectNoBlockingViolations(page);

  await scrollToEnd(page);
  const top = page.getByRole('button', { name: 'Back to top' });
  await expect(top).toBeVisible();
  await expect(page.getByRole('link', { name: 'Feedback', exact: false })).toHaveCount(0);
  await top.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(bar).toBeHidden();
});
