import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { nextCaptchaAnswer } from './support/account';
import { fillLogin, passTour } from './support/auth';
import { CAS_BASE, EXTERNAL_JWT_KEY, startAuthServer } from './support/auth-server';
import type { AuthServer } from './support/auth-server';
import { LANGS, presetLang } from './support/app';
import { expectNoBlockingViolations, layoutSize } from './support/checks';
import { escapeRegExp, webText } from './support/texts';

// Unified authentication and the other outside logins (issue 6) of the `sso` and `casonly` test
// institutions (e2e/support/prepare-auth.mjs), against a small CAS / WeChat server this file starts.

// One worker runs this file's tests in order: the CAS / WeChat server listens on one port, and two
// workers of this file would each try to start it.
test.describe.configure({ mode: 'default' });

let auth: AuthServer;
test.beforeAll(async () => {
  auth = await startAuthServer();
});
test.afterAll(async () => {
  await auth.close();
});

/** Opens the login dialog of the `sso` institution from a page. */
async function openDialog(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('link', { name: '登录' }).click();
  return page.getByRole('dialog', { name: '选择登录方式' });
}

const width = async (page: Page) => (await layoutSize(page.locator('.ant-modal').filter({ visible: true }))).width;

/** An HS256 JWT as a trusted outside system would sign it. */
function externalJwt(sub: string, key = EXTERNAL_JWT_KEY): string {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub, exp: Math.floor(Date.now() / 1000) + 600 })}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

test.describe('unified authentication and outside logins', () => {
  test('the dialog offers the methods (640), cannot be closed under forced login, and shows the explanation (760)', async ({
    page,
  }) => {
    const choice = await openDialog(page, '/sso/Home');
    await expect(choice).toBeVisible();
    expect(await width(page)).toBe(640);
    for (const name of [/统一身份认证/, /账号密码登录/, /单点登录/]) {
      await expect(choice.getByRole('button', { name })).toBeVisible();
    }
    // findCoerceLogin: no close button, Escape and the mask do not close it.
    await expect(choice.getByRole('button', { name: /close|关闭/i })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(choice).toBeVisible();
    await expectNoBlockingViolations(page);

    await nextCaptchaAnswer(page, () => choice.getByRole('button', { name: /账号密码登录/ }).click());
    const form = page.getByRole('dialog', { name: '登录', exact: true });
    await expect(form.getByRole('heading', { name: /登录说明/ })).toBeVisible();
    await expect(form).toContainText('读者证号即校园卡号。');
    await expect(form).toContainText('初始密码为身份证号后六位。');
    expect(await width(page)).toBe(760);
    // The explanation collapses.
    await form.getByRole('button', { name: /登录说明/ }).click();
    await expect(form.getByText('读者证号即校园卡号。')).toBeHidden();
    await form.getByRole('button', { name: '选择其他登录方式' }).click();
    await expect(page.getByRole('dialog', { name: '选择登录方式' })).toBeVisible();
  });

  for (const lang of LANGS) {
    test(`CAS round trip: the CAS login, the ticket validated by the server, a session in the app (${lang})`, async ({
      page,
    }) => {
      const w = (key: string, vars?: Record<string, string>) => webText(lang, key, vars);
      await presetLang(page, lang);
      auth.nextUser = 'reader';
      await page.goto('/sso/Home');
      await page.getByRole('link', { name: w('common:header.login') }).click();
      const choice = page.getByRole('dialog', { name: w('auth:methods.title') });
      await choice.getByRole('button', { name: new RegExp(escapeRegExp(w('auth:methods.unified'))) }).click();
      // The single-sign-on redirect lands on the URL-hash entry (pageType 0: the personal centre).
      await expect(page).toHaveURL(/\/sso\/personalCenter$/);
      const menu = page.getByRole('button', { name: w('common:header.userMenu', { name: '林静' }) });
      await expect(menu).toBeVisible();
      expect(auth.logins.at(-1)).toBe(
        'http://127.0.0.1:' + new URL(page.url()).port + '/oga/cas/callback?mappingPath=sso',
      );
      expect(auth.validations.length).toBeGreaterThan(0);
      expect(await page.evaluate(() => sessionStorage.getItem('loginType'))).toBe('4');
      await passTour(page);

      // Logging out of a unified-auth session goes through the CAS logout and back: home, since this
      // is a personal page (spec §4).
      const home = page.url().replace(/\/personalCenter$/, '/Home');
      await menu.click();
      await page.getByRole('button', { name: w('common:header.logout') }).click();
      // The app forgets the session before the server and CAS hear of it: wait for the CAS logout.
      await expect.poll(() => auth.logouts.at(-1)).toBe(home);
      await expect(page).toHaveURL(/\/sso\/Home$/);
      await expect(page.getByRole('link', { name: w('common:header.login') })).toBeVisible();
    });
  }

  test('on a record page, unified authentication returns to that record (loginCasWithOriginalPage)', async ({
    page,
  }) => {
    auth.nextUser = 'S0003';
    const choice = await openDialog(page, '/sso/searchList/bookDetails/4242');
    await choice.getByRole('button', { name: /统一身份认证/ }).click();
    await expect(page).toHaveURL(/\/sso\/searchList\/bookDetails\/4242$/);
    await expect(page.getByRole('button', { name: '用户菜单：吴越' })).toBeVisible();
    expect(auth.logins.at(-1)).toContain('recordId=4242');
  });

  test('a CAS user the library does not know goes to the bind screen with the ticket; a failed CAS login comes back to /login', async ({
    page,
  }) => {
    auth.nextUser = 'stranger';
    const choice = await openDialog(page, '/sso/Home');
    await choice.getByRole('button', { name: /统一身份认证/ }).click();
    await expect(page).toHaveURL(/\/sso\/bindUid$/);
    expect(await page.evaluate(() => (history.state as { usr?: { uid?: string } }).usr?.uid)).toBeTruthy();

    await page.goto('/oga/cas/callback?mappingPath=sso&ticket=ST-forged');
    await expect(page).toHaveURL(/\/sso\/login\?ssoError=cas$/);
    await expect(page.getByRole('alert')).toContainText('统一身份认证未能完成');
  });

  test('with unified authentication the only method, the login button leaves for CAS at once', async ({ page }) => {
    auth.nextUser = 'reader';
    await page.goto('/casonly/Home');
    await page.getByRole('link', { name: '登录' }).click();
    await expect(page).toHaveURL(/\/casonly\/personalCenter$/);
    expect(auth.logins.at(-1)).toContain('mappingPath=casonly');
    await expect(page.getByRole('button', { name: '用户菜单：林静' })).toBeVisible();
  });

  test('after login, a reader with neither e-mail nor phone verified must bind one (bindMailOrPhone)', async ({
    page,
  }) => {
    const choice = await openDialog(page, '/sso/Home');
    const answer = await nextCaptchaAnswer(page, () => choice.getByRole('button', { name: /账号密码登录/ }).click());
    await fillLogin(page, answer, 'unverified', 'Reader2026');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(/\/sso\/forceBinding$/);
    // Every other screen leads back there until a contact is bound.
    await page.goto('/sso/searchList');
    await expect(page).toHaveURL(/\/sso\/forceBinding$/);
  });

  test('an external system logs the reader in with its token: /loginExternal/{jwt}/{jwtHeader}', async ({ page }) => {
    await page.goto(`/sso/loginExternal/${externalJwt('S0001')}/jwtOpacAuth`);
    await expect(page).toHaveURL(/\/sso\/home$/);
    await expect(page.getByRole('button', { name: '用户菜单：林静' })).toBeVisible();

    const other = await page.context().newPage();
    await other.goto(`/sso/loginExternal/${externalJwt('S0001', 'not-the-key-not-the-key-not-the-key')}/jwtOpacAuth`);
    await expect(other.getByRole('heading', { name: '登录链接无效或已过期，请重新登录。' })).toBeVisible();
    await expect(other.getByRole('link', { name: '重新登录' })).toHaveAttribute('href', '/sso/login');
  });

  test('WeChat scan login: the 400 × 410 QR view, then an unbound WeChat account goes to bind an account', async ({
    page,
  }) => {
    await page.goto('/sso/login');
    await page.getByRole('button', { name: '微信扫码登录' }).click();
    const dialog = page.getByRole('dialog', { name: '微信扫码登录' });
    expect(await width(page)).toBe(400);
    const frame = dialog.locator('iframe[title="微信登录二维码"]');
    await expect(frame).toHaveAttribute('src', new RegExp(`^${CAS_BASE}/wx/page\\?back=`));
    expect((await layoutSize(frame)).height).toBe(410);
    // The scan: WeChat sends the reader back to the app with a code, exchanged by the server.
    await page.frameLocator('iframe[title="微信登录二维码"]').getByRole('link', { name: 'Scanned' }).click();
    await expect(page).toHaveURL(/\/sso\/bindAccount$/);
    expect(await page.evaluate(() => (history.state as { usr?: { openId?: string } }).usr?.openId)).toBeTruthy();
  });
});
