import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiPath,
  DOC_DELIVERY_DAILY_LIMIT,
  DOC_DELIVERY_MAX_ATTEMPTS,
  DocDeliveryErrCode,
  StaffErrCode,
  docDeliveryProblem,
  normalizeIssn,
  type AdminDocDeliveryList,
  type AdminDocDeliveryRequest,
  type DocDeliveryList,
  type DocDeliveryRequest,
  type DocDeliverySettings,
  type DocDeliveryState,
} from '@openfind/contract';
import { t as text, type MessageKey } from '../src/http/messages.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { startDeliveryStandIn, type DeliveryStandIn } from './support/doc-delivery-standin.js';
import { makeReader, makeTenant, signIn, type MadeTenant } from './support/factories.js';
import { makeStaff, staffHeader } from './support/staff.js';

/**
 * Document delivery (issue 29, My Library key 19): the entry's rule (only with a login URL), the
 * signed login link, the form's checks, the request kept and then sent to a real HTTP stand-in of the
 * service (signed), tried again when the service is down and never sent twice, the daily limit,
 * withdrawing, the console's settings (administrators; the secret never shown or audited) and
 * requests (resend), and the walls between readers and institutions.
 */

let t: TestApp;
let home: MadeTenant;
let other: MadeTenant;
let desk: Record<string, string>;
let admin: Record<string, string>;
let otherAdmin: Record<string, string>;
let service: DeliveryStandIn;
const SECRET = 'a-shared-secret-of-the-library';

type Headers = Record<string, string>;
type Lang = CallOptions['lang'];

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  service = await startDeliveryStandIn();
  home = await makeTenant(t);
  other = await makeTenant(t);
  desk = await staffHeader(t, await makeStaff(t, home.id, { role: 'staff' }));
  admin = await staffHeader(t, await makeStaff(t, home.id, { role: 'admin' }));
  otherAdmin = await staffHeader(t, await makeStaff(t, other.id, { role: 'admin' }));
});
afterAll(async () => {
  await t?.close();
  await service?.close();
});
beforeEach(() => {
  service.status = 200;
  service.delayMs = 0;
});

const post = (url: string, body: unknown, headers: Headers, lang?: Lang, to = home) =>
  t.call({ url, body, headers, lang, mappingPath: to.mappingPath });
const get = (url: string, query: Record<string, string>, headers: Headers, lang?: Lang, to = home) =>
  t.call({ url, query, headers, lang, mappingPath: to.mappingPath });

async function reader(to = home) {
  const r = await makeReader(t, to.id, { email: `dd${Math.random().toString(36).slice(2, 8)}@example.org` });
  return { ...r, h: await signIn(t, to, r) };
}

async function configure(settings: Record<string, unknown> = {}, headers = admin, to = home) {
  return post(
    ApiPath.adminDocDeliverySaveSettings,
    { enabled: true, loginUrl: 'https://dd.example.org/login', serviceUrl: service.url, secret: SECRET, ...settings },
    headers,
    undefined,
    to,
  );
}

const FORM = { publicationName: 'Nature', articleTitle: 'A paper', year: '2020', issn: '0028-0836' };

async function save(h: Headers, form: Record<string, unknown> = FORM, lang?: Lang) {
  return envelopeOf<DocDeliveryRequest>(await post(ApiPath.docDeliverySave, form, h, lang));
}

function expectRefused(
  env: { success: boolean; errCode: number; message: string },
  code: number,
  key: MessageKey,
  params: Record<string, string | number> = {},
  lang: 'zh-CN' | 'en-US' = 'zh-CN',
) {
  expect(env.success).toBe(false);
  expect(env.errCode).toBe(code);
  expect(env.message).toBe(text(lang, key, params));
}

/** Makes the request due now (as if its pause had passed). */
const makeDue = (id: number) =>
  sql`UPDATE doc_delivery_request SET next_attempt_at = now() - interval '1 second' WHERE id = ${id}`.execute(
    t.db.kysely,
  );

describe('the form rules (shared with the web app)', () => {
  it('checks ISSN check digits, years, ISBNs and DOIs', () => {
    expect(normalizeIssn('0028 0836')).toBe('0028-0836');
    expect(normalizeIssn('1050-124x')).toBe('1050-124X');
    expect(normalizeIssn('0028-0837')).toBeUndefined();
    expect(docDeliveryProblem({}, 2026)?.code).toBe('titleRequired');
    expect(docDeliveryProblem({ articleTitle: 'x', year: '2028' }, 2026)?.code).toBe('badYear');
    expect(docDeliveryProblem({ articleTitle: 'x', year: '2027' }, 2026)).toBeUndefined();
    expect(docDeliveryProblem({ articleTitle: 'x', isbn: '9787302123457' }, 2026)?.code).toBe('badIsbn');
    expect(docDeliveryProblem({ articleTitle: 'x', doi: '10.1038/nature' }, 2026)).toBeUndefined();
    expect(docDeliveryProblem({ articleTitle: 'x', doi: '11.1038/nature' }, 2026)?.code).toBe('badDoi');
  });
});

describe('document delivery (My Library key 19)', () => {
  it('is not offered until the library names a login URL; visitors get 401', async () => {
    const fresh = await makeTenant(t);
    const r = await makeReader(t, fresh.id);
    const h = await signIn(t, fresh, r);
    const state = envelopeOf<DocDeliveryState>(await get(ApiPath.docDeliveryState, {}, h, undefined, fresh)).data;
    expect(state).toMatchObject({ offered: false, loginUrl: null, acceptsRequests: false });
    const env = envelopeOf(await post(ApiPath.docDeliverySave, FORM, h, undefined, fresh));
    expectRefused(env, DocDeliveryErrCode.notOffered, 'docNotOffered');
    expect((await get(ApiPath.docDeliveryState, {}, {})).statusCode).toBe(401);
    expect((await post(ApiPath.docDeliverySave, FORM, {})).statusCode).toBe(401);
  });

  it('settings: administrators only, links http(s), a long secret, the secret never shown nor audited', async () => {
    expect(envelopeOf(await configure({}, desk)).errCode).toBe(StaffErrCode.roleTooLow);
    expectRefused(
      envelopeOf(await configure({ loginUrl: 'javascript:alert(1)' })),
      DocDeliveryErrCode.badSetting,
      'docBadUrl',
      { field: text('zh-CN', 'docField_loginUrl') },
    );
    expectRefused(envelopeOf(await configure({ secret: 'short' })), DocDeliveryErrCode.badSetting, 'docShortSecret', {
      min: 16,
    });
    const saved = envelopeOf<DocDeliverySettings>(await configure());
    expect(saved.success).toBe(true);
    expect(saved.data).toMatchObject({ enabled: true, serviceUrl: service.url, hasSecret: true });
    expect(JSON.stringify(saved.data)).not.toContain(SECRET);
    // Saved again without a secret: the one set is kept.
    expect(envelopeOf<DocDeliverySettings>(await configure({ secret: '' })).data.hasSecret).toBe(true);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('tenant_id', '=', home.id)
      .where('action', '=', 'docDelivery.settings')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(audit)).not.toContain(SECRET);
    // Another institution's administrator changes only theirs.
    const read = envelopeOf<DocDeliverySettings>(
      await get(ApiPath.adminDocDeliverySettings, {}, otherAdmin, undefined, other),
    );
    expect(read.data.loginUrl).toBe('');
    expect(envelopeOf(await get(ApiPath.adminDocDeliverySettings, {}, otherAdmin)).errCode).toBe(
      StaffErrCode.otherInstitution,
    );
  });

  it('gives the reader a login link signed for them', async () => {
    await configure();
    const r = await reader();
    const state = envelopeOf<DocDeliveryState>(await get(ApiPath.docDeliveryState, {}, r.h)).data;
    expect(state).toMatchObject({ offered: true, acceptsRequests: true, dailyLimit: DOC_DELIVERY_DAILY_LIMIT });
    const url = new URL(state.loginUrl!);
    expect(url.origin + url.pathname).toBe('https://dd.example.org/login');
    expect(url.searchParams.get('uid')).toBe(r.account);
    const ts = url.searchParams.get('ts')!;
    expect(Math.abs(Number(ts) - Date.now() / 1000)).toBeLessThan(60);
    expect(url.searchParams.get('sign')).toBe(createHmac('sha256', SECRET).update(`${r.account}\n${ts}`).digest('hex'));
  });

  it('keeps a request and sends it to the service, signed, with the reader and the 13 fields', async () => {
    await configure();
    const r = await reader();
    const before = service.received.length;
    const env = await save(r.h, {
      ...FORM,
      issn: '0028 0836',
      isbn: '7-5037-1744-0',
      doi: '10.1038/171737a0',
      pages: '737-738',
      remarks: '  扫描件即可  ',
    });
    expect(env.success).toBe(true);
    expect(env.message).toBe(text('zh-CN', 'docSaved'));
    expect(env.data).toMatchObject({ status: 'sent', issn: '0028-0836', isbn: '9787503717444', remarks: '扫描件即可' });
    expect(env.data.remoteId).toMatch(/^DD-\d+$/);
    expect(service.received.length).toBe(before + 1);
    const got = service.received.at(-1)!;
    expect(got.json.requestId).toBe(env.data.id);
    expect(got.json.reader.account).toBe(r.account);
    expect(Object.keys(got.json.document)).toHaveLength(13);
    expect(got.json.document.doi).toBe('10.1038/171737a0');
    const ts = got.headers['x-openfind-timestamp'] as string;
    expect(got.headers['x-openfind-signature']).toBe(
      `sha256=${createHmac('sha256', SECRET).update(`${ts}.${got.body}`).digest('hex')}`,
    );
  });

  it('refuses a malformed form with the rule broken, in the reader’s language, keeping nothing', async () => {
    await configure();
    const r = await reader();
    expectRefused(await save(r.h, { author: 'x' }), DocDeliveryErrCode.titleRequired, 'docTitleRequired');
    expectRefused(await save(r.h, { ...FORM, year: '20x0' }), DocDeliveryErrCode.badYear, 'docBadYear');
    expectRefused(await save(r.h, { ...FORM, issn: '0028-0837' }), DocDeliveryErrCode.badIssn, 'docBadIssn', {
      value: '0028-0837',
    });
    expectRefused(
      await save(r.h, { ...FORM, isbn: '978-7-302-12345-7' }, 'en_US'),
      DocDeliveryErrCode.badIsbn,
      'docBadIsbn',
      { value: '978-7-302-12345-7' },
      'en-US',
    );
    expectRefused(await save(r.h, { ...FORM, doi: 'doi:10.1/x' }), DocDeliveryErrCode.badDoi, 'docBadDoi', {
      value: 'doi:10.1/x',
    });
    expect((await post(ApiPath.docDeliverySave, { ...FORM, remarks: 'x'.repeat(600) }, r.h)).statusCode).toBe(400);
    const list = envelopeOf<DocDeliveryList>(await get(ApiPath.docDeliveryList, {}, r.h)).data;
    expect(list.totalCount).toBe(0);
  });

  it('makes one request of a double submit (the same form token at once)', async () => {
    await configure();
    const r = await reader();
    const before = service.received.length;
    const form = { ...FORM, submitKey: 'form-token-123' };
    const [a, b] = await Promise.all([save(r.h, form), save(r.h, form)]);
    expect(a.success && b.success).toBe(true);
    expect(a.data.id).toBe(b.data.id);
    expect(service.received.length).toBe(before + 1);
    expect(envelopeOf<DocDeliveryList>(await get(ApiPath.docDeliveryList, {}, r.h)).data.totalCount).toBe(1);
  });

  it('keeps a request while the service is down and sends it once when it is back', async () => {
    await configure();
    const r = await reader();
    service.status = 503;
    const env = await save(r.h);
    expect(env.success).toBe(true);
    expect(env.message).toBe(text('zh-CN', 'docQueued'));
    expect(env.data.status).toBe('queued');
    const row = await t.db.kysely
      .selectFrom('doc_delivery_request')
      .select(['attempts', 'last_error', 'next_attempt_at'])
      .where('id', '=', env.data.id)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(1);
    expect(row.last_error).toContain('503');
    expect(row.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 30_000);
    // Not due yet: a sweep leaves it.
    expect(await t.services.docDelivery.sendOne(env.data.id)).toBe('skipped');
    service.status = 200;
    service.delayMs = 300;
    await makeDue(env.data.id);
    const before = service.received.length;
    // Two senders at once (two processes): one claims it, the other skips it.
    const [x, y] = await Promise.all([
      t.services.docDelivery.sendOne(env.data.id),
      t.services.docDelivery.sendOne(env.data.id),
    ]);
    expect([x, y].sort()).toEqual(['sent', 'skipped']);
    expect(service.received.length).toBe(before + 1);
    const list = envelopeOf<DocDeliveryList>(await get(ApiPath.docDeliveryList, {}, r.h)).data;
    expect(list.list[0]).toMatchObject({ id: env.data.id, status: 'sent' });
  });

  it('marks a request failed when the service refuses it or every try fails; staff send it again', async () => {
    await configure();
    const r = await reader();
    service.status = 400;
    const refused = (await save(r.h)).data;
    expect(refused.status).toBe('failed');
    service.status = 503;
    const down = (await save(r.h, { articleTitle: 'Down' })).data;
    for (let i = 1; i < DOC_DELIVERY_MAX_ATTEMPTS; i += 1) {
      await makeDue(down.id);
      await t.services.docDelivery.sweep();
    }
    const after = await t.db.kysely
      .selectFrom('doc_delivery_request')
      .select(['status', 'attempts'])
      .where('id', '=', down.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ status: 'failed', attempts: DOC_DELIVERY_MAX_ATTEMPTS });
    // Staff see it with the reason, and send it again once the service is back.
    const queue = envelopeOf<AdminDocDeliveryList>(await get(ApiPath.adminDocDeliveryList, { status: 'failed' }, desk));
    const shown = queue.data.list.find((d) => d.id === down.id)!;
    expect(shown.lastError).toContain('503');
    expect(shown.reader).toBe(r.account);
    expect(queue.data.counts.failed).toBeGreaterThanOrEqual(2);
    service.status = 200;
    const resent = envelopeOf<AdminDocDeliveryRequest>(
      await post(ApiPath.adminDocDeliveryResend, { id: down.id }, desk),
    );
    expect(resent.message).toBe(text('zh-CN', 'docResent'));
    expect(resent.data.status).toBe('sent');
    expectRefused(
      envelopeOf(await post(ApiPath.adminDocDeliveryResend, { id: down.id }, desk)),
      DocDeliveryErrCode.notResendable,
      'docNotResendable',
    );
    // Another institution's staff find nothing of it.
    expectRefused(
      envelopeOf(await post(ApiPath.adminDocDeliveryResend, { id: refused.id }, otherAdmin, undefined, other)),
      DocDeliveryErrCode.noSuch,
      'docNoSuch',
    );
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('target')
      .where('action', '=', 'docDelivery.resend')
      .execute();
    expect(audit.map((a) => a.target)).toContain(`doc delivery request ${down.id}`);
  });

  it('withdraws a request the service has not taken; never another reader’s', async () => {
    await configure();
    const r = await reader();
    const someoneElse = await reader();
    service.status = 503;
    const queued = (await save(r.h)).data;
    service.status = 200;
    const sent = (await save(r.h, { articleTitle: 'Sent' })).data;
    expectRefused(
      envelopeOf(await post(ApiPath.docDeliveryCancel, { id: queued.id }, someoneElse.h)),
      DocDeliveryErrCode.noSuch,
      'docNoSuch',
    );
    expectRefused(
      envelopeOf(await post(ApiPath.docDeliveryCancel, { id: sent.id }, r.h)),
      DocDeliveryErrCode.notCancellable,
      'docNotCancellable',
    );
    const done = envelopeOf<DocDeliveryRequest>(await post(ApiPath.docDeliveryCancel, { id: queued.id }, r.h));
    expect(done.data.status).toBe('cancelled');
    // A withdrawn request is not tried again.
    await makeDue(queued.id);
    expect(await t.services.docDelivery.sendOne(queued.id)).toBe('skipped');
    expect(envelopeOf<DocDeliveryList>(await get(ApiPath.docDeliveryList, {}, someoneElse.h)).data.totalCount).toBe(0);
  });

  it(`stops a reader at ${DOC_DELIVERY_DAILY_LIMIT} requests a day, two tabs together included`, async () => {
    await configure();
    const r = await reader();
    const reader0 = await t.db.kysely
      .selectFrom('reader')
      .select('id')
      .where('account', '=', r.account)
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('doc_delivery_request')
      .values(
        Array.from({ length: DOC_DELIVERY_DAILY_LIMIT - 1 }, (_, i) => ({
          tenant_id: home.id,
          reader_id: reader0.id,
          article_title: `Earlier ${i}`,
          status: 'sent' as const,
        })),
      )
      .execute();
    const [a, b] = await Promise.all([save(r.h, { articleTitle: 'A' }), save(r.h, { articleTitle: 'B' })]);
    expect([a.success, b.success].sort()).toEqual([false, true]);
    expectRefused(
      [a, b].find((e) => !e.success)!,
      DocDeliveryErrCode.dailyLimit,
      'docDailyLimit',
      {
        max: DOC_DELIVERY_DAILY_LIMIT,
      },
    );
  });
});
