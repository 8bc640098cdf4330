import { describe, expect, it } from 'vitest';
import type { SearchRecord } from '@openfind/contract';
import { loadCiteFormats } from '../record';
import { citationOfRow, folderExport } from './folder-export';

const f = await loadCiteFormats();

const row = (over: Partial<SearchRecord>): SearchRecord =>
  ({
    recordId: 7,
    title: '红楼梦 /',
    titleRomanized: null,
    author: '曹雪芹著',
    publisher: '人民文学出版社,',
    publishYear: '1982.3',
    isbn: '9787020002207',
    isbns: ['9787020002207'],
    issn: null,
    langCode: 'chi',
    docCode: 1,
    adstract: null,
    subjectWord: '章回小说; 中国',
    callNoOne: 'I242.4/1',
    ...over,
  }) as SearchRecord;

describe('a folder export', () => {
  it('cites each row of the favourites list, cleaned of cataloguing punctuation', () => {
    expect(citationOfRow(row({}), 'https://lib.example.org', f)).toMatchObject({
      recordId: 7,
      type: 'book',
      title: '红楼梦',
      publisher: '人民文学出版社',
      year: '1982',
      isbns: ['9787020002207'],
      subjects: ['章回小说', '中国'],
      callNumber: 'I242.4/1',
      url: 'https://lib.example.org/searchList/bookDetails/7',
    });
  });

  it('writes every record as RIS or BibTeX, named after the folder', () => {
    const rows = [row({}), row({ recordId: 8, title: 'A_b & c', docCode: 3 })];
    const ris = folderExport(rows, 'ris', '古典 小说', '', f);
    expect(ris.fileName).toBe('古典_小说.ris');
    expect(ris.mediaType).toBe('application/x-research-info-systems');
    expect(ris.text.match(/^TY {2}- /gm)).toHaveLength(2);
    expect(ris.text).toContain('TI  - 红楼梦\r\n');
    const bib = folderExport(rows, 'bibtex', '', '', f);
    expect(bib.fileName).toBe('favourites.bib');
    expect(bib.text).toContain('@book{openfind7,');
    expect(bib.text).toContain('@phdthesis{openfind8,');
    expect(bib.text).toContain('title = {A\\_b \\& c}');
  });
});
