import { describe, expect, it } from 'vitest';
import { MarcRecord } from '../model/marc-record.js';
import type { DataField, MarcField } from '../model/marc-record.js';
import { mapRecord } from './map-record.js';

const df = (tag: string, ind: string, ...pairs: string[]): DataField => {
  const subfields = [];
  for (let i = 0; i < pairs.length; i += 2) subfields.push({ code: pairs[i] ?? 'a', value: pairs[i + 1] ?? '' });
  return { tag, ind1: ind.charAt(0) || ' ', ind2: ind.charAt(1) || ' ', subfields };
};
const marc21 = (fields: MarcField[], leader = '00000nam a2200000 a 4500'): MarcRecord =>
  new MarcRecord(leader, fields, 'marc21', 'utf-8');
const F008 = (language: string, country = 'cc '): string =>
  `970701s2006    ${country.padEnd(3)}           000 0 ${language} d`;

describe('mapRecord (MARC21)', () => {
  it('maps the core description and the source identity', () => {
    const { bib } = mapRecord(
      marc21([
        { tag: '001', value: '  12345 ' },
        { tag: '003', value: 'DLC' },
        { tag: '008', value: F008('eng', 'enk') },
        df('020', '  ', 'a', '0140431020 (pbk.) :', 'c', '£2.99'),
        df('020', '  ', 'z', '0140431021'),
        df('050', '00', 'a', 'PR4034', 'b', '.P7 1996'),
        df('082', '04', 'a', '823/.7', '2', '21'),
        df('084', '  ', 'a', 'I561.44', '2', 'clc'),
        df('100', '1 ', 'a', 'Austen, Jane,', 'd', '1775-1817.', 'e', 'author.'),
        df('245', '10', 'a', 'Pride and prejudice :', 'b', 'a novel /', 'c', 'Jane Austen.'),
        df('250', '  ', 'a', 'Penguin classics ed.'),
        df('264', ' 1', 'a', 'London :', 'b', 'Penguin,', 'c', '[1996]'),
        df('300', '  ', 'a', '345 p. ;', 'c', '20 cm.'),
        df('490', '1 ', 'a', 'Penguin classics'),
        df('500', '  ', 'a', 'Includes bibliographical references.'),
        df('520', '  ', 'a', 'A novel of manners.'),
        df('650', ' 0', 'a', 'Young women', 'z', 'England', 'v', 'Fiction.'),
        df('856', '40', 'u', 'http://example.org/pp', 'z', 'Full text'),
      ]),
    );
    expect(bib.identity).toEqual({
      controlNumber: '12345',
      agency: 'DLC',
      key: 'DLC:12345',
      systemNumbers: ['12345'],
    });
    expect(bib.title).toBe('Pride and prejudice : a novel');
    expect(bib.titleProper).toBe('Pride and prejudice');
    expect(bib.subtitle).toBe('a novel');
    expect(bib.responsibility).toBe('Jane Austen.');
    expect(bib.authors).toEqual([
      { name: 'Austen, Jane', kind: 'personal', isMain: true, dates: '1775-1817', roles: ['author'] },
    ]);
    expect(bib.isbns).toEqual(['9780140431025']);
    expect(bib.invalidIsbns).toEqual(['0140431021']);
    expect(bib.price).toBe('£2.99');
    expect(bib.classifications).toEqual([
      { scheme: 'lcc', value: 'PR4034' },
      { scheme: 'ddc', value: '823.7' },
      { scheme: 'clc', value: 'I561.44' },
    ]);
    expect(bib.clc).toEqual(['I561.44']);
    expect(bib.callNumbers).toEqual(['PR4034 .P7 1996']);
    expect(bib.publisher).toBe('Penguin');
    expect(bib.place).toBe('London');
    expect(bib.year).toBe(2006);
    expect(bib.yearRaw).toBe('[1996]');
    expect(bib.subjects).toEqual(['Young women -- England -- Fiction']);
    expect(bib.series).toEqual(['Penguin classics']);
    expect(bib.language).toBe('eng');
    expect(bib.country).toBe('enk');
    expect(bib.docCode).toBe('1');
    expect(bib.links).toEqual([{ url: 'http://example.org/pp', label: 'Full text' }]);
    expect(bib.holdings).toEqual([]);
  });

  it('pairs 880s by $6, tolerates a missing script code and an 880 without $6', () => {
    const { bib, warnings } = mapRecord(
      marc21([
        { tag: '008', value: F008('chi') },
        df('100', '1 ', '6', '880-01', 'a', 'Cai, Zhizhong,'),
        df('245', '10', '6', '880-02', 'a', 'Laozi shuo /', 'c', 'Cai Zhizhong hui.'),
        df('260', '  ', 'a', 'Beijing :', 'b', 'Sanlian,', 'c', '2005.'),
        df('880', '1 ', '6', '100-01/$1', 'a', '蔡志忠,'),
        df('880', '10', '6', '245-02', 'a', '老子说 /', 'c', '蔡志忠绘.'),
        df('880', '  ', 'a', '北京 : 三联书店'),
      ]),
    );
    expect(bib.titleVernacular).toBe('老子说');
    expect(bib.responsibilityVernacular).toBe('蔡志忠绘.');
    expect(bib.authors[0]).toMatchObject({ name: 'Cai, Zhizhong', vernacular: '蔡志忠' });
    expect(bib.allText).toEqual(expect.arrayContaining(['Laozi shuo', '老子说', '蔡志忠', '北京 : 三联书店']));
    expect(warnings).toContain('1 880 field(s) have no $6 linkage; their text is kept for search only');
  });

  it('keeps the original-script edition, imprint, series and subjects beside the romanised ones, and the script', () => {
    const { bib } = mapRecord(
      marc21([
        { tag: '008', value: F008('chi', 'ch ') },
        df('245', '10', '6', '880-02', 'a', 'Ci an zhou bian /', 'c', 'Lin Xingzhi zhu.'),
        df('250', '  ', '6', '880-03', 'a', 'Chu ban.'),
        df(
          '260',
          '  ',
          '6',
          '880-04',
          'a',
          'Taibei :',
          'b',
          'Yuan jing chu ban shi ye you xian gong si,',
          'c',
          '2008.',
        ),
        df('490', '0 ', '6', '880-05', 'a', 'Lin Xingzhi zuo pin ji ;', 'v', '51'),
        df('650', ' 0', '6', '880-06', 'a', 'Jing ji.'),
        df('650', ' 0', 'a', 'Economic history.'),
        df('880', '10', '6', '245-02/$1', 'a', '次按驟變 /', 'c', '林行止著.'),
        df('880', '  ', '6', '250-03/$1', 'a', '初版.'),
        df('880', '  ', '6', '260-04/$1', 'a', '臺北 :', 'b', '遠景出版事業有限公司,', 'c', '2008.'),
        df('880', '0 ', '6', '490-05/$1', 'a', '林行止作品集 ;', 'v', '51'),
        df('880', ' 0', '6', '650-06/$1', 'a', '經濟.'),
      ]),
    );
    expect(bib).toMatchObject({
      title: 'Ci an zhou bian',
      titleVernacular: '次按驟變',
      edition: 'Chu ban.',
      editionVernacular: '初版.',
      place: 'Taibei',
      placeVernacular: '臺北',
      publisher: 'Yuan jing chu ban shi ye you xian gong si',
      publisherVernacular: '遠景出版事業有限公司',
      seriesVernacular: [{ romanized: 'Lin Xingzhi zuo pin ji ; 51', vernacular: '林行止作品集 ; 51' }],
      subjectsVernacular: [{ romanized: 'Jing ji', vernacular: '經濟' }],
      vernacularScript: '$1',
    });
    const hebrew = mapRecord(
      marc21([
        df('245', '10', '6', '880-02', 'a', 'Anarkhizm be-"Tsiyon" /', 'c', 'Shalom Ratsabi.'),
        df('880', '10', '6', '245-02/(2/r', 'a', 'אנרכיזם ב״ציון״ /', 'c', 'שלום רצבי.'),
      ]),
    ).bib;
    expect(hebrew).toMatchObject({ titleVernacular: 'אנרכיזם ב״ציון״', vernacularScript: '(2' });
    expect(mapRecord(marc21([df('245', '10', 'a', 'Plain')])).bib.vernacularScript).toBeUndefined();
  });

  it('falls back from a shifted or filled 008 language to 041, then to "und"', () => {
    const shifted = mapRecord(marc21([{ tag: '008', value: F008('ng ') }, df('041', '0 ', 'a', 'engfre')])).bib;
    expect(shifted.language).toBe('eng');
    expect(shifted.languages).toEqual(['eng', 'fre']);
    expect(mapRecord(marc21([{ tag: '008', value: F008('|||') }])).bib.language).toBe('und');
  });

  it('maps leader/06-07 and a thesis note to docCode', () => {
    const code = (leader: string, fields: MarcField[] = []): string => mapRecord(marc21(fields, leader)).bib.docCode;
    expect(code('00000cas a2200000 a 4500')).toBe('2');
    expect(code('00000nam a2200000 a 4500', [df('502', '  ', 'a', 'Thesis (Ph. D.)')])).toBe('3');
    expect(code('00000ncm a2200000 a 4500')).toBe('17');
    expect(code('00000nem a2200000 a 4500')).toBe('18');
    expect(code('00000njm a2200000 a 4500')).toBe('19');
    expect(code('00000ngm a2200000 a 4500')).toBe('20');
    expect(code('00000nmm a2200000 a 4500')).toBe('21');
    expect(mapRecord(marc21([], '00000nz  a2200000n  4500')).bib.recordKind).toBe('authority');
    expect(mapRecord(marc21([{ tag: '004', value: 'b1' }], '00000ny  a2200000   4500')).bib).toMatchObject({
      recordKind: 'holdings',
      linkedRecordId: 'b1',
    });
  });

  it('collects the system numbers holdings records link by: 001s, 035 $a with and without prefix, 901 $a', () => {
    const { bib } = mapRecord(
      marc21(
        [
          { tag: '001', value: 'a814607' },
          { tag: '001', value: '44368' },
          df('035', '  ', 'a', '(Sirsi) a814871'),
          df('035', '  ', 'a', '(OCoLC)53426191'),
          df('901', '  ', 'a', 'a814607', 'b', 'Sirsi_Auto'),
        ],
        '00000ny  a2200000   4500',
      ),
    );
    expect(bib.identity.systemNumbers).toEqual([
      'a814607',
      '44368',
      '(Sirsi) a814871',
      'a814871',
      '(OCoLC)53426191',
      '53426191',
    ]);
    expect(bib.recordKind).toBe('holdings');
    expect(bib.linkedRecordId).toBeUndefined();
  });

  it('reads holdings only from fields whose shape identifies them, and invents none', () => {
    const { bib } = mapRecord(
      marc21([
        df('852', '  ', 'a', 'UkOxU', 'b', 'Bodleian', 'c', 'Stacks', 'h', 'M94', 'i', '.G00395', 'p', '500881138'),
        df(
          '949',
          '  ',
          'a',
          'BL 545 F4',
          'w',
          'LC',
          'i',
          '30007006033608',
          't',
          'BOOKS',
          'l',
          'DESM-CIR',
          'm',
          'DESMARAIS',
        ),
        df('952', '  ', 'a', 'Minor ill.'),
        df('999', '  ', 'b', '1', 'c', '040914'),
        df('ITM', '  ', '9', '39074017882978', 'i', 'QA1.M426X', 'f', 'MAIN', 'g', 'stacks', 'c', 'v.23', 'r', 'h1'),
        df('HLD', '  ', 'b', 'MAIN', 'c', 'stacks', 'h', 'QA1', '8', 'h1'),
        df('HLD', '  ', 'b', 'AMBLER', 'c', 'media', 'h', 'DVD 16', '8', 'h2'),
      ]),
    );
    expect(bib.holdings).toEqual([
      { library: 'Bodleian', location: 'Stacks', callNumber: 'M94 .G00395', barcode: '500881138' },
      {
        callNumber: 'BL 545 F4',
        barcode: '30007006033608',
        library: 'DESMARAIS',
        location: 'DESM-CIR',
        circAttr: 'BOOKS',
      },
      { barcode: '39074017882978', callNumber: 'QA1.M426X', library: 'MAIN', location: 'stacks', volume: 'v.23' },
      { library: 'AMBLER', location: 'media', callNumber: 'DVD 16' },
    ]);
    expect(mapRecord(marc21([df('245', '10', 'a', 'No copies')])).bib.holdings).toEqual([]);
  });
});

describe('mapRecord (UNIMARC/CNMARC)', () => {
  it('maps titles, pinyin, names, CLC, call numbers and 905/906 holdings', () => {
    const record = new MarcRecord(
      '01576nam0 2200409   4500',
      [
        { tag: '001', value: '990002180740203961' },
        df('010', '  ', 'a', '7-5037-1744-0', 'd', 'CNY68.00'),
        df('090', '  ', 'a', 'F124', 'b', '26'),
        df('100', '  ', 'a', '20020204d1994    em y0chiy0120    ea'),
        df('101', '0 ', 'a', 'chi'),
        df('102', '  ', 'a', 'CN'),
        df(
          '200',
          '1 ',
          'a',
          "'94中国发展报告",
          'A',
          "'94Zhong Guo Fa Zhan Bao Gao",
          'd',
          'China development report',
          'f',
          '国家统计局编',
        ),
        df('210', '  ', 'a', '北京', 'c', '中国统计出版社', 'd', '1994'),
        df('215', '  ', 'a', '320页', 'd', '27cm'),
        df('606', '0 ', 'a', '经济发展', 'x', '概况', 'y', '中国'),
        df('690', '  ', 'a', 'F124', 'v', '3'),
        df('701', ' 0', 'a', '叶震', 'A', 'Ye Zhen', '4', '主编'),
        df('801', ' 0', 'a', 'CN', 'b', 'BNU'),
        df('905', '  ', 'a', 'BNU', 'd', 'F124', 'e', '26'),
        df('906', '  ', 'a', '211260', 'b', '1683011', 'd', 'F124', 'e', '26'),
      ],
      'unimarc',
      'xml',
    );
    const { bib } = mapRecord(record);
    expect(bib.title).toBe("'94中国发展报告");
    expect(bib.otherTitles).toEqual(['China development report']);
    expect(bib.responsibility).toBe('国家统计局编');
    expect(bib.identity.key).toBe('BNU:990002180740203961');
    expect(bib.isbns).toEqual(['9787503717444']);
    expect(bib.price).toBe('CNY68.00');
    expect(bib.publisher).toBe('中国统计出版社');
    expect(bib.year).toBe(1994);
    expect(bib.clc).toEqual(['F124']);
    expect(bib.callNumbers).toEqual(['F124/26']);
    expect(bib.subjects).toEqual(['经济发展 -- 概况 -- 中国']);
    expect(bib.authors).toEqual([{ name: '叶震', kind: 'personal', isMain: false, roles: ['主编'] }]);
    expect(bib.language).toBe('chi');
    expect(bib.country).toBe('CN');
    expect(bib.holdings).toEqual([{ barcode: '1683011', callNumber: 'F124/26' }]);
    expect(bib.allText).toEqual(expect.arrayContaining(["'94Zhong Guo Fa Zhan Bao Gao", 'Ye Zhen']));
  });
});
