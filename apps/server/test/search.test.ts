import { ApiPath } from '@openfind/contract';
import type { SearchResponse } from '@openfind/contract';
import { toSimplified } from '@openfind/text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { t as text } from '../src/http/messages.js';
import { createTestApp, type TestApp } from './helpers.js';
import { copy, rec, search, storeTestRecords, titles } from './search-fixtures.js';
import { makeTenant, type MadeTenant } from './support/factories.js';

/**
 * Search over a small catalogue of one institution with the demo institution's libraries (OFU with
 * campuses 1 and 2, OFU-MED with campus 3): relevance, Chinese matching, scopes, match modes,
 * facets, sorting and paging. No test changes the catalogue (the rating test takes its ratings back).
 */
let t: TestApp;
let tenant: MadeTenant;
let ids: Map<string, number>;

/** A search of the test institution, in the real template plus `body`. */
const find = (body: Record<string, unknown>, opts: Parameters<typeof search>[2] = {}) =>
  search(t, body, { tenant, ...opts });

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  tenant = await makeTenant(t, { libraries: 'demo' });
  ids = await storeTestRecords(t, tenant, [
    rec('hlm', {
      title: '红楼梦',
      author: '(清)曹雪芹著',
      authors: ['曹雪芹'],
      publisher: '人民文学出版社',
      publishYear: '1982',
      publishYearInt: 1982,
      isbns: ['9787020002207'],
      clcClasses: ['I242.47'],
      callNumbers: ['I242.47/2'],
      subjects: ['章回小说', '清代'],
      abstract: '中国古典章回体长篇小说的巅峰之作。',
      items: [
        copy({ barcode: 'B1000001', callNo: 'I242.47/2' }),
        copy({
          libCode: 'OFU',
          campusId: '2',
          locationId: '201',
          curLocationId: '201',
          processTypeCode: '412',
          inDate: '2020-05-01',
        }),
      ],
    }),
    rec('hlmyj', {
      title: '紅樓夢研究',
      author: '俞平伯著',
      authors: ['俞平伯'],
      publisher: '中華書局',
      publishYear: '1990',
      publishYearInt: 1990,
      clcClasses: ['I207.411'],
      callNumbers: ['I207.411/8'],
      subjects: ['红楼梦研究'],
      items: [
        copy({
          libCode: 'OFU-MED',
          campusId: '3',
          locationId: '301',
          curLocationId: '302',
          processTypeCode: '412',
          inDate: '2023-03-01',
        }),
      ],
    }),
    rec('sgyy', {
      title: '三国演义',
      author: '(明)罗贯中著',
      authors: ['罗贯中'],
      publisher: '中华书局',
      publishYear: '2005',
      publishYearInt: 2005,
      clcClasses: ['I242.43'],
      callNumbers: ['I242.43/5'],
      subjects: ['章回小说', '明代'],
      abstract: '本书与红楼梦、水浒传、西游记并称四大名著。',
      items: [copy({ inDate: '2022-01-01' })],
    }),
    rec('algo', {
      title: 'Introduction to Algorithms',
      author: 'Thomas H. Cormen ... [et al.]',
      authors: ['Cormen, Thomas H.'],
      publisher: 'MIT Press',
      publishYear: '2009',
      publishYearInt: 2009,
      isbns: ['9780262033848'],
      clcClasses: ['TP301.6'],
      callNumbers: ['TP301.6/C81'],
      subjects: ['Computer algorithms', 'Computer programming'],
      series: ['MIT electrical engineering and computer science series'],
      langCode: 'eng',
      countryCode: 'US',
      links: [{ url: 'https://example.org/algo' }],
    }),
    rec('python', {
      title: 'Python编程：从入门到实践',
      author: '(美)埃里克·马瑟斯著',
      authors: ['马瑟斯'],
      publisher: '人民邮电出版社',
      publishYear: '2016',
      publishYearInt: 2016,
      isbns: ['9787115428028'],
      clcClasses: ['TP311.561'],
      callNumbers: ['TP311.561/M12'],
      subjects: ['软件工具', '程序设计'],
      items: [copy({ barcode: 'B2000001', callNo: 'TP311.561/M12', inDate: '2025-06-01' })],
    }),
    rec('abc', {
      title: 'ＡＢＣ ｏｆ Ｒｅａｄｉｎｇ',
      author: 'Ezra Pound',
      authors: ['Pound, Ezra'],
      publisher: 'New Directions',
      publishYear: '1934',
      publishYearInt: 1934,
      clcClasses: ['I712.065'],
      langCode: 'eng',
      countryCode: 'US',
    }),
    rec('journal', {
      title: '图书馆杂志',
      author: '上海市图书馆学会',
      authors: ['上海市图书馆学会'],
      publisher: '上海市图书馆学会',
      issn: '1000-4254',
      docCode: '2',
      clcClasses: ['G25'],
      publishYear: '1982',
      publishYearInt: 1982,
      items: [copy({ locationId: '103', curLocationId: '103' })],
    }),
    rec('ecole', {
      title: "L'École des Beaux-Arts",
      author: 'Jean Dupont',
      authors: ['Dupont, Jean'],
      publisher: 'Gallimard',
      publishYear: '1999',
      publishYearInt: 1999,
      langCode: 'fre',
      countryCode: 'FR',
      clcClasses: ['J0'],
    }),
    rec('huozhe', {
      title: '活着',
      author: '余华著',
      authors: ['余华'],
      publisher: '作家出版社',
      publishYear: '2012',
      publishYearInt: 2012,
      clcClasses: ['I247.57'],
      subjects: ['长篇小说'],
      items: [copy({ inDate: '2025-09-01' })],
    }),
    rec('huozheyy', {
      title: '活着的意义',
      author: '王明著',
      authors: ['王明'],
      publisher: '中信出版社',
      publishYear: '2020',
      publishYearInt: 2020,
      clcClasses: ['B821'],
      subjects: ['人生哲学'],
    }),
    rec('xiangtu', {
      title: '乡土社会研究',
      author: '费孝通著',
      authors: ['费孝通'],
      publisher: '北京大学出版社',
      publishYear: '1998',
      publishYearInt: 1998,
      clcClasses: ['C912.82'],
      subjects: ['农村社会学', '红楼梦'],
      abstract: '书中以红楼梦为例说明乡土社会的人情。',
      series: ['社会学丛书'],
    }),
    rec('vernacular', {
      sourceKey: 'ocm123|OCoLC',
      title: 'Hong lou meng',
      titleVernacular: '紅樓夢',
      vernacular: { title: '紅樓夢' },
      author: 'Cao, Xueqin',
      authors: ['Cao, Xueqin'],
      publisher: 'Ren min wen xue chu ban she',
      publishYear: '1974',
      publishYearInt: 1974,
      langCode: 'chi',
      clcClasses: ['I242.47'],
    }),
    rec('prc', { title: '中华人民共和国史', authors: ['张明'], clcClasses: ['K27'] }),
    rec('gaolou', { title: '高楼之梦', authors: ['李雷'], clcClasses: ['Z1'] }),
    rec('database', {
      title: 'Database System Concepts',
      author: 'Abraham Silberschatz',
      authors: ['Silberschatz, Abraham'],
      publisher: 'McGraw-Hill',
      publishYear: '2019',
      publishYearInt: 2019,
      langCode: 'eng',
      countryCode: 'US',
      clcClasses: ['TP311.13'],
      series: ['Computer science series'],
    }),
  ]);
  await sql`UPDATE bib_record SET loan_count = CASE title WHEN '三国演义' THEN 50 WHEN '活着' THEN 30 ELSE 1 END WHERE tenant_id = ${tenant.id}`.execute(
    t.db.kysely,
  );
});
afterAll(async () => t?.close());

describe('the response shape', () => {
  it('accepts the real template as sent and answers in the real shape', async () => {
    const data = await find({ searchFieldContent: '红楼梦' });
    expect(data.numFound).toBeGreaterThanOrEqual(3);
    const r = data.searchResult.find((x) => x.title === '红楼梦')!;
    expect(r).toMatchObject({
      recordId: ids.get('hlm'),
      author: '(清)曹雪芹著',
      publisher: '人民文学出版社',
      publishYear: '1982',
      isbn: '9787020002207',
      isbns: ['9787020002207'],
      langCode: 'chi',
      countryCode: 'CN',
      docCode: 1,
      docName: '图书',
      adstract: '中国古典章回体长篇小说的巅峰之作。',
      subjectWord: '章回小说; 清代',
      chiClassNo: ['I242.47'],
      callNo: ['I242.47/2'],
      callNoOne: 'I242.47/2',
      physicalCount: 2,
      onShelfCountI: 1,
      canBrrowCountI: 1,
      eCount: 0,
      dCount: 0,
      discode1: ['05'],
      pic: null,
      inDate: '2020-05-01',
      avgScore: null,
      myFav: false,
      groupRecordIds: [{ recordId: ids.get('hlm'), mdLevel: null }],
    });
    expect(Object.keys(data.facetResult).sort()).toEqual(
      [
        'author',
        'campusId',
        'countryCode',
        'curLocationId',
        'customSub',
        'discode1',
        'docCode',
        'kindNo',
        'langCode',
        'libCode',
        'locationId',
        'publisher',
        'resourceType',
        'subject',
      ].sort(),
    );
    expect(data).toMatchObject({ levelResultList: [], relaxed: false, facetIncluded: true, maxResults: 10000 });
  });

  it('answers an empty result like the real server', async () => {
    const data = await find({ searchFieldContent: '无此书名xyzzy' });
    expect(data).toMatchObject({ numFound: 0, searchResult: [], hlResult: null });
  });

  it('localises docName', async () => {
    const data = await find({ searchFieldContent: '图书馆杂志', searchField: 'title' }, { lang: 'en_US' });
    expect(data.searchResult[0]).toMatchObject({ docCode: 2, docName: 'Journal' });
  });

  it('serves indexSearch, advancedSearch and twiceSearch with the same shape', async () => {
    for (const path of [ApiPath.indexSearch, ApiPath.advancedSearch]) {
      expect(titles(await find({ searchFieldContent: '三国演义' }, { path }))).toContain('三国演义');
    }
  });
});

describe('relevance', () => {
  it('puts the exact title first, then titles, then other fields', async () => {
    const list = titles(await find({ searchFieldContent: '红楼梦' }));
    expect(list[0]).toBe('红楼梦');
    expect(list.indexOf('紅樓夢研究')).toBeLessThan(list.indexOf('乡土社会研究'));
    expect(list.indexOf('紅樓夢研究')).toBeLessThan(list.indexOf('三国演义'));
  });

  it('ranks an exact short title above a longer one starting with it', async () => {
    expect(titles(await find({ searchFieldContent: '活着' })).slice(0, 2)).toEqual(['活着', '活着的意义']);
  });

  it('requires every word by default', async () => {
    const list = titles(await find({ searchFieldContent: '红楼梦 研究' }));
    expect(list).toContain('紅樓夢研究');
    expect(list).toContain('乡土社会研究');
    expect(list).not.toContain('红楼梦');
  });

  it('relaxes to some of the words when no record has all, and says so', async () => {
    const data = await find({ searchFieldContent: '红楼梦 algorithms' }, { lang: 'en_US' });
    expect(data.relaxed).toBe(true);
    expect(data.notice).toBe(text('en-US', 'searchRelaxedNotice'));
    expect(titles(data)).toEqual(expect.arrayContaining(['红楼梦', 'Introduction to Algorithms']));
  });

  it('relaxes too when the words match but nothing in the chosen years, and counts facets within them', async () => {
    const strict = await find({ searchFieldContent: '红楼梦 研究' });
    expect(strict.relaxed).toBe(false);
    expect(strict.searchResult.every((r) => Number(r.publishYear) > 1985)).toBe(true);
    const data = await find({ searchFieldContent: '红楼梦 研究', publishBegin: 1980, publishEnd: 1985 });
    expect(data.relaxed).toBe(true);
    expect(titles(data)).toContain('红楼梦');
    expect(data.searchResult.every((r) => Number(r.publishYear) >= 1980 && Number(r.publishYear) <= 1985)).toBe(true);
    const docCounts = Object.values(data.facetResult.docCode ?? {}) as number[];
    expect(docCounts.reduce((n, c) => n + c, 0)).toBe(data.numFound);
  });

  it('matches quoted phrases as phrases', async () => {
    expect(titles(await find({ searchFieldContent: '"introduction to algorithms"' }))).toEqual([
      'Introduction to Algorithms',
    ]);
    expect((await find({ searchFieldContent: '"algorithms introduction"' })).numFound).toBe(0);
  });

  it('highlights hits in <em> and escapes the rest', async () => {
    const data = await find({ searchFieldContent: '红楼梦' });
    const hl = data.hlResult![String(ids.get('hlm'))]!;
    expect(hl.title).toEqual(['<em>红楼梦</em>']);
    const trad = data.hlResult![String(ids.get('hlmyj'))]!;
    expect(trad.title).toEqual(['<em>紅樓夢</em>研究']);
    const ecole = await find({ searchFieldContent: 'ecole' });
    expect(ecole.hlResult![String(ids.get('ecole'))]!.title).toEqual(['L&#39;<em>École</em> des Beaux-Arts']);
  });
});

describe('Chinese-first matching', () => {
  it('treats Traditional and Simplified alike, both ways', async () => {
    const simp = titles(await find({ searchFieldContent: '红楼梦' })).sort();
    const trad = titles(await find({ searchFieldContent: '紅樓夢' })).sort();
    expect(trad).toEqual(simp);
    expect(simp).toContain('紅樓夢研究');
    const a = await find({ searchFieldContent: '中華書局', searchField: 'publisher' });
    const b = await find({ searchFieldContent: '中华书局', searchField: 'publisher' });
    expect(titles(a).sort()).toEqual(['三国演义', '紅樓夢研究']);
    expect(titles(b).sort()).toEqual(titles(a).sort());
  });

  it('finds words and single characters', async () => {
    expect(titles(await find({ searchFieldContent: '编程' }))).toContain('Python编程：从入门到实践');
    expect(titles(await find({ searchFieldContent: '梦' }))).toContain('红楼梦');
    expect(titles(await find({ searchFieldContent: '入门到实践' }))).toContain('Python编程：从入门到实践');
  });

  it('falls back to characters for words segmented differently, and keeps undivided characters together', async () => {
    expect(titles(await find({ searchFieldContent: '人民共和国' }))).toEqual(['中华人民共和国史']);
    const loumeng = titles(await find({ searchFieldContent: '楼梦' }));
    expect(loumeng).toContain('红楼梦');
    expect(loumeng).not.toContain('高楼之梦');
  });

  it('finds titles by full pinyin and by initials', async () => {
    expect(titles(await find({ searchFieldContent: 'hongloumeng' }))).toContain('红楼梦');
    expect(titles(await find({ searchFieldContent: 'hlm' }))).toContain('红楼梦');
    expect(titles(await find({ searchFieldContent: 'hong lou meng' }))).toContain('红楼梦');
    // A title that begins with the word, or holds it, is found by the word's pinyin too.
    expect(titles(await find({ searchFieldContent: 'hongloumeng' }))).toContain('紅樓夢研究');
    expect(titles(await find({ searchFieldContent: 'hlm' }))).toContain('紅樓夢研究');
    const data = await find({ searchFieldContent: 'hongloumeng' });
    expect(data.hlResult![String(ids.get('hlm'))]!.title).toEqual(['<em>红楼梦</em>']);
  });

  it('matches mixed Chinese and Latin', async () => {
    expect(titles(await find({ searchFieldContent: 'Python编程' }))).toEqual(['Python编程：从入门到实践']);
    expect(titles(await find({ searchFieldContent: 'python 入门' }))).toEqual(['Python编程：从入门到实践']);
  });

  it('folds full width, case and punctuation', async () => {
    expect(titles(await find({ searchFieldContent: 'abc of reading' }))).toEqual(['ＡＢＣ ｏｆ Ｒｅａｄｉｎｇ']);
    expect(titles(await find({ searchFieldContent: 'ＰＹＴＨＯＮ' }))).toEqual(['Python编程：从入门到实践']);
    expect(titles(await find({ searchFieldContent: 'beaux arts' }))).toEqual(["L'École des Beaux-Arts"]);
    expect(titles(await find({ searchFieldContent: '红楼梦！' }))).toContain('红楼梦');
  });

  it('finds a record by its vernacular (880) and its romanised title, and shows the vernacular first', async () => {
    const romanized = (data: SearchResponse) => data.searchResult.map((r) => r.titleRomanized);
    expect(titles(await find({ searchFieldContent: '红楼梦' }))).toContain('紅樓夢');
    const byPinyin = await find({ searchFieldContent: 'hong lou meng', searchField: 'title' });
    expect(titles(byPinyin)).toContain('紅樓夢');
    expect(romanized(byPinyin)).toContain('Hong lou meng');
  });
});

describe('scopes', () => {
  const scope = async (searchField: string, searchFieldContent: string, matchMode = '2') =>
    titles(await find({ searchField, searchFieldContent, matchMode })).sort();
  const same = (list: string[]) => [...list].sort();

  it('title looks only at titles', async () => {
    expect(await scope('title', '红楼梦')).toEqual(same(['紅樓夢', '红楼梦', '紅樓夢研究']));
  });

  it('author looks only at names', async () => {
    expect(await scope('author', '曹雪芹')).toEqual(same(['红楼梦']));
    expect(await scope('author', 'cormen')).toEqual(same(['Introduction to Algorithms']));
    expect(await scope('author', '红楼梦')).toEqual(same([]));
  });

  it('subject looks only at subject headings, series only at series', async () => {
    expect(await scope('subject', '章回小说')).toEqual(same(['三国演义', '红楼梦']));
    expect(await scope('subject', '社会学')).toEqual(same(['乡土社会研究']));
    expect(await scope('series', '社会学')).toEqual(same(['乡土社会研究']));
    expect(await scope('series', 'computer science')).toEqual(
      same(['Database System Concepts', 'Introduction to Algorithms']),
    );
    expect(await scope('subject', 'series')).toEqual(same([]));
    const relaxed = await find({ searchField: 'subject', searchFieldContent: 'computer science' });
    expect(relaxed).toMatchObject({ relaxed: true, numFound: 1 });
    expect(await scope('subjectWord', '红楼梦')).toEqual(same(['乡土社会研究', '紅樓夢研究']));
  });

  it('publisher and abstract look at those fields only', async () => {
    expect(await scope('publisher', '人民文学')).toEqual(same(['红楼梦']));
    expect(await scope('abstract', '四大名著')).toEqual(same(['三国演义']));
    expect(await scope('abstract', '红楼梦')).toEqual(same(['三国演义', '乡土社会研究']));
  });

  it('journal name finds journals by title', async () => {
    expect(await scope('periName', '图书馆')).toEqual(same(['图书馆杂志']));
  });

  it('institution and author institution find corporate names', async () => {
    expect(await scope('institution', '图书馆学会')).toEqual(same(['图书馆杂志']));
    expect(await scope('authorUnit', '上海市图书馆学会')).toEqual(same(['图书馆杂志']));
  });

  it('class number by prefix', async () => {
    expect(await scope('kindNo', 'I242')).toEqual(same(['紅樓夢', '三国演义', '红楼梦']));
    expect(await scope('kindNo', 'i242.4', '3')).toEqual(same(['紅樓夢', '三国演义', '红楼梦']));
    expect(await scope('kindNo', 'I242.47', '1')).toEqual(same(['紅樓夢', '红楼梦']));
    expect(await scope('kindNo', '.47', '4')).toEqual(same(['紅樓夢', '红楼梦']));
  });

  it('call number by prefix, on the record and on its items', async () => {
    expect(await scope('callNo', 'TP3')).toEqual(same(['Introduction to Algorithms', 'Python编程：从入门到实践']));
    expect(await scope('callNo', 'I242.47/2', '1')).toEqual(same(['红楼梦']));
    expect(await scope('callNo', '/M12', '4')).toEqual(same(['Python编程：从入门到实践']));
  });

  it('barcode finds the record of an item', async () => {
    expect(await scope('barcode', 'B1000001')).toEqual(same(['红楼梦']));
    expect(await scope('barcode', 'B2000', '3')).toEqual(same(['Python编程：从入门到实践']));
    expect(await scope('barcode', 'B10', '1')).toEqual(same([]));
  });

  it('ISBN with or without hyphens, 10 or 13 digits', async () => {
    for (const q of ['9787020002207', '978-7-02-000220-7', '7-02-000220-X', '702000220x']) {
      expect(await scope('isbn', q), q).toEqual(same(['红楼梦']));
    }
    expect(await scope('isbn', '978711', '3')).toEqual(same(['Python编程：从入门到实践']));
    expect(await scope('keyWord', '978-7-115-42802-8')).toEqual(same(['Python编程：从入门到实践']));
  });

  it('ISSN and standard numbers', async () => {
    expect(await scope('issn', '1000-4254')).toEqual(same(['图书馆杂志']));
    expect(await scope('issn', '10004254')).toEqual(same(['图书馆杂志']));
    expect(await scope('toolNumber', '1000-4254')).toEqual(same(['图书馆杂志']));
    expect(await scope('toolNumber', '9780262033848')).toEqual(same(['Introduction to Algorithms']));
  });

  it('unified book number as a phrase anywhere', async () => {
    expect(await scope('uniformBookNo', '上海市图书馆学会')).toEqual(same(['图书馆杂志']));
  });

  it('any word matches records with any of the words', async () => {
    expect(await scope('anyWord', '活着 algorithms')).toEqual(
      same(['Introduction to Algorithms', '活着', '活着的意义']),
    );
  });
});

describe('match modes', () => {
  const mode = async (matchMode: string, searchFieldContent: string, searchField = 'title') =>
    titles(await find({ searchField, searchFieldContent, matchMode })).sort();
  const same = (list: string[]) => [...list].sort();

  it('1 exact: the whole title or title proper', async () => {
    expect(await mode('1', '活着')).toEqual(same(['活着']));
    expect(await mode('1', '紅樓夢')).toEqual(same(['紅樓夢', '红楼梦']));
    expect(await mode('1', 'python编程')).toEqual(same(['Python编程：从入门到实践']));
    expect(await mode('1', '曹雪芹', 'author')).toEqual(same(['红楼梦']));
  });

  it('2 any order (default)', async () => {
    expect(await mode('2', '实践 python')).toEqual(same(['Python编程：从入门到实践']));
  });

  it('3 prefix', async () => {
    expect(await mode('3', '活着')).toEqual(same(['活着', '活着的意义']));
    expect(await mode('3', 'introduction to algo')).toEqual(same(['Introduction to Algorithms']));
    expect(await mode('3', '意义')).toEqual(same([]));
  });

  it('4 suffix', async () => {
    expect(await mode('4', '的意义')).toEqual(same(['活着的意义']));
    expect(await mode('4', '研究')).toEqual(same(['乡土社会研究', '紅樓夢研究']));
    expect(await mode('4', '活着')).toEqual(same(['活着']));
  });
});

describe('advanced and twice search', () => {
  const adv = async (searchItems: unknown[]) =>
    titles(await find({ searchItems }, { path: ApiPath.advancedSearch })).sort();

  it('joins items with AND, OR and NOT, left to right, each with its field and mode', async () => {
    expect(
      await adv([
        { oper: null, searchField: 'subject', matchMode: '2', searchFieldContent: '章回小说' },
        { oper: 'AND', searchField: 'author', matchMode: '2', searchFieldContent: '曹雪芹' },
      ]),
    ).toEqual(['红楼梦']);
    expect(
      await adv([
        { oper: null, searchField: 'title', matchMode: '1', searchFieldContent: '活着' },
        { oper: 'OR', searchField: 'isbn', matchMode: '1', searchFieldContent: '9780262033848' },
      ]),
    ).toEqual(['Introduction to Algorithms', '活着']);
    expect(
      await adv([
        { oper: null, searchField: 'kindNo', matchMode: '3', searchFieldContent: 'I24' },
        { oper: 'NOT', searchField: 'title', matchMode: '2', searchFieldContent: '红楼梦' },
      ]),
    ).toEqual(['三国演义', '活着']);
    expect(
      await adv([
        { oper: null, searchField: 'keyWord', matchMode: '2', searchFieldContent: '' },
        { oper: 'AND', searchField: 'publisher', matchMode: '2', searchFieldContent: '中华书局' },
      ]),
    ).toEqual(['三国演义', '紅樓夢研究']);
  });

  it('searches within results', async () => {
    const data = await find(
      { searchFieldContent: '红楼梦', twiceSearchFieldContent: '研究', twiceSearchField: 'title' },
      { path: ApiPath.twiceSearch },
    );
    expect(titles(data).sort()).toEqual(['乡土社会研究', '紅樓夢研究'].sort());
  });
});

describe('filters and facets', () => {
  it('counts facets over the whole result', async () => {
    const data = await find({ searchFieldContent: '红楼梦' });
    expect(data.facetResult.docCode).toEqual({ '1': data.numFound });
    expect(data.facetResult.libCode).toEqual({ OFU: 2, 'OFU-MED': 1 });
    expect(data.facetResult.kindNo).toMatchObject({ I: data.numFound - 1, C: 1 });
    expect(data.facetResult.customSub).toEqual({});
  });

  it('ORs the values of a dimension and ANDs dimensions; each dimension counts without its own filter', async () => {
    const all = await find({ searchFieldContent: '红楼梦' });
    const one = await find({ searchFieldContent: '红楼梦', libCode: ['OFU-MED'] });
    expect(titles(one)).toEqual(['紅樓夢研究']);
    expect(one.facetResult.libCode).toEqual(all.facetResult.libCode);
    expect(one.facetResult.docCode).toEqual({ '1': 1 });
    const both = await find({ searchFieldContent: '红楼梦', libCode: ['OFU-MED', 'OFU'] });
    expect(both.numFound).toBe(3);
    const and = await find({ searchFieldContent: '红楼梦', libCode: ['OFU'], publisher: ['中华书局'] });
    expect(titles(and)).toEqual(['三国演义']);
    // 紅樓夢研究 is published by 中華書局: one publisher with 中华书局, shown in the form met first.
    const publishers = Object.entries(and.facetResult.publisher ?? {}).map(([k, n]) => [toSimplified(k), n]);
    expect(Object.fromEntries(publishers)).toEqual({ 中华书局: 1, 人民文学出版社: 1 });
    // Libraries count under the publisher filter, which takes both forms: 紅樓夢研究 is in OFU-MED.
    expect(and.facetResult.libCode).toEqual({ OFU: 1, 'OFU-MED': 1 });
  });

  it('filters by every dimension', async () => {
    const browse = async (f: Record<string, unknown>) => titles(await find(f)).sort();
    expect(await browse({ docCode: ['2'] })).toEqual(['图书馆杂志']);
    expect(await browse({ resourceType: ['2'] })).toEqual(['Introduction to Algorithms']);
    expect(await browse({ campusId: ['3'] })).toEqual(['紅樓夢研究']);
    expect(await browse({ locationId: ['103'] })).toEqual(['图书馆杂志']);
    expect(await browse({ curLocationId: ['302'] })).toEqual(['紅樓夢研究']);
    expect(await browse({ langCode: ['fre'] })).toEqual(["L'École des Beaux-Arts"]);
    expect(await browse({ countryCode: ['FR'] })).toEqual(["L'École des Beaux-Arts"]);
    expect(await browse({ discode1: ['08'], langCode: ['eng'] })).toEqual([
      'Database System Concepts',
      'Introduction to Algorithms',
    ]);
    expect(await browse({ kindNo: ['TP'] })).toEqual([
      'Database System Concepts',
      'Introduction to Algorithms',
      'Python编程：从入门到实践',
    ]);
    expect(await browse({ kindNo: 'I242.4' })).toEqual(['三国演义', '紅樓夢', '红楼梦']);
    expect(await browse({ author: ['余华'] })).toEqual(['活着']);
    expect(await browse({ subject: ['人生哲学'] })).toEqual(['活着的意义']);
    expect(await browse({ publisher: ['MIT Press', 'Gallimard'] })).toEqual([
      'Introduction to Algorithms',
      "L'École des Beaux-Arts",
    ]);
    expect(await browse({ publishBegin: '2015', publishEnd: 2020 })).toEqual([
      'Database System Concepts',
      'Python编程：从入门到实践',
      '活着的意义',
    ]);
    expect(await browse({ publishBegin: '2020', publishEnd: '2015' })).toHaveLength(3);
    expect(await browse({ searchFieldContent: '红楼梦', onlyOnShelf: true })).toEqual(['三国演义', '红楼梦']);
    expect(await browse({ eCollectionIds: ['db1'], docCode: ['1'] })).toEqual([]);
  });
});

describe('sorting', () => {
  const sorted = async (sortField: string, sortClause: string, body: Record<string, unknown> = { kindNo: ['I2'] }) =>
    titles(await find({ ...body, sortField, sortClause }));

  it('by publication year, both ways', async () => {
    expect(await sorted('publishYear', 'asc')).toEqual(['紅樓夢', '红楼梦', '紅樓夢研究', '三国演义', '活着']);
    expect(await sorted('publishYear', 'desc')).toEqual(['活着', '三国演义', '紅樓夢研究', '红楼梦', '紅樓夢']);
  });

  it('by title, Chinese by pinyin', async () => {
    expect(await sorted('title', 'asc')).toEqual(['紅樓夢', '红楼梦', '紅樓夢研究', '活着', '三国演义']);
  });

  it('by author, new arrivals, call number, popularity and rating', async () => {
    // By pinyin: 曹雪芹 and Cao, Xueqin (C), 罗贯中 (L), 余华 and 俞平伯 (Y).
    expect(await sorted('author', 'asc')).toEqual(['紅樓夢', '红楼梦', '三国演义', '活着', '紅樓夢研究']);
    expect(await sorted('author', 'desc')).toEqual(['紅樓夢研究', '活着', '三国演义', '红楼梦', '紅樓夢']);
    expect(await sorted('inDate', 'desc')).toEqual(['活着', '紅樓夢研究', '三国演义', '红楼梦', '紅樓夢']);
    expect((await sorted('callNo', 'asc')).slice(0, 3)).toEqual(['紅樓夢研究', '三国演义', '红楼梦']);
    expect((await sorted('loanCount', 'desc')).slice(0, 2)).toEqual(['三国演义', '活着']);
  });

  it("by rating: the readers' mean rating, kept on the record as ratings come and go; unrated last", async () => {
    const tenantId = tenant.id;
    const rate = (key: string, readerId: number, score: number) =>
      t.services.evaluations.comment(
        tenantId,
        { id: readerId, name: 'r' },
        { recordId: ids.get(key)!, content: '', score },
      );
    const summary = async (key: string) =>
      (
        await sql<{ rating_sum: number; rating_count: number }>`
          SELECT rating_sum, rating_count FROM bib_record WHERE record_id = ${ids.get(key)!}`.execute(t.db.kysely)
      ).rows[0];
    try {
      await rate('huozhe', 1, 5);
      await rate('huozhe', 2, 5);
      await rate('hlm', 1, 4);
      await rate('hlm', 2, 3);
      await rate('sgyy', 1, 4);
      const desc = await sorted('avgScore', 'desc');
      expect(desc.slice(0, 3)).toEqual(['活着', '三国演义', '红楼梦']);
      expect(desc.slice(3).sort()).toEqual(['紅樓夢', '紅樓夢研究']);
      expect((await sorted('avgScore', 'asc')).slice(0, 3)).toEqual(['红楼梦', '三国演义', '活着']);
      const rows = (await find({ kindNo: ['I2'], sortField: 'avgScore', sortClause: 'desc' })).searchResult;
      expect(rows.map((r) => r.avgScore)).toEqual([5, 4, 3.5, null, null]);

      // A reader changing a rating replaces it; ten readers rating at once all count.
      await rate('hlm', 2, 5);
      expect(await summary('hlm')).toEqual({ rating_sum: 9, rating_count: 2 });
      await Promise.all(Array.from({ length: 10 }, (_, i) => rate('xiangtu', 100 + i, (i % 5) + 1)));
      expect(await summary('xiangtu')).toEqual({ rating_sum: 30, rating_count: 10 });
      await sql`DELETE FROM record_rating WHERE record_id = ${ids.get('hlm')!} AND reader_id = 1`.execute(t.db.kysely);
      expect(await summary('hlm')).toEqual({ rating_sum: 5, rating_count: 1 });
    } finally {
      await sql`DELETE FROM record_rating WHERE tenant_id = ${tenantId}`.execute(t.db.kysely);
    }
    expect(await summary('huozhe')).toEqual({ rating_sum: 0, rating_count: 0 });
  });
});

describe('paging', () => {
  it('pages through results', async () => {
    const all = titles(await find({ kindNo: ['I', 'T', 'C', 'B', 'G', 'J'], rows: 100, sortField: 'title' }));
    const p1 = titles(await find({ kindNo: ['I', 'T', 'C', 'B', 'G', 'J'], rows: 5, page: 1, sortField: 'title' }));
    const p2 = titles(await find({ kindNo: ['I', 'T', 'C', 'B', 'G', 'J'], rows: 5, page: 2, sortField: 'title' }));
    expect([...p1, ...p2]).toEqual(all.slice(0, 10));
  });

  it('clamps rows and accepts numbers as strings', async () => {
    const data = await find({ kindNo: ['I'], rows: '10000', page: '1' });
    expect(data.searchResult.length).toBe(data.numFound);
  });
});
