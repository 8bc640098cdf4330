import { ApiPath, hasUnsafeCharacters, type SearchResponse } from '@openfind/contract';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerLanguage } from '../src/http/context.js';
import { registerErrorHandler } from '../src/http/error-handler.js';
import { ISSUE_WORDS, t as text } from '../src/http/messages.js';
import { captcha, TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { TEMPLATE } from './search-fixtures.js';
import { makeReader, makeRecords, makeTenant, signIn, type MadeReader, type MadeTenant } from './support/factories.js';

/**
 * The edge of the API (issue 25): NUL and other control characters, unpaired surrogates and
 * numbers past what the database holds get a translated 400 or are cleaned, never a 500; and no
 * such value reaches a write that other requests share.
 */

let t: TestApp;
/** An institution with the demo's libraries, two books by 刘慈欣 and a reader of its own. */
let lib: MadeTenant;
let ids: { santi: number; qiuzhi: number };
let account: MadeReader;
/** The logged-in reader's header. */
let reader: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  lib = await makeTenant(t, { libraries: 'demo' });
  const [santi, qiuzhi] = await makeRecords(t, lib.id, [
    {
      title: '三体',
      authors: ['刘慈欣'],
      subjects: ['科幻小说'],
      clcClasses: ['I247.55'],
      callNumbers: ['I247.55/123'],
      items: [{ barcode: 'EDGE0001', callNo: 'I247.55/123' }],
    },
    { title: '球状闪电', authors: ['刘慈欣'], subjects: ['科幻小说'], clcClasses: ['I247.55'] },
  ]);
  ids = { santi, qiuzhi };
  account = await makeReader(t, lib.id);
  reader = await signIn(t, lib, account);
}, 180_000);
afterAll(async () => t?.close());

const post = (url: string, body: unknown, headers: Record<string, string> = {}, lang?: 'en_US') =>
  t.call({ url, mappingPath: lib.mappingPath, body, headers, lang });
const get = (url: string, query: Record<string, string>, headers: Record<string, string> = {}, lang?: 'en_US') =>
  t.call({ url, mappingPath: lib.mappingPath, query, headers, lang });
/** The English 400 of a field that is present but not valid. */
const invalid = (field: string) => text('en-US', 'badRequest', { detail: `${field} ${ISSUE_WORDS['en-US'].invalid}` });
const searchOf = async (res: Awaited<ReturnType<typeof post>>) => {
  expect(res.statusCode, res.body).toBe(200);
  const env = envelopeOf<SearchResponse>(res);
  expect(env.success, env.message).toBe(true);
  return env.data;
};

/** A 400 that names the field, translated. */
async function expectUnsafe(res: Awaited<ReturnType<typeof post>>, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(envelopeOf(res)).toEqual({
    success: false,
    message: text('en-US', 'unsafeCharacters', { field }),
    errCode: 400,
    errorCode: null,
    data: null,
  });
}

describe('NUL, control characters and unpaired surrogates (finding 3)', () => {
  it('are cleaned out of search text in every scope: the search answers as without them', async () => {
    for (const [scope, words] of [
      ['title', '三体'],
      ['callNo', 'I247.55'],
      ['kindNo', 'I247'],
      ['barcode', 'EDGE0001'],
      ['keyWord', '三体'],
    ] as const) {
      const clean = await searchOf(
        await post(ApiPath.search, { ...TEMPLATE, searchField: scope, searchFieldContent: words }),
      );
      for (const dirty of [`${words}\u0000`, `\u0000${words}`, `${words}\uD800`, `\uDFFF${words}\u001F`]) {
        const found = await searchOf(
          await post(ApiPath.search, { ...TEMPLATE, searchField: scope, searchFieldContent: dirty }),
        );
        expect(found.numFound, `${scope} ${JSON.stringify(dirty)}`).toBe(clean.numFound);
      }
      expect(clean.numFound, scope).toBeGreaterThan(0);
    }
  });

  it('are cleaned in indexSearch, advancedSearch and twiceSearch, also for a logged-in reader (history)', async () => {
    const body = { ...TEMPLATE, searchFieldContent: '三体\u0000' };
    for (const who of [{}, reader]) {
      expect((await searchOf(await post(ApiPath.indexSearch, body, who))).numFound).toBe(1);
    }
    const advanced = await post(
      ApiPath.advancedSearch,
      {
        ...TEMPLATE,
        searchItems: [
          { oper: null, searchField: 'author', matchMode: '2', searchFieldContent: '刘慈欣\u0000' },
          { oper: 'AND', searchField: 'title', matchMode: '2', searchFieldContent: '\uD800球状闪电' },
        ],
      },
      reader,
    );
    expect((await searchOf(advanced)).searchResult.map((r) => r.title)).toEqual(['球状闪电']);
    const twice = await post(
      ApiPath.twiceSearch,
      {
        ...TEMPLATE,
        searchFieldContent: '刘慈欣',
        twiceSearchField: 'title',
        twiceSearchFieldContent: '三体\u0000',
      },
      reader,
    );
    expect((await searchOf(twice)).searchResult.map((r) => r.title)).toEqual(['三体']);
  });

  it('are cleaned from suggestions, did-you-mean and author lookups', async () => {
    for (const [url, query] of [
      [ApiPath.getKeyWord, { keyWord: '三\u0000' }],
      [ApiPath.spellKeyWord, { keyWord: '三体\u0000\uD800' }],
      [ApiPath.getAuthorInfo, { author: '刘慈欣\u0000', recordId: String(ids.santi) }],
    ] as const) {
      const res = await get(url, query);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      expect(envelopeOf(res).success, url).toBe(true);
    }
    const author = envelopeOf<{ author: string; recordCount: number }>(
      await get(ApiPath.getAuthorInfo, { author: '刘慈欣\u0000' }),
    ).data;
    expect(author).toMatchObject({ author: '刘慈欣', recordCount: 2 });
  });

  it('are refused in codes, filters, ids and account fields: a translated 400 naming the field', async () => {
    await expectUnsafe(await post(ApiPath.getHotLoan, { libCode: 'OFU\u0000' }, {}, 'en_US'), 'libCode');
    await expectUnsafe(await post(ApiPath.userRatings, { docCode: '\u0000' }, {}, 'en_US'), 'docCode');
    await expectUnsafe(
      await post(ApiPath.searchForDetail, { subject: ['科幻小说', '\uD800'] }, {}, 'en_US'),
      'subject.1',
    );
    await expectUnsafe(
      await post(ApiPath.search, { ...TEMPLATE, searchFieldContent: '三体', libCode: ['OFU\u0000'] }, {}, 'en_US'),
      'libCode.0',
    );
    await expectUnsafe(
      await get(ApiPath.verifyCodeImg, { userName: `${account.account}\u0000` }, {}, 'en_US'),
      'userName',
    );
    const c = await captcha(t, lib.mappingPath);
    await expectUnsafe(
      await post(
        ApiPath.login,
        { username: `${account.account}\u0000`, password: account.password, verifyCode: c.answer, codeKey: c.codeKey },
        {},
        'en_US',
      ),
      'username',
    );
    await expectUnsafe(
      await post(ApiPath.login, { username: account.account, password: 'x', codeKey: '\uDC00' }, {}, 'en_US'),
      'codeKey',
    );
    // The other languages.
    const zh = await post(ApiPath.getHotLoan, { classNo: 'I\u0000' });
    expect(envelopeOf(zh).message).toBe(text('zh-CN', 'unsafeCharacters', { field: 'classNo' }));
    const tw = await t.call({
      url: ApiPath.getHotLoan,
      mappingPath: lib.mappingPath,
      lang: 'zh_HK',
      body: { disCode: '\u0007' },
    });
    expect(envelopeOf(tw).message).toBe(text('zh-TW', 'unsafeCharacters', { field: 'disCode' }));
  });

  it('are cleaned from a comment, which is stored without them', async () => {
    const recordId = ids.qiuzhi;
    const res = await post(ApiPath.userComment, { recordId, content: '好书\u0000值得\uD800一读' }, reader);
    const posted = envelopeOf<{ commentId: number }>(res);
    expect(posted.success, res.body).toBe(true);
    const row = await t.db.kysely
      .selectFrom('record_comment')
      .select(['content'])
      .where('id', '=', String(posted.data.commentId))
      .executeTakeFirstOrThrow();
    expect(row.content).toBe('好书 值得一读');
  });

  it("keep a logged-in reader's search history writable: the search is recorded cleaned", async () => {
    await searchOf(await post(ApiPath.search, { ...TEMPLATE, searchFieldContent: '球状\u0000闪电' }, reader));
    const history = envelopeOf<{ list: { summary: string; request: { searchFieldContent: string } }[] }>(
      await post(ApiPath.searchHistory, {}, reader),
    ).data.list;
    expect(history[0]).toMatchObject({ summary: '球状 闪电', request: { searchFieldContent: '球状 闪电' } });
  });

  it("never reach the popular searches' buffer, so one such search cannot cost the others their counts", async () => {
    const popular = t.services.popularSearches;
    const other = (await makeTenant(t)).id;
    const here = lib.id;
    // Another institution's search waits in the buffer…
    popular.record({ tenantId: other, text: '边缘测试北岭', searchField: 'keyWord', numFound: 1, client: 'x' });
    // …while searches with NUL and a lone surrogate arrive here (cleaned, they find records, so they count).
    for (const [words, cleaned] of [
      ['三体\u0000', '三体'],
      ['球状闪电\uD800', '球状闪电'],
    ] as const) {
      const found = await searchOf(await post(ApiPath.search, { ...TEMPLATE, searchFieldContent: words }));
      expect(found.numFound, cleaned).toBeGreaterThan(0);
      const added = await post(ApiPath.popularSearchAdd, { keyWord: words });
      expect(envelopeOf(added), cleaned).toMatchObject({ success: true, data: { added: true } });
    }
    await popular.flush();
    const { rows: stored } = await sql<{ tenant_id: number; query_text: string }>`
      SELECT tenant_id, query_text FROM search_log
      WHERE query_text IN ('边缘测试北岭', '三体', '球状闪电')`.execute(t.db.kysely);
    expect(stored).toContainEqual({ tenant_id: other, query_text: '边缘测试北岭' });
    expect(stored.filter((r) => r.tenant_id === here).map((r) => r.query_text)).toEqual(
      expect.arrayContaining(['三体', '球状闪电']),
    );
    expect(stored.filter((r) => hasUnsafeCharacters(r.query_text))).toEqual([]);
  });

  it('get an unknown-institution answer, not a 500, in the mappingPath header', async () => {
    for (const mappingPath of ['%00', `${lib.mappingPath}%00`, '%ED%A0%80']) {
      const res = await t.call({ url: ApiPath.getFindConfig, mappingPath });
      expect(res.statusCode, mappingPath).toBeLessThan(500);
      expect(envelopeOf(res).success, mappingPath).toBe(false);
    }
  });
});

describe('numbers past what the database holds (finding 4)', () => {
  const tooBig = [2 ** 31, '2147483648', 2 ** 53, '99999999999', 1e308];

  it('are refused as record ids of the holdings counts, single and batch', async () => {
    for (const recordId of tooBig) {
      const single = await post(ApiPath.itemCounts, { recordId }, {}, 'en_US');
      expect(single.statusCode, String(recordId)).toBe(400);
      expect(envelopeOf(single).message).toBe(invalid('recordId'));
      const batch = await post(ApiPath.itemCounts, {
        items: [{ recordId: ids.santi }, { recordId }],
      });
      expect(batch.statusCode, String(recordId)).toBe(400);
    }
    // The largest id is a valid id (of no record).
    const last = await post(ApiPath.itemCounts, { recordId: '2147483647' });
    expect(last.statusCode).toBe(200);
  });

  it('are refused in favorites/cancel, record ids and favourite ids alike', async () => {
    for (const body of [
      { recordId: 2 ** 31 },
      { recordIds: [ids.santi, '2147483648'] },
      { favoritesId: 2 ** 53 },
      { favoritesIds: ['99999999999999999'] },
    ]) {
      const res = await post(ApiPath.favoritesCancel, body, reader);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    // A favourite id past int4 is fine (the table's ids are 64-bit): nothing to remove.
    const res = await post(ApiPath.favoritesCancel, { favoritesIds: ['99999999999'] }, reader);
    expect(envelopeOf(res)).toMatchObject({ success: true, data: { removed: 0 } });
  });

  it('are refused as excludeFieldContent of related records; a record id there must be one', async () => {
    for (const excludeFieldContent of [2 ** 31, '2147483648', -1, 'abc', 1.5]) {
      const res = await post(ApiPath.searchForDetail, { excludeField: 'record_id', excludeFieldContent });
      expect(res.statusCode, String(excludeFieldContent)).toBe(400);
    }
    const related = await searchOf(
      await post(ApiPath.searchForDetail, {
        excludeField: 'record_id',
        excludeFieldContent: String(ids.santi),
      }),
    );
    expect(related.searchResult.map((r) => r.title)).toEqual(['球状闪电']);
  });

  it('are refused as bookListId, in the query and in the body', async () => {
    for (const bookListId of ['2147483648', '99999999999']) {
      expect((await get(ApiPath.indexBookList, { bookListId })).statusCode, bookListId).toBe(400);
    }
    expect((await post(ApiPath.indexHotBookList, { bookListId: 2 ** 31 })).statusCode).toBe(400);
    // 0 and absent still mean every list.
    for (const bookListId of ['0', '']) {
      expect(envelopeOf(await get(ApiPath.indexBookList, { bookListId })).success, bookListId).toBe(true);
    }
  });

  it('are refused wherever a record id goes, and a non-numeric record id is still a 400', async () => {
    for (const recordId of ['2147483648', '12a', '1.5', '0', '-1', 'NaN', '1e3']) {
      const res = await get(ApiPath.getDetail, { recordId }, {}, 'en_US');
      expect(res.statusCode, recordId).toBe(400);
      expect(envelopeOf(res).message).toBe(invalid('recordId'));
    }
    // Repeated in the query string it is a list, not an id.
    const twice = await t.call({
      url: `${ApiPath.getDetail}?recordId=${ids.santi}&recordId=2`,
      mappingPath: lib.mappingPath,
    });
    expect(twice.statusCode).toBe(400);
    for (const recordId of [2 ** 31, '2147483648']) {
      expect((await post(ApiPath.groupItems, { recordId })).statusCode).toBe(400);
      expect((await post(ApiPath.addMyFav, { recordId }, reader)).statusCode).toBe(400);
      expect((await post(ApiPath.userComment, { recordId, score: 3 }, reader)).statusCode).toBe(400);
    }
  });

  it('are refused as pages, clamped as page sizes', async () => {
    const page = await post(ApiPath.getHotLoan, { page: '2147483648' });
    expect(page.statusCode).toBe(400);
    const rows = await post(ApiPath.getHotLoan, { rows: '2147483648' });
    expect(envelopeOf(rows).success).toBe(true);
    const search = await post(ApiPath.search, { ...TEMPLATE, searchFieldContent: '三体', rows: 2 ** 31 });
    expect((await searchOf(search)).numFound).toBe(1);
  });
});

describe('deep nesting and other shapes where a value goes', () => {
  it('10,000-level arrays and objects are a 400 where a value is read, and ignored where nothing is', async () => {
    const deepArray = '['.repeat(10_000) + ']'.repeat(10_000);
    const deepObject = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
    const json = { 'content-type': 'application/json' };
    for (const deep of [deepArray, deepObject]) {
      for (const [url, payload] of [
        [ApiPath.search, `{"searchFieldContent":${deep}}`],
        [ApiPath.locationList, `{"campusIds":${deep}}`],
        [ApiPath.itemCounts, `{"items":[{"recordId":${deep}}]}`],
      ] as const) {
        const res = await t.call({ method: 'POST', url, mappingPath: lib.mappingPath, headers: json, body: payload });
        expect(res.statusCode, `${url} ${payload.slice(0, 30)}`).toBe(400);
      }
      // A body that is not an object is refused; an unknown field is not read at all.
      const whole = await t.call({
        method: 'POST',
        url: ApiPath.search,
        mappingPath: lib.mappingPath,
        headers: json,
        body: deep,
      });
      expect(whole.statusCode).toBe(deep === deepArray ? 400 : 200);
      // Fields a call does not read are let through unread (the dictionary takes no parameters).
      const dict = await t.call({
        method: 'POST',
        url: ApiPath.dict,
        mappingPath: lib.mappingPath,
        headers: json,
        body: `{"x":${deep}}`,
      });
      expect(dict.statusCode).toBe(200);
    }
  });
});

describe('a value the database refuses (the safety net behind the contract)', () => {
  it('is a translated 400, logged, while other database failures stay a 500', async () => {
    // The real error handler over the real database, with statements that fail on their values.
    const app = Fastify();
    registerLanguage(app);
    registerErrorHandler(app);
    const statements = {
      nul: sql`SELECT ${'a\u0000b'}::text`,
      int4: sql`SELECT ${'2147483648'}::int`,
      number: sql`SELECT ${'NaN-ish'}::int`,
      regex: sql`SELECT 'a' ~ ${'('}`,
      surrogate: sql`SELECT ${'"\\ud800"'}::jsonb`,
      missing: sql`SELECT * FROM no_such_table`,
    };
    app.get('/find/probe/:name', async (req) => {
      await statements[(req.params as { name: keyof typeof statements }).name].execute(t.db.kysely);
      return {};
    });
    for (const name of ['nul', 'int4', 'number', 'regex', 'surrogate'] as const) {
      for (const [lang, message] of [
        ['en_US', text('en-US', 'valueNotStorable')],
        ['zh_CN', text('zh-CN', 'valueNotStorable')],
        ['zh_HK', text('zh-TW', 'valueNotStorable')],
      ] as const) {
        const res = await app.inject({ url: `/find/probe/${name}`, headers: { 'content-language': lang } });
        expect(res.statusCode, `${name} ${res.body}`).toBe(400);
        expect(res.json(), name).toEqual({ success: false, message, errCode: 400, errorCode: null, data: null });
      }
    }
    expect((await app.inject({ url: '/find/probe/missing' })).statusCode).toBe(500);
    await app.close();
  });
});
