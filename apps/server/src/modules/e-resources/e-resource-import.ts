import type { Kysely } from 'kysely';
import { DB_ACCESS_KINDS, DB_LANGUAGES, DB_TYPES, type DbAccessKind } from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { parseCsv } from '../readers/reader-service.js';
import { kbartDate, kbartPackageOfFileName, parseKbart, type KbartProblem } from './kbart.js';
import { replacePackageTitles, upsertDatabases, type DbImportRow } from './e-resource-repository.js';
import { refreshRecordTags } from '../catalogue/catalogue-repository.js';

/**
 * `openfind eresources import`: databases from CSV (columns in docs/e-resources.md) and KBART title
 * lists. A bad line is reported with its number and reason and skipped; the rest are written in one
 * transaction (a KBART package's lines replace the package's earlier ones).
 */

/** The file cannot be imported at all (wrong header, no package code). */
export class EResourceImportError extends Error {}

/** The columns of the databases CSV: `name` and `url` are required. */
export const DB_CSV_COLUMNS = [
  'name',
  'name_tw',
  'name_en',
  'access_kind',
  'url',
  'url_off_campus',
  'proxied',
  'subjects',
  'db_types',
  'languages',
  'vendor',
  'trial_from',
  'trial_until',
  'description',
  'description_tw',
  'description_en',
  'guide',
  'guide_tw',
  'guide_en',
  'package_code',
  'image_url',
] as const;

export interface DbImportReport {
  added: number;
  updated: number;
  problems: KbartProblem[];
}

export interface KbartImportReport {
  packageCode: string;
  titles: number;
  serials: number;
  monographs: number;
  /** The database that lists the package, or null when none does yet. */
  collectionId: number | null;
  problems: KbartProblem[];
}

const isHttp = (v: string) => /^https?:\/\/[^\s]+$/i.test(v);
const list = (v: string) =>
  v
    .split(/[;；|]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** Reads one CSV row into a database; a string is the reason it is skipped. */
function readDbRow(cell: (c: (typeof DB_CSV_COLUMNS)[number]) => string): DbImportRow | string {
  const name = cell('name');
  if (!name) return 'name is empty';
  if (name.length > 200) return 'name is longer than 200 characters';
  const url = cell('url');
  if (!isHttp(url)) return `url "${url}" is not an http(s) address`;
  const off = cell('url_off_campus');
  if (off && !isHttp(off)) return `url_off_campus "${off}" is not an http(s) address`;
  const access = (cell('access_kind') || 'purchased').toLowerCase();
  if (!(DB_ACCESS_KINDS as readonly string[]).includes(access))
    return `access_kind "${access}" is none of ${DB_ACCESS_KINDS.join(', ')}`;
  const types = list(cell('db_types'));
  const badType = types.find((t) => !(DB_TYPES as readonly string[]).includes(t));
  if (badType) return `db_types "${badType}" is none of ${DB_TYPES.join(', ')}`;
  const languages = list(cell('languages')).map((l) => l.toLowerCase());
  const badLang = languages.find((l) => !(DB_LANGUAGES as readonly string[]).includes(l));
  if (badLang) return `languages "${badLang}" is none of ${DB_LANGUAGES.join(', ')}`;
  const subjects = list(cell('subjects'));
  if (subjects.some((s) => s.length > 20)) return 'a subject code is longer than 20 characters';
  const day = (column: 'trial_from' | 'trial_until'): string | null | { error: string } => {
    const v = cell(column);
    if (!v) return null;
    return /^\d{4}-\d{2}-\d{2}$/.test(v) && kbartDate(v, false) === v
      ? v
      : { error: `${column} "${v}" is not YYYY-MM-DD` };
  };
  const from = day('trial_from');
  if (from && typeof from === 'object') return from.error;
  const until = day('trial_until');
  if (until && typeof until === 'object') return until.error;
  if (access === 'trial' && !until) return 'a trial needs trial_until';
  if (from && until && from > until) return 'trial_from is after trial_until';
  const proxied = cell('proxied').toLowerCase();
  if (proxied && !['1', '0', 'true', 'false', 'yes', 'no', 'y', 'n', '是', '否'].includes(proxied))
    return `proxied "${proxied}" is neither yes nor no`;
  const image = cell('image_url');
  if (image && !isHttp(image)) return `image_url "${image}" is not an http(s) address`;
  return {
    name,
    nameTw: cell('name_tw'),
    nameEn: cell('name_en'),
    accessKind: access as DbAccessKind,
    url,
    urlOffCampus: off || null,
    proxied: ['1', 'true', 'yes', 'y', '是'].includes(proxied),
    subjects: [...new Set(subjects)],
    dbTypes: [...new Set(types)],
    languages: [...new Set(languages)],
    vendor: cell('vendor'),
    trialFrom: from,
    trialUntil: access === 'trial' ? until : null,
    description: cell('description'),
    descriptionTw: cell('description_tw'),
    descriptionEn: cell('description_en'),
    guide: cell('guide'),
    guideTw: cell('guide_tw'),
    guideEn: cell('guide_en'),
    packageCode: cell('package_code') || null,
    imageUrl: image || null,
  };
}

/** Imports databases from CSV text (UTF-8, with or without BOM): added or updated by Chinese name. */
export async function importDatabasesCsv(
  db: Kysely<Database>,
  tenantId: number,
  text: string,
): Promise<DbImportReport> {
  const rows = parseCsv(text.replace(/^\uFEFF/, ''));
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const at = new Map(header.map((h, i) => [h, i]));
  for (const required of ['name', 'url'] as const)
    if (!at.has(required)) throw new EResourceImportError(`the header has no "${required}" column`);
  const unknown = header.filter((h) => h && !(DB_CSV_COLUMNS as readonly string[]).includes(h));
  if (unknown.length) throw new EResourceImportError(`unknown columns: ${unknown.join(', ')}`);
  const problems: KbartProblem[] = [];
  const good: DbImportRow[] = [];
  const seen = new Set<string>();
  rows.slice(1).forEach((cells, i) => {
    const line = i + 2;
    if (cells.every((c) => c.trim() === '')) return;
    const out = readDbRow((c) => {
      const idx = at.get(c);
      return idx === undefined ? '' : (cells[idx] ?? '').trim();
    });
    if (typeof out === 'string') problems.push({ line, reason: out });
    else if (seen.has(out.name)) problems.push({ line, reason: `"${out.name}" is on an earlier line` });
    else {
      seen.add(out.name);
      good.push(out);
    }
  });
  // trial_until follows access_kind: a file that sets the one sets the other.
  const columns = [...new Set([...header.filter(Boolean), ...(at.has('access_kind') ? ['trial_until'] : [])])];
  const done = good.length ? await upsertDatabases(db, tenantId, good, columns) : { added: 0, updated: 0 };
  // A database named with a package code takes the package's titles: the search's eCollectionIds.
  if (good.length) await refreshRecordTags(db, tenantId);
  return { ...done, problems };
}

/**
 * Imports a KBART title list: the package code given, or the one of the file name
 * (`Provider_Region/Consortium_PackageName_YYYY-MM-DD.txt`). The package's earlier lines are replaced.
 */
export async function importKbart(
  db: Kysely<Database>,
  tenantId: number,
  text: string,
  opts: { fileName: string; packageCode?: string | undefined },
): Promise<KbartImportReport> {
  const packageCode = opts.packageCode?.trim() || kbartPackageOfFileName(opts.fileName)?.packageCode;
  if (!packageCode)
    throw new EResourceImportError(
      `no package code: name the file Provider_Region/Consortium_PackageName_YYYY-MM-DD.txt or give --package`,
    );
  if (packageCode.length > 200) throw new EResourceImportError('the package code is longer than 200 characters');
  let parsed;
  try {
    parsed = parseKbart(text);
  } catch (e) {
    throw new EResourceImportError((e as Error).message);
  }
  // A file of bad lines only would empty the package: refused, the package keeps its lines.
  if (!parsed.titles.length && parsed.problems.length)
    throw new EResourceImportError(
      `no line could be read (${parsed.problems.length} refused): the package is unchanged`,
    );
  const collectionId = await replacePackageTitles(db, tenantId, packageCode, parsed.titles);
  // The records the titles name belong to the database now (the search's eCollectionIds and coreInclude).
  await refreshRecordTags(db, tenantId);
  return {
    packageCode,
    titles: parsed.titles.length,
    serials: parsed.titles.filter((t) => t.publication_type === 'serial').length,
    monographs: parsed.titles.filter((t) => t.publication_type === 'monograph').length,
    collectionId,
    problems: parsed.problems,
  };
}
