import { expect } from '@playwright/test';
import type { APIRequestContext, Page, Response } from '@playwright/test';

/** An API envelope as the server answers. */
export type Envelope<T = unknown> = { success: boolean; message: string; errCode: number; data: T };

const headers = (mappingPath: string) => ({ mappingPath, 'content-type': 'application/json' });

/** A login image code with its answer (the e2e server runs with TEST_CAPTCHA_ANSWER=1). */
export async function apiCaptcha(request: APIRequestContext, mappingPath: string) {
  const res = await request.get('/oga/verifycode/img', { headers: headers(mappingPath) });
  const body = (await res.json()) as Envelope<{ codeKey: string; answer?: string }>;
  expect(body.data.answer, 'TEST_CAPTCHA_ANSWER must be on for the e2e server').toBeTruthy();
  return { codeKey: body.data.codeKey, verifyCode: body.data.answer ?? '' };
}

/** POST /oga/login as a client would, image code included; the whole envelope. */
export async function apiLogin(
  request: APIRequestContext,
  mappingPath: string,
  username: string,
  password: string,
): Promise<Envelope<{ jwt: string; jwtHeader: string } | false | number>> {
  const captcha = await apiCaptcha(request, mappingPath);
  const res = await request.post('/oga/login', {
    headers: headers(mappingPath),
    data: { username, password, mappingPath, ...captcha },
  });
  return (await res.json()) as Envelope<{ jwt: string; jwtHeader: string } | false | number>;
}

/** Logs in through the API and gives the page's tab that session (as the login screen would keep it). */
export async function startSession(page: Page, mappingPath: string, username: string, password: string) {
  const answer = await apiLogin(page.request, mappingPath, username, password);
  expect(answer.success, answer.message).toBe(true);
  const { jwt, jwtHeader } = answer.data as { jwt: string; jwtHeader: string };
  await page.addInitScript(
    ([token, header]) => {
      sessionStorage.setItem('jwt', token);
      sessionStorage.setItem('jwtHeader', header);
    },
    [jwt, jwtHeader] as const,
  );
  return { jwt, jwtHeader };
}

/** The answer of the next image code the page draws (read from its response, as the test-only setting allows). */
export async function nextCaptchaAnswer(page: Page, draw: () => Promise<unknown>): Promise<string> {
  const response: Promise<Response> = page.waitForResponse((r) => r.url().includes('/oga/verifycode/img'));
  await draw();
  const body = (await (await response).json()) as Envelope<{ answer?: string }>;
  expect(body.data.answer, 'TEST_CAPTCHA_ANSWER must be on for the e2e server').toBeTruthy();
  return body.data.answer ?? '';
}

/** Logs in through the /login screen (zh-CN texts), image code answered from its response. */
export async function loginThroughScreen(page: Page, base: string, username: string, password: string) {
  const answer = await nextCaptchaAnswer(page, () => page.goto(`${base}/login`));
  await page.getByLabel('账号', { exact: true }).fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('验证码', { exact: true }).fill(answer);
  await page.getByRole('checkbox').check();
  await page.locator('#main').getByRole('button', { name: '登录', exact: true }).click();
}
