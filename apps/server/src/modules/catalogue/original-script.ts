import type { BibRecord, VernacularPair } from '@openfind/marc';
import { mapRecord } from '@openfind/marc/map';
import { parseStoredMarc } from '@openfind/marc/stored-marc';

/**
 * A record's values in their original script (MARC 880 paired with a romanised field), as the
 * result rows, the record page and citations show them: the original-script form first, the
 * romanised form beside it. Stored in `bib_record.vernacular` (jsonb) by an import; records stored
 * before these forms were kept (no `script` key) have them worked out again from the kept MARC
 * record by the import's own mapper, so both show the same.
 */
export interface OriginalScript {
  /** BCP 47 language of the original-script values ('zh', 'he', 'ar', 'ru'…), null when unknown. */
  lang: string | null;
  title?: string;
  responsibility?: string;
  /** Names that have an original-script form, each with the romanised heading it pairs with. */
  names: VernacularPair[];
  edition?: string;
  place?: string;
  publisher?: string;
  series: VernacularPair[];
  subjects: VernacularPair[];
}

/** The stored form (`bib_record.vernacular`): strings and lists of strings only. */
export type StoredVernacular = Record<string, string | string[]>;

/**
 * The stored form of a mapped record's original-script values; {} when it has none. `script`
 * ('$1', '(2'…, '' when the 880s name none) is written whenever anything is, so that a row stored
 * with these forms is told apart from one stored before them. Pairs are kept as two aligned lists
 * (`series` and `seriesRomanized`), so that `series`, `subjects` and `authors` stay the plain
 * original-script texts the search analysis reads.
 */
export function storedVernacular(bib: BibRecord): StoredVernacular {
  const out: StoredVernacular = {};
  const names = bib.authors.filter((a) => a.vernacular);
  if (bib.titleVernacular) out.title = bib.titleVernacular;
  if (names.length) {
    out.authors = names.map((a) => a.vernacular!);
    out.authorsRomanized = names.map((a) => a.name);
  }
  if (bib.responsibilityVernacular) out.responsibility = bib.responsibilityVernacular;
  if (bib.editionVernacular) out.edition = bib.editionVernacular;
  if (bib.placeVernacular) out.place = bib.placeVernacular;
  if (bib.publisherVernacular) out.publisher = bib.publisherVernacular;
  const pairs = (key: string, list: VernacularPair[] | undefined) => {
    if (!list?.length) return;
    out[key] = list.map((p) => p.vernacular);
    out[`${key}Romanized`] = list.map((p) => p.romanized);
  };
  pairs('series', bib.seriesVernacular);
  pairs('subjects', bib.subjectsVernacular);
  if (Object.keys(out).length) out.script = bib.vernacularScript ?? '';
  return out;
}

/** Languages written in each MARC script code (by their MARC language code), and the script's default. */
const SCRIPT_LANGS: Record<string, { langs: Record<string, string>; fallback: string }> = {
  $1: { langs: { chi: 'zh', zho: 'zh', jpn: 'ja', kor: 'ko' }, fallback: 'zh' },
  '(2': { langs: { heb: 'he', yid: 'yi', lad: 'lad', arc: 'arc' }, fallback: 'he' },
  '(3': {
    langs: { ara: 'ar', per: 'fa', fas: 'fa', urd: 'ur', pus: 'ps', uig: 'ug', kur: 'ku', snd: 'sd', ota: 'ota' },
    fallback: 'ar',
  },
  '(4': { langs: { ara: 'ar', per: 'fa', urd: 'ur' }, fallback: 'ar' },
  '(N': {
    langs: {
      rus: 'ru',
      ukr: 'uk',
      bel: 'be',
      bul: 'bg',
      srp: 'sr',
      mac: 'mk',
      mkd: 'mk',
      kaz: 'kk',
      kir: 'ky',
      tat: 'tt',
      mon: 'mn',
      tgk: 'tg',
      chu: 'cu',
    },
    fallback: 'ru',
  },
  '(Q': { langs: { rus: 'ru', ukr: 'uk', bel: 'be', bul: 'bg', srp: 'sr', mac: 'mk' }, fallback: 'ru' },
  '(S': { langs: { gre: 'el', ell: 'el', grc: 'grc' }, fallback: 'el' },
};
/** Original scripts an 880 without a script code may be in, told by their letters. */
const SCRIPT_OF_TEXT: Array<[RegExp, string]> = [
  [/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u, '$1'],
  [/\p{Script=Hebrew}/u, '(2'],
  [/\p{Script=Arabic}/u, '(3'],
  [/\p{Script=Cyrillic}/u, '(N'],
  [/\p{Script=Greek}/u, '(S'],
];

/**
 * The language tag of original-script text: the record's language when it is written in that
 * script (a Ukrainian record's Cyrillic is 'uk', a Yiddish one's Hebrew letters 'yi'), else the
 * script's main language ('$1' → 'zh', '(2' → 'he', '(3' → 'ar', '(N' → 'ru', '(S' → 'el'). A
 * script the 880's $6 does not name is told from the text's letters; null for anything else.
 */
export function originalScriptLang(script: string, langCode: string | null, sample = ''): string | null {
  const code = script || SCRIPT_OF_TEXT.find(([re]) => re.test(sample))?.[1] || '';
  const entry = SCRIPT_LANGS[code];
  if (!entry) return null;
  return entry.langs[langCode ?? ''] ?? entry.fallback;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);
const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const zip = (vernacular: unknown, romanized: unknown): VernacularPair[] => {
  const r = list(romanized);
  return list(vernacular).flatMap((v, i) => (r[i] ? [{ romanized: r[i], vernacular: v }] : []));
};

/** What a record row gives to work out its original-script values. */
export interface OriginalScriptSource {
  title_vernacular: string | null;
  vernacular: Record<string, unknown> | null;
  lang_code: string | null;
  /** The kept MARC text; only needed (and only read) for rows stored before the forms were kept. */
  marc?: string | null;
  source_format?: string;
}

/** The kept MARC text mapped by the import's own mapper. */
function mapKept(marc: string): BibRecord | undefined {
  const record = parseStoredMarc(marc);
  return record ? mapRecord(record).bib : undefined;
}

/** Whether the row was stored before its original-script forms were kept, and its kept MARC can give them. */
export function needsKeptMarc(r: OriginalScriptSource): boolean {
  return !!r.marc && r.source_format !== 'unimarc' && !(r.vernacular && 'script' in r.vernacular);
}

/**
 * The original-script values of a record row, or null when it has none. Rows stored with them read
 * `vernacular`; older rows with a kept MARC record map it again (about 0.1 ms a record); older rows
 * without one have only the title and statement of responsibility they were stored with.
 */
export function originalScriptOf(r: OriginalScriptSource): OriginalScript | null {
  let v: Record<string, unknown> = r.vernacular ?? {};
  if (needsKeptMarc(r)) {
    const bib = mapKept(r.marc!);
    if (bib) v = storedVernacular(bib);
  }
  const title = text(v.title) ?? text(r.title_vernacular);
  const forms: OriginalScript = {
    lang: null,
    names: zip(v.authors, v.authorsRomanized),
    series: zip(v.series, v.seriesRomanized),
    subjects: zip(v.subjects, v.subjectsRomanized),
  };
  if (title) forms.title = title;
  const responsibility = text(v.responsibility);
  if (responsibility) forms.responsibility = responsibility;
  for (const key of ['edition', 'place', 'publisher'] as const) {
    const value = text(v[key]);
    if (value) forms[key] = value;
  }
  const sample = forms.title ?? forms.responsibility ?? forms.publisher ?? forms.names[0]?.vernacular;
  if (!sample && !forms.series.length && !forms.subjects.length) return null;
  forms.lang = originalScriptLang(text(v.script) ?? '', r.lang_code, sample ?? '');
  return forms;
}
