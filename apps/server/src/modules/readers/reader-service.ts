import type { Kysely } from 'kysely';
import {
  hasUnsafeCharacters,
  passwordProblem,
  READER_CSV_COLUMNS,
  READER_STATUSES,
  type PasswordRule,
  type ReaderRowProblem,
  type ReaderStatus,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { isValidEmail, isValidPhone } from './contacts.js';
import { hashPassword } from './passwords.js';
import {
  findReaderByLogin,
  findReaderLogins,
  setReaderPassword,
  setReaderStatus,
  upsertReader,
  type ReaderInput,
} from './reader-repository.js';

export { READER_CSV_COLUMNS };

/** A reader that cannot be stored as given; the message says why. */
export class ReaderInputError extends Error {
  override name = 'ReaderInputError';
}

/** A reader file whose header row cannot be read: no `account` column, or columns the import does not know. */
export class ReaderImportHeaderError extends ReaderInputError {
  override name = 'ReaderImportHeaderError';
  constructor(
    message: string,
    /** The unknown columns ([]: the account column is missing). */
    readonly columns: string[],
  ) {
    super(message);
  }
}

const ACCOUNT = /^[\p{L}\p{N}._@-]{1,64}$/u;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Longest name, department, reader type or library code stored from outside. */
const MAX_TEXT = 200;

/** What is wrong with a reader's fields: the problem (for the staff console), the value, and the text (the command line). */
export interface ReaderIssue {
  problem: ReaderRowProblem;
  value: string;
  text: string;
}

/** A calendar date YYYY-MM-DD that exists (not 2024-02-30, not year 0). */
function isDate(d: string): boolean {
  if (!DATE.test(d) || d.startsWith('0000')) return false;
  const t = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d;
}

/** Checks a reader's fields; returns what is wrong, or null. */
export function readerInputIssue(input: ReaderInput): ReaderIssue | null {
  const issue = (problem: ReaderRowProblem, value: string, text: string): ReaderIssue => ({ problem, value, text });
  for (const [field, v] of Object.entries(input)) {
    if (typeof v === 'string' && hasUnsafeCharacters(v))
      return issue('characters', field, `${field} holds a control character or invalid Unicode`);
  }
  if (!ACCOUNT.test(input.account))
    return issue('account', input.account, `account "${input.account}": letters, digits, . _ @ - (1 to 64)`);
  if (input.cardNo && !ACCOUNT.test(input.cardNo))
    return issue('cardNo', input.cardNo, `card number "${input.cardNo}" is not valid`);
  if (input.email && !isValidEmail(input.email))
    return issue('email', input.email, `e-mail "${input.email}" is not valid`);
  if (input.phone && !isValidPhone(input.phone))
    return issue('phone', input.phone, `phone "${input.phone}" is not valid`);
  if (input.status && !READER_STATUSES.includes(input.status)) {
    const status = String(input.status);
    return issue('status', status, `status "${status}": one of ${READER_STATUSES.join(', ')}`);
  }
  for (const d of [input.validFrom, input.validUntil]) {
    if (d && !isDate(d)) return issue('date', d, `date "${d}" is not YYYY-MM-DD`);
  }
  for (const [field, v] of [
    ['name', input.name],
    ['department', input.department],
    ['readerType', input.readerType],
    ['libCode', input.libCode],
  ] as const) {
    if (v && v.length > MAX_TEXT) return issue('tooLong', field, `${field} is longer than ${MAX_TEXT} characters`);
  }
  return null;
}

/** Checks a reader's fields; returns what is wrong, or null. */
export function readerInputProblem(input: ReaderInput): string | null {
  return readerInputIssue(input)?.text ?? null;
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

export interface ReaderImportReport {
  created: number;
  updated: number;
  rejected: { line: number; reason: string }[];
}

/** A row of a reader file that would add or update a reader. */
export interface PlannedReader {
  line: number;
  input: ReaderInput;
  /** The row's initial password, undefined: keep the reader's. */
  password: string | undefined;
  exists: boolean;
}

/** A row of a reader file that cannot be imported: its line, account and issue. */
export interface RejectedReaderRow extends ReaderIssue {
  line: number;
  account: string;
}

/** What a reader file would do: its data rows, the readers it adds or updates, the rows rejected. */
export interface ReaderImportPlan {
  rows: number;
  accepted: PlannedReader[];
  rejected: RejectedReaderRow[];
}

/**
 * Reads a reader file (CSV or TSV text, header row, quotes as in RFC 4180) and checks every row
 * against the institution's readers as they are now, without changing anything: the fields, a
 * new reader's password, an account or card number twice in the file, a card number that another
 * reader has (the database would refuse it, and with it the whole import). Passwords from a file
 * are initial ones the readers must change at the first login, unless `mustChange` is false; an
 * empty password keeps an existing reader's. A header without `account`, or with unknown columns,
 * is a `ReaderImportHeaderError`.
 */
export async function planReaderImport(
  db: Kysely<Database>,
  tenantId: number,
  text: string,
  opts: { rule: PasswordRule; mustChange: boolean },
): Promise<ReaderImportPlan> {
  const rows = parseCsv(text.replace(/^\uFEFF/, ''));
  const header = (rows.shift() ?? []).map((h) => h.trim());
  const unknown = header.filter((h) => !(READER_CSV_COLUMNS as readonly string[]).includes(h));
  if (!header.includes('account')) throw new ReaderImportHeaderError('the header row has no "account" column', []);
  if (unknown.length) throw new ReaderImportHeaderError(`unknown column(s): ${unknown.join(', ')}`, unknown);
  const cellsOf = (cells: string[]) => (col: string) => {
    const at = header.indexOf(col);
    const v = at < 0 ? '' : (cells[at] ?? '').trim();
    return v === '' ? undefined : v;
  };
  const data = rows
    .map((cells, i) => ({ line: i + 2, get: cellsOf(cells), blank: cells.every((c) => c.trim() === '') }))
    .filter((r) => !r.blank);
  const known = await findReaderLogins(
    db,
    tenantId,
    data.flatMap((r) => [r.get('account'), r.get('cardNo')].filter((v): v is string => v !== undefined)),
  );
  const plan: ReaderImportPlan = { rows: data.length, accepted: [], rejected: [] };
  const seenAccounts = new Set<string>();
  const seenCards = new Set<string>();
  for (const { line, get } of data) {
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
    const account = input.account.toLowerCase();
    const card = input.cardNo?.toLowerCase();
    const existing = known.byAccount.get(account);
    const cardOwner = card === undefined ? undefined : known.byCardNo.get(card);
    let issue = readerInputIssue(input);
    if (!issue && seenAccounts.has(account))
      issue = {
        problem: 'duplicateAccount',
        value: input.account,
        text: `account "${input.account}" is in the file twice`,
      };
    if (!issue && card !== undefined && seenCards.has(card))
      issue = {
        problem: 'duplicateCardNo',
        value: input.cardNo!,
        text: `card number "${input.cardNo}" is in the file twice`,
      };
    if (!issue && cardOwner !== undefined && cardOwner !== existing?.id)
      issue = {
        problem: 'cardNoTaken',
        value: input.cardNo!,
        text: `card number "${input.cardNo}" belongs to another reader`,
      };
    if (!issue && !existing && password === undefined)
      issue = { problem: 'needsPassword', value: '', text: 'a new reader needs a password' };
    if (!issue && password !== undefined) {
      const pp = operatorPasswordProblem(password, input.account, opts.rule, opts.mustChange);
      // Never the password itself: the report is shown and downloaded.
      if (pp) issue = { problem: 'password', value: '', text: pp };
    }
    seenAccounts.add(account);
    if (card !== undefined) seenCards.add(card);
    if (issue) plan.rejected.push({ line, account: input.account, ...issue });
    else plan.accepted.push({ line, input, password, exists: existing !== undefined });
  }
  return plan;
}

/** How many passwords are hashed at once (argon2 runs on libuv's threads). */
const HASH_CONCURRENCY = 4;

/** The hashes of a plan's passwords (argon2, tens of milliseconds each: before any transaction), row by row. */
export async function hashPlannedPasswords(plan: Pick<ReaderImportPlan, 'accepted'>): Promise<(string | undefined)[]> {
  const hashes: (string | undefined)[] = [];
  for (let i = 0; i < plan.accepted.length; i += HASH_CONCURRENCY) {
    const batch = plan.accepted.slice(i, i + HASH_CONCURRENCY);
    hashes.push(
      ...(await Promise.all(batch.map((r) => (r.password === undefined ? undefined : hashPassword(r.password))))),
    );
  }
  return hashes;
}

/**
 * Writes a plan's readers with their hashed passwords, in one transaction (`db` may be one
 * already), so that a file is imported whole or not at all: how many were created and updated.
 */
export function writePlannedReaders(
  db: Kysely<Database>,
  tenantId: number,
  plan: Pick<ReaderImportPlan, 'accepted'>,
  hashes: (string | undefined)[],
): Promise<{ created: number; updated: number }> {
  return inTransaction(db, async (trx) => {
    const counts = { created: 0, updated: 0 };
    for (const [i, r] of plan.accepted.entries()) {
      const { created } = await upsertReader(trx, tenantId, r.input, hashes[i]);
      counts[created ? 'created' : 'updated']++;
    }
    return counts;
  });
}

/** Imports readers from CSV text (`openfind reader import`): the plan, then the readers it accepts, in one transaction. */
export async function importReadersCsv(
  db: Kysely<Database>,
  tenantId: number,
  text: string,
  opts: { rule: PasswordRule; mustChange: boolean },
): Promise<ReaderImportReport> {
  const plan = await planReaderImport(db, tenantId, text, opts);
  const done = await writePlannedReaders(db, tenantId, plan, await hashPlannedPasswords(plan));
  return { ...done, rejected: plan.rejected.map((r) => ({ line: r.line, reason: r.text })) };
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
