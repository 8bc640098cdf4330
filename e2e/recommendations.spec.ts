import { expect, test } from '@playwright/test';
import { LANGS, openPage, presetLang, type Lang } from './support/app';
import { startSession } from './support/account';
import { DEMO_DESK, adminLogin, adminPath } from './support/admin';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { escapeRegExp, serverText, spaced, webText } from './support/texts';

// Resource recommendation (My Library key 6, /personalCenter/freeOrder) and the staff queue, in the
// three languages (English on a phone 390 px wide): a reader (e2e/support/prepare-rec.mjs, a verified
// e-mail each) looks a book up by title and ISBN (no holdings), recommends it and sees it unprocessed;
// the demo desk account marks it ordered in the console; the reader sees the new state and has the
// inbox message. axe finds nothing serious; nothing is wider than the phone.

const PASSWORD = 'Reader2026';
const rec = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `recommend:${key}`, vars);
const admin = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `adminRecommend:${key}`, vars);

/** A valid ISBN-13 of its own for each run (978 + 9 digits + the check digit). */
function isbnOf(seed: number): string {
  const body = `9787${String(10_000_000 + (seed % 90_000_000)).padStart(8, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += (i % 2 === 0 ? 1 : 3) * Number(body[i]);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

// A busy machine: the console's chunk and the two sessions take their time.
test.describe.configure({ timeout: 240_000 });

for (const [n, lang] of LANGS.entries()) {
  const phone = lang === 'en-US';
  test(`a reader recommends a book, staff order it, the reader sees it and is told (${lang}${phone ? ', 390 px' : ''})`, async ({
    page,
    browser,
  }) => {
    const stamp = Date.now() % 10_000_000;
    const title = `荐购测试 e2e ${lang} ${stamp}`;
    const isbn = isbnOf(stamp * 10 + n);

    // The reader, in a browser of their own.
    const context = await browser.newContext({ locale: lang });
    const reader = await context.newPage();
    if (phone) await reader.setViewportSize({ width: 390, height: 844 });
    await presetLang(reader, lang);
    const session = await startSession(reader, '', `rec-${lang}`, PASSWORD);
    if (n === 0) {
      // A navigation page's "recommend a database" opens the e-resource form.
      await openPage(reader, '/personalCenter/freeOrder?kind=eresource');
      await expect(reader.getByRole('radio', { name: rec(lang, 'kinds.eresource') })).toBeChecked({ timeout: 30_000 });
    }
    await openPage(reader, '/personalCenter/freeOrder');
    // The entry shows (the demo institution takes recommendations, its flags are on) and is the open one.
    await expect(reader.getByRole('link', { name: webText(lang, 'myLibrary:entries.6'), exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const form = reader.locator('.of-rec-form');
    await expect(form).toBeVisible({ timeout: 30_000 });
    await expect(reader.getByTestId('rec-quota')).toHaveText(rec(lang, 'quota', { remaining: 5, quota: 5 }));

    // Title and ISBN first; a wrong ISBN is refused at once.
    await form.getByLabel(rec(lang, 'fields.title')).fill(title);
    await form.getByLabel(rec(lang, 'fields.isbn')).fill('978-7-111-11111-0');
    await form.getByRole('button', { name: spaced(rec(lang, 'lookup')) }).click();
    await expect(form.getByRole('alert')).toHaveText(rec(lang, 'errors.isbn'));
    await form.getByLabel(rec(lang, 'fields.isbn')).fill(`${isbn.slice(0, 3)}-${isbn.slice(3)}`);
    await form.getByRole('button', { name: spaced(rec(lang, 'lookup')) }).click();
    await expect(form.getByText(rec(lang, 'notHeld'))).toBeVisible({ timeout: 30_000 });
    await form.getByLabel(rec(lang, 'fields.author')).fill('王五');
    await form.getByLabel(rec(lang, 'fields.reason')).selectOption('teaching');
    if (phone) expect(await horizontalOverflow(reader)).toBe(0);
    await expectNoBlockingViolations(reader);
    await form.getByRole('button', { name: spaced(rec(lang, 'submit')) }).click();
    await expect(reader.getByText(serverText(lang, 'recSaved'))).toBeVisible({ timeout: 30_000 });
    const item = reader.getByTestId('recommendation').filter({ hasText: title });
    await expect(item).toContainText(rec(lang, 'tabs.unprocessed'));
    await expect(item).toContainText(rec(lang, 'noHoldings'));
    await expect(reader.getByTestId('rec-quota')).toHaveText(rec(lang, 'quota', { remaining: 4, quota: 5 }));
    // From the top: the header stays over what is scrolled below it (axe counts covered targets as small).
    await reader.evaluate(() => window.scrollTo(0, 0));
    await expectNoBlockingViolations(reader);

    // Staff mark it ordered.
    if (phone) await page.setViewportSize({ width: 390, height: 844 });
    await adminLogin(page, { ...DEMO_DESK, lang });
    await page.goto(adminPath('', 'recommendations'));
    const row = page.getByTestId('rec-admin-item').filter({ hasText: title });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(row).toContainText(admin(lang, 'status.unprocessed'));
    if (phone) expect(await horizontalOverflow(page)).toBe(0);
    await expectNoBlockingViolations(page);
    await row.getByRole('button', { name: new RegExp(`^${escapeRegExp(admin(lang, 'decide.ordered'))}`) }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(admin(lang, 'dialog.reply')).fill('已下单 Ordered');
    await dialog.getByRole('button', { name: spaced(admin(lang, 'decide.ordered')) }).click();
    await expect(page.getByText(serverText(lang, 'recDecided', { count: 1 }))).toBeVisible({ timeout: 30_000 });

    // The reader sees the new state under its tab, and has the inbox message.
    await reader.reload();
    await reader.getByRole('button', { name: new RegExp(`^${escapeRegExp(rec(lang, 'tabs.ordered'))}`) }).click();
    const ordered = reader.getByTestId('recommendation').filter({ hasText: title });
    await expect(ordered).toContainText(rec(lang, 'tabs.ordered'));
    await expect(ordered).toContainText('已下单 Ordered');
    const inbox = await reader.request.get('/find/lspNotice/list', {
      headers: { mappingPath: '', [session.jwtHeader]: session.jwt },
    });
    const messages = (await inbox.json()) as { data: { list: { subject: string }[] } };
    expect(messages.data.list.map((m) => m.subject)).toContain(`荐购已订购 Your recommendation is ordered: ${title}`);
    await expectNoBlockingViolations(reader);
    await context.close();
  });
}
