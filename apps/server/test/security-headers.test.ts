import { ApiPath } from '@openfind/contract';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CSP, DOCS_CSP, HSTS, RESOURCE_CSP } from '../src/http/security-headers.js';
import { captcha, TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { makeReader, makeTenant, type MadeReader, type MadeTenant } from './support/factories.js';
import { tempDir } from './temp-dirs.js';

let t: TestApp;
let proxied: TestApp;
/** An institution with one reader, made alike in both apps (each has a database of its own). */
const world = new Map<TestApp, { tenant: MadeTenant; reader: MadeReader }>();
beforeAll(async () => {
  const webDist = tempDir('openfind-web-');
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>OpenFind</title><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("app")');
  [t, proxied] = await Promise.all([
    createTestApp({ webDist, auth: TEST_AUTH, seed: false }),
    createTestApp({ webDist, auth: TEST_AUTH, seed: false, trustProxy: true }),
  ]);
  for (const app of [t, proxied]) {
    const tenant = await makeTenant(app);
    world.set(app, { tenant, reader: await makeReader(app, tenant.id) });
  }
});
afterAll(async () => Promise.all([t?.close(), proxied?.close()]));

function expectCommon(res: LightMyRequestResponse, what: string): void {
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(res.headers['strict-transport-security'], what).toBeUndefined();
}

async function loginThrough(app: TestApp, headers: Record<string, string>): Promise<LightMyRequestResponse> {
  const { tenant, reader } = world.get(app)!;
  const c = await captcha(app, tenant.mappingPath);
  const res = await app.call({
    url: ApiPath.login,
    mappingPath: tenant.mappingPath,
    headers,
    body: { username: reader.account, password: reader.password, verifyCode: c.answer, codeKey: c.codeKey },
  });
  expect(envelopeOf(res).success).toBe(true);
  return res;
}

describe('security headers', () => {
  it('pages carry the app policy: own scripts only, no framing by other sites', async () => {
    for (const url of ['/Home', `/${world.get(t)!.tenant.mappingPath}/searchList/bookDetails/1`]) {
      const res = await t.app.inject({ url });
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-security-policy'], url).toBe(APP_CSP);
      expectCommon(res, url);
    }
    expect(APP_CSP).toContain("script-src 'self'");
    expect(APP_CSP).not.toContain('unsafe-eval');
    expect(APP_CSP).toContain("frame-ancestors 'self'");
    expect(APP_CSP).toContain("object-src 'none'");
  });

  it('assets, API answers and errors carry nosniff and a policy that loads nothing', async () => {
    const asset = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    const { mappingPath } = world.get(t)!.tenant;
    const api = await t.call({ url: ApiPath.getFindConfig, mappingPath });
    expect(api.statusCode).toBe(200);
    const missing = await t.call({ url: '/find/no/such/call', mappingPath });
    expect(missing.statusCode).toBe(404);
    const invalid = await t.app.inject({
      method: 'POST',
      url: ApiPath.login,
      headers: { mappingPath, 'content-type': 'application/json' },
      payload: '{',
    });
    expect(invalid.statusCode).toBe(400);
    for (const [what, res] of Object.entries({ asset, api, missing, invalid })) {
      expect(res.headers['content-security-policy'], what).toBe(RESOURCE_CSP);
      expectCommon(res, what);
    }
  });

  it('Swagger UI at /api/docs has its own policy', async () => {
    for (const url of ['/api/docs', '/api/docs/static/swagger-initializer.js', '/api/docs/json']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toBe(DOCS_CSP);
      expectCommon(res, url);
    }
  });

  it('no HSTS and no Secure cookie over plain HTTP, nor from an untrusted X-Forwarded-Proto', async () => {
    for (const [app, headers] of [
      [proxied, {}],
      [t, { 'x-forwarded-proto': 'https' }],
    ] as const) {
      const res = await loginThrough(app, headers);
      expect(res.headers['strict-transport-security']).toBeUndefined();
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^jwt=/);
      expect(cookie).not.toMatch(/;\s*Secure/i);
    }
  });

  it('HSTS and a Secure session cookie behind a TLS proxy (TRUST_PROXY)', async () => {
    const tls = { 'x-forwarded-proto': 'https' };
    const res = await loginThrough(proxied, tls);
    expect(res.headers['strict-transport-security']).toBe(HSTS);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^jwt=/);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    const page = await proxied.app.inject({ url: '/Home', headers: tls });
    expect(page.headers['strict-transport-security']).toBe(HSTS);
    expect(page.headers['content-security-policy']).toBe(APP_CSP);
  });
});
