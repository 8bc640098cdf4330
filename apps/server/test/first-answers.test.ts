import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '@openfind/contract';
import { firstCalls, mappingPathOf, screenCalls } from '../src/http/first-answers.js';
import { loadRoutePreloads, routePattern } from '../src/http/route-preloads.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { makeRecord, makeTenant, type MadeTenant } from './support/factories.js';
import { tempDir } from './temp-dirs.js';

/** The answers block of a served page, parsed; null when the page has none. */
function firstAnswersOf(html: string): {
  lang: string;
  answers: { method: string; path: string; input?: object; anonymous?: boolean; data: unknown }[];
} | null {
  const m = /<script type="application\/json" id="of-first-answers">([\s\S]*?)<\/script>/.exec(html);
  return m ? JSON.parse(m[1]!) : null;
}

let t: TestApp;
let home: MadeTenant;
let branch: MadeTenant;
beforeAll(async () => {
  const webDist = tempDir('openfind-web-');
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>OpenFind</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ seed: false, webDist });
  home = await makeTenant(t, { mappingPath: '', libraries: 'demo' });
  branch = await makeTenant(t, { mappingPath: 'branch', name: '分馆</script><script>alert(1)</script>' });
});
afterAll(async () => t.close());

/** What a call answers when the web app makes it for `tenant` in `lang`. */
async function answerOf(
  tenant: MadeTenant,
  call: { method: string; path: string; input?: object },
  lang: 'zh_CN' | 'en_US',
) {
  const res = await t.call({
    method: call.method as 'GET' | 'POST',
    url: call.path,
    mappingPath: tenant.mappingPath,
    groupCode: tenant.groupCode,
    lang,
    ...(call.method === 'POST' ? { body: call.input ?? {} } : { query: (call.input ?? {}) as Record<string, string> }),
  });
  return envelopeOf(res).data;
}

describe('a page carries the answers of its first calls (issue 31)', () => {
  it('the default institution: the tenant, site configuration, menus, logo, parameters and libraries, as the calls answer', async () => {
    const res = await t.app.inject({ url: '/searchList/bookDetails/5' });
    expect(res.statusCode).toBe(200);
    const first = firstAnswersOf(res.body);
    expect(first?.lang).toBe('zh-CN');
    expect(first!.answers.map((a) => a.path)).toEqual([
      ApiPath.getGroupCode,
      ApiPath.getFindConfig,
      ApiPath.getMenuList,
      ApiPath.getLogoUrl,
      ApiPath.institutionGet,
      ApiPath.getLibraryList,
    ]);
    expect(first!.answers[0]!.input).toEqual({ mappingPath: '' });
    for (const answer of first!.answers) expect(answer.data).toEqual(await answerOf(home, answer, 'zh_CN'));
  });

  it("another institution's page carries its own answers; the block cannot be closed by what a name holds", async () => {
    const res = await t.app.inject({ url: '/branch/Home' });
    const first = firstAnswersOf(res.body)!;
    expect(first.answers[0]!.input).toEqual({ mappingPath: 'branch' });
    expect((first.answers[0]!.data as { groupCode: string }).groupCode).toBe(branch.groupCode);
    expect(res.body).not.toContain('<script>alert(1)');
    expect((first.answers[0]!.data as { name: string }).name).toBe(branch.name);
  });

  it('in the language of the cookie the web app keeps for the server', async () => {
    const res = await t.app.inject({ url: '/Home', cookies: { of_lang: 'en-US' } });
    const first = firstAnswersOf(res.body)!;
    expect(first.lang).toBe('en-US');
    const libraries = first.answers.find((a) => a.path === ApiPath.getLibraryList)!;
    expect(libraries.data).toEqual(await answerOf(home, libraries, 'en_US'));
    expect(libraries.data).not.toEqual(await answerOf(home, libraries, 'zh_CN'));
    // An unknown value is the default language, not an error.
    const odd = await t.app.inject({ url: '/Home', cookies: { of_lang: 'xx"><' } });
    expect(firstAnswersOf(odd.body)!.lang).toBe('zh-CN');
  });

  it('an unknown institution gets the page without answers (the app asks, and explains)', async () => {
    const res = await t.app.inject({ url: '/nowhere/Home' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(firstAnswersOf(res.body)).toBeNull();
  });

  it("the record page also carries the record's details, as a visitor sees them", async () => {
    const recordId = await makeRecord(t, branch.id, { title: '红楼梦' });
    const res = await t.app.inject({ url: `/branch/searchList/bookDetails/${recordId}` });
    const detail = firstAnswersOf(res.body)!.answers.find((a) => a.path === ApiPath.getDetail)!;
    expect(detail.input).toEqual({ recordId: String(recordId) });
    expect(detail.anonymous).toBe(true);
    expect(detail.data).toEqual(await answerOf(branch, detail, 'zh_CN'));
    expect((detail.data as { baseMarcInfoDto: { title: string } }).baseMarcInfoDto.title).toBe('红楼梦');
    // Another institution's record is not found there: no answer, the app asks and shows not-found.
    const elsewhere = await t.app.inject({ url: `/searchList/bookDetails/${recordId}` });
    const answers = firstAnswersOf(elsewhere.body)!.answers;
    expect(answers.map((a) => a.path)).not.toContain(ApiPath.getDetail);
    expect(answers).toHaveLength(6);
  });

  it('the results page carries its page of results and its facet counts, as a visitor sees them', async () => {
    await makeRecord(t, branch.id, { title: '水浒传' });
    const url = `/branch/searchList?searchFieldContent=${encodeURIComponent('水浒传')}&sortField=title&rows=20`;
    const answers = firstAnswersOf((await t.app.inject({ url })).body)!.answers;
    const [page, facets] = answers.filter((a) => a.path === ApiPath.search);
    expect(page?.input).toMatchObject({ searchFieldContent: '水浒传', facet: '0', rows: 20, sortField: 'title' });
    expect(facets?.input).toMatchObject({ searchFieldContent: '水浒传', facet: 'only', rows: 1 });
    for (const answer of [page!, facets!]) {
      expect(answer.anonymous).toBe(true);
      expect(answer.data).toEqual(await answerOf(branch, answer, 'zh_CN'));
    }
    expect((page!.data as { numFound: number }).numFound).toBe(1);
  });

  it("the page's search is the visitor's: it counts among the popular searches for their address, not the server's", async () => {
    await makeRecord(t, branch.id, { title: '西游记' });
    const text = encodeURIComponent('西游记');
    await t.app.inject({ url: `/branch/searchList?searchFieldContent=${text}`, remoteAddress: '203.0.113.7' });
    const addedFrom = async (address: string) => {
      const res = await t.app.inject({
        url: `${ApiPath.popularSearchAdd}?keyWord=${text}`,
        headers: { mappingPath: branch.mappingPath },
        remoteAddress: address,
      });
      return envelopeOf<{ added: boolean }>(res).data.added;
    };
    expect(await addedFrom('203.0.113.7')).toBe(true);
    expect(await addedFrom('127.0.0.1')).toBe(false);
  });

  it('a results URL with an advanced search or terms within the results carries the call it makes', () => {
    const row = encodeURIComponent(JSON.stringify([null, 'title', '2', '红楼梦']));
    expect(screenCalls(`/searchList?item=${row}`).map((c) => c.path)).toEqual([
      ApiPath.advancedSearch,
      ApiPath.advancedSearch,
    ]);
    expect(screenCalls('/searchList?searchFieldContent=a&within=b').map((c) => c.path)).toEqual([
      ApiPath.twiceSearch,
      ApiPath.twiceSearch,
    ]);
    // Nothing asked: the page shows its empty state without a call.
    expect(screenCalls('/searchList')).toEqual([]);
    expect(screenCalls('/searchList?searchFieldContent=%20')).toEqual([]);
    expect(screenCalls('/searchList/x?searchFieldContent=a')).toEqual([]);
  });

  it('a results URL the search refuses (too long) gets the page without that answer; the app asks and explains', async () => {
    const res = await t.app.inject({ url: `/searchList?searchFieldContent=${'长'.repeat(400)}` });
    const answers = firstAnswersOf(res.body)!.answers;
    expect(answers.map((a) => a.path)).not.toContain(ApiPath.search);
    expect(answers).toHaveLength(6);
  });

  it('only a record id the contract takes is asked for', () => {
    expect(screenCalls('/searchList/bookDetails/12/1/2')).toEqual([]);
    expect(screenCalls('/searchList/bookDetails/12/1')).toHaveLength(1);
    expect(screenCalls('/x/searchList/bookDetails/12')).toHaveLength(1);
    for (const url of [
      '/searchList/bookDetails/0',
      '/searchList/bookDetails/012',
      '/searchList/bookDetails/2147483648',
      '/searchList/bookDetails/1e3',
      '/searchList/bookDetails/',
      '/searchList?recordId=5',
      '/Home',
    ])
      expect(screenCalls(url), url).toEqual([]);
  });

  it('the page is not cached by shared caches across languages or institutions', async () => {
    const res = await t.app.inject({ url: '/Home', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers.vary)).toContain('cookie');
  });
});

describe('the log of a page with its answers', () => {
  it('shows the page once, not the calls made for it; an outside request cannot hide itself so', async () => {
    const lines: string[] = [];
    const webDist = tempDir('openfind-web-');
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    const logged = await createTestApp({
      seed: false,
      webDist,
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      await makeTenant(logged, { mappingPath: '' });
      const page = await logged.app.inject({ url: '/Home' });
      expect(firstAnswersOf(page.body)?.answers).toHaveLength(6);
      const urls = lines.map((l) => JSON.parse(l) as { req?: { url?: string } }).flatMap((l) => l.req?.url ?? []);
      expect(urls).toEqual(['/Home']);
      lines.length = 0;
      await logged.app.inject({
        url: ApiPath.getFindConfig,
        headers: { 'x-openfind-first-answer': '1', mappingPath: '' },
      });
      expect(lines.join('')).toContain(ApiPath.getFindConfig);
    } finally {
      await logged.close();
    }
  });
});

describe('mappingPathOf', () => {
  it('reads the institution from the first segment unless it is one of the app’s own routes', () => {
    expect(mappingPathOf('/Home')).toBe('');
    expect(mappingPathOf('/searchList?searchFieldContent=x')).toBe('');
    expect(mappingPathOf('/beiling/Home')).toBe('beiling');
    expect(mappingPathOf('/beiling')).toBe('beiling');
    expect(mappingPathOf('/%E0%A4%A/Home')).toBe('');
    expect(firstCalls('x')[0]!.input).toEqual({ mappingPath: 'x' });
  });
});

describe('the screen code a page names for preloading', () => {
  const dist = () => {
    const webDist = tempDir('openfind-web-');
    writeFileSync(
      path.join(webDist, 'route-preloads.json'),
      JSON.stringify({
        routes: [
          {
            path: '/searchList/bookDetails/:id/:type?',
            files: ['assets/RecordPage-1.js', 'assets/Tabs-2.js'],
            byLang: {
              'zh-CN': ['assets/record-cn.js'],
              'zh-TW': ['assets/record-tw.js'],
              'en-US': ['assets/record-en.js'],
            },
          },
          { path: '/searchList', files: ['assets/Results-3.js'], byLang: { 'zh-CN': ['assets/search-cn.js'] } },
        ],
        startup: {
          'zh-CN': ['assets/common-cn.js'],
          'zh-TW': ['assets/common-tw.js'],
          'en-US': ['assets/common-en.js'],
        },
      }),
    );
    return webDist;
  };
  const hrefs = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  it("names the screen's code and its texts in the page's language, under any institution's path", () => {
    const preloadsOf = loadRoutePreloads(dist());
    expect(hrefs(preloadsOf('/searchList/bookDetails/5', 'zh-CN'))).toEqual([
      '/assets/common-cn.js',
      '/assets/RecordPage-1.js',
      '/assets/Tabs-2.js',
      '/assets/record-cn.js',
    ]);
    expect(hrefs(preloadsOf('/beiling/searchList/bookDetails/5/2?x=1', 'en-US'))).toEqual([
      '/assets/common-en.js',
      '/assets/RecordPage-1.js',
      '/assets/Tabs-2.js',
      '/assets/record-en.js',
    ]);
    expect(hrefs(preloadsOf('/searchList?searchFieldContent=%E4%B8%AD', 'zh-CN'))).toEqual([
      '/assets/common-cn.js',
      '/assets/Results-3.js',
      '/assets/search-cn.js',
    ]);
  });

  it('names only the start-up texts for other screens and odd paths, nothing for a build without the list', () => {
    const preloadsOf = loadRoutePreloads(dist());
    for (const url of ['/Home', '/searchList/bookDetails', '/searchList/bookDetails/5/2/3', '/%E0%A4%A'])
      expect(hrefs(preloadsOf(url, 'zh-TW')), url).toEqual(['/assets/common-tw.js']);
    expect(loadRoutePreloads(tempDir('openfind-web-'))('/searchList', 'zh-CN')).toBe('');
  });

  it('reads routes of the spec table as patterns', () => {
    expect(routePattern('/searchList/bookDetails/:id/:type?').test('/searchList/bookDetails/5')).toBe(true);
    expect(routePattern('/searchList/bookDetails/:id/:type?').test('/searchList/bookDetails/5/1')).toBe(true);
    expect(routePattern('/searchList/bookDetails/:id/:type?').test('/searchList/bookDetails')).toBe(false);
    expect(routePattern('/Home').test('/Home/')).toBe(true);
    expect(routePattern('/Home').test('/home')).toBe(false);
    expect(routePattern('/a.b').test('/aXb')).toBe(false);
  });

  it('the served page holds the links', async () => {
    const webDist = dist();
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    const app = await createTestApp({ seed: false, webDist });
    try {
      await makeTenant(app, { mappingPath: '' });
      const page = await app.app.inject({ url: '/searchList/bookDetails/7', cookies: { of_lang: 'zh-TW' } });
      expect(hrefs(page.body)).toEqual([
        '/assets/common-tw.js',
        '/assets/RecordPage-1.js',
        '/assets/Tabs-2.js',
        '/assets/record-tw.js',
      ]);
    } finally {
      await app.close();
    }
  });
});
