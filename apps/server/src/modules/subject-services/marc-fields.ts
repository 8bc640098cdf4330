import type { ThesisDegree } from '@openfind/contract';

/**
 * What subject services read from a record's kept MARC (marc-in-json text, bib_record.marc): a
 * thesis's degree, discipline, supervisor, year and granting body (MARC 502 and 700 $e/$4 ths,
 * CNMARC 328 and 702 $4 727), and the affiliation text of a record's authors (MARC 100/700 $u,
 * 710/711, 500, 502 $c; CNMARC 701/702 $p, 710–712, 314, 328 $e). Pure: no database.
 */

type Subfields = Array<Record<string, string>>;
type JsonField = Record<string, string | { ind1: string; ind2: string; subfields: Subfields }>;

export interface MarcFields {
  /** Each data field's subfields as [code, value] pairs, by tag. */
  byTag: Map<string, Array<Array<[string, string]>>>;
  leader: string;
  control: Map<string, string>;
}

/** The fields of marc-in-json text; empty when there is none or it does not parse. */
export function readMarc(text: string | null): MarcFields {
  const out: MarcFields = { byTag: new Map(), leader: '', control: new Map() };
  if (!text) return out;
  let json: { leader?: string; fields?: JsonField[] };
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    return out;
  }
  out.leader = typeof json.leader === 'string' ? json.leader : '';
  for (const f of json.fields ?? []) {
    for (const [tag, body] of Object.entries(f)) {
      if (typeof body === 'string') out.control.set(tag, body);
      else if (body && Array.isArray(body.subfields)) {
        const pairs = body.subfields.flatMap((s) => Object.entries(s) as Array<[string, string]>);
        const list = out.byTag.get(tag) ?? [];
        list.push(pairs);
        out.byTag.set(tag, list);
      }
    }
  }
  return out;
}

const values = (m: MarcFields, tag: string, codes: string) =>
  (m.byTag.get(tag) ?? []).flatMap((f) => f.filter(([c]) => codes.includes(c)).map(([, v]) => v.trim()));

/** Trailing ISBD punctuation of a MARC value. */
const bare = (v: string) => v.replace(/[\s,.;:/=]+$/, '').trim();

/** A degree named in free text (Chinese or English): 博士, Ph.D., master's, 学士… */
export function degreeOf(text: string): ThesisDegree | null {
  if (/博士后|post-?doc/i.test(text)) return 'postdoc';
  if (/博士|ph\.?\s?d|doctor|doctoral|d\.phil/i.test(text)) return 'doctor';
  if (/硕士|碩士|master|m\.a\b|m\.s\b|m\.sc|mphil|m\.eng/i.test(text)) return 'master';
  if (/学士|學士|本科|bachelor|b\.a\b|b\.s\b|b\.sc|undergraduate/i.test(text)) return 'bachelor';
  return null;
}

/** The ddType codes of the degrees (the code list `ddType`): what the search filters and counts. */
const DEGREE_CODES: Record<ThesisDegree, string> = { doctor: '1', master: '2', bachelor: '3', postdoc: '4' };

/** The degree a thesis record names: 502 / 328, $b first, else the words of the note ("Thesis (Ph.D.)--…"). */
function degreeOfThesis(m: MarcFields): ThesisDegree | null {
  return degreeOf([...values(m, '502', 'abcdgo'), ...values(m, '328', 'abcdez')].join(' '));
}

/** The ddType code of a thesis record's degree, from its marc-in-json text; null when unnamed. */
export function thesisDegreeCode(marc: string | null): string | null {
  const degree = degreeOfThesis(readMarc(marc));
  return degree ? DEGREE_CODES[degree] : null;
}

export interface ThesisFields {
  degree: ThesisDegree | null;
  discipline: string;
  supervisor: string;
  year: number | null;
  /** The granting body and any unit named with it (502 $c, 328 $e, 710 $a $b). */
  institution: string;
  /** Text that may name the department (the granting body, 710 $b, a 500 note). */
  departmentText: string;
  keywords: string[];
}

/** Whether a 7xx field's relator says thesis advisor (MARC $e/$4 ths; CNMARC $4 727; Chinese 导师, 指导教师). */
const isAdvisor = (f: Array<[string, string]>) =>
  f.some(([c, v]) => (c === 'e' || c === '4') && /^(ths|727)$|thesis advisor|导师|導師|指导|指導/i.test(v.trim()));

/** A thesis's details from its MARC (MARC21 or CNMARC/UNIMARC); what is missing stays empty. */
export function thesisFields(m: MarcFields, fallbackYear: number | null, subjects: string[]): ThesisFields {
  const notes = [...values(m, '500', 'a'), ...values(m, '300', 'a'), ...values(m, '314', 'a')];
  const f502 = [...values(m, '502', 'abcdgo')];
  const degree = degreeOfThesis(m);
  const noted = (re: RegExp) => {
    for (const n of notes) {
      const hit = re.exec(n);
      if (hit?.[1]) return bare(hit[1]);
    }
    return '';
  };
  const discipline =
    bare(values(m, '328', 'c')[0] ?? '') ||
    noted(/(?:学科专业|學科專業|专业|專業|学科|學科|discipline)\s*[:：]\s*([^;；,，。]+)/i);
  const advisors = ['700', '702', '701']
    .flatMap((tag) => (m.byTag.get(tag) ?? []).filter(isAdvisor))
    .map((f) => bare(f.find(([c]) => c === 'a')?.[1] ?? '') + (f.find(([c]) => c === 'b')?.[1] ?? ''));
  const supervisor =
    advisors.filter(Boolean).join('，') ||
    noted(/(?:导师|導師|指导教师|指導教師|supervisor|advisor)\s*[:：]\s*([^;；,，。]+)/i);
  const yearText = [...values(m, '502', 'd'), ...values(m, '328', 'd')].join(' ') || f502.join(' ');
  const year = Number(/(19|20)\d{2}/.exec(yearText)?.[0] ?? '') || fallbackYear;
  // Pre-2010 MARC writes it all in $a: "Thesis (Ph.D.)--Peking University, 2010."
  const inA = /--\s*([^,，]+)/.exec(values(m, '502', 'a').join(' '))?.[1] ?? '';
  const institution = bare(values(m, '502', 'c')[0] ?? values(m, '328', 'e')[0] ?? inA);
  const units = ['710', '711', '712'].flatMap((tag) => values(m, tag, 'ab'));
  const departmentText = [institution, ...units, noted(/(?:院系|学院|學院|department|school)\s*[:：]\s*([^;；。]+)/i)]
    .filter(Boolean)
    .join(' ');
  const keywords = [...new Set([...values(m, '653', 'a'), ...values(m, '610', 'a'), ...subjects].map(bare))].filter(
    Boolean,
  );
  return {
    degree,
    discipline,
    supervisor,
    year: year || null,
    institution,
    departmentText,
    keywords: keywords.slice(0, 20),
  };
}

/** The text a record gives about its authors' affiliations (empty when it gives none). */
export function affiliationText(m: MarcFields): string {
  return [
    ...values(m, '100', 'u'),
    ...values(m, '700', 'u'),
    ...values(m, '701', 'p'),
    ...values(m, '702', 'p'),
    ...values(m, '710', 'ab'),
    ...values(m, '711', 'ab'),
    ...values(m, '712', 'ab'),
    ...values(m, '500', 'a'),
    ...values(m, '520', 'a'),
    ...values(m, '502', 'c'),
    ...values(m, '314', 'a'),
    ...values(m, '328', 'e'),
  ].join(' ');
}

/** Text folded for comparing names: NFKC, lower case, no spaces, punctuation or dates. */
export function foldName(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/(等)?(编著|編著|主编|主編|著|编|編|译|譯|撰|整理)$/u, '')
    .replace(/[\s,.·•'’\-–()（）0-9]/g, '');
}

/** The same folding as `foldName`, as PostgreSQL does it on a stored author name (the first step of a match). */
export const FOLD_NAME_SQL = (column: string) =>
  `regexp_replace(regexp_replace(lower(${column}), '(等)?(编著|編著|主编|主編|著|编|編|译|譯|撰|整理)$', ''), '[[:space:],.·•''’()（）0-9–-]', '', 'g')`;

/**
 * The forms a researcher's name takes in records, folded: the Chinese name, the pinyin or English
 * name in both orders ("Wang Xiaoming", "Xiaoming Wang", "Wang, Xiaoming"), initials of the given
 * name ("Wang X.M.", "Wang XM") and the variants staff entered.
 */
export function nameForms(name: string, nameEn: string, variants: readonly string[]): string[] {
  const forms = new Set<string>();
  const add = (s: string) => {
    const f = foldName(s);
    if (f.length >= 2) forms.add(f);
  };
  add(name);
  for (const v of variants) add(v);
  const parts = nameEn.replace(/,/g, ' ').trim().split(/\s+/).filter(Boolean);
  if (parts.length >= 2) {
    const [family, ...given] = parts;
    add(`${family} ${given.join(' ')}`);
    add(`${given.join(' ')} ${family}`);
    const syllables = given.join('').match(/[^aeiouv]*[aeiouv]+(?:ng|n|r)?(?![aeiouv])/gi) ?? [];
    if (syllables.length) add(`${family} ${syllables.map((s) => s[0]).join('')}`);
  } else if (parts.length === 1) add(parts[0]!);
  return [...forms];
}

/** Whether `text` names one of `forms` (folded, at least two characters each). */
export function namesAny(text: string, forms: readonly string[]): boolean {
  const folded = text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
  return forms.some((f) => f.length >= 2 && folded.includes(f));
}

/** A name folded for containment (affiliations, departments): NFKC, lower case, no spaces. */
export function foldPlace(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
}
