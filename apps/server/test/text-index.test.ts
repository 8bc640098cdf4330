import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchRequest, type SearchRequestInput } from '@openfind/contract';
import { sql } from 'kysely';
import { storeRecords } from '../src/modules/catalogue/catalogue-repository.js';
import { rankInMemory } from '../src/modules/search/engine/memory-search.js';
import { findRankedIds } from '../src/modules/search/search-repository.js';
import { compile } from '../src/modules/search/search-sql.js';
import { planSearch, relaxPlan, type SearchPlan } from '../src/modules/search/search-query.js';
import { TextIndex } from '../src/modules/search/engine/text-index.js';
import { unread } from '../src/modules/search/engine/tenant-mirror.js';
import { findChangedTimes } from '../src/modules/search/mirror-repository.js';
import { textIndexLoader } from '../src/modules/search/text-index-repository.js';
import { seedDemoCatalogue } from '../src/seed/demo-catalogue.js';
import { createTestApp, type TestApp } from './helpers.js';
import { TEMPLATE, rec } from './search-fixtures.js';
import { makeTenant } from './support/factories.js';

let t: TestApp;
/** The institution of `corpus()` the tests that change no record share. */
let tenantId: number;
let fixture: Map<string, number>;

/**
 * A new institution with a catalogue to compare on: 400 records of the demo catalogue's generator
 * (Chinese-majority, English and others) and records written for the edge cases (ids by key).
 */
async function corpus(): Promise<{ tenantId: number; fixture: Map<string, number> }> {
  const { id } = await makeTenant(t, { libraries: 'demo' });
  await seedDemoCatalogue(t.db.kysely, id, 400);
  const { ids } = await storeRecords(t.db.kysely, id, [
    rec('hlm', { title: '红楼梦', authors: ['曹雪芹'], subjects: ['章回小说'], publishYearInt: 1982 }),
    rec('hlm2', { title: '红楼梦（校注本）', authors: ['曹雪芹'], subjects: ['章回小说'], publishYearInt: 1982 }),
    rec('hlm3', { title: '红楼梦研究', authors: ['俞平伯'], abstract: '论红楼梦的版本', publishYearInt: 2001 }),
    rec('trad', { title: '中華書局百年', publisher: '中華書局', series: ['中華叢書'], publishYearInt: 2012 }),
    rec('simp', { title: '书局史话', publisher: '中华书局', subjects: ['中国历史', '出版史'], publishYearInt: 2015 }),
    rec('algo', { title: 'Introduction to Algorithms', authors: ['Cormen, Thomas H.'], langCode: 'eng' }),
    rec('algo2', { title: 'Algorithms', subjects: ['Computer algorithms'], langCode: 'eng', publishYearInt: 2011 }),
    rec('journal', { title: '计算机学报', docCode: '2', subjects: ['计算机'] }),
    rec('astral', { title: '𠀀书与中国文字', publishYearInt: 1999 }),
  ]);
  return { tenantId: id, fixture: ids };
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  await t.services.search.close();
  ({ tenantId, fixture } = await corpus());
});
afterAll(async () => t?.close());

const planOf = (body: SearchRequestInput): SearchPlan =>
  planSearch(SearchRequest.parse({ ...TEMPLATE, ...body }), null);

/** Searches every kind the index answers, and some it leaves to the database. */
const BODIES: SearchRequestInput[] = [
  { searchFieldContent: '中国' },
  { searchFieldContent: '研究' },
  { searchFieldContent: '红楼梦' },
  { searchFieldContent: '紅樓夢' },
  { searchFieldContent: '楼梦' },
  { searchFieldContent: '计算机 网络' },
  { searchFieldContent: '中国 历史 研究' },
  { searchFieldContent: '"数据结构"' },
  { searchFieldContent: '中华书局' },
  { searchFieldContent: 'algorithms' },
  { searchFieldContent: 'introduction to algorithms' },
  { searchFieldContent: 'hongloumeng' },
  { searchFieldContent: 'hlm' },
  { searchFieldContent: 'hong lou meng' },
  { searchFieldContent: '的' },
  { searchFieldContent: '中国的历史' },
  { searchFieldContent: '𠀀书' },
  { searchField: 'title', searchFieldContent: '管理' },
  { searchField: 'title', searchFieldContent: '红楼梦' },
  { searchField: 'author', searchFieldContent: '曹雪芹' },
  { searchField: 'author', searchFieldContent: '王' },
  { searchField: 'subjectWord', searchFieldContent: '小说' },
  { searchField: 'authorUnit', searchFieldContent: '大学' },
  { searchField: 'anyWord', searchFieldContent: '红楼梦 algorithms' },
  { searchField: 'periName', searchFieldContent: '学报' },
  { searchField: 'keyWord', matchMode: '3', searchFieldContent: 'introduction to algo' },
  {
    searchItems: [
      { oper: null, searchField: 'title', matchMode: '2', searchFieldContent: '管理' },
      { oper: 'AND', searchField: 'keyWord', matchMode: '2', searchFieldContent: '中国' },
      { oper: 'NOT', searchField: 'title', matchMode: '2', searchFieldContent: '案例' },
    ],
  },
  {
    searchItems: [
      { oper: null, searchField: 'title', matchMode: '2', searchFieldContent: '红楼梦' },
      { oper: 'OR', searchField: 'author', matchMode: '2', searchFieldContent: '曹雪芹' },
    ],
  },
  { searchItems: [{ oper: 'NOT', searchField: 'keyWord', matchMode: '2', searchFieldContent: '中国' }] },
  // Words that must be in one field (the weight holds others too).
  { searchField: 'subject', searchFieldContent: '教材' },
  { searchField: 'subject', searchFieldContent: '章回小说' },
  { searchField: 'subject', searchFieldContent: '中国 历史' },
  { searchField: 'publisher', searchFieldContent: '中华书局' },
  { searchField: 'publisher', searchFieldContent: '中華書局' },
  { searchField: 'publisher', searchFieldContent: '出版社' },
  { searchField: 'series', searchFieldContent: '丛书' },
  {
    searchItems: [
      { oper: null, searchField: 'title', matchMode: '2', searchFieldContent: '管理' },
      { oper: 'AND', searchField: 'subject', matchMode: '2', searchFieldContent: '企业管理' },
      { oper: 'NOT', searchField: 'title', matchMode: '2', searchFieldContent: '案例' },
    ],
  },
  // NOT beside other words (only their records are candidates), after a phrase, with an OR.
  {
    searchItems: [
      { oper: null, searchField: 'keyWord', matchMode: '2', searchFieldContent: '中国' },
      { oper: 'NOT', searchField: 'keyWord', matchMode: '2', searchFieldContent: '历史' },
      { oper: 'NOT', searchField: 'title', matchMode: '2', searchFieldContent: '研究' },
    ],
  },
  {
    searchItems: [
      { oper: null, searchField: 'keyWord', matchMode: '2', searchFieldContent: '"中国历史"' },
      { oper: 'NOT', searchField: 'keyWord', matchMode: '2', searchFieldContent: '中国 研究' },
    ],
  },
  {
    searchItems: [
      { oper: null, searchField: 'keyWord', matchMode: '2', searchFieldContent: '中国' },
      { oper: 'NOT', searchField: 'keyWord', matchMode: '2', searchFieldContent: '"中国历史"' },
    ],
  },
  {
    searchItems: [
      { oper: null, searchField: 'title', matchMode: '2', searchFieldContent: '红楼梦' },
      { oper: 'OR', searchField: 'keyWord', matchMode: '2', searchFieldContent: '中国' },
      { oper: 'NOT', searchField: 'author', matchMode: '2', searchFieldContent: '曹雪芹' },
    ],
  },
  // Left to the database (LEFT_TO_DB): field checks, codes.
  { searchField: 'title', matchMode: '3', searchFieldContent: 'algo' },
  { searchField: 'abstract', searchFieldContent: '版本' },
  { searchField: 'title', matchMode: '1', searchFieldContent: '红楼梦' },
  { searchField: 'isbn', searchFieldContent: '9787020002207' },
  { searchField: 'kindNo', searchFieldContent: 'TP3' },
];
const LEFT_TO_DB = 5;

/** The plans of the bodies, and their relaxed forms (fewer words), as the search runs them. */
function plans(): SearchPlan[] {
  return BODIES.flatMap((b) => {
    const plan = planOf(b);
    return plan.relaxable ? [plan, relaxPlan(plan)] : [plan];
  });
}

/** Compares the index with the database for every plan; returns how many the index answered. */
async function compareAll(index: TextIndex, common: ReadonlySet<string>, tenant = tenantId): Promise<number> {
  const text = (await index.get(tenant))!;
  expect(text).toBeDefined();
  let answered = 0;
  for (const plan of plans()) {
    const inMemory = rankInMemory(text, plan, common);
    if (!inMemory) continue;
    answered++;
    const fromDb = await findRankedIds(t.db.kysely, compile(plan, tenant, common));
    expect(Array.from(inMemory), JSON.stringify(plan.expr).slice(0, 300)).toEqual(Array.from(fromDb));
  }
  return answered;
}

describe('the text index in memory', () => {
  it('finds and orders what the database finds, for every kind of text search it answers', async () => {
    const index = new TextIndex(textIndexLoader(t.db.kysely), 0);
    const answered = await compareAll(index, new Set());
    // Everything but the searches left to the database (field checks and codes).
    expect(answered).toBe(plans().length - LEFT_TO_DB);
    // Common words skip the character fallback, in memory as in the database.
    expect(await compareAll(index, new Set(['中国', '研究', '管理']))).toBe(answered);
    // Something was found: the comparisons are not of empty lists.
    const text = (await index.get(tenantId))!;
    expect(rankInMemory(text, planOf({ searchFieldContent: '中国' }), new Set())!.length).toBeGreaterThan(20);
    const trad = rankInMemory(text, planOf({ searchFieldContent: '紅樓夢' }), new Set())!;
    expect(trad.length).toBeGreaterThanOrEqual(3);
    expect(trad).toEqual(rankInMemory(text, planOf({ searchFieldContent: '红楼梦' }), new Set()));
    // A publisher in either script finds both forms; a subject word finds only subject headings.
    const publisher = rankInMemory(
      text,
      planOf({ searchField: 'publisher', searchFieldContent: '中華書局' }),
      new Set(),
    );
    expect(Array.from(publisher!)).toEqual(
      expect.arrayContaining([fixture.get('test:trad'), fixture.get('test:simp')]),
    );
    const subject = rankInMemory(text, planOf({ searchField: 'subject', searchFieldContent: '中国 历史' }), new Set());
    expect(subject).toContain(fixture.get('test:simp'));
    expect(subject).not.toContain(fixture.get('test:astral'));
    expect(Array.from(rankInMemory(text, planOf({ searchFieldContent: '𠀀书' }), new Set())!)).toEqual([
      fixture.get('test:astral'),
    ]);
  });

  it('leaves plans with filters and other orders to the database', async () => {
    const text = (await new TextIndex(textIndexLoader(t.db.kysely), 0).get(tenantId))!;
    expect(rankInMemory(text, planOf({ searchFieldContent: '中国', publishBegin: 2000 }), new Set())).toBeUndefined();
    expect(
      rankInMemory(text, planOf({ searchFieldContent: '中国', sortField: 'avgScore' }), new Set()),
    ).toBeUndefined();
    expect(rankInMemory(text, planOf({ docCode: ['1'] }), new Set())).toBeUndefined();
  });

  it('reads a record again only when it changed since it was read', async () => {
    // A record is changed below: a corpus of its own.
    const { tenantId, fixture } = await corpus();
    const text = (await new TextIndex(textIndexLoader(t.db.kysely), 0).get(tenantId))!;
    // Every record of the last hour counts as changed, as a refresh with its margin would see them.
    const recent = await findChangedTimes(t.db.kysely, tenantId, Date.now() - 3_600_000);
    expect(recent.length).toBeGreaterThan(400);
    expect(unread(text, recent)).toEqual([]);
    await storeRecords(t.db.kysely, tenantId, [rec('algo2', { title: 'Algorithms, 2nd ed.', langCode: 'eng' })]);
    expect(unread(text, await findChangedTimes(t.db.kysely, tenantId, Date.now() - 3_600_000))).toEqual([
      fixture.get('test:algo2'),
    ]);
  });

  it('keeps up with records added, changed and deleted', async () => {
    // Records are added, changed and deleted below: a corpus of its own.
    const { tenantId } = await corpus();
    const index = new TextIndex(textIndexLoader(t.db.kysely), 0);
    await index.prepare(tenantId);
    const db = t.db.kysely;
    const { ids } = await storeRecords(db, tenantId, [
      rec('new1', { title: '红楼梦新证', authors: ['周汝昌'], publishYearInt: 1953 }),
      rec('new2', { title: 'Algorithms in a Nutshell', langCode: 'eng', publishYearInt: 2016 }),
    ]);
    // A record changes its title: it leaves one search and joins another.
    await storeRecords(db, tenantId, [rec('hlm3', { title: '石头记研究', authors: ['俞平伯'], publishYearInt: 2001 })]);
    const text = (await index.get(tenantId))!;
    expect(text.changedCount).toBeGreaterThanOrEqual(3);
    expect(await compareAll(index, new Set(), tenantId)).toBe(plans().length - LEFT_TO_DB);
    const hlm = rankInMemory(text, planOf({ searchFieldContent: '红楼梦' }), new Set())!;
    expect(hlm).toContain(ids.get('test:new1'));
    // Deleted records: the count differs and the index is built again.
    await sql`DELETE FROM bib_record WHERE record_id = ${ids.get('test:new1')!}`.execute(db);
    const rebuilt = (await index.get(tenantId))!;
    expect(rankInMemory(rebuilt, planOf({ searchFieldContent: '红楼梦' }), new Set())).not.toContain(
      ids.get('test:new1'),
    );
    expect(await compareAll(index, new Set(), tenantId)).toBe(plans().length - LEFT_TO_DB);
  });
});
