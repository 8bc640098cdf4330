import { ApiPath, STAFF_TOKEN_HEADER } from '@openfind/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED, redactUrl } from '../src/http/log-redaction.js';
import { captcha, TEST_AUTH, tokenOf } from './auth-support.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { makeReader, makeTenant, type MadeReader, type MadeTenant } from './support/factories.js';
import { makeStaff, staffLogin } from './support/staff.js';

// What the server writes to its log (pino through Fastify, at info as in production) is captured
// line by line; secrets sent in URLs or headers, and verification codes, must not be in it.
let t: TestApp;
const lines: string[] = [];
const logText = () => lines.join('');
// An institution and a reader with a verified phone; no test changes them.
let tenant: MadeTenant;
let mappingPath: string;
let reader: MadeReader;

beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    auth: TEST_AUTH,
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
  });
  tenant = await makeTenant(t);
  mappingPath = tenant.mappingPath;
  reader = await makeReader(t, tenant.id, { phone: '13800000001' });
}, 120_000);
afterAll(async () => t?.close());

/** The log lines written while `action` ran. */
async function logged(action: () => Promise<unknown>): Promise<string> {
  const from = lines.length;
  await action();
  return lines.slice(from).join('');
}

describe('secrets in the log', () => {
  it('a session token in ?jwt= and in the token headers is logged as the marker', async () => {
    const jwt = await tokenOf(t, reader.account, reader.password, mappingPath);
    const out = await logged(async () => {
      const res = await t.call({ url: `${ApiPath.userInfo}?jwt=${jwt}`, mappingPath });
      expect(envelopeOf(res).success).toBe(true);
      await t.call({ url: ApiPath.userInfo, mappingPath, headers: { authorization: `Bearer ${jwt}` } });
      await t.call({ url: ApiPath.userInfo, mappingPath, headers: { jwtOpacAuth: jwt, cookie: `jwt=${jwt}` } });
    });
    expect(out).toContain(`${ApiPath.userInfo}?jwt=${REDACTED}`);
    expect(out).not.toContain(jwt);
    // The signature alone would do as well: no part of the token is left.
    expect(out).not.toContain(jwt.split('.')[2]);
    expect(logText()).not.toContain(jwt);
  });

  it('passwords, recovery keys and codes in the query are logged as the marker', async () => {
    const out = await logged(async () => {
      await t.call({
        url: `${ApiPath.updateUserPasswordGet}?findKey=fk-secret-1&password=Hunter2-secret&confirmPassword=Hunter2-secret`,
        mappingPath,
      });
      await t.call({ url: `${ApiPath.checkPhoneCode}?findKey=fk-secret-2&code=654321`, mappingPath });
      await t.call({ url: `${ApiPath.casCallback}?mappingPath=${mappingPath}&ticket=ST-secret-ticket`, mappingPath });
    });
    for (const secret of ['Hunter2-secret', 'fk-secret-1', 'fk-secret-2', '654321', 'ST-secret-ticket']) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain(`password=${REDACTED}`);
    expect(out).toContain(`code=${REDACTED}`);
    expect(out).toContain(`ticket=${REDACTED}`);
    // What is not a secret stays readable.
    expect(out).toContain(`${ApiPath.casCallback}?mappingPath=${mappingPath}&ticket=`);
  });

  it('a recovery code sent without a gateway is logged as sent (to whom, which channel), without the code', async () => {
    const c = await captcha(t, mappingPath, { userName: reader.account, scene: '2' });
    const open = envelopeOf<{ findKey: string }>(
      await t.call({
        url: ApiPath.checkImgCode,
        mappingPath,
        query: { userName: reader.account, verifyCode: c.answer, codeKey: c.codeKey },
      }),
    );
    expect(open.success).toBe(true);
    const out = await logged(async () => {
      const sent = envelopeOf(
        await t.call({
          url: ApiPath.sendPhoneCode,
          mappingPath,
          query: { findKey: open.data.findKey },
        }),
      );
      expect(sent.success).toBe(true);
    });
    // The reader still gets the code (the inbox).
    const row = await t.db.kysely
      .selectFrom('reader_inbox')
      .select(['body', 'reader_id'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(row.body)![1]!;
    expect(out).not.toContain(code);
    expect(out).not.toContain(open.data.findKey);
    const line = out.split('\n').find((l) => l.includes('"channel":"phone"'));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ readerId: row.reader_id, channel: 'phone', to: '13800000001' });
  });

  it("a staff password and a staff session's token (X-Staff-Token) are not logged", async () => {
    const staff = await makeStaff(t, tenant.id);
    let token = '';
    const out = await logged(async () => {
      token = envelopeOf<{ token: string }>(await staffLogin(t, mappingPath, staff.username, staff.password)).data
        .token;
      const headers = { [STAFF_TOKEN_HEADER]: token };
      expect((await t.call({ url: ApiPath.staffMe, mappingPath, headers })).statusCode).toBe(200);
      await t.call({ url: ApiPath.deskCheckin, mappingPath, headers, body: { barcode: 'NONE' } });
    });
    expect(out).toContain(ApiPath.staffLogin);
    expect(out).not.toContain(staff.password);
    expect(out).not.toContain(token.split('.')[2]);
  });
});

describe('redactUrl', () => {
  it('replaces the values of secret parameters, any case, and keeps the rest', () => {
    expect(redactUrl('/oga/userinfo?JWT=a.b.c&mappingPath=beiling')).toBe(
      `/oga/userinfo?JWT=${REDACTED}&mappingPath=beiling`,
    );
    expect(redactUrl('/x?newPassword=p1&old%50assword=p2&codeKey=k&verifyCode=1234')).toBe(
      `/x?newPassword=${REDACTED}&old%50assword=${REDACTED}&codeKey=k&verifyCode=${REDACTED}`,
    );
    expect(redactUrl('/#/Home?jwt=t&jwtHeader=jwtOpacAuth&pageType=0')).toBe(
      `/#/Home?jwt=${REDACTED}&jwtHeader=jwtOpacAuth&pageType=0`,
    );
    expect(redactUrl('/find/unify/search?q=a%3Db')).toBe('/find/unify/search?q=a%3Db');
  });
});
