import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { nextCaptchaAnswer } from './support/account';
import { fillLogin } from './support/auth';
import { openHome, openPage } from './support/app';

// The server's Content-Security-Policy (apps/server/src/http/security-headers.ts) against what the
// built app really loads: every screen below must work with no violation reported by the browser.

type Violation = { directive: string; blocked: string; source: string };

/** Records every CSP violation of the page (the init script runs outside the page's policy). */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (m) => {
    if (/content security policy/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { cspViolations: Violation[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push({ directive: e.violatedDirective, blocked: e.blockedURI, source: `${e.sourceFile}:${e.lineNumber}` }),
    );
  });
  return async () => [
    ...(await page.evaluate(() => (window as unknown as { cspViolations?: Violation[] }).cspViolations ?? [])).map(
      (v) => `${v.directive} blocked ${v.blocked || '(inline)'} at ${v.source}`,
    ),
    ...console,
  ];
}

test.describe('content security policy', () => {
  // Several screens in one test (violations are collected across the whole visit).
  test.describe.configure({ timeout: 180_000 });

  test('home, results, a record, the login dialog and screen run without a violation', async ({ page }) => {
    const violations = await watchViolations(page);
    const home = page.waitForResponse((r) => new URL(r.url()).pathname === '/Home');
    await openHome(page);
    const csp = (await home).headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(await violations()).toEqual([]);

    await page.getByRole('search').getByRole('searchbox', { name: '检索词' }).fill('图书');
    await page.getByRole('search').getByRole('searchbox', { name: '检索词' }).press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: '检索结果' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);

    await openPage(page, '/searchList/bookDetails/5');
    await expect(page.getByText('馆藏信息').first()).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);

    // The login dialog (its own chunk, Ant Design's modal styles), then a refused login.
    const answer = await nextCaptchaAnswer(page, () => page.getByRole('link', { name: '登录' }).click());
    const dialog = page.getByRole('dialog', { name: '登录', exact: true });
    await expect(dialog).toBeVisible();
    await fillLogin(page, answer, 'csp-probe-unknown', 'Wrong-Password-1');
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(dialog.getByRole('alert').first()).toBeVisible();
    expect(await violations()).toEqual([]);

    // The login screen (no shell header) of another institution.
    await page.goto('/beiling/login');
    await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });

  test('Swagger UI at /api/docs renders under its own policy without a violation', async ({ page }) => {
    const violations = await watchViolations(page);
    const res = await page.goto('/api/docs');
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    // The OpenAPI document is made on first request: it can take a while on a busy machine.
    await expect(page.locator('.swagger-ui .info .title')).toContainText('OpenFind API', { timeout: 60_000 });
    // Opening an operation renders its schemas (more of Swagger UI's styles and icons).
    await page.getByText('/find/findConfig/getFindConfig').first().click();
    await expect(page.getByRole('button', { name: /try it out/i }).first()).toBeVisible();
    expect(await violations()).toEqual([]);
  });
});
