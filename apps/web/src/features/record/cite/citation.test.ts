import { describe, expect, it } from 'vitest';
import type { RecordDetail } from '@openfind/contract';
import type { CitationRecord } from './citation-record';
import { parseName, splitAuthors } from './citation-record';
import { citationText, formatApa, formatGbt7714, formatMla } from './citation-styles';
import { escapeBibtex, exportFileName, exportRecord, toBibtex, toEndNote, toRis } from './export-formats';
import { parseBibtex, parseRis, unescapeBibtex } from './read-back';
import { toCitationRecord } from './to-citation-record';

const chinese: CitationRecord = {
  recordId: 42,
  type: 'book',
  title: '国史旧闻',
  subtitle: '第1卷',
  authors: ['陈登原'],
  place: '北京',
  publisher: '中华书局',
  year: '2000',
  isbns: ['9787101020618'],
  subjects: ['中国历史', '史料'],
  language: 'chi',
  callNumber: 'K204/12',
  pages: '325页',
};

const western: CitationRecord = {
  recordId: 7,
  type: 'book',
  title: 'The C programming language',
  authors: ['Kernighan, Brian W.', 'Ritchie, Dennis M.'],
  edition: '2nd ed.',
  place: 'Englewood Cliffs, N.J.',
  publisher: 'Prentice Hall',
  year: '1988',
  isbns: ['0131103628'],
  language: 'eng',
};

/** A record whose text holds every character BibTeX and RIS treat specially. */
const tricky: CitationRecord = {
  recordId: 9,
  type: 'book',
  title: 'Braces {and} 100% $cost & C# under_score ^hat ~tilde \\back',
  authors: ['Society for Arts and Sciences', '张三'],
  publisher: 'A & B\nPress',
  year: '2020',
  abstract: 'Line one\r\nline two {unbalanced',
};

describe('names', () => {
  it('splits a Chinese statement of responsibility and drops role words and origins', () => {
    expect(splitAuthors('张三，李四编著')).toEqual({ names: ['张三', '李四'], more: false });
    expect(splitAuthors('（清）曹雪芹著；高鹗整理')).toEqual({ names: ['曹雪芹', '高鹗'], more: false });
    expect(splitAuthors('王五等主编')).toEqual({ names: ['王五'], more: true });
    expect(splitAuthors('[美] 克努特著')).toEqual({ names: ['克努特'], more: false });
  });

  it("keeps western 'Family, Given' names whole and reads et al.", () => {
    expect(splitAuthors('Kernighan, Brian W.; Ritchie, Dennis M.')).toEqual({
      names: ['Kernighan, Brian W', 'Ritchie, Dennis M'],
      more: false,
    });
    expect(splitAuthors('Smith, John, et al.')).toEqual({ names: ['Smith, John'], more: true });
    expect(splitAuthors(null)).toEqual({ names: [], more: false });
  });

  it('parses family and given names, leaving CJK names and bodies literal', () => {
    expect(parseName('Smith, John A., 1950-')).toEqual({ family: 'Smith', given: 'John A.' });
    expect(parseName('鲁迅')).toEqual({ literal: '鲁迅' });
    expect(parseName('World Bank')).toEqual({ literal: 'World Bank' });
  });
});

describe('GB/T 7714-2015', () => {
  it('formats a Chinese monograph', () => {
    expect(citationText(formatGbt7714(chinese))).toBe('陈登原. 国史旧闻: 第1卷[M]. 北京: 中华书局, 2000.');
  });

  it('writes western family names in capitals with initials, and the edition', () => {
    expect(citationText(formatGbt7714(western))).toBe(
      'KERNIGHAN B W, RITCHIE D M. The C programming language[M]. 2nd ed. Englewood Cliffs, N.J.: Prentice Hall, 1988.',
    );
  });

  it('lists three authors, then 等 for Chinese and et al for others', () => {
    const four = { ...chinese, subtitle: null, authors: ['张三', '李四', '王五', '赵六'] };
    expect(citationText(formatGbt7714(four))).toBe('张三, 李四, 王五, 等. 国史旧闻[M]. 北京: 中华书局, 2000.');
    const many = { ...western, authors: ['A, Ann', 'B, Bob', 'C, Cy', 'D, Di'] };
    expect(citationText(formatGbt7714(many))).toMatch(/^A A, B B, C C, et al\. The C/);
  });

  it('starts with the title when there is no author, and leaves out what is missing', () => {
    const bare: CitationRecord = { recordId: 1, type: 'thesis', title: '论文', authors: [], year: '2019' };
    expect(citationText(formatGbt7714(bare))).toBe('论文[D]. 2019.');
  });
});

describe('APA 7 and MLA 9', () => {
  it('formats APA with initials, ampersand and an italic title', () => {
    const parts = formatApa(western);
    expect(citationText(parts)).toBe(
      'Kernighan, B. W., & Ritchie, D. M. (1988). The C programming language (2nd ed.). Prentice Hall.',
    );
    expect(parts.find((p) => p.italic)?.text).toBe('The C programming language');
  });

  it('keeps Chinese names whole in APA and moves the title first without author', () => {
    expect(citationText(formatApa(chinese))).toBe('陈登原. (2000). 国史旧闻: 第1卷. 中华书局.');
    expect(citationText(formatApa({ ...chinese, authors: [], year: null }))).toBe('国史旧闻: 第1卷. (n.d.). 中华书局.');
  });

  it('formats MLA with the second author in natural order, and et al. from three', () => {
    expect(citationText(formatMla(western))).toBe(
      'Kernighan, Brian W., and Dennis M. Ritchie. The C programming language. 2nd ed., Prentice Hall, 1988.',
    );
    const three = { ...western, edition: null, authors: [...western.authors, 'Pike, Rob'] };
    expect(citationText(formatMla(three))).toBe(
      'Kernighan, Brian W., et al. The C programming language. Prentice Hall, 1988.',
    );
  });
});

describe('RIS', () => {
  it('writes one tag a line with CRLF and parses back', () => {
    const text = toRis(chinese);
    expect(text.endsWith('ER  - \r\n')).toBe(true);
    const [ref, ...rest] = parseRis(text);
    expect(rest).toEqual([]);
    expect(ref!.type).toBe('BOOK');
    expect(ref!.fields).toMatchObject({
      TI: ['国史旧闻: 第1卷'],
      AU: ['陈登原'],
      PY: ['2000'],
      CY: ['北京'],
      PB: ['中华书局'],
      SN: ['9787101020618'],
      KW: ['中国历史', '史料'],
      CN: ['K204/12'],
    });
  });

  it('puts multi-line values on one line and repeats AU per author', () => {
    const ref = parseRis(toRis(tricky))[0]!;
    expect(ref.fields.AU).toEqual(['Society for Arts and Sciences', '张三']);
    expect(ref.fields.PB).toEqual(['A & B Press']);
    expect(ref.fields.AB).toEqual(['Line one line two {unbalanced']);
  });

  it('rejects text that is not RIS (the reader can fail)', () => {
    expect(() => parseRis('TY  - BOOK\r\nTI - broken\r\nER  - \r\n')).toThrow(/line 2/);
    expect(() => parseRis('TY  - BOOK\r\n')).toThrow(/no ER/);
  });
});

describe('BibTeX', () => {
  it('writes an entry that parses back with the record text', () => {
    const [entry, ...rest] = parseBibtex(toBibtex(western));
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ type: 'book', key: 'openfind7' });
    expect(entry!.fields).toMatchObject({
      title: 'The C programming language',
      author: 'Kernighan, Brian W. and Ritchie, Dennis M.',
      publisher: 'Prentice Hall',
      year: '1988',
      edition: '2nd ed.',
    });
  });

  it('escapes braces and special characters so that every brace balances', () => {
    const text = toBibtex(tricky);
    const entry = parseBibtex(text)[0]!;
    expect(unescapeBibtex(entry.fields.title!)).toBe(tricky.title);
    expect(entry.fields.title).toContain('\\{and\\}');
    expect(entry.fields.title).toContain('100\\% \\$cost \\& C\\# under\\_score');
    expect(unescapeBibtex(entry.fields.abstract!)).toBe('Line one line two {unbalanced');
    // A body's name with 'and' in it, and a Chinese name, are braced so BibTeX keeps them whole.
    expect(entry.fields.author).toBe('{Society for Arts and Sciences} and {张三}');
  });

  it('round-trips every escape, including a backslash before a brace', () => {
    const value = '\\{x} a_b ^ ~ # $ % &';
    expect(unescapeBibtex(escapeBibtex(value))).toBe(value);
  });

  it('rejects unbalanced braces (the reader can fail)', () => {
    expect(() => parseBibtex('@book{k,\n  title = {a {b}\n}\n')).toThrow(/unbalanced|expected/);
  });

  it('braces Chinese authors in a Chinese record', () => {
    expect(parseBibtex(toBibtex(chinese))[0]!.fields.author).toBe('{陈登原}');
  });
});

describe('EndNote and file names', () => {
  it('writes %-tagged lines and a blank line after the record', () => {
    const text = toEndNote(western);
    expect(text.split('\n').slice(0, 4)).toEqual([
      '%0 Book',
      '%T The C programming language',
      '%A Kernighan, Brian W.',
      '%A Ritchie, Dennis M.',
    ]);
    expect(text.endsWith('\n\n')).toBe(true);
    expect(
      text
        .split('\n')
        .filter(Boolean)
        .every((line) => /^%[0-9A-Z@] \S/.test(line)),
    ).toBe(true);
  });

  it('names the files by record and format', () => {
    expect(exportFileName(chinese, 'ris')).toBe('record-42.ris');
    expect(exportFileName(chinese, 'bibtex')).toBe('record-42.bib');
    expect(exportFileName(chinese, 'endnote')).toBe('record-42.enw');
    expect(exportRecord(chinese, 'endnote')).toContain('%I 中华书局');
  });
});

describe('records in an original script (MARC 880)', () => {
  /** What getDetail answers for a Chinese book catalogued in romanised form with its 880s. */
  const detail = {
    clearTitle: '次按驟變',
    authorOther: [],
    bean2List: [],
    baseMarcInfoDto: {
      title: '次按驟變',
      titleRomanized: 'Ci an zhou bian',
      titles: ['次按驟變', 'Ci an zhou bian'],
      isbn: '9789573908678',
      publisher: '遠景出版事業有限公司',
      publishYear: '2008.',
      author: '林行止著.',
      cleanAuthor: ['林行止'],
      subject: ['Hong Kong (China) -- Economic conditions'],
      myFav: false,
      publishPlace: '臺北縣板橋市',
      edition: '初版.',
      series: ['林行止作品集 ; 51'],
      chiClassNo: [],
      issn: null,
      langCode: 'chi',
      docCode: '1',
      docName: '图书',
      physicalDescription: '5, 300 p. ; 21 cm.',
      abstract: null,
    },
    link: [],
    record: { recordId: 501, isbns: ['9789573908678'], callNoOne: 'HC59.15 .L533 2008' },
    marc: [],
    leader: '',
  } as unknown as RecordDetail;
  const record = toCitationRecord(detail, null);

  it('cites the original script first and the romanised title after it in brackets, in every style', () => {
    expect(record).toMatchObject({ title: '次按驟變', titleRomanized: 'Ci an zhou bian', authors: ['林行止'] });
    expect(citationText(formatGbt7714(record))).toBe(
      '林行止. 次按驟變 [Ci an zhou bian][M]. 初版. 臺北縣板橋市: 遠景出版事業有限公司, 2008.',
    );
    expect(formatApa(record)).toEqual([
      { text: '林行止. (2008). ' },
      { text: '次按驟變 [Ci an zhou bian]', italic: true },
      { text: ' (初版). 遠景出版事業有限公司.' },
    ]);
    expect(citationText(formatMla(record))).toBe(
      '林行止. 次按驟變 [Ci an zhou bian]. 初版, 遠景出版事業有限公司, 2008.',
    );
  });

  it('exports the original title as the title and the romanised one in its own field (RIS TT, EndNote %Q)', () => {
    const ris = parseRis(toRis(record))[0]!;
    expect(ris.fields).toMatchObject({
      TI: ['次按驟變'],
      TT: ['Ci an zhou bian'],
      AU: ['林行止'],
      PB: ['遠景出版事業有限公司'],
      CY: ['臺北縣板橋市'],
      T3: ['林行止作品集 ; 51'],
    });
    const endnote = toEndNote(record).split('\n');
    expect(endnote.slice(0, 4)).toEqual(['%0 Book', '%T 次按驟變', '%Q Ci an zhou bian', '%A 林行止']);
    // BibTeX has no romanised-title field that styles print: it follows in brackets, as cited.
    const bibtex = parseBibtex(toBibtex(record))[0]!;
    expect(unescapeBibtex(bibtex.fields.title!)).toBe('次按驟變 [Ci an zhou bian]');
    expect(bibtex.fields.author).toBe('{林行止}');
  });

  it('keeps a right-to-left title whole and leaves one-script records as they were', () => {
    const hebrew: CitationRecord = {
      recordId: 8,
      type: 'book',
      title: 'אנרכיזם ב״ציון״',
      subtitle: 'בין מרטין בובר לאהרן דוד גורדון',
      titleRomanized: 'Anarkhizm be-"Tsiyon" : ben Marṭin Buber le-Aharon Daṿid Gordon',
      authors: ['רצבי, שלום'],
      publisher: 'עם עובד',
      year: '2011',
      language: 'heb',
    };
    expect(citationText(formatMla(hebrew))).toBe(
      'רצבי, שלום. אנרכיזם ב״ציון״: בין מרטין בובר לאהרן דוד גורדון [Anarkhizm be-"Tsiyon" : ben Marṭin Buber le-Aharon Daṿid Gordon]. עם עובד, 2011.',
    );
    expect(parseRis(toRis(hebrew))[0]!.fields.TT).toEqual([hebrew.titleRomanized]);
    expect(toRis(chinese)).not.toContain('TT  -');
    expect(citationText(formatGbt7714(chinese))).not.toContain('[国史');
  });
});
