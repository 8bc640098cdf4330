import { expect, test } from '@playwright/test';
import { apiLogin, loginThroughScreen, nextCaptchaAnswer, startSession } from './support/account';
import { mailCount, waitForMail, waitForMailedCode } from './support/mail';

// The flows change readers of the xihu institution (e2e/support/prepare-data.mjs), nobody else's.
test.describe('account flows', () => {
  test('password recovery by a code sent by e-mail (real SMTP), then a login with the new password', async ({
    page,
  }) => {
    await page.goto('/xihu/resetPassword');
    await expect(page.getByRole('heading', { level: 1, name: '找回密码' })).toBeVisible();
    await expect(page).toHaveTitle(/^找回密码 - /);

    // Step 1: the image code is drawn for the account once it is entered.
    const account = page.getByLabel('账号或读者证号');
    await account.fill('recover');
    const answer = await nextCaptchaAnswer(page, () => account.press('Tab'));
    await page.getByLabel('验证码', { exact: true }).fill('zzzz');
    // A wrong answer uses the image up: a new one is drawn at once.
    const second = await nextCaptchaAnswer(page, () => page.getByRole('button', { name: '下一步' }).click());
    await expect(page.getByText('验证码错误或已失效，请重新输入')).toBeVisible();
    expect(second).not.toBe(answer);
    // A click on the image draws another.
    const third = await nextCaptchaAnswer(page, () => page.getByRole('button', { name: /验证码图片/ }).click());
    expect(third).not.toBe(second);
    await page.getByLabel('验证码', { exact: true }).fill(third);
    await page.getByRole('button', { name: '下一步' }).click();

    // Step 2: the verified e-mail, masked, with today's remaining codes.
    await expect(page.getByRole('heading', { name: '第 2 步（共 4 步）：安全验证' })).toBeFocused();
    await expect(page.getByRole('radio', { name: '邮箱 r***@example.org' })).toBeChecked();
    await expect(page.getByRole('radio', { name: /手机 138\*+0042/ })).toBeVisible();
    await expect(page.getByText('今日还可发送 5 次（共 5 次）')).toBeVisible();
    const before = mailCount();
    await page.getByRole('button', { name: '发送验证码' }).click();
    await expect(page.getByRole('status')).toHaveText(/验证码已发送至 r\*\*\*@example\.org/);
    await expect(page.getByText('今日还可发送 4 次（共 5 次）')).toBeVisible();
    await expect(page.getByRole('button', { name: /秒后可重新发送/ })).toBeDisabled();
    const code = await waitForMailedCode('recover@example.org', before);

    await page.getByLabel('收到的验证码').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(page.getByText('验证码错误或已过期')).toBeVisible();
    await page.getByLabel('收到的验证码').fill(code);
    await page.getByRole('button', { name: '下一步' }).click();

    // Step 3: the rules are checked before the server sees the password.
    await expect(page.getByRole('heading', { name: '第 3 步（共 4 步）：设置新密码' })).toBeFocused();
    const password = page.getByLabel('新密码', { exact: true });
    await password.fill('abcdefgh');
    await password.press('Tab');
    await expect(page.getByText('密码须为字母和数字组合，8 位及以上')).toBeVisible();
    await expect(page.getByRole('meter', { name: '密码强度' })).toHaveAttribute('aria-valuetext', '弱');
    await password.fill('Recover2027');
    await expect(page.getByRole('meter', { name: '密码强度' })).toHaveAttribute('aria-valuetext', '强');
    const confirm = page.getByLabel('确认新密码');
    await confirm.fill('Recover2028');
    await confirm.press('Tab');
    await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
    await confirm.fill('Recover2027');
    await page.getByRole('button', { name: '设置新密码' }).click();

    await expect(page.getByRole('heading', { name: '修改密码成功' })).toBeFocused();
    await expect(page.locator('#main').getByRole('link', { name: '登录' })).toBeVisible();
    expect((await apiLogin(page.request, 'xihu', 'recover', 'Reader2026')).success).toBe(false);
    expect((await apiLogin(page.request, 'xihu', 'recover', 'Recover2027')).success).toBe(true);
  });

  test('a reader without a verified contact is told that recovery is impossible', async ({ page }) => {
    await page.goto('/xihu/resetPassword');
    const account = page.getByLabel('账号或读者证号');
    await account.fill('unverified');
    const answer = await nextCaptchaAnswer(page, () => account.press('Tab'));
    await page.getByLabel('验证码', { exact: true }).fill(answer);
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(page.getByRole('alert')).toHaveText('手机和邮箱均未验证，无法重置密码');
  });

  test('forced password change: the login answers "too old", /modifyPassword 3 s later, a new login works', async ({
    page,
  }) => {
    await loginThroughScreen(page, '/xihu', 'expired', 'Reader2026');
    await expect(page).toHaveURL(/\/xihu\/modifyPassword$/, { timeout: 8_000 });
    await expect(page.getByRole('heading', { level: 1, name: '修改密码' })).toBeVisible();
    // Why the change is asked for, as the login was told.
    await expect(page.locator('#main').getByRole('alert')).toContainText('修改密码');
    // The account comes along, fixed, and the password just typed fills the current one.
    await expect(page.getByLabel('账号或读者证号')).toHaveValue('expired');
    await expect(page.getByLabel('账号或读者证号')).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('当前密码')).toHaveValue('Reader2026');
    const password = page.getByLabel('新密码', { exact: true });
    await password.fill('expired');
    await password.press('Tab');
    await expect(page.getByText('密码须为字母和数字组合，8 位及以上')).toBeVisible();
    await password.fill('Expired2027');
    await page.getByLabel('确认新密码').fill('Expired2027');
    await page.getByRole('button', { name: '修改密码' }).click();
    await expect(page.getByRole('heading', { name: '修改密码成功' })).toBeFocused();

    await expect(page.getByRole('link', { name: '重新登录' })).toHaveAttribute('href', '/xihu/login');
    await loginThroughScreen(page, '/xihu', 'expired', 'Expired2027');
    await expect(page).toHaveURL(/\/xihu\/(home|Home)$/);
    expect(await page.evaluate(() => sessionStorage.getItem('jwt'))).toBeTruthy();
  });

  test('an initial password is changed without logging in: account typed, the old password refused', async ({
    page,
  }) => {
    expect(await apiLogin(page.request, 'xihu', 'initial', 'Init2026')).toMatchObject({
      success: false,
      errCode: 200,
      data: false,
    });
    await page.goto('/xihu/modifyPassword');
    await page.getByLabel('账号或读者证号').fill('initial');
    await page.getByLabel('当前密码').fill('Init2026');
    const password = page.getByLabel('新密码', { exact: true });
    await password.fill('Init2026');
    await password.press('Tab');
    await expect(page.getByText('新密码不能与原密码相同')).toBeVisible();
    await password.fill('Initial2027');
    await page.getByLabel('确认新密码').fill('Initial2027');
    await page.getByRole('button', { name: '修改密码' }).click();
    await expect(page.getByRole('heading', { name: '修改密码成功' })).toBeFocused();
    expect(await apiLogin(page.request, 'xihu', 'initial', 'Initial2027')).toMatchObject({ success: true });
  });

  test('a wrong current password is reported above the button, and nothing changes', async ({ page }) => {
    await page.goto('/xihu/modifyPassword');
    await page.getByLabel('账号或读者证号').fill('frozen');
    await page.getByLabel('当前密码').fill('Wrong2026');
    await page.getByLabel('新密码', { exact: true }).fill('Frozen2027');
    await page.getByLabel('确认新密码').fill('Frozen2027');
    await page.getByRole('button', { name: '修改密码' }).click();
    await expect(page.getByRole('alert')).toHaveText('账号或密码错误');
  });

  test('forced binding: after login a reader without a verified contact binds an e-mail with a mailed code', async ({
    page,
  }) => {
    // xihu sets bindMailOrPhone: the login holds the reader on /forceBinding.
    await loginThroughScreen(page, '/xihu', 'unverified', 'Reader2026');
    await expect(page).toHaveURL(/\/xihu\/forceBinding$/);
    await expect(page.getByRole('heading', { level: 1, name: '绑定邮箱或手机' })).toBeVisible();
    await page.goto('/xihu/searchList');
    await expect(page).toHaveURL(/\/xihu\/forceBinding$/);
    await expect(page.getByText('今日还可修改绑定 3 次（共 3 次）。')).toBeVisible();
    const address = page.getByLabel('邮箱地址');
    await address.fill('not-an-address@');
    await page.getByRole('button', { name: '发送验证码' }).click();
    await expect(page.getByText('邮箱格式不正确')).toBeVisible();

    await address.fill('unverified.new@example.org');
    const before = mailCount();
    await page.getByRole('button', { name: '发送验证码' }).click();
    await expect(page.getByRole('status')).toHaveText(/unverified\.new@example\.org/);
    const code = await waitForMailedCode('unverified.new@example.org', before);
    await page.getByLabel('收到的验证码').fill(code);
    // The current password is asked for, the forced binding after login too.
    await page.getByRole('button', { name: '绑定', exact: true }).click();
    await expect(page.getByText('请输入当前密码', { exact: true })).toBeVisible();
    await page.getByLabel('当前密码').fill('Wrong2026');
    await page.getByRole('button', { name: '绑定', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('当前密码不正确');
    await page.getByLabel('当前密码').fill('Reader2026');
    await page.getByRole('button', { name: '绑定', exact: true }).click();
    await expect(page.getByRole('heading', { name: '绑定成功' })).toBeFocused();

    const status = await page.evaluate(async () => {
      const res = await fetch('/find/bindMailAndPhone/getMailAndPhoneStatus', {
        headers: {
          mappingPath: 'xihu',
          [sessionStorage.getItem('jwtHeader') ?? '']: sessionStorage.getItem('jwt') ?? '',
        },
      });
      return ((await res.json()) as { data: { emailFlag: string } }).data;
    });
    expect(status.emailFlag).toBe('1');
    // The hold ends: the reader goes on and stays on other screens.
    await page.getByRole('button', { name: '继续' }).click();
    await expect(page).not.toHaveURL(/forceBinding/);
    await page.goto('/xihu/searchList');
    await expect(page).toHaveURL(/\/xihu\/searchList$/);
  });

  test('a reader with a verified e-mail sees it on the binding screen', async ({ page }) => {
    await startSession(page, 'xihu', 'reader', 'Reader2026');
    await page.goto('/xihu/forceBinding');
    // A reader with a verified address sees it and may replace it.
    await expect(page.getByText(/当前已验证：reader@example\.org/)).toBeVisible();
  });

  test('replacing a verified e-mail asks for the password and tells the old address', async ({ page }) => {
    await startSession(page, 'xihu', 'rebind', 'Reader2026');
    await page.goto('/xihu/forceBinding');
    await expect(page.getByText(/当前已验证：rebind\.old@example\.org/)).toBeVisible();
    await page.getByLabel('邮箱地址').fill('rebind.new@example.org');
    let before = mailCount();
    await page.getByRole('button', { name: '发送验证码' }).click();
    const code = await waitForMailedCode('rebind.new@example.org', before);
    await page.getByLabel('收到的验证码').fill(code);
    await page.getByLabel('当前密码').fill('Reader2026');
    before = mailCount();
    await page.getByRole('button', { name: '绑定', exact: true }).click();
    await expect(page.getByRole('heading', { name: '绑定成功' })).toBeFocused();
    const notice = await waitForMail('rebind.old@example.org', before);
    expect(notice.subject).toContain('账号联系方式变更提醒');
    expect(notice.text).toContain('rebind 绑定的邮箱已更改为 r***@example.org');
  });

  test('the institution privacy policy replaces the default text, without its scripts', async ({ page }) => {
    await page.goto('/xihu/privacy');
    await expect(page.getByRole('heading', { level: 1, name: '隐私政策' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '西湖市图书馆读者隐私政策' })).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { privacyScriptRan?: boolean }).privacyScriptRan),
    ).toBeFalsy();
  });
});
