import { ApiPath } from '@openfind/contract';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { envelopeOf, type TestApp } from './helpers.js';

/** Test helpers of the account suites (the app runs with the test-only captcha answers on). */

// Address limits are lifted: every request of a suite comes from one address (the throttling suite sets its own).
export const TEST_AUTH = {
  exposeCaptchaAnswer: true,
  loginsPerMinutePerIp: 10_000,
  captchasPerMinutePerIp: 10_000,
  recoveryPerMinutePerIp: 10_000,
} as const;

export async function captcha(
  t: TestApp,
  mappingPath = '',
  query: Record<string, string> = {},
): Promise<{ codeKey: string; answer: string }> {
  const res = await t.call({ url: ApiPath.verifyCodeImg, mappingPath, query });
  expect(res.statusCode).toBe(200);
  const d = envelopeOf<{ codeKey: string; answer: string }>(res).data;
  return { codeKey: d.codeKey, answer: d.answer };
}

export async function login(
  t: TestApp,
  username: string,
  password: string,
  opts: { mappingPath?: string; headers?: Record<string, string>; captcha?: { codeKey: string; answer: string } } = {},
): Promise<LightMyRequestResponse> {
  const mappingPath = opts.mappingPath ?? '';
  const c = opts.captcha ?? (await captcha(t, mappingPath));
  return t.call({
    url: ApiPath.login,
    mappingPath,
    headers: opts.headers,
    body: { username, password, verifyCode: c.answer, codeKey: c.codeKey, mappingPath, nextpath: '/Home' },
  });
}

/** Logs in and returns the token (fails the test when the login fails). */
export async function tokenOf(t: TestApp, username: string, password: string, mappingPath = ''): Promise<string> {
  const res = await login(t, username, password, { mappingPath });
  const e = envelopeOf<{ jwt: string }>(res);
  expect(e.success, e.message).toBe(true);
  return e.data.jwt;
}

export const bearer = (jwt: string) => ({ jwtOpacAuth: jwt });

/** POSTs `body` to `url` with a fresh image code of the institution; the parsed envelope. */
export async function postWithCode<T = unknown>(
  t: TestApp,
  url: string,
  body: Record<string, unknown>,
  mappingPath = '',
) {
  const c = await captcha(t, mappingPath);
  const res = await t.call({ url, mappingPath, body: { ...body, verifyCode: c.answer, codeKey: c.codeKey } });
  return envelopeOf<T>(res);
}
