import { describe, expect, it } from 'vitest';
import type { ReadOk, ReadResult } from '../model/read-result.js';
import { parseCsvMapping } from './csv-mapping.js';
import type { CsvMapping } from './csv-mapping.js';
import { readCsv } from './read-csv.js';

async function readText(text: string, mapping?: CsvMapping): Promise<ReadResult[]> {
  const results: ReadResult[] = [];
  const bytes = new TextEncoder().encode(text);
  for await (const result of readCsv([bytes.subarray(0, 30), bytes.subarray(30)], {
    file: 'books.csv',
    ...(mapping && { mapping }),
  })) {
    results.push(result);
  }
  return results;
}
const ok = (result: ReadResult | undefined): ReadOk => {
  if (!result?.ok) throw new Error(`expected a record, got ${result ? result.reason : 'nothing'}`);
  return result;
};

const header =
  'ID,Rating,Votes,Title,author,publisher,pub_year,pages,price,binding,isbn,original_title,translator,subtitle,series,crawl_status';

describe('readCsv (Douban shape)', () => {
  it('reads a BOM-prefixed row: entities, nationality prefixes, translators, ISBN as text', async () => {
    const csv = `\uFEFF${header}\n1770782,8.9,1,追风筝的人 &#39;新版&#39;,[美] 卡勒德·胡赛尼 / 李四 著,上海人民出版社,2006-5,531；706,29.00元,平装,9787208061644.0,The Kite Runner,李继宏,,卡勒德·胡赛尼作品,success\n`;
    const bib = ok((await readText(csv))[0]).bib;
    expect(bib.title).toBe("追风筝的人 '新版'");
    expect(bib.identity.key).toBe('douban:1770782');
    expect(bib.authors).toEqual([
      { name: '卡勒德·胡赛尼', kind: 'personal', isMain: true, nationality: '美' },
      { name: '李四', kind: 'personal', isMain: true, roles: ['著'] },
      { name: '李继宏', kind: 'personal', isMain: false, roles: ['译'] },
    ]);
    expect(bib.isbns).toEqual(['9787208061644']);
    expect(bib.year).toBe(2006);
    expect(bib.yearRaw).toBe('2006-5');
    expect(bib.price).toBe('29.00元');
    expect(bib.physicalDescription).toBe('531; 706页 ; 平装');
    expect(bib.language).toBe('chi');
    expect(bib.otherTitles).toEqual(['The Kite Runner']);
  });

  it('keeps a row with only an id and a title, with a warning; rejects a row without a title', async () => {
    const csv = `${header}\n20427187,8.8,1,看见,,,,,,,,,,,,fail\n1,,,,,,,,,,,,,,,success\n`;
    const results = await readText(csv);
    expect(ok(results[0]).warnings).toEqual(['row has only an id and a title (its status is "fail")']);
    expect(results[1]?.ok).toBe(false);
    expect(results[1] && !results[1].ok && results[1].reason).toBe('row 1 has no title');
  });

  it('reads other shapes through a mapping file (TSV, column indexes)', async () => {
    const mapping = parseCsvMapping({ columns: { title: 0, isbn: 'ISBN', clc: 'class' }, delimiter: '\t' });
    if (typeof mapping === 'string') throw new Error(mapping);
    const bib = ok((await readText('Title\tISBN\tclass\n三体\t7536692935\tI247.5\n', mapping))[0]).bib;
    expect(bib.isbns).toEqual(['9787536692930']);
    expect(bib.clc).toEqual(['I247.5']);
  });

  it('explains a bad mapping file and a header that lacks a mapped column', async () => {
    expect(parseCsvMapping({ columns: { name: 'x' } })).toMatch(/unknown target field "name"/);
    expect(parseCsvMapping({ columns: { isbn: 'x' } })).toBe('mapping must name a column for "title"');
    const results = await readText('Name,Other\nx,y\n');
    expect(results).toHaveLength(1);
    expect(results[0] && !results[0].ok && results[0].reason).toMatch(/CSV header lacks the title column/);
    const partial = await readText('ID,Title\n1,Only\n');
    expect(ok(partial[0]).warnings[0]).toMatch(/lacks the mapped column\(s\) authors → "author"/);
  });
});
