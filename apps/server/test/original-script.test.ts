import { ApiPath } from '@openfind/contract';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookDetail, RecordDetail, SearchRecord } from '@openfind/contract';
import { importFile } from '../src/modules/catalogue/import/import-file.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { search } from './search-fixtures.js';
import { makeTenant, type MadeTenant } from './support/factories.js';
import { concat, marc21 } from './support/marc-fixtures.js';
import { tempDir } from './temp-dirs.js';

/**
 * Records catalogued in romanised form with their original script in paired 880s (CJK, Hebrew
 * written right to left, Cyrillic), imported through the real import: the result row, the record
 * page and bean2List show the original script first and the romanised form beside it.
 */
const chinese = marc21([
  ['001', 'vern-zh'],
  ['003', 'OpenFindVern'],
  ['008', '090114s2008    ch            000 0 chi d'],
  [
    '100',
    '1 ',
    [
      ['6', '880-01'],
      ['a', 'Lin, Xingzhi.'],
    ],
  ],
  [
    '245',
    '10',
    [
      ['6', '880-02'],
      ['a', 'Ci an zhou bian /'],
      ['c', 'Lin Xingzhi zhu.'],
    ],
  ],
  [
    '250',
    '  ',
    [
      ['6', '880-03'],
      ['a', 'Chu ban.'],
    ],
  ],
  [
    '260',
    '  ',
    [
      ['6', '880-04'],
      ['a', 'Taibei Xian Banqiao Shi :'],
      ['b', 'Yuan jing chu ban shi ye you xian gong si,'],
      ['c', '2008.'],
    ],
  ],
  [
    '490',
    '0 ',
    [
      ['6', '880-05'],
      ['a', 'Lin Xingzhi zuo pin ji ;'],
      ['v', '51'],
    ],
  ],
  [
    '651',
    ' 0',
    [
      ['a', 'Hong Kong (China)'],
      ['x', 'Economic conditions'],
    ],
  ],
  [
    '880',
    '1 ',
    [
      ['6', '100-01/$1'],
      ['a', '林行止.'],
    ],
  ],
  [
    '880',
    '10',
    [
      ['6', '245-02/$1'],
      ['a', '次按驟變 /'],
      ['c', '林行止著.'],
    ],
  ],
  [
    '880',
    '  ',
    [
      ['6', '250-03/$1'],
      ['a', '初版.'],
    ],
  ],
  [
    '880',
    '  ',
    [
      ['6', '260-04/$1'],
      ['a', '臺北縣板橋市 :'],
      ['b', '遠景出版事業有限公司,'],
      ['c', '2008.'],
    ],
  ],
  [
    '880',
    '0 ',
    [
      ['6', '490-05/$1'],
      ['a', '林行止作品集 ;'],
      ['v', '51'],
    ],
  ],
]);

const hebrew = marc21([
  ['001', 'vern-he'],
  ['003', 'OpenFindVern'],
  ['008', '110313s2011    is       b    001 0 heb c'],
  [
    '100',
    '1 ',
    [
      ['6', '880-01'],
      ['a', 'Ratsabi, Shalom.'],
    ],
  ],
  [
    '245',
    '10',
    [
      ['6', '880-02'],
      ['a', 'Anarkhizm be-"Tsiyon" :'],
      ['b', 'ben Marṭin Buber le-Aharon Daṿid Gordon /'],
      ['c', 'Shalom Ratsabi.'],
    ],
  ],
  [
    '260',
    '  ',
    [
      ['6', '880-03'],
      ['a', '[Tel Aviv] :'],
      ['b', 'ʻAm ʻoved,'],
      ['c', 'c2011.'],
    ],
  ],
  [
    '880',
    '1 ',
    [
      ['6', '100-01/(2/r'],
      ['a', 'רצבי, שלום.'],
    ],
  ],
  [
    '880',
    '10',
    [
      ['6', '245-02/(2/r'],
      ['a', 'אנרכיזם ב״ציון״ :'],
      ['b', 'בין מרטין בובר לאהרן דוד גורדון /'],
      ['c', 'שלום רצבי.'],
    ],
  ],
  [
    '880',
    '  ',
    [
      ['6', '260-03/(2/r'],
      ['a', '[תל אביב] :'],
      ['b', 'עם עובד,'],
      ['c', 'c2011.'],
    ],
  ],
]);

const russian = marc21([
  ['001', 'vern-ru'],
  ['003', 'OpenFindVern'],
  ['008', '150101s2015    ru            000 1 rus d'],
  [
    '100',
    '1 ',
    [
      ['6', '880-01'],
      ['a', 'Tolstoĭ, Lev,'],
      ['d', '1828-1910.'],
    ],
  ],
  [
    '245',
    '10',
    [
      ['6', '880-02'],
      ['a', 'Voĭna i mir /'],
      ['c', 'L.N. Tolstoĭ.'],
    ],
  ],
  [
    '260',
    '  ',
    [
      ['6', '880-03'],
      ['a', 'Moskva :'],
      ['b', 'Ėksmo,'],
      ['c', '2015.'],
    ],
  ],
  [
    '880',
    '1 ',
    [
      ['6', '100-01/(N'],
      ['a', 'Толстой, Лев,'],
      ['d', '1828-1910.'],
    ],
  ],
  [
    '880',
    '10',
    [
      ['6', '245-02/(N'],
      ['a', 'Война и мир /'],
      ['c', 'Л.Н. Толстой.'],
    ],
  ],
  [
    '880',
    '  ',
    [
      ['6', '260-03/(N'],
      ['a', 'Москва :'],
      ['b', 'Эксмо,'],
      ['c', '2015.'],
    ],
  ],
]);

/** A record with one script only: nothing changes for it. */
const plain = marc21([
  ['001', 'vern-plain'],
  ['003', 'OpenFindVern'],
  ['008', '200101s2019    cc            000 0 chi d'],
  [
    '245',
    '10',
    [
      ['a', '平凡的世界 /'],
      ['c', '路遥著.'],
    ],
  ],
  [
    '260',
    '  ',
    [
      ['a', '北京 :'],
      ['b', '北京十月文艺出版社,'],
      ['c', '2019.'],
    ],
  ],
]);

let t: TestApp;
/** Holds the four records above, as imported; no test changes them. */
let library: MadeTenant;
let ids: Map<string, number>;

/** Imports MARC 21 `records` into a tenant through the real import; record ids by their 001. */
async function importRecords(tenant: MadeTenant, records: Uint8Array[]): Promise<Map<string, number>> {
  const dir = tempDir('openfind-vernacular-');
  const file = path.join(dir, 'vernacular.mrc');
  writeFileSync(file, concat(records));
  const r = await importFile({ db: t.db.kysely, tenantId: tenant.id, file, rejectDir: dir });
  expect(r).toMatchObject({ read: records.length, created: records.length });
  const rows = await t.db.kysely
    .selectFrom('bib_record')
    .select(['record_id', 'source_key'])
    .where('tenant_id', '=', tenant.id)
    .where('source_key', 'like', 'OpenFindVern:%')
    .execute();
  return new Map(rows.map((row) => [row.source_key.replace('OpenFindVern:', ''), row.record_id]));
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  library = await makeTenant(t);
  ids = await importRecords(library, [chinese, hebrew, russian, plain]);
});
afterAll(async () => t?.close());

/** The result row of record `id` among what `term` finds in `tenant`. */
const rowOf = async (term: string, id: number, tenant = library): Promise<SearchRecord> => {
  const found = await search(t, { searchFieldContent: term }, { tenant });
  const row = found.searchResult.find((r) => r.recordId === id);
  expect(row, `${term} finds record ${id}`).toBeDefined();
  return row!;
};

/** A record call (`recordId`) of `tenant`, answered 200; its data. */
const get = async <T>(url: string, recordId: number, lang: 'zh_CN' | 'en_US' = 'zh_CN', tenant = library) => {
  const res = await t.call({ url, mappingPath: tenant.mappingPath, lang, query: { recordId: String(recordId) } });
  expect(res.statusCode, res.body).toBe(200);
  return envelopeOf<T>(res).data;
};

describe('result rows of records with original-script (880) fields', () => {
  it('shows the Chinese title, statement and publisher first, the romanised ones beside, found by either form', async () => {
    const id = ids.get('vern-zh')!;
    for (const term of ['次按驟變', 'Ci an zhou bian', '次按骤变']) {
      expect(await rowOf(term, id)).toMatchObject({
        title: '次按驟變',
        titleRomanized: 'Ci an zhou bian',
        author: '林行止著.',
        authorRomanized: 'Lin Xingzhi zhu.',
        publisher: '遠景出版事業有限公司',
        publisherRomanized: 'Yuan jing chu ban shi ye you xian gong si',
        originalLang: 'zh',
      });
    }
    const found = await search(t, { searchFieldContent: 'zhou bian' }, { tenant: library });
    expect(found.hlResult?.[String(id)]?.titleRomanized?.[0]).toBe('Ci an <em>zhou</em> <em>bian</em>');
    const byVernacular = await search(t, { searchFieldContent: '驟變' }, { tenant: library });
    expect(byVernacular.hlResult?.[String(id)]?.title?.[0]).toBe('次按<em>驟變</em>');
  });

  it('shows Hebrew (right to left) and Cyrillic likewise, tagged with their languages', async () => {
    expect(await rowOf('אנרכיזם', ids.get('vern-he')!)).toMatchObject({
      title: 'אנרכיזם ב״ציון״ : בין מרטין בובר לאהרן דוד גורדון',
      titleRomanized: 'Anarkhizm be-"Tsiyon" : ben Marṭin Buber le-Aharon Daṿid Gordon',
      author: 'שלום רצבי.',
      publisher: 'עם עובד',
      publisherRomanized: 'ʻAm ʻoved',
      originalLang: 'he',
    });
    expect(await rowOf('Anarkhizm', ids.get('vern-he')!)).toMatchObject({ title: expect.stringMatching(/^אנרכיזם/) });
    expect(await rowOf('Война и мир', ids.get('vern-ru')!)).toMatchObject({
      title: 'Война и мир',
      titleRomanized: 'Voĭna i mir',
      author: 'Л.Н. Толстой.',
      authorRomanized: 'L.N. Tolstoĭ.',
      publisher: 'Эксмо',
      publisherRomanized: 'Ėksmo',
      originalLang: 'ru',
    });
    expect(await rowOf('Voina i mir', ids.get('vern-ru')!)).toMatchObject({ title: 'Война и мир' });
  });

  it('leaves a record with one script as it was', async () => {
    expect(await rowOf('平凡的世界', ids.get('vern-plain')!)).toMatchObject({
      title: '平凡的世界',
      titleRomanized: null,
      author: '路遥著.',
      authorRomanized: null,
      publisher: '北京十月文艺出版社',
      publisherRomanized: null,
      originalLang: null,
    });
  });

  it('works the forms out from the kept MARC for a record stored before they were kept', async () => {
    // The record is changed below: imported into an institution of its own.
    const own = await makeTenant(t);
    const id = (await importRecords(own, [russian])).get('vern-ru')!;
    // As an import before this change stored it: title, names and statement only, no script.
    await sql`UPDATE bib_record SET vernacular = vernacular - 'script' - 'publisher' - 'place' - 'authorsRomanized'
              WHERE record_id = ${id}`.execute(t.db.kysely);
    const row = await rowOf('Война', id, own);
    expect(row).toMatchObject({ title: 'Война и мир', publisher: 'Эксмо', publisherRomanized: 'Ėksmo' });
    const detail = await get<RecordDetail>(ApiPath.getDetail, id, 'zh_CN', own);
    expect(detail.baseMarcInfoDto).toMatchObject({ publisher: 'Эксмо', publishPlace: 'Москва' });
  });
});

describe('the record page of a record with original-script fields', () => {
  it('getDetail gives the original script first, with the romanised title beside it', async () => {
    const detail = await get<RecordDetail>(ApiPath.getDetail, ids.get('vern-zh')!);
    expect(detail.clearTitle).toBe('次按驟變');
    expect(detail.record).toMatchObject({ title: '次按驟變', titleRomanized: 'Ci an zhou bian' });
    expect(detail.baseMarcInfoDto).toMatchObject({
      title: '次按驟變',
      titleRomanized: 'Ci an zhou bian',
      titles: ['次按驟變', 'Ci an zhou bian'],
      author: '林行止著.',
      cleanAuthor: ['林行止'],
      publisher: '遠景出版事業有限公司',
      publishPlace: '臺北縣板橋市',
      edition: '初版.',
      series: ['林行止作品集 ; 51'],
    });
  });

  it('bean2List has a row of the original before the row of the romanised value, same key', async () => {
    const rows = (await get<BookDetail>(ApiPath.getBookDetail, ids.get('vern-zh')!)).bean2List;
    const pick = (key: string) =>
      rows.filter((r) => r.key === key).map(({ fieldVal, script, lang }) => ({ fieldVal, script, lang }));
    expect(pick('cnb01')).toEqual([
      { fieldVal: '次按驟變/林行止著.', script: 'original', lang: 'zh' },
      { fieldVal: 'Ci an zhou bian/Lin Xingzhi zhu.', script: 'romanized', lang: undefined },
    ]);
    expect(pick('cnb02').map((r) => r.fieldVal)).toEqual(['初版.', 'Chu ban.']);
    expect(pick('cnb03').map((r) => r.fieldVal)).toEqual([
      '臺北縣板橋市:遠景出版事業有限公司,2008.',
      'Taibei Xian Banqiao Shi:Yuan jing chu ban shi ye you xian gong si,2008.',
    ]);
    expect(pick('cnb46').map((r) => r.fieldVal)).toEqual(['林行止作品集 ; 51', 'Lin Xingzhi zuo pin ji ; 51']);
    expect(pick('cnb48').map((r) => r.fieldVal)).toEqual(['林行止.', 'Lin, Xingzhi.']);
    expect(pick('cnb62')).toEqual([
      { fieldVal: 'Hong Kong (China) -- Economic conditions', script: undefined, lang: undefined },
    ]);
    const hebrewRows = (await get<BookDetail>(ApiPath.getBookDetail, ids.get('vern-he')!, 'en_US')).bean2List;
    expect(hebrewRows.filter((r) => r.key === 'cnb01')).toEqual([
      expect.objectContaining({ description: 'Title/Responsibility', script: 'original', lang: 'he' }),
      expect.objectContaining({ script: 'romanized' }),
    ]);
    const plainRows = (await get<BookDetail>(ApiPath.getBookDetail, ids.get('vern-plain')!)).bean2List;
    expect(plainRows.some((r) => r.script)).toBe(false);
  });
});
