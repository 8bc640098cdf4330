import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readCatalogueFile } from '../src/index.js';
import type { ReadResult } from '../src/index.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const catalog = resolve(repoRoot, '..', 'shared', 'testdata', 'catalog');

/** What reading one file must give: SOURCES.md's record count, and every reject explained. */
interface Expectation {
  /** Records (or rows) SOURCES.md counts in the file. */
  records: number;
  /** A trailing partial record (reported as one extra reject). */
  hasPartial?: boolean;
  /** Each expected reject's reason, in file order. */
  rejects?: RegExp[];
}

const DAMAGED_UTF8 =
  /^leader\/09 says UTF-8 and the record holds \d+ well-formed UTF-8 character\(s\), but 1 byte\(s\) are not valid UTF-8/;
const BROKEN_DIRECTORY =
  /^directory is unusable: its start positions do not match the data, and the data holds \d+ fields where the directory lists \d+$/;

/** Per-file expectations; documentation files (SOURCES.md, README, manifest.json) are not catalogue data. */
const EXPECTED: Record<string, Expectation> = {
  'blacklight-marc/test_data.utf8.mrc': { records: 30 },
  'douban-books/Books_detail.csv': { records: 6584 },
  'dp2-cnmarc/sample_cnmarcxml.xml': { records: 10 },
  'dp2-cnmarc/sample_isohold.xml': { records: 10 },
  'dp2-cnmarc/sample_marcxml.xml': { records: 10 },
  'dp2-cnmarc/sample_unimarcxml.xml': { records: 10 },
  'evergreen/FSL.marc': { records: 52 },
  'evergreen/auth-1066.mrc': { records: 1066 },
  'evergreen/badisbns.xml': { records: 10 },
  'evergreen/bibs_graphic_880.xml': { records: 7 },
  'evergreen/hebrew.marc': { records: 20 },
  'evergreen/jazz_1k.mrc': { records: 1000 },
  'evergreen/lul_fre_100.mrc': { records: 100 },
  'evergreen/lul_fre_500.mrc': { records: 500 },
  'evergreen/map_data.mrc': { records: 3 },
  'evergreen/nepali.marc': { records: 96 },
  'evergreen/oss.marc': { records: 42 },
  'evergreen/sample_acq_order.mrc': { records: 10 },
  'evergreen/serials_marc21.xml': { records: 7 },
  'evergreen/serials_mfhd.xml': { records: 7 },
  'lc-sru-mrrc-testbed/authority/sample.mrc': { records: 150 },
  'lc-sru-mrrc-testbed/bibliographic/sample.mrc': { records: 386 },
  'lc-sru-mrrc-testbed/edge_cases/sample.mrc': { records: 50 },
  'marc4j/008008027.mrc': {
    records: 18,
    hasPartial: true,
    rejects: [
      /^truncated file: the last 3034 bytes \(from byte 62502\) are a partial record with no record terminator$/,
    ],
  },
  'marc4j/065001035.mrc': { records: 40 },
  'marc4j/OCLC_814388508.xml': { records: 1 },
  'marc4j/azdoud.xml': { records: 1 },
  'marc4j/bad_hathi_records.mrc': { records: 5 },
  'marc4j/bad_leaders_10_11.mrc': { records: 1 },
  'marc4j/bad_oversize_field_bad_directory.mrc': { records: 5 },
  'marc4j/bad_too_long_plus_2.mrc': { records: 3 },
  'marc4j/brkrtest.mrc': { records: 8 },
  'marc4j/brkrtest_UTF8.mrc': { records: 8 },
  'marc4j/chabon.xml': { records: 2 },
  'marc4j/chinese_mangled_multibyte.mrc': { records: 4 },
  'marc4j/cyrillic_capital_e.mrc': { records: 2 },
  'marc4j/datos-20161010-slice.mrc': { records: 1 },
  'marc4j/greekmissingcharsetchange.mrc': { records: 3 },
  'marc4j/incomplete_esc_seq.mrc': { records: 1 },
  'marc4j/loongboonmee.mrc': { records: 2 },
  // All three carry one stray byte inside real UTF-8 text: damaged, not MARC-8.
  'marc4j/not_unimarc_errors_3.mrc': { records: 3, rejects: [DAMAGED_UTF8, DAMAGED_UTF8, DAMAGED_UTF8] },
  'marc4j/oclc_63111280_export_as_UTF8_from_connexion.mrc': { records: 1 },
  'marc4j/pride-and-prejudice-fixed.mrc': { records: 383 },
  // 16 records have extra field terminators that no directory entry accounts for; one has a Latin-1 "Ø"
  // under leader/09 "a" (not UTF-8, not MARC-8). The 68 MARC-8 records mislabelled "a" are read as MARC-8.
  'marc4j/pride-and-prejudice-with-many-errors.mrc': {
    records: 383,
    rejects: [
      ...Array.from({ length: 15 }, () => BROKEN_DIRECTORY),
      /^leader\/09 says UTF-8 but the bytes are not UTF-8 \(first bad byte at record offset 457\) and they are not clean MARC-8 either: 1 undecodable: field 852: byte D8 is unassigned in MARC-8 set 45$/,
      BROKEN_DIRECTORY,
    ],
  },
  'marc4j/selectedRecs.mrc': { records: 11 },
  'marc4j/u335.mrc': { records: 1 },
  'marc4j/unordered-directory-entries.mrc': { records: 1 },
  'pymarc/1251.dat': { records: 6 },
  'pymarc/bad_eacc_encoding.dat': { records: 1 },
  'pymarc/bad_marc8_escape.dat': { records: 1 },
  // Eight deliberately broken records: six are recovered (with warnings), two cannot be.
  'pymarc/bad_records.mrc': {
    records: 8,
    rejects: [
      /^directory is unusable: directory entry 1 \(tag 245\) has a non-numeric length or start/,
      /^record has an empty directory \(no fields\)$/,
    ],
  },
  'pymarc/batch.xml': { records: 2 },
  'pymarc/diacritic.dat': { records: 1 },
  'pymarc/marc.dat': { records: 20 },
  'pymarc/regression45.dat': { records: 12 },
  'pymarc/test.dat': { records: 10 },
  'pymarc/testunimarc.dat': { records: 1 },
  'pymarc/utf8_invalid.mrc': { records: 1 },
  'pymarc/utf8_with_leader_flag.dat': { records: 1 },
  'pymarc/utf8_without_leader_flag.dat': { records: 1 },
  'qa-catalogue/000-line-seperated.mrc': { records: 20 },
  'qa-catalogue/BooksAll.2014.part01-0001.mrc': { records: 100 },
  'qa-catalogue/marc.json': { records: 674 },
  'qa-catalogue/serial.bnr.1993.mrc': { records: 11 },
  'qa-catalogue/short.bnr.1993.mrc': { records: 10 },
  'qa-catalogue/short.firenze.1977.mrc': { records: 10 },
  'qa-catalogue/thomas-mann.xml.gz': { records: 352 },
  'temple-tul_cob/and-ampersand-examples_marc.xml': { records: 114 },
  'temple-tul_cob/marc_fixture_1_marc.xml': { records: 16 },
  'temple-tul_cob/marc_fixture_2_marc.xml': { records: 91 },
  'temple-tul_cob/marc_fixture_3_marc.xml': { records: 95 },
  'temple-tul_cob/marc_fixture_4_marc.xml': { records: 169 },
  'traject/880_with_no_6.utf8.marc': { records: 1 },
  'traject/bad_utf_byte.utf8.marc': {
    records: 1,
    rejects: [
      /^leader\/09 says UTF-8 but the bytes are not UTF-8 \(first bad byte at record offset 62\) and they are not clean MARC-8 either/,
    ],
  },
  'traject/escaped_character_reference.marc8.marc': { records: 1 },
  'traject/hebrew880s.marc': { records: 1 },
  'traject/iso639-3_lang.marc': { records: 1 },
  'traject/manufacturing_consent.marc': { records: 1 },
  'traject/one-marc8.mrc': { records: 1 },
  'traject/test_data.utf8.json': { records: 30 },
  'traject/test_data.utf8.marc.xml': { records: 30 },
};
const GROUPS: [RegExp, Expectation][] = [
  [/^evergreen\/RDA\/RDA_record_.*\.mrc$/, { records: 1 }],
  [/^openlibrary\/bin_input\/.*\.mrc$/, { records: 1 }],
  [/^openlibrary\/xml_input\/.*_marc\.xml$/, { records: 1 }],
];
const DOCUMENTATION = /(^SOURCES\.md|^evergreen\/README|\/manifest\.json)$/;

function listFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

function expectationFor(file: string): Expectation | undefined {
  return EXPECTED[file] ?? GROUPS.find(([pattern]) => pattern.test(file))?.[1];
}

async function readAll(file: string): Promise<ReadResult[]> {
  const results: ReadResult[] = [];
  for await (const result of readCatalogueFile(resolve(catalog, file), { file })) results.push(result);
  return results;
}

const files = listFiles(catalog)
  .map((path) => relative(catalog, path))
  .filter((file) => !DOCUMENTATION.test(file))
  .sort();

describe('every file of ../shared/testdata/catalog', () => {
  it('has an expectation (a new file must be added here)', () => {
    expect(files.filter((file) => !expectationFor(file))).toEqual([]);
    expect(files.length).toBe(Object.keys(EXPECTED).length + 10 + 60 + 22);
  });

  it.each(files)('%s: SOURCES.md count met, every reject explained', async (file) => {
    const expectation = expectationFor(file);
    if (!expectation) throw new Error(`no expectation for ${file}`);
    const results = await readAll(file);
    const rejects = results.filter((result) => !result.ok);
    expect(results.length).toBe(expectation.records + (expectation.hasPartial ? 1 : 0));
    expect(rejects.length).toBe(expectation.rejects?.length ?? 0);
    rejects.forEach((reject, index) => {
      if (reject.ok) return;
      expect(reject.reason).toMatch(expectation.rejects?.[index] ?? /^$/);
      expect(reject.raw.length).toBeGreaterThan(0);
    });
    results.forEach((result, index) => expect(result.source.index).toBe(index));
  });
});
