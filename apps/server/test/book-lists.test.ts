import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  AuthErrCode,
  BOOK_LIST_HIDE_REASON_MAX,
  BookListErrCode,
  ErrCode,
  MAX_BOOK_LISTS,
  MAX_BOOK_LIST_RECORDS,
  type AdminReaderList,
  type AdminReaderLists,
  type BookListDetail,
  type BookListEntry,
  type BookListPage,
  type BookListSummary,
  type HotBookListView,
  type MyBookLists,
  type PublicBookLists,
} from '@openfind/contract';
import { t as text } from '../src/http/messages.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { makeReader, makeRecords, makeTenant, signIn, type MadeTenant } from './support/factories.js';
import { makeStaff, staffHeader } from './support/staff.js';

/**
 * Readers' book lists (issue 29): every call and limit, a private list invisible to others, another
 * reader (or institution) unable to change a list, the cover checked by content and re-encoded, and
 * views counted once per visitor and day — ordering the home page's hot lists.
 */

type Lang = CallOptions['lang'];
type H = Record<string, string>;

let t: TestApp;
let home: MadeTenant;
let other: MadeTenant;
let records: number[];

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  home = await makeTenant(t);
  other = await makeTenant(t);
  records = [...(await makeRecords(t, home.id, [{ title: '红楼梦' }, { title: '围城' }, { title: '边城' }, {}]))];
});
afterAll(async () => t?.close());

async function call<T>(
  url: string,
  input: Record<string, unknown>,
  headers: H = {},
  opts: { lang?: Lang; to?: MadeTenant; method?: 'GET' | 'POST' } = {},
) {
  const method = opts.method ?? 'POST';
  const res = await t.call({
    url,
    mappingPath: (opts.to ?? home).mappingPath,
    lang: opts.lang,
    headers,
    ...(method === 'GET'
      ? { query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])) }
      : { body: input }),
  });
  return { status: res.statusCode, ...envelopeOf<T>(res) };
}

async function readerOf(tenant = home) {
  const reader = await makeReader(t, tenant.id);
  return { reader, headers: await signIn(t, tenant, reader) };
}

const create = (h: H, body: Record<string, unknown>, lang?: Lang) =>
  call<BookListSummary>(ApiPath.createBookList, body, h, { lang });
const mine = (h: H, q: Record<string, unknown> = {}) => call<MyBookLists>(ApiPath.myBookLists, q, h, { method: 'GET' });
const detail = (h: H, bookListId: number, q: Record<string, unknown> = {}, to = home) =>
  call<BookListDetail>(ApiPath.bookListDetail, { bookListId, ...q }, h, { method: 'GET', to });
const add = (h: H, bookListId: number, recordId: number, note = '') =>
  call<BookListEntry>(ApiPath.addBookListRecord, { bookListId, recordId, note }, h);
const view = (h: H, bookListId: number) => call<HotBookListView>(ApiPath.recordHotBookList, { bookListId }, h);
const order = async (h: H, id: number) => (await detail(h, id)).data.records.map((r) => r.recordId);

/** POSTs the bytes as a list's cover. */
async function uploadCover(h: H, bookListId: number | string, bytes: Buffer, type = 'image/png', lang?: Lang) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${ApiPath.uploadBookListCover}?bookListId=${bookListId}`,
    headers: {
      mappingPath: home.mappingPath,
      'content-type': type,
      ...(lang ? { 'content-language': lang } : {}),
      ...h,
    },
    payload: bytes,
  });
  return { status: res.statusCode, ...envelopeOf<BookListSummary>(res) };
}

const png = (w = 900, h = 1200) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3366aa' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret camera' } } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 300, height: 400, channels: 3, background: '#aa3333' } })
    .jpeg()
    .toBuffer();

describe('a reader’s lists: create, change, delete, with their limits', () => {
  it('creates, lists, changes and deletes; titles and descriptions checked with translated messages', async () => {
    const { headers } = await readerOf();
    const made = await create(headers, { title: '  暑期书单 ', description: '假期读物', isPublic: false });
    expect(made).toMatchObject({ success: true, message: '创建成功！' });
    expect(made.data).toMatchObject({ title: '暑期书单', isPublic: false, recordCount: 0, version: 0, coverUrl: null });

    expect(await create(headers, { title: '   ' }, 'en_US')).toMatchObject({
      success: false,
      errCode: BookListErrCode.titleInvalid,
      message: 'Enter a title for the book list',
    });
    expect(await create(headers, { title: '书'.repeat(51) }, 'zh_HK')).toMatchObject({
      errCode: BookListErrCode.titleInvalid,
      message: text('zh-TW', 'bookListTitleTooLong', { max: 50 }),
    });
    expect((await create(headers, { title: '书'.repeat(50) })).success).toBe(true);
    expect(await create(headers, { title: 'x', description: 'd'.repeat(501) })).toMatchObject({
      errCode: BookListErrCode.descriptionTooLong,
    });
    expect(await create(headers, { title: '暑期书单' })).toMatchObject({ errCode: BookListErrCode.titleTaken });
    // Too long for the schema at all: the usual translated 400, nothing stored.
    expect((await create(headers, { title: 'x'.repeat(201) })).status).toBe(400);
    expect((await create(headers, { title: 'ok', isPublic: 'maybe' })).status).toBe(400);

    const listed = await mine(headers);
    expect(listed.data).toMatchObject({ totalCount: 2, maxLists: MAX_BOOK_LISTS, maxRecords: MAX_BOOK_LIST_RECORDS });

    const changed = await call<BookListSummary>(
      ApiPath.updateBookList,
      { bookListId: made.data.bookListId, version: 0, title: '寒假书单', description: '', isPublic: true },
      headers,
    );
    expect(changed).toMatchObject({
      success: true,
      message: '修改成功！',
      data: { title: '寒假书单', isPublic: true, version: 1 },
    });
    // Saved from the version before (another tab): refused, nothing changed.
    const stale = await call(
      ApiPath.updateBookList,
      { bookListId: made.data.bookListId, version: 0, title: '别的', isPublic: false },
      headers,
    );
    expect(stale).toMatchObject({ success: false, errCode: BookListErrCode.changedMeanwhile });
    expect((await detail(headers, made.data.bookListId)).data).toMatchObject({ title: '寒假书单', owner: 'me' });

    const gone = await call(ApiPath.deleteBookList, { bookListId: made.data.bookListId }, headers);
    expect(gone).toMatchObject({ success: true, message: '删除成功！' });
    expect((await detail(headers, made.data.bookListId)).errCode).toBe(BookListErrCode.noSuchList);
    expect((await mine(headers)).data.totalCount).toBe(1);
  });

  it(`at most ${MAX_BOOK_LISTS} lists per reader`, async () => {
    const { reader, headers } = await readerOf();
    await sql`INSERT INTO reader_book_list (tenant_id, reader_id, title)
      SELECT ${home.id}, ${reader.id}, 'list ' || n FROM generate_series(1, ${MAX_BOOK_LISTS - 1}) n`.execute(
      t.db.kysely,
    );
    expect((await create(headers, { title: 'last one' })).success).toBe(true);
    expect(await create(headers, { title: 'one too many' }, 'en_US')).toMatchObject({
      success: false,
      errCode: BookListErrCode.tooManyLists,
      message: `A reader can have at most ${MAX_BOOK_LISTS} book lists`,
    });
    expect((await mine(headers, { rows: 100 })).data.totalCount).toBe(MAX_BOOK_LISTS);
  });

  it('reader calls need a login', async () => {
    expect((await mine({})).status).toBe(401);
    expect((await create({}, { title: 'x' })).errCode).toBe(AuthErrCode.loginRequired);
    expect((await uploadCover({}, 1, await jpeg())).status).toBe(401);
  });
});

describe('records on a list: add, note, order, remove', () => {
  it('adds with a note, refuses doubles and unknown records, changes notes, reorders, removes', async () => {
    const { headers } = await readerOf();
    const { data: list } = await create(headers, { title: '小说' });
    const id = list.bookListId;
    const [a, b, c] = records as [number, number, number];
    const first = await add(headers, id, a, '必读');
    expect(first).toMatchObject({
      success: true,
      message: '已加入书单“小说”',
      data: { recordId: a, note: '必读', position: 1 },
    });
    expect((await add(headers, id, b)).data.position).toBe(2);
    expect((await add(headers, id, c)).data.position).toBe(3);
    expect(await add(headers, id, a)).toMatchObject({ success: false, errCode: BookListErrCode.recordOnList });
    expect(await add(headers, id, 987654)).toMatchObject({ errCode: BookListErrCode.noSuchRecord });
    expect(await add(headers, id, records[3]!, '长'.repeat(201))).toMatchObject({
      errCode: BookListErrCode.noteTooLong,
    });
    // A record of another institution is no record here.
    const [foreign] = await makeRecords(t, other.id, [{}]);
    expect(await add(headers, id, foreign)).toMatchObject({ errCode: BookListErrCode.noSuchRecord });

    const note = await call<BookListEntry>(
      ApiPath.updateBookListNote,
      { bookListId: id, recordId: b, note: '温情' },
      headers,
    );
    expect(note.data).toMatchObject({ recordId: b, note: '温情' });
    expect(
      await call(ApiPath.updateBookListNote, { bookListId: id, recordId: records[3], note: 'x' }, headers),
    ).toMatchObject({ errCode: BookListErrCode.recordNotOnList });

    const move = (recordId: number, m: string) =>
      call<BookListEntry>(ApiPath.moveBookListRecord, { bookListId: id, recordId, move: m }, headers);
    expect((await move(c, 'up')).data.position).toBe(2);
    expect(await order(headers, id)).toEqual([a, c, b]);
    expect((await move(b, 'top')).data.position).toBe(1);
    expect(await order(headers, id)).toEqual([b, a, c]);
    expect((await move(b, 'bottom')).data.position).toBe(3);
    expect((await move(a, 'up')).data.position).toBe(1); // already first: stays
    expect((await move(a, 'down')).data.position).toBe(2);
    expect(await order(headers, id)).toEqual([c, a, b]);
    expect(
      (await call(ApiPath.moveBookListRecord, { bookListId: id, recordId: a, move: 'left' }, headers)).status,
    ).toBe(400);

    const listed = await mine(headers, { recordId: a });
    expect(listed.data.list[0]).toMatchObject({ bookListId: id, hasRecord: true, recordCount: 3 });
    expect((await mine(headers, { recordId: records[3]! })).data.list[0]!.hasRecord).toBe(false);

    expect((await call(ApiPath.removeBookListRecord, { bookListId: id, recordId: a }, headers)).success).toBe(true);
    expect(await call(ApiPath.removeBookListRecord, { bookListId: id, recordId: a }, headers)).toMatchObject({
      errCode: BookListErrCode.recordNotOnList,
    });
    const after = await detail(headers, id);
    expect(after.data.records.map((r) => [r.recordId, r.position, r.note])).toEqual([
      [c, 1, ''],
      [b, 2, '温情'],
    ]);
    expect(after.data.recordCount).toBe(2);
  });

  it(`at most ${MAX_BOOK_LIST_RECORDS} records per list`, async () => {
    const { headers } = await readerOf();
    const { data: list } = await create(headers, { title: 'big' });
    const many = await makeRecords(
      t,
      home.id,
      Array.from({ length: MAX_BOOK_LIST_RECORDS }, () => ({})),
    );
    await sql`INSERT INTO reader_book_list_record (list_id, record_id, tenant_id, seq)
      SELECT ${list.bookListId}, r, ${home.id}, n FROM unnest(${many.slice(0, -1)}::int[]) WITH ORDINALITY AS o(r, n)`.execute(
      t.db.kysely,
    );
    await sql`UPDATE reader_book_list SET record_count = ${MAX_BOOK_LIST_RECORDS - 1} WHERE id = ${list.bookListId}`.execute(
      t.db.kysely,
    );
    expect((await add(headers, list.bookListId, many.at(-1)!)).data.position).toBe(MAX_BOOK_LIST_RECORDS);
    expect(await add(headers, list.bookListId, records[0]!, '')).toMatchObject({
      success: false,
      errCode: BookListErrCode.tooManyRecords,
    });
  });
});

describe('who sees and who changes a list', () => {
  it('a private list is invisible to other readers and visitors; a public one is read by anyone', async () => {
    const owner = await readerOf();
    const stranger = await readerOf();
    const { data: list } = await create(owner.headers, { title: '私人', isPublic: false });
    await add(owner.headers, list.bookListId, records[0]!);
    for (const h of [stranger.headers, {}]) {
      expect(await detail(h, list.bookListId)).toMatchObject({ success: false, errCode: BookListErrCode.noSuchList });
      expect((await view(h, list.bookListId)).errCode).toBe(BookListErrCode.noSuchList);
    }
    expect((await call<PublicBookLists>(ApiPath.publicBookLists, { q: '私人' })).data.totalCount).toBe(0);

    await call(
      ApiPath.updateBookList,
      { bookListId: list.bookListId, version: 0, title: '公开书单', isPublic: true },
      owner.headers,
    );
    expect((await detail({}, list.bookListId)).data).toMatchObject({
      owner: 'reader',
      title: '公开书单',
      recordCount: 1,
    });
    expect((await detail(stranger.headers, list.bookListId)).data.owner).toBe('reader');
    expect((await detail(owner.headers, list.bookListId)).data.owner).toBe('me');
    const found = await call<PublicBookLists>(ApiPath.publicBookLists, { q: '公开' });
    expect(found.data.list.map((l) => l.bookListId)).toEqual([list.bookListId]);
    // Not in another institution.
    expect((await detail({}, list.bookListId, {}, other)).errCode).toBe(BookListErrCode.noSuchList);
  });

  it('another reader (or another institution’s) cannot change a list: every call answers "no such list"', async () => {
    const owner = await readerOf();
    const stranger = await readerOf();
    const outsider = await readerOf(other);
    const { data: list } = await create(owner.headers, { title: '我的', isPublic: true });
    const id = list.bookListId;
    await add(owner.headers, id, records[0]!, '原注');
    await uploadCover(owner.headers, id, await jpeg(), 'image/jpeg');
    const before = (await detail(owner.headers, id)).data;

    const tries: [string, Record<string, unknown>][] = [
      [ApiPath.updateBookList, { bookListId: id, version: before.version, title: '改了', isPublic: false }],
      [ApiPath.deleteBookList, { bookListId: id }],
      [ApiPath.deleteBookListCover, { bookListId: id }],
      [ApiPath.addBookListRecord, { bookListId: id, recordId: records[1] }],
      [ApiPath.updateBookListNote, { bookListId: id, recordId: records[0], note: '改了' }],
      [ApiPath.removeBookListRecord, { bookListId: id, recordId: records[0] }],
      [ApiPath.moveBookListRecord, { bookListId: id, recordId: records[0], move: 'down' }],
    ];
    for (const [url, body] of tries) {
      const r = await call(url, body, stranger.headers);
      expect([url, r.success, r.errCode]).toEqual([url, false, BookListErrCode.noSuchList]);
      const o = await call(url, body, outsider.headers, { to: other });
      expect([url, o.success, o.errCode]).toEqual([url, false, BookListErrCode.noSuchList]);
    }
    expect((await uploadCover(stranger.headers, id, await jpeg(), 'image/jpeg')).errCode).toBe(
      BookListErrCode.noSuchList,
    );
    expect((await mine(stranger.headers)).data.totalCount).toBe(0);
    expect((await detail(owner.headers, id)).data).toEqual(before);
  });
});

describe('staff hide a reader’s public list, and show it again', () => {
  const staffCall = <T>(
    url: string,
    input: Record<string, unknown>,
    h: H,
    opts: { lang?: Lang; to?: MadeTenant } = {},
  ) => call<T>(url, input, h, { ...opts, method: url === ApiPath.adminReaderBookLists ? 'GET' : 'POST' });

  it('hidden from the public list, its page and its views; its reader sees why, in the list and the inbox', async () => {
    const desk = await staffHeader(t, await makeStaff(t, home.id, { role: 'staff' }));
    const owner = await readerOf();
    const stranger = await readerOf();
    const { data: list } = await create(owner.headers, { title: `不当书单 ${Date.now()}`, isPublic: true });
    const id = list.bookListId;
    await add(owner.headers, id, records[0]!);
    const queue = await staffCall<AdminReaderLists>(
      ApiPath.adminReaderBookLists,
      { state: 'shown', q: '不当书单' },
      desk,
    );
    expect(queue).toMatchObject({ success: true });
    expect(queue.data.list.map((l) => l.bookListId)).toEqual([id]);
    expect(queue.data.list[0]).toMatchObject({ readerId: owner.reader.id, hidden: null, hiddenBy: null });

    // The reason is required and bounded; translated.
    for (const [reason, lang] of [
      ['', 'en_US'],
      ['长'.repeat(BOOK_LIST_HIDE_REASON_MAX + 1), 'zh_HK'],
    ] as const) {
      const refused = await staffCall(ApiPath.adminHideReaderBookList, { bookListId: id, reason }, desk, { lang });
      expect(refused).toMatchObject({
        success: false,
        errCode: BookListErrCode.hideReasonInvalid,
        message: text(lang === 'en_US' ? 'en-US' : 'zh-TW', 'bookListHideReason', { max: BOOK_LIST_HIDE_REASON_MAX }),
      });
    }
    const hidden = await staffCall<AdminReaderList>(
      ApiPath.adminHideReaderBookList,
      { bookListId: id, reason: '含有广告' },
      desk,
    );
    expect(hidden).toMatchObject({ success: true, message: text('zh-CN', 'bookListHidden') });
    expect(hidden.data.hidden).toMatchObject({ reason: '含有广告' });
    expect(hidden.data.hiddenBy).toBeTruthy();
    // A second click changes nothing (one inbox message, one audit row).
    expect((await staffCall(ApiPath.adminHideReaderBookList, { bookListId: id, reason: '再次' }, desk)).success).toBe(
      true,
    );

    for (const h of [stranger.headers, {}]) {
      expect((await detail(h, id)).errCode).toBe(BookListErrCode.noSuchList);
      expect((await view(h, id)).errCode).toBe(BookListErrCode.noSuchList);
    }
    expect((await call<PublicBookLists>(ApiPath.publicBookLists, { q: '不当书单' })).data.totalCount).toBe(0);
    const own = await detail(owner.headers, id);
    expect(own.data).toMatchObject({ owner: 'me', isPublic: true, hidden: { reason: '含有广告' } });
    expect((await mine(owner.headers)).data.list[0]!.hidden?.reason).toBe('含有广告');
    const inbox = await t.db.kysely
      .selectFrom('reader_inbox')
      .select(['subject', 'body'])
      .where('reader_id', '=', owner.reader.id)
      .execute();
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.body).toContain('含有广告');
    expect(
      (await staffCall<AdminReaderLists>(ApiPath.adminReaderBookLists, { state: 'hidden', q: '不当书单' }, desk)).data,
    ).toMatchObject({ totalCount: 1, counts: { shown: 0, hidden: 1 } });

    // Shown again: public to all, the reader told.
    const shown = await staffCall<AdminReaderList>(ApiPath.adminShowReaderBookList, { bookListId: id }, desk);
    expect(shown).toMatchObject({ success: true, message: text('zh-CN', 'bookListShown'), data: { hidden: null } });
    expect((await detail({}, id)).data.owner).toBe('reader');
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('tenant_id', '=', home.id)
      .where('target', '=', `reader book list ${id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['bookList.hide', 'bookList.show']);
    const told = await t.db.kysely
      .selectFrom('reader_inbox')
      .select('id')
      .where('reader_id', '=', owner.reader.id)
      .execute();
    expect(told).toHaveLength(2);
  });

  it('staff only, of the list’s own institution; private lists are not listed', async () => {
    const owner = await readerOf();
    const { data: priv } = await create(owner.headers, { title: `私密 ${Date.now()}`, isPublic: false });
    const { data: pub } = await create(owner.headers, { title: `展示书单 ${Date.now()}`, isPublic: true });
    const desk = await staffHeader(t, await makeStaff(t, home.id, { role: 'staff' }));
    const elsewhere = await staffHeader(t, await makeStaff(t, other.id, { role: 'admin' }));
    const listed = await staffCall<AdminReaderLists>(
      ApiPath.adminReaderBookLists,
      { state: 'all', q: owner.reader.account },
      desk,
    );
    expect(listed.data.list.map((l) => l.bookListId)).toEqual([pub.bookListId]);
    // A reader's session is not a staff one; no session at all is refused.
    expect(
      (await staffCall(ApiPath.adminHideReaderBookList, { bookListId: pub.bookListId, reason: 'x' }, owner.headers))
        .status,
    ).toBe(403);
    expect((await staffCall(ApiPath.adminReaderBookLists, {}, {})).status).toBe(401);
    // Another institution's staff: no such list there; the list is untouched.
    const far = await staffCall(
      ApiPath.adminHideReaderBookList,
      { bookListId: pub.bookListId, reason: 'x' },
      elsewhere,
      {
        to: other,
      },
    );
    expect(far.errCode).toBe(BookListErrCode.noSuchList);
    expect(
      (
        await staffCall<AdminReaderLists>(ApiPath.adminReaderBookLists, { state: 'all', q: pub.title }, elsewhere, {
          to: other,
        })
      ).data.totalCount,
    ).toBe(0);
    expect((await detail({}, pub.bookListId)).data.hidden).toBeNull();
    expect(priv.hidden).toBeNull();
  });
});

describe('the cover: at most 2 MB, JPEG or PNG by content, re-encoded', () => {
  it('takes a real PNG and JPEG, serves its own JPEG without metadata, refuses fakes', async () => {
    const { headers } = await readerOf();
    const { data: list } = await create(headers, { title: '有封面' });
    const id = list.bookListId;

    const up = await uploadCover(headers, id, await png(), 'application/octet-stream');
    expect(up).toMatchObject({ success: true, message: '上传成功！' });
    expect(up.data.coverUrl).toMatch(/^\/find\/bookList\/cover\?mappingPath=[\w]+&key=[\w-]{32}$/);
    const served = await t.app.inject({ method: 'GET', url: up.data.coverUrl! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 600, height: 800 });
    expect(meta.exif).toBeUndefined();

    const second = await uploadCover(headers, id, await jpeg(), 'image/jpeg', 'en_US');
    expect(second).toMatchObject({ success: true, message: 'Uploaded' });
    expect(second.data.coverUrl).not.toBe(up.data.coverUrl);
    expect((await t.app.inject({ method: 'GET', url: up.data.coverUrl! })).statusCode).toBe(404);
    expect(
      (await sharp((await t.app.inject({ method: 'GET', url: second.data.coverUrl! })).rawPayload).metadata()).width,
    ).toBe(300);

    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    expect(await uploadCover(headers, id, gif, 'image/png', 'en_US')).toMatchObject({
      success: false,
      errCode: BookListErrCode.coverType,
      message: 'The cover must be a JPEG or PNG image',
    });
    // A PNG signature before text: refused as unreadable, whatever it claims.
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('not an image'),
    ]);
    expect((await uploadCover(headers, id, fake, 'image/png')).errCode).toBe(BookListErrCode.coverUnreadable);
    // A text file named and declared as a JPEG.
    expect((await uploadCover(headers, id, Buffer.from('hello'), 'image/jpeg')).errCode).toBe(
      BookListErrCode.coverType,
    );
    const big = Buffer.concat([await jpeg(), Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await uploadCover(headers, id, big, 'image/jpeg');
    expect(tooBig).toMatchObject({ status: 413, errCode: BookListErrCode.coverTooLarge });
    expect((await uploadCover(headers, 'x', await jpeg(), 'image/jpeg')).status).toBe(400);
    // The cover stayed the last good one.
    expect((await detail(headers, id)).data.coverUrl).toBe(second.data.coverUrl);

    const removed = await call<BookListSummary>(ApiPath.deleteBookListCover, { bookListId: id }, headers);
    expect(removed.data.coverUrl).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: second.data.coverUrl! })).statusCode).toBe(404);
  });
});

describe('views: once per visitor and day, ordering the hot lists', () => {
  it('counts a public list’s views once per visitor and day, not its owner’s', async () => {
    const owner = await readerOf();
    const visitor = await readerOf();
    const { data: list } = await create(owner.headers, { title: '热门', isPublic: true });
    const id = list.bookListId;
    expect((await view(owner.headers, id)).data).toEqual({ counted: false, viewCount: 0 });
    expect((await view(visitor.headers, id)).data).toEqual({ counted: true, viewCount: 1 });
    expect((await view(visitor.headers, id)).data).toEqual({ counted: false, viewCount: 1 });
    expect((await view({}, id)).data).toEqual({ counted: true, viewCount: 2 });
    expect((await view({}, id)).data.counted).toBe(false);
    expect((await view({ 'user-agent': 'another browser' }, id)).data).toEqual({ counted: true, viewCount: 3 });
    // Yesterday's visitors are counted again today.
    await sql`UPDATE book_list_view SET day = day - 1 WHERE book_list_id = ${id}`.execute(t.db.kysely);
    expect((await view(visitor.headers, id)).data).toEqual({ counted: true, viewCount: 4 });
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM book_list_view WHERE book_list_id = ${id}`.execute(t.db.kysely);
    expect(rows[0]!.n).toBe(1);
    expect((await view({}, 99_999_999)).errCode).toBe(BookListErrCode.noSuchList);
    expect((await view({}, 0)).status).toBe(400);
  });

  it('views of the library’s lists order the home page’s hot lists; the list page shows a library list', async () => {
    const made = await sql<{ id: number }>`INSERT INTO book_list (tenant_id, name, name_en, view_count)
      VALUES (${home.id}, '馆员推荐', 'Librarians'' picks', 0), (${home.id}, '新生必读', 'For new students', 0)
      RETURNING id`.execute(t.db.kysely);
    const [picks, fresh] = made.rows.map((r) => r.id) as [number, number];
    await sql`INSERT INTO book_list_record (book_list_id, record_id, seq, note) VALUES (${fresh}, ${records[0]}, 1, '入门')`.execute(
      t.db.kysely,
    );
    const hot = async () =>
      (await call<BookListPage>(ApiPath.indexHotBookList, { page: 1, rows: 10 })).data.list.map((l) => l.bookListId);
    expect(await hot()).toEqual([picks, fresh]); // no views yet
    expect((await view({}, fresh)).data).toEqual({ counted: true, viewCount: 1 });
    expect(await hot()).toEqual([fresh, picks]);
    await view({ 'user-agent': 'a' }, picks);
    await view({ 'user-agent': 'b' }, picks);
    expect(await hot()).toEqual([picks, fresh]);

    const page = await call<BookListDetail>(
      ApiPath.bookListDetail,
      { bookListId: fresh },
      {},
      { method: 'GET', lang: 'en_US' },
    );
    expect(page.data).toMatchObject({ owner: 'library', title: 'For new students', viewCount: 1, recordCount: 1 });
    expect(page.data.records).toMatchObject([{ recordId: records[0], note: '入门', position: 1 }]);
    // A library list cannot be changed by a reader.
    const { headers } = await readerOf();
    expect((await add(headers, fresh, records[1]!)).errCode).toBe(BookListErrCode.noSuchList);
    expect((await call(ApiPath.deleteBookList, { bookListId: fresh }, headers)).errCode).toBe(
      BookListErrCode.noSuchList,
    );
  });

  it('unknown ids and bad input: translated 400s, never a 500', async () => {
    for (const q of [{ bookListId: 'x' }, { bookListId: -1 }, { bookListId: 2 ** 31 }]) {
      const r = await call(ApiPath.bookListDetail, q, {}, { method: 'GET' });
      expect([q, r.status, r.errCode]).toEqual([q, 400, ErrCode.badRequest]);
    }
    expect((await call(ApiPath.publicBookLists, { q: 'x'.repeat(101) })).status).toBe(400);
  });
});
