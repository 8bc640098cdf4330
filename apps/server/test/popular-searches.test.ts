import { ApiPath } from '@openfind/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PopularSearch, SiteConfig } from '@openfind/contract';
import { PopularSearches, blockList, countable } from '../src/modules/search/popular-searches.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { TEMPLATE, rec, storeTestRecords } from './search-fixtures.js';
import { makeTenant, type MadeTenant } from './support/factories.js';

/**
 * Popular searches of an institution (`library`, which holds three classics) and of another
 * (`other`). Each test starts with no searches logged and an empty block list.
 */
let t: TestApp;
let library: MadeTenant;
let other: MadeTenant;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  library = await makeTenant(t);
  other = await makeTenant(t);
  await storeTestRecords(t, library, [
    rec('sgyy', { title: '三国演义', authors: ['罗贯中'] }),
    rec('xyj', { title: '西游记', authors: ['吴承恩'] }),
    rec('hlm', { title: '红楼梦', authors: ['曹雪芹'] }),
  ]);
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.services.siteConfig.updateConfig(library.id, { popularSearchBlockList: '' });
  await sql`DELETE FROM search_log`.execute(t.db.kysely);
});

/** A search of `library` from `address`, as the web app sends it. */
async function searchFrom(text: string, address: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: ApiPath.search,
    headers: { mappingPath: library.mappingPath },
    payload: { ...TEMPLATE, searchFieldContent: text },
    remoteAddress: address,
  });
  expect(res.statusCode, res.body).toBe(200);
  return envelopeOf<{ numFound: number }>(res).data.numFound;
}

/** `popularSearch/add` from `address` (GET, as the spec's call, or POST). */
async function addFrom(text: string, address: string, method: 'GET' | 'POST' = 'GET'): Promise<boolean> {
  const res = await t.app.inject({
    method,
    url: ApiPath.popularSearchAdd,
    headers: { mappingPath: library.mappingPath },
    ...(method === 'GET' ? { query: { keyWord: text } } : { payload: { keyWord: text } }),
    remoteAddress: address,
  });
  expect(res.statusCode, res.body).toBe(200);
  return envelopeOf<{ added: boolean }>(res).data.added;
}

/** An institution's popular searches (after writing what is buffered), text → count. */
async function popular(tenant: MadeTenant = library): Promise<Record<string, number>> {
  await t.services.popularSearches.flush();
  const res = await t.call({
    url: ApiPath.popularSearchGet,
    mappingPath: tenant.mappingPath,
    query: { days: '7', rows: '50' },
  });
  return Object.fromEntries(envelopeOf<PopularSearch[]>(res).data.map((p) => [p.keyWord, p.count]));
}

const record = (tenantId: number, text: string, client: string, numFound: number | null = 3) =>
  t.services.popularSearches.record({ tenantId, text, searchField: 'keyWord', numFound, client });

describe('popular searches count only searches that ran and found records (issue 25, finding 9)', () => {
  it('counts a search that found records, not one that found nothing', async () => {
    expect(await searchFrom('三国演义', '10.9.0.1')).toBeGreaterThan(0);
    expect(await searchFrom('这本书不存在zzqx', '10.9.0.1')).toBe(0);
    expect(await popular()).toEqual({ 三国演义: 1 });
  });

  it('popularSearch/add (GET or POST) adds nothing of its own, and says whether the search was counted', async () => {
    expect(await addFrom('西游记', '10.9.0.2')).toBe(false);
    expect(await addFrom('免费领取 加微信 abc123', '10.9.0.2', 'POST')).toBe(false);
    expect(await popular()).toEqual({});
    await searchFrom('西游记', '10.9.0.2');
    expect(await addFrom('西游记', '10.9.0.2')).toBe(true);
    expect(await addFrom('西游记', '10.9.0.2', 'POST')).toBe(true);
    // Another address that did not run the search is told it was not counted.
    expect(await addFrom('西游记', '10.9.0.3')).toBe(false);
    expect(await popular()).toEqual({ 西游记: 1 });
  });

  it('counts a text once an hour per address; other addresses count', async () => {
    for (let i = 0; i < 3; i++) await searchFrom('红楼梦', '10.9.0.4');
    await searchFrom('红楼梦', '10.9.0.5');
    expect(await popular()).toEqual({ 红楼梦: 2 });
  });

  it(`lets one address add a limited number of distinct texts an hour`, async () => {
    let clock = Date.UTC(2026, 0, 5, 9);
    const p = new PopularSearches(t.db.kysely, 0, undefined, { termsPerAddressHour: 3, now: () => clock });
    const add = (text: string, client: string) =>
      p.record({ tenantId: library.id, text, searchField: 'keyWord', numFound: 2, client });
    for (const text of ['甲骨文', '乙肝', '丙烯', '丁香', '戊戌']) add(text, '10.9.0.6');
    add('丁香', '10.9.0.7');
    await p.flush();
    const counts = async () =>
      Object.fromEntries((await p.top(library.id, 7, 50)).map((s) => [s.keyWord, s.count] as const));
    expect(await counts()).toEqual({ 甲骨文: 1, 乙肝: 1, 丙烯: 1, 丁香: 1 });
    // An hour later the address may add again (and the same text counts again).
    clock += 3_600_000;
    add('戊戌', '10.9.0.6');
    add('甲骨文', '10.9.0.6');
    await p.flush();
    expect(await counts()).toEqual({ 甲骨文: 2, 乙肝: 1, 丙烯: 1, 丁香: 1, 戊戌: 1 });
  });

  it('never counts texts that are long, mostly punctuation or URLs', async () => {
    const refused = [
      'https://spam.example/offer',
      'www.casino-royal.com',
      'buy-cheap.xyz',
      'spam.example/path',
      '!!!!!!!!!!',
      '@@@@@a',
      '😀😀😀😀',
      '长'.repeat(61),
    ];
    const kept = ['C++', 'C#', 'ASP.NET', 'node.js', '红楼梦 曹雪芹', 'J.K. Rowling', '长'.repeat(60)];
    for (const text of refused) expect(countable(text), text).toBe(false);
    for (const text of kept) expect(countable(text), text).toBe(true);
    for (const text of [...refused, ...kept]) record(library.id, text, '10.9.0.8');
    expect(Object.keys(await popular()).sort()).toEqual([...kept].sort());
  });

  it('never counts or shows what is on the institution block list (set like any site config key)', async () => {
    record(library.id, '红樓夢', '10.9.0.9');
    record(library.id, 'Class notes', '10.9.0.9');
    expect(await popular()).toEqual({ 红樓夢: 1, 'Class notes': 1 });
    // What `openfind config set popularSearchBlockList=...` stores: Traditional, width and case fold.
    await t.services.siteConfig.updateConfig(library.id, { popularSearchBlockList: '红楼\nＡＳＳ, 赌博' });
    record(library.id, '网上赌博平台', '10.9.0.10');
    record(library.id, 'ass hat', '10.9.0.10');
    record(library.id, '三国演义', '10.9.0.10');
    // Counted before the word was blocked: hidden too. "Class" is not the word "ass".
    expect(await popular()).toEqual({ 'Class notes': 1, 三国演义: 1 });
    const stored = await sql<{ n: number }>`SELECT count(*)::int AS n FROM search_log`.execute(t.db.kysely);
    expect(stored.rows[0]!.n).toBe(3);
    // The list is the server's own: browsers never receive it.
    const c = envelopeOf<SiteConfig>(
      await t.call({ url: ApiPath.getFindConfig, mappingPath: library.mappingPath }),
    ).data;
    expect(c).not.toHaveProperty('popularSearchBlockList');
    expect(Object.keys(c).length).toBeGreaterThan(40);
  });

  it('matches block-list words whole in spaced scripts and anywhere in Chinese', () => {
    const blocked = blockList('spam；六合彩');
    expect(blocked('spam')).toBe(true);
    expect(blocked('cheap spam offers')).toBe(true);
    expect(blocked('spammer')).toBe(false);
    expect(blocked('香港六合彩开奖')).toBe(true);
    expect(blockList('')('anything')).toBe(false);
  });
});

describe('a failed write of popular searches loses only what the database refuses (issue 25, finding 3)', () => {
  it('a text with a NUL byte neither fails the write nor drops other institutions’ searches', async () => {
    record(library.id, '三国\u0000演义', '10.9.1.1');
    record(other.id, '数据结构', '10.9.1.1');
    await t.services.popularSearches.flush();
    expect(await popular()).toEqual({ '三国 演义': 1 });
    expect(await popular(other)).toEqual({ 数据结构: 1 });
  });

  it('an entry the database refuses (its institution removed meanwhile) is dropped, the others are written', async () => {
    record(library.id, '西游记', '10.9.1.2');
    record(987_654, '不存在的机构', '10.9.1.2');
    record(other.id, '操作系统', '10.9.1.2');
    record(library.id, '红楼梦', '10.9.1.2');
    await t.services.popularSearches.flush();
    expect(await popular()).toEqual({ 西游记: 1, 红楼梦: 1 });
    expect(await popular(other)).toEqual({ 操作系统: 1 });
    // The refused entry is not tried again.
    await t.services.popularSearches.flush();
    const stored = await sql<{ n: number }>`SELECT count(*)::int AS n FROM search_log`.execute(t.db.kysely);
    expect(stored.rows[0]!.n).toBe(3);
  });

  it('when the database takes nothing, the searches wait for the next write', async () => {
    record(library.id, '三国演义', '10.9.1.3');
    record(other.id, '编译原理', '10.9.1.3');
    await sql`ALTER TABLE search_log RENAME TO search_log_away`.execute(t.db.kysely);
    try {
      await expect(t.services.popularSearches.flush()).rejects.toThrow();
    } finally {
      await sql`ALTER TABLE search_log_away RENAME TO search_log`.execute(t.db.kysely);
    }
    expect(await popular()).toEqual({ 三国演义: 1 });
    expect(await popular(other)).toEqual({ 编译原理: 1 });
  });
});
