/** Kinds of document a citation style names differently. */
export type CitationType = 'book' | 'journal' | 'thesis' | 'article' | 'newspaper' | 'standard' | 'patent' | 'other';

/** What the citation and export formats need of a record, already cleaned of cataloguing punctuation. */
export type CitationRecord = {
  recordId: number;
  type: CitationType;
  /** The title as the book prints it: in its original script when the record has it (MARC 880). */
  title: string;
  /** The romanised title when `title` is in an original script ('Ci an zhou bian' beside 次按驟變). */
  titleRomanized?: string | null;
  /** Other title information (subtitle). */
  subtitle?: string | null;
  /** Names as catalogued, one per person or body: '鲁迅', 'Smith, John A.', '中华书局编辑部'. */
  authors: string[];
  /** True when the record itself says there are more authors (等, et al.). */
  moreAuthors?: boolean;
  edition?: string | null;
  place?: string | null;
  publisher?: string | null;
  /** Year of publication as catalogued, reduced to its digits: '2016'. */
  year?: string | null;
  isbns?: string[];
  issn?: string | null;
  /** Extent, e.g. '325页' or 'xii, 300 p.'. */
  pages?: string | null;
  series?: string[];
  subjects?: string[];
  abstract?: string | null;
  notes?: string[];
  /** MARC language code ('chi', 'eng'). */
  language?: string | null;
  callNumber?: string | null;
  /** Link to the record (the discovery page) or to the electronic copy. */
  url?: string | null;
};

/** Any CJK ideograph (unified, extension A, compatibility). */
const CJK = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;

/** Whether the text holds Chinese (or Japanese kanji) characters. */
export function hasCjk(text: string): boolean {
  return CJK.test(text);
}

/** A name split into family and given parts when catalogued as 'Family, Given'; otherwise a literal (CJK names, bodies). */
export type PersonName = { family: string; given: string } | { literal: string };

/** Reads a catalogued name: 'Smith, John A.' → family Smith, given 'John A.'; '鲁迅' → literal. */
export function parseName(name: string): PersonName {
  const text = name.trim();
  if (hasCjk(text)) return { literal: text };
  const comma = text.indexOf(',');
  if (comma <= 0) return { literal: text };
  const family = text.slice(0, comma).trim();
  // Drop dates and roles catalogued after the given name: 'Smith, John, 1950-'.
  const given = text
    .slice(comma + 1)
    .split(',')[0]!
    .replace(/\s+\d{3,4}-.*$/, '')
    .trim();
  return given ? { family, given } : { literal: family };
}

/** Initials of given names: 'John Albert' → ['J', 'A']; 'Jean-Paul' → ['J', 'P']. */
export function initials(given: string): string[] {
  return given
    .split(/[\s.-]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase());
}

/** Role words a Chinese statement of responsibility ends with (著, 主编, 编著…), longest first. */
const CJK_ROLES = [
  '副主编',
  '总主编',
  '编著',
  '主编',
  '编译',
  '编写',
  '选编',
  '校注',
  '整理',
  '原著',
  '合著',
  '执笔',
  '编纂',
  '撰文',
  '译注',
  '翻译',
  '著',
  '编',
  '译',
  '撰',
  '校',
  '注',
  '绘',
  '辑',
  '述',
];
const ROLE_SUFFIX = new RegExp(`(?:${CJK_ROLES.join('|')})$`);
/** A dynasty or nationality before a Chinese name: '（清）曹雪芹', '[美]'. */
const ORIGIN_PREFIX = /^[[［(（〔][^\]］)）〕]{1,6}[\]］)）〕]\s*/;

/**
 * Splits a statement of responsibility into names: '张三，李四编著' → ['张三', '李四'];
 * '（清）曹雪芹著；高鹗整理' → ['曹雪芹', '高鹗']. Names without CJK are split on ';' only, since
 * 'Family, Given' holds a comma. `more` is true when the statement ends in 等 / et al.
 */
export function splitAuthors(statement: string | null | undefined): { names: string[]; more: boolean } {
  const text = (statement ?? '').trim();
  if (!text) return { names: [], more: false };
  let more = false;
  const parts = text.split(/\s*[;；]\s*/).flatMap((part) => (hasCjk(part) ? part.split(/\s*[，,、\s]\s*/) : [part]));
  const names: string[] = [];
  for (const raw of parts) {
    let name = raw.trim().replace(ORIGIN_PREFIX, '');
    if (/et al\.?$/i.test(name)) {
      more = true;
      name = name.replace(/,?\s*et al\.?$/i, '');
    }
    if (hasCjk(name)) {
      let previous = '';
      while (previous !== name) {
        previous = name;
        name = name.replace(ROLE_SUFFIX, '').trim();
        if (name.endsWith('等')) {
          more = true;
          name = name.slice(0, -1);
        }
      }
    }
    name = name.replace(/[.,，。\s]+$/, '').trim();
    if (name && !names.includes(name)) names.push(name);
  }
  return { names, more };
}

/** Collapses line breaks and runs of spaces: export formats are one line per field. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Whether the record is written in Chinese (its language code, else its title). */
export function isChineseRecord(record: CitationRecord): boolean {
  if (record.language) return record.language === 'chi' || record.language === 'zho';
  return hasCjk(record.title);
}

/** The title with its subtitle, joined as the style wants. */
export function fullTitle(record: CitationRecord, separator = ': '): string {
  return record.subtitle ? `${record.title}${separator}${record.subtitle}` : record.title;
}

/**
 * The title as a citation gives it: in its original script, the romanised form after it in square
 * brackets ('次按驟變 [Ci an zhou bian]'), as library catalogues (VuFind, Blacklight) and MLA's
 * advice for non-Latin titles give both; the full title alone when the record has one form.
 */
export function citedTitle(record: CitationRecord, separator = ': '): string {
  const title = fullTitle(record, separator);
  const romanized = record.titleRomanized?.trim();
  return romanized && romanized !== title ? `${title} [${romanized}]` : title;
}
