import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { Id, freeText } from './input.js';
import { Page, Rows } from './records.js';
import {
  DEPARTMENT_RESOURCES,
  FULL_TEXT_STATES,
  MAX_SUBJECT_ROWS,
  SUBJECT_MAX_LENGTH,
  THESIS_DEGREES,
  THESIS_FIELDS,
  WORK_DECISIONS,
  WORK_STATES,
} from './values/subject-services.js';
export * from './values/subject-services.js';

/**
 * Subject services (spec §2 "Subject service": /departmentList, /departmentHome, /researcher,
 * /researcherDetail, /schoolBaseNav; §7 `/find/college/*`, `/find/user/getResearcherList`,
 * `/find/researcher/details`, `/find/dPaper/localDDissertation`, whose payloads the spec does not
 * show: designed here). Departments (colleges) with their subjects and liaison librarian, their
 * resources drawn from the catalogue and the databases; researchers with the works the catalogue
 * holds by them (name forms and affiliation, docs/subject-services.md), which staff confirm or
 * exclude; the institution's own theses read from the catalogue's thesis records.
 */

const query = z
  .union([freeText(SUBJECT_MAX_LENGTH.query), z.null()])
  .optional()
  .transform((v) => (v ?? '').trim());
const optionalId = z
  .union([Id, z.literal(''), z.null()])
  .optional()
  .transform((v) => (typeof v === 'number' ? v : undefined));

/** A name in the three languages, already in the caller's language in `name`. */
const Named = { id: z.number().int(), code: z.string(), name: z.string() };

/** A department as its card shows it. */
export const DepartmentCard = z.object({
  ...Named,
  /** The English name (for the card's second line in Chinese). */
  nameEn: z.string(),
  description: z.string(),
  /** discode1 codes of its disciplines. */
  disciplines: z.array(z.object({ code: z.string(), name: z.string() })),
  /** CLC classes of its subjects. */
  clcClasses: z.array(z.string()),
  counts: z.object({
    books: z.number().int(),
    databases: z.number().int(),
    researchers: z.number().int(),
    theses: z.number().int(),
  }),
});
export type DepartmentCard = z.infer<typeof DepartmentCard>;

/** `POST /find/college/navInfo`: the departments, in the library's order. */
export const DepartmentNavRequest = z.object({ q: query });
export const DepartmentNav = z.object({ list: z.array(DepartmentCard) });
export type DepartmentNav = z.infer<typeof DepartmentNav>;

/** `GET /find/college/getDetail?id=`: a department with its liaison librarian. */
export const DepartmentQuery = z.object({ id: Id });
export const DepartmentDetail = DepartmentCard.extend({
  liaison: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
});
export type DepartmentDetail = z.infer<typeof DepartmentDetail>;

/** A catalogue record as the subject lists show it, with what the shelves hold. */
export const SubjectRecord = z.object({
  recordId: z.number().int(),
  title: z.string(),
  author: z.string(),
  publisher: z.string(),
  year: z.string(),
  docCode: z.string(),
  clc: z.string(),
  physicalCount: z.number().int(),
  onShelfCount: z.number().int(),
  eCount: z.number().int(),
  loanCount: z.number().int(),
});
export type SubjectRecord = z.infer<typeof SubjectRecord>;

/** A database of a department's subjects. */
export const SubjectDatabase = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  url: z.string(),
  accessKind: z.string(),
  subjects: z.array(z.string()),
});
export type SubjectDatabase = z.infer<typeof SubjectDatabase>;

/** A researcher as a list shows them. */
export const ResearcherCard = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  /** The A–Z letter (initialOf). */
  initial: z.string(),
  title: z.string(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string(),
  fields: z.array(z.string()),
  worksCount: z.number().int(),
});
export type ResearcherCard = z.infer<typeof ResearcherCard>;

/** A thesis of the institution. */
export const Thesis = z.object({
  recordId: z.number().int(),
  title: z.string(),
  author: z.string(),
  degree: z.enum(THESIS_DEGREES).nullable(),
  discipline: z.string(),
  supervisor: z.string(),
  year: z.number().int().nullable(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string(),
  keywords: z.array(z.string()),
  /** Whether and why the full text is linked. */
  fullText: z.enum(FULL_TEXT_STATES),
  /** The full text's address when `fullText` is open or campus; '' otherwise. */
  fullTextUrl: z.string(),
  /** YYYY-MM-DD, while embargoed. */
  embargoUntil: z.string().nullable(),
});
export type Thesis = z.infer<typeof Thesis>;

/** `POST /find/college/resourceList`: one tab of a department's home. */
export const DepartmentResourceRequest = z.object({
  id: Id,
  type: z.enum(DEPARTMENT_RESOURCES),
  page: Page,
  rows: Rows(10, MAX_SUBJECT_ROWS),
});
export type DepartmentResourceRequest = z.infer<typeof DepartmentResourceRequest>;
export const DepartmentResources = z.object({
  type: z.enum(DEPARTMENT_RESOURCES),
  totalCount: z.number().int(),
  records: z.array(SubjectRecord),
  databases: z.array(SubjectDatabase),
  researchers: z.array(ResearcherCard),
  theses: z.array(Thesis),
});
export type DepartmentResources = z.infer<typeof DepartmentResources>;

/** `POST /find/user/getResearcherList`: researchers by words, department and letter. */
export const ResearcherListRequest = z.object({
  q: query,
  departmentId: optionalId,
  /** One letter A–Z or '#'; '' for all. */
  initial: z
    .union([z.string().regex(/^[A-Za-z#]$/), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v.toUpperCase() : '')),
  page: Page,
  rows: Rows(20, MAX_SUBJECT_ROWS),
});
export type ResearcherListRequest = z.infer<typeof ResearcherListRequest>;
export const ResearcherList = z.object({
  totalCount: z.number().int(),
  list: z.array(ResearcherCard),
  /** The letters that have researchers (under the department and words chosen), for the A–Z bar. */
  initials: z.array(z.object({ initial: z.string(), count: z.number().int() })),
});
export type ResearcherList = z.infer<typeof ResearcherList>;

/** A work of a researcher: a catalogue record, and why it is listed. */
export const ResearcherWork = SubjectRecord.extend({ state: z.enum(WORK_STATES) });
export type ResearcherWork = z.infer<typeof ResearcherWork>;

/** `POST /find/researcher/details`: a researcher's profile and a page of works. */
export const ResearcherDetailRequest = z.object({
  id: Id,
  page: Page,
  rows: Rows(10, MAX_SUBJECT_ROWS),
});
export type ResearcherDetailRequest = z.infer<typeof ResearcherDetailRequest>;
export const ResearcherDetail = z.object({
  researcher: ResearcherCard.extend({
    orcid: z.string(),
    homepage: z.string(),
    nameVariants: z.array(z.string()),
  }),
  works: z.object({ totalCount: z.number().int(), list: z.array(ResearcherWork) }),
  counts: z.object({
    works: z.number().int(),
    /** Works with a copy on the shelf now. */
    available: z.number().int(),
    /** Works confirmed by staff. */
    claimed: z.number().int(),
    firstYear: z.string(),
    lastYear: z.string(),
  }),
});
export type ResearcherDetail = z.infer<typeof ResearcherDetail>;

/** `POST /find/dPaper/localDDissertation`: the institution's theses, searched and filtered. */
export const ThesisSearchRequest = z.object({
  q: query,
  field: z.enum(THESIS_FIELDS).default('all'),
  degree: z
    .union([z.enum(THESIS_DEGREES), z.literal(''), z.null()])
    .optional()
    .transform((v) => v || undefined),
  year: z
    .union([z.coerce.number().int().min(1900).max(2100), z.literal(''), z.null()])
    .optional()
    .transform((v) => (typeof v === 'number' ? v : undefined)),
  departmentId: optionalId,
  sort: z.enum(['new', 'title']).default('new'),
  page: Page,
  rows: Rows(10, MAX_SUBJECT_ROWS),
});
export type ThesisSearchRequest = z.infer<typeof ThesisSearchRequest>;
const Facet = z.array(z.object({ code: z.string(), name: z.string(), count: z.number().int() }));
export const ThesisSearch = z.object({
  totalCount: z.number().int(),
  list: z.array(Thesis),
  /** Counts of the theses matched, by degree, year and department (the other filters applied). */
  facets: z.object({ degree: Facet, year: Facet, department: Facet }),
});
export type ThesisSearch = z.infer<typeof ThesisSearch>;

/** A researcher's works counted by state (the console's tags and filter). */
export const WorkCounts = z.object({
  matched: z.number().int(),
  claimed: z.number().int(),
  possible: z.number().int(),
  excluded: z.number().int(),
});
export type WorkCounts = z.infer<typeof WorkCounts>;

/** `GET /find/admin/researchers/list`: the researchers for the console, with their works counted by state. */
export const AdminResearcherListRequest = z.object({
  /** Words of the name, pinyin, title, fields or name forms. */
  q: query,
  departmentId: optionalId,
  /** Only those with works the rule found by name alone, which wait for a decision. */
  possibleOnly: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .optional()
    .transform((v) => v === true || v === 'true'),
  page: Page,
  rows: Rows(20, MAX_SUBJECT_ROWS),
});
export type AdminResearcherListRequest = z.infer<typeof AdminResearcherListRequest>;
export const AdminResearcher = ResearcherCard.extend({ code: z.string(), counts: WorkCounts });
export type AdminResearcher = z.infer<typeof AdminResearcher>;
export const AdminResearcherList = z.object({
  totalCount: z.number().int(),
  list: z.array(AdminResearcher),
  /** The institution's departments, in the library's order (the department filter). */
  departments: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AdminResearcherList = z.infer<typeof AdminResearcherList>;

/** A work as staff see it: its state, why the rule lists it and who decided on it. */
export const AdminResearcherWork = ResearcherWork.extend({
  /** What the rule alone says: name and affiliation, name only, or nothing (a work staff added). */
  ruleState: z.enum(['matched', 'possible']).nullable(),
  /** The record's author names that are a form of the researcher's name. */
  matchedNames: z.array(z.string()),
  /** The name of the institution or department its affiliation text gives ('' when none does). */
  matchedPlace: z.string(),
  /** The record's affiliation text (author units, notes), shortened. */
  affiliation: z.string(),
  /** The staff account that confirmed or excluded it, and when (ISO 8601); '' and null without a decision. */
  decidedBy: z.string(),
  decidedAt: z.string().nullable(),
});
export type AdminResearcherWork = z.infer<typeof AdminResearcherWork>;

/** `GET /find/admin/researchers/works`: every work the rule finds or staff decided, with its state. */
export const ResearcherWorksQuery = z.object({
  id: Id,
  /** One state only; '' for all. */
  state: z
    .union([z.enum(WORK_STATES), z.literal(''), z.null()])
    .optional()
    .transform((v) => v || undefined),
  page: Page,
  rows: Rows(20, MAX_SUBJECT_ROWS),
});
export type ResearcherWorksQuery = z.infer<typeof ResearcherWorksQuery>;
export const ResearcherWorks = z.object({
  /** The works of the state asked for. */
  totalCount: z.number().int(),
  list: z.array(AdminResearcherWork),
  /** All the researcher's works by state, whatever state was asked for. */
  counts: WorkCounts,
});
export type ResearcherWorks = z.infer<typeof ResearcherWorks>;

/** `POST /find/admin/researchers/decideWork`: confirm, exclude or release a work of a researcher. */
export const DecideWorkRequest = z.object({ researcherId: Id, recordId: Id, decision: z.enum(WORK_DECISIONS) });
export type DecideWorkRequest = z.infer<typeof DecideWorkRequest>;
export const DecideWorkOutcome = z.object({ recordId: z.number().int(), state: z.enum(WORK_STATES) });
export type DecideWorkOutcome = z.infer<typeof DecideWorkOutcome>;

/** Subject services: departments, researchers, theses; staff confirm or exclude researchers' works. */
export const SubjectCalls = calls('subjects', {
  collegeNavInfo: post('/find/college/navInfo', {
    input: DepartmentNavRequest,
    output: DepartmentNav,
    access: 'public',
    summary: 'The departments (colleges) with their disciplines and counts of books, databases, researchers, theses',
  }),
  collegeDetail: get('/find/college/getDetail', {
    input: DepartmentQuery,
    output: DepartmentDetail,
    access: 'public',
    summary: 'One department with its subjects, counts and liaison librarian',
  }),
  collegeResourceList: post('/find/college/resourceList', {
    input: DepartmentResourceRequest,
    output: DepartmentResources,
    access: 'public',
    summary: "A page of a department's resources: new or most borrowed books, databases, researchers, theses",
  }),
  getResearcherList: post('/find/user/getResearcherList', {
    input: ResearcherListRequest,
    output: ResearcherList,
    access: 'public',
    summary: 'Researchers by words (name, pinyin, field), department and A–Z letter',
  }),
  researcherDetails: post('/find/researcher/details', {
    input: ResearcherDetailRequest,
    output: ResearcherDetail,
    access: 'public',
    summary: "A researcher's profile and a page of their works in the catalogue",
  }),
  localDissertations: post('/find/dPaper/localDDissertation', {
    input: ThesisSearchRequest,
    output: ThesisSearch,
    access: 'public',
    summary: "The institution's theses: words in a field, degree, year, department; the full text where allowed",
  }),
  adminResearcherList: get('/find/admin/researchers/list', {
    input: AdminResearcherListRequest,
    output: AdminResearcherList,
    access: 'staff',
    summary:
      "The institution's researchers for the console, by words and department, with their works counted by state",
  }),
  adminResearcherWorks: get('/find/admin/researchers/works', {
    input: ResearcherWorksQuery,
    output: ResearcherWorks,
    access: 'staff',
    summary:
      "A researcher's works as the rule finds them, possible and excluded ones included, with why each is listed",
  }),
  adminDecideWork: post('/find/admin/researchers/decideWork', {
    input: DecideWorkRequest,
    output: DecideWorkOutcome,
    access: 'staff',
    summary:
      'Confirm or exclude a work of a researcher, or give it back to the matching rule; the same decision again changes nothing',
  }),
});
