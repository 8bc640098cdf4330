import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  CollectionErrCode,
  type DictResponse,
  type EbookPage,
  type PackageDetail,
  type PackageList,
  type RecordPageOf,
  type TopicDetail,
  type TopicPage,
} from '@openfind/contract';
import { t as text } from '../src/http/messages.js';
import { addPackageRecords, insertTopic, upsertPackage } from '../src/modules/collections/collection-repository.js';
import { importCollectionsCsv, parseCsv } from '../src/modules/collections/collection-import.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { makeRecords, makeTenant, type MadeTenant } from './support/factories.js';

/**
 * Special collections and special libraries (/find/dPackage/*), topics (/find/bookTopic/*), the
 * e-books list (/find/elecBook/list), the dictionary's `collections` and the CSV loader: listed and
 * rule-taken records, hidden packages and suppressed records left out, another institution's rows
 * never seen, errors translated.
 */

type Lang = CallOptions['lang'];

let t: TestApp;
let home: MadeTenant;
let other: MadeTenant;
let recs: number[];
let ids: { minguo: number; local: number; base: number; child: number; hiddenChild: number; vendor: number };
let otherPackage: number;
let topic: number;

async function call<T>(
  url: string,
  input: Record<string, unknown>,
  o: { lang?: Lang; to?: MadeTenant; get?: boolean } = {},
) {
  const res = await t.call({
    url,
    mappingPath: (o.to ?? home).mappingPath,
    lang: o.lang,
    ...(o.get ? { query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])) } : { body: input }),
  });
  return { status: res.statusCode, ...envelopeOf<T>(res) };
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  home = await makeTenant(t);
  other = await makeTenant(t);
  recs = [
    ...(await makeRecords(t, home.id, [
      { title: '申报', clcClasses: ['K25'], callNumbers: ['K25/12'], isbn: '9787208061644', systemNumbers: ['MG0001'] },
      { title: '四川通志', clcClasses: ['K297.1'], callNumbers: ['K297.1/3'] },
      { title: '成都府志', clcClasses: ['K297.2'], callNumbers: ['K297.2/8'], subjects: ['地方志'] },
      {
        title: '深度学习',
        clcClasses: ['TP181'],
        callNumbers: ['TP181/9'],
        links: [{ url: 'https://e.example.org/dl' }],
      },
      { title: '隐藏记录', clcClasses: ['K298'], callNumbers: ['K298/1'] },
      { title: 'Algorithms', clcClasses: ['TP301'], callNumbers: ['TP301/2'], isbn: '9780262046305' },
    ])),
  ];
  await sql`UPDATE bib_record SET suppressed = true WHERE record_id = ${recs[4]!}`.execute(t.db.kysely);
  const db = t.db.kysely;
  const pkg = (tenantId: number, p: Partial<Parameters<typeof upsertPackage>[2]> & { code: string; name: string }) =>
    upsertPackage(db, tenantId, { kind: 'collection', parentId: null, ...p });
  const minguo = await pkg(home.id, { code: 'MG', name: '民国文献', nameEn: 'Republican-Era Documents', seq: 1 });
  await addPackageRecords(db, home.id, minguo, [recs[0]!, recs[1]!]);
  const local = await pkg(home.id, { code: 'DF', name: '地方文献', ruleKind: 'classPrefix', ruleValue: 'K29', seq: 2 });
  const vendor = await pkg(home.id, { code: 'CX', name: '超星电子图书', seq: 3 });
  await pkg(home.id, { code: 'SS', name: '书生之家', seq: 4 });
  await pkg(home.id, { code: 'HID', name: '未发布馆藏', hidden: true, seq: 5 });
  const base = await pkg(home.id, { kind: 'base', code: 'SB', name: '科技特色库', nameTw: '科技特色庫' });
  const child = await pkg(home.id, {
    kind: 'base',
    code: 'SB1',
    name: '人工智能',
    parentId: base,
    ruleKind: 'callPrefix',
    ruleValue: 'tp18',
  });
  const hiddenChild = await pkg(home.id, { kind: 'base', code: 'SB2', name: '草稿子库', parentId: base, hidden: true });
  ids = { minguo, local, base, child, hiddenChild, vendor };
  otherPackage = await pkg(other.id, { code: 'MG', name: '别馆民国文献' });
  // A record of another institution cannot be listed in ours.
  const [foreign] = await makeRecords(t, other.id, [{ title: '别馆之书' }]);
  await addPackageRecords(db, home.id, minguo, [foreign]);
  topic = await insertTopic(
    db,
    home.id,
    {
      title: '人工智能前沿',
      titleTw: '人工智慧前沿',
      titleEn: 'Frontiers of AI',
      description: '导读',
      descriptionTw: '',
      descriptionEn: 'A guide',
      searchWords: '人工智能',
      viewCount: 5,
      seq: 2,
    },
    [recs[3]!, recs[4]!],
  );
  await insertTopic(
    db,
    home.id,
    {
      title: '地方志',
      titleTw: '',
      titleEn: '',
      description: '',
      descriptionTw: '',
      descriptionEn: '',
      searchWords: '',
      viewCount: 50,
      seq: 1,
    },
    [recs[1]!],
  );
  await sql`INSERT INTO e_title (tenant_id, package_code, line_no, publication_type, publication_title, print_identifier,
      online_identifier, title_url, first_author, publisher_name, date_monograph_published_online)
    VALUES (${home.id}, 'MITPRESS', 1, 'monograph', 'Introduction to Algorithms', '9780262046305', '9780262367509',
      'https://mitpress.example.org/ita', 'Cormen', 'MIT Press', '2022'),
    (${home.id}, 'MITPRESS', 2, 'serial', 'Neural Computation', NULL, '1530-888X', 'https://x.example.org', NULL, NULL, NULL),
    (${other.id}, 'OTHER', 1, 'monograph', 'Other institution book', NULL, NULL, 'https://o.example.org', NULL, NULL, NULL)`.execute(
    db,
  );
});
afterAll(async () => t?.close());

describe('special collections', () => {
  it('lists the visible collections with their record counts: listed and rule-taken, suppressed left out', async () => {
    const r = await call<PackageList>(ApiPath.packageList, { kind: 'collection' });
    expect(r.success).toBe(true);
    expect(r.data.map((p) => p.code)).toEqual(['MG', 'DF', 'CX', 'SS']);
    const [mg, df] = r.data;
    expect(mg!.recordCount).toBe(2); // the other institution's record was not listed
    // K29: 四川通志, 成都府志 (K297.x); 隐藏记录 K298 is suppressed.
    expect(df!.recordCount).toBe(2);
  });

  it('names in the request language, Chinese when none is given', async () => {
    const en = await call<PackageList>(ApiPath.packageList, { kind: 'collection' }, { lang: 'en-US' });
    expect(en.data[0]!.name).toBe('Republican-Era Documents');
    expect(en.data[1]!.name).toBe('地方文献');
  });

  it('pages a collection’s records, listed first in their order, and finds them by words', async () => {
    const all = await call<RecordPageOf>(ApiPath.packageRecords, { id: ids.minguo, page: 1, rows: 10 });
    expect(all.data.list.map((x) => x.title)).toEqual(['申报', '四川通志']);
    expect(all.data.list[0]).toMatchObject({ callNo: 'K25/12', isbn: '9787208061644', hasEcopy: false });
    const found = await call<RecordPageOf>(ApiPath.packageRecords, { id: ids.minguo, q: '通志' });
    expect(found.data).toMatchObject({ totalCount: 1, list: [{ title: '四川通志' }] });
    const page2 = await call<RecordPageOf>(ApiPath.packageRecords, { id: ids.minguo, page: 2, rows: 1 });
    expect(page2.data.list.map((x) => x.title)).toEqual(['四川通志']);
  });

  it('a hidden package, or another institution’s, is no such package (translated)', async () => {
    for (const id of [ids.hiddenChild, otherPackage, 999999]) {
      const r = await call<PackageDetail>(ApiPath.packageDetail, { id }, { get: true, lang: 'en-US' });
      expect(r).toMatchObject({ success: false, errCode: CollectionErrCode.noSuchPackage });
      expect(r.message).toBe(text('en-US', 'collectionNoSuchPackage'));
      const recs2 = await call<RecordPageOf>(ApiPath.packageRecords, { id }, { lang: 'zh-TW' });
      expect(recs2.message).toBe(text('zh-TW', 'collectionNoSuchPackage'));
    }
    const theirs = await call<PackageDetail>(ApiPath.packageDetail, { id: otherPackage }, { get: true, to: other });
    expect(theirs.data.name).toBe('别馆民国文献');
  });

  it('refuses malformed input with the input error (400), never a 500', async () => {
    const r = await call(ApiPath.packageRecords, { id: 'abc' });
    expect(r.status).toBe(400);
    expect(r.success).toBe(false);
    const k = await call(ApiPath.packageList, { kind: 'shelf' });
    expect([k.status, k.success]).toEqual([400, false]);
  });
});

describe('special libraries', () => {
  it('a base with its visible child bases; a child with its parent and its rule-taken records', async () => {
    const top = await call<PackageList>(ApiPath.packageList, { kind: 'base' });
    expect(top.data).toMatchObject([{ id: ids.base, childCount: 1, parentId: null }]);
    const d = await call<PackageDetail>(ApiPath.packageDetail, { id: ids.base }, { get: true, lang: 'zh-TW' });
    expect(d.data.name).toBe('科技特色庫');
    expect(d.data.children.map((c) => c.id)).toEqual([ids.child]);
    const c = await call<PackageDetail>(ApiPath.packageDetail, { id: ids.child }, { get: true });
    expect(c.data.parent?.id).toBe(ids.base);
    const records = await call<RecordPageOf>(ApiPath.packageRecords, { id: ids.child });
    expect(records.data.list).toMatchObject([{ title: '深度学习', hasEcopy: true }]);
    const children = await call<PackageList>(ApiPath.packageList, { kind: 'base', parentId: ids.base });
    expect(children.data.map((x) => x.code)).toEqual(['SB1']);
  });

  it('the children of a collection asked as a base, or of another institution’s package: no such package', async () => {
    const r = await call(ApiPath.packageList, { kind: 'base', parentId: ids.minguo });
    expect(r).toMatchObject({ success: false, errCode: CollectionErrCode.noSuchPackage });
    const o = await call(ApiPath.packageList, { kind: 'collection', parentId: otherPackage });
    expect(o).toMatchObject({ success: false, errCode: CollectionErrCode.noSuchPackage });
  });
});

describe('topics', () => {
  it('hot topics most viewed first; the list in the library’s order; other institutions have none', async () => {
    const hot = await call<TopicPage>(ApiPath.indexHotTopic, { rows: 6 });
    expect(hot.data.list.map((x) => x.title)).toEqual(['地方志', '人工智能前沿']);
    const list = await call<TopicPage>(ApiPath.topicList, { page: 1, rows: 10 }, { lang: 'en-US' });
    expect(list.data.list.map((x) => x.title)).toEqual(['地方志', 'Frontiers of AI']);
    const none = await call<TopicPage>(ApiPath.indexHotTopic, {}, { to: other });
    expect(none.data).toEqual({ totalCount: 0, list: [] });
  });

  it('a topic’s page counts the view and lists its records, suppressed left out', async () => {
    const d = await call<TopicDetail>(ApiPath.topicDetail, { id: topic });
    expect(d.data).toMatchObject({ viewCount: 6, searchWords: '人工智能', totalCount: 1 });
    expect(d.data.list.map((x) => x.title)).toEqual(['深度学习']);
    const again = await call<TopicDetail>(ApiPath.topicDetail, { id: topic });
    expect(again.data.viewCount).toBe(7);
    const theirs = await call(ApiPath.topicDetail, { id: topic }, { to: other, lang: 'en-US' });
    expect(theirs).toMatchObject({ success: false, errCode: CollectionErrCode.noSuchTopic });
    expect(theirs.message).toBe(text('en-US', 'collectionNoSuchTopic'));
  });
});

describe('e-books', () => {
  it('catalogue records with a link and KBART monographs (serials and other institutions left out)', async () => {
    const r = await call<EbookPage>(ApiPath.ebookList, {});
    const titles = r.data.list.map((x) => x.title).sort();
    expect(titles).toEqual(['Introduction to Algorithms', '深度学习']);
    const kbart = r.data.list.find((x) => x.source === 'kbart')!;
    // The catalogue holds the print edition (same ISBN): the line links to it.
    expect(kbart).toMatchObject({
      recordId: recs[5],
      printRecord: true,
      url: 'https://mitpress.example.org/ita',
      packageName: 'MITPRESS',
      author: 'Cormen',
    });
    const cat = r.data.list.find((x) => x.source === 'catalogue')!;
    expect(cat).toMatchObject({ recordId: recs[3], url: 'https://e.example.org/dl', printRecord: false });
  });

  it('filters by words, CLC class and A–Z letter (pinyin for Chinese titles)', async () => {
    const q = await call<EbookPage>(ApiPath.ebookList, { q: 'algorithms' });
    expect(q.data.list.map((x) => x.title)).toEqual(['Introduction to Algorithms']);
    const cls = await call<EbookPage>(ApiPath.ebookList, { classNo: 'T' });
    expect(cls.data.totalCount).toBe(2);
    const k = await call<EbookPage>(ApiPath.ebookList, { classNo: 'K' });
    expect(k.data.totalCount).toBe(0);
    const s = await call<EbookPage>(ApiPath.ebookList, { letter: 'S' }); // 深度学习 shen du xue xi
    expect(s.data.list.map((x) => x.title)).toEqual(['深度学习']);
    const bad = await call(ApiPath.ebookList, { letter: 'ab' });
    expect(bad.success).toBe(false);
  });
});

describe('the dictionary and the loader', () => {
  it('dictionary collections: visible special collections, 超星 and 书生 left out, only the institution’s', async () => {
    const d = await call<DictResponse>(ApiPath.dict, {});
    expect(d.data.collections).toEqual([
      { recordId: ids.minguo, collectionName: '民国文献' },
      { recordId: ids.local, collectionName: '地方文献' },
    ]);
    const o = await call<DictResponse>(ApiPath.dict, {}, { to: other });
    expect(o.data.collections).toEqual([{ recordId: otherPackage, collectionName: '别馆民国文献' }]);
  });

  it('parses quoted CSV fields', () => {
    expect(parseCsv('\uFEFFa,"b, ""c""",d\r\ne,f,\n')).toEqual([
      ['a', 'b, "c"', 'd'],
      ['e', 'f', ''],
    ]);
  });

  it('imports a CSV by ISBN and control number; unknown identifiers and bad lines reported; idempotent', async () => {
    const csv =
      'code,name,identifiers\n' +
      'XY,校友文库,978-0-262-04630-5;MG0001;9999999999999\n' +
      'bad code!,名称,MG0001\n' +
      'XY,校友文库,MG0001|\n';
    // Institutions of its own, so the collection it makes is seen by no other test.
    const mine = await makeTenant(t);
    const another = await makeTenant(t);
    await makeRecords(t, mine.id, [
      { title: '申报', isbn: '9787208061644', systemNumbers: ['MG0001'] },
      { title: 'Algorithms', isbn: '9780262046305' },
    ]);
    const first = await importCollectionsCsv(t.db.kysely, mine.id, csv);
    expect(first.collections).toEqual(['XY']);
    expect(first.added).toBe(2);
    expect(first.notFound).toEqual([{ line: 2, identifier: '9999999999999' }]);
    expect(first.rejected.map((r) => r.line)).toEqual([3]);
    const again = await importCollectionsCsv(t.db.kysely, mine.id, csv);
    expect(again.added).toBe(0);
    const list = await call<PackageList>(ApiPath.packageList, { kind: 'collection' }, { to: mine });
    expect(list.data.find((p) => p.code === 'XY')?.recordCount).toBe(2);
    // The same code in another institution is another collection; our records are not found there.
    const theirs = await importCollectionsCsv(t.db.kysely, another.id, csv);
    expect(theirs.added).toBe(0);
  });

  it('refuses a file with no valid line, writing nothing; a special library’s code is not a collection', async () => {
    await expect(importCollectionsCsv(t.db.kysely, home.id, 'only one column\n')).rejects.toThrow(/no valid line/);
    const r = await importCollectionsCsv(t.db.kysely, home.id, 'SB,科技特色库,MG0001\n');
    expect(r.rejected).toHaveLength(1);
    expect(r.added).toBe(0);
  });
});
