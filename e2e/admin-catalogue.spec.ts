import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { LANGS, openPage, presetLang, type Lang } from './support/app';
import { DEMO_ADMIN, adminLogin, adminPath } from './support/admin';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { resultRows } from './support/search-text';
import { serverText, spaced, webText } from './support/texts';

// The catalogue in the staff console (issue 28), in the three languages on a phone 390 px wide: the
// administrator uploads a small MARC file made here (two records and a broken one), watches the
// import to its end, downloads the reject report, finds the new record and sees its MARC, hides it
// from readers, and the portal's search no longer finds it. axe finds nothing serious, and nothing
// is wider than the phone.

const text = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `adminCatalogue:${key}`, vars);

const FT = '\u001e';
const SF = '\u001f';

/** One UTF-8 MARC21 record in ISO 2709: control fields as [tag, value], data fields as [tag, ind, [[code, value]…]]. */
function iso2709(fields: Array<[string, string] | [string, string, Array<[string, string]>]>): Buffer {
  const data = fields.map((f) =>
    Buffer.from(f.length === 2 ? f[1] + FT : f[1] + f[2].map(([c, v]) => SF + c + v).join('') + FT, 'utf8'),
  );
  let at = 0;
  const directory = fields
    .map((f, i) => {
      const entry = `${f[0]}${String(data[i]!.length).padStart(4, '0')}${String(at).padStart(5, '0')}`;
      at += data[i]!.length;
      return entry;
    })
    .join('');
  const base = 24 + directory.length + 1;
  const length = base + at + 1;
  const leader = `${String(length).padStart(5, '0')}nam a22${String(base).padStart(5, '0')} a 4500`;
  return Buffer.concat([Buffer.from(leader + directory + FT, 'ascii'), ...data, Buffer.from('\u001d', 'ascii')]);
}

const book = (id: string, title: string) =>
  iso2709([
    ['001', id],
    ['003', 'OpenFindE2E'],
    ['008', '200101s2020    cc            000 0 chi d'],
    ['100', '1 ', [['a', '目录测试作者']]],
    [
      '245',
      '10',
      [
        ['a', title],
        ['c', '目录测试作者著'],
      ],
    ],
    [
      '260',
      '  ',
      [
        ['a', '北京'],
        ['b', '测试出版社'],
        ['c', '2020'],
      ],
    ],
  ]);

for (const lang of LANGS) {
  test(`an administrator imports a MARC file, downloads its reject report, sees the record's MARC and hides it from the portal's search (${lang}, 390 px)`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const stamp = `${Date.now().toString(36)}${lang.replace('-', '').toLowerCase()}`;
    const word = `Catdemo${stamp}`;
    const title = `目录导入演示 ${word}`;
    const fileName = `catalogue-${stamp}.mrc`;
    const broken = book(`e2e-${stamp}-3`, '不完整的记录').subarray(0, 60);
    const file = Buffer.concat([
      book(`e2e-${stamp}-1`, title),
      book(`e2e-${stamp}-2`, `目录导入演示第二册 ${stamp}`),
      broken,
    ]);

    await adminLogin(page, { ...DEMO_ADMIN, lang });
    await page.goto(`${adminPath('', 'catalogue')}?tab=import`);
    await expect(page.getByRole('heading', { level: 1, name: text(lang, 'title') })).toBeVisible();
    await expect(page.getByRole('tab', { name: text(lang, 'tabs.import') })).toHaveAttribute('aria-selected', 'true');
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoBlockingViolations(page);

    // Upload: the import runs on the server, its progress asked every second until it is done.
    await page
      .getByTestId('catalogue-file')
      .setInputFiles({ name: fileName, mimeType: 'application/marc', buffer: file });
    await page.getByTestId('catalogue-import-start').click();
    await expect(page.getByText(serverText(lang, 'catalogueImportStarted', { fileName }))).toBeVisible();
    const job = page.getByTestId('catalogue-job');
    await expect(job.getByTestId('catalogue-job-state')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
    await expect(page.getByTestId('catalogue-job-summary')).toHaveText(
      text(lang, 'summary.done', { read: 3, created: 2, updated: 0, unchanged: 0, skipped: 1 }),
    );
    await expect(page.getByTestId('catalogue-runs')).toContainText(fileName);
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoBlockingViolations(page);

    // The reject report: the broken record, where and why.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('catalogue-download-report').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${fileName}.rejects.txt`);
    expect(readFileSync((await download.path())!, 'utf8')).toMatch(/^record 3\b/m);

    // The portal finds the new record.
    const portal = await page.context().newPage();
    await portal.setViewportSize({ width: 390, height: 844 });
    await presetLang(portal, lang);
    const portalSearch = `/searchList?searchField=keyWord&searchFieldContent=${encodeURIComponent(word)}`;
    await openPage(portal, portalSearch);
    await expect(resultRows(portal)).toHaveCount(1);

    // Find it in the console and see its MARC.
    await page.getByRole('tab', { name: text(lang, 'tabs.records') }).click();
    const finder = page.getByRole('search', { name: text(lang, 'find.label') });
    await finder.getByTestId('catalogue-find-text').fill(word);
    await finder.getByTestId('catalogue-find-submit').click();
    await page.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const marc = page.getByTestId('catalogue-marc');
    await expect(marc.getByRole('row').filter({ hasText: /^245/ })).toContainText(`$a ${title}`);
    await expect(page.getByTestId('catalogue-leader')).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoBlockingViolations(page);

    // Hide it from readers: the portal's search no longer finds it; staff still see it.
    await page.getByTestId('catalogue-suppress').click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: spaced(text(lang, 'record.suppress')) })
      .click();
    await expect(page.getByText(serverText(lang, 'catalogueSuppressed', { title }))).toBeVisible();
    await expect(page.getByTestId('catalogue-record-state')).toHaveText(text(lang, 'record.suppressedTag'));
    await expectNoBlockingViolations(page);

    await openPage(portal, portalSearch);
    await expect(resultRows(portal)).toHaveCount(0);
    await portal.close();
  });
}
