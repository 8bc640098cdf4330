import type { Kysely } from 'kysely';
import {
  DB_TYPE_NAMES,
  DB_TYPES,
  EResourceErrCode,
  NEW_DATABASE_DAYS,
  TRIAL_FEEDBACK_DAILY_LIMIT,
  TRIAL_FEEDBACK_MAX,
  TRIAL_FEEDBACK_STATUSES,
  VISIT_WINDOW_DAYS,
  codePointLength,
  type AdminDbDetails,
  type AdminFeedbackPage,
  type AdminFeedbackQuery,
  type AdminTrialFeedback,
  type DbCard,
  type DbDetail,
  type DbListRequest,
  type DbPage,
  type DbScreenConditions,
  type DbType,
  type DbVisit,
  type DbVisitFigures,
  type EResourceSettings,
  type HandleFeedbackRequest,
  type Lang,
  type MyTrialFeedback,
  type NewDbListRequest,
  type SaveAdminDbDetails,
  type SaveEResourceSettings,
  type TrialFeedback,
  type TrialFeedbackRequest,
} from '@openfind/contract';
import { pinyinKeys, sortKey } from '@openfind/text';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { isOnCampus, parseNetwork } from '../../lib/campus-network.js';
import { startOfChinaDay } from '../../lib/china-day.js';
import { localName } from '../../lib/localized.js';
import type { DictionaryService } from '../dictionaries/dictionary-service.js';
import { addInboxMessage } from '../readers/reader-repository.js';
import type { StaffActor } from '../staff/staff-context.js';
import type { StaffService } from '../staff/staff-service.js';
import {
  addVisit,
  countDatabasesByAccess,
  countReaderFeedbackSince,
  countTitlesByType,
  findDailyVisits,
  findDatabase,
  findEResourceSetting,
  findFeedback,
  findFeedbackPage,
  findNewDatabases,
  findReaderFeedback,
  findShownDatabases,
  findVisitsPerDatabase,
  insertFeedback,
  isPackageTaken,
  refreshVisitCounts,
  saveEResourceSetting,
  updateDbDetails,
  updateFeedback,
  type DbRow,
  type FeedbackRow,
} from './e-resource-repository.js';

const noSuchDatabase = () => new AppError('dbNoSuch', EResourceErrCode.noSuchDatabase);

/** The day in China (UTC+8) `days` from `now`, YYYY-MM-DD. */
export function chinaDay(days = 0, now = new Date()): string {
  return new Date(startOfChinaDay(now).getTime() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** The A–Z letter of a database: its first Latin letter, or the pinyin initial of its first Chinese character. */
export function initialOf(name: string): string {
  const first = name.trim().charAt(0);
  if (/[A-Za-z]/.test(first)) return first.toUpperCase();
  const han = /^\p{Script=Han}+/u.exec(name.trim())?.[0];
  if (han) {
    // pinyinKeys reads runs of two characters or more: a lone character gets a neighbour.
    const letter = pinyinKeys(han.length > 1 ? han : `${han}文`)
      .initials[0]?.charAt(0)
      .toUpperCase();
    if (letter && /[A-Z]/.test(letter)) return letter;
  }
  return '#';
}

/** The text of a row in `lang` from its three columns (Simplified Chinese when the others are empty). */
const inLang = (lang: Lang, zh: string, tw: string, en: string) =>
  lang === 'en-US' ? en || zh : lang === 'zh-TW' ? tw || zh : zh;

const isHttp = (url: string) => {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * Databases navigation: the screen, lists, a database's page, visits with the on/off-campus link,
 * trial feedback; and the console's feedback queue, visit figures, navigation fields and settings.
 */
export class EResourceService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: { dictionaries: DictionaryService; staff: StaffService },
  ) {}

  /** The home page's figures: the databases readers see, by access (trials running today in China). */
  figures(tenantId: number): Promise<{ total: number; trial: number; purchased: number; open: number }> {
    return countDatabasesByAccess(this.db, tenantId, chinaDay());
  }

  private async subjectNames(tenantId: number, lang: Lang): Promise<Map<string, { name: string; eng: string }>> {
    const [local, english] = await Promise.all([
      this.deps.dictionaries.codeList(tenantId, 'discode1', lang),
      this.deps.dictionaries.codeList(tenantId, 'discode1', 'en-US'),
    ]);
    const eng = new Map(english.map((e) => [e.code, e.name]));
    return new Map(local.map((e) => [e.code, { name: e.name, eng: eng.get(e.code) ?? e.name }]));
  }

  private toCard(r: DbRow, lang: Lang, subjects: Map<string, { name: string }>, today: string): DbCard {
    const langIndex = lang === 'en-US' ? 2 : lang === 'zh-TW' ? 1 : 0;
    return {
      id: r.id,
      name: localName(r, lang),
      nameZh: r.name,
      initial: initialOf(r.name),
      description: inLang(lang, r.description, r.description_tw, r.description_en),
      imageUrl: r.image_url ?? '',
      accessKind: r.access_kind,
      trialFrom: r.access_kind === 'trial' ? r.trial_from : null,
      trialUntil: r.access_kind === 'trial' ? r.trial_until : null,
      trialEnded: r.access_kind === 'trial' && r.trial_until !== null && r.trial_until < today,
      isNew: r.added_on >= chinaDay(-NEW_DATABASE_DAYS),
      subjects: r.subjects.map((s) => ({ subId: s, subName: subjects.get(s)?.name ?? s })),
      dbTypes: r.db_types
        .filter((t): t is DbType => (DB_TYPES as readonly string[]).includes(t))
        .map((t) => ({ screenId: t, name: DB_TYPE_NAMES[t][langIndex] })),
      languages: r.languages as DbCard['languages'],
      vendor: r.vendor,
      visitCount: r.visit_count,
      addedOn: r.added_on,
    };
  }

  /** The screen conditions with the number of databases readers see under each. */
  async screenConditions(tenantId: number, lang: Lang): Promise<DbScreenConditions> {
    const [rows, names] = await Promise.all([findShownDatabases(this.db, tenantId), this.subjectNames(tenantId, lang)]);
    const count = <K>(keys: (r: DbRow) => K[]) => {
      const m = new Map<K, number>();
      for (const r of rows) for (const k of new Set(keys(r))) m.set(k, (m.get(k) ?? 0) + 1);
      return m;
    };
    const bySubject = count((r) => r.subjects);
    const byType = count((r) => r.db_types);
    const byInitial = count((r) => [initialOf(r.name)]);
    const byAccess = count((r) => [r.access_kind]);
    const langIndex = lang === 'en-US' ? 2 : lang === 'zh-TW' ? 1 : 0;
    return {
      subjects: [...names]
        .filter(([code]) => bySubject.has(code))
        .map(([code, n]) => ({ subId: code, subName: n.name, eng: n.eng, count: bySubject.get(code)! })),
      dbTypes: DB_TYPES.map((t) => ({ screenId: t, name: DB_TYPE_NAMES[t][langIndex], count: byType.get(t) ?? 0 })),
      initials: [...byInitial]
        .map(([letter, n]) => ({ letter, count: n }))
        .sort((a, b) => (a.letter === '#' ? 1 : b.letter === '#' ? -1 : a.letter.localeCompare(b.letter))),
      accessKinds: (['trial', 'purchased', 'formal', 'open'] as const).map((k) => ({
        accessKind: k,
        count: byAccess.get(k) ?? 0,
      })),
      totalCount: rows.length,
    };
  }

  /** The databases matching the screen, in the order asked, one page. */
  async list(tenantId: number, q: DbListRequest, lang: Lang): Promise<DbPage> {
    const [rows, names] = await Promise.all([
      findShownDatabases(this.db, tenantId, q),
      this.subjectNames(tenantId, lang),
    ]);
    const matching = q.initial ? rows.filter((r) => initialOf(r.name) === q.initial) : rows;
    const keyed = matching.map((r) => ({ r, key: `${initialOf(r.name)} ${sortKey(r.name)}` }));
    if (q.sort === 'name') keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.r.id - b.r.id));
    else if (q.sort === 'visits') keyed.sort((a, b) => b.r.visit_count - a.r.visit_count || a.r.seq - b.r.seq);
    else if (q.sort === 'newest') keyed.sort((a, b) => b.r.added_on.localeCompare(a.r.added_on) || b.r.id - a.r.id);
    const today = chinaDay();
    const from = (q.page - 1) * q.rows;
    return {
      totalCount: keyed.length,
      list: keyed.slice(from, from + q.rows).map(({ r }) => this.toCard(r, lang, names, today)),
    };
  }

  /** New databases and trials, newest first. */
  async newDatabases(tenantId: number, q: NewDbListRequest, lang: Lang): Promise<DbPage> {
    const today = chinaDay();
    const [page, names] = await Promise.all([
      findNewDatabases(this.db, tenantId, q.kind, chinaDay(-NEW_DATABASE_DAYS), today, (q.page - 1) * q.rows, q.rows),
      this.subjectNames(tenantId, lang),
    ]);
    return { totalCount: page.total, list: page.rows.map((r) => this.toCard(r, lang, names, today)) };
  }

  /** One database's page. */
  async detail(tenantId: number, id: number, lang: Lang): Promise<DbDetail> {
    const r = await findDatabase(this.db, tenantId, id);
    if (!r) throw noSuchDatabase();
    const [names, titleCounts, settings] = await Promise.all([
      this.subjectNames(tenantId, lang),
      countTitlesByType(this.db, tenantId, id),
      findEResourceSetting(this.db, tenantId),
    ]);
    return {
      ...this.toCard(r, lang, names, chinaDay()),
      description: inLang(lang, r.description, r.description_tw, r.description_en),
      guide: inLang(lang, r.guide, r.guide_tw, r.guide_en),
      visitTotal: r.visit_total,
      offCampus: Boolean(r.url_off_campus) || (r.proxied && Boolean(settings.proxy_prefix)),
      packageCode: r.package_code ?? '',
      titleCounts,
    };
  }

  /**
   * Counts a visit and answers the link: the database's own on campus (or when there is no other),
   * off campus its remote link, or the proxy prefix + its link when it is proxied.
   */
  async visit(tenantId: number, id: number, ip: string): Promise<DbVisit> {
    const r = await findDatabase(this.db, tenantId, id);
    if (!r) throw noSuchDatabase();
    const settings = await findEResourceSetting(this.db, tenantId);
    const onCampus = isOnCampus(ip, settings.campus_networks);
    let url = r.url;
    if (!onCampus) {
      if (r.url_off_campus) url = r.url_off_campus;
      else if (r.proxied && settings.proxy_prefix) url = settings.proxy_prefix + r.url;
    }
    const visitCount = await addVisit(this.db, tenantId, id, chinaDay(), chinaDay(1 - VISIT_WINDOW_DAYS));
    if (visitCount === undefined) throw noSuchDatabase();
    return { url, onCampus, visitCount };
  }

  private toFeedback(f: FeedbackRow): TrialFeedback {
    return {
      feedbackId: f.id,
      collectionId: f.collection_id,
      rating: f.rating,
      content: f.content,
      status: f.status,
      reply: f.reply,
      repliedAt: f.replied_at,
      createdAt: f.created_at,
    };
  }

  private toAdminFeedback(f: FeedbackRow, lang: Lang): AdminTrialFeedback {
    return {
      ...this.toFeedback(f),
      collectionName: inLang(lang, f.collection_name, f.collection_name_tw, f.collection_name_en),
      readerId: f.reader_id,
      account: f.account,
      readerName: f.reader_name,
      repliedBy: f.replied_by,
      version: f.version,
    };
  }

  /** A reader's feedback on a database on trial: 1–1000 characters, at most a few a day. */
  async sendFeedback(tenantId: number, readerId: number, input: TrialFeedbackRequest): Promise<TrialFeedback> {
    const content = input.content.trim();
    if (!content) throw new AppError('dbFeedbackEmpty', EResourceErrCode.feedbackEmpty);
    const length = codePointLength(content);
    if (length > TRIAL_FEEDBACK_MAX)
      throw new AppError('dbFeedbackTooLong', EResourceErrCode.feedbackTooLong, { max: TRIAL_FEEDBACK_MAX, length });
    const r = await findDatabase(this.db, tenantId, input.id);
    if (!r) throw noSuchDatabase();
    if (r.access_kind !== 'trial' || (r.trial_until !== null && r.trial_until < chinaDay()))
      throw new AppError('dbNotOnTrial', EResourceErrCode.notOnTrial);
    const id = await insertFeedback(
      this.db,
      { tenantId, collectionId: r.id, readerId, rating: input.rating, content },
      startOfChinaDay(),
      TRIAL_FEEDBACK_DAILY_LIMIT,
    );
    if (id === 'limit')
      throw new AppError('dbFeedbackDailyLimit', EResourceErrCode.feedbackDailyLimit, {
        max: TRIAL_FEEDBACK_DAILY_LIMIT,
      });
    return this.toFeedback((await findFeedback(this.db, tenantId, id))!);
  }

  /** The reader's feedback on one database and how many more they may send today. */
  async myFeedback(tenantId: number, readerId: number, collectionId: number): Promise<MyTrialFeedback> {
    const [list, today] = await Promise.all([
      findReaderFeedback(this.db, tenantId, readerId, collectionId),
      countReaderFeedbackSince(this.db, tenantId, readerId, startOfChinaDay()),
    ]);
    return {
      list: list.map((f) => this.toFeedback(f)),
      remainingToday: Math.max(0, TRIAL_FEEDBACK_DAILY_LIMIT - today),
    };
  }

  /** The institution's trial feedback for staff. */
  async feedbackQueue(tenantId: number, q: AdminFeedbackQuery, lang: Lang): Promise<AdminFeedbackPage> {
    const page = await findFeedbackPage(this.db, tenantId, q, (q.page - 1) * q.rows, q.rows);
    const counts = Object.fromEntries(TRIAL_FEEDBACK_STATUSES.map((s) => [s, 0])) as AdminFeedbackPage['counts'];
    for (const c of page.counts) counts[c.status] = c.n;
    return { totalCount: page.total, list: page.rows.map((f) => this.toAdminFeedback(f, lang)), counts };
  }

  /** Marks feedback read or handled, or replies (told to the reader in their inbox); audited. */
  async handleFeedback(
    actor: StaffActor,
    input: HandleFeedbackRequest,
    ip: string,
    lang: Lang,
  ): Promise<AdminTrialFeedback> {
    const tenantId = actor.tenantId;
    const before = await findFeedback(this.db, tenantId, input.feedbackId);
    if (!before) throw new AppError('dbFeedbackNoSuch', EResourceErrCode.noSuchFeedback);
    if (input.status === 'replied' && !input.reply)
      throw new AppError('dbFeedbackReplyRequired', EResourceErrCode.replyRequired);
    const reply = input.status === 'replied' ? input.reply : undefined;
    await this.db.transaction().execute(async (trx) => {
      const moved = await updateFeedback(trx, tenantId, {
        id: before.id,
        version: input.version,
        status: input.status,
        ...(reply !== undefined ? { reply } : {}),
        repliedBy: actor.username,
      });
      if (!moved) throw new AppError('dbFeedbackChanged', EResourceErrCode.changedMeanwhile);
      if (reply !== undefined)
        await addInboxMessage(trx, {
          tenantId,
          readerId: before.reader_id,
          channel: 'inbox',
          target: '',
          subject: `试用意见回复 Reply to your trial feedback: ${before.collection_name}`,
          body: `您对“${before.collection_name}”的试用意见，图书馆回复：\n${reply}\n\nThe library's reply to your feedback on ${before.collection_name_en || before.collection_name}:\n${reply}`,
        });
      await this.deps.staff.audit(
        {
          tenantId,
          staffId: actor.staffId,
          actor: actor.username,
          action: `eresource.feedback.${input.status}`,
          target: `feedback ${before.id}`,
          before: { status: before.status, version: before.version },
          after: { status: input.status, reply: reply ?? before.reply },
          ip,
        },
        trx,
      );
    });
    return this.toAdminFeedback((await findFeedback(this.db, tenantId, before.id))!, lang);
  }

  /** Visits per day and per database over the last 30 days (today included). */
  async visitFigures(tenantId: number, lang: Lang): Promise<DbVisitFigures> {
    const from = chinaDay(1 - VISIT_WINDOW_DAYS);
    const to = chinaDay();
    await refreshVisitCounts(this.db, tenantId, from);
    const [daily, per] = await Promise.all([
      findDailyVisits(this.db, tenantId, from),
      findVisitsPerDatabase(this.db, tenantId, from),
    ]);
    const byDay = new Map(daily.map((d) => [d.day, d.visits]));
    const days = Array.from({ length: VISIT_WINDOW_DAYS }, (_, i) => chinaDay(i + 1 - VISIT_WINDOW_DAYS));
    return {
      from,
      to,
      daily: days.map((day) => ({ day, visits: byDay.get(day) ?? 0 })),
      list: per.map((r) => ({
        id: r.id,
        name: localName(r, lang),
        accessKind: r.access_kind,
        visits: r.visits,
        visitTotal: r.visit_total,
      })),
    };
  }

  private toAdminDetails(r: DbRow): AdminDbDetails {
    return {
      id: r.id,
      descriptionTw: r.description_tw,
      guide: r.guide,
      guideEn: r.guide_en,
      guideTw: r.guide_tw,
      dbTypes: r.db_types.filter((t): t is DbType => (DB_TYPES as readonly string[]).includes(t)),
      languages: r.languages as AdminDbDetails['languages'],
      trialFrom: r.trial_from,
      vendor: r.vendor,
      urlOffCampus: r.url_off_campus ?? '',
      proxied: r.proxied,
      packageCode: r.package_code ?? '',
      version: r.version,
    };
  }

  /** A database's navigation fields for the console (hidden ones too). */
  async adminDetails(tenantId: number, id: number): Promise<AdminDbDetails> {
    const r = await findDatabase(this.db, tenantId, id, true);
    if (!r) throw noSuchDatabase();
    return this.toAdminDetails(r);
  }

  /** Saves a database's navigation fields (its version as read); audited. */
  async saveAdminDetails(actor: StaffActor, input: SaveAdminDbDetails, ip: string): Promise<AdminDbDetails> {
    const tenantId = actor.tenantId;
    const before = await findDatabase(this.db, tenantId, input.id, true);
    if (!before) throw noSuchDatabase();
    if (input.urlOffCampus && !isHttp(input.urlOffCampus)) throw new AppError('dbBadLink', EResourceErrCode.invalid);
    if (input.trialFrom && before.trial_until && input.trialFrom > before.trial_until)
      throw new AppError('badRequest', EResourceErrCode.invalid, { detail: 'trialFrom > trialUntil' });
    if (input.packageCode && (await isPackageTaken(this.db, tenantId, input.packageCode, input.id)))
      throw new AppError('badRequest', EResourceErrCode.invalid, { detail: `packageCode ${input.packageCode}` });
    const saved = await updateDbDetails(this.db, tenantId, {
      ...input,
      urlOffCampus: input.urlOffCampus || null,
      packageCode: input.packageCode || null,
    });
    if (!saved) throw new AppError('dbChanged', EResourceErrCode.changedMeanwhile);
    await this.deps.staff.audit({
      tenantId,
      staffId: actor.staffId,
      actor: actor.username,
      action: 'eresource.details',
      target: `e_collection ${input.id}`,
      before: { version: before.version },
      after: { ...input },
      ip,
    });
    return this.adminDetails(tenantId, input.id);
  }

  /** The institution's proxy prefix and campus networks. */
  async settings(tenantId: number): Promise<EResourceSettings> {
    const s = await findEResourceSetting(this.db, tenantId);
    return { proxyPrefix: s.proxy_prefix, campusNetworks: s.campus_networks, version: s.version };
  }

  /** Saves the proxy prefix and campus networks (checked; its version as read); audited. */
  async saveSettings(actor: StaffActor, input: SaveEResourceSettings, ip: string): Promise<EResourceSettings> {
    if (input.proxyPrefix && !isHttp(input.proxyPrefix))
      throw new AppError('dbBadProxyPrefix', EResourceErrCode.badProxyPrefix);
    const networks: string[] = [];
    for (const n of input.campusNetworks) {
      const p = parseNetwork(n);
      if (!p) throw new AppError('dbBadNetwork', EResourceErrCode.badNetwork, { network: n });
      const text = `${p.address}/${p.prefix}`;
      if (!networks.includes(text)) networks.push(text);
    }
    const saved = await saveEResourceSetting(this.db, actor.tenantId, {
      proxyPrefix: input.proxyPrefix,
      campusNetworks: networks,
      version: input.version,
      by: actor.username,
    });
    if (!saved) throw new AppError('dbSettingsChanged', EResourceErrCode.changedMeanwhile);
    await this.deps.staff.audit({
      tenantId: actor.tenantId,
      staffId: actor.staffId,
      actor: actor.username,
      action: 'eresource.settings',
      target: 'e_resource_setting',
      after: { proxyPrefix: input.proxyPrefix, campusNetworks: networks },
      ip,
    });
    return this.settings(actor.tenantId);
  }
}

/** `databaseFindDtoList` of `/find/groupResource/dict`: the databases readers see, code = id, in their order. */
export async function databaseDictionary(
  db: Kysely<Database>,
  tenantId: number,
  lang: Lang,
): Promise<Array<{ code: string; name: string }>> {
  const rows = await findShownDatabases(db, tenantId);
  return rows.map((r) => ({ code: String(r.id), name: localName(r, lang) }));
}
