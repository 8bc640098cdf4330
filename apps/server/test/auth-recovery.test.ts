import { ApiPath, AuthErrCode } from '@openfind/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { bearer, captcha, login, TEST_AUTH, tokenOf } from './auth-support.js';
import { t as text } from '../src/http/messages.js';
import { makeReader, makeReaderWith, makeTenant, type MadeTenant } from './support/factories.js';

let t: TestApp;
/** The institution of the tests on `t`; each test makes the readers it recovers or binds for. */
let home: MadeTenant;

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  home = await makeTenant(t);
});
afterAll(async () => t?.close());

/** The code in the latest inbox message of the reader (where the default SMS provider delivers). */
async function inboxCode(app: TestApp, readerId: number): Promise<{ code: string; target: string; channel: string }> {
  const row = await app.db.kysely
    .selectFrom('reader_inbox')
    .select(['body', 'target', 'channel'])
    .where('reader_id', '=', readerId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { code: /\b(\d{6})\b/.exec(row.body)![1]!, target: row.target, channel: row.channel };
}

async function openRecovery(app: TestApp, userName: string, mappingPath = home.mappingPath): Promise<string> {
  const c = await captcha(app, mappingPath, { userName, scene: '2' });
  const res = await app.call({
    url: ApiPath.checkImgCode,
    mappingPath,
    query: { userName, verifyCode: c.answer, codeKey: c.codeKey },
  });
  const e = envelopeOf<{ findKey: string; expiresIn: number }>(res);
  expect(e.success, e.message).toBe(true);
  expect(e.data.expiresIn).toBe(900);
  return e.data.findKey;
}

const get = (
  app: TestApp,
  url: string,
  query: Record<string, string>,
  headers?: Record<string, string>,
  mappingPath = home.mappingPath,
) => app.call({ url, mappingPath, query, headers }).then((r) => envelopeOf<Record<string, unknown>>(r));

describe('password recovery', () => {
  it('by phone: image code, masked contacts, code by SMS (inbox), check, new password; old sessions end', async () => {
    const reader = await makeReader(t, home.id, { email: 'reader@example.org', phone: '13800000001' });
    const session = await tokenOf(t, reader.account, reader.password, home.mappingPath);
    const findKey = await openRecovery(t, reader.account);
    const contacts = envelopeOf(
      await t.call({ url: ApiPath.checkUser, mappingPath: home.mappingPath, body: { findKey } }),
    );
    expect(contacts.data).toEqual({ phone: '138****0001', email: 'r***@example.org', phoneFlag: '1', emailFlag: '1' });

    const sent = await get(t, ApiPath.sendPhoneCode, { findKey });
    expect(sent).toMatchObject({ success: true, data: { times: 4, limit: 5 } });
    expect(sent.message).toBe(text('zh-CN', 'codeSent', { target: '138****0001', times: 4 }));
    expect((await get(t, ApiPath.findCodeTimes, { findKey })).data).toEqual({ times: 4, limit: 5 });
    const { code, target, channel } = await inboxCode(t, reader.id);
    expect([target, channel]).toEqual(['13800000001', 'phone']);

    // Nothing before the code is checked.
    expect((await get(t, ApiPath.updateUserPassword, { findKey, password: 'Brand2026new' })).errCode).toBe(
      AuthErrCode.recoveryExpired,
    );
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await get(t, ApiPath.checkPhoneCode, { findKey, code: wrongCode })).errCode).toBe(AuthErrCode.codeWrong);
    expect((await get(t, ApiPath.checkPhoneCode, { findKey, code })).success).toBe(true);

    expect((await get(t, ApiPath.updateUserPassword, { findKey, password: 'short1' })).errCode).toBe(
      AuthErrCode.passwordRule,
    );
    expect((await get(t, ApiPath.updateUserPassword, { findKey, password: 'abcdefghij' })).errCode).toBe(
      AuthErrCode.passwordRule,
    );
    expect((await get(t, ApiPath.updateUserPassword, { findKey, password: reader.password })).errCode).toBe(
      AuthErrCode.passwordUnchanged,
    );
    const done = await get(t, ApiPath.updateUserPassword, {
      findKey,
      password: 'Brand2026new',
      confirmPassword: 'Brand2026new',
    });
    expect(done).toMatchObject({ success: true, message: text('zh-CN', 'passwordChanged') });
    // The ticket is used up, the old password and the old session are gone.
    expect((await get(t, ApiPath.updateUserPassword, { findKey, password: 'Other2026new' })).errCode).toBe(
      AuthErrCode.recoveryExpired,
    );
    expect(
      (await t.call({ url: ApiPath.userInfo, mappingPath: home.mappingPath, headers: bearer(session) })).statusCode,
    ).toBe(401);
    const at = { mappingPath: home.mappingPath };
    expect(envelopeOf(await login(t, reader.account, reader.password, at)).errCode).toBe(AuthErrCode.badCredentials);
    expect(envelopeOf(await login(t, reader.account, 'Brand2026new', at)).success).toBe(true);
    // A code is good once.
    expect(
      (await get(t, ApiPath.checkPhoneCode, { findKey: await openRecovery(t, reader.account), code })).errCode,
    ).toBe(AuthErrCode.codeWrong);
  });

  it('an unknown account looks like one with nothing verified', async () => {
    const frozen = await makeReader(t, home.id, { status: 'frozen' }); // no phone, no e-mail
    const ghostKey = await openRecovery(t, 'no-such-reader');
    const frozenKey = await openRecovery(t, frozen.account);
    const check = async (findKey: string) =>
      envelopeOf(await t.call({ url: ApiPath.checkUser, mappingPath: home.mappingPath, body: { findKey } }));
    const a = await check(ghostKey);
    const b = await check(frozenKey);
    expect(a).toEqual(b);
    expect(a).toMatchObject({
      success: false,
      errCode: AuthErrCode.noVerifiedContact,
      message: text('zh-CN', 'noVerifiedContact'),
    });
    expect((await get(t, ApiPath.sendPhoneCode, { findKey: ghostKey })).errCode).toBe(AuthErrCode.noVerifiedContact);
    expect((await get(t, ApiPath.sendMailCode, { findKey: frozenKey })).errCode).toBe(AuthErrCode.noVerifiedContact);
  });

  it('the image code belongs to the account name and scene; a made-up findKey goes nowhere', async () => {
    const [one, another] = [await makeReader(t, home.id), await makeReader(t, home.id)];
    const c = await captcha(t, home.mappingPath, { userName: one.account, scene: '2' });
    const other = await get(t, ApiPath.checkImgCode, {
      userName: another.account,
      verifyCode: c.answer,
      codeKey: c.codeKey,
    });
    expect(other.errCode).toBe(AuthErrCode.captchaWrong);
    const login1 = await captcha(t, home.mappingPath);
    const scene1 = await get(t, ApiPath.checkImgCode, {
      userName: one.account,
      verifyCode: login1.answer,
      codeKey: login1.codeKey,
    });
    expect(scene1.errCode).toBe(AuthErrCode.captchaWrong);
    expect((await get(t, ApiPath.findCodeTimes, { findKey: 'made-up' })).errCode).toBe(AuthErrCode.recoveryExpired);
  });

  it('limits codes per day and shows what is left; an expired recovery must start again', async () => {
    const reader = await makeReader(t, home.id, { phone: '13800000003' }); // phone verified, no e-mail
    const findKey = await openRecovery(t, reader.account);
    const times: number[] = [];
    for (let i = 0; i < 5; i++) times.push((await get(t, ApiPath.sendPhoneCode, { findKey })).data.times as number);
    expect(times).toEqual([4, 3, 2, 1, 0]);
    const sixth = await get(t, ApiPath.sendPhoneCode, { findKey });
    expect(sixth).toMatchObject({ success: false, errCode: AuthErrCode.dailyLimit });
    expect((await get(t, ApiPath.findCodeTimes, { findKey })).data).toEqual({ times: 0, limit: 5 });
    expect((await get(t, ApiPath.findMailCodeTimes, { findKey })).errCode).toBe(AuthErrCode.noVerifiedContact);

    await t.db.kysely
      .updateTable('password_recovery')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('reader_id', '=', reader.id)
      .execute();
    expect((await get(t, ApiPath.findCodeTimes, { findKey })).errCode).toBe(AuthErrCode.recoveryExpired);
  });

  it('a code dies after five wrong answers', async () => {
    const reader = await makeReader(t, home.id, { email: 'expired@example.org' }); // e-mail verified
    const findKey = await openRecovery(t, reader.account);
    await get(t, ApiPath.sendMailCode, { findKey });
    const { code, channel } = await inboxCode(t, reader.id);
    expect(channel).toBe('mail');
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) await get(t, ApiPath.checkMailCode, { findKey, code: wrong });
    expect((await get(t, ApiPath.checkMailCode, { findKey, code })).errCode).toBe(AuthErrCode.codeWrong);
  });
});

describe('binding phone and e-mail', () => {
  it('sends a code to the new address, binds it as verified, counts the changes', async () => {
    const reader = await makeReaderWith(t, home.id, {
      email: 'unverified@example.org',
      emailVerified: false,
      phone: '13800000005',
      phoneVerified: false,
    });
    const h = bearer(await tokenOf(t, reader.account, reader.password, home.mappingPath));
    const status = ApiPath.mailPhoneStatus;
    expect((await get(t, status, {}, h)).data).toMatchObject({ emailFlag: '0', phoneFlag: '0' });
    expect((await get(t, ApiPath.findChangeBindTimes, {}, h)).data).toEqual({ times: 3, limit: 3 });

    expect((await get(t, ApiPath.sendBindCode, { type: 'mail', target: 'not-an-address' }, h)).errCode).toBe(
      AuthErrCode.contactInvalid,
    );
    expect((await get(t, ApiPath.sendBindCode, { type: 'phone', target: '12345' }, h)).errCode).toBe(
      AuthErrCode.contactInvalid,
    );

    const sent = await get(t, ApiPath.sendBindCode, { type: 'mail', target: 'new.mail@example.org' }, h);
    expect(sent.success).toBe(true);
    const { code, target } = await inboxCode(t, reader.id);
    expect(target).toBe('new.mail@example.org');
    // The code binds only the address it was sent to.
    const elsewhere = await get(
      t,
      ApiPath.updateUserMailAndPhone,
      { type: 'mail', target: 'other@example.org', code, password: reader.password },
      h,
    );
    expect(elsewhere.errCode).toBe(AuthErrCode.codeWrong);
    await get(t, ApiPath.sendBindCode, { type: 'mail', target: 'new.mail@example.org' }, h);
    const code2 = (await inboxCode(t, reader.id)).code;
    const bound = await get(
      t,
      ApiPath.updateUserMailAndPhone,
      { type: 'mail', target: 'new.mail@example.org', code: code2, password: reader.password },
      h,
    );
    expect(bound).toMatchObject({ success: true, message: text('zh-CN', 'bindSuccess') });
    expect((await get(t, status, {}, h)).data).toMatchObject({ emailFlag: '1', phoneFlag: '0' });
    expect((await get(t, ApiPath.findChangeBindTimes, {}, h)).data).toEqual({ times: 2, limit: 3 });

    await get(t, ApiPath.sendBindCode, { type: 'phone', target: '13900000009' }, h);
    const phoneCode = (await inboxCode(t, reader.id)).code;
    const reset = await t.call({
      url: ApiPath.resetPhone,
      mappingPath: home.mappingPath,
      headers: h,
      body: { phone: '13900000009', code: phoneCode, password: reader.password },
    });
    expect(envelopeOf(reset).success).toBe(true);
    const info = envelopeOf<{ mobile: string; mobileCheckFlag: string; email: string }>(
      await t.call({ url: ApiPath.userInfo, mappingPath: home.mappingPath, headers: h }),
    );
    expect(info.data).toMatchObject({ mobile: '13900000009', mobileCheckFlag: '1', email: 'new.mail@example.org' });
  });

  it('needs a login', async () => {
    for (const url of [ApiPath.findChangeBindTimes, ApiPath.mailPhoneStatus, ApiPath.getFirstLoginFlag]) {
      expect((await t.call({ url, mappingPath: home.mappingPath })).statusCode).toBe(401);
    }
    const send = await t.call({
      url: ApiPath.sendBindCode,
      mappingPath: home.mappingPath,
      query: { type: 'mail', target: 'a@example.org' },
    });
    expect(send.statusCode).toBe(401);
  });
});

describe('e-mail through SMTP', () => {
  let smtp: SMTPServer;
  let port: number;
  const received: { to: string; raw: string }[] = [];
  let m: TestApp;
  let library: MadeTenant;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            raw: Buffer.concat(chunks).toString(),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
    m = await createTestApp({
      seed: false,
      auth: { ...TEST_AUTH, smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Library <library@example.org>' },
    });
    library = await makeTenant(m, { name: 'OpenFind 示范大学图书馆' });
  });
  afterAll(async () => {
    await m?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the recovery code to the verified address; the code works', async () => {
    const reader = await makeReader(m, library.id, { email: 'reader@example.org' });
    const findKey = await openRecovery(m, reader.account, library.mappingPath);
    const sent = await get(m, ApiPath.sendMailCode, { findKey }, {}, library.mappingPath);
    expect(sent).toMatchObject({ success: true, data: { times: 4 } });
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toBe('reader@example.org');
    expect(received[0]!.raw).toMatch(/^From: Library <library@example\.org>/m);
    const [head, ...rest] = received[0]!.raw.split(/\r?\n\r?\n/);
    const encoded = rest.join('\n');
    const body = /content-transfer-encoding:\s*base64/i.test(head!)
      ? Buffer.from(encoded, 'base64').toString('utf8')
      : Buffer.from(
          encoded
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8');
    expect(body).toContain('OpenFind 示范大学图书馆');
    const code = /验证码是 (\d{6})/.exec(body)![1]!;
    expect((await get(m, ApiPath.checkMailCode, { findKey, code }, {}, library.mappingPath)).success).toBe(true);
    // Nothing went to the inbox: the mail server delivered it.
    expect(await m.db.kysely.selectFrom('reader_inbox').selectAll().where('channel', '=', 'mail').execute()).toEqual(
      [],
    );
  });
});
