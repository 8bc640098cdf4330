import { ApiPath } from '@openfind/contract';
import { decodeIso2709, mapRecord, marcFromJson, writeIso2709 } from '@openfind/marc';
import type { BibRecord, MarcJson } from '@openfind/marc';
import type { BookDetail, RecordDetail } from '@openfind/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordInput } from '../src/modules/catalogue/record-input.js';
import { demoMarc } from '../src/seed/demo-marc.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';

const ENTERED = new Date('2026-03-04T05:06:07Z');

const WEICHENG: RecordInput = {
  sourceKey: 'demo:4',
  sourceFormat: 'demo',
  title: '围城',
  author: '钱锺书著',
  authors: ['钱锺书'],
  responsibility: '钱锺书著',
  publisher: '人民文学出版社',
  publishPlace: '北京',
  publishYear: '2019',
  publishYearInt: 2019,
  physicalDescription: '844页 ; 21cm',
  isbns: ['9787020100040'],
  price: 'CNY88.00',
  clcClasses: ['I246.5'],
  callNumbers: ['I246.5/944'],
  subjects: ['长篇小说', '中国', '现代'],
  langCode: 'chi',
  countryCode: 'CN',
  docCode: '1',
  abstract: '本书深入讨论了长篇小说、中国、现代的最新进展。',
  links: [{ url: 'https://ebooks.example.org/book/4', label: '电子全文' }],
};

/** The record as the MARC reader and mapper of the import see it, after a trip through ISO 2709. */
function readBack(marc: MarcJson): { bib: BibRecord; bytes: Uint8Array; leader: string } {
  const parsed = marcFromJson(marc as never);
  if ('reason' in parsed) throw new Error(parsed.reason);
  const bytes = writeIso2709(parsed.record);
  const decoded = decodeIso2709(bytes);
  if ('reason' in decoded) throw new Error(decoded.reason);
  return { bib: mapRecord(decoded.record).bib, bytes, leader: decoded.record.leader };
}

describe('the MARC21 record of a demo record', () => {
  it('says what the record says, read back by the import mapper', () => {
    const marc = demoMarc(WEICHENG, 'OFD00000004', ENTERED);
    const { bib } = readBack(marc);
    expect(bib).toMatchObject({
      flavour: 'marc21',
      recordKind: 'bibliographic',
      docCode: '1',
      identity: { controlNumber: 'OFD00000004' },
      title: '围城',
      responsibility: '钱锺书著',
      publisher: '人民文学出版社',
      place: '北京',
      year: 2019,
      physicalDescription: '844页 ; 21cm',
      isbns: ['9787020100040'],
      price: 'CNY88.00',
      clc: ['I246.5'],
      subjects: ['长篇小说', '中国', '现代'],
      language: 'chi',
      country: 'cc',
      abstract: WEICHENG.abstract,
      links: [{ url: 'https://ebooks.example.org/book/4', label: '电子全文' }],
    });
    expect(bib.callNumbers).toContain('I246.5/944');
    expect(bib.authors.map((a) => [a.name, a.isMain])).toEqual([['钱锺书', true]]);
  });

  it('has a leader and fixed fields of the right shape, lengths as written in ISO 2709', () => {
    const marc = demoMarc(WEICHENG, 'OFD00000004', ENTERED);
    const { bytes, leader } = readBack(marc);
    expect(marc.leader).toHaveLength(24);
    expect(Number(marc.leader.slice(0, 5))).toBe(bytes.length);
    expect(marc.leader).toBe(leader);
    expect(marc.leader.slice(5, 10)).toBe('nam a');
    expect(marc.leader.slice(20)).toBe('4500');
    const f008 = marc.fields.find((f) => '008' in f)?.['008'];
    // entered 260304, single date 2019, China, 11 blanks (no illustrations…), not a conference/festschrift/index, Chinese.
    expect(f008).toBe(`260304s2019    cc ${' '.repeat(11)}000 0 chi d`);
    expect(f008).toHaveLength(40);
    expect(marc.fields.find((f) => '005' in f)?.['005']).toBe('20260304000000.0');
    expect(marc.fields.map((f) => Object.keys(f)[0])).toEqual([
      '001',
      '005',
      '008',
      '020',
      '084',
      '090',
      '100',
      '245',
      '260',
      '300',
      '520',
      '650',
      '650',
      '650',
      '856',
    ]);
    expect(marc.fields.find((f) => '245' in f)?.['245']).toEqual({
      ind1: '1',
      ind2: '0',
      subfields: [{ a: '围城 /' }, { c: '钱锺书著' }],
    });
  });

  it('keeps a second author in 700, an inverted name as a surname heading, and a journal as a serial', () => {
    const two = demoMarc(
      { ...WEICHENG, authors: ['张伟', '李娜'], responsibility: '张伟，李娜编著', links: [], abstract: null },
      'OFD00000100',
      ENTERED,
    );
    expect(readBack(two).bib.authors.map((a) => [a.name, a.isMain])).toEqual([
      ['张伟', true],
      ['李娜', false],
    ]);
    const english = demoMarc(
      { ...WEICHENG, title: 'Pride and Prejudice', authors: ['Austen, Jane'], langCode: 'eng', countryCode: 'US' },
      'OFD00000050',
      ENTERED,
    );
    expect(english.fields.find((f) => '100' in f)?.['100']).toMatchObject({ ind1: '1' });
    expect(readBack(english).bib).toMatchObject({ language: 'eng', country: 'xxu' });
    const journal = demoMarc({ ...WEICHENG, docCode: '2' }, 'OFD00000200', ENTERED);
    expect(journal.leader.slice(6, 8)).toBe('as');
    expect(journal.fields.find((f) => '008' in f)?.['008']).toHaveLength(40);
    expect(readBack(journal).bib.docCode).toBe('2');
    const thesis = demoMarc({ ...WEICHENG, docCode: '3' }, 'OFD00000300', ENTERED);
    expect(readBack(thesis).bib.docCode).toBe('3');
  });
});

describe('demo records on the record page', () => {
  let t: TestApp;
  beforeAll(async () => {
    // About the demo data itself: the demo seed's records, as a fresh install shows them.
    t = await createTestApp({ records: 12 });
  });
  afterAll(async () => t?.close());

  it('show their MARC record, and the basic information is unchanged by it', async () => {
    const tenantId = (await t.services.tenants.byMappingPath(''))!.id;
    const row = await t.db.kysely
      .selectFrom('bib_record')
      .select('record_id')
      .where('tenant_id', '=', tenantId)
      .where('source_key', '=', 'demo:4')
      .executeTakeFirstOrThrow();
    const recordId = String(row.record_id);
    const detail = envelopeOf<RecordDetail>(
      await t.call({ url: ApiPath.getDetail, query: { recordId }, mappingPath: '' }),
    ).data;
    expect(detail.leader).toMatch(/^\d{5}nam a22\d{5} a 4500$/);
    expect(detail.marc.find((f) => f.tag === '245')?.value).toBe('$a 围城 / $c 钱锺书著');
    expect(detail.marc.find((f) => f.tag === '084')?.value).toBe('$a I246.5 $2 clc');
    const rows = envelopeOf<BookDetail>(
      await t.call({ url: ApiPath.getBookDetail, query: { recordId }, mappingPath: '' }),
    ).data.bean2List.map((b) => [b.key, b.fieldVal]);
    expect(rows).toContainEqual(['cnb01', '围城/钱锺书著']);
    expect(rows).toContainEqual(['cnb48', '钱锺书']);
    expect(rows.filter(([key]) => key === 'cnb49')).toEqual([]);
  });
});
