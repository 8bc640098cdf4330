import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { apiLogin } from './support/account';
import { loginOnScreen, passTour } from './support/auth';

// The session beyond the login form (issue 6): entry by URL hash, the library parameter, the
// inactivity expiry and the guided tour, against the real server.

/** A token of a demo reader of the default institution, from a real login. */
async function token(request: APIRequestContext, account: string) {
  const answer = await apiLogin(request, '', account, 'Reader2026');
  expect(answer.success, answer.message).toBe(true);
  return answer.data as { jwt: string; jwtHeader: string };
}

test.describe('entry by URL hash', () => {
  test('a token and a pageType log in silently and lead to each destination of the table', async ({ page }) => {
    const { jwt, jwtHeader } = await token(page.request, 'D0005');
    const table: Array<[pageType: string, extra: string, path: RegExp]> = [
      ['0', '', /\/personalCenter$/],
      ['4', '', /\/personalExternal\/4$/],
      ['5', '', /\/personalExternal\/5$/],
      ['6', '', /\/personalExternal\/6$/],
      ['7', '', /\/personalExternal\/7$/],
      ['10', '', /\/personalExternal\/10$/],
      ['14', '', /\/personalExternal\/14$/],
      ['11', '', /\/personalExternal\/8$/],
      ['9', '', /\/personalExternal\/11$/],
      ['8', '', /\/customTabs$/],
      ['101', '&searchType=title&keyword=%E6%95%B0%E5%AD%97&matchType=2', /\/searchList\?searchFieldContent=/],
      ['102', '&recordId=1', /\/searchList\/bookDetails\/1$/],
      ['102', '', /\/Home$/],
      ['103', '', /\/drivePurchas$/],
      ['104', '', /\/newBookInform$/],
      ['108', '&recordId=3', /\/dataBaseNav\/details\/3$/],
    ];
    for (const [pageType, extra, path] of table) {
      await page.goto(`/#/Home?jwt=${jwt}&jwtHeader=${jwtHeader}&pageType=${pageType}&navigation=1${extra}`);
      await expect(page, `pageType ${pageType}${extra}`).toHaveURL(path);
      // The hash (and its token) is gone from the address.
      expect(new URL(page.url()).hash).toBe('');
    }
    // The last entry left a session in this tab: the header shows the reader.
    await expect(page.getByRole('button', { name: '用户菜单：陈静' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('jwt'))).toBe(jwt);
  });

  test('search parameters without a pageType open that search (through the external-search entry); a relevanceUid the relevance screen', async ({
    page,
  }) => {
    await page.goto('/#/Home?searchType=title&keyword=%E6%95%B0%E6%8D%AE&matchType=1');
    // The entry passes through /searchListExternal/title/数据/1, which hands over to the results page
    // at once: only where the reader lands can be waited for.
    await expect
      .poll(() => {
        const url = new URL(page.url());
        return [
          url.pathname,
          ...['searchField', 'searchFieldContent', 'matchMode'].map((k) => url.searchParams.get(k)),
        ];
      })
      .toEqual(['/searchList', 'title', '数据', '1']);
    await page.goto('/#/Home?relevanceUid=abc');
    await expect(page).toHaveURL(/\/relevanceUid$/);
    expect(await page.evaluate(() => (history.state as { usr?: { uid?: string } }).usr?.uid)).toBe('abc');
  });

  test('a libCode parameter stores the library choice and reloads', async ({ page }) => {
    await page.goto('/Home?libCode=OFU-MED');
    await expect(page).toHaveURL(/\/Home$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('libCode'))).toBe('OFU-MED');
    await expect(page.getByRole('combobox', { name: '选择图书馆' })).toHaveValue('OFU-MED');
  });

  test('an invalid token in the hash does not log in', async ({ page }) => {
    await page.goto('/#/Home?jwt=not.a.token&jwtHeader=jwtOpacAuth&pageType=0');
    await expect(page.getByRole('link', { name: '登录' })).toBeVisible();
    // The token is dropped once the server has refused it (userinfo's 401), just after the page shows.
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('jwt'))).toBeNull();
  });
});

test.describe('inactivity and the guided tour', () => {
  test('an idle reader is logged out after primaryIdProtectTime minutes; activity restarts the count', async ({
    page,
  }) => {
    // The `sso` institution allows 1 minute: 6 ticks of 10 s. The page's clock is driven by the test.
    await page.clock.install();
    await loginOnScreen(page, '/sso/login', 'S0003', 'Reader2026');
    const menu = page.getByRole('button', { name: '用户菜单：吴越' });
    await expect(menu).toBeVisible();
    await passTour(page);
    const expired = page.getByRole('dialog', { name: '登录已失效' });

    // Activity restarts the count once it has paused for a second.
    const beActive = async () => {
      await page.mouse.move(200, 200);
      await page.mouse.move(220, 240);
      await page.clock.runFor(1_500);
    };
    await beActive();
    await page.clock.runFor(45_000);
    await beActive();
    await page.clock.runFor(45_000);
    await expect(expired).toBeHidden();
    await expect(menu).toBeVisible();
    await page.clock.runFor(20_000);
    await expect(expired).toContainText('您已长时间未操作，当前登录已失效，请重新登录。');
    // The reader is gone from the page at once; OK ends the session at the server.
    await expect(menu).toBeHidden();
    await expect(page.getByRole('link', { name: '登录' })).toBeVisible();
    await expired.getByRole('button', { name: /确\s*定/ }).click();
    await expect(expired).toBeHidden();
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('jwt'))).toBeNull();
  });

  test('a first-time reader gets the three-step tour: Start, Next, Pass back to the page, shown once', async ({
    page,
  }) => {
    await loginOnScreen(page, '/login', 'lost', 'Reader2026');
    const welcome = page.getByRole('dialog', { name: '欢迎使用资源发现门户' });
    await expect(welcome).toContainText('第 1 步，共 3 步');
    await welcome.getByRole('button', { name: '开始' }).click();
    await expect(page).toHaveURL(/\/Home$/);

    const step2 = page.locator('.ant-tour').filter({ hasText: '检索馆藏' });
    await expect(step2).toContainText('第 2 步，共 3 步');
    await expect(step2.getByRole('button', { name: '跳过' })).toBeVisible();
    await step2.getByRole('button', { name: '下一步' }).click();

    const step3 = page.locator('.ant-tour').filter({ hasText: '我的图书馆' });
    await expect(step3).toContainText('第 3 步，共 3 步');
    await expect(step3.getByRole('button', { name: '完成' })).toBeVisible();
    await step3.getByRole('button', { name: '跳过' }).click();
    // Pass returns to the page the login led to (the login screen's next path: home).
    await expect(page).toHaveURL(/\/home$/i);
    await expect(page.locator('.ant-tour')).toBeHidden();

    // The server marked the first login: the next login has no tour.
    const info = await page.request.get('/oga/userinfo', {
      headers: {
        jwtOpacAuth: (await page.evaluate(() => sessionStorage.getItem('jwt'))) ?? '',
        mappingPath: '',
      },
    });
    expect(((await info.json()) as { data: { firstLoginFlag: string } }).data.firstLoginFlag).toBe('1');
  });
});
