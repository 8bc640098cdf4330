import { expect, test, type Page } from '@playwright/test';
import { openPage, presetLang, type Lang } from './support/app';
import type { Envelope } from './support/account';
import { DEMO_ADMIN, DEMO_DESK, adminLogin, adminPath } from './support/admin';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { serverText, spaced, webText } from './support/texts';

// The console's databases and e-resources (issue 30): the desk account edits a database's usage guide
// and types from the content screen's e-resources list (readers then read the guide on the database's
// page), replies to a reader's feedback on a trial database, which leaves the "new" queue, reads the
// visit figures of the last 30 days, and sees the proxy settings read-only; an administrator's bad
// campus network is refused with the server's message at the field. zh-CN on a wide screen, en-US
// (another institution) on a phone 390 px wide; axe finds nothing serious.

const text = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `adminEResources:${key}`, vars);

const RUNS: Array<{ lang: Lang; mappingPath: string; width: number; guide: 'guideZh' | 'guideEn' }> = [
  { lang: 'zh-CN', mappingPath: '', width: 1280, guide: 'guideZh' },
  { lang: 'en-US', mappingPath: 'xihu', width: 390, guide: 'guideEn' },
];

/** The id of the institution's database named `name` (the public navigation's search). */
async function databaseId(page: Page, mappingPath: string, name: string): Promise<number> {
  const res = await page.request.post('/find/databaseNavigation/list', {
    headers: { mappingPath },
    data: { keyword: name, rows: 100 },
  });
  const body = (await res.json()) as Envelope<{ list: Array<{ id: number; nameZh: string; name: string }> }>;
  expect(body.success, body.message).toBe(true);
  const hit = body.data.list.find((d) => d.name === name || d.nameZh === name);
  expect(hit, `database ${name}`).toBeTruthy();
  return hit!.id;
}

for (const run of RUNS) {
  const { lang, mappingPath, width } = run;
  test(`staff edit a database's guide and types, reply to trial feedback and read the visits (${lang}, ${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await adminLogin(page, { ...DEMO_DESK, mappingPath, lang });
    const mark = `e2e ${lang} #${test.info().retry}-${Date.now() % 100000}`;

    // The content screen's e-resources list: the first database's navigation fields.
    await page.goto(adminPath(mappingPath, 'content'));
    const row = page.locator('.of-content-item').first();
    const name = (await row.locator('h3').innerText()).trim();
    await row.getByTestId('collection-navigation').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(text(lang, 'details.title', { name }));
    const guideLabel = text(lang, `details.${run.guide}`);
    await expect(dialog.getByLabel(guideLabel)).toBeVisible();
    await dialog.getByLabel(guideLabel).fill(`${text(lang, 'details.guideZh')}: ${mark}`);
    await dialog.getByRole('checkbox', { name: text(lang, 'dbTypes.newspapers') }).check();
    await expectNoBlockingViolations(page);
    await dialog.getByTestId('db-details-save').click();
    await expect(page.getByText(serverText(lang, 'dbSaved')).first()).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // Readers read the new guide and the type on the database's page.
    const id = await databaseId(page, mappingPath, name);
    const reader = await page.context().newPage();
    await reader.setViewportSize({ width, height: 900 });
    await presetLang(reader, lang);
    await openPage(reader, `${mappingPath ? `/${mappingPath}` : ''}/dataBaseNav/details/${id}`);
    await expect(reader.getByText(mark)).toBeVisible();
    await expect(reader.locator('main')).toContainText(webText(lang, 'adminEResources:dbTypes.newspapers'));
    await reader.close();

    // Trial feedback waiting: reply to the first; it leaves the "new" queue.
    await page.goto(adminPath(mappingPath, 'eresources'));
    await expect(page.getByRole('heading', { level: 1, name: text(lang, 'title') })).toBeVisible();
    const item = page.getByTestId('db-feedback-item').first();
    const heading = await item.getByRole('heading').innerText();
    await item.getByTestId('db-feedback-reply').click();
    await expect(item.getByText(webText(lang, 'admin:queue.reply.missing'))).toBeVisible();
    await item.getByTestId('db-feedback-reply-text').fill(`${text(lang, 'reply.label')} — ${mark}`);
    await item.getByTestId('db-feedback-reply').click();
    await expect(page.getByText(serverText(lang, 'dbFeedbackHandled')).first()).toBeVisible();
    await expect(page.getByTestId('db-feedback-item').filter({ hasText: heading })).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoBlockingViolations(page);
    if (width < 600) expect(await horizontalOverflow(page)).toBe(0);

    // The visits of the last 30 days: the bars and the table, most visited first.
    await page.getByRole('tab', { name: text(lang, 'tabs.visits') }).click();
    await expect(page.getByTestId('db-visits-chart')).toBeVisible();
    const table = page.getByTestId('db-visits-table');
    await expect(table.locator('caption')).toHaveText(text(lang, 'visits.caption', { days: 30 }));
    const counts = (await table.locator('tbody tr td:nth-child(4)').allInnerTexts()).map((v) =>
      Number(v.replace(/\D/g, '')),
    );
    expect(counts.length).toBeGreaterThan(3);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    await expectNoBlockingViolations(page);
    if (width < 600) expect(await horizontalOverflow(page)).toBe(0);

    // The desk reads the proxy settings but may not change them.
    await page.getByRole('tab', { name: spaced(text(lang, 'tabs.settings')) }).click();
    await expect(page.getByText(text(lang, 'settings.adminsOnly'))).toBeVisible();
    await expect(page.getByTestId('db-campus-networks')).toHaveAttribute('readonly', '');
    await expect(page.getByTestId('db-campus-networks')).toContainText('10.0.0.0/8');
    await expect(page.getByTestId('db-settings-save')).toHaveCount(0);
  });
}

test('an administrator sees a bad campus network refused at the field, nothing saved', async ({ page }) => {
  await adminLogin(page, { ...DEMO_ADMIN, lang: 'zh-CN' });
  await page.goto(adminPath('', 'eresources'));
  await page.getByRole('tab', { name: spaced(text('zh-CN', 'tabs.settings')) }).click();
  const networks = page.getByTestId('db-campus-networks');
  const before = await networks.inputValue();
  await networks.fill(`${before}\n10.0.0.300/8`);
  await page.getByTestId('db-settings-save').click();
  await expect(page.locator('#of-aer-networks-help')).toHaveText(
    serverText('zh-CN', 'dbBadNetwork', { network: '10.0.0.300/8' }),
  );
  await expect(networks).toHaveAttribute('aria-invalid', 'true');
  await page.reload();
  await page.getByRole('tab', { name: spaced(text('zh-CN', 'tabs.settings')) }).click();
  await expect(page.getByTestId('db-campus-networks')).toHaveValue(before);
});
