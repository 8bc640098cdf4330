import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  AuthErrCode,
  DonationErrCode,
  ErrCode,
  MAX_OPEN_DONATIONS,
  StaffErrCode,
  isValidDonationIsbn,
  normalizeDonationIsbn,
  type DonateNews,
  type Donation,
  type DonationDecisionOutcome,
  type DonationExport,
  type DonationQueue,
  type DonorPage,
  type MyDonations,
  type StaffDonation,
} from '@openfind/contract';
import { insertNews } from '../src/modules/content-admin/content-admin-repository.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { day, makeReader, makeTenant, signIn, type MadeTenant } from './support/factories.js';
import { makeStaff, staffHeader } from './support/staff.js';

/**
 * Book donations (issue 29, My Library key 11; the staff queue of issue 28): a reader's offer and its
 * checks, the reader's list and cancelling, the staff queue (received / accepted / declined with a
 * reply, in bulk, a donation changed meanwhile reported), the reader told in the inbox, the points,
 * the audit rows, the public donors list and news, the export, and the walls between readers and
 * institutions.
 */

type Lang = CallOptions['lang'];

let t: TestApp;
let home: MadeTenant;
let other: MadeTenant;
let desk: Record<string, string>;
let deskName: string;
let otherDesk: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  home = await makeTenant(t);
  other = await makeTenant(t);
  const staff = await makeStaff(t, home.id, { role: 'staff' });
  deskName = staff.username;
  desk = await staffHeader(t, staff);
  otherDesk = await staffHeader(t, await makeStaff(t, other.id, { role: 'admin' }));
});
afterAll(async () => t?.close());

async function call<T>(
  url: string,
  input: Record<string, unknown>,
  headers: Record<string, string>,
  opts: { lang?: Lang; to?: MadeTenant; method?: 'GET' | 'POST' } = {},
) {
  const method = opts.method ?? 'POST';
  const res = await t.call({
    url,
    mappingPath: (opts.to ?? home).mappingPath,
    lang: opts.lang,
    headers,
    ...(method === 'GET' ? { query: input as Record<string, string> } : { body: input }),
  });
  return { status: res.statusCode, ...envelopeOf<T>(res) };
}

/** A reader of `tenant` and their session headers. */
async function readerOf(tenant = home, opts: Parameters<typeof makeReader>[2] = {}) {
  const reader = await makeReader(t, tenant.id, opts);
  return { reader, headers: await signIn(t, tenant, reader) };
}

const OFFER = {
  items: [
    { title: '红楼梦', isbn: '978-7-02-000220-7', author: '曹雪芹', copies: 2 },
    { title: '围城', copies: 1 },
  ],
  donorName: '李明',
  contactPhone: '138 0013 8000',
  delivery: 'post',
  note: '九成新',
};

const offer = (
  headers: Record<string, string>,
  body: Record<string, unknown> = OFFER,
  opts: { lang?: Lang; to?: MadeTenant } = {},
) => call<Donation>(ApiPath.offerDonation, body, headers, opts);
const mine = (headers: Record<string, string>, to = home) =>
  call<MyDonations>(ApiPath.myDonations, {}, headers, { method: 'GET', to });
const cancel = (headers: Record<string, string>, donationId: number, lang?: Lang) =>
  call<Donation>(ApiPath.cancelDonation, { donationId }, headers, { lang });
const queue = (query: Record<string, string> = {}, headers = desk, to = home) =>
  call<DonationQueue>(ApiPath.adminDonations, query, headers, { method: 'GET', to });
const decide = (body: Record<string, unknown>, headers = desk, opts: { lang?: Lang; to?: MadeTenant } = {}) =>
  call<DonationDecisionOutcome>(ApiPath.adminDecideDonations, body, headers, opts);
const donors = (to = home) => call<DonorPage>(ApiPath.searchDonation, { page: 1, rows: 50 }, {}, { to });

const inbox = (readerId: number) =>
  t.db.kysely
    .selectFrom('reader_inbox')
    .select(['subject', 'body'])
    .where('reader_id', '=', readerId)
    .orderBy('id')
    .execute();

describe('ISBN check', () => {
  it('takes ISBN-10 and ISBN-13 with their check digits, hyphens and spaces ignored', () => {
    expect(isValidDonationIsbn(normalizeDonationIsbn('978-7-02-000220-7'))).toBe(true);
    expect(isValidDonationIsbn(normalizeDonationIsbn('7-02-000220-X'))).toBe(true);
    expect(isValidDonationIsbn(normalizeDonationIsbn('7-02-000220-3'))).toBe(false);
    expect(isValidDonationIsbn(normalizeDonationIsbn('0-306-40615-2'))).toBe(true);
    expect(isValidDonationIsbn(normalizeDonationIsbn('080442957x'))).toBe(true);
    expect(isValidDonationIsbn('9787020002208')).toBe(false);
    expect(isValidDonationIsbn('12345')).toBe(false);
  });
});

describe('a reader offers books', () => {
  it('stores the offer submitted, its books in order, the copies counted, the phone without spaces', async () => {
    const { headers } = await readerOf();
    const res = await offer(headers, OFFER, { lang: 'en_US' });
    expect(res.success).toBe(true);
    expect(res.message).toMatch(/Thank you/);
    expect(res.data).toMatchObject({
      status: 'submitted',
      donorName: '李明',
      anonymous: false,
      contactPhone: '13800138000',
      delivery: 'post',
      copies: 3,
      reply: '',
      version: 0,
      items: [
        { title: '红楼梦', isbn: '9787020002207', author: '曹雪芹', copies: 2 },
        { title: '围城', isbn: '', author: '', copies: 1 },
      ],
    });
    const list = await mine(headers);
    expect(list.data.list.map((d) => d.donationId)).toEqual([res.data.donationId]);
    expect(list.data).toMatchObject({ totalCount: 1, openCount: 1, maxOpen: MAX_OPEN_DONATIONS });
  });

  it('refuses an offer without a contact, with a bad phone or e-mail, or without a name unless anonymous', async () => {
    const { headers } = await readerOf();
    const none = await offer(headers, { ...OFFER, contactPhone: '', contactEmail: '' }, { lang: 'zh_HK' });
    expect(none).toMatchObject({ success: false, errCode: DonationErrCode.contactRequired });
    expect(none.message).toMatch(/聯絡方式/);
    expect(await offer(headers, { ...OFFER, contactPhone: '12345' })).toMatchObject({
      errCode: DonationErrCode.invalid,
    });
    expect(await offer(headers, { ...OFFER, contactPhone: '', contactEmail: 'not-mail' })).toMatchObject({
      errCode: DonationErrCode.invalid,
    });
    const noName = await offer(headers, { ...OFFER, donorName: '' });
    expect(noName).toMatchObject({ success: false, errCode: DonationErrCode.donorNameRequired });
    const anon = await offer(headers, {
      ...OFFER,
      donorName: '不显示',
      anonymous: true,
      contactPhone: '',
      contactEmail: 'a@b.cn',
    });
    expect(anon.data).toMatchObject({ anonymous: true, donorName: '', contactEmail: 'a@b.cn' });
  });

  it('checks an ISBN given, naming the book, in the three languages', async () => {
    const { headers } = await readerOf();
    const items = [{ title: '甲' }, { title: '乙', isbn: '978-7-02-000220-8' }];
    const zh = await offer(headers, { ...OFFER, items }, { lang: 'zh_CN' });
    expect(zh).toMatchObject({ success: false, errCode: DonationErrCode.isbnInvalid });
    expect(zh.message).toMatch(/第 2 本书/);
    const en = await offer(headers, { ...OFFER, items }, { lang: 'en_US' });
    expect(en.message).toMatch(/book 2 is not valid/);
    const tw = await offer(headers, { ...OFFER, items }, { lang: 'zh_HK' });
    expect(tw.message).toMatch(/檢查碼/);
  });

  it('takes 1–50 books of 1–100 copies, each with a title', async () => {
    const { headers } = await readerOf();
    for (const items of [
      [],
      Array.from({ length: 51 }, (_, i) => ({ title: `书${i}` })),
      [{ title: '甲', copies: 101 }],
      [{ title: '甲', copies: 0 }],
      [{ title: '  ' }],
    ]) {
      const res = await offer(headers, { ...OFFER, items });
      expect(res.status).toBe(400);
      expect(res.errCode).toBe(ErrCode.badRequest);
    }
    const fifty = await offer(headers, {
      ...OFFER,
      items: Array.from({ length: 50 }, (_, i) => ({ title: `书${i}`, copies: 100 })),
    });
    expect(fifty.data.copies).toBe(5000);
  });

  it('lets a frozen account and a lost card donate', async () => {
    for (const status of ['frozen', 'lost'] as const) {
      const { headers } = await readerOf(home, { status });
      expect((await offer(headers)).data.status).toBe('submitted');
    }
  });

  it('makes one donation of a double submit (the same form token), even at once', async () => {
    const { headers } = await readerOf();
    const body = { ...OFFER, submitKey: 'form-token-0001' };
    const [a, b] = await Promise.all([offer(headers, body), offer(headers, body)]);
    expect(a.data.donationId).toBe(b.data.donationId);
    expect((await offer(headers, body)).data.donationId).toBe(a.data.donationId);
    expect((await mine(headers)).data.totalCount).toBe(1);
  });

  it(`keeps at most ${MAX_OPEN_DONATIONS} donations waiting per reader`, async () => {
    const { headers } = await readerOf();
    for (let i = 0; i < MAX_OPEN_DONATIONS; i++) expect((await offer(headers)).success).toBe(true);
    const more = await offer(headers, OFFER, { lang: 'en_US' });
    expect(more).toMatchObject({ success: false, errCode: DonationErrCode.tooManyOpen });
    expect(more.message).toMatch(/10 donations waiting/);
    // A withdrawn one makes room.
    const first = (await mine(headers)).data.list[0]!;
    await cancel(headers, first.donationId);
    expect((await offer(headers)).success).toBe(true);
  });

  it('is for logged-in readers only', async () => {
    expect((await offer({})).status).toBe(401);
    expect((await mine({})).errCode).toBe(AuthErrCode.loginRequired);
  });
});

describe("a reader's own donations", () => {
  it('cancels one while submitted, not after, and never another reader’s', async () => {
    const a = await readerOf();
    const b = await readerOf();
    const made = (await offer(a.headers)).data;
    expect((await mine(b.headers)).data.totalCount).toBe(0);
    expect(await cancel(b.headers, made.donationId)).toMatchObject({
      success: false,
      errCode: DonationErrCode.noSuchDonation,
    });
    const done = await cancel(a.headers, made.donationId, 'en_US');
    expect(done).toMatchObject({ success: true, message: 'Donation withdrawn' });
    expect(done.data).toMatchObject({ status: 'cancelled', version: 1 });
    expect(await cancel(a.headers, made.donationId)).toMatchObject({ errCode: DonationErrCode.notCancellable });
    // Received by the library: too late to withdraw.
    const other = (await offer(a.headers)).data;
    await decide({ donations: [{ donationId: other.donationId, version: 0 }], to: 'received' });
    expect(await cancel(a.headers, other.donationId)).toMatchObject({ errCode: DonationErrCode.notCancellable });
  });

  it('keeps institutions apart: a reader of another institution sees and cancels nothing here', async () => {
    const a = await readerOf();
    const made = (await offer(a.headers)).data;
    const x = await readerOf(other);
    expect((await mine(x.headers, other)).data.totalCount).toBe(0);
    const res = await call<Donation>(ApiPath.cancelDonation, { donationId: made.donationId }, x.headers, { to: other });
    expect(res.errCode).toBe(DonationErrCode.noSuchDonation);
  });
});

describe('the staff queue', () => {
  it('lists the waiting donations with their reader and books, counts by state, filters by words', async () => {
    const { reader, headers } = await readerOf();
    const made = (await offer(headers, { ...OFFER, items: [{ title: '独一无二的书名' }] })).data;
    const all = await queue();
    expect(all.data.counts.submitted).toBeGreaterThan(0);
    const found = await queue({ q: '独一无二' });
    expect(found.data.list.map((d) => d.donationId)).toEqual([made.donationId]);
    expect(found.data.list[0]).toMatchObject({ account: reader.account, readerId: reader.id, status: 'submitted' });
    expect((await queue({ q: reader.account.toUpperCase() })).data.totalCount).toBe(1);
    const detail = await call<StaffDonation>(ApiPath.adminDonation, { donationId: String(made.donationId) }, desk, {
      method: 'GET',
    });
    expect(detail.data.items[0]!.title).toBe('独一无二的书名');
    // Another institution's staff: not theirs.
    expect((await queue({ q: '独一无二' }, otherDesk, other)).data.totalCount).toBe(0);
    const theirs = await call<StaffDonation>(
      ApiPath.adminDonation,
      { donationId: String(made.donationId) },
      otherDesk,
      { method: 'GET', to: other },
    );
    expect(theirs.errCode).toBe(DonationErrCode.noSuchDonation);
    // Their staff token at this institution: refused.
    expect((await queue({}, otherDesk, home)).errCode).toBe(StaffErrCode.otherInstitution);
    // A reader is not staff.
    expect((await queue({}, headers)).errCode).toBe(AuthErrCode.staffOnly);
  });

  it('received, then accepted with a reply: the reader is told each time, gets 10 points once, each change audited', async () => {
    const { reader, headers } = await readerOf();
    const made = (await offer(headers)).data;
    const r1 = await decide({ donations: [{ donationId: made.donationId, version: 0 }], to: 'received' }, desk, {
      lang: 'en_US',
    });
    expect(r1).toMatchObject({ success: true, data: { changed: [made.donationId], conflicts: [], missing: [] } });
    expect(r1.message).toMatch(/marked received/);
    const r2 = await decide({
      donations: [{ donationId: made.donationId, version: 1 }],
      to: 'accepted',
      reply: '已入藏，谢谢！',
    });
    expect(r2.data.changed).toEqual([made.donationId]);
    const now = (await mine(headers)).data.list[0]!;
    expect(now).toMatchObject({ status: 'accepted', reply: '已入藏，谢谢！', version: 2 });
    expect(now.receivedAt).not.toBeNull();
    expect(now.decidedAt).not.toBeNull();
    const messages = await inbox(reader.id);
    expect(messages).toHaveLength(2);
    expect(messages[0]!.subject).toMatch(/已收到.*received/);
    expect(messages[1]!.subject).toMatch(/已接受.*accepted/);
    expect(messages[1]!.body).toMatch(/已入藏，谢谢！/);
    const points = await t.db.kysely
      .selectFrom('points_entry')
      .select(['rule_code', 'points'])
      .where('reader_id', '=', reader.id)
      .where('rule_code', '=', 'donationAccepted')
      .execute();
    expect(points).toEqual([{ rule_code: 'donationAccepted', points: 10 }]);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'actor', 'target'])
      .where('tenant_id', '=', home.id)
      .where('target', '=', `donation ${made.donationId}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['donation.received', 'donation.accepted']);
    expect(audit[0]!.actor).toBe(deskName);
  });

  it('declines only with a reply; a decided donation stays decided', async () => {
    const { headers } = await readerOf();
    const made = (await offer(headers)).data;
    const bare = await decide({ donations: [{ donationId: made.donationId, version: 0 }], to: 'declined' }, desk, {
      lang: 'zh_HK',
    });
    expect(bare).toMatchObject({ success: false, errCode: DonationErrCode.replyRequired });
    expect(bare.message).toMatch(/婉拒/);
    await decide({ donations: [{ donationId: made.donationId, version: 0 }], to: 'declined', reply: '复本已足' });
    const again = await decide({ donations: [{ donationId: made.donationId, version: 1 }], to: 'accepted' });
    expect(again).toMatchObject({
      success: false,
      errCode: DonationErrCode.changedMeanwhile,
      data: { changed: [], conflicts: [{ donationId: made.donationId, status: 'declined', handledBy: deskName }] },
    });
    expect((await mine(headers)).data.list[0]).toMatchObject({ status: 'declined', reply: '复本已足' });
  });

  it('two tabs: the second change from the same version is reported, not applied; in bulk the rest go through', async () => {
    const { headers } = await readerOf();
    const a = (await offer(headers)).data;
    const b = (await offer(headers)).data;
    const [x, y] = await Promise.all([
      decide({ donations: [{ donationId: a.donationId, version: 0 }], to: 'accepted' }),
      decide({ donations: [{ donationId: a.donationId, version: 0 }], to: 'declined', reply: '不要' }),
    ]);
    expect([x.success, y.success].sort()).toEqual([false, true]);
    const bulk = await decide(
      {
        donations: [
          { donationId: a.donationId, version: 0 },
          { donationId: b.donationId, version: 0 },
          { donationId: 999999, version: 0 },
        ],
        to: 'received',
      },
      desk,
      { lang: 'en_US' },
    );
    expect(bulk).toMatchObject({ success: true, data: { changed: [b.donationId], missing: [999999] } });
    expect(bulk.data.conflicts.map((c) => c.donationId)).toEqual([a.donationId]);
    expect(bulk.message).toMatch(/1 handled; 1 were/);
  });

  it('another institution’s staff cannot decide this institution’s donations', async () => {
    const { headers } = await readerOf();
    const made = (await offer(headers)).data;
    const res = await decide({ donations: [{ donationId: made.donationId, version: 0 }], to: 'accepted' }, otherDesk, {
      to: other,
    });
    expect(res).toMatchObject({ success: false, errCode: DonationErrCode.noSuchDonation });
    expect((await mine(headers)).data.list[0]!.status).toBe('submitted');
  });

  it('exports the filtered donations one row per book', async () => {
    const { reader, headers } = await readerOf();
    await offer(headers, { ...OFFER, items: [{ title: '导出甲' }, { title: '导出乙', copies: 3 }] });
    const res = await call<DonationExport>(ApiPath.adminExportDonations, { q: reader.account }, desk, {
      method: 'GET',
    });
    expect(res.data.capped).toBe(false);
    expect(res.data.list.map((r) => [r.title, r.copies, r.account])).toEqual([
      ['导出甲', 1, reader.account],
      ['导出乙', 3, reader.account],
    ]);
    const theirs = await call<DonationExport>(ApiPath.adminExportDonations, { q: reader.account }, otherDesk, {
      method: 'GET',
      to: other,
    });
    expect(theirs.data.list).toEqual([]);
  });
});

describe('the public pages', () => {
  it('lists accepted donations only, under the name chosen or anonymous, newest first, per institution', async () => {
    const named = await readerOf();
    const anon = await readerOf();
    const a = (await offer(named.headers, { ...OFFER, donorName: '王芳', items: [{ title: '公开书', copies: 4 }] }))
      .data;
    const b = (await offer(anon.headers, { ...OFFER, anonymous: true, items: [{ title: '匿名书' }] })).data;
    const c = (await offer(anon.headers, { ...OFFER, items: [{ title: '未接受的书' }] })).data;
    await decide({ donations: [{ donationId: a.donationId, version: 0 }], to: 'accepted' });
    await decide({ donations: [{ donationId: b.donationId, version: 0 }], to: 'accepted' });
    await decide({ donations: [{ donationId: c.donationId, version: 0 }], to: 'received' });
    const list = (await donors()).data.list;
    const ours = list.filter((d) => [a.donationId, b.donationId, c.donationId].includes(d.id));
    expect(ours).toEqual([
      {
        id: b.donationId,
        donorName: '',
        anonymous: true,
        titles: ['匿名书'],
        copies: 1,
        date: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      },
      {
        id: a.donationId,
        donorName: '王芳',
        anonymous: false,
        titles: ['公开书'],
        copies: 4,
        date: expect.any(String),
      },
    ]);
    expect((await donors(other)).data.list.some((d) => d.id === a.donationId)).toBe(false);
  });

  it('gives a published news item in full, in the language asked; never an unpublished or another institution’s', async () => {
    const base = {
      title: '感谢捐赠',
      title_en: 'Thanks',
      content: '<p>正文</p>',
      content_en: '<p>Text</p>',
      donor_name: '校友会',
      copies: 12,
      remark: '',
      published_on: day(-1),
    };
    const shown = await insertNews(t.db.kysely, home.id, { ...base, published: true });
    const hidden = await insertNews(t.db.kysely, home.id, { ...base, published: false });
    const en = await call<DonateNews>(
      ApiPath.donateNewsDetail,
      { id: String(shown) },
      {},
      { method: 'GET', lang: 'en_US' },
    );
    expect(en.data).toMatchObject({
      id: shown,
      title: 'Thanks',
      content: '<p>Text</p>',
      copies: 12,
      donorName: '校友会',
    });
    const zh = await call<DonateNews>(ApiPath.donateNewsDetail, { id: String(shown) }, {}, { method: 'GET' });
    expect(zh.data.title).toBe('感谢捐赠');
    expect(
      (await call<DonateNews>(ApiPath.donateNewsDetail, { id: String(hidden) }, {}, { method: 'GET' })).errCode,
    ).toBe(DonationErrCode.noSuchNews);
    expect(
      (await call<DonateNews>(ApiPath.donateNewsDetail, { id: String(shown) }, {}, { method: 'GET', to: other }))
        .errCode,
    ).toBe(DonationErrCode.noSuchNews);
  });
});
