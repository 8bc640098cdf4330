import type { Kysely } from 'kysely';
import { SUBJECT_MAX_LENGTH, bareOrcid, isValidOrcid } from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { parseCsv } from '../readers/reader-service.js';
import {
  findDepartmentCodes,
  upsertDepartments,
  upsertResearchers,
  type DepartmentWrite,
  type ResearcherWrite,
} from './subject-repository.js';

/**
 * The loaders of `openfind departments import` and `openfind researchers import`: UTF-8 CSV with a
 * header line naming the columns (docs/subject-services.md). Rows are added or updated by code;
 * a row that cannot be loaded is refused with its line and reason, the others are loaded.
 */

export interface SubjectImportReport {
  added: number;
  updated: number;
  rejected: Array<{ line: number; reason: string }>;
}

const CODE = /^[A-Za-z0-9_.-]{1,32}$/;
/** A list cell: values separated by ; or | (or the Chinese ；). */
const list = (v: string) =>
  v
    .split(/[;；|]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The rows of a CSV file by its header's column names (lower case, BOM and spaces dropped). */
function rowsOf(
  text: string,
  required: string[],
): { rows: Array<{ line: number; get: (k: string) => string }>; error?: string } {
  const [head, ...body] = parseCsv(text.replace(/^\uFEFF/, ''));
  const names = (head ?? []).map((h) => h.trim().toLowerCase());
  const missing = required.filter((r) => !names.includes(r));
  if (missing.length) return { rows: [], error: `the header lacks the column(s) ${missing.join(', ')}` };
  return {
    rows: body
      .map((cells, i) => ({ line: i + 2, cells }))
      .filter(({ cells }) => cells.some((c) => c.trim()))
      .map(({ line, cells }) => ({
        line,
        get: (k: string) => {
          const at = names.indexOf(k);
          return at < 0 ? '' : (cells[at] ?? '').trim();
        },
      })),
  };
}

const tooLong = (value: string, max: number, name: string) =>
  value.length > max ? `${name} is longer than ${max} characters` : null;

/** Departments: code, name, name_tw, name_en, description, description_en, discode1, clc, liaison_name, liaison_email, liaison_phone. */
export async function importDepartmentCsv(
  db: Kysely<Database>,
  tenantId: number,
  text: string,
): Promise<SubjectImportReport> {
  const { rows, error } = rowsOf(text, ['code', 'name']);
  if (error) return { added: 0, updated: 0, rejected: [{ line: 1, reason: error }] };
  const rejected: SubjectImportReport['rejected'] = [];
  const good: DepartmentWrite[] = [];
  for (const r of rows) {
    const d: DepartmentWrite = {
      code: r.get('code'),
      name: r.get('name'),
      nameTw: r.get('name_tw'),
      nameEn: r.get('name_en'),
      description: r.get('description'),
      descriptionEn: r.get('description_en'),
      discode1: list(r.get('discode1')),
      clcClasses: list(r.get('clc')).map((c) => c.toUpperCase()),
      liaisonName: r.get('liaison_name'),
      liaisonEmail: r.get('liaison_email'),
      liaisonPhone: r.get('liaison_phone'),
      seq: good.length,
    };
    const reason =
      (!CODE.test(d.code) ? `the code "${d.code}" is not 1–32 letters, digits, _ . -` : null) ??
      (!d.name ? 'the name is empty' : null) ??
      tooLong(d.name, SUBJECT_MAX_LENGTH.name, 'the name') ??
      tooLong(d.nameEn, SUBJECT_MAX_LENGTH.name, 'name_en') ??
      tooLong(d.nameTw, SUBJECT_MAX_LENGTH.name, 'name_tw') ??
      tooLong(d.description, SUBJECT_MAX_LENGTH.description, 'the description') ??
      tooLong(d.descriptionEn, SUBJECT_MAX_LENGTH.description, 'description_en') ??
      (d.discode1.some((c) => !/^\d{2}$/.test(c)) ? 'discode1 takes two-digit discipline codes (08;07)' : null) ??
      (d.clcClasses.some((c) => !/^[A-Z][A-Z0-9.\-/:]{0,31}$/.test(c))
        ? 'clc takes CLC class numbers (TP;O1)'
        : null) ??
      (d.liaisonEmail && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(d.liaisonEmail)
        ? 'the liaison e-mail is not valid'
        : null) ??
      tooLong(d.liaisonName, SUBJECT_MAX_LENGTH.liaisonName, 'liaison_name') ??
      tooLong(d.liaisonPhone, SUBJECT_MAX_LENGTH.liaisonPhone, 'liaison_phone');
    if (reason) rejected.push({ line: r.line, reason });
    else good.push(d);
  }
  const added = await upsertDepartments(db, tenantId, good);
  return { added, updated: good.length - added, rejected };
}

/** Researchers: code, name, name_en, department (its code), title, fields, orcid, homepage, variants. */
export async function importResearcherCsv(
  db: Kysely<Database>,
  tenantId: number,
  text: string,
): Promise<SubjectImportReport> {
  const { rows, error } = rowsOf(text, ['code', 'name']);
  if (error) return { added: 0, updated: 0, rejected: [{ line: 1, reason: error }] };
  const departments = await findDepartmentCodes(db, tenantId);
  const rejected: SubjectImportReport['rejected'] = [];
  const good: ResearcherWrite[] = [];
  for (const row of rows) {
    const orcid = bareOrcid(row.get('orcid'));
    const r: ResearcherWrite = {
      code: row.get('code'),
      name: row.get('name'),
      nameEn: row.get('name_en'),
      departmentCode: row.get('department'),
      title: row.get('title'),
      fields: list(row.get('fields')),
      orcid,
      homepage: row.get('homepage'),
      nameVariants: list(row.get('variants')),
      seq: good.length,
    };
    const reason =
      (!CODE.test(r.code) ? `the code "${r.code}" is not 1–32 letters, digits, _ . -` : null) ??
      (!r.name ? 'the name is empty' : null) ??
      tooLong(r.name, 50, 'the name') ??
      tooLong(r.nameEn, SUBJECT_MAX_LENGTH.name, 'name_en') ??
      (r.departmentCode && !departments.has(r.departmentCode)
        ? `no department has the code "${r.departmentCode}"`
        : null) ??
      tooLong(r.title, SUBJECT_MAX_LENGTH.title, 'the title') ??
      (orcid && !isValidOrcid(orcid) ? `the ORCID iD "${orcid}" is not valid (its form or check digit)` : null) ??
      (r.homepage && !/^https?:\/\/\S+$/.test(r.homepage) ? 'the homepage is not an http(s) address' : null) ??
      tooLong(r.homepage, SUBJECT_MAX_LENGTH.homepage, 'the homepage') ??
      (r.fields.some((f) => f.length > SUBJECT_MAX_LENGTH.field) ? 'a field is too long' : null) ??
      (r.nameVariants.some((v) => v.length > SUBJECT_MAX_LENGTH.variant) ? 'a name variant is too long' : null);
    if (reason) rejected.push({ line: row.line, reason });
    else good.push(r);
  }
  const added = await upsertResearchers(db, tenantId, good);
  return { added, updated: good.length - added, rejected };
}
