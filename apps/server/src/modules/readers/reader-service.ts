import type { Kysely } from 'kysely';
import { passwordProblem, READER_STATUSES, type PasswordRule, type ReaderStatus } from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { isValidEmail, isValidPhone } from './contacts.js';
import { hashPassword } from './passwords.js';
import {
  findReaderByLogin,
  setReaderPassword,
  setReaderStatus,
  upsertReader,
  type ReaderInput,
} from './reader-repository.js';

/** A reader that cannot be stored as given; the message says why. */
export class ReaderInputError extends Error {
  override name = 'ReaderInputError';
}

const ACCOUNT = /^[\p{L}\p{N}._@-]{1,64}$/u;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Checks a reader's fields; returns what is wrong, or null. */
export function readerInputProblem(input: ReaderInput): string | null {
  if (!ACCOUNT.test(input.account)) return `account "${input.account}": letters, digits, . _ @ - (1 to 64)`;
  if (input.cardNo && !ACCOUNT.test(input.cardNo)) return `card number "${input.cardNo}" is not valid`;
  if (input.email && !isValidEmail(input.email)) return `e-mail "${input.email}" is not valid`;
  if (input.phone && !isValidPhone(input.phone)) return `phone "${input.phone}" is not valid`;
  if (input.status && !READER_STATUSES.includes(input.status)) {
    return `status "${String(input.status)}": one of ${READER_STATUSES.join(', ')}`;
  }
  for (const d of [input.validFrom, input.validUntil]) {
    if (d && (!DATE.test(d) || Number.isNaN(Date.parse(d)))) return `date "${d}" is not YYYY-MM-DD`;
  }
  return null;
}

/**
 * Checks a password an operator sets. A password the reader must change at the first login may be
 * any 6 to 128 characters (libraries hand out simple initial passwords); any other follows the
 * institution's rule.
 */
export function operatorPasswordProblem(
  password: string,
  account: string,
  rule: PasswordRule,
  mustChange: boolean,
): string | null {
  if (mustChange)
    return password.length >= 6 && password.length <= 128 ? null : 'an initial password has 6 to 128 characters';
  const p = passwordProblem(password, rule, account);
  if (p === 'equalsAccount') return 'the password may not equal the account';
  if (p === 'rule') {
    return rule === '1'
      ? 'the password needs 8 or more characters with letters and digits'
      : 'the password needs 8 or more characters with three of upper case, lower case, digits and symbols';
  }
  return null;
}

/** Creates a reader or updates the one with this account; a password, when given, is hashed. */
export async function saveReader(
  db: Kysely<Database>,
  tenantId: number,
  input: ReaderInput,
  password: string | undefined,
  rule: PasswordRule,
): Promise<{ id: number; created: boolean }> {
  const problem = readerInputProblem(input);
  if (problem) throw new ReaderInputError(problem);
  if (password !== undefined) {
    const pp = operatorPasswordProblem(password, input.account, rule, input.mustChangePassword ?? false);
    if (pp) throw new ReaderInputError(pp);
  }
  return upsertReader(db, tenantId, input, password === undefined ? undefined : await hashPassword(password));
}

/** Sets a reader's password from the command line; every session of the reader ends. */
export async function resetReaderPassword(
  db: Kysely<Database>,
  tenantId: number,
  login: string,
  password: string,
  rule: PasswordRule,
  mustChange: boolean,
): Promise<void> {
  const reader = await findReaderByLogin(db, tenantId, login);
  if (!reader) throw new ReaderInputError(`no reader "${login}"`);
  const pp = operatorPasswordProblem(password, reader.account, rule, mustChange);
  if (pp) throw new ReaderInputError(pp);
  await setReaderPassword(db, tenantId, reader.id, await hashPassword(password), { mustChange });
}

/** Whether the institution has a reader with this account or card number. */
export async function readerExists(db: Kysely<Database>, tenantId: number, login: string): Promise<boolean> {
  return (await findReaderByLogin(db, tenantId, login)) !== undefined;
}

/** Sets the status of the reader with this account or card number (ending its sessions); false when there is none. */
export async function setReaderStatusOf(
  db: Kysely<Database>,
  tenantId: number,
  login: string,
  status: ReaderStatus,
): Promise<boolean> {
  const reader = await findReaderByLogin(db, tenantId, login);
  if (!reader) return false;
  await setReaderStatus(db, tenantId, reader.id, status);
  return true;
}

/** The columns `openfind reader import` reads (header names, any order; account is required). */
export const READER_CSV_COLUMNS = [
  'account',
  'password',
  'name',
  'cardNo',
  'libCode',
  'email',
  'phone',
  'status',
  'department',
  'readerType',
  'validFrom',
  'validUntil',
] as const;

export interface ReaderImportReport {
  created: number;
  updated: number;
  rejected: { line: number; reason: string }[];
}

/**
 * Imports readers from CSV text (comma or tab separated, header row, UTF-8, quotes as in RFC 4180).
 * Existing readers (same account) are updated; an empty password keeps theirs. Passwords from a
 * file are initial passwords the readers must change at the first login, unless `mustChange` is false.
 */
export async function importReadersCsv(
  db: Kysely<Database>,
  tenantId: number,
  text: string,
  opts: { rule: PasswordRule; mustChange: boolean },
): Promise<ReaderImportReport> {
  const rows = parseCsv(text.replace(/^\uFEFF/, ''));
  const header = (rows.shift() ?? []).map((h) => h.trim());
  const unknown = header.filter((h) => !(READER_CSV_COLUMNS as readonly string[]).includes(h));
  if (!header.includes('account')) throw new ReaderInputError('the header row has no "account" column');
  if (unknown.length) throw new ReaderInputError(`unknown column(s): ${unknown.join(', ')}`);
  const report: ReaderImportReport = { created: 0, updated: 0, rejected: [] };
  for (const [i, cells] of rows.entries()) {
    const line = i + 2;
    if (cells.every((c) => c.trim() === '')) continue;
    const get = (col: string) => {
      const at = header.indexOf(col);
      const v = at < 0 ? '' : (cells[at] ?? '').trim();
      return v === '' ? undefined : v;
    };
    const input: ReaderInput = {
      account: get('account') ?? '',
      cardNo: get('cardNo'),
      name: get('name'),
      libCode: get('libCode'),
      email: get('email'),
      emailVerified: get('email') ? true : undefined,
      phone: get('phone'),
      phoneVerified: get('phone') ? true : undefined,
      status: get('status') as ReaderStatus | undefined,
      department: get('department'),
      readerType: get('readerType'),
      validFrom: get('validFrom'),
      validUntil: get('validUntil'),
    };
    const password = get('password');
    if (password !== undefined) input.mustChangePassword = opts.mustChange;
    try {
      const exists = await findReaderByLogin(db, tenantId, input.account);
      if (!exists && password === undefined) throw new ReaderInputError('a new reader needs a password');
      const r = await saveReader(db, tenantId, input, password, opts.rule);
      if (r.created) report.created++;
      else report.updated++;
    } catch (err) {
      if (!(err instanceof ReaderInputError)) throw err;
      report.rejected.push({ line, reason: err.message });
    }
  }
  return report;
}

/** RFC 4180 CSV (or TSV when the first line has tabs and no commas) into rows of cells. */
export function parseCsv(text: string): string[][] {
  const firstLine = text.slice(0, text.indexOf('\n') >>> 0);
  const sep = firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === sep) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
