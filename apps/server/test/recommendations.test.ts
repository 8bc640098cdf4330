import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  AuthErrCode,
  DEFAULT_DAILY_RECOMMEND_QUOTA,
  RecommendErrCode,
  StaffErrCode,
  normalizeIsbn,
  recommendEntryVisible,
  type AdminRecommendList,
  type AdminRecommendation,
  type RecommendDecideOutcome,
  type RecommendList,
  type RecommendLookup,
  type RecommendSettings,
  type RecommendState,
  type Recommendation,
} from '@openfind/contract';
import { t as text, type MessageKey } from '../src/http/messages.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { makeReader, makeRecords, makeTenant, signIn, type MadeTenant } from './support/factories.js';
import { makeStaff, staffHeader } from './support/staff.js';

/**
 * Resource recommendations (issue 29 key 6, the staff queue of issue 28): the ISBN rule, the look-up,
 * the reader's standing and verified contact, the daily quota, the same suggestion twice, cancelling,
 * the staff's decisions (guarded by version, in bulk, with the inbox message, the adopted points and
 * the audit row), the settings, and the walls between readers and institutions.
 */

let t: TestApp;
let home: MadeTenant;
let other: MadeTenant;
let desk: Record<string, string>;
let admin: Record<string, string>;
let otherAdmin: Record<string, string>;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  home = await makeTenant(t);
  other = await makeTenant(t);
  desk = await staffHeader(t, await makeStaff(t, home.id, { role: 'staff' }));
  admin = await staffHeader(t, await makeStaff(t, home.id, { role: 'admin' }));
  otherAdmin = await staffHeader(t, await makeStaff(t, other.id, { role: 'admin' }));
});
afterAll(async () => t?.close());

type Headers = Record<string, string>;
type Lang = CallOptions['lang'];
const language = (lang?: Lang) => (lang === 'en_US' ? 'en-US' : lang === 'zh_HK' ? 'zh-TW' : 'zh-CN');

/** A reader with a verified e-mail (unless `opts` says otherwise), logged in; their id and headers. */
async function reader(to = home, opts: Parameters<typeof makeReader>[2] = { email: `r${++serial}@example.org` }) {
  const r = await makeReader(t, to.id, opts);
  return { id: r.id, h: await signIn(t, to, r) };
}

/** A valid ISBN-13 of its own for each call (978 + 9 digits + the check digit). */
function isbn(): string {
  const body = `9787${String(100000000 + ++serial).slice(1)}`;
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += (i % 2 === 0 ? 1 : 3) * Number(body[i]);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const post = (url: string, body: unknown, headers: Headers, lang?: Lang, to = home) =>
  t.call({ url, body, headers, lang, mappingPath: to.mappingPath });
const get = (url: string, query: Record<string, string>, headers: Headers, lang?: Lang, to = home) =>
  t.call({ url, query, headers, lang, mappingPath: to.mappingPath });

const save = async (h: Headers, over: Record<string, unknown> = {}, lang?: Lang, to = home) =>
  envelopeOf<Recommendation>(
    await post(ApiPath.recommendSave, { title: `书${serial}`, isbn: isbn(), ...over }, h, lang, to),
  );
const list = async (h: Headers, status = 'all', to = home) =>
  envelopeOf<RecommendList>(await get(ApiPath.recommendList, { status }, h, undefined, to)).data;
const state = async (h: Headers, lang?: Lang) =>
  envelopeOf<RecommendState>(await get(ApiPath.recommendState, {}, h, lang)).data;
const decide = async (body: Record<string, unknown>, headers = desk, lang?: Lang, to = home) =>
  envelopeOf<RecommendDecideOutcome>(await post(ApiPath.adminRecommendDecide, body, headers, lang, to));

function expectRefused(
  env: { success: boolean; errCode: number; message: string },
  code: number,
  key: MessageKey,
  lang?: Lang,
  params?: Record<string, string | number>,
) {
  expect(env).toMatchObject({ success: false, errCode: code, message: text(language(lang), key, params) });
}

describe('the ISBN rule', () => {
  it('takes ISBN-10 and ISBN-13 with hyphens or spaces, as 13 digits; refuses a wrong check digit', () => {
    expect(normalizeIsbn('7-5037-1744-0')).toBe('9787503717444');
    expect(normalizeIsbn('0-14-043102-X')).toBeUndefined();
    expect(normalizeIsbn('0 8044 2957 X')).toBe('9780804429573');
    expect(normalizeIsbn('978-7-5037-1744-4')).toBe('9787503717444');
    expect(normalizeIsbn('9787503717447')).toBeUndefined();
    expect(normalizeIsbn('12345')).toBeUndefined();
    expect(normalizeIsbn('9771234567898')).toBeUndefined();
  });

  it('refuses an invalid ISBN with the translated message, in three languages', async () => {
    const { h } = await reader();
    for (const lang of ['zh_CN', 'zh_HK', 'en_US'] as const)
      expectRefused(
        await save(h, { isbn: '9787503717447' }, lang),
        RecommendErrCode.invalidIsbn,
        'recInvalidIsbn',
        lang,
      );
    expect((await list(h)).totalCount).toBe(0);
  });
});

describe('the look-up', () => {
  it('needs title and ISBN, and says so', async () => {
    const { h } = await reader();
    expectRefused(
      envelopeOf(await post(ApiPath.recommendLookup, { isbn: isbn() }, h)),
      RecommendErrCode.titleRequired,
      'recLookupNeedsBoth',
    );
    expectRefused(
      envelopeOf(await post(ApiPath.recommendLookup, { title: '书' }, h)),
      RecommendErrCode.titleRequired,
      'recLookupNeedsBoth',
    );
    expectRefused(
      envelopeOf(await post(ApiPath.recommendLookup, { title: '书', isbn: '123' }, h)),
      RecommendErrCode.invalidIsbn,
      'recInvalidIsbn',
    );
  });

  it("finds a held book by its ISBN ('already holds this book') and not another institution's", async () => {
    const { h } = await reader();
    const code = isbn();
    const [recordId] = await makeRecords(t, home.id, [{ title: '已有的书', isbn: code }]);
    await makeRecords(t, other.id, [{ title: '别馆的书', isbn: isbn() }]);
    const env = envelopeOf<RecommendLookup>(
      await post(ApiPath.recommendLookup, { title: '随便', isbn: code }, h, 'en_US'),
    );
    expect(env).toMatchObject({ success: true, message: text('en-US', 'recHeld') });
    expect(env.data).toMatchObject({
      isbn: code,
      held: true,
      records: [{ recordId, title: '已有的书' }],
      openRecommendationId: null,
    });
    const none = envelopeOf<RecommendLookup>(await post(ApiPath.recommendLookup, { title: '没有', isbn: isbn() }, h));
    expect(none).toMatchObject({
      success: true,
      message: text('zh-CN', 'recNotHeld'),
      data: { held: false, records: [] },
    });
  });

  it('shows a recommendation of a held book as held, with the record', async () => {
    const { h } = await reader();
    const code = isbn();
    const [recordId] = await makeRecords(t, home.id, [{ title: '馆藏书', isbn: code }]);
    const env = await save(h, { isbn: code, title: '馆藏书' });
    expect(env.data).toMatchObject({ held: true, recordId });
    const plain = await save(h);
    expect(plain.data).toMatchObject({ held: false, recordId: null });
  });
});

describe('saving a recommendation', () => {
  it('keeps the fields, the ISBN as 13 digits, the reason by the list', async () => {
    const { h } = await reader();
    const env = await save(
      h,
      {
        title: ' 数据库系统 ',
        isbn: '7-5037-1744-0',
        author: '王珊',
        publisher: '高教',
        publishYear: '2014',
        price: '39.60',
        reason: 'teaching',
        note: '课程用',
        language: 'chinese',
      },
      'en_US',
    );
    expect(env).toMatchObject({ success: true, message: text('en-US', 'recSaved') });
    expect(env.data).toMatchObject({
      kind: 'book',
      title: '数据库系统',
      isbn: '9787503717444',
      author: '王珊',
      reason: 'teaching',
      reasonName: text('en-US', 'recReasonTeaching'),
      status: 'unprocessed',
      version: 0,
    });
  });

  it('requires the title of a book, the name of an e-resource, http(s) links and a listed reason', async () => {
    const { h } = await reader();
    expectRefused(await save(h, { title: '' }), RecommendErrCode.titleRequired, 'recTitleRequired');
    expectRefused(
      await save(h, { kind: 'eresource', title: '', isbn: '' }),
      RecommendErrCode.titleRequired,
      'recResourceNameRequired',
    );
    expectRefused(
      await save(h, { kind: 'eresource', resourceName: '库', isbn: '', url: 'javascript:alert(1)' }),
      RecommendErrCode.invalid,
      'recInvalidUrl',
    );
    expectRefused(await save(h, { reason: 'bribe' }), RecommendErrCode.invalid, 'recInvalidReason');
  });

  it('takes journals and e-resources with their own fields (the custom form)', async () => {
    const { h } = await reader();
    const j = await save(h, { kind: 'journal', title: '图书馆杂志', isbn: '', frequency: '月刊', language: 'chinese' });
    expect(j.data).toMatchObject({ kind: 'journal', isbn: '', frequency: '月刊' });
    const e = await save(h, {
      kind: 'eresource',
      title: '',
      isbn: '',
      resourceName: 'Web of Science',
      subject: '综合',
      docTypes: '期刊论文',
      url: 'https://example.org/wos',
    });
    expect(e.data).toMatchObject({
      kind: 'eresource',
      title: 'Web of Science',
      resourceName: 'Web of Science',
      docTypes: '期刊论文',
      url: 'https://example.org/wos',
    });
  });

  it('needs a verified phone or e-mail', async () => {
    const { h } = await reader(home, {});
    expectRefused(await save(h, {}, 'zh_HK'), RecommendErrCode.contactNotVerified, 'recContactNotVerified', 'zh_HK');
    expect((await state(h)).refusal).toBe(text('zh-CN', 'recContactNotVerified'));
    const phone = await reader(home, { phone: '13912345678' });
    expect((await save(phone.h)).success).toBe(true);
  });

  it("refuses a frozen account ('frozen status cannot recommend') and a lost card, and says so in the state", async () => {
    for (const [status, key, code] of [
      ['frozen', 'frozenCannotRecommend', AuthErrCode.readerFrozen],
      ['lost', 'lostCannotRecommend', AuthErrCode.readerLost],
    ] as const) {
      const { h } = await reader(home, { email: `s${++serial}@example.org`, status });
      expectRefused(await save(h, {}, 'en_US'), code, key, 'en_US');
      expect((await state(h, 'en_US')).refusal).toBe(text('en-US', key));
    }
  });

  it('refuses the same open suggestion twice (a double submit), and takes it again once cancelled', async () => {
    const { h } = await reader();
    const code = isbn();
    const [a, b] = await Promise.all([save(h, { isbn: code }), save(h, { isbn: code.slice(3) === '' ? code : code })]);
    expect([a.success, b.success].sort()).toEqual([false, true]);
    const refused = a.success ? b : a;
    expectRefused(refused, RecommendErrCode.duplicate, 'recDuplicate');
    const made = (a.success ? a : b).data;
    const lookup = envelopeOf<RecommendLookup>(await post(ApiPath.recommendLookup, { title: 'x', isbn: code }, h));
    expect(lookup.data.openRecommendationId).toBe(made.id);
    await post(ApiPath.recommendCancel, { id: made.id }, h);
    expect((await save(h, { isbn: code })).success).toBe(true);
  });

  it('counts the daily quota (cancelled ones too), serves isMaxRecommend and the remaining count', async () => {
    const { h } = await reader();
    let s = await state(h);
    expect(s).toMatchObject({
      isAllowRecommend: true,
      isMaxRecommend: false,
      dailyQuota: DEFAULT_DAILY_RECOMMEND_QUOTA,
      usedToday: 0,
      remaining: 5,
      refusal: null,
    });
    expect(s.purchaseReasonList.map((r) => r.code)).toContain('moreCopies');
    for (let i = 0; i < DEFAULT_DAILY_RECOMMEND_QUOTA; i++) {
      const made = await save(h);
      expect(made.success).toBe(true);
      if (i === 0) await post(ApiPath.recommendCancel, { id: made.data.id }, h);
    }
    expectRefused(await save(h, {}, 'en_US'), RecommendErrCode.quotaUsed, 'recQuotaUsed', 'en_US', { quota: 5 });
    s = await state(h);
    expect(s).toMatchObject({ isMaxRecommend: true, usedToday: 5, remaining: 0 });
  });

  it('follows the institution: not taking any, a quota of its own, the site flags of the kinds', async () => {
    const own = await makeTenant(t);
    const ownAdmin = await staffHeader(t, await makeStaff(t, own.id, { role: 'admin' }));
    const { h } = await reader(own);
    const saved = envelopeOf<RecommendSettings>(
      await post(ApiPath.adminRecommendSaveSettings, { allow: false, dailyQuota: 1 }, ownAdmin, undefined, own),
    );
    expect(saved).toMatchObject({ success: true, data: { allow: false, dailyQuota: 1 } });
    expect(
      envelopeOf<RecommendState>(await get(ApiPath.recommendState, {}, h, undefined, own)).data.isAllowRecommend,
    ).toBe(false);
    expectRefused(await save(h, {}, undefined, own), RecommendErrCode.notAllowed, 'recNotAllowed');
    await post(ApiPath.adminRecommendSaveSettings, { allow: true, dailyQuota: 1 }, ownAdmin, undefined, own);
    expect((await save(h, {}, undefined, own)).success).toBe(true);
    expectRefused(await save(h, {}, undefined, own), RecommendErrCode.quotaUsed, 'recQuotaUsed', undefined, {
      quota: 1,
    });
    // The site flags: no custom recommendations, then none at all.
    await t.services.siteConfig.updateConfig(own.id, { customRec: '0' });
    const s = envelopeOf<RecommendState>(await get(ApiPath.recommendState, {}, h, undefined, own)).data;
    expect(s.kinds).toEqual(['book']);
    await post(ApiPath.adminRecommendSaveSettings, { allow: true, dailyQuota: 9 }, ownAdmin, undefined, own);
    expectRefused(
      await save(h, { kind: 'journal', title: '刊', isbn: '' }, undefined, own),
      RecommendErrCode.notAllowed,
      'recKindNotAllowed',
    );
    await t.services.siteConfig.updateConfig(own.id, { freeRec: '0', purderRec: '0' });
    expect(envelopeOf<RecommendState>(await get(ApiPath.recommendState, {}, h, undefined, own)).data.kinds).toEqual([]);
    expectRefused(await save(h, {}, undefined, own), RecommendErrCode.notAllowed, 'recKindNotAllowed');
    // Settings are for administrators to change; the audit row is written.
    expect((await post(ApiPath.adminRecommendSaveSettings, { allow: true, dailyQuota: 3 }, desk)).statusCode).toBe(403);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('tenant_id', '=', own.id)
      .where('action', '=', 'recommendation.settings')
      .execute();
    expect(audit.length).toBe(3);
  });

  it('the entry shows only when the server allows and a flag is on (spec §6)', () => {
    const on = { purderRec: '0', freeRec: '0', customRec: '0', recRecord: '1' };
    expect(recommendEntryVisible(true, on)).toBe(true);
    expect(recommendEntryVisible(false, on)).toBe(false);
    expect(recommendEntryVisible(true, { ...on, recRecord: '0' })).toBe(false);
  });

  it('is for logged-in readers only', async () => {
    expect((await post(ApiPath.recommendSave, { title: '书', isbn: isbn() }, {})).statusCode).toBe(401);
    expect((await get(ApiPath.recommendList, {}, {})).statusCode).toBe(401);
  });
});

describe("the reader's list and cancelling", () => {
  it('lists by tab with the counts, newest first', async () => {
    const { h } = await reader();
    const a = (await save(h, { title: '甲' })).data;
    const b = (await save(h, { title: '乙' })).data;
    await post(ApiPath.recommendCancel, { id: a.id }, h);
    const all = await list(h);
    expect(all.list.map((r) => r.title)).toEqual(['乙', '甲']);
    expect(all.counts).toMatchObject({ all: 2, unprocessed: 1, cancelled: 1, ordered: 0 });
    expect((await list(h, 'cancelled')).list.map((r) => r.id)).toEqual([a.id]);
    expect((await list(h, 'unprocessed')).list.map((r) => r.id)).toEqual([b.id]);
  });

  it('cancels an unprocessed one only; twice is refused with the message', async () => {
    const { h } = await reader();
    const a = (await save(h)).data;
    const env = envelopeOf<Recommendation>(await post(ApiPath.recommendCancel, { id: a.id }, h, 'en_US'));
    expect(env).toMatchObject({
      success: true,
      message: text('en-US', 'recCancelled'),
      data: { status: 'cancelled', version: 1 },
    });
    expectRefused(
      envelopeOf(await post(ApiPath.recommendCancel, { id: a.id }, h)),
      RecommendErrCode.notCancellable,
      'recNotCancellable',
    );
    const b = (await save(h)).data;
    await decide({ items: [{ id: b.id, version: 0 }], status: 'processing' });
    expectRefused(
      envelopeOf(await post(ApiPath.recommendCancel, { id: b.id }, h)),
      RecommendErrCode.notCancellable,
      'recNotCancellable',
    );
  });

  it("never shows or cancels another reader's, nor another institution's", async () => {
    const mine = await reader();
    const theirs = await reader();
    const elsewhere = await reader(other);
    const a = (await save(mine.h)).data;
    expect((await list(theirs.h)).totalCount).toBe(0);
    expectRefused(
      envelopeOf(await post(ApiPath.recommendCancel, { id: a.id }, theirs.h)),
      RecommendErrCode.noSuch,
      'recNoSuch',
    );
    expectRefused(
      envelopeOf(await post(ApiPath.recommendCancel, { id: a.id }, elsewhere.h, undefined, other)),
      RecommendErrCode.noSuch,
      'recNoSuch',
    );
    expect((await list(elsewhere.h, 'all', other)).totalCount).toBe(0);
    expect((await list(mine.h)).list[0]).toMatchObject({ id: a.id, status: 'unprocessed' });
  });
});

describe("the electronic resources' calls (/find/newEle/recommendBooks/*)", () => {
  const eSave = async (h: Headers, over: Record<string, unknown> = {}, lang?: Lang, to = home) =>
    envelopeOf<Recommendation>(
      await post(
        ApiPath.eRecommendSave,
        { resourceName: `数据库${++serial}`, url: 'https://example.org/db', ...over },
        h,
        lang,
        to,
      ),
    );
  const eList = async (h: Headers, to = home) =>
    envelopeOf<RecommendList>(await get(ApiPath.eRecommendList, { status: 'all' }, h, undefined, to)).data;

  it('saves an e-resource by default, or a journal; never a book', async () => {
    const { h } = await reader();
    const e = await eSave(h, { docTypes: '期刊论文' });
    expect(e).toMatchObject({ success: true, message: text('zh-CN', 'recSaved'), data: { kind: 'eresource' } });
    const j = await eSave(h, { kind: 'journal', title: '大学图书馆学报', resourceName: '' });
    expect(j.data).toMatchObject({ kind: 'journal', title: '大学图书馆学报' });
    const book = await post(ApiPath.eRecommendSave, { kind: 'book', title: '书', isbn: isbn() }, h);
    expect(book.statusCode).toBe(400);
    expect(envelopeOf(book).success).toBe(false);
    expectRefused(await eSave(h, { resourceName: '' }), RecommendErrCode.titleRequired, 'recResourceNameRequired');
  });

  it('lists only the electronic ones, cancels only those; the book list still holds every kind', async () => {
    const { h } = await reader();
    const book = (await save(h)).data;
    const e = (await eSave(h)).data;
    const mine = await eList(h);
    expect(mine.list.map((r) => r.id)).toEqual([e.id]);
    expect(mine.counts.unprocessed).toBe(1);
    expectRefused(
      envelopeOf(await post(ApiPath.eRecommendCancel, { id: book.id }, h)),
      RecommendErrCode.noSuch,
      'recNoSuch',
    );
    const cancelled = envelopeOf<Recommendation>(await post(ApiPath.eRecommendCancel, { id: e.id }, h));
    expect(cancelled.data.status).toBe('cancelled');
    expect((await list(h)).list.map((r) => r.id).sort()).toEqual([book.id, e.id].sort());
  });

  it('shares the quota, the verified contact and the site flag of the custom form; the state names electronic kinds only', async () => {
    const own = await makeTenant(t);
    const ownAdmin = await staffHeader(t, await makeStaff(t, own.id, { role: 'admin' }));
    await post(ApiPath.adminRecommendSaveSettings, { allow: true, dailyQuota: 1 }, ownAdmin, undefined, own);
    const { h } = await reader(own);
    const s = envelopeOf<RecommendState>(await get(ApiPath.eRecommendState, {}, h, undefined, own)).data;
    expect(s.kinds).toEqual(['journal', 'eresource']);
    expect((await eSave(h, {}, undefined, own)).success).toBe(true);
    expectRefused(await save(h, {}, undefined, own), RecommendErrCode.quotaUsed, 'recQuotaUsed', undefined, {
      quota: 1,
    });
    const unverified = await reader(own, {});
    expectRefused(
      await eSave(unverified.h, {}, undefined, own),
      RecommendErrCode.contactNotVerified,
      'recContactNotVerified',
    );
    await t.services.siteConfig.updateConfig(own.id, { customRec: '0' });
    expect(envelopeOf<RecommendState>(await get(ApiPath.eRecommendState, {}, h, undefined, own)).data.kinds).toEqual(
      [],
    );
    await post(ApiPath.adminRecommendSaveSettings, { allow: true, dailyQuota: 9 }, ownAdmin, undefined, own);
    expectRefused(await eSave(h, {}, undefined, own), RecommendErrCode.notAllowed, 'recKindNotAllowed');
  });

  it("is for logged-in readers, and never shows or cancels another reader's or institution's", async () => {
    expect((await post(ApiPath.eRecommendSave, { resourceName: 'x' }, {})).statusCode).toBe(401);
    expect((await get(ApiPath.eRecommendList, {}, {})).statusCode).toBe(401);
    expect((await get(ApiPath.eRecommendState, {}, {})).statusCode).toBe(401);
    const mine = await reader();
    const theirs = await reader();
    const elsewhere = await reader(other);
    const e = (await eSave(mine.h)).data;
    expect((await eList(theirs.h)).totalCount).toBe(0);
    expect((await eList(elsewhere.h, other)).totalCount).toBe(0);
    for (const [who, to] of [
      [theirs.h, home],
      [elsewhere.h, other],
    ] as const)
      expectRefused(
        envelopeOf(await post(ApiPath.eRecommendCancel, { id: e.id }, who, undefined, to)),
        RecommendErrCode.noSuch,
        'recNoSuch',
      );
    expect((await eList(mine.h)).list[0]).toMatchObject({ id: e.id, status: 'unprocessed' });
  });
});

describe('the staff queue', () => {
  it('lists with filters (state, kind, dates, text) and the counts, the reader named', async () => {
    const { h, id } = await reader();
    const word = `独特${++serial}`;
    const book = (await save(h, { title: `${word} 书` })).data;
    await save(h, { kind: 'journal', title: `${word} 刊`, isbn: '' });
    const q = (over: Record<string, string>) =>
      get(ApiPath.adminRecommendations, { q: word, status: 'all', ...over }, desk).then(
        (r) => envelopeOf<AdminRecommendList>(r).data,
      );
    expect((await q({})).totalCount).toBe(2);
    expect((await q({ kind: 'journal' })).list.map((r) => r.kind)).toEqual(['journal']);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect((await q({ from: today })).totalCount).toBe(2);
    expect((await q({ to: '2000-01-01' })).totalCount).toBe(0);
    const one = (await q({ status: 'unprocessed' })).list.find((r) => r.id === book.id)!;
    expect(one).toMatchObject({ readerId: id, status: 'unprocessed', decidedBy: null });
    expect(one.reader).toMatch(/^reader/);
    const detail = envelopeOf<AdminRecommendation>(
      await get(ApiPath.adminRecommendation, { id: String(book.id) }, desk),
    );
    expect(detail.data).toMatchObject({ id: book.id, title: `${word} 书` });
    // Another institution's staff see none of them, and cannot open one.
    expect(
      envelopeOf<AdminRecommendList>(
        await get(ApiPath.adminRecommendations, { q: word, status: 'all' }, otherAdmin, undefined, other),
      ).data.totalCount,
    ).toBe(0);
    expectRefused(
      envelopeOf(await get(ApiPath.adminRecommendation, { id: String(book.id) }, otherAdmin, undefined, other)),
      RecommendErrCode.noSuch,
      'recNoSuch',
    );
    // A reader's session is not a staff session.
    expect(envelopeOf(await get(ApiPath.adminRecommendations, {}, h)).success).toBe(false);
  });

  it('orders: the reader sees the new state, gets the inbox message and the adopted points once; an audit row each', async () => {
    const { h, id } = await reader();
    const rec = (await save(h, { title: '采购的书' })).data;
    const env = await decide({ items: [{ id: rec.id, version: 0 }], status: 'ordered' }, desk, 'en_US');
    expect(env).toMatchObject({
      success: true,
      message: text('en-US', 'recDecided', { count: 1 }),
      data: { changed: [rec.id], conflicts: [], missing: [] },
    });
    expect((await list(h)).list[0]).toMatchObject({ status: 'ordered', version: 1 });
    const shelvedRecord = await makeRecords(t, home.id, [{ title: '采购的书' }]);
    const shelved = await decide({
      items: [{ id: rec.id, version: 1 }],
      status: 'shelved',
      recordId: shelvedRecord[0],
    });
    expect(shelved.success).toBe(true);
    expect((await list(h)).list[0]).toMatchObject({ status: 'shelved', held: true, recordId: shelvedRecord[0] });
    const inbox = await t.db.kysely
      .selectFrom('reader_inbox')
      .select(['subject', 'body'])
      .where('tenant_id', '=', home.id)
      .where('reader_id', '=', id)
      .orderBy('id')
      .execute();
    expect(inbox.map((m) => m.subject)).toEqual([
      '荐购已订购 Your recommendation is ordered: 采购的书',
      '荐购已上架 Your recommendation is on the shelf: 采购的书',
    ]);
    const points = await t.db.kysely
      .selectFrom('points_entry')
      .select(['rule_code', 'points'])
      .where('tenant_id', '=', home.id)
      .where('reader_id', '=', id)
      .where('rule_code', '=', 'purchaseAdopted')
      .execute();
    expect(points).toEqual([{ rule_code: 'purchaseAdopted', points: 3 }]);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'target'])
      .where('tenant_id', '=', home.id)
      .where('target', '=', `recommendation ${rec.id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['recommendation.ordered', 'recommendation.shelved']);
  });

  it('processed needs a reply, which the reader reads; a shelved record must be of the institution', async () => {
    const { h, id } = await reader();
    const rec = (await save(h)).data;
    expectRefused(
      await decide({ items: [{ id: rec.id, version: 0 }], status: 'processed' }),
      RecommendErrCode.replyRequired,
      'recReplyRequired',
    );
    const [foreign] = await makeRecords(t, other.id, [{ title: '别馆' }]);
    expectRefused(
      await decide({ items: [{ id: rec.id, version: 0 }], status: 'shelved', recordId: foreign }),
      RecommendErrCode.noSuchRecord,
      'recNoSuchRecord',
      undefined,
      { recordId: foreign! },
    );
    expect(
      (await decide({ items: [{ id: rec.id, version: 0 }], status: 'processed', reply: '已有电子版' })).success,
    ).toBe(true);
    expect((await list(h)).list[0]).toMatchObject({ status: 'processed', reply: '已有电子版' });
    const body = await t.db.kysely
      .selectFrom('reader_inbox')
      .select('body')
      .where('tenant_id', '=', home.id)
      .where('reader_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(body.body).toContain('已有电子版');
    const points = await t.db.kysely
      .selectFrom('points_entry')
      .select('id')
      .where('tenant_id', '=', home.id)
      .where('reader_id', '=', id)
      .where('rule_code', '=', 'purchaseAdopted')
      .execute();
    expect(points).toEqual([]);
  });

  it('in bulk: one changed in another tab or in a state that cannot go there is reported, not overwritten', async () => {
    const { h } = await reader();
    const a = (await save(h)).data;
    const b = (await save(h)).data;
    const c = (await save(h)).data;
    await post(ApiPath.recommendCancel, { id: c.id }, h);
    // Another tab moved b on meanwhile.
    await decide({ items: [{ id: b.id, version: 0 }], status: 'processing' }, admin);
    const env = await decide({
      items: [
        { id: a.id, version: 0 },
        { id: b.id, version: 0 },
        { id: c.id, version: 0 },
        { id: 99999999, version: 0 },
      ],
      status: 'unsubscribed',
      reply: '经费不足',
    });
    expect(env).toMatchObject({
      success: true,
      message: text('zh-CN', 'recPartlyDecided', { count: 1, conflicts: 2 }),
    });
    expect(env.data.changed).toEqual([a.id]);
    expect(env.data.conflicts).toEqual(
      expect.arrayContaining([
        { id: b.id, status: 'processing', version: 1 },
        { id: c.id, status: 'cancelled', version: 1 },
      ]),
    );
    expect(env.data.missing).toEqual([99999999]);
    // Every one changed meanwhile: a failure that says so, nothing changed.
    const again = await decide({ items: [{ id: b.id, version: 0 }], status: 'ordered' }, desk, 'en_US');
    expectRefused(again, RecommendErrCode.conflict, 'recConflict', 'en_US');
    expect((await list(h, 'processing')).list.map((r) => r.id)).toEqual([b.id]);
    // Two tabs deciding the same at once: one changes it.
    const [x, y] = await Promise.all([
      decide({ items: [{ id: b.id, version: 1 }], status: 'ordered' }),
      decide({ items: [{ id: b.id, version: 1 }], status: 'ordered' }, admin),
    ]);
    expect([x.success, y.success].sort()).toEqual([false, true]);
  });

  it("cannot touch another institution's recommendations", async () => {
    const { h } = await reader();
    const rec = (await save(h)).data;
    expectRefused(
      await decide({ items: [{ id: rec.id, version: 0 }], status: 'ordered' }, otherAdmin, undefined, other),
      RecommendErrCode.noSuch,
      'recNoSuch',
    );
    const res = await post(
      ApiPath.adminRecommendDecide,
      { items: [{ id: rec.id, version: 0 }], status: 'ordered' },
      otherAdmin,
    );
    expect(envelopeOf(res).errCode).toBe(StaffErrCode.otherInstitution);
    expect((await list(h)).list[0]!.status).toBe('unprocessed');
  });
});
