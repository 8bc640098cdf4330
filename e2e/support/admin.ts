import { expect, request as api, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { presetLang, type Lang } from './app';
import { spaced, webText } from './texts';

/** The demo seed's staff accounts of every demo institution (apps/server/src/seed/demo-staff.ts). */
export const DEMO_ADMIN = { username: 'libadmin', password: 'Admin-2026-Demo' };
export const DEMO_DESK = { username: 'libdesk', password: 'Desk-2026-Demo' };

/** The console's address at an institution ('' the default one). */
export const adminPath = (mappingPath: string, below = '') =>
  `${mappingPath ? `/${mappingPath}` : ''}/admin${below ? `/${below}` : ''}`;

/**
 * Logs in to the staff console at `/admin/login` of the institution and waits for its shell (the
 * menu button on a phone, the side menu on a wide screen). `lang` is stored first when given.
 */
export async function adminLogin(
  page: Page,
  opts: { mappingPath?: string; username: string; password: string; lang?: Lang },
): Promise<void> {
  const lang = opts.lang ?? 'zh-CN';
  if (opts.lang) await presetLang(page, opts.lang);
  await page.goto(adminPath(opts.mappingPath ?? '', 'login'));
  await page.getByLabel(webText(lang, 'admin:login.username')).fill(opts.username);
  await page.getByLabel(webText(lang, 'admin:login.password')).fill(opts.password);
  await page.getByRole('button', { name: spaced(webText(lang, 'admin:login.submit')) }).click();
  await expect(page.getByRole('button', { name: spaced(webText(lang, 'admin:shell.logout')) })).toBeVisible();
}

/**
 * Puts a ready request's copy on the hold shelf as the desk does (the request manager's two steps,
 * by API): the reader then sees the pickup code and the last day.
 */
export async function shelveByApi(mappingPath: string, requestId: number): Promise<void> {
  // A context of its own: a reader's session cookie beside a staff call reads as a cross-site request.
  const request = await api.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const login = await (await request.post('/oga/admin/login', { headers: { mappingPath }, data: DEMO_DESK })).json();
    expect(login.success, login.message).toBe(true);
    const headers = { mappingPath, [login.data.header as string]: login.data.token as string };
    for (const step of ['retrieve', 'shelve']) {
      const res = await (await request.post(`/find/admin/requests/${step}`, { headers, data: { requestId } })).json();
      expect(res.success, res.message).toBe(true);
    }
  } finally {
    await request.dispose();
  }
}
