/**
 * Subject services (issue 30: departments, researchers, the institution's theses): codes, value
 * lists, limits and the ORCID rule, plain values free of schemas (subject-services.ts re-exports
 * them), so the web app checks what the server checks without bringing zod along.
 */

/** Error codes of the subject-service calls (in `errCode`). */
export const SubjectErrCode = {
  /** No such department of this institution. */
  noSuchDepartment: 43801,
  /** No such researcher of this institution. */
  noSuchResearcher: 43802,
  /** No such record of this institution (a work to confirm or exclude). */
  noSuchRecord: 43803,
  /** An ORCID iD whose form or check digit (ISO 7064 MOD 11-2) is wrong. */
  orcidInvalid: 43804,
  /** A CSV file of departments or researchers that cannot be loaded (its header, a row). */
  importInvalid: 43805,
} as const;

/** Degree levels of a thesis, with the ddType dictionary's codes (1 doctoral, 2 master's, 3 bachelor's, 4 postdoctoral). */
export const THESIS_DEGREES = ['doctor', 'master', 'bachelor', 'postdoc'] as const;
export type ThesisDegree = (typeof THESIS_DEGREES)[number];
export const DEGREE_DD_TYPE: Record<ThesisDegree, string> = { doctor: '1', master: '2', bachelor: '3', postdoc: '4' };

/** Who may open a thesis's full text: everyone, readers on the campus network, nobody (the record only). */
export const THESIS_ACCESS = ['open', 'campus', 'none'] as const;
export type ThesisAccess = (typeof THESIS_ACCESS)[number];

/** Why a thesis's full text is or is not linked. */
export const FULL_TEXT_STATES = ['open', 'campus', 'offCampus', 'embargoed', 'none'] as const;
export type FullTextState = (typeof FULL_TEXT_STATES)[number];

/** The tabs of a department's home: its new and most borrowed books, databases, researchers, theses. */
export const DEPARTMENT_RESOURCES = ['newBooks', 'hotBooks', 'databases', 'researchers', 'theses'] as const;
export type DepartmentResource = (typeof DEPARTMENT_RESOURCES)[number];

/** Where a thesis search looks. */
export const THESIS_FIELDS = ['all', 'title', 'author', 'supervisor', 'keyword'] as const;
export type ThesisField = (typeof THESIS_FIELDS)[number];

/** How a researcher's work came to be listed: name and affiliation matched, or confirmed by staff; excluded ones only staff see. */
export const WORK_STATES = ['matched', 'claimed', 'possible', 'excluded'] as const;
export type WorkState = (typeof WORK_STATES)[number];

/** What staff decide about a matched work: confirm it, exclude it, or return it to the automatic rule. */
export const WORK_DECISIONS = ['claimed', 'excluded', 'clear'] as const;
export type WorkDecision = (typeof WORK_DECISIONS)[number];

/** Page sizes: departments are few; researchers, works and theses are paged. */
export const MAX_SUBJECT_ROWS = 50;
export const MAX_DEPARTMENTS = 200;

/** Field lengths of the loaders and the database. */
export const SUBJECT_MAX_LENGTH = {
  code: 32,
  name: 100,
  description: 2000,
  liaisonName: 50,
  liaisonEmail: 200,
  liaisonPhone: 50,
  title: 50,
  field: 50,
  homepage: 500,
  variant: 100,
  query: 100,
} as const;

/**
 * Whether `id` is a valid ORCID iD: four groups of four digits, the last character a digit or X,
 * its check digit by ISO 7064 MOD 11-2 (https://support.orcid.org/hc/en-us/articles/360006897674).
 */
export function isValidOrcid(id: string): boolean {
  const m = /^(?:https?:\/\/orcid\.org\/)?(\d{4})-(\d{4})-(\d{4})-(\d{3}[\dX])$/.exec(id.trim());
  if (!m) return false;
  const digits = m.slice(1).join('');
  let total = 0;
  for (const d of digits.slice(0, 15)) total = (total + Number(d)) * 2;
  const check = (12 - (total % 11)) % 11;
  return digits[15] === (check === 10 ? 'X' : String(check));
}

/** An ORCID iD in its bare form (0000-0002-1825-0097), from the bare form or its https://orcid.org/ address. */
export function bareOrcid(id: string): string {
  return id.trim().replace(/^https?:\/\/orcid\.org\//, '');
}

/** The letter a researcher is listed under in the A–Z bar: the pinyin (or English) name's first letter; '#' for none. */
export function initialOf(nameEn: string): string {
  const c = nameEn.trim().charAt(0).toUpperCase();
  return /[A-Z]/.test(c) ? c : '#';
}
