import { MAX_LOCATION_ROWS, SEARCH_REQUEST_TEMPLATE } from '@openfind/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_AUTH, captcha } from './auth-support.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { makeReader, makeRecord, makeTenant, type MadeReader } from './support/factories.js';

/**
 * Clients of the real API (issue 25): the request shapes its web app and public clients send
 * (`../shared/docs/api-contract.md`, the requests named in `../shared/testdata/libsp-api/SOURCES.md`,
 * and a PHP client of a university portal), replayed as they are sent: numbers as strings, flags as
 * 0/1, empty bodies under a JSON content type, page sizes past the maximum. Each is answered
 * (HTTP 200), none refused as invalid.
 */

let t: TestApp;
let id = '';
let reader: MadeReader;

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  // The default institution (the clients send an empty mappingPath), with the demo's 11 locations.
  const { id: tenantId } = await makeTenant(t, { mappingPath: '', libraries: 'demo' });
  id = String(
    await makeRecord(t, tenantId, {
      title: '上瘾',
      authors: ['亚当·奥尔特'],
      subjects: ['心理学'],
      clcClasses: ['B84'],
      isbn: '9787508684031',
      publishYear: '2018',
      publishYearInt: 2018,
      items: [{ callNo: 'B84/1' }],
    }),
  );
  reader = await makeReader(t, tenantId);
}, 180_000);
afterAll(async () => t?.close());

const JSON_UTF8 = { 'content-type': 'application/json;charset=UTF-8' };

/** Sends a request as the client does, with the headers of the real web app. */
function send(method: 'GET' | 'POST', url: string, payload?: string, headers: Record<string, string> = {}) {
  const req: InjectOptions = {
    method,
    url,
    headers: { mappingPath: '', 'x-lang': 'CHI', Referer: 'http://localhost/', ...headers },
  };
  if (payload !== undefined) {
    req.payload = payload;
    req.headers = { ...req.headers, ...JSON_UTF8 };
  }
  return t.app.inject(req);
}

async function expectAnswered(res: Awaited<ReturnType<typeof send>>, what: string) {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBe(200);
  expect(envelopeOf(res).success, `${what}: ${envelopeOf(res).message}`).toBe(true);
}

describe('request shapes of clients of the real API', () => {
  it('groupResource/dict with an empty body under application/json;charset=UTF-8 (the PHP client)', async () => {
    for (const body of ['', ' ', '\r\n', '{}']) {
      const res = await send('POST', '/find/groupResource/dict', body);
      await expectAnswered(res, `dict ${JSON.stringify(body)}`);
      expect(envelopeOf<{ docCode: unknown[] }>(res).data.docCode.length).toBeGreaterThan(0);
    }
  });

  it('every POST call reads an empty JSON body as {}', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const posts = Object.entries(doc.paths).filter(([, methods]) => 'post' in methods);
    expect(posts.length).toBeGreaterThan(40);
    for (const [path] of posts) {
      const res = await send('POST', path, '');
      // Some calls need a record or a login: a business answer or 401, never "not valid JSON".
      expect(envelopeOf(res).message, path).not.toMatch(/JSON/);
      expect(res.statusCode, `${path}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
  });

  it('location/list as the PHP client sends it: 2000 rows clamped, flags 0/1 as numbers or strings', async () => {
    const php = {
      page: 1,
      rows: 2000,
      locationName: '',
      campusIds: [],
      locationTypeCodes: [],
      entrust: 0,
      subscribe: 0,
    };
    const all = await send('POST', '/find/location/list', JSON.stringify(php));
    await expectAnswered(all, 'location/list');
    const data = envelopeOf<{ totalCount: number; donateList: unknown[] }>(all).data;
    expect(data.totalCount).toBe(11);
    expect(data.donateList).toHaveLength(11);
    for (const variant of [
      { ...php, page: '1', rows: '2000', entrust: '0', subscribe: '0' },
      { ...php, entrust: false, subscribe: 'false', campusIds: null, locationTypeCodes: null, locationName: null },
      { page: '', rows: '', entrust: '', subscribe: null },
    ]) {
      const res = await send('POST', '/find/location/list', JSON.stringify(variant));
      await expectAnswered(res, JSON.stringify(variant));
      expect(envelopeOf<{ totalCount: number }>(res).data.totalCount, JSON.stringify(variant)).toBe(11);
    }
    // On is on, however it is written; the filter keeps only the locations that accept it.
    const on = await Promise.all(
      [1, '1', true, 'true'].map(
        async (entrust) =>
          envelopeOf<{ totalCount: number }>(
            await send('POST', '/find/location/list', JSON.stringify({ ...php, entrust })),
          ).data.totalCount,
      ),
    );
    expect(new Set(on).size).toBe(1);
    expect(on[0]).toBeLessThan(11);
    // Strict on meaning: a flag is not a count, a page size not a word.
    for (const bad of [{ entrust: 2 }, { subscribe: 'yes' }, { rows: 'all' }, { rows: 0 }, { page: 0 }]) {
      const res = await send('POST', '/find/location/list', JSON.stringify({ ...php, ...bad }));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    // The clamp is the documented maximum.
    const clamped = await send('POST', '/find/location/list', JSON.stringify({ rows: 100_000, page: 1 }));
    await expectAnswered(clamped, 'rows 100000');
    expect(MAX_LOCATION_ROWS).toBe(500);
  });

  it('the search template of the real web app, with numbers as strings and null arrays', async () => {
    const asSent = { ...SEARCH_REQUEST_TEMPLATE, searchFieldContent: '上瘾' };
    for (const body of [
      asSent,
      { ...asSent, page: '1', rows: '10', indexSearch: '1', matchMode: 2, onlyOnShelf: '0' },
      { ...asSent, docCode: null, libCode: null, publishBegin: '', publishEnd: '2030', onlyOnShelf: 1 },
      { ...asSent, onlyOnShelf: true, rows: 2000 },
    ]) {
      for (const path of ['/find/unify/search', '/find/unify/indexSearch']) {
        const res = await send('POST', path, JSON.stringify(body));
        await expectAnswered(res, `${path} ${JSON.stringify(body).slice(0, 120)}`);
        expect(envelopeOf<{ numFound: number }>(res).data.numFound).toBe(1);
      }
    }
    const advanced = await send(
      'POST',
      '/find/unify/advancedSearch',
      JSON.stringify({
        ...SEARCH_REQUEST_TEMPLATE,
        searchItems: [
          { oper: null, searchField: 'title', matchMode: '2', searchFieldContent: '上瘾' },
          { oper: 'AND', searchField: 'subject', matchMode: 2, searchFieldContent: '心理学' },
        ],
      }),
    );
    await expectAnswered(advanced, 'advancedSearch');
  });

  it('record, holdings and list calls with ids as strings, as the captures were requested', async () => {
    const calls: [string, string, string | undefined][] = [
      ['GET', `/find/searchResultDetail/getBookDetail?recordId=${id}`, undefined],
      ['GET', `/find/searchResultDetail/getDetail?recordId=${id}`, undefined],
      ['POST', '/find/physical/groupItemsByLibCode', JSON.stringify({ recordId: id })],
      [
        'POST',
        '/find/physical/groupitems',
        JSON.stringify({
          page: '1',
          rows: '10',
          entrance: null,
          recordId: id,
          isUnify: true,
          sortType: '1',
          callNo: '',
        }),
      ],
      [
        'POST',
        '/find/unify/searchForDetail',
        JSON.stringify({
          excludeField: 'record_id',
          excludeFieldContent: id,
          subject: '心理学',
          kindNo: 'B84',
          rows: '6',
        }),
      ],
      [
        'POST',
        '/find/unify/getPItemAndOnShelfCountAndDuxiuImageUrl',
        JSON.stringify({ recordId: id, title: '上瘾', isbn: '9787508684031' }),
      ],
      [
        'POST',
        '/find/unify/getPItemAndOnShelfCountAndDuxiuImageUrl',
        JSON.stringify({ items: [{ recordId: id, title: '上瘾', isbn: null }, { recordId: Number(id) }] }),
      ],
      [
        'POST',
        '/find/index/getHotLoan',
        JSON.stringify({
          libCode: '',
          disCode: '',
          statRange: '30',
          page: '1',
          rows: '10',
          sortType: '1',
          classNo: '',
        }),
      ],
      [
        'POST',
        '/find/index/getNewBook',
        JSON.stringify({
          page: 1,
          rows: 10,
          disCode: '',
          callNo: '',
          sortField: 'in_date',
          sortClause: 'desc',
          time: '7',
          docCode: '',
          campusId: [],
          libCode: '',
          locationId: '',
        }),
      ],
      ['POST', '/find/homePage/getGroupCode', JSON.stringify({ mappingPath: '' })],
      ['GET', '/find/groupResource/getFindOpacSearchFieldParaList', undefined],
      ['GET', '/find/category/getConditionList', undefined],
      ['GET', '/find/findConfig/getFindConfig', undefined],
      ['GET', '/find/findConfig/getMenuList', undefined],
    ];
    for (const [method, url, body] of calls) {
      await expectAnswered(await send(method as 'GET' | 'POST', url, body), `${method} ${url} ${body ?? ''}`);
    }
  });

  it('the login shape of the real web app, uid null and numbers where strings go', async () => {
    const c = await captcha(t);
    const res = await send(
      'POST',
      '/oga/login',
      JSON.stringify({
        username: reader.account,
        password: reader.password,
        verifyCode: c.answer,
        codeKey: c.codeKey,
        mappingPath: '',
        nextpath: '/Home',
        uid: null,
      }),
    );
    await expectAnswered(res, 'login');
  });
});
