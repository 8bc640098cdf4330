import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  CollectionAdminErrCode,
  CollectionErrCode,
  StaffErrCode,
  type AdminPackageListed,
  type AdminPackageRecords,
  type AdminTopic,
  type AdminTopicList,
  type TopicDetail,
  type TopicPage,
} from '@openfind/contract';
import { insertTopic } from '../src/modules/collections/collection-repository.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { makeReader, makeRecords, makeTenant, signIn, type MadeTenant } from './support/factories.js';
import { makeStaff, staffHeader } from './support/staff.js';

/**
 * The console's topics (专题, `/find/admin/collections/topics/*`): every topic listed (hidden ones
 * too), created and changed with the version read, hidden and shown, put in order, deleted by an
 * administrator, records listed and unlisted by hand, audit rows, translated errors, and the walls:
 * readers, visitors and another institution's staff refused or seeing nothing. Every test works in an
 * institution of its own, so they run in any order.
 */

type Lang = CallOptions['lang'];
interface As {
  to: MadeTenant;
  headers: Record<string, string>;
}

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
});
afterAll(async () => t?.close());

async function call<T>(url: string, input: Record<string, unknown>, as: As, o: { lang?: Lang; get?: boolean } = {}) {
  const res = await t.call({
    url,
    mappingPath: as.to.mappingPath,
    lang: o.lang,
    headers: as.headers,
    ...(o.get ? { query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])) } : { body: input }),
  });
  return { status: res.statusCode, ...envelopeOf<T>(res) };
}
const list = async (as: As) => call<AdminTopicList>(ApiPath.adminTopics, {}, as, { get: true });
const one = async (as: As, id: number) => (await list(as)).data!.find((x) => x.id === id)!;
/** A save's input from a topic as listed, with changes. */
const saving = (x: AdminTopic, change: Record<string, unknown> = {}) => ({
  id: x.id,
  version: x.version,
  title: x.title,
  titleTw: x.titleTw,
  titleEn: x.titleEn,
  description: x.description,
  descriptionTw: x.descriptionTw,
  descriptionEn: x.descriptionEn,
  coverUrl: x.coverUrl,
  searchWords: x.searchWords,
  seq: x.seq,
  hidden: x.hidden,
  ...change,
});
/** The audit rows of an action in one institution. */
const audits = (action: string, tenantId: number) =>
  t.db.kysely
    .selectFrom('audit_log')
    .select(['action', 'target'])
    .where('action', '=', action)
    .where('tenant_id', '=', tenantId)
    .execute();
const topicOf = (tenantId: number, title: string, seq: number, recordIds: number[] = []) =>
  insertTopic(
    t.db.kysely,
    tenantId,
    {
      title,
      titleTw: '',
      titleEn: '',
      description: '',
      descriptionTw: '',
      descriptionEn: '',
      searchWords: '',
      viewCount: 0,
      seq,
    },
    recordIds,
  );

/**
 * An institution of a test's own: its staff and administrator, three records (申报, 四川通志, 深度学习),
 * the topic 地方志 listing 四川通志 and a hidden draft topic.
 */
async function ownInstitution() {
  const tenant = await makeTenant(t);
  const staff: As = { to: tenant, headers: await staffHeader(t, await makeStaff(t, tenant.id, { role: 'staff' })) };
  const admin: As = { to: tenant, headers: await staffHeader(t, await makeStaff(t, tenant.id, { role: 'admin' })) };
  const visitor: As = { to: tenant, headers: {} };
  const recs = await makeRecords(t, tenant.id, [{ title: '申报' }, { title: '四川通志' }, { title: '深度学习' }]);
  const local = await topicOf(tenant.id, '地方志', 1, [recs[1]!]);
  const draft = await topicOf(tenant.id, '人工智能导读', 2);
  await t.db.kysely.updateTable('book_topic').set({ hidden: true }).where('id', '=', draft).execute();
  return { tenant, staff, admin, visitor, recs, local, draft };
}

describe('listing', () => {
  it('lists every topic of the institution, hidden ones too, in the library’s order, with counts', async () => {
    const own = await ownInstitution();
    const theirs = await ownInstitution();
    const topics = (await list(own.staff)).data!;
    expect(topics.map((x) => [x.id, x.title, x.hidden, x.listedCount, x.seq])).toEqual([
      [own.local, '地方志', false, 1, 1],
      [own.draft, '人工智能导读', true, 0, 2],
    ]);
    expect(topics[0]!.version).toMatch(/^\d{20}$/);
    expect((await list(theirs.staff)).data!.map((x) => x.id)).toEqual([theirs.local, theirs.draft]);
  });
});

describe('saving', () => {
  it('creates a topic at the end of the order (id 0); audited; readers see it once shown', async () => {
    const own = await ownInstitution();
    const created = await call<AdminTopic>(
      ApiPath.adminTopicSave,
      {
        id: 0,
        title: '  民国期刊  ',
        titleTw: '民國期刊',
        titleEn: 'Republican-era periodicals',
        description: '馆藏民国时期期刊导读',
        coverUrl: '/covers/mg.jpg',
        searchWords: ' 民国 期刊 ',
      },
      own.staff,
      { lang: 'en-US' },
    );
    expect(created).toMatchObject({ success: true, message: 'Saved' });
    expect(created.data).toMatchObject({
      title: '民国期刊',
      searchWords: '民国 期刊',
      seq: 3,
      hidden: false,
      listedCount: 0,
      viewCount: 0,
    });
    expect(await audits('topic.create', own.tenant.id)).toEqual([
      { action: 'topic.create', target: `book_topic ${created.data!.id}` },
    ]);
    const pub = await call<TopicPage>(ApiPath.topicList, { page: 1, rows: 10 }, own.visitor, { lang: 'en-US' });
    expect(pub.data!.list.map((x) => x.title)).toEqual(['地方志', 'Republican-era periodicals']);
  });

  it('changes titles, descriptions, order, saved search and hidden with the version read; a stale one is refused', async () => {
    const own = await ownInstitution();
    const before = await one(own.staff, own.draft);
    const saved = await call<AdminTopic>(
      ApiPath.adminTopicSave,
      saving(before, {
        title: '人工智能前沿',
        titleTw: '人工智慧前沿',
        titleEn: 'Frontiers of AI',
        descriptionEn: 'A guide',
        searchWords: '人工智能',
        hidden: false,
        seq: 0,
      }),
      own.staff,
    );
    expect(saved.data).toMatchObject({ title: '人工智能前沿', hidden: false, seq: 0, searchWords: '人工智能' });
    expect(saved.data!.version).not.toBe(before.version);
    // First in the library's order now; readers see it in English, with its saved search.
    const pub = await call<TopicPage>(ApiPath.topicList, { page: 1, rows: 10 }, own.visitor, { lang: 'en-US' });
    expect(pub.data!.list.map((x) => [x.title, x.searchWords])).toEqual([
      ['Frontiers of AI', '人工智能'],
      ['地方志', ''],
    ]);
    // A reader's view changes the count, not the version.
    await call<TopicDetail>(ApiPath.topicDetail, { id: own.draft }, own.visitor);
    expect((await one(own.staff, own.draft)).version).toBe(saved.data!.version);
    // The version read before is stale: refused, translated, nothing written.
    const stale = await call(ApiPath.adminTopicSave, saving(before, { title: '覆盖' }), own.staff, { lang: 'zh-TW' });
    expect(stale).toMatchObject({ success: false, errCode: CollectionAdminErrCode.changedMeanwhile });
    expect(stale.message).toContain('他人修改');
    expect((await one(own.staff, own.draft)).title).toBe('人工智能前沿');
    expect(await audits('topic.save', own.tenant.id)).toEqual([
      { action: 'topic.save', target: `book_topic ${own.draft}` },
    ]);
  });

  it('hides and shows a topic: a hidden one is no topic to readers', async () => {
    const own = await ownInstitution();
    const local = await one(own.staff, own.local);
    const hidden = await call<AdminTopic>(ApiPath.adminTopicSave, saving(local, { hidden: true }), own.staff);
    expect(hidden.data!.hidden).toBe(true);
    const gone = await call(ApiPath.topicDetail, { id: own.local }, own.visitor);
    expect(gone).toMatchObject({ success: false, errCode: CollectionErrCode.noSuchTopic });
    const shown = await call<AdminTopic>(ApiPath.adminTopicSave, saving(hidden.data!, { hidden: false }), own.staff);
    expect(shown.data!.hidden).toBe(false);
    const back = await call<TopicDetail>(ApiPath.topicDetail, { id: own.local }, own.visitor);
    expect(back.data!.list.map((r) => r.title)).toEqual(['四川通志']);
  });

  it('refuses a cover that is no address and malformed input (400), never a 500; nothing written', async () => {
    const own = await ownInstitution();
    const local = await one(own.staff, own.local);
    const cover = await call(ApiPath.adminTopicSave, saving(local, { coverUrl: 'javascript:alert(1)' }), own.staff, {
      lang: 'en-US',
    });
    expect(cover).toMatchObject({ success: false, errCode: CollectionAdminErrCode.invalid });
    expect(cover.message).toContain('coverUrl');
    for (const bad of [
      { title: '' },
      { title: '   ' },
      { title: 'x'.repeat(101) },
      { descriptionEn: 'x'.repeat(2001) },
      { searchWords: 'x'.repeat(201) },
      { seq: -1 },
      { seq: 1.5 },
      { hidden: 'yes' },
      { id: 'x' },
      { version: 'v'.repeat(41) },
    ])
      expect((await call(ApiPath.adminTopicSave, saving(local, bad), own.staff)).status).toBe(400);
    expect((await one(own.staff, own.local)).version).toBe(local.version);
  });
});

describe('ordering', () => {
  it('puts every topic in a new order, readers’ list follows; a list that is not every topic once is refused', async () => {
    const own = await ownInstitution();
    const third = await topicOf(own.tenant.id, '红楼梦研究', 3);
    const local = await one(own.staff, own.local);
    const ordered = await call<AdminTopicList>(
      ApiPath.adminTopicOrder,
      { ids: [third, own.local, own.draft] },
      own.staff,
      { lang: 'en-US' },
    );
    expect(ordered).toMatchObject({ success: true, message: 'The order is saved' });
    expect(ordered.data!.map((x) => [x.id, x.seq])).toEqual([
      [third, 1],
      [own.local, 2],
      [own.draft, 3],
    ]);
    // A topic that moved has a new version: an edit form opened before does not put its old place back.
    expect(ordered.data!.find((x) => x.id === own.local)!.version).not.toBe(local.version);
    const pub = await call<TopicPage>(ApiPath.topicList, { page: 1, rows: 10 }, own.visitor);
    expect(pub.data!.list.map((x) => x.title)).toEqual(['红楼梦研究', '地方志']);
    const theirs = await ownInstitution();
    for (const ids of [
      [third, own.local], // one left out
      [third, own.local, own.draft, own.draft], // one twice
      [third, own.local, theirs.local], // another institution's
    ]) {
      const refused = await call(ApiPath.adminTopicOrder, { ids }, own.staff, { lang: 'zh-TW' });
      expect(refused).toMatchObject({ success: false, errCode: CollectionAdminErrCode.badOrder });
      expect(refused.message).toContain('專題');
    }
    expect((await list(own.staff)).data!.map((x) => x.id)).toEqual([third, own.local, own.draft]);
    expect((await list(theirs.staff)).data!.map((x) => x.seq)).toEqual([1, 2]);
    expect(await audits('topic.order', own.tenant.id)).toHaveLength(1);
    expect((await call(ApiPath.adminTopicOrder, { ids: [] }, own.staff)).status).toBe(400);
  });
});

describe('deleting', () => {
  it('an administrator deletes a topic read at its version: its records unlisted, the catalogue keeps them', async () => {
    const own = await ownInstitution();
    const local = await one(own.admin, own.local);
    // Staff hide a topic; deleting is the administrators' (as the content screen's other deletes).
    const byStaff = await call(ApiPath.adminTopicDelete, { id: own.local, version: local.version }, own.staff);
    expect(byStaff).toMatchObject({ status: 403, errCode: StaffErrCode.roleTooLow });
    const stale = await call(ApiPath.adminTopicDelete, { id: own.local, version: '20000101000000000000' }, own.admin, {
      lang: 'en-US',
    });
    expect(stale).toMatchObject({ success: false, errCode: CollectionAdminErrCode.changedMeanwhile });
    expect(stale.message).toContain('changed or deleted');
    const deleted = await call(ApiPath.adminTopicDelete, { id: own.local, version: local.version }, own.admin);
    expect(deleted).toMatchObject({ success: true, data: { id: own.local } });
    expect(deleted.message).toContain('已删除');
    expect((await list(own.staff)).data!.map((x) => x.id)).toEqual([own.draft]);
    const listed = await t.db.kysely
      .selectFrom('book_topic_record')
      .select('record_id')
      .where('tenant_id', '=', own.tenant.id)
      .execute();
    expect(listed).toEqual([]);
    const record = await t.db.kysely
      .selectFrom('bib_record')
      .select('title')
      .where('record_id', '=', own.recs[1]!)
      .executeTakeFirst();
    expect(record).toEqual({ title: '四川通志' });
    expect(await call(ApiPath.topicDetail, { id: own.local }, own.visitor)).toMatchObject({
      errCode: CollectionErrCode.noSuchTopic,
    });
    expect(await audits('topic.delete', own.tenant.id)).toEqual([
      { action: 'topic.delete', target: `book_topic ${own.local}` },
    ]);
    // Deleted: a second delete or a save names no topic.
    const again = await call(ApiPath.adminTopicDelete, { id: own.local, version: local.version }, own.admin);
    expect(again.errCode).toBe(CollectionErrCode.noSuchTopic);
  });
});

describe('listed records', () => {
  it('adds a record at the end once, removes it, audited; readers see the change', async () => {
    const own = await ownInstitution();
    const add = (recordId: number) =>
      call<AdminPackageListed>(ApiPath.adminTopicRecordAdd, { id: own.local, recordId }, own.staff, { lang: 'en-US' });
    expect(await add(own.recs[2]!)).toMatchObject({
      success: true,
      message: 'The title is listed',
      data: { id: own.local, listedCount: 2 },
    });
    expect((await add(own.recs[2]!)).data!.listedCount).toBe(2);
    expect((await add(own.recs[0]!)).data!.listedCount).toBe(3);
    const page = await call<AdminPackageRecords>(ApiPath.adminTopicRecords, { id: own.local }, own.staff, {
      get: true,
    });
    expect(page.data!.list.map((r) => r.title)).toEqual(['四川通志', '深度学习', '申报']);
    const pub = await call<TopicDetail>(ApiPath.topicDetail, { id: own.local }, own.visitor);
    expect(pub.data!.list.map((r) => r.title)).toEqual(['四川通志', '深度学习', '申报']);
    const removed = await call<AdminPackageListed>(
      ApiPath.adminTopicRecordRemove,
      { id: own.local, recordId: own.recs[1]! },
      own.staff,
    );
    expect(removed.data!.listedCount).toBe(2);
    const after = await call<TopicDetail>(ApiPath.topicDetail, { id: own.local }, own.visitor);
    expect(after.data!.list.map((r) => r.title)).toEqual(['深度学习', '申报']);
    expect(await audits('topic.record.add', own.tenant.id)).toHaveLength(2);
    expect(await audits('topic.record.remove', own.tenant.id)).toHaveLength(1);
  });

  it('refuses another institution’s record, and every call on another institution’s topic', async () => {
    const own = await ownInstitution();
    const theirs = await ownInstitution();
    const foreign = await call(ApiPath.adminTopicRecordAdd, { id: own.local, recordId: theirs.recs[0]! }, own.staff, {
      lang: 'en-US',
    });
    expect(foreign).toMatchObject({ success: false, errCode: CollectionAdminErrCode.noSuchRecord });
    expect(foreign.message).toContain(String(theirs.recs[0]));
    const their = await one(theirs.staff, theirs.local);
    for (const [url, input, as] of [
      [ApiPath.adminTopicRecordAdd, { id: theirs.local, recordId: own.recs[0]! }, own.staff],
      [ApiPath.adminTopicRecordRemove, { id: theirs.local, recordId: theirs.recs[1]! }, own.staff],
      [ApiPath.adminTopicSave, saving(their, { title: '改' }), own.staff],
      [ApiPath.adminTopicDelete, { id: theirs.local, version: their.version }, own.admin],
    ] as const)
      expect(await call(url, input, as)).toMatchObject({ success: false, errCode: CollectionErrCode.noSuchTopic });
    const records = await call(ApiPath.adminTopicRecords, { id: theirs.local }, own.staff, { get: true });
    expect(records.errCode).toBe(CollectionErrCode.noSuchTopic);
    const still = await one(theirs.staff, theirs.local);
    expect([still.title, still.listedCount, still.version]).toEqual(['地方志', 1, their.version]);
  });

  it('refuses malformed record changes (400)', async () => {
    const own = await ownInstitution();
    for (const bad of [{ id: own.local }, { id: own.local, recordId: 'x' }, { id: 0, recordId: own.recs[0]! }])
      expect((await call(ApiPath.adminTopicRecordAdd, bad, own.staff)).status).toBe(400);
  });
});

describe('who may', () => {
  it('staff of another institution, readers and visitors are refused', async () => {
    const own = await ownInstitution();
    const theirs = await ownInstitution();
    // Their administrator on our address: refused; on their own: only their topics.
    const intruder = { to: own.tenant, headers: theirs.admin.headers };
    expect((await list(intruder)).errCode).toBe(StaffErrCode.otherInstitution);
    const local = await one(own.staff, own.local);
    expect((await call(ApiPath.adminTopicSave, saving(local, { title: '改' }), intruder)).errCode).toBe(
      StaffErrCode.otherInstitution,
    );
    expect((await list(theirs.admin)).data!.map((x) => x.id)).toEqual([theirs.local, theirs.draft]);
    const reader: As = { to: own.tenant, headers: await signIn(t, own.tenant, await makeReader(t, own.tenant.id)) };
    expect((await list(reader)).status).toBe(403);
    expect((await call(ApiPath.adminTopicRecordAdd, { id: own.local, recordId: own.recs[0]! }, reader)).status).toBe(
      403,
    );
    expect((await list(own.visitor)).status).toBe(401);
    expect((await call(ApiPath.adminTopicSave, saving(local, { title: '改' }), own.visitor)).status).toBe(401);
    expect((await one(own.staff, own.local)).version).toBe(local.version);
  });
});
