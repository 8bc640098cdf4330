import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  JOURNAL_HOT_WINDOWS,
  JOURNAL_INITIALS,
  JournalErrCode,
  MAX_CORE_LIST_LINES,
  normalizeIssn,
  safeLinkUrl,
  type CodeName,
  type JournalCarrier,
  type JournalClassNode,
  type JournalDetail,
  type JournalDetailQuery,
  type JournalHolding,
  type JournalHotWindow,
  type JournalListRequest,
  type JournalNavInfo,
  type JournalPackageCoverage,
  type JournalPage,
  type JournalSummary,
  type Lang,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import type { DictionaryService } from '../dictionaries/dictionary-service.js';
import { parseMarc } from '../record-detail/bean-list.js';
import { parseCsv } from '../readers/reader-service.js';
import { refreshRecordTags } from '../catalogue/catalogue-repository.js';
import { buildJournals, matchesQuery, yearRanges, type Journal } from './journal-catalogue.js';
import {
  countJournalView,
  findCoreMarks,
  findElectronicSerials,
  findJournalViews,
  findPrintSerials,
  findRecordMarc,
  findSerialItems,
  replaceCoreMarks,
  upsertOwnCoreList,
  type ETitleRow,
} from './journal-repository.js';

const ON_SHELF = '411';
/** The views a list shows beside each journal: the last 30 days. */
const LIST_VIEW_DAYS = 30;

export const JournalErrors = {
  noSuchJournal: () => new AppError('journalNoSuch', JournalErrCode.noSuchJournal),
  unknownClass: (code: string) => new AppError('journalUnknownClass', JournalErrCode.unknownClass, { code }),
};

/** A visitor of a journal's page: a reader, or an anonymous visitor by address and browser. */
export type JournalVisitor = { readerId: number } | { ip: string; userAgent: string };

interface Catalogue {
  journals: Journal[];
  byId: Map<string, Journal>;
  byIssn: Map<string, Journal>;
}

/** What `openfind journals core-import` did. */
export interface CoreImportReport {
  list: string;
  edition: string;
  read: number;
  loaded: number;
  replaced: number;
  rejected: Array<{ line: number; reason: string }>;
}

/** UNIMARC 110 $a/1 frequency codes as the MARC 21 008/18 codes of the publFreqCode list. */
const UNIMARC_FREQUENCY: Record<string, string> = {
  a: 'd',
  b: 'c',
  c: 'w',
  d: 'e',
  e: 's',
  f: 'm',
  g: 'b',
  h: 'q',
  i: 't',
  j: 'f',
  k: 'a',
  l: 'g',
  m: 'h',
  n: 'i',
  o: 'j',
};

/**
 * Journal navigation (/magazineNav, /magazineNavDetail): the journals of an institution built from
 * its serial records and KBART serial lines (kept a minute per institution), browsed by core list,
 * CLC class and initial, searched by words or ISSN; a journal's page; views and the hot journals;
 * the core lists' import.
 */
export class JournalService {
  private readonly cache: TtlCache<number, Catalogue>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: { dictionaries: DictionaryService; cacheMs: number },
  ) {
    this.cache = new TtlCache(deps.cacheMs);
  }

  /** Forgets an institution's journals (after an import of marks or titles). */
  invalidate(tenantId: number): void {
    this.cache.delete(tenantId);
  }

  private catalogue(tenantId: number): Promise<Catalogue> {
    return this.cache.get(tenantId, async () => {
      const [prints, lines, marks] = await Promise.all([
        findPrintSerials(this.db, tenantId),
        findElectronicSerials(this.db, tenantId),
        findCoreMarks(this.db, tenantId),
      ]);
      const journals = buildJournals(prints, lines, marks);
      const byIssn = new Map<string, Journal>();
      for (const j of journals) for (const i of j.issns) byIssn.set(i, j);
      return { journals, byId: new Map(journals.map((j) => [j.id, j])), byIssn };
    });
  }

  /** The core lists (standard and the institution's own) and the CLC classes, by code, in `lang`. */
  private async names(tenantId: number, lang: Lang) {
    const [standard, custom, classes] = await Promise.all([
      this.deps.dictionaries.codeList(tenantId, 'coreInclude', lang),
      this.deps.dictionaries.codeList(tenantId, 'customCoreList', lang),
      this.deps.dictionaries.codeList(tenantId, 'classNo', lang),
    ]);
    const up = (l: CodeName[]) => l.map((e) => ({ ...e, code: e.code.toUpperCase() }));
    return { standard: up(standard), custom: up(custom), classes: up(classes) };
  }

  /** The home page's figures (`/find/homePage/info`): journals, of each carrier, with a core mark. */
  async figures(tenantId: number): Promise<{ total: number; print: number; electronic: number; core: number }> {
    const { journals } = await this.catalogue(tenantId);
    return {
      total: journals.length,
      print: journals.filter((j) => j.records.length).length,
      electronic: journals.filter((j) => j.lines.length).length,
      core: journals.filter((j) => j.marks.length).length,
    };
  }

  /** `GET /find/journal/navInfo`. */
  async navInfo(tenantId: number, lang: Lang, carrier: JournalCarrier): Promise<JournalNavInfo> {
    const [{ journals }, names] = await Promise.all([this.catalogue(tenantId), this.names(tenantId, lang)]);
    const shown = journals.filter((j) => ofCarrier(j, carrier));
    const coreLists = [
      ...names.standard.map((e) => ({ ...e, custom: false })),
      ...names.custom.map((e) => ({ ...e, custom: true })),
    ].map((e) => {
      const editions = new Set<string>();
      let count = 0;
      for (const j of shown) {
        const marks = j.marks.filter((m) => m.list_code === e.code);
        if (marks.length) count++;
        for (const m of marks) editions.add(m.edition);
      }
      for (const j of journals) for (const m of j.marks) if (m.list_code === e.code) editions.add(m.edition);
      return { ...e, count, editions: [...editions].sort((a, b) => b.localeCompare(a)) };
    });
    const tops = names.classes.filter((c) => /^[A-Z]$/.test(c.code));
    const seconds = names.classes.filter((c) => c.code.length > 1);
    const classes: JournalClassNode[] = tops.map((top) => {
      const inTop = shown.filter((j) => j.classCode.startsWith(top.code));
      const child = seconds
        .filter((s) => s.code.startsWith(top.code))
        .map((s) => ({ ...s, count: inTop.filter((j) => secondOf(j.classCode, seconds) === s.code).length }))
        .filter((s) => s.count > 0);
      return { ...top, count: inTop.length, child };
    });
    const initials = JOURNAL_INITIALS.map((letter) => ({
      letter,
      count: shown.filter((j) => j.initial === letter).length,
    }));
    return {
      total: shown.length,
      printCount: journals.filter((j) => j.records.length).length,
      electronicCount: journals.filter((j) => j.lines.length).length,
      coreLists,
      classes,
      initials,
    };
  }

  /** `POST /find/journal/list`. */
  async list(tenantId: number, lang: Lang, req: JournalListRequest): Promise<JournalPage> {
    const [{ journals }, names] = await Promise.all([this.catalogue(tenantId), this.names(tenantId, lang)]);
    if (req.classCode && !names.classes.some((c) => c.code === req.classCode))
      throw JournalErrors.unknownClass(req.classCode.slice(0, 20));
    const seconds = names.classes.filter((c) => c.code.length > 1);
    const found = journals.filter(
      (j) =>
        ofCarrier(j, req.carrier) &&
        (!req.core || j.marks.some((m) => m.list_code === req.core && (!req.edition || m.edition === req.edition))) &&
        (!req.classCode ||
          (req.classCode.length === 1
            ? j.classCode.startsWith(req.classCode)
            : secondOf(j.classCode, seconds) === req.classCode)) &&
        (!req.initial || j.initial === req.initial) &&
        (!req.q || matchesQuery(j, req.q)),
    );
    const views = await this.viewsOf(tenantId, LIST_VIEW_DAYS);
    if (req.sort === 'hot') found.sort((a, b) => (views.get(b.id) ?? 0) - (views.get(a.id) ?? 0));
    const from = (req.page - 1) * req.rows;
    return {
      totalCount: found.length,
      list: found.slice(from, from + req.rows).map((j) => this.summary(j, names, views.get(j.id) ?? 0)),
    };
  }

  private async viewsOf(tenantId: number, days: number): Promise<Map<string, number>> {
    return new Map((await findJournalViews(this.db, tenantId, days)).map((r) => [r.journal_key, r.views]));
  }

  private summary(j: Journal, names: Awaited<ReturnType<JournalService['names']>>, views: number): JournalSummary {
    const lists = new Map([...names.standard, ...names.custom].map((e) => [e.code, e.name]));
    const classes = new Map(names.classes.map((c) => [c.code, c.name]));
    const seconds = names.classes.filter((c) => c.code.length > 1);
    const cls = secondOf(j.classCode, seconds) || j.classCode.charAt(0);
    // The newest edition of each list only.
    const marks = new Map<string, { code: string; name: string; edition: string }>();
    for (const m of j.marks) {
      const prev = marks.get(m.list_code);
      if (!prev || m.edition > prev.edition)
        marks.set(m.list_code, { code: m.list_code, name: lists.get(m.list_code) ?? m.list_code, edition: m.edition });
    }
    return {
      id: j.id,
      title: j.title,
      issn: j.issn,
      eissn: j.eissn,
      publisher: j.publisher,
      classCode: j.classCode,
      className: classes.get(cls) ?? '',
      marks: [...marks.values()].sort((a, b) => a.code.localeCompare(b.code)),
      print: j.records.length > 0,
      electronic: j.lines.length > 0,
      views,
    };
  }

  /** The journal an id or ISSN names, or the failure. */
  private async journalOf(tenantId: number, q: { id?: string | undefined; issn?: string | undefined }) {
    const cat = await this.catalogue(tenantId);
    const issn = q.issn ? normalizeIssn(q.issn) : null;
    const j = q.id ? (cat.byId.get(q.id) ?? cat.byIssn.get(q.id)) : issn ? cat.byIssn.get(issn) : undefined;
    if (!j) throw JournalErrors.noSuchJournal();
    return { j, cat };
  }

  /** `GET /find/journal/detail`. */
  async detail(tenantId: number, lang: Lang, q: JournalDetailQuery): Promise<JournalDetail> {
    const { j, cat } = await this.journalOf(tenantId, q);
    const [names, views, items, frequency] = await Promise.all([
      this.names(tenantId, lang),
      this.viewsOf(tenantId, LIST_VIEW_DAYS),
      findSerialItems(
        this.db,
        tenantId,
        j.records.map((r) => r.record_id),
      ),
      this.frequency(tenantId, lang, j),
    ]);
    // Title history: KBART's preceding_publication_title_id names the title_id of the earlier title.
    const titleIds = new Map<string, Journal>();
    for (const other of cat.journals)
      for (const l of other.lines) if (l.title_id) titleIds.set(`${l.package_code}\u0000${l.title_id}`, other);
    const preceding = new Map<string, Journal>();
    for (const l of j.lines) {
      const p = l.preceding_publication_title_id
        ? titleIds.get(`${l.package_code}\u0000${l.preceding_publication_title_id}`)
        : undefined;
      if (p && p !== j) preceding.set(p.id, p);
    }
    const own = new Set(j.lines.flatMap((l) => (l.title_id ? [`${l.package_code}\u0000${l.title_id}`] : [])));
    const succeeding = new Map<string, Journal>();
    for (const other of cat.journals) {
      if (other === j) continue;
      if (
        other.lines.some(
          (l) =>
            l.preceding_publication_title_id && own.has(`${l.package_code}\u0000${l.preceding_publication_title_id}`),
        )
      )
        succeeding.set(other.id, other);
    }
    const ref = (x: Journal) => ({ id: x.id, title: x.title });
    return {
      ...this.summary(j, names, views.get(j.id) ?? 0),
      otherTitles: j.otherTitles,
      frequency,
      publishPlace: j.publishPlace,
      language: j.lang,
      records: j.records.map((r) => ({ recordId: r.record_id, title: r.title, callNo: r.call_numbers[0] ?? '' })),
      holdings: holdingsOf(items, lang),
      coverage: coverageOf(j.lines, lang),
      preceding: [...preceding.values()].map(ref),
      succeeding: [...succeeding.values()].map(ref),
    };
  }

  /** The frequency of the journal's first record, from its MARC (MARC 21 008/18 or 310, UNIMARC 110 $a/1). */
  private async frequency(tenantId: number, lang: Lang, j: Journal): Promise<string> {
    const first = j.records[0];
    if (!first) return '';
    const { leader, fields } = parseMarc(await findRecordMarc(this.db, tenantId, first.record_id));
    const codes = await this.deps.dictionaries.codeList(tenantId, 'publFreqCode', lang);
    const named = (code: string) => codes.find((c) => c.code === code)?.name ?? '';
    const f110 = fields.find((f) => f.tag === '110');
    if (f110) {
      const a = f110.subfields.find(([c]) => c === 'a')?.[1] ?? '';
      return named(UNIMARC_FREQUENCY[a.charAt(1)] ?? '');
    }
    const f008 = fields.find((f) => f.tag === '008')?.subfields[0]?.[1] ?? '';
    const fromFixed = leader.charAt(7) === 's' ? named(f008.charAt(18)) : '';
    if (fromFixed) return fromFixed;
    return fields.find((f) => f.tag === '310')?.subfields.find(([c]) => c === 'a')?.[1] ?? '';
  }

  /** `POST /find/journal/view`: counted once per visitor and day. */
  async view(tenantId: number, id: string, visitor: JournalVisitor): Promise<{ counted: boolean }> {
    const { j } = await this.journalOf(tenantId, { id });
    const who =
      'readerId' in visitor
        ? `r:${visitor.readerId}`
        : `a:${createHash('sha256')
            .update(`${tenantId}\n${visitor.ip}\n${visitor.userAgent}`)
            .digest('base64url')
            .slice(0, 32)}`;
    return { counted: await countJournalView(this.db, tenantId, j.id, who) };
  }

  /** `POST /find/newEle/journal/hotBrowsers`: the most viewed journals of the window. */
  async hot(tenantId: number, lang: Lang, window: JournalHotWindow, rows: number) {
    const [{ byId }, names, views] = await Promise.all([
      this.catalogue(tenantId),
      this.names(tenantId, lang),
      findJournalViews(this.db, tenantId, JOURNAL_HOT_WINDOWS[window]),
    ]);
    const list: JournalSummary[] = [];
    for (const v of views) {
      const j = byId.get(v.journal_key);
      if (j) list.push(this.summary(j, names, v.views));
      if (list.length >= rows) break;
    }
    return { list };
  }

  /**
   * Loads a core list's file (CSV: ISSN, title, optional CLC class; a header line is skipped) as the
   * marks of `list` and `edition`, replacing that edition's marks. The list is one of the coreInclude
   * lists or of the institution's own (customCoreList). Lines without a valid ISSN are reported.
   */
  async importCoreList(
    tenantId: number,
    list: string,
    edition: string,
    text: string,
    /** Names a new list of the institution's own (or renames one): it joins customCoreList. */
    ownName?: string,
  ): Promise<CoreImportReport> {
    const code = list.trim().toUpperCase();
    if (!/^[A-Z0-9_-]{1,20}$/.test(code) || edition.trim().length > 20)
      throw new AppError('journalUnknownCoreList', JournalErrCode.unknownCoreList, { list: code.slice(0, 20) });
    if (ownName?.trim()) {
      const standard = await this.deps.dictionaries.codeList(tenantId, 'coreInclude', 'zh-CN');
      if (standard.some((e) => e.code.toUpperCase() === code))
        throw new AppError('journalUnknownCoreList', JournalErrCode.unknownCoreList, { list: code });
      await upsertOwnCoreList(this.db, tenantId, code, ownName.trim().slice(0, 100));
      this.deps.dictionaries.invalidate(tenantId);
    }
    const names = await this.names(tenantId, 'zh-CN');
    if (![...names.standard, ...names.custom].some((e) => e.code === code))
      throw new AppError('journalUnknownCoreList', JournalErrCode.unknownCoreList, { list: code.slice(0, 20) });
    const rows = parseCsv(text.replace(/^\uFEFF/, ''));
    const rejected: CoreImportReport['rejected'] = [];
    const marks = new Map<string, { issn: string; title: string; classCode: string }>();
    let read = 0;
    rows.forEach((cells, n) => {
      if (cells.every((c) => !c.trim())) return;
      const [rawIssn = '', title = '', cls = ''] = cells.map((c) => c.trim());
      if (n === 0 && !normalizeIssn(rawIssn) && /issn/i.test(rawIssn)) return; // the header
      read++;
      if (read > MAX_CORE_LIST_LINES) return void rejected.push({ line: n + 1, reason: 'too many lines' });
      const issn = normalizeIssn(rawIssn);
      if (!issn) return void rejected.push({ line: n + 1, reason: `not a valid ISSN: "${rawIssn.slice(0, 30)}"` });
      if (marks.has(issn)) return void rejected.push({ line: n + 1, reason: `${issn} listed twice` });
      marks.set(issn, {
        issn,
        title: title.slice(0, 300),
        classCode: /^[A-Z][A-Z0-9.\-/]{0,29}$/i.test(cls) ? cls.toUpperCase() : '',
      });
    });
    if (!marks.size)
      throw new AppError('journalEmptyCoreList', JournalErrCode.emptyCoreList, { rejected: rejected.length });
    const replaced = await replaceCoreMarks(this.db, tenantId, code, edition.trim(), [...marks.values()]);
    // The search's coreInclude filter reads the marks off the records.
    await refreshRecordTags(this.db, tenantId);
    this.invalidate(tenantId);
    return { list: code, edition: edition.trim(), read, loaded: marks.size, replaced, rejected };
  }
}

function ofCarrier(j: Journal, carrier: JournalCarrier): boolean {
  if (carrier === 'print') return j.records.length > 0;
  if (carrier === 'electronic') return j.lines.length > 0;
  return true;
}

/** The second-level class of the code list a class number falls in: the longest code that begins it. */
function secondOf(classCode: string, seconds: ReadonlyArray<{ code: string }>): string {
  let best = '';
  for (const s of seconds) if (classCode.startsWith(s.code) && s.code.length > best.length) best = s.code;
  return best;
}

const localName = (lang: Lang, zh: string | null, en: string | null, tw: string | null) =>
  (lang === 'en-US' ? en : lang === 'zh-TW' ? tw : null) || zh || '';

/** Print holdings: the issues held per library and location, newest first. */
function holdingsOf(items: Awaited<ReturnType<typeof findSerialItems>>, lang: Lang): JournalHolding[] {
  const places = new Map<string, JournalHolding & { yearsHeld: number[] }>();
  for (const i of items) {
    const libName = localName(lang, i.lib_name, i.lib_name_en, i.lib_name_tw) || (i.lib_code ?? '');
    const locationName =
      localName(lang, i.loc_name, i.loc_name_en, i.loc_name_tw) || i.location_name || i.location_id || '';
    const key = `${libName}\u0000${locationName}`;
    let p = places.get(key);
    if (!p)
      places.set(key, (p = { libName, locationName, callNo: i.call_no ?? '', years: '', issues: [], yearsHeld: [] }));
    const year = (i.year ?? '').trim();
    const vol = (i.vol ?? '').trim();
    let issue = p.issues.find((x) => x.year === year && x.vol === vol);
    if (!issue) p.issues.push((issue = { year, vol, itemCount: 0, onShelfCount: 0 }));
    issue.itemCount++;
    if (i.process_type_code === ON_SHELF) issue.onShelfCount++;
    const y = /^\d{4}/.exec(year);
    if (y) p.yearsHeld.push(Number(y[0]));
  }
  return [...places.values()].map(({ yearsHeld, ...p }) => ({
    ...p,
    years: yearRanges(yearsHeld),
    issues: p.issues.sort(
      (a, b) =>
        b.year.localeCompare(a.year, 'en', { numeric: true }) || b.vol.localeCompare(a.vol, 'en', { numeric: true }),
    ),
  }));
}

/** The KBART embargo text (R1Y, P6M, R30D) as its kind and length in months. */
export function parseEmbargo(text: string | null): JournalPackageCoverage['embargo'] {
  const m = /^([RP])(\d{1,3})([DMY])$/i.exec((text ?? '').trim());
  if (!m) return null;
  const n = Number(m[2]);
  const unit = m[3]!.toUpperCase();
  const months = unit === 'Y' ? n * 12 : unit === 'M' ? n : Math.max(1, Math.round(n / 30));
  return { kind: m[1]!.toUpperCase() as 'R' | 'P', months, text: m[0].toUpperCase() };
}

/** Electronic coverage per package: its ranges in order (the gaps between them), embargo and link. */
function coverageOf(lines: readonly ETitleRow[], lang: Lang): JournalPackageCoverage[] {
  const packages = new Map<string, JournalPackageCoverage>();
  for (const l of lines) {
    let p = packages.get(l.package_code);
    if (!p)
      packages.set(
        l.package_code,
        (p = {
          packageCode: l.package_code,
          packageName: localName(lang, l.package_name, l.package_name_en, l.package_name_tw) || l.package_code,
          url: '',
          ranges: [],
          embargo: null,
          coverageDepth: l.coverage_depth ?? '',
          openAccess: l.access_type === 'F',
        }),
      );
    p.url ||= safeLinkUrl(l.title_url) ?? '';
    p.embargo ??= parseEmbargo(l.embargo_info);
    p.ranges.push({
      from: l.coverage_from,
      to: l.coverage_to,
      fromVolume: l.num_first_vol_online ?? '',
      toVolume: l.num_last_vol_online ?? '',
    });
  }
  for (const p of packages.values()) p.ranges.sort((a, b) => (a.from ?? '').localeCompare(b.from ?? ''));
  return [...packages.values()];
}
