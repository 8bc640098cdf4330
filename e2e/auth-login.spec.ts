import { expect, test } from '@playwright/test';
import { apiLogin, nextCaptchaAnswer } from './support/account';
import { fillLogin, loginLabels, loginOnScreen, openLoginScreen as openLogin, passTour } from './support/auth';
import { LANGS, presetLang } from './support/app';
import type { Lang } from './support/app';
import { expectNoBlockingViolations, horizontalOverflow, layoutSize } from './support/checks';
import { escapeRegExp, serverText, webText } from './support/texts';

// The login screen and dialog (issue 6) against the real server: demo readers of the default
// institution (README "Demo readers"), image codes answered through the test-only setting.

/** What the login screen shows in a language (locale files and server messages, e2e/support/texts.ts). */
function texts(lang: Lang) {
  const w = (key: string, vars?: Record<string, string>) => webText(lang, key, vars);
  return {
    ...loginLabels(lang),
    heading: w('auth:login.heading'),
    userMenu: w('common:header.userMenu', { name: '李明' }),
    required: ['account', 'password', 'captcha', 'privacy'].map((k) => w(`auth:validation.${k}`)),
    badCredentials: serverText(lang, 'badCredentials'),
    title: new RegExp(`^${escapeRegExp(w('auth:login.title'))} - `),
  };
}

/** The institution each language logs in at, so that each first login is the reader's first there. */
const TENANT: Record<Lang, string> = { 'zh-CN': '', 'zh-TW': 'beiling', 'en-US': 'xihu' };

test.describe('login screen', () => {
  for (const lang of LANGS) {
    test(`logs in with account, password and image code (${lang})`, async ({ page }) => {
      const text = texts(lang);
      const base = TENANT[lang] ? `/${TENANT[lang]}` : '';
      await presetLang(page, lang);
      const answer = await openLogin(page, `${base}/login`);
      await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible();
      await expect(page).toHaveTitle(text.title);
      // No header or footer on this screen.
      await expect(page.locator('header.of-header')).toHaveCount(0);

      // Every field is required, the privacy box too, in the page's language.
      await page.getByRole('button', { name: text.submit, exact: true }).click();
      for (const message of text.required) await expect(page.getByText(message, { exact: true })).toBeVisible();

      await fillLogin(page, answer, 'reader', 'Reader2026', text);
      // Enter submits.
      await page.getByLabel(text.password, { exact: true }).press('Enter');
      await expect(page).toHaveURL(new RegExp(`${base}/home$`));
      await expect(page.getByRole('button', { name: text.userMenu })).toBeVisible();
      expect(await page.evaluate(() => sessionStorage.getItem('jwt'))).toBeTruthy();
      expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('userInfo') ?? '{}').name)).toBe('李明');
      // The server keeps the token in an HttpOnly cookie too.
      const cookies = await page.context().cookies();
      expect(cookies.find((c) => c.name === 'jwt')?.httpOnly).toBe(true);

      // Logged in, the login screen goes straight to the saved next path.
      await page.goto(`${base}/login`);
      await expect(page).toHaveURL(new RegExp(`${base}/home$`));
    });
  }

  for (const lang of LANGS) {
    test(`a failed login shows the message, brings a new image code and clears the code field (${lang})`, async ({
      page,
    }) => {
      const text = texts(lang);
      await presetLang(page, lang);
      const first = await openLogin(page, TENANT[lang] ? `/${TENANT[lang]}/login` : '/login');
      const image = page.getByTestId('captcha-image');
      const firstSrc = await image.getAttribute('src');
      await fillLogin(page, first, 'reader', 'wrong-password', text);
      const second = await nextCaptchaAnswer(page, () =>
        page.getByRole('button', { name: text.submit, exact: true }).click(),
      );
      await expect(page.getByRole('alert')).toContainText(text.badCredentials);
      await expect(image).not.toHaveAttribute('src', firstSrc ?? '');
      await expect(page.getByLabel(text.captcha, { exact: true })).toHaveValue('');
      expect(second).not.toBe(first);

      // A wrong image code is refused before any password is checked, and also draws a new one.
      await page.getByLabel(text.password, { exact: true }).fill('Reader2026');
      await page.getByLabel(text.captcha, { exact: true }).fill('zzzz');
      const third = await nextCaptchaAnswer(page, () => page.getByLabel(text.captcha, { exact: true }).press('Enter'));
      await expect(page.getByRole('alert')).toContainText(serverText(lang, 'captchaWrong'));

      // A click on the image draws another too.
      const fourth = await nextCaptchaAnswer(page, () =>
        page.getByRole('button', { name: webText(lang, 'auth:login.captchaImage') }).click(),
      );
      expect(fourth).not.toBe(third);
      await page.getByLabel(text.captcha, { exact: true }).fill(fourth);
      await page.getByRole('button', { name: text.submit, exact: true }).click();
      await expect(page.getByRole('button', { name: text.userMenu })).toBeVisible();
    });
  }

  test('an initial password goes to the password change at once', async ({ page }) => {
    const answer = await openLogin(page);
    await fillLogin(page, answer, 'initial', 'Init2026');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(/\/modifyPassword$/);
    // No session until the password is changed.
    expect(await page.evaluate(() => sessionStorage.getItem('jwt'))).toBeNull();
  });

  test('a password older than allowed is announced, then the password change follows after 3 s', async ({ page }) => {
    const answer = await openLogin(page);
    await fillLogin(page, answer, 'expired', 'Reader2026');
    const started = Date.now();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByText('您已经很久没有修改密码了，请修改密码')).toBeVisible();
    await expect(page.getByText(/秒后前往修改密码页面/)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page).toHaveURL(/\/modifyPassword$/, { timeout: 8_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_500);
  });

  test('the forgot-password link leads to the reset screen; the privacy link opens the policy', async ({ page }) => {
    await openLogin(page);
    await expect(page.getByRole('link', { name: '《隐私政策》' })).toHaveAttribute('href', '/privacy');
    await page.getByRole('link', { name: '忘记密码？' }).click();
    await expect(page).toHaveURL(/\/resetPassword$/);
  });

  test('is accessible and fits a 390-px phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openLogin(page);
    await expect(page.getByTestId('captcha-image')).toBeVisible();
    await expect(page.getByLabel('账号', { exact: true })).toBeFocused();
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoBlockingViolations(page);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByText('请输入用户名')).toBeVisible();
    await expectNoBlockingViolations(page);
  });
});

test("with less motion asked for (the suite's default), the login dialog opens without fading or zooming", async ({
  page,
}) => {
  await page.goto('/searchList?searchFieldContent=%E5%9B%BE%E4%B9%A6');
  await page.evaluate(() => {
    const started: string[] = [];
    (window as unknown as { started: string[] }).started = started;
    document.addEventListener('animationstart', (e) => started.push(e.animationName), true);
  });
  await page.getByRole('link', { name: '登录' }).click();
  await expect(page.getByRole('dialog', { name: '登录', exact: true })).toBeVisible();
  await page.waitForTimeout(500);
  const started = await page.evaluate(() => (window as unknown as { started: string[] }).started);
  expect(started.filter((name) => /fade|zoom|move|slide/i.test(name))).toEqual([]);
});

test.describe('login dialog and session', () => {
  // Motion as most readers have it: the dialog fades in and out, and axe waits for the fades.
  test.use({ reducedMotion: 'no-preference' });

  test('the header login opens the dialog, the login keeps the page; the user menu logs out', async ({ page }) => {
    await page.goto('/searchList?searchFieldContent=%E5%9B%BE%E4%B9%A6');
    const answer = await nextCaptchaAnswer(page, () => page.getByRole('link', { name: '登录' }).click());
    const dialog = page.getByRole('dialog', { name: '登录', exact: true });
    await expect(dialog).toBeVisible();
    // Only account and password is on here: the form at once, 400 wide without an explanation.
    expect((await layoutSize(dialog)).width).toBe(400);
    await expect(dialog.getByLabel('账号', { exact: true })).toBeFocused();
    await expectNoBlockingViolations(page);
    await fillLogin(page, answer, 'D0002', 'Reader2026');
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/searchList\?/);
    const menu = page.getByRole('button', { name: '用户菜单：王芳' });
    await expect(menu).toBeVisible();
    // The avatar falls back to the name's first character.
    await expect(menu.locator('.of-avatar--fallback')).toHaveText('王');

    await passTour(page);

    await menu.click();
    await expect(page.getByRole('link', { name: '个人中心' })).toHaveAttribute('href', '/personalCenter');
    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page.getByRole('link', { name: '登录' })).toBeVisible();
    await expect(page).toHaveURL(/\/searchList\?/);
    expect(await page.evaluate(() => sessionStorage.getItem('jwt'))).toBeNull();
  });

  test('My Library sends a visitor to the login screen and back; logging out there goes home', async ({ page }) => {
    // Opening /personalCenter logged out lands on the login screen, which comes back after the login.
    await loginOnScreen(page, '/personalCenter', 'D0002', 'Reader2026');
    await expect(page).toHaveURL(/\/personalCenter$/);
    await expect(page.getByRole('heading', { level: 1, name: '我的图书馆' })).toBeVisible();
    await passTour(page);
    await page.getByRole('button', { name: '用户菜单：王芳' }).click();
    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/Home$/);
  });

  test('a 401 clears the session, says the login expired and reopens the login', async ({ page }) => {
    const answer = await apiLogin(page.request, '', 'D0002', 'Reader2026');
    const { jwt, jwtHeader } = answer.data as { jwt: string; jwtHeader: string };
    await page.goto(`/#/Home?jwt=${jwt}&jwtHeader=${jwtHeader}&pageType=104`);
    await expect(page).toHaveURL(/\/newBookInform$/);
    await expect(page.getByRole('button', { name: /用户菜单/ })).toBeVisible();
    // The session ends elsewhere (another tab logged out): the next call answers 401.
    await page.request.post('/oga/logout', { headers: { [jwtHeader]: jwt, mappingPath: '' } });
    await page.goto('/Home');
    const expired = page.getByRole('dialog', { name: '登录已失效' });
    await expect(expired).toContainText('当前登录已失效，请重新登录');
    await expired.getByRole('button', { name: /知道了|确\s*定|OK/ }).click();
    await expect(page.getByRole('dialog', { name: '登录', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: '登录' })).toBeVisible();
  });

  test('closing the window logs out; a refresh does not', async ({ context, page }) => {
    const answer = await openLogin(page);
    await fillLogin(page, answer, 'D0003', 'Reader2026');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByRole('button', { name: '用户菜单：张伟' })).toBeVisible();
    const jwt = await page.evaluate(() => sessionStorage.getItem('jwt'));
    const header = await page.evaluate(() => sessionStorage.getItem('jwtHeader'));
    const userInfo = () =>
      page.request.get('/oga/userinfo', { headers: { [header ?? 'jwtOpacAuth']: jwt ?? '', mappingPath: '' } });

    await page.reload();
    await expect(page.getByRole('button', { name: '用户菜单：张伟' })).toBeVisible();
    expect((await userInfo()).status()).toBe(200);

    // With unload handlers run, close() does not wait for the page to go: the next page must not
    // load before this one's pagehide has left its mark.
    const closed = page.waitForEvent('close');
    await page.close({ runBeforeUnload: true });
    await closed;
    // The mark reaches the browser's storage from the closing renderer a moment later; on a loaded
    // machine the next page could otherwise read the storage first (and rightly log nothing out).
    await expect
      .poll(async () =>
        (await context.storageState()).origins
          .flatMap((o) => o.localStorage)
          .some((item) => item.name === 'openfind:closedWithSession'),
      )
      .toBe(true);
    const next = await context.newPage();
    await next.goto('/Home');
    await expect(next.getByRole('link', { name: '登录' })).toBeVisible();
    await expect
      .poll(async () =>
        (
          await next.request.get('/oga/userinfo', {
            headers: { [header ?? 'jwtOpacAuth']: jwt ?? '', mappingPath: '' },
          })
        ).status(),
      )
      .toBe(401);
  });
});
