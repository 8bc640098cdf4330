import { expect, request as api, test } from '@playwright/test';
import { LANGS, openPage, presetLang, type Lang } from './support/app';
import { startSession } from './support/account';
import { DEMO_ADMIN, DEMO_DESK, adminLogin, adminPath } from './support/admin';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { serverText, spaced, webText } from './support/texts';
import { startDeliveryStandIn, type DeliveryStandIn } from '../apps/server/test/support/doc-delivery-standin';

// Document delivery (My Library key 19) in the three languages (English on a phone 390 px wide): the
// demo institution's service is a real HTTP stand-in started here; the entry shows, its link opens the
// service signed for the reader (e2e/support/prepare-doc-delivery.mjs), a malformed ISSN is refused
// in the form, the request is sent and shows as sent with the service's number, and the service got
// it. In Chinese the desk sees it in the console and the administrator the settings. axe finds nothing
// serious; nothing is wider than the phone. The service is switched off again at the end.

const PASSWORD = 'Reader2026';
const dd = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `docDelivery:${key}`, vars);
const admin = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `adminDocDelivery:${key}`, vars);

// One worker for the file: the stand-in lives in it, and the institution's settings name it.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let service: DeliveryStandIn;

/** Sets (or switches off) the default institution's service through the console's call, as its administrator. */
async function setService(enabled: boolean): Promise<void> {
  const request = await api.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const login = await (
      await request.post('/oga/admin/login', { headers: { mappingPath: '' }, data: DEMO_ADMIN })
    ).json();
    expect(login.success, login.message).toBe(true);
    const headers = { mappingPath: '', [login.data.header as string]: login.data.token as string };
    const base = new URL(service.url);
    const res = await (
      await request.post('/find/admin/docDelivery/saveSettings', {
        headers,
        data: {
          enabled,
          loginUrl: `${base.origin}/login`,
          serviceUrl: service.url,
          secret: 'e2e-shared-secret-0123456789',
        },
      })
    ).json();
    expect(res.success, res.message).toBe(true);
  } finally {
    await request.dispose();
  }
}

test.beforeAll(async () => {
  service = await startDeliveryStandIn();
  await setService(true);
});
test.afterAll(async () => {
  if (service) {
    await setService(false);
    await service.close();
  }
});

for (const lang of LANGS) {
  const phone = lang === 'en-US';
  test(`a reader opens the delivery service and asks for an article (${lang}${phone ? ', 390 px' : ''})`, async ({
    page,
    browser,
  }) => {
    if (phone) await page.setViewportSize({ width: 390, height: 844 });
    await presetLang(page, lang);
    await startSession(page, '', `dd-${lang}`, PASSWORD);
    await openPage(page, '/personalCenter?key=19');
    await expect(page.getByRole('link', { name: webText(lang, 'myLibrary:entries.19'), exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // The way into the service: signed for this reader, in a new window.
    const open = page.getByRole('link', { name: new RegExp(`^${dd(lang, 'openService')}`) });
    await expect(open).toBeVisible({ timeout: 30_000 });
    const href = new URL((await open.getAttribute('href'))!);
    expect(href.searchParams.get('uid')).toBe(`dd-${lang}`);
    expect(href.searchParams.get('sign')).toMatch(/^[0-9a-f]{64}$/);
    const [popup] = await Promise.all([page.waitForEvent('popup'), open.click()]);
    await expect(popup.getByRole('heading')).toHaveText(`Delivery stand-in: dd-${lang}`);
    await popup.close();

    // The form: a wrong ISSN is refused before anything is sent, then the request goes.
    const title = `文献传递测试 e2e ${lang} ${Date.now() % 1_000_000}`;
    const form = page.locator('.of-dd-form');
    await form.getByLabel(dd(lang, 'fields.publicationName')).fill('Nature');
    await form.getByLabel(dd(lang, 'fields.articleTitle')).fill(title);
    await form.getByLabel(dd(lang, 'fields.year')).fill('2020');
    await form.getByLabel(dd(lang, 'fields.issn')).fill('0028-0837');
    await form.getByRole('button', { name: spaced(dd(lang, 'submit')) }).click();
    await expect(form.getByRole('alert')).toHaveText(dd(lang, 'errors.badIssn'));
    await expect(form.getByLabel(dd(lang, 'fields.issn'))).toBeFocused();
    await form.getByLabel(dd(lang, 'fields.issn')).fill('0028-0836');
    if (phone) expect(await horizontalOverflow(page)).toBe(0);
    // From the top: the sticky header stays over what is scrolled below it (axe counts covered targets as small).
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoBlockingViolations(page);
    const before = service.received.length;
    await form.getByRole('button', { name: spaced(dd(lang, 'submit')) }).click();
    await expect(page.getByText(serverText(lang, 'docSaved'))).toBeVisible({ timeout: 30_000 });
    const item = page.getByTestId('doc-delivery-request').filter({ hasText: title });
    await expect(item).toContainText(dd(lang, 'status.sent'));
    await expect(item).toContainText(/DD-\d+/);
    expect(service.received.length).toBe(before + 1);
    expect(service.received.at(-1)!.json.document.articleTitle).toBe(title);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoBlockingViolations(page);
    if (phone) expect(await horizontalOverflow(page)).toBe(0);

    if (lang !== 'zh-CN') return;
    // The desk sees it in the console; the settings are for administrators.
    const deskContext = await browser.newContext({ locale: lang });
    const deskPage = await deskContext.newPage();
    await adminLogin(deskPage, { ...DEMO_DESK, lang });
    await deskPage.goto(adminPath('', 'document-delivery'));
    const row = deskPage.getByTestId('dd-admin-item').filter({ hasText: title });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(row).toContainText(admin(lang, 'status.sent'));
    await expectNoBlockingViolations(deskPage);
    await deskPage.getByRole('tab', { name: admin(lang, 'tabs.settings') }).click();
    await expect(deskPage.getByText(admin(lang, 'settings.adminsOnly'))).toBeVisible();
    await deskContext.close();
    const chiefContext = await browser.newContext({ locale: lang });
    const chief = await chiefContext.newPage();
    await adminLogin(chief, { ...DEMO_ADMIN, lang });
    await chief.goto(adminPath('', 'document-delivery'));
    await chief.getByRole('tab', { name: admin(lang, 'tabs.settings') }).click();
    await expect(chief.getByLabel(admin(lang, 'settings.serviceUrl'))).toHaveValue(service.url);
    await expect(chief.getByText(admin(lang, 'settings.secretSet', { min: 16 }))).toBeVisible();
    await expectNoBlockingViolations(chief);
    await chiefContext.close();
  });
}
