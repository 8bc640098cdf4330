import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { freeText } from './input.js';
import { Page, Rows } from './records.js';
import {
  JOURNAL_CARRIERS,
  JOURNAL_HOT_WINDOWS,
  JOURNAL_ID,
  JOURNAL_QUERY_MAX,
  JOURNAL_SORTS,
  MAX_HOT_JOURNALS,
  MAX_JOURNAL_ROWS,
} from './values/journals.js';
export * from './values/journals.js';

/**
 * Journal navigation (spec §2 /magazineNav, /magazineNavDetail; §7 `GET /find/journal/navInfo`,
 * `POST /find/newEle/journal/hotBrowsers`, whose payloads the spec does not show: designed here,
 * with the list, a journal's page and its view count added under `/find/journal/*`). A journal is
 * the catalogue's serial records (print) and the KBART serial lines of the institution's packages
 * (electronic) joined by ISSN, with its marks in core lists (北大核心, CSSCI, CSCD, SCI, EI and the
 * institution's own).
 */

const optionalCode = z
  .union([z.string().trim().max(20), z.null()])
  .optional()
  .transform((v) => (v ?? '').toUpperCase());

/** `GET /find/journal/navInfo?carrier=`: the browse tree's counts for the chosen carrier. */
export const JournalNavQuery = z.object({
  carrier: z.enum(JOURNAL_CARRIERS).default('all'),
});

export const JournalCount = z.object({ code: z.string(), name: z.string(), count: z.number().int() });

/** A core list with its journals' count, the institution's own ones marked `custom`. */
export const JournalCoreList = JournalCount.extend({
  custom: z.boolean(),
  /** The editions loaded (newest first): '2023', '2021–2022'… '' when the list gives none. */
  editions: z.array(z.string()),
});
export type JournalCoreList = z.infer<typeof JournalCoreList>;

/** A CLC class with its journals' count, and its second-level classes that hold journals. */
export const JournalClassNode = JournalCount.extend({ child: z.array(JournalCount) });
export type JournalClassNode = z.infer<typeof JournalClassNode>;

export const JournalNavInfo = z.object({
  /** Journals of the carrier asked, and of each carrier. */
  total: z.number().int(),
  printCount: z.number().int(),
  electronicCount: z.number().int(),
  coreLists: z.array(JournalCoreList),
  /** The 22 top classes A–Z in order, each with its count (0 too). */
  classes: z.array(JournalClassNode),
  /** A–Z and '#', each with its count. */
  initials: z.array(z.object({ letter: z.string(), count: z.number().int() })),
});
export type JournalNavInfo = z.infer<typeof JournalNavInfo>;

/** `POST /find/journal/list`: journals by a core list, a class, an initial, words or an ISSN. */
export const JournalListRequest = z.object({
  /** A core list's code (PKU, CSSCI… or the institution's own). */
  core: optionalCode,
  /** One edition of that list; '' for any. */
  edition: z
    .union([z.string().trim().max(20), z.null()])
    .optional()
    .transform((v) => v ?? ''),
  /** A CLC class: a top class (letter) or a second-level class of the code list. */
  classCode: optionalCode,
  /** A letter A–Z, or '#'. */
  initial: z
    .union([
      z
        .string()
        .trim()
        .regex(/^[A-Za-z#]$/),
      z.literal(''),
      z.null(),
    ])
    .optional()
    .transform((v) => (v ?? '').toUpperCase()),
  /** Words of the title (also its pinyin) or an ISSN. */
  q: z
    .union([freeText(JOURNAL_QUERY_MAX), z.null()])
    .optional()
    .transform((v) => (v ?? '').trim()),
  carrier: z.enum(JOURNAL_CARRIERS).default('all'),
  sort: z.enum(JOURNAL_SORTS).default('title'),
  page: Page,
  rows: Rows(20, MAX_JOURNAL_ROWS),
});
export type JournalListRequest = z.infer<typeof JournalListRequest>;

export const JournalMark = z.object({ code: z.string(), name: z.string(), edition: z.string() });
export type JournalMark = z.infer<typeof JournalMark>;

/** A journal in a list. */
export const JournalSummary = z.object({
  /** Its id (`JOURNAL_ID`): the ISSN, or r<record id> / e<title line id> for one without. */
  id: z.string(),
  title: z.string(),
  /** Print ISSN and electronic ISSN, '' when unknown. */
  issn: z.string(),
  eissn: z.string(),
  publisher: z.string(),
  classCode: z.string(),
  className: z.string(),
  marks: z.array(JournalMark),
  print: z.boolean(),
  electronic: z.boolean(),
  /** Page views in the hot window (hot lists) or in the last 30 days (lists). */
  views: z.number().int(),
});
export type JournalSummary = z.infer<typeof JournalSummary>;

export const JournalPage = z.object({ totalCount: z.number().int(), list: z.array(JournalSummary) });
export type JournalPage = z.infer<typeof JournalPage>;

/** `GET /find/journal/detail?id=` (or `?issn=`): one journal's page (neither: no such journal). */
export const JournalDetailQuery = z.object({
  id: z.string().trim().toUpperCase().regex(JOURNAL_ID, 'a journal id').optional(),
  issn: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^\d{4}-?\d{3}[\dX]$/, 'an ISSN')
    .optional(),
});
export type JournalDetailQuery = z.infer<typeof JournalDetailQuery>;

/** Issues of a print journal held at one place, newest first. */
export const JournalHolding = z.object({
  libName: z.string(),
  locationName: z.string(),
  callNo: z.string(),
  /** The years held, as ranges: '2015–2024'. */
  years: z.string(),
  issues: z.array(
    z.object({ year: z.string(), vol: z.string(), itemCount: z.number().int(), onShelfCount: z.number().int() }),
  ),
});
export type JournalHolding = z.infer<typeof JournalHolding>;

/** One coverage range of a package (KBART): dates as YYYY-MM-DD, `to` null for "to the present". */
export const JournalCoverageRange = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  fromVolume: z.string(),
  toVolume: z.string(),
});

/** What a package offers of the journal: its coverage (gaps between ranges), embargo and link. */
export const JournalPackageCoverage = z.object({
  packageCode: z.string(),
  packageName: z.string(),
  /** http(s) only; '' when the line gives none. */
  url: z.string(),
  ranges: z.array(JournalCoverageRange),
  /** The KBART embargo: R = the most recent `months` not available, P = only content older than `months`. */
  embargo: z.object({ kind: z.enum(['R', 'P']), months: z.number().int(), text: z.string() }).nullable(),
  /** fulltext, abstracts, selected articles… as the line says. */
  coverageDepth: z.string(),
  /** Free to read (KBART access_type F). */
  openAccess: z.boolean(),
});
export type JournalPackageCoverage = z.infer<typeof JournalPackageCoverage>;

export const JournalLinkRef = z.object({ id: z.string(), title: z.string() });

export const JournalDetail = JournalSummary.extend({
  otherTitles: z.array(z.string()),
  /** The frequency in the asked language (月刊, Monthly…), '' when unknown. */
  frequency: z.string(),
  publishPlace: z.string(),
  language: z.string(),
  /** The catalogue's serial records of this journal. */
  records: z.array(z.object({ recordId: z.number().int(), title: z.string(), callNo: z.string() })),
  holdings: z.array(JournalHolding),
  coverage: z.array(JournalPackageCoverage),
  /** Title history: what this journal continues, and what continues it. */
  preceding: z.array(JournalLinkRef),
  succeeding: z.array(JournalLinkRef),
});
export type JournalDetail = z.infer<typeof JournalDetail>;

/** `POST /find/journal/view {id}`: a view of a journal's page, counted once per visitor and day. */
export const JournalViewRequest = z.object({
  id: z.string().trim().toUpperCase().regex(JOURNAL_ID, 'a journal id'),
});
export const JournalViewResult = z.object({ counted: z.boolean() });

/** `POST /find/newEle/journal/hotBrowsers {window, rows}`: the most viewed journals. */
export const HotJournalsRequest = z.object({
  window: z.enum(Object.keys(JOURNAL_HOT_WINDOWS) as [keyof typeof JOURNAL_HOT_WINDOWS]).default('month'),
  rows: Rows(10, MAX_HOT_JOURNALS),
});
export const HotJournals = z.object({ list: z.array(JournalSummary) });
export type HotJournals = z.infer<typeof HotJournals>;

/** Journal navigation: the browse tree, lists, a journal's page, views and the hot journals. */
export const JournalCalls = calls('journals', {
  journalNavInfo: get('/find/journal/navInfo', {
    input: JournalNavQuery,
    output: JournalNavInfo,
    access: 'public',
    summary: 'Journal navigation: counts by core list, CLC class (two levels) and title initial, print and electronic',
  }),
  journalList: post('/find/journal/list', {
    input: JournalListRequest,
    output: JournalPage,
    access: 'public',
    summary: 'Journals by core list and edition, CLC class, initial, title words or ISSN; print, electronic or both',
  }),
  journalDetail: get('/find/journal/detail', {
    input: JournalDetailQuery,
    output: JournalDetail,
    access: 'public',
    summary: "A journal's page: ISSNs, publisher, frequency, class, core marks, print holdings, e-coverage, history",
  }),
  journalView: post('/find/journal/view', {
    input: JournalViewRequest,
    output: JournalViewResult,
    access: 'public',
    summary: "Count a view of a journal's page, once per visitor and day (the hot journals)",
  }),
  journalHotBrowsers: post('/find/newEle/journal/hotBrowsers', {
    input: HotJournalsRequest,
    output: HotJournals,
    access: 'public',
    summary: 'The most viewed journals of the last week, month, quarter or year',
  }),
});
