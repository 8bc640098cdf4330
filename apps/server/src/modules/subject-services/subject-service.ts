import type { Kysely } from 'kysely';
import {
  SubjectErrCode,
  initialOf,
  type AdminResearcherList,
  type AdminResearcherListRequest,
  type DecideWorkOutcome,
  type DepartmentCard,
  type DepartmentDetail,
  type DepartmentResourceRequest,
  type DepartmentResources,
  type FullTextState,
  type Lang,
  type ResearcherCard,
  type ResearcherDetail,
  type ResearcherListRequest,
  type ResearcherList,
  type ResearcherWork,
  type ResearcherWorks,
  type ResearcherWorksQuery,
  type SubjectRecord,
  type Thesis,
  type ThesisDegree,
  type ThesisSearch,
  type ThesisSearchRequest,
  type WorkCounts,
  type WorkDecision,
  type WorkState,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { isOnCampus } from '../../lib/campus-network.js';
import { localName } from '../../lib/localized.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { affiliationText, foldName, foldPlace, nameForms, readMarc, thesisFields } from './marc-fields.js';
import { findEResourceSetting } from '../e-resources/e-resource-repository.js';
import type { StaffActor } from '../staff/staff-context.js';
import type { StaffService } from '../staff/staff-service.js';
import * as repo from './subject-repository.js';
import { refreshRecordTags } from '../catalogue/catalogue-repository.js';

/**
 * Subject services: departments and their resources, researchers and their works, the
 * institution's theses (docs/subject-services.md). Works are found by a rule (the researcher's
 * name forms among a record's author names, and the institution or the researcher's department
 * among the record's affiliation texts) that staff correct work by work; the matching runs over
 * the whole catalogue once a minute at most per institution and process.
 */

const noSuchDepartment = () => new AppError('subjectNoSuchDepartment', SubjectErrCode.noSuchDepartment);
const noSuchResearcher = () => new AppError('subjectNoSuchResearcher', SubjectErrCode.noSuchResearcher);

/** What subjects are called, for the department cards (the dictionary's discode1). */
const DISCIPLINES: Record<string, [string, string, string]> = {
  '01': ['哲学', '哲學', 'Philosophy'],
  '02': ['经济学', '經濟學', 'Economics'],
  '03': ['法学', '法學', 'Law'],
  '04': ['教育学', '教育學', 'Education'],
  '05': ['文学', '文學', 'Literature'],
  '06': ['历史学', '歷史學', 'History'],
  '07': ['理学', '理學', 'Science'],
  '08': ['工学', '工學', 'Engineering'],
  '09': ['农学', '農學', 'Agriculture'],
  '10': ['医学', '醫學', 'Medicine'],
  '11': ['军事学', '軍事學', 'Military Science'],
  '12': ['管理学', '管理學', 'Management'],
  '13': ['艺术学', '藝術學', 'Art'],
  '14': ['交叉学科', '交叉學科', 'Interdisciplinary Studies'],
};
const LANG_INDEX: Record<Lang, number> = { 'zh-CN': 0, 'zh-TW': 1, 'en-US': 2 };
const DEGREE_NAMES: Record<ThesisDegree, [string, string, string]> = {
  doctor: ['博士', '博士', 'Doctoral'],
  master: ['硕士', '碩士', "Master's"],
  bachelor: ['学士', '學士', "Bachelor's"],
  postdoc: ['博士后', '博士後', 'Postdoctoral'],
};

/** A work of a researcher: its state, and why (what the rule found, what staff decided). */
interface Work {
  state: WorkState;
  /** What the rule alone says; null for a work only staff list. */
  rule: 'matched' | 'possible' | null;
  /** The record's author names that are a form of the researcher's name. */
  names: string[];
  /** The institution's or department's name its affiliation text gives. */
  place: string;
  affiliation: string;
  decidedBy: string;
  decidedAt: string | null;
}

/** A researcher's works as the rule and staff make them: researcher id → record id → work. */
type WorkMap = Map<number, Map<number, Work>>;

/** The affiliation text kept for the console: enough to see where the authors work. */
const AFFILIATION_SHOWN = 300;

export class SubjectService {
  private readonly works = new TtlCache<number, WorkMap>(60_000);
  /** Theses are read again at once after a catalogue change; this bounds how stale they get without notifications. */
  private readonly thesisSync = new TtlCache<number, void>(10 * 60_000);

  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: { staff?: StaffService } = {},
  ) {}

  /** The home page's figures: departments, researchers and theses (the thesis records read first). */
  async figures(tenantId: number): Promise<{ departments: number; researchers: number; theses: number }> {
    await this.syncTheses(tenantId);
    return repo.countSubjectFigures(this.db, tenantId);
  }

  /* ---- Departments ---- */

  private card(row: repo.DepartmentRow, lang: Lang): DepartmentCard {
    return {
      id: row.id,
      code: row.code,
      name: localName(row, lang),
      nameEn: row.name_en,
      description: lang === 'en-US' ? row.description_en || row.description : row.description,
      disciplines: row.discode1.map((code) => ({ code, name: DISCIPLINES[code]?.[LANG_INDEX[lang]] ?? code })),
      clcClasses: row.clc_classes,
      counts: { books: row.books, databases: row.databases, researchers: row.researchers, theses: row.theses },
    };
  }

  async departments(tenantId: number, q: string, lang: Lang): Promise<{ list: DepartmentCard[] }> {
    await this.syncTheses(tenantId);
    const rows = await repo.findDepartments(this.db, tenantId, q);
    return { list: rows.map((r) => this.card(r, lang)) };
  }

  private async department(tenantId: number, id: number): Promise<repo.DepartmentRow> {
    await this.syncTheses(tenantId);
    const [row] = await repo.findDepartments(this.db, tenantId, '', id);
    if (!row) throw noSuchDepartment();
    return row;
  }

  async departmentDetail(tenantId: number, id: number, lang: Lang): Promise<DepartmentDetail> {
    const row = await this.department(tenantId, id);
    return {
      ...this.card(row, lang),
      liaison: { name: row.liaison_name, email: row.liaison_email, phone: row.liaison_phone },
    };
  }

  async departmentResources(
    tenantId: number,
    input: DepartmentResourceRequest,
    lang: Lang,
    ip: string,
  ): Promise<DepartmentResources> {
    const d = await this.department(tenantId, input.id);
    const offset = (input.page - 1) * input.rows;
    const out: DepartmentResources = {
      type: input.type,
      totalCount: 0,
      records: [],
      databases: [],
      researchers: [],
      theses: [],
    };
    if (input.type === 'newBooks' || input.type === 'hotBooks') {
      const classes = d.clc_classes.map((c) => c.toUpperCase());
      const page = classes.length
        ? await repo.findClassRecords(
            this.db,
            tenantId,
            classes,
            input.type === 'newBooks' ? 'new' : 'hot',
            offset,
            input.rows,
          )
        : { total: 0, rows: [] };
      out.totalCount = page.total;
      out.records = page.rows.map(toRecord);
    } else if (input.type === 'databases') {
      const page = d.discode1.length
        ? await repo.findSubjectDatabases(this.db, tenantId, d.discode1, offset, input.rows)
        : { total: 0, rows: [] };
      out.totalCount = page.total;
      out.databases = page.rows.map((e) => ({
        id: e.id,
        name: localName(e, lang),
        description: lang === 'en-US' ? e.description_en || e.description : e.description,
        url: e.url,
        accessKind: e.access_kind,
        subjects: e.subjects.map((c) => DISCIPLINES[c]?.[LANG_INDEX[lang]] ?? c),
      }));
    } else if (input.type === 'researchers') {
      const list = await this.researchers(
        tenantId,
        { q: '', departmentId: d.id, initial: '', page: input.page, rows: input.rows },
        lang,
      );
      out.totalCount = list.totalCount;
      out.researchers = list.list;
    } else {
      const found = await this.theses(
        tenantId,
        {
          q: '',
          field: 'all',
          departmentId: d.id,
          sort: 'new',
          page: input.page,
          rows: input.rows,
          degree: undefined,
          year: undefined,
        },
        lang,
        ip,
      );
      out.totalCount = found.totalCount;
      out.theses = found.list;
    }
    return out;
  }

  /* ---- Researchers and their works ---- */

  /** Every researcher's works by the rule and staff decisions (cached a minute per institution). */
  private workMap(tenantId: number): Promise<WorkMap> {
    return this.works.get(tenantId, async () => {
      const researchers = await repo.findAllResearchers(this.db, tenantId);
      const institution = await this.institutionForms(tenantId);
      const forms = researchers.flatMap((r) =>
        nameForms(r.name, r.name_en, r.name_variants).map((form) => ({ rid: r.id, form })),
      );
      const hits = await repo.findNameMatches(this.db, tenantId, forms);
      const byId = new Map(researchers.map((r) => [r.id, r]));
      const map: WorkMap = new Map(researchers.map((r) => [r.id, new Map<number, Work>()]));
      for (const hit of hits) {
        const works = map.get(hit.rid)!;
        const seen = works.get(hit.record_id);
        // A second author name of the same record (both forms of the name in it).
        if (seen) {
          if (!seen.names.includes(hit.author)) seen.names.push(hit.author);
          continue;
        }
        const r = byId.get(hit.rid)!;
        const affiliation = affiliationText(readMarc(hit.marc));
        const where = foldPlace(affiliation);
        const place =
          [...institution, ...[r.dept_name, r.dept_name_tw, r.dept_name_en].filter((n): n is string => !!n)].find(
            (p) => foldPlace(p).length >= 2 && where.includes(foldPlace(p)),
          ) ?? '';
        const rule = place ? 'matched' : 'possible';
        works.set(hit.record_id, {
          state: rule,
          rule,
          names: [hit.author],
          place,
          affiliation: affiliation.slice(0, AFFILIATION_SHOWN),
          decidedBy: '',
          decidedAt: null,
        });
      }
      for (const d of await repo.findWorkDecisions(this.db, tenantId)) {
        const works = map.get(d.researcher_id);
        if (!works) continue;
        const found = works.get(d.record_id);
        const decided = { state: d.decision, decidedBy: d.decided_by, decidedAt: d.decided_at };
        works.set(
          d.record_id,
          found ? { ...found, ...decided } : { rule: null, names: [], place: '', affiliation: '', ...decided },
        );
      }
      return map;
    });
  }

  /** The names the institution's records give it: its own (without 图书馆/Library) and the policy's. */
  private async institutionForms(tenantId: number): Promise<string[]> {
    const names = await repo.findTenantNames(this.db, tenantId);
    const policy = await repo.findThesisPolicy(this.db, tenantId);
    return [
      ...names.map((n) =>
        n
          .replace(/\s*(图书馆|圖書館|library)$/i, '')
          .replace(/^the\s+/i, '')
          .trim(),
      ),
      ...policy.institution_names,
    ].filter((n) => n.length >= 2);
  }

  /** The works readers see: confirmed ones and those the rule matched with an affiliation. */
  private async publicWorks(tenantId: number, researcherId: number): Promise<Map<number, WorkState>> {
    const all = (await this.workMap(tenantId)).get(researcherId) ?? new Map<number, Work>();
    return new Map(
      [...all].filter(([, w]) => w.state === 'matched' || w.state === 'claimed').map(([id, w]) => [id, w.state]),
    );
  }

  private async researcherCard(tenantId: number, r: repo.ResearcherRow, lang: Lang): Promise<ResearcherCard> {
    return {
      id: r.id,
      name: r.name,
      nameEn: r.name_en,
      initial: initialOf(r.name_en),
      title: r.title,
      departmentId: r.department_id,
      departmentName: r.dept_name
        ? localName({ name: r.dept_name, name_tw: r.dept_name_tw ?? '', name_en: r.dept_name_en ?? '' }, lang)
        : '',
      fields: r.fields,
      worksCount: (await this.publicWorks(tenantId, r.id)).size,
    };
  }

  async researchers(tenantId: number, input: ResearcherListRequest, lang: Lang): Promise<ResearcherList> {
    const all = await repo.findResearchers(this.db, tenantId, input);
    const letters = new Map<string, number>();
    for (const r of all) letters.set(r.initial, (letters.get(r.initial) ?? 0) + 1);
    const chosen = input.initial ? all.filter((r) => r.initial === input.initial) : all;
    const page = chosen.slice((input.page - 1) * input.rows, input.page * input.rows);
    return {
      totalCount: chosen.length,
      list: await Promise.all(page.map((r) => this.researcherCard(tenantId, r, lang))),
      initials: [...letters].map(([initial, count]) => ({ initial, count })),
    };
  }

  private async researcher(tenantId: number, id: number): Promise<repo.ResearcherRow> {
    const r = (await repo.findAllResearchers(this.db, tenantId)).find((x) => x.id === id);
    if (!r) throw noSuchResearcher();
    return r;
  }

  /** Records with their state, newest first. */
  private async workRecords(tenantId: number, works: Map<number, WorkState>): Promise<ResearcherWork[]> {
    const rows = await repo.findRecordsByIds(this.db, tenantId, [...works.keys()]);
    return rows
      .map((row) => ({ ...toRecord(row), state: works.get(row.record_id)! }))
      .sort((a, b) => b.year.localeCompare(a.year) || b.recordId - a.recordId);
  }

  async researcherDetail(
    tenantId: number,
    input: { id: number; page: number; rows: number },
    lang: Lang,
  ): Promise<ResearcherDetail> {
    const r = await this.researcher(tenantId, input.id);
    const works = await this.workRecords(tenantId, await this.publicWorks(tenantId, r.id));
    const years = works
      .map((w) => w.year)
      .filter((y) => /^\d{4}/.test(y))
      .map((y) => y.slice(0, 4))
      .sort();
    return {
      researcher: {
        ...(await this.researcherCard(tenantId, r, lang)),
        orcid: r.orcid,
        homepage: r.homepage,
        nameVariants: r.name_variants,
      },
      works: { totalCount: works.length, list: works.slice((input.page - 1) * input.rows, input.page * input.rows) },
      counts: {
        works: works.length,
        available: works.filter((w) => w.onShelfCount > 0 || w.eCount > 0).length,
        claimed: works.filter((w) => w.state === 'claimed').length,
        firstYear: years[0] ?? '',
        lastYear: years[years.length - 1] ?? '',
      },
    };
  }

  /** Staff: the researchers with their works counted by state, by words and department. */
  async adminResearchers(
    tenantId: number,
    input: AdminResearcherListRequest,
    lang: Lang,
  ): Promise<AdminResearcherList> {
    const departments = await repo.findDepartmentNames(this.db, tenantId);
    if (input.departmentId !== undefined && !departments.some((d) => d.id === input.departmentId))
      throw noSuchDepartment();
    const map = await this.workMap(tenantId);
    const counted = (await repo.findResearchers(this.db, tenantId, { ...input, initial: '' })).map((r) => ({
      r,
      counts: countWorks(map.get(r.id)),
    }));
    const chosen = input.possibleOnly ? counted.filter((c) => c.counts.possible > 0) : counted;
    const page = chosen.slice((input.page - 1) * input.rows, input.page * input.rows);
    return {
      totalCount: chosen.length,
      list: await Promise.all(
        page.map(async ({ r, counts }) => ({
          ...(await this.researcherCard(tenantId, r, lang)),
          code: r.code,
          counts,
        })),
      ),
      departments: departments.map((d) => ({ id: d.id, name: localName(d, lang) })),
    };
  }

  /** Staff: every work the rule or a decision gives, possible and excluded ones too, with why. */
  async allWorks(tenantId: number, input: ResearcherWorksQuery): Promise<ResearcherWorks> {
    const r = await this.researcher(tenantId, input.id);
    const all = (await this.workMap(tenantId)).get(r.id) ?? new Map<number, Work>();
    const records = await this.workRecords(tenantId, new Map([...all].map(([id, w]) => [id, w.state])));
    const chosen = input.state ? records.filter((w) => w.state === input.state) : records;
    return {
      totalCount: chosen.length,
      list: chosen.slice((input.page - 1) * input.rows, input.page * input.rows).map((w) => {
        const why = all.get(w.recordId)!;
        return {
          ...w,
          ruleState: why.rule,
          matchedNames: why.names,
          matchedPlace: why.place,
          affiliation: why.affiliation,
          decidedBy: why.decidedBy,
          decidedAt: why.decidedAt,
        };
      }),
      counts: countWorks(all),
    };
  }

  /** Staff: confirm or exclude a work, or give it back to the rule. */
  async decideWork(
    tenantId: number,
    input: { researcherId: number; recordId: number; decision: WorkDecision },
    actor: Pick<StaffActor, 'staffId' | 'username'>,
    ip: string,
  ): Promise<DecideWorkOutcome> {
    const by = actor.username;
    await this.researcher(tenantId, input.researcherId);
    if (!(await repo.recordExists(this.db, tenantId, input.recordId)))
      throw new AppError('subjectNoSuchRecord', SubjectErrCode.noSuchRecord);
    const known = (await this.workMap(tenantId)).get(input.researcherId)?.get(input.recordId);
    const before = known?.state ?? null;
    const changed = await repo.saveWorkDecision(
      this.db,
      tenantId,
      input.researcherId,
      input.recordId,
      input.decision,
      by,
    );
    if (!changed) {
      // Decided so already (a double click, another tab): nothing written, no audit row.
      const state = input.decision === 'clear' ? (known?.rule ?? 'possible') : input.decision;
      // Another server process decided it: what this one keeps is out of date.
      if (before !== state) this.works.delete(tenantId);
      return { recordId: input.recordId, state };
    }
    // The search's verifyStatus reads the staff's review off the record.
    await refreshRecordTags(this.db, tenantId, [input.recordId]);
    this.works.delete(tenantId);
    const state = (await this.workMap(tenantId)).get(input.researcherId)?.get(input.recordId)?.state ?? 'possible';
    await this.deps.staff?.audit({
      tenantId,
      staffId: actor.staffId,
      actor: by,
      action: `researcher.work.${input.decision}`,
      target: `researcher ${input.researcherId} record ${input.recordId}`,
      before: { state: before },
      after: { state },
      ip,
    });
    return { recordId: input.recordId, state };
  }

  /** Forgets what was matched (after a load of researchers or departments). */
  changed(tenantId: number): void {
    this.works.delete(tenantId);
    this.thesisSync.delete(tenantId);
  }

  /**
   * The institution's catalogue changed (an import, the console, another process: the change
   * notification): its theses are read again now, not by the next reader's request, and works are
   * matched again when next asked. A failed read is left to the next request.
   */
  catalogueChanged(tenantId: number): void {
    this.changed(tenantId);
    this.syncTheses(tenantId).catch(() => this.thesisSync.delete(tenantId));
  }

  /* ---- Theses ---- */

  /** Reads the thesis records changed since last read (after a catalogue change, else at most every 10 minutes). */
  syncTheses(tenantId: number): Promise<void> {
    return this.thesisSync.get(tenantId, async () => {
      const departments = await repo.findDepartmentNames(this.db, tenantId);
      const institution = (await this.institutionForms(tenantId)).map(foldPlace);
      const tenantNames = (await repo.findTenantNames(this.db, tenantId)).map(foldPlace);
      await repo.dropFormerTheses(this.db, tenantId);
      for (;;) {
        const batch = await repo.findStaleTheses(this.db, tenantId, 500);
        if (!batch.length) break;
        const rows = batch.map((b): repo.ThesisWrite => {
          const f = thesisFields(readMarc(b.marc), b.publish_year_int, b.subjects);
          const body = foldPlace(f.institution);
          const local =
            !body ||
            institution.some((n) => body.includes(n) || n.includes(body)) ||
            tenantNames.some((n) => n.startsWith(body));
          const unit = foldPlace(f.departmentText);
          const dept = departments.find((d) =>
            [d.name, d.name_tw, d.name_en].some((n) => n && unit.includes(foldPlace(n))),
          );
          return {
            recordId: b.record_id,
            degree: f.degree,
            discipline: f.discipline,
            supervisor: f.supervisor,
            year: f.year,
            institution: f.institution,
            departmentId: dept?.id ?? null,
            keywords: f.keywords,
            searchText: [b.title, ...b.authors, f.supervisor, f.discipline, ...f.keywords].join(' ').toLowerCase(),
            recordUpdatedAt: b.updated_at,
            local,
          };
        });
        await repo.saveTheses(this.db, tenantId, rows);
        if (batch.length < 500) break;
      }
    });
  }

  async theses(tenantId: number, input: ThesisSearchRequest, lang: Lang, ip: string): Promise<ThesisSearch> {
    await this.syncTheses(tenantId);
    const filter: repo.ThesisFilter = {
      q: input.q.toLowerCase(),
      field: input.field,
      degree: input.degree,
      year: input.year,
      departmentId: input.departmentId,
    };
    const [page, facets, policy, departments, settings] = await Promise.all([
      repo.searchTheses(this.db, tenantId, filter, input.sort, (input.page - 1) * input.rows, input.rows),
      repo.thesisFacets(this.db, tenantId, filter),
      repo.findThesisPolicy(this.db, tenantId),
      repo.findDepartmentNames(this.db, tenantId),
      findEResourceSetting(this.db, tenantId),
    ]);
    const deptName = new Map(departments.map((d) => [d.id, localName(d, lang)]));
    const onCampus = isOnCampus(ip, settings.campus_networks);
    const today = new Date().toISOString().slice(0, 10);
    const list = page.rows.map((t): Thesis => {
      const links = JSON.parse(t.links || '[]') as Array<{ url: string }>;
      const url = t.full_text_url || links[0]?.url || '';
      const access = t.access ?? policy.default_access;
      let fullText: FullTextState = 'none';
      if (url && access !== 'none') {
        if (t.embargo_until && t.embargo_until > today) fullText = 'embargoed';
        else if (access === 'open') fullText = 'open';
        else fullText = onCampus ? 'campus' : 'offCampus';
      }
      return {
        recordId: t.record_id,
        title: t.title,
        author: t.authors.join('，'),
        degree: (t.degree as ThesisDegree | null) ?? null,
        discipline: t.discipline,
        supervisor: t.supervisor,
        year: t.year,
        departmentId: t.department_id,
        departmentName: t.department_id ? (deptName.get(t.department_id) ?? '') : '',
        keywords: t.keywords,
        fullText,
        fullTextUrl: fullText === 'open' || fullText === 'campus' ? url : '',
        embargoUntil: fullText === 'embargoed' ? t.embargo_until : null,
      };
    });
    const li = LANG_INDEX[lang];
    return {
      totalCount: page.total,
      list,
      facets: {
        degree: facets.degree.map((f) => ({
          code: f.code,
          name: DEGREE_NAMES[f.code as ThesisDegree]?.[li] ?? f.code,
          count: f.n,
        })),
        year: facets.year.map((f) => ({ code: f.code, name: f.code, count: f.n })),
        department: facets.department.map((f) => ({
          code: f.code,
          name: deptName.get(Number(f.code)) ?? f.code,
          count: f.n,
        })),
      },
    };
  }
}

/** A researcher's works counted by state. */
function countWorks(works: Map<number, Work> | undefined): WorkCounts {
  const counts: WorkCounts = { matched: 0, claimed: 0, possible: 0, excluded: 0 };
  for (const w of works?.values() ?? []) counts[w.state]++;
  return counts;
}

function toRecord(row: repo.RecordRow): SubjectRecord {
  return {
    recordId: row.record_id,
    title: row.title,
    author: row.author,
    publisher: row.publisher ?? '',
    year: row.publish_year ?? '',
    docCode: row.doc_code,
    clc: row.clc ?? '',
    physicalCount: row.physical_count,
    onShelfCount: row.on_shelf_count,
    eCount: row.e_count,
    loanCount: row.loan_count,
  };
}

/** For tests and the loaders: folding a name as the matching does. */
export { foldName };
