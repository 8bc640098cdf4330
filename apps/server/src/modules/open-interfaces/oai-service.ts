import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Tenant } from '../tenants/tenant-repository.js';
import { hasMarc21, isMetadataPrefix, marcXml, METADATA_FORMATS, oaiDc, type MetadataPrefix } from './oai-metadata.js';
import {
  countOai,
  findEarliestDatestamp,
  findOaiNow,
  findOaiPage,
  findOaiRecord,
  findOaiSetValues,
  type OaiRow,
  type OaiSelection,
} from './open-interfaces-repository.js';
import { recordPageUrl, xml } from './xml-text.js';

/**
 * OAI-PMH 2.0 (http://www.openarchives.org/OAI/openarchivesprotocol.html) for one institution: the six
 * verbs, `oai_dc` and `marc21`, sets by document type and CLC top class, deleted records kept
 * (tombstones, migration 0055; suppressed records are listed as deleted), resumption tokens that carry
 * the whole position (no state on the server), and every error of the protocol as its XML.
 */

/** Records of one ListRecords answer and headers of one ListIdentifiers answer. */
export const OAI_PAGE = { ListRecords: 200, ListIdentifiers: 1000 } as const;

export type OaiErrorCode =
  | 'badArgument'
  | 'badResumptionToken'
  | 'badVerb'
  | 'cannotDisseminateFormat'
  | 'idDoesNotExist'
  | 'noRecordsMatch'
  | 'noMetadataFormats'
  | 'noSetHierarchy';

class OaiError extends Error {
  constructor(
    readonly code: OaiErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const VERBS = {
  Identify: { required: [], optional: [], exclusive: undefined },
  ListMetadataFormats: { required: [], optional: ['identifier'], exclusive: undefined },
  ListSets: { required: [], optional: [], exclusive: 'resumptionToken' },
  ListIdentifiers: { required: ['metadataPrefix'], optional: ['from', 'until', 'set'], exclusive: 'resumptionToken' },
  ListRecords: { required: ['metadataPrefix'], optional: ['from', 'until', 'set'], exclusive: 'resumptionToken' },
  GetRecord: { required: ['identifier', 'metadataPrefix'], optional: [], exclusive: undefined },
} as const satisfies Record<string, { required: string[]; optional: string[]; exclusive: string | undefined }>;
type Verb = keyof typeof VERBS;

/** What a resumption token carries: the whole list's question and where its last page ended. */
interface Token {
  verb: 'ListRecords' | 'ListIdentifiers';
  prefix: MetadataPrefix;
  set?: string | undefined;
  from?: string | undefined;
  before: string;
  stamp: string;
  id: number;
  cursor: number;
  size: number;
}

const STAMP_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const SET_RE = /^(doc|clc)(:[A-Za-z0-9]{1,8})?$/;

function encodeToken(t: Token): string {
  const fields = [
    t.verb === 'ListRecords' ? 'R' : 'I',
    t.prefix,
    t.set ?? '',
    t.from ?? '',
    t.before,
    t.stamp,
    t.id,
    t.cursor,
    t.size,
  ];
  return Buffer.from(JSON.stringify(fields), 'utf8').toString('base64url');
}

function decodeToken(text: string): Token {
  const bad = () => new OaiError('badResumptionToken', 'The resumptionToken is not one this repository gave.');
  if (!/^[A-Za-z0-9_-]{1,1000}$/.test(text)) throw bad();
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(fields) || fields.length !== 9) throw bad();
  const [v, prefix, set, from, before, stamp, id, cursor, size] = fields as unknown[];
  const isInt = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
  if (
    (v !== 'R' && v !== 'I') ||
    typeof prefix !== 'string' ||
    !isMetadataPrefix(prefix) ||
    typeof set !== 'string' ||
    (set !== '' && !SET_RE.test(set)) ||
    typeof from !== 'string' ||
    (from !== '' && !STAMP_RE.test(from)) ||
    typeof before !== 'string' ||
    !STAMP_RE.test(before) ||
    typeof stamp !== 'string' ||
    !STAMP_RE.test(stamp) ||
    !isInt(id) ||
    id > 2 ** 31 - 1 ||
    !isInt(cursor) ||
    !isInt(size) ||
    cursor > size
  )
    throw bad();
  return {
    verb: v === 'R' ? 'ListRecords' : 'ListIdentifiers',
    prefix,
    set: set || undefined,
    from: from || undefined,
    before,
    stamp,
    id,
    cursor,
    size,
  };
}

/** A from/until value of either granularity: its start and the start of the next unit (exclusive end). */
function parseDate(name: string, value: string): { start: string; end: string; fine: boolean } {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const second = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/.exec(value);
  const bad = new OaiError('badArgument', `The value of ${name} is not a date of the repository's granularity.`);
  if (!day && !second) throw bad;
  const iso = day ? `${value}T00:00:00Z` : value;
  const t = Date.parse(iso);
  if (Number.isNaN(t) || new Date(t).toISOString().replace('.000Z', 'Z') !== iso) throw bad;
  const end = new Date(t + (day ? 86_400_000 : 1000)).toISOString();
  return { start: new Date(t).toISOString(), end, fine: !!second };
}

/** Who asks and where: the institution, its endpoint, the portal's address, the identifiers' host. */
export interface OaiContext {
  tenant: Tenant;
  /** The institution's endpoint as the harvester reached it. */
  baseUrl: string;
  /** The portal's address (record pages). */
  siteUrl: string;
  /** The host named in identifiers (without port). */
  host: string;
  adminEmail: string;
}

/** The answer: always HTTP 200 with the protocol's XML (errors are in the XML). */
export interface OaiAnswer {
  xml: string;
}

export class OaiService {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Answers one request: `args` as the query or form sent them (a repeated argument arrives as an
   * array); `baseUrl` the institution's endpoint as the harvester reached it; `siteUrl` the portal's.
   */
  async answer(args: Record<string, string | string[] | undefined>, ctx: OaiContext): Promise<OaiAnswer> {
    const { baseUrl } = ctx;
    const responseDate = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    const verb = args.verb;
    let requestAttrs = '';
    try {
      if (typeof verb !== 'string' || !Object.hasOwn(VERBS, verb)) {
        throw new OaiError(
          'badVerb',
          Array.isArray(verb) ? 'The verb argument is repeated.' : 'The verb is missing or not an OAI-PMH verb.',
        );
      }
      const given = this.checkArguments(verb as Verb, args);
      // The request element echoes the arguments only when they were valid (protocol §3.2).
      requestAttrs = Object.entries({ verb, ...given })
        .map(([k, v]) => ` ${k}="${xml(v)}"`)
        .join('');
      const body = await this.run(verb as Verb, given, ctx);
      return { xml: envelope(responseDate, requestAttrs, baseUrl, body) };
    } catch (e) {
      if (!(e instanceof OaiError)) throw e;
      const attrs = e.code === 'badVerb' || e.code === 'badArgument' ? '' : requestAttrs;
      return { xml: envelope(responseDate, attrs, baseUrl, `<error code="${e.code}">${xml(e.message)}</error>`) };
    }
  }

  /** The verb's arguments, or badArgument (an unknown, missing, repeated or illegal combination). */
  private checkArguments(verb: Verb, args: Record<string, string | string[] | undefined>): Record<string, string> {
    const spec = VERBS[verb];
    const allowed = new Set<string>([
      'verb',
      ...spec.required,
      ...spec.optional,
      ...(spec.exclusive ? [spec.exclusive] : []),
    ]);
    const given: Record<string, string> = {};
    for (const [name, value] of Object.entries(args)) {
      if (name === 'verb' || value === undefined) continue;
      if (!allowed.has(name)) throw new OaiError('badArgument', `${verb} takes no argument ${name}.`);
      if (Array.isArray(value)) throw new OaiError('badArgument', `The argument ${name} is repeated.`);
      given[name] = value;
    }
    if (spec.exclusive && given[spec.exclusive] !== undefined) {
      if (Object.keys(given).length > 1)
        throw new OaiError('badArgument', `${spec.exclusive} is an exclusive argument: no other may be given with it.`);
      return given;
    }
    for (const name of spec.required)
      if (given[name] === undefined || given[name] === '')
        throw new OaiError('badArgument', `${verb} needs the argument ${name}.`);
    return given;
  }

  private async run(verb: Verb, a: Record<string, string>, ctx: OaiContext): Promise<string> {
    switch (verb) {
      case 'Identify':
        return this.identify(ctx);
      case 'ListMetadataFormats':
        return this.listMetadataFormats(ctx.tenant, a.identifier);
      case 'ListSets':
        return this.listSets(ctx.tenant, a.resumptionToken);
      case 'GetRecord':
        return this.getRecord(ctx, a.identifier!, a.metadataPrefix!);
      case 'ListIdentifiers':
      case 'ListRecords':
        return this.list(verb, ctx, a);
    }
  }

  private async identify({ tenant, baseUrl, adminEmail }: OaiContext): Promise<string> {
    const earliest = (await findEarliestDatestamp(this.db, tenant.id)) ?? (await findOaiNow(this.db, tenant.id));
    return (
      '<Identify>' +
      `<repositoryName>${xml(tenant.name_en ? `${tenant.name} (${tenant.name_en})` : tenant.name)}</repositoryName>` +
      `<baseURL>${xml(baseUrl)}</baseURL>` +
      '<protocolVersion>2.0</protocolVersion>' +
      `<adminEmail>${xml(adminEmail)}</adminEmail>` +
      `<earliestDatestamp>${seconds(earliest)}</earliestDatestamp>` +
      '<deletedRecord>persistent</deletedRecord>' +
      '<granularity>YYYY-MM-DDThh:mm:ssZ</granularity>' +
      '</Identify>'
    );
  }

  private async listMetadataFormats(tenant: Tenant, identifier: string | undefined): Promise<string> {
    let prefixes: MetadataPrefix[] = ['oai_dc', 'marc21'];
    if (identifier !== undefined) {
      const row = await this.byIdentifier(tenant, identifier);
      prefixes = row.deleted || (row.record && hasMarc21(row.record)) ? ['oai_dc', 'marc21'] : ['oai_dc'];
    }
    const formats = prefixes
      .map(
        (p) =>
          `<metadataFormat><metadataPrefix>${p}</metadataPrefix><schema>${METADATA_FORMATS[p].schema}</schema>` +
          `<metadataNamespace>${METADATA_FORMATS[p].namespace}</metadataNamespace></metadataFormat>`,
      )
      .join('');
    if (!formats) throw new OaiError('noMetadataFormats', 'There are no metadata formats for this item.');
    return `<ListMetadataFormats>${formats}</ListMetadataFormats>`;
  }

  private async listSets(tenant: Tenant, token: string | undefined): Promise<string> {
    if (token !== undefined)
      throw new OaiError('badResumptionToken', 'ListSets answers in one response: no resumptionToken is given out.');
    const { docCodes, clcLetters } = await findOaiSetValues(this.db, tenant.id);
    if (docCodes.length === 0) throw new OaiError('noSetHierarchy', 'The catalogue holds no records, so no sets.');
    const set = (spec: string, name: string) =>
      `<set><setSpec>${xml(spec)}</setSpec><setName>${xml(name)}</setName></set>`;
    return (
      '<ListSets>' +
      set('doc', 'By document type') +
      docCodes.map((c) => set(`doc:${c}`, `Document type: ${DOC_NAMES[c] ?? c}`)).join('') +
      (clcLetters.length ? set('clc', 'By Chinese Library Classification (中图法) top class') : '') +
      clcLetters.map((l) => set(`clc:${l}`, `CLC ${l}: ${CLC_NAMES[l] ?? l}`)).join('') +
      '</ListSets>'
    );
  }

  private async getRecord(ctx: OaiContext, identifier: string, prefix: string): Promise<string> {
    const { tenant } = ctx;
    if (!isMetadataPrefix(prefix))
      throw new OaiError('cannotDisseminateFormat', `The metadata format ${prefix} is not one of oai_dc, marc21.`);
    const row = await this.byIdentifier(tenant, identifier);
    if (prefix === 'marc21' && !row.deleted && !(row.record && hasMarc21(row.record)))
      throw new OaiError('cannotDisseminateFormat', 'This record has no MARC 21 record to give (oai_dc only).');
    return `<GetRecord>${recordXml(ctx, row, prefix)}</GetRecord>`;
  }

  private async byIdentifier(tenant: Tenant, identifier: string): Promise<OaiRow> {
    const m = /^oai:.+:([A-Za-z0-9_-]{1,64})\/([1-9]\d{0,9})$/.exec(identifier);
    const id = m ? Number(m[2]) : 0;
    const row =
      m && m[1] === localName(tenant) && id <= 2 ** 31 - 1 ? await findOaiRecord(this.db, tenant.id, id) : undefined;
    if (!row) throw new OaiError('idDoesNotExist', `There is no item ${identifier} in this repository.`);
    return row;
  }

  private async list(
    verb: 'ListRecords' | 'ListIdentifiers',
    ctx: OaiContext,
    a: Record<string, string>,
  ): Promise<string> {
    const { tenant } = ctx;
    let t: Token;
    if (a.resumptionToken !== undefined) {
      t = decodeToken(a.resumptionToken);
      if (t.verb !== verb) throw new OaiError('badResumptionToken', `The resumptionToken belongs to ${t.verb}.`);
    } else {
      const prefix = a.metadataPrefix!;
      if (!isMetadataPrefix(prefix))
        throw new OaiError('cannotDisseminateFormat', `The metadata format ${prefix} is not one of oai_dc, marc21.`);
      if (a.set !== undefined && !SET_RE.test(a.set))
        throw new OaiError('badArgument', 'The set is not a setSpec of this repository (ListSets names them).');
      if (a.set !== undefined && (await findOaiSetValues(this.db, tenant.id)).docCodes.length === 0)
        throw new OaiError('noSetHierarchy', 'The catalogue holds no records, so no sets.');
      const from = a.from !== undefined ? parseDate('from', a.from) : undefined;
      const until = a.until !== undefined ? parseDate('until', a.until) : undefined;
      if (from && until && from.fine !== until.fine)
        throw new OaiError('badArgument', 'from and until must be of the same granularity.');
      if (from && until && from.start > until.start) throw new OaiError('badArgument', 'from is later than until.');
      // The harvest's upper bound is fixed now: records changed while it pages through come after it and
      // are the next harvest's, so a page never repeats or skips one.
      const now = await findOaiNow(this.db, tenant.id);
      const before = until && until.end < now ? until.end : now;
      const selection = { set: a.set, from: from?.start, before, marc21Only: prefix === 'marc21' };
      const size = await countOai(this.db, tenant.id, selection);
      if (size === 0) throw new OaiError('noRecordsMatch', 'No record matches the arguments.');
      t = { verb, prefix, set: a.set, from: from?.start, before, stamp: '', id: 0, cursor: 0, size };
    }
    const limit = OAI_PAGE[verb];
    const selection: OaiSelection = {
      set: t.set,
      from: t.from,
      before: t.before,
      marc21Only: t.prefix === 'marc21',
      after: t.stamp ? { stamp: t.stamp, recordId: t.id } : undefined,
    };
    const rows = await findOaiPage(this.db, tenant.id, selection, limit, verb === 'ListRecords');
    if (rows.length === 0 && t.cursor === 0) throw new OaiError('noRecordsMatch', 'No record matches the arguments.');
    const items = rows.map((r) => (verb === 'ListRecords' ? recordXml(ctx, r, t.prefix) : headerXml(ctx, r))).join('');
    const sent = t.cursor + rows.length;
    let token = '';
    const last = rows[rows.length - 1];
    if (rows.length === limit && last) {
      const next = encodeToken({
        ...t,
        stamp: last.stamp,
        id: last.recordId,
        cursor: sent,
        size: Math.max(t.size, sent),
      });
      token = `<resumptionToken completeListSize="${Math.max(t.size, sent)}" cursor="${t.cursor}">${next}</resumptionToken>`;
    } else if (t.cursor > 0) {
      // The last page of a list that took more than one: an empty token says it is complete.
      token = `<resumptionToken completeListSize="${sent}" cursor="${t.cursor}"/>`;
    }
    return `<${verb}>${items}${token}</${verb}>`;
  }
}

function envelope(responseDate: string, requestAttrs: string, baseUrl: string, body: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"' +
    ' xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/ http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd">' +
    `<responseDate>${responseDate}</responseDate>` +
    `<request${requestAttrs}>${xml(baseUrl)}</request>` +
    body +
    '</OAI-PMH>\n'
  );
}

/** The institution's part of its identifiers: its mapping path, `default` for the default institution. */
function localName(tenant: Tenant): string {
  return tenant.mappingPath || 'default';
}

/** A record's OAI identifier: `oai:<host>:<mappingPath>/<recordId>` (the host the harvester asked). */
export function oaiIdentifier(tenant: Tenant, recordId: number, host: string): string {
  return `oai:${host}:${localName(tenant)}/${recordId}`;
}

function seconds(stamp: string): string {
  return `${stamp.slice(0, 19)}Z`;
}

function setSpecs(r: OaiRow): string[] {
  const letters = [...new Set(r.clcClasses.map((c) => c.charAt(0).toUpperCase()).filter((c) => /[A-Z]/.test(c)))];
  return [`doc:${r.docCode}`, ...letters.map((l) => `clc:${l}`)];
}

function headerXml({ tenant, host }: OaiContext, r: OaiRow): string {
  return (
    `<header${r.deleted ? ' status="deleted"' : ''}>` +
    `<identifier>${xml(oaiIdentifier(tenant, r.recordId, host))}</identifier>` +
    `<datestamp>${seconds(r.stamp)}</datestamp>` +
    setSpecs(r)
      .map((s) => `<setSpec>${xml(s)}</setSpec>`)
      .join('') +
    '</header>'
  );
}

function recordXml(ctx: OaiContext, r: OaiRow, prefix: MetadataPrefix): string {
  if (r.deleted || !r.record) return `<record>${headerXml(ctx, r)}</record>`;
  const page = recordPageUrl(ctx.siteUrl, ctx.tenant.mappingPath, r.recordId);
  const metadata =
    prefix === 'oai_dc'
      ? oaiDc(r.record, r.docCode, r.clcClasses, page)
      : (marcXml(r.record.marc) ?? minimalMarc(r.record.title, r.recordId));
  return `<record>${headerXml(ctx, r)}<metadata>${metadata}</metadata></record>`;
}

/** A MARCXML record for a kept record that could not be read back: its id and title. */
function minimalMarc(title: string, recordId: number): string {
  return (
    '<marc:record xmlns:marc="http://www.loc.gov/MARC21/slim"><marc:leader>00000nam a2200000 i 4500</marc:leader>' +
    `<marc:controlfield tag="001">${recordId}</marc:controlfield>` +
    `<marc:datafield tag="245" ind1="0" ind2="0"><marc:subfield code="a">${xml(title) || '[untitled]'}</marc:subfield></marc:datafield>` +
    '</marc:record>'
  );
}

const DOC_NAMES: Record<string, string> = {
  '1': '图书 Book',
  '2': '期刊 Journal',
  '3': '学位论文 Thesis',
  '4': '期刊论文 Journal article',
  '5': '专利 Patent',
  '6': '标准 Standard',
  '7': '报纸 Newspaper',
  '8': '多媒体 Multimedia',
  '9': '百科 Encyclopedia',
  '10': '数值 Numeric data',
  '11': '会议论文 Conference paper',
  '12': '科技成果 Achievement',
  '13': '年鉴 Yearbook',
  '14': '案例 Case',
  '15': '法律法规 Laws and regulations',
  '16': '古籍 Ancient book',
  '17': '乐谱 Music score',
  '18': '地图 Map',
  '19': '录音资料 Sound recording',
  '20': '视频资料 Video recording',
  '21': '电子资源 Electronic resource',
  '22': '报告 Report',
};

/** The 22 top classes of the Chinese Library Classification. */
const CLC_NAMES: Record<string, string> = {
  A: '马克思主义、列宁主义、毛泽东思想、邓小平理论',
  B: '哲学、宗教',
  C: '社会科学总论',
  D: '政治、法律',
  E: '军事',
  F: '经济',
  G: '文化、科学、教育、体育',
  H: '语言、文字',
  I: '文学',
  J: '艺术',
  K: '历史、地理',
  N: '自然科学总论',
  O: '数理科学和化学',
  P: '天文学、地球科学',
  Q: '生物科学',
  R: '医药、卫生',
  S: '农业科学',
  T: '工业技术',
  U: '交通运输',
  V: '航空、航天',
  X: '环境科学、安全科学',
  Z: '综合性图书',
};
