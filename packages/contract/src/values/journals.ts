/**
 * Journal navigation (/magazineNav, /magazineNavDetail; `/find/journal/*`): codes, limits and the
 * pure rules the web app shares with the server (a journal's id, the hot windows; an ISSN's form is
 * `normalizeIssn` of values/doc-delivery.ts),
 * free of schemas (journals.ts re-exports them).
 */

/** Error codes of the journal calls (in `errCode`). */
export const JournalErrCode = {
  /** No such journal in this institution (an id or ISSN that names none). */
  noSuchJournal: 43601,
  /** A core list that is neither a standard list (coreInclude) nor one of the institution's own (customCoreList). */
  unknownCoreList: 43602,
  /** A core-list file with no usable line (every line's ISSN missing or malformed). */
  emptyCoreList: 43603,
  /** A CLC class code that is not one of the code list's classes. */
  unknownClass: 43604,
} as const;

/** Print (the catalogue's serial records), electronic (KBART serial lines) or either. */
export const JOURNAL_CARRIERS = ['all', 'print', 'electronic'] as const;
export type JournalCarrier = (typeof JOURNAL_CARRIERS)[number];

/** How a list is ordered: by title (pinyin for Chinese titles), or most viewed first. */
export const JOURNAL_SORTS = ['title', 'hot'] as const;
export type JournalSort = (typeof JOURNAL_SORTS)[number];

/** The hot journals' windows (spec §9: hot lists cover the last week, month, quarter or year), in days. */
export const JOURNAL_HOT_WINDOWS = { week: 7, month: 30, quarter: 90, year: 365 } as const;
export type JournalHotWindow = keyof typeof JOURNAL_HOT_WINDOWS;

/** The A–Z browse: the 26 letters and '#' for titles that start with neither a letter nor a Han character. */
export const JOURNAL_INITIALS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '#'] as const;

/** Most journals on one page of a list, and most hot journals asked at once. */
export const MAX_JOURNAL_ROWS = 50;
export const MAX_HOT_JOURNALS = 50;
/** Longest search text (a title's words or an ISSN). */
export const JOURNAL_QUERY_MAX = 100;
/** Most lines of one core-list file. */
export const MAX_CORE_LIST_LINES = 50_000;

/**
 * A journal's id: its ISSN (NNNN-NNNX), or `r<record id>` for a print journal without one, or
 * `e<title line id>` for an electronic one without one.
 */
export const JOURNAL_ID = /^(\d{4}-\d{3}[\dX]|[re][1-9]\d{0,11})$/;

/** The address of a journal's page. */
export const journalPath = (id: string) => `/magazineNavDetail?id=${encodeURIComponent(id)}`;
