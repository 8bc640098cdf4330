import { expect, test, type Locator, type Page } from '@playwright/test';
import { SEARCH_REQUEST_TEMPLATE } from '../packages/contract/src/search';
import { LANGS, openHome, openPage, presetLang, type Lang } from './support/app';
import type { Envelope } from './support/account';
import { DEMO_ADMIN, adminLogin, adminPath } from './support/admin';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { serverText, spaced, webText } from './support/texts';

// The content screen of the staff console (issue 28), in the three languages on a phone 390 px wide,
// in the default institution: the administrator adds a trial database, which readers then find among
// the trial databases with its access kind; publishes a donation news item whose rich text holds a
// script and an event handler, which readers see cleaned; and attaches a small PDF to a record, which
// the record's page then offers as a download. axe finds nothing serious, nothing is wider than the phone.

const text = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `adminContent:${key}`, vars);

/** A small but real PDF. */
function smallPdf(): Buffer {
  const objects = [
    '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n',
    '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n',
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj\n',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const o of objects) {
    offsets.push(body.length);
    body += o;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) body += `${String(o).padStart(10, '0')} 00000 n \n`;
  body += `trailer <</Size ${objects.length + 1} /Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A day `days` from today, YYYY-MM-DD. */
const dayFrom = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Chooses an option of an Ant Design select found by its label. */
async function choose(page: Page, root: Locator, label: string, option: string) {
  await root.getByLabel(label, { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

/** A reader's page of the default institution, in `lang`, 390 px wide. */
async function visitor(page: Page, lang: Lang): Promise<Page> {
  const p = await page.context().newPage();
  await p.setViewportSize({ width: 390, height: 844 });
  await presetLang(p, lang);
  return p;
}

/** The console's content screen, logged in as the demo administrator. */
async function openContent(page: Page, lang: Lang) {
  await page.setViewportSize({ width: 390, height: 844 });
  await adminLogin(page, { ...DEMO_ADMIN, lang });
  await page.goto(adminPath('', 'content'));
  // The screen's chunk and texts load on first use: slow on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: text(lang, 'title') })).toBeVisible({ timeout: 30_000 });
}

// A login, several screens with axe, and the portal afterwards, on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });

for (const lang of LANGS) {
  test(`staff add a trial database, which readers see among the trial databases (${lang}, 390 px)`, async ({
    page,
  }) => {
    await openContent(page, lang);
    await expect(page.getByRole('tab', { name: text(lang, 'tabs.collections') })).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoBlockingViolations(page);

    const name = `试用数据库 e2e ${lang} ${Date.now() % 100000}`;
    await page.getByRole('button', { name: spaced(text(lang, 'collections.add')) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(text(lang, 'form.nameZh')).fill(name);
    await dialog.getByLabel(text(lang, 'form.url'), { exact: true }).fill('https://trial.example.org/');
    await choose(page, dialog, text(lang, 'collections.accessKind'), text(lang, 'accessKinds.trial'));
    // A trial needs its end: the form says so before the server would.
    await dialog.getByRole('button', { name: spaced(text(lang, 'save')) }).click();
    await expect(dialog.getByText(text(lang, 'form.trialEndRequired'))).toBeVisible();
    await expectNoBlockingViolations(page);
    await dialog.getByLabel(text(lang, 'collections.trialEnd')).fill(dayFrom(60));
    await dialog.getByRole('button', { name: spaced(text(lang, 'save')) }).click();
    await expect(page.locator('.ant-message').getByText(serverText(lang, 'contentSaved')).first()).toBeVisible();
    const item = page.locator('.of-content-item').filter({ hasText: name });
    await expect(item).toContainText(text(lang, 'accessKinds.trial'));
    expect(await horizontalOverflow(page)).toBe(0);

    const reader = await visitor(page, lang);
    await openPage(reader, '/collect?kind=trial');
    const card = reader.locator('.of-card').filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card).toContainText(webText(lang, 'lists:hotCollections.access.trial'));
    await expect(card).toContainText(webText(lang, 'lists:hotCollections.trialUntil', { date: dayFrom(60) }));
    await reader.close();
  });

  test(`staff publish donation news with a script in it, which readers see cleaned (${lang}, 390 px)`, async ({
    page,
  }) => {
    await openContent(page, lang);
    await page.getByRole('tab', { name: text(lang, 'tabs.news') }).click();
    const title = `捐赠动态 e2e ${lang} ${Date.now() % 100000}`;
    await page.getByRole('button', { name: spaced(text(lang, 'news.add')) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(text(lang, 'news.titleZh')).fill(title);
    await dialog.getByLabel(text(lang, 'news.donor')).fill('校友会');
    await dialog
      .getByLabel(text(lang, 'news.contentZh'))
      .fill(
        '<p>感谢<b>校友会</b>捐赠图书</p><script>window.__pwned = 1</script><img src="x" alt="" onerror="window.__pwned = 2">',
      );
    // The preview is cleaned as readers will see it.
    const preview = dialog.locator('.of-content-preview');
    await expect(preview.locator('b')).toHaveText('校友会');
    await expect(preview.locator('script')).toHaveCount(0);
    await dialog.getByLabel(text(lang, 'news.publishNow')).click();
    await expectNoBlockingViolations(page);
    await dialog.getByRole('button', { name: spaced(text(lang, 'save')) }).click();
    await expect(page.locator('.ant-message').getByText(serverText(lang, 'contentSaved')).first()).toBeVisible();
    await expect(page.locator('.of-content-item').filter({ hasText: title })).toContainText(text(lang, 'published'));
    expect(await horizontalOverflow(page)).toBe(0);

    const reader = await visitor(page, lang);
    await openHome(reader);
    const news = reader.locator('.of-home-records li').filter({ hasText: title });
    await news.scrollIntoViewIfNeeded();
    await expect(news).toBeVisible();
    await news.getByText(webText(lang, 'lists:home.donationDetails')).click();
    await expect(news.locator('details b')).toHaveText('校友会');
    await expect(news.locator('details script')).toHaveCount(0);
    expect(await news.locator('details img').getAttribute('onerror')).toBeNull();
    expect(await reader.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await reader.close();
  });

  test(`staff attach a small PDF to a record, which its page offers as a download (${lang}, 390 px)`, async ({
    page,
  }) => {
    const found = (await (
      await page.request.post('/find/unify/search', {
        headers: { mappingPath: '', 'content-type': 'application/json' },
        data: { ...SEARCH_REQUEST_TEMPLATE, searchFieldContent: '中国', page: 1, rows: 10 },
      })
    ).json()) as Envelope<{ searchResult: Array<{ recordId: number; title: string }> }>;
    const record = found.data.searchResult[LANGS.indexOf(lang)]!;
    await openContent(page, lang);
    await page.getByRole('tab', { name: text(lang, 'tabs.attachments') }).click();
    await page.getByRole('textbox', { name: text(lang, 'attachments.findRecord') }).fill(String(record.recordId));
    await page.getByRole('button', { name: spaced(text(lang, 'search')) }).click();
    await page
      .getByRole('list', { name: text(lang, 'records.hits') })
      // Each hit's button names its record: "选择: <title>".
      .getByRole('button', { name: `${text(lang, 'attachments.choose')}: ${record.title}` })
      .first()
      .click();
    const name = `目录 e2e ${lang} ${Date.now() % 100000}`;
    await page.getByLabel(text(lang, 'attachments.file')).setInputFiles({
      name: 'contents.pdf',
      mimeType: 'application/pdf',
      buffer: smallPdf(),
    });
    await page.getByLabel(text(lang, 'attachments.name'), { exact: true }).fill(name);
    await page.getByRole('button', { name: spaced(text(lang, 'attachments.upload')) }).click();
    await expect(page.locator('.ant-message').getByText(serverText(lang, 'contentUploaded')).first()).toBeVisible();
    const link = page.getByRole('link', { name });
    await expect(link).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoBlockingViolations(page);

    const reader = await visitor(page, lang);
    await openPage(reader, `/searchList/bookDetails/${record.recordId}`);
    const download = reader.getByRole('link', { name });
    await download.scrollIntoViewIfNeeded();
    await expect(download).toBeVisible();
    const href = (await download.getAttribute('href'))!;
    const file = await reader.request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect(file.headers()['content-disposition']).toMatch(/^attachment;/);
    expect(file.headers()['x-content-type-options']).toBe('nosniff');
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await horizontalOverflow(reader)).toBe(0);
    await reader.close();
  });
}
