import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../src/db/setup.js';
import { storeRecords } from '../src/modules/catalogue/catalogue-repository.js';
import {
  findApprovedComments,
  findDistribution,
  findReaderScore,
} from '../src/modules/evaluations/evaluation-repository.js';
import { findAttachments } from '../src/modules/holdings/holdings-repository.js';
import { findBookListRecords } from '../src/modules/home-lists/home-lists-repository.js';
import {
  findHotLoans,
  findLoanSummary,
  findLoansByMonth,
  findLoansByYear,
} from '../src/modules/loans/loan-repository.js';
import { createTenant } from '../src/modules/tenants/tenant-service.js';
import type { Db } from '../src/db/database.js';
import { openTestDatabase } from './helpers.js';
import { copy, rec } from './search-fixtures.js';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MODULES = path.join(SERVER, 'src/modules');

/**
 * Repository functions that are installation-wide by nature, by file and name, and why. Every other
 * exported function that takes the database takes the institution too.
 */
const INSTALLATION_WIDE: Record<string, string> = {
  // Which institution a request is for: the tenants themselves.
  'tenants/tenant-repository.ts findAllTenants': 'every institution, to find one by its mapping path',
  'tenants/tenant-repository.ts insertTenant': 'creates the institution (its id comes from here)',
  // One secret of the server, for every institution's sessions.
  'auth/auth-repository.ts serverSecret': "the server's signing secret",
  // The search log is kept for a number of days, whichever institution searched.
  'search/search-log-repository.ts deleteSearchLogBefore': 'retention of the log',
  // The planner's statistics are the table's, not an institution's.
  'search/search-repository.ts findCommonLexemes': "the catalogue's common words, from pg_stats",
  'search/mirror-repository.ts databaseNow': 'the database clock',
  'circulation/circulation-repository.ts today': "the database's date, which loan dates are in",
  // Loaders: the functions of a mirror over one database; each of them takes the institution.
  'search/mirror-repository.ts mirrorLoader': 'binds the database; its functions take the institution',
  'search/text-index-repository.ts textIndexLoader': 'binds the database; its functions take the institution',
  'search/facet-repository.ts facetLoader': 'binds the database; its functions take the institution',
  // Housekeeping of the catalogue's tables, which every institution shares.
  'search/search-maintenance-repository.ts autovacuumOff': "the server's autovacuum setting",
  'search/search-maintenance-repository.ts vacuumCatalogue': 'VACUUM ANALYZE of the shared tables',
  // The jobs the server runs on its own: one lease per job, and runs that cover every institution.
  'jobs/job-repository.ts acquireJobLease': 'one lease per job, whatever the institutions',
  'jobs/job-repository.ts renewJobLease': 'one lease per job, whatever the institutions',
  'jobs/job-repository.ts releaseJobLease': 'one lease per job, whatever the institutions',
  'jobs/job-repository.ts findJobLease': 'one lease per job, whatever the institutions',
  'jobs/job-repository.ts markInterruptedRuns': "the job's runs a dead process left",
  'jobs/job-repository.ts finishJobRun': 'a run, by its id (for all institutions or one)',
  'jobs/job-repository.ts findRecentJobRuns': "the job's runs (one institution's and those for all with onlyTenant)",
  'jobs/job-repository.ts findRunsOfDay': 'the runs for every institution on a day (the schedule)',
  // A calendar application asks with the feed's token alone: the token names the reader and the institution.
  'reminders/reminder-repository.ts findFeedOwner': "the reader and institution of a feed token's hash",
  // The schema's tables that name a reader (information_schema): the account closing's and export's map.
  'account-closing/account-closing-repository.ts findReaderColumns': 'the tables of the schema, not rows',
  // The document-delivery sender works the queue of every institution; a claimed row names its institution.
  'doc-delivery/doc-delivery-repository.ts findDueDocRequests': 'the queue of requests due, every institution',
  'doc-delivery/doc-delivery-repository.ts claimDocRequest': 'a due request by the id the queue gave',
  'doc-delivery/doc-delivery-repository.ts markDocSent': 'the request just claimed, by its id',
  'doc-delivery/doc-delivery-repository.ts markDocTryFailed': 'the request just claimed, by its id',
};

function repositoryFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? repositoryFiles(path.join(dir, e.name))
      : e.name.endsWith('-repository.ts')
        ? [path.join(dir, e.name)]
        : [],
  );
}

/** An exported function of a repository: its name, parameters and body. */
interface Exported {
  name: string;
  params: readonly ts.ParameterDeclaration[];
  body: ts.Node | undefined;
}

function exportedFunctions(file: ts.SourceFile): Exported[] {
  const out: Exported[] = [];
  for (const st of file.statements) {
    if (!ts.getModifiers(st as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (ts.isFunctionDeclaration(st) && st.name) out.push({ name: st.name.text, params: st.parameters, body: st.body });
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) {
        const f = d.initializer;
        if (f && (ts.isArrowFunction(f) || ts.isFunctionExpression(f)) && ts.isIdentifier(d.name)) {
          out.push({ name: d.name.text, params: f.parameters, body: f.body });
        }
      }
    }
  }
  return out;
}

/** Whether `name` is used in `node`. */
function mentions(node: ts.Node | undefined, name: string): boolean {
  if (!node) return false;
  if (ts.isIdentifier(node) && node.text === name) return true;
  return ts.forEachChild(node, (child) => mentions(child, name) || undefined) ?? false;
}

describe('every repository function scopes by institution', () => {
  it('takes the tenant id (and uses it), or is on the commented list of installation-wide ones', () => {
    const files = repositoryFiles(MODULES);
    const config = ts.getParsedCommandLineOfConfigFile(
      path.join(SERVER, 'tsconfig.json'),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: () => undefined,
      },
    )!;
    const program = ts.createProgram(files, { ...config.options, noEmit: true });
    const checker = program.getTypeChecker();
    /** Whether a parameter is the database (a Kysely instance or a transaction). */
    const isDatabase = (p: ts.ParameterDeclaration) => {
      const type = checker.getTypeAtLocation(p);
      return (type.isUnion() ? type.types : [type]).some((t) =>
        ['Kysely', 'Transaction'].includes(t.getSymbol()?.getName() ?? ''),
      );
    };
    /** Whether a parameter is the tenant id, or an object (or list of objects) that carries it. */
    const carriesTenant = (p: ts.ParameterDeclaration) => {
      if (ts.isIdentifier(p.name) && p.name.text === 'tenantId') return true;
      let type = checker.getTypeAtLocation(p);
      if (checker.isArrayType(type)) type = checker.getTypeArguments(type as ts.TypeReference)[0]!;
      return type.getProperty('tenantId') !== undefined;
    };
    const unscoped: string[] = [];
    const listed = new Set<string>();
    for (const file of files) {
      const source = program.getSourceFile(file)!;
      for (const f of exportedFunctions(source)) {
        if (!f.params.some(isDatabase)) continue; // not a query (encodeBatch, parseIds)
        const key = `${path.relative(MODULES, file)} ${f.name}`;
        if (key in INSTALLATION_WIDE) {
          listed.add(key);
          continue;
        }
        const tenant = f.params.find(carriesTenant);
        const named = tenant && ts.isIdentifier(tenant.name) && tenant.name.text === 'tenantId';
        if (!tenant || (named && !mentions(f.body, 'tenantId'))) unscoped.push(key);
      }
    }
    expect(unscoped, 'repository functions without the institution').toEqual([]);
    // The list names only functions that exist.
    expect(Object.keys(INSTALLATION_WIDE).filter((k) => !listed.has(k))).toEqual([]);
  });
});

describe("an institution's answers never hold another's rows", () => {
  let db: Db;
  let drop: () => Promise<void>;
  let a: number;
  let b: number;
  let recordA: number;
  let recordB: number;

  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase());
    await prepareDatabase(db);
    const k = db.kysely;
    a = await createTenant(k, { mappingPath: 'tenancy-a', groupCode: 'A', name: 'A' });
    b = await createTenant(k, { mappingPath: 'tenancy-b', groupCode: 'B', name: 'B' });
    recordA = (await storeRecords(k, a, [rec('a', { items: [copy(), copy()] })])).ids.get('test:a')!;
    recordB = (await storeRecords(k, b, [rec('b', { items: [copy()] })])).ids.get('test:b')!;
    // Rows of B filed under A's record, as a query that forgets the institution would count them.
    const today = new Date().toISOString().slice(0, 10);
    const loan = (tenant: number) => ({ tenant_id: tenant, record_id: recordA, loan_date: today, return_date: today });
    await k
      .insertInto('loan_event')
      .values([loan(a), loan(b), loan(b)])
      .execute();
    await k
      .insertInto('item')
      .values({ tenant_id: b, record_id: recordA, barcode: 'B-ON-A', process_type_code: '412' })
      .execute();
    await k
      .insertInto('record_rating')
      .values([
        { tenant_id: a, record_id: recordA, reader_id: 1, score: 5 },
        { tenant_id: b, record_id: recordA, reader_id: 2, score: 1 },
      ])
      .execute();
    await k
      .insertInto('record_comment')
      .values([
        { tenant_id: a, record_id: recordA, reader_id: 1, content: 'of A', status: 'approved' },
        { tenant_id: b, record_id: recordA, reader_id: 2, content: 'of B', status: 'approved' },
      ])
      .execute();
    await k
      .insertInto('record_attachment')
      .values([
        { tenant_id: a, record_id: recordA, name: 'of A', url: 'https://a.example/1' },
        { tenant_id: b, record_id: recordA, name: 'of B', url: 'https://b.example/1' },
      ])
      .execute();
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  it('in the loan figures', async () => {
    const k = db.kysely;
    const years = await findLoansByYear(k, a, recordA);
    expect(years.reduce((n, y) => n + y.n, 0)).toBe(1);
    const months = await findLoansByMonth(k, a, recordA);
    expect(months.reduce((n, m) => n + m.n, 0)).toBe(1);
    const summary = await findLoanSummary(k, a, recordA);
    expect([summary.total, summary.last_year, summary.item_count, summary.on_loan]).toEqual([1, 1, 2, 0]);
    const hot = { days: 30, libCode: '', disCode: '', classNo: '', byRate: false, offset: 0, rows: 10 };
    expect((await findHotLoans(k, a, hot)).rows.map((r) => [r.record_id, r.loans])).toEqual([[recordA, 1]]);
    // B's own view: its rows, none of A's.
    expect((await findLoanSummary(k, b, recordA)).total).toBe(2);
    expect((await findHotLoans(k, b, hot)).rows).toEqual([]);
  });

  it('in ratings, comments, attachments and book lists', async () => {
    const k = db.kysely;
    expect(await findDistribution(k, a, recordA)).toEqual([0, 0, 0, 0, 1]);
    expect(await findReaderScore(k, a, recordA, 2)).toBeNull();
    const comments = await findApprovedComments(k, a, recordA, 0, 10);
    expect([comments.total, comments.rows.map((c) => c.content)]).toEqual([1, ['of A']]);
    const attachments = await findAttachments(k, a, recordA, 0, 10);
    expect([attachments.total, attachments.rows.map((r) => r.name)]).toEqual([1, ['of A']]);
    const list = await k
      .insertInto('book_list')
      .values({ tenant_id: a, name: 'list of A' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await k
      .insertInto('book_list_record')
      .values([
        { book_list_id: list.id, record_id: recordA },
        { book_list_id: list.id, record_id: recordB },
      ])
      .execute();
    expect((await findBookListRecords(k, a, [list.id], 0, 10)).map((r) => r.record_id)).toEqual([recordA]);
  });
});
