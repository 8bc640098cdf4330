import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readCatalogueFile } from '../src/index.js';
import type { BibRecord, ReadOk, ReadResult } from '../src/index.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const catalog = resolve(repoRoot, '..', 'shared', 'testdata', 'catalog');

async function readAll(file: string): Promise<ReadResult[]> {
  const results: ReadResult[] = [];
  for await (const result of readCatalogueFile(resolve(catalog, file), { file })) results.push(result);
  return results;
}
async function readOk(file: string): Promise<ReadOk[]> {
  return (await readAll(file)).filter((result): result is ReadOk => result.ok);
}
const text = (result: ReadOk): string => JSON.stringify(result.record ? result.record.toMarcJson() : result.bib);
const countMatching = (results: ReadOk[], pattern: RegExp): number =>
  results.filter((result) => pattern.test(text(result))).length;
const LATIN_DIACRITICS = /[\u00c0-\u024f]|\p{Mn}/u;
const COMBINING = /\p{Mn}/u;

describe('MARC-8', () => {
  it('lul_fre_500: French diacritics decoded and composed (NFC), as in SOURCES.md (479 records)', async () => {
    const results = await readOk('evergreen/lul_fre_500.mrc');
    expect(results.every((result) => result.record?.encoding === 'marc-8')).toBe(true);
    expect(countMatching(results, LATIN_DIACRITICS)).toBe(479);
    expect(countMatching(results, COMBINING)).toBe(0);
    expect(results[0]?.bib.title).toBe("L'autre monde, mythes et légendes : le purgatoire de Saint Patrice");
    expect(results[0]?.bib.title).toContain('\u00e9');
  });

  it('hebrew.marc: Hebrew 880s (ESC ( 2) paired with the romanised titles', async () => {
    const results = await readOk('evergreen/hebrew.marc');
    expect(results).toHaveLength(20);
    expect(results.filter((result) => /\p{Script=Hebrew}/u.test(result.bib.titleVernacular ?? ''))).toHaveLength(20);
    expect(results[0]?.bib).toMatchObject({
      title: 'La-Torah vela-moʻadim : resise hegyonot',
      titleVernacular: 'לתורה בלמועדים : רסיסי הגיונות',
    });
  });

  it('cyrillic_capital_e: Cyrillic 880s (ESC ( N)', async () => {
    const results = await readOk('marc4j/cyrillic_capital_e.mrc');
    expect(results[1]?.bib.titleVernacular).toMatch(/^Синдром Петрушки/);
  });

  it('greekmissingcharsetchange: Greek decoded, the missing switch back repaired and reported', async () => {
    const results = await readOk('marc4j/greekmissingcharsetchange.mrc');
    expect(results[0]?.bib.titleVernacular).toMatch(/^Η αγορά στη Μεσόγειο : από τους Ομηρικούς/);
    expect(results[0]?.warnings.join(' ')).toMatch(/is not in MARC-8 set 53; read as ASCII/);
    expect(results[1]?.bib.titleVernacular).toMatch(/Απριλίου 2011 = The agora in the Mediterranean/);
  });

  it('EACC (ESC $ 1) CJK: chinese_mangled_multibyte and bad_eacc_encoding', async () => {
    const mangled = await readOk('marc4j/chinese_mangled_multibyte.mrc');
    expect(mangled).toHaveLength(4);
    expect(mangled.filter((result) => result.record?.encoding === 'marc-8')).toHaveLength(3);
    expect(mangled[2]?.bib.allText).toContain('中国经典电影');
    expect(mangled[0]?.warnings.join(' ')).toMatch(/undecodable byte sequence\(s\) replaced by U\+FFFD/);
    const japanese = await readOk('pymarc/bad_eacc_encoding.dat');
    expect(japanese[0]?.bib.titleVernacular).toMatch(/^米国の統治の仕組/);
  });

  it('escaped_character_reference: &#x…; in MARC-8 data is decoded', async () => {
    const [result] = await readOk('traject/escaped_character_reference.marc8.marc');
    expect(result?.bib.place).toBe('Rio de Janeiro escaped replacement char: \ufffd .');
  });

  it('brkrtest: the MARC-8 and UTF-8 copies of the same records give identical bibliographic records', async () => {
    const marc8 = await readOk('marc4j/brkrtest.mrc');
    const utf8 = await readOk('marc4j/brkrtest_UTF8.mrc');
    expect(marc8.map((result) => result.bib)).toEqual(utf8.map((result) => result.bib));
  });
});

describe('leader/09 lies', () => {
  it('FSL.marc: UTF-8 Cyrillic and Armenian under a blank leader/09', async () => {
    const results = await readOk('evergreen/FSL.marc');
    expect(results.every((result) => result.record?.encoding === 'utf-8')).toBe(true);
    expect(
      results.every((result) =>
        result.warnings.some((warning) => /leader\/09 says MARC-8 but the data is UTF-8/.test(warning)),
      ),
    ).toBe(true);
    expect(countMatching(results, /\p{Script=Cyrillic}/u)).toBeGreaterThanOrEqual(45);
    expect(countMatching(results, /\p{Script=Armenian}/u)).toBe(7);
    expect(results[0]?.bib.title).toBe('Люди с чистой совестью : [Воспоминания]');
  });

  it('1251.dat: Windows-1251 Cyrillic is recognised and decoded', async () => {
    const results = await readOk('pymarc/1251.dat');
    expect(results.map((result) => result.record?.encoding)).toEqual(Array(6).fill('windows-1251'));
    expect(results[0]?.bib.title).toMatch(/^Основы гидравлического расчета инженерных сетей/);
  });

  it('pride-and-prejudice-with-many-errors: MARC-8 bytes under leader/09 "a" are decoded as MARC-8', async () => {
    const results = await readOk('marc4j/pride-and-prejudice-with-many-errors.mrc');
    const marc8 = results.filter((result) => result.record?.encoding === 'marc-8');
    expect(marc8).toHaveLength(68);
    expect(marc8.some((result) => result.bib.price === '£0.40 ($1.75 U.S.)')).toBe(true);
  });
});

describe('scripts and 880 pairing', () => {
  it('nepali.marc: dual 245s without 880 give a romanised title and a Devanagari one', async () => {
    const results = await readOk('evergreen/nepali.marc');
    expect(countMatching(results, /\p{Script=Devanagari}/u)).toBe(96);
    expect(results[0]?.bib).toMatchObject({ title: 'Bihānī Ṭusā', titleVernacular: 'बिहानी टुसा' });
    expect(results[0]?.bib.authors[0]).toMatchObject({ name: 'Śāha, Vīrendravikram', vernacular: 'शाह, वीरेन्द्रविक्रम' });
  });

  it('blacklight-marc: Chinese, Japanese and Korean 880s paired with their romanised fields', async () => {
    const results = await readOk('blacklight-marc/test_data.utf8.mrc');
    expect(results.filter((result) => /\p{Script=Han}/u.test(result.bib.titleVernacular ?? ''))).toHaveLength(6);
    expect(results[3]?.bib).toMatchObject({
      title: 'Kubo Sakae "Kazanbaichi" o yomu',
      titleVernacular: '久保栄 「火山灰地」 を読む',
    });
    expect(results[3]?.bib.authors[0]).toMatchObject({ name: 'Yoshida, Hajime', vernacular: '吉田一' });
    expect(results[3]?.bib.allText).toEqual(
      expect.arrayContaining(['Kubo Sakae "Kazanbaichi" o yomu', '久保栄 「火山灰地」 を読む']),
    );
  });

  it('the blacklight .mrc, traject .json and traject .marc.xml trio give identical bibliographic records', async () => {
    const iso = (await readOk('blacklight-marc/test_data.utf8.mrc')).map((result) => result.bib);
    const json = (await readOk('traject/test_data.utf8.json')).map((result) => result.bib);
    const xml = (await readOk('traject/test_data.utf8.marc.xml')).map((result) => result.bib);
    expect(iso).toHaveLength(30);
    expect(json).toEqual(iso);
    expect(xml).toEqual(iso);
  });

  it('bibs_graphic_880: an 880 $6 without script code still pairs', async () => {
    const results = await readOk('evergreen/bibs_graphic_880.xml');
    expect(results[0]?.bib.titleVernacular).toBe('图说中国节 = Tushuo Zhongguojie');
    expect(results[0]?.bib.authors[0]).toMatchObject({ name: 'Da, Qiao', vernacular: '大乔' });
  });

  it('880_publisher_unlinked: an unlinked 880 stands in for the missing romanised publisher', async () => {
    const [result] = await readOk('openlibrary/bin_input/880_publisher_unlinked.mrc');
    expect(result?.bib.publisher).toBe('כנרת');
  });
});

describe('CNMARC, UNIMARC and Chinese data', () => {
  it('dp2-cnmarc: Chinese titles and CLC classes, identical under both namespaces', async () => {
    const nlc = await readOk('dp2-cnmarc/sample_cnmarcxml.xml');
    const srw = await readOk('dp2-cnmarc/sample_unimarcxml.xml');
    expect(nlc.every((result) => result.record?.flavour === 'unimarc')).toBe(true);
    expect(nlc.map((result) => result.bib)).toEqual(srw.map((result) => result.bib));
    expect(nlc[0]?.bib).toMatchObject({
      title: "'94中国发展报告",
      clc: ['F124'],
      publisher: '中国统计出版社',
      year: 1994,
    });
    expect(nlc.map((result) => result.bib.clc[0])).toEqual([
      'F124',
      'F124',
      'F124',
      'F124',
      'F124',
      'F124',
      'F124',
      'D668',
      'F124',
      'D668',
    ]);
    expect(nlc[0]?.record?.leader).toBe('01576nam0 2200409   4500');
  });

  it('dp2-cnmarc MARC21: Chinese in the main fields, language chi', async () => {
    const results = await readOk('dp2-cnmarc/sample_marcxml.xml');
    expect(results.every((result) => result.record?.flavour === 'marc21' && result.bib.language === 'chi')).toBe(true);
    expect(results.every((result) => /\p{Script=Han}/u.test(result.bib.title))).toBe(true);
  });

  it('sample_isohold: ISO 20775 holdings, not MARC', async () => {
    const results = await readOk('dp2-cnmarc/sample_isohold.xml');
    expect(results).toHaveLength(10);
    expect(results.every((result) => result.record === null && result.bib.recordKind === 'holdings')).toBe(true);
    expect(results[0]?.bib.linkedRecordId).toBe('990002180740203961');
    expect(results[0]?.bib.holdings[0]).toEqual({
      barcode: 'N00837624',
      callNumber: 'F124 26',
      library: '总馆普通文献',
      location: 'BCPSA',
      status: 'available',
      circAttr: '13',
    });
    expect(results[3]?.bib.holdings).toEqual([]);
  });

  it('pride-and-prejudice-fixed: Taiwan CMARC records detected per record among MARC21', async () => {
    const results = await readOk('marc4j/pride-and-prejudice-fixed.mrc');
    const unimarc = results.filter((result) => result.record?.flavour === 'unimarc');
    expect(unimarc).toHaveLength(17);
    expect(unimarc.every((result) => result.bib.title.length > 0)).toBe(true);
  });

  it('douban Books_detail.csv: ISBNs as text, entities decoded, empty rows kept with a warning', async () => {
    const results = await readOk('douban-books/Books_detail.csv');
    expect(results).toHaveLength(6584);
    expect(results.filter((result) => result.bib.isbns.length > 0)).toHaveLength(6506);
    expect(
      results.filter((result) => result.warnings.some((warning) => /only an id and a title/.test(warning))),
    ).toHaveLength(32);
    expect(results.some((result) => result.bib.title.includes('&#39;'))).toBe(false);
    expect(results.some((result) => result.bib.title.includes("'"))).toBe(true);
    expect(results[0]?.bib).toMatchObject({
      title: '追风筝的人',
      isbns: ['9787208061644'],
      year: 2006,
      price: '29.00元',
    });
  });
});

describe('structure and mapping', () => {
  it('008008027: 18 records then the partial 19th, with its offset', async () => {
    const results = await readAll('marc4j/008008027.mrc');
    expect(results.slice(0, 18).every((result) => result.ok)).toBe(true);
    const tail = results[18];
    expect(tail?.ok).toBe(false);
    expect(tail?.source.byteOffset).toBe(62502);
  });

  it('jazz_1k: document types from leader/06 (584 sound recordings)', async () => {
    const results = await readOk('evergreen/jazz_1k.mrc');
    const counts: Record<string, number> = {};
    for (const result of results) counts[result.bib.docCode] = (counts[result.bib.docCode] ?? 0) + 1;
    expect(counts['19']).toBe(584);
    expect(counts['17']).toBe(230);
    const withItems = results.filter((result) => result.record?.hasField('949'));
    expect(results.filter((result) => result.bib.holdings.length > 0)).toEqual(withItems);
    expect(withItems.flatMap((result) => result.bib.holdings)).toHaveLength(1238);
  });

  it('badisbns.xml: known-bad ISBNs kept apart from valid ones', async () => {
    const results = await readOk('evergreen/badisbns.xml');
    expect(results.flatMap((result) => result.bib.invalidIsbns)).toHaveLength(10);
    expect(results.flatMap((result) => result.bib.isbns)).toEqual(['9780553204308', '9780553268478', '9781845332136']);
  });

  it('temple marc_fixture_4: records without <leader> read, Alma HLD/ITM holdings mapped', async () => {
    const results = await readOk('temple-tul_cob/marc_fixture_4_marc.xml');
    expect(
      results.filter((result) => result.warnings.includes('record has no <leader>; a default book leader was used')),
    ).toHaveLength(10);
    expect(results[0]?.bib.holdings).toEqual([
      { library: 'MAIN', location: 'stacks', callNumber: 'NA5620.S47 S26 2016' },
    ]);
  });

  it('serials_marc21.xml: seven root records read despite the file not being well-formed', async () => {
    const results = await readOk('evergreen/serials_marc21.xml');
    expect(results).toHaveLength(7);
    expect(results.filter((result) => result.warnings.some((warning) => /not well-formed/.test(warning)))).toHaveLength(
      6,
    );
    expect(results.every((result) => result.bib.docCode === '2')).toBe(true);
  });

  it('serials_mfhd.xml: MFHD records are holdings records', async () => {
    const results = await readOk('evergreen/serials_mfhd.xml');
    expect(results.every((result) => result.bib.recordKind === 'holdings' && result.bib.holdings.length > 0)).toBe(
      true,
    );
  });

  it('oss.marc and short.firenze: shifted or filled 008 languages fall back', async () => {
    const oss = await readOk('evergreen/oss.marc');
    const shifted = oss.filter((result) =>
      result.warnings.some((warning) => /008\/35-37 language "ng "/.test(warning)),
    );
    expect(shifted.map((result) => result.bib.language)).toEqual(['und']);
    const firenze = await readOk('qa-catalogue/short.firenze.1977.mrc');
    expect(
      firenze.every((result) => result.record?.flavour === 'marc21' && /^(ita|eng)$/.test(result.bib.language)),
    ).toBe(true);
  });

  it('every record of every MARC file has a title or is a non-bibliographic record', async () => {
    const files = ['evergreen/jazz_1k.mrc', 'lc-sru-mrrc-testbed/bibliographic/sample.mrc', 'qa-catalogue/marc.json'];
    for (const file of files) {
      const untitled = (await readOk(file)).filter(
        (result) => result.bib.recordKind === 'bibliographic' && !result.bib.title,
      );
      expect(untitled.map((result: { bib: BibRecord }) => result.bib.identity.key)).toEqual([]);
    }
  });
});
