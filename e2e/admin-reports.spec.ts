import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { LANGS, type Lang } from './support/app';
import { DEMO_ADMIN, adminLogin, adminPath } from './support/admin';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { spaced, webText } from './support/texts';

// The staff console's dashboard, statistics and audit log (issue 28), in the three languages on a
// phone 390 px wide: an administrator sees the institution's figures and the searches that found
// nothing (e2e/support/prepare-reports.mjs logs them), exports the statistics as CSV (UTF-8 with a BOM
// for Excel), and finds the addition of a staff account in the audit log with its state after. axe
// finds nothing serious on any of the three screens, and nothing is wider than the phone.

/** What e2e/support/prepare-reports.mjs prepares at beiling. */
const ZERO_RESULT_SEARCH = '量子引力导论第九版';
const REPORTS_CLERK = 'reports-clerk';

const text = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `adminReports:${key}`, vars);

/** The text of a CSV the page has the browser download by clicking `button`. */
async function downloaded(page: Page, button: ReturnType<Page['getByRole']>): Promise<{ name: string; body: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), body: await readFile(file, 'utf8') };
}

for (const lang of LANGS) {
  test(`an administrator reads the dashboard, exports statistics and searches the audit log (${lang}, 390 px)`, async ({
    page,
  }) => {
    // Three screens, each checked by axe: longer than one screen's test.
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await adminLogin(page, { mappingPath: 'beiling', ...DEMO_ADMIN, lang });

    // The dashboard: today's figures, and the zero-result search with its count.
    await expect(page.getByRole('heading', { level: 1, name: text(lang, 'dashboard.title') })).toBeVisible();
    const searches = page.locator('[data-metric="searches"]');
    await expect(searches).toBeVisible();
    expect(Number((await searches.textContent())!.replace(/\D/g, ''))).toBeGreaterThanOrEqual(5);
    await expect(page.getByRole('heading', { name: text(lang, 'dashboard.zeroTitle') })).toBeVisible();
    const zeroRow = page.getByTestId('zero-searches').getByRole('row').filter({ hasText: ZERO_RESULT_SEARCH });
    await expect(zeroRow.getByRole('cell').last()).toHaveText('3');
    await expect(page.getByRole('img', { name: new RegExp(text(lang, 'metrics.loans')) }).first()).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoBlockingViolations(page);

    // Statistics: the last 30 days by day, exported as CSV.
    await page.goto(adminPath('beiling', 'statistics'));
    await expect(page.getByRole('heading', { level: 1, name: text(lang, 'statistics.title') })).toBeVisible();
    const periods = page.getByTestId('statistics-periods');
    await expect(periods.getByRole('row')).toHaveCount(32);
    await expect(page.getByRole('table', { name: text(lang, 'statistics.readersByDepartment') })).toBeVisible();
    const csv = await downloaded(page, page.getByRole('button', { name: spaced(text(lang, 'statistics.export')) }));
    expect(csv.name).toMatch(/\.csv$/);
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const lines = csv.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      [
        text(lang, 'statistics.period'),
        ...['searches', 'zeroResults', 'logins', 'loans', 'renewals', 'returns'].map((m) => text(lang, `metrics.${m}`)),
      ].join(','),
    );
    expect(lines.filter((l) => /^\d{4}-\d{2}-\d{2},/.test(l))).toHaveLength(30);
    expect(csv.body).toContain(text(lang, 'statistics.readersByType'));
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoBlockingViolations(page);

    // The audit log: the account added, found by its name, its state after shown.
    await page.goto(adminPath('beiling', 'audit'));
    await expect(page.getByRole('heading', { level: 1, name: text(lang, 'audit.title') })).toBeVisible();
    await page.getByLabel(text(lang, 'audit.target')).fill(REPORTS_CLERK);
    await page.getByRole('button', { name: spaced(text(lang, 'audit.search')) }).click();
    const row = page.getByTestId('audit-table').getByRole('row').filter({ hasText: 'staff.add' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('cli:e2e');
    await row.getByRole('button').first().click();
    const diff = page.locator('.of-reports-diff');
    await expect(diff.getByRole('row').filter({ hasText: 'role' })).toContainText('staff');
    await expect(diff.getByRole('row').filter({ hasText: 'username' })).toContainText(text(lang, 'audit.changed'));
    const audit = await downloaded(page, page.getByRole('button', { name: spaced(text(lang, 'audit.export')) }));
    expect(audit.body.startsWith('\uFEFF')).toBe(true);
    expect(audit.body.split('\r\n').filter((l) => l.includes(REPORTS_CLERK))).toHaveLength(1);
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoBlockingViolations(page);
  });
}
