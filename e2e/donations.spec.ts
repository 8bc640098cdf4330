import { expect, test, type Browser, type Page } from '@playwright/test';
import { LANGS, openPage, presetLang, type Lang } from './support/app';
import { startSession } from './support/account';
import { DEMO_DESK, adminLogin, adminPath } from './support/admin';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { spaced, webText } from './support/texts';

// Book donations (issue 29, My Library key 11; the staff queue of issue 28), in the default
// institution, in the three languages (English on a phone 390 px wide): a reader offers two books on
// /donate, sees the donation "submitted" in My Library; the desk accepts it in the console with a reply;
// the reader then sees "accepted" with the reply, and the donors list of /bookDonate shows their name.
// axe finds nothing serious on each screen, nothing is wider than the phone.

/** What e2e/support/prepare-donations.mjs prepares: a reader per language in the default institution. */
const DONOR_PASSWORD = 'Reader2026';
const donorAccount = (lang: Lang) => `donor-${lang}`;

const text = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `donations:${key}`, vars);
const staffText = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `adminDonations:${key}`, vars);

/** The phone-sized language. */
const PHONE: Lang = 'en-US';

// A login, several screens with axe, a console login and the portal again, on a shared machine.
test.describe.configure({ timeout: 150_000 });

/** The desk accepts the reader's donation on the console's donations screen (its own browser context). */
async function acceptInConsole(browser: Browser, lang: Lang, account: string, reply: string) {
  const context = await browser.newContext({ viewport: lang === PHONE ? { width: 390, height: 844 } : undefined });
  const page = await context.newPage();
  try {
    await adminLogin(page, { ...DEMO_DESK, lang });
    await page.goto(adminPath('', 'donations'));
    await expect(page.getByRole('heading', { level: 1, name: staffText(lang, 'title') })).toBeVisible({
      timeout: 30_000,
    });
    // This reader's donations only.
    const filters = page.getByRole('search', { name: staffText(lang, 'filter.label') });
    await filters.getByLabel(staffText(lang, 'filter.text'), { exact: true }).fill(account);
    await filters.getByRole('button', { name: spaced(webText(lang, 'admin:queue.search')) }).click();
    const item = page.getByTestId('donation-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(account);
    await expectNoBlockingViolations(page);
    if (lang === PHONE) expect(await horizontalOverflow(page)).toBe(0);

    await item.getByTestId('donation-accepted').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(staffText(lang, 'dialog.reply'), { exact: true }).fill(reply);
    await dialog.getByRole('button', { name: spaced(staffText(lang, 'actions.accepted')) }).click();
    await expect(dialog).toBeHidden();
    // Waiting donations are listed by default: the accepted one has left the list.
    await expect(item).toHaveCount(0);
  } finally {
    await context.close();
  }
}

/** Opens My Library's donations entry. */
async function openMine(page: Page, lang: Lang) {
  await openPage(page, '/personalCenter?key=11');
  await expect(page.getByRole('heading', { level: 2, name: webText(lang, 'myLibrary:entries.11') })).toBeVisible();
  await expect(page.getByTestId('my-donations')).toBeVisible({ timeout: 20_000 });
}

for (const lang of LANGS) {
  test(`a reader offers two books, the desk accepts them, the donors list names the reader (${lang}${lang === PHONE ? ', 390 px' : ''})`, async ({
    page,
    browser,
  }) => {
    if (lang === PHONE) await page.setViewportSize({ width: 390, height: 844 });
    const account = donorAccount(lang);
    const donor = `捐书人${lang}`;
    await presetLang(page, lang);

    // A visitor is asked to log in first.
    await openPage(page, '/donate');
    await expect(page.getByRole('heading', { level: 1, name: text(lang, 'titles.donate') })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByTestId('donate-login')).toBeVisible();

    await startSession(page, '', account, DONOR_PASSWORD);
    await openPage(page, '/donate');
    const form = page.getByRole('form', { name: text(lang, 'donate.formLabel') });
    await expect(form).toBeVisible({ timeout: 20_000 });

    // Sending an empty form: the title is asked for beside its field.
    await page.getByTestId('donate-submit').click();
    await expect(form.getByText(text(lang, 'donate.errors.titleRequired'))).toBeVisible();

    const book = (n: number) => form.getByRole('listitem', { name: text(lang, 'donate.bookN', { n }) });
    await book(1)
      .getByRole('textbox', { name: text(lang, 'donate.fields.title'), exact: true })
      .fill(`红楼梦 ${lang}`);
    await book(1)
      .getByRole('textbox', { name: text(lang, 'donate.fields.isbn'), exact: true })
      .fill('978-7-02-000220-7');
    await book(1)
      .getByRole('spinbutton', { name: text(lang, 'donate.fields.copies'), exact: true })
      .fill('2');
    await page.getByTestId('donate-add-book').click();
    await book(2)
      .getByRole('textbox', { name: text(lang, 'donate.fields.title'), exact: true })
      .fill(`围城 ${lang}`);
    await expect(form.getByRole('textbox', { name: text(lang, 'donate.fields.donorName'), exact: true })).toHaveValue(
      donor,
    );
    await form
      .getByRole('textbox', { name: text(lang, 'donate.fields.contactPhone'), exact: true })
      .fill('13800138000');
    // From the top: a field scrolled under the sticky header reads as a target the header covers.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoBlockingViolations(page);
    if (lang === PHONE) expect(await horizontalOverflow(page)).toBe(0);
    await page.getByTestId('donate-submit').click();
    await expect(page.getByTestId('donate-thanks')).toBeVisible();
    await expect(page.getByTestId('donate-thanks')).toContainText(`红楼梦 ${lang}`);

    // My Library: submitted.
    await openMine(page, lang);
    const mine = page.getByTestId('my-donations').locator('li').first();
    await expect(mine.getByTestId('donation-status')).toHaveText(text(lang, 'status.submitted'));
    await expect(mine).toContainText(`围城 ${lang}`);
    await expectNoBlockingViolations(page);
    if (lang === PHONE) expect(await horizontalOverflow(page)).toBe(0);

    // The desk accepts it, with a reply.
    const reply = `谢谢 thanks ${lang}`;
    await acceptInConsole(browser, lang, account, reply);

    // The reader sees "accepted" and the reply.
    await openMine(page, lang);
    await expect(mine.getByTestId('donation-status')).toHaveText(text(lang, 'status.accepted'));
    await expect(mine).toContainText(reply);

    // The donors list names the reader.
    await openPage(page, '/bookDonate');
    await expect(page.getByRole('heading', { level: 1, name: text(lang, 'titles.home') })).toBeVisible({
      timeout: 20_000,
    });
    const donors = page.getByTestId('donors-list');
    await expect(donors.locator('li').filter({ hasText: donor })).toContainText(`红楼梦 ${lang}`);
    await expectNoBlockingViolations(page);
    if (lang === PHONE) expect(await horizontalOverflow(page)).toBe(0);
  });
}

test('a donation news item opens in full from /bookDonate, its text cleaned', async ({ page }) => {
  await presetLang(page, 'zh-CN');
  await openPage(page, '/bookDonate');
  const news = page.getByRole('region', { name: text('zh-CN', 'home.news') });
  const first = news.getByRole('link').first();
  await expect(first).toBeVisible({ timeout: 20_000 });
  const title = (await first.textContent()) ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/bookDonate\/detail\?id=\d+/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('.of-don-content script')).toHaveCount(0);
  await expectNoBlockingViolations(page);
  // An id that names nothing: said in words.
  await openPage(page, '/bookDonate/detail?id=999999');
  await expect(page.getByRole('alert')).toHaveText(text('zh-CN', 'detail.missing'));
});
