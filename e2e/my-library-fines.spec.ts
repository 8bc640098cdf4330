import { expect, test, type APIRequestContext } from '@playwright/test';
import { openPage, presetLang, type Lang } from './support/app';
import { apiLogin, startSession } from './support/account';
import { shelveByApi } from './support/admin';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { serverText, webText } from './support/texts';

/** The demo reader of every demo institution (README): a fine owed, one paid. */
const READER = { account: 'reader', password: 'Reader2026' };
/** Another demo reader in good standing (contacts not verified: nothing here needs them). */
const OTHER = { account: 'unverified', password: 'Reader2026' };
const INSTITUTION: Record<Lang, string> = { 'zh-CN': '', 'zh-TW': 'beiling', 'en-US': 'xihu' };

for (const lang of ['zh-CN', 'zh-TW', 'en-US'] as const) {
  test(`My Library, fines: the tabs, pay at the desk and withdraw it; the take code (${lang})`, async ({ page }) => {
    const base = INSTITUTION[lang] ? `/${INSTITUTION[lang]}` : '';
    const text = (key: string, vars: Record<string, string | number> = {}) => webText(lang, `myLibrary:${key}`, vars);
    await presetLang(page, lang);
    await startSession(page, INSTITUTION[lang], READER.account, READER.password);
    await openPage(page, `${base}/personalCenter?key=7`);
    await expect(page.getByRole('heading', { level: 2, name: text('entries.7') })).toBeVisible();
    await expect(page.locator('.of-fines-owed strong')).toHaveText('¥1.20');
    // The spec's eight tabs, each with its count.
    await expect(page.locator('.of-fines-tab')).toHaveCount(8);
    await expect(page.getByRole('button', { name: new RegExp(`^${text('fines.tabs.all')}\\s*2$`) })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const records = page.locator('.of-loans-list > li');
    await expect(records).toHaveCount(2);
    await expectNoBlockingViolations(page);

    // Nothing chosen: the spec's "select one row first".
    await page.getByRole('button', { name: text('fines.pay'), exact: true }).click();
    await expect(page.getByText(text('fines.selectFirst'))).toBeVisible();

    // Pay the unpaid one at the desk.
    const unpaid = records.filter({ hasText: text('fines.status.unprocessed') });
    await unpaid.getByRole('checkbox').check();
    await page.getByRole('button', { name: text('fines.paySelected', { amount: '1.20' }) }).click();
    const dialog = page.getByRole('dialog', { name: text('fines.payTitle', { amount: '1.20' }) });
    await expect(dialog).toBeVisible();
    await expectNoBlockingViolations(page);
    await dialog.getByRole('button', { name: text('fines.channels.desk') }).click();
    await expect(page.getByText(serverText(lang, 'payAtDesk', { amount: '1.20' }))).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: new RegExp(`^${text('fines.tabs.processing')}\\s*1$`) }).click();
    const pending = page.locator('.of-loans-list > li');
    await expect(pending).toHaveCount(1);
    await expect(pending).toContainText(text('fines.pending'));
    await expectNoBlockingViolations(page);

    // Withdrawn: owed again (and the institution's state is as the other tests expect).
    await pending.getByRole('button', { name: text('fines.withdraw') }).click();
    await expect(page.getByText(serverText(lang, 'payCancelled'))).toBeVisible();
    await page.getByRole('button', { name: new RegExp(`^${text('fines.tabs.unprocessed')}\\s*1$`) }).click();
    await expect(page.locator('.of-loans-list > li')).toHaveCount(1);

    // Loans (a fresh page: the payment's toasts stay behind): a take code for the desk, with its five minutes.
    await openPage(page, `${base}/personalCenter?key=5`);
    await page.getByRole('button', { name: text('codes.show') }).click();
    await expect(page.locator('.of-take-code .of-short-code-digits')).toHaveText(new RegExp(`\\d{6}$`));
    await expect(page.locator('.of-take-code .of-short-code-state')).toHaveText(
      new RegExp(escape(text('codes.left', { minutes: 4, seconds: 'SS' })).replace('SS', '\\d{2}')),
    );
    // Measured from the top: scrolled down, the sticky header lies over the loans' first controls,
    // which axe's target-size rule counts as too small.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoBlockingViolations(page);

    // Reminders: the inbox ones off and on again, and a calendar of the due dates.
    const inbox = page.getByRole('checkbox', { name: text('reminders.inbox') });
    await inbox.uncheck();
    await expect(page.getByText(serverText(lang, 'reminderSettingsSaved'))).toBeVisible();
    await inbox.check();
    await expect(inbox).toBeChecked();
    await page
      .getByRole('button', { name: new RegExp(`^(${text('reminders.feed.create')}|${text('reminders.feed.renew')})$`) })
      .click();
    const address = page.getByLabel(text('reminders.feed.newAddress'));
    await expect(address).toHaveValue(/\/find\/loanInfo\/calendar\/.+\.ics$/);
    const calendar = await page.request.get(await address.inputValue());
    expect(calendar.headers()['content-type']).toContain('text/calendar');
    expect(await calendar.text()).toMatch(/BEGIN:VCALENDAR[\s\S]*BEGIN:VEVENT[\s\S]*END:VCALENDAR/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoBlockingViolations(page);
  });
}

/** A regular-expression-safe text. */
function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Places a request for `account` on the first demo record with a copy on the shelf: held at once, to fetch. */
async function heldRequest(request: APIRequestContext, account: string): Promise<number> {
  const login = await apiLogin(request, '', account, OTHER.password);
  const { jwt, jwtHeader } = login.data as { jwt: string; jwtHeader: string };
  const headers = { mappingPath: '', [jwtHeader]: jwt };
  const libs = await (await request.get('/find/location/takeBookAddress?recordId=1', { headers })).json();
  const pickupLibCode = (libs.data as Array<{ libCode: string }>)[0]!.libCode;
  for (let recordId = 30; recordId < 90; recordId++) {
    const placed = await (
      await request.post('/find/request/place', {
        headers,
        data: { recordId, pickupLibCode, contactPhone: '13800000000' },
      })
    ).json();
    if (!placed.success) continue;
    if (placed.data.status === 'ready') return placed.data.requestId as number;
    await request.post('/find/request/cancel', { headers, data: { requestId: placed.data.requestId } });
  }
  throw new Error('no demo record with a copy on the shelf');
}

test('a ready request handed over to another reader with its code; at 390 px (zh-CN)', async ({
  page,
  browser,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const text = (key: string, vars: Record<string, string | number> = {}) => webText('zh-CN', `myLibrary:${key}`, vars);
  // Its own API context: the page's must not carry this login's cookie into the page's own login.
  const requestId = await heldRequest(request, OTHER.account);
  await presetLang(page, 'zh-CN');
  await startSession(page, '', OTHER.account, OTHER.password);
  await openPage(page, '/personalCenter?key=4');
  // Held, but staff have yet to fetch it: no code and no last day, nothing to hand over yet.
  const fetching = page.locator('.of-loans-list > li').filter({ hasText: text('requests.status.fetching') });
  await expect(fetching.first()).toContainText(text('requests.fetching'));
  await expect(fetching.first().locator('.of-request-code')).toHaveCount(0);
  await expect(fetching.first().getByRole('button', { name: text('codes.handover') })).toHaveCount(0);
  // The desk puts it on the hold shelf: ready, with its code.
  await shelveByApi('', requestId);
  await page.reload();
  const ready = page
    .locator('.of-loans-list > li')
    .filter({ hasText: text('requests.status.ready') })
    .first();
  await ready.getByRole('button', { name: text('codes.handover') }).click();
  const digits = ready.locator('.of-short-code-digits');
  await expect(digits).toHaveText(/\d{6}$/);
  const code = /(\d{6})$/.exec(await digits.innerText())![1]!;
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await expectNoBlockingViolations(page);

  // The demo reader accepts it in their own My Library: a wrong code first.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
  const taker = await context.newPage();
  await presetLang(taker, 'zh-CN');
  await startSession(taker, '', READER.account, READER.password);
  await openPage(taker, '/personalCenter?key=4');
  const field = taker.getByLabel(text('codes.acceptLabel'));
  await field.fill('12');
  await taker.getByRole('button', { name: text('codes.accept'), exact: true }).click();
  await expect(taker.getByRole('alert').filter({ hasText: '请输入正确的取书码！' })).toBeVisible();
  await field.fill(code);
  await taker.getByRole('button', { name: text('codes.accept'), exact: true }).click();
  await expect(taker.getByText(/^已接收《/)).toBeVisible();
  await taker.screenshot({ path: 'docs/screenshots/my-library-requests-zh-CN-mobile.png', fullPage: true });
  await context.close();

  await page.reload();
  await expect(page.locator('.of-loans-list > li').filter({ hasText: text('requests.status.handedOver') })).toHaveCount(
    1,
  );
});
