import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  CatalogueAdminErrCode,
  DiscoveryErrCode,
  StaffErrCode,
  type CatalogueFindPage,
  type CatalogueImportJob,
  type CatalogueImportReport,
  type CatalogueImportRuns,
  type CatalogueRecordView,
} from '@openfind/contract';
import { t as text } from '../src/http/messages.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { search, titles } from './search-fixtures.js';
import { addLoans, makeRecords, makeTenant, type MadeTenant } from './support/factories.js';
import { bookRecord } from './support/marc-fixtures.js';
import { makeStaff, staffHeader } from './support/staff.js';

/**
 * Issue 28, the console's catalogue: an upload imported through the pipeline of `openfind import`
 * in the background (checked by content, one at a time, watched, its reject report kept), the runs,
 * finding a record and its MARC, suppressing (hidden from readers, shown to staff) and deleting
 * (refused while on loan), the audit rows and the institution's walls.
 */

let t: TestApp;
let home: MadeTenant;
let other: MadeTenant;
let desk: Record<string, string>;
let admin: Record<string, string>;
let adminName: string;
let otherAdmin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  home = await makeTenant(t, { libraries: 'demo' });
  other = await makeTenant(t);
  desk = await staffHeader(t, await makeStaff(t, home.id, { role: 'staff' }));
  const a = await makeStaff(t, home.id, { role: 'admin' });
  adminName = a.username;
  admin = await staffHeader(t, a);
  otherAdmin = await staffHeader(t, await makeStaff(t, other.id, { role: 'admin' }));
});
afterAll(async () => {
  await t?.services.catalogueAdmin.whenIdle();
  await t?.close();
});

type Lang = CallOptions['lang'];

/** Uploads bytes as a catalogue file. */
async function upload(
  bytes: Uint8Array | string,
  query: Record<string, string> = {},
  opts: { headers?: Record<string, string>; to?: MadeTenant; lang?: Lang } = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: ApiPath.catalogueImportUpload,
    query: { fileName: 'books.mrc', ...query },
    headers: {
      mappingPath: (opts.to ?? home).mappingPath,
      'content-type': 'application/octet-stream',
      ...(opts.lang ? { 'content-language': opts.lang } : {}),
      ...(opts.headers ?? admin),
    },
    payload: Buffer.from(bytes),
  });
  return { status: res.statusCode, ...envelopeOf<CatalogueImportJob>(res) };
}

/** A staff GET or POST. */
async function call<T>(
  url: string,
  input: Record<string, unknown>,
  opts: { headers?: Record<string, string>; to?: MadeTenant; method?: 'GET' | 'POST'; lang?: Lang } = {},
) {
  const method = opts.method ?? 'POST';
  const res = await t.call({
    url,
    mappingPath: (opts.to ?? home).mappingPath,
    lang: opts.lang,
    headers: opts.headers ?? admin,
    ...(method === 'GET' ? { query: input as Record<string, string> } : { body: input }),
  });
  return { status: res.statusCode, ...envelopeOf<T>(res) };
}

const status = (jobId: number, headers = admin) =>
  call<CatalogueImportJob>(ApiPath.catalogueImportStatus, { jobId: String(jobId) }, { method: 'GET', headers });

/** A MARC file of records `from`…`from + n - 1`, one copy each. */
function marcFile(from: number, n: number, title = (i: number) => `目录导入测试第${i}册`): Uint8Array {
  const parts = Array.from({ length: n }, (_, k) =>
    bookRecord(from + k, { title: title(from + k), isbn: '9787302000000' }),
  );
  return Buffer.concat(parts.map((p) => Buffer.from(p)));
}

async function auditOf(action: string) {
  return (await t.services.staff.auditLog(home.id, 500)).filter((r) => r.action === action);
}

let serial = 900_000;

describe('importing an upload', () => {
  it('imports a MARC file in the background, with progress, figures, the run and its audit rows', async () => {
    const from = (serial += 100);
    const r = await upload(marcFile(from, 3));
    expect(r.success, r.message).toBe(true);
    expect(r.message).toBe(text('zh-CN', 'catalogueImportStarted', { fileName: 'books.mrc' }));
    expect(r.data).toMatchObject({ state: 'running', fileName: 'books.mrc', detected: 'iso2709', format: 'auto' });
    expect(r.data.fileHash).toMatch(/^[0-9a-f]{64}$/);
    await t.services.catalogueAdmin.whenIdle();
    const done = await status(r.data.jobId);
    expect(done.data).toMatchObject({ state: 'done', read: 3, created: 3, updated: 0, skipped: 0, hasReport: false });
    expect(done.data.bytesRead).toBe(r.data.fileSize);
    expect(done.data.runId).toBeGreaterThan(0);
    expect(done.data.elapsed).toBeGreaterThanOrEqual(0);

    // The same file again: unchanged.
    const again = await upload(marcFile(from, 3));
    await t.services.catalogueAdmin.whenIdle();
    expect((await status(again.data.jobId)).data).toMatchObject({ state: 'done', read: 3, unchanged: 3 });

    const runs = await call<CatalogueImportRuns>(ApiPath.catalogueImportRuns, {}, { method: 'GET' });
    expect(runs.data.running).toBeNull();
    expect(runs.data.list.slice(0, 2).map((x) => [x.jobId, x.state, x.created, x.unchanged])).toEqual([
      [again.data.jobId, 'done', 0, 3],
      [r.data.jobId, 'done', 3, 0],
    ]);
    const [started] = (await auditOf('catalogue.importStarted')).filter((a) => a.target === `import ${r.data.jobId}`);
    expect(started).toMatchObject({ actor: adminName, after: { fileName: 'books.mrc', sha256: r.data.fileHash } });
    const [ended] = (await auditOf('catalogue.import')).filter((a) => a.target === `import ${r.data.jobId}`);
    expect(ended?.after).toMatchObject({ fileName: 'books.mrc', size: r.data.fileSize, read: 3, created: 3 });
  });

  it('keeps the reject report of a run with the run, to download', async () => {
    const from = (serial += 100);
    // A partial record at the end of the file: rejected with its place and reason.
    const file = Buffer.concat([Buffer.from(bookRecord(from)), Buffer.from(bookRecord(from + 1).slice(0, 60))]);
    const r = await upload(file, { fileName: 'mixed.mrc', format: 'marc' });
    expect(r.success, r.message).toBe(true);
    await t.services.catalogueAdmin.whenIdle();
    const done = await status(r.data.jobId);
    expect(done.data.state).toBe('done');
    expect(done.data.skipped).toBeGreaterThan(0);
    expect(done.data.hasReport).toBe(true);
    const report = await call<CatalogueImportReport>(
      ApiPath.catalogueImportReport,
      { jobId: String(r.data.jobId) },
      { method: 'GET' },
    );
    expect(report.data.fileName).toBe('mixed.mrc.rejects.txt');
    expect(report.data.text).toMatch(/^record \d+/m);

    const clean = await upload(marcFile((serial += 100), 1));
    await t.services.catalogueAdmin.whenIdle();
    const none = await call(ApiPath.catalogueImportReport, { jobId: String(clean.data.jobId) }, { method: 'GET' });
    expect(none).toMatchObject({ success: false, errCode: CatalogueAdminErrCode.noReport });
  });

  it('refuses a file none of the readers recognises before the run starts, translated', async () => {
    const before = (await call<CatalogueImportRuns>(ApiPath.catalogueImportRuns, {}, { method: 'GET' })).data
      .totalCount;
    const garbage = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919 + 13) % 251));
    const r = await upload(garbage, { fileName: 'photo.mrc' }, { lang: 'en_US' });
    expect(r).toMatchObject({
      status: 200,
      success: false,
      errCode: CatalogueAdminErrCode.unrecognisedFile,
      message: text('en-US', 'catalogueFileUnrecognised'),
    });
    const empty = await upload('');
    expect(empty.errCode).toBe(CatalogueAdminErrCode.emptyFile);
    // A MARC file sent as MARCXML.
    const wrong = await upload(marcFile((serial += 100), 1), { format: 'marcxml' });
    expect(wrong.errCode).toBe(CatalogueAdminErrCode.formatMismatch);
    const badMapping = await upload('a,b\n1,2\n', { fileName: 'x.csv', format: 'csv', mapping: '{not json' });
    expect(badMapping.errCode).toBe(CatalogueAdminErrCode.badMapping);
    const after = (await call<CatalogueImportRuns>(ApiPath.catalogueImportRuns, {}, { method: 'GET' })).data.totalCount;
    expect(after).toBe(before);
  });

  it('refuses a file over the limit', async () => {
    const service = t.services.catalogueAdmin;
    const limit = service.maxBytes;
    service.maxBytes = 1000;
    try {
      const r = await upload(marcFile((serial += 100), 10), {}, { lang: 'en_US' });
      expect(r).toMatchObject({ status: 413, success: false, errCode: CatalogueAdminErrCode.fileTooLarge });
      expect(r.message).toBe(text('en-US', 'catalogueFileTooLarge', { mb: 0 }));
    } finally {
      service.maxBytes = limit;
    }
  });

  it('runs one import at a time per institution', async () => {
    // Two uploads at once: one runs, the other is refused (or both run one after the other).
    const [a, b] = await Promise.all([upload(marcFile((serial += 100), 50)), upload(marcFile((serial += 100), 1))]);
    const refused = [a, b].filter((x) => !x.success);
    for (const r of refused) expect(r.errCode).toBe(CatalogueAdminErrCode.importRunning);
    await t.services.catalogueAdmin.whenIdle();

    // An import running in another server process (its heartbeat fresh): refused, by name.
    const tenant = await makeTenant(t);
    const tenantAdmin = await staffHeader(t, await makeStaff(t, tenant.id, { role: 'admin' }));
    const [{ id }] = await t.db.kysely
      .insertInto('catalogue_import')
      .values({ tenant_id: tenant.id, file_name: 'big.mrc', file_size: 10, format: 'auto', started_by: 'x' })
      .returning('id')
      .execute();
    const second = await upload(marcFile((serial += 100), 1), {}, { lang: 'en_US', headers: tenantAdmin, to: tenant });
    expect(second).toMatchObject({ success: false, errCode: CatalogueAdminErrCode.importRunning });
    expect(second.message).toBe(text('en-US', 'catalogueImportRunning', { fileName: 'big.mrc' }));
    const runs = await call<CatalogueImportRuns>(
      ApiPath.catalogueImportRuns,
      {},
      { method: 'GET', headers: tenantAdmin, to: tenant },
    );
    expect(runs.data.running).toMatchObject({ jobId: id, state: 'running', fileName: 'big.mrc' });
  });

  it('marks an import left running by a server that stopped as interrupted', async () => {
    const tenant = await makeTenant(t);
    const [{ id }] = await t.db.kysely
      .insertInto('catalogue_import')
      .values({ tenant_id: tenant.id, file_name: 'lost.mrc', file_size: 10, format: 'auto', started_by: 'x' })
      .returning('id')
      .execute();
    await t.db.kysely
      .updateTable('catalogue_import')
      .set({ heartbeat_at: new Date(Date.now() - 3_600_000).toISOString() })
      .where('id', '=', id)
      .execute();
    expect(await t.services.catalogueAdmin.recoverInterrupted()).toBeGreaterThanOrEqual(1);
    const row = await t.services.catalogueAdmin.status(tenant.id, id);
    expect(row.state).toBe('interrupted');
    expect(row.error).toMatch(/interrupted/);
  });

  it('is for administrators of the institution only', async () => {
    expect((await upload(marcFile(1, 1), {}, { headers: desk })).errCode).toBe(StaffErrCode.roleTooLow);
    expect((await upload(marcFile(1, 1), {}, { headers: otherAdmin })).errCode).toBe(StaffErrCode.otherInstitution);
    const runs = await call<CatalogueImportRuns>(
      ApiPath.catalogueImportRuns,
      {},
      { method: 'GET', to: other, headers: otherAdmin },
    );
    expect(runs.data.totalCount).toBe(0);
    const job = (await call<CatalogueImportRuns>(ApiPath.catalogueImportRuns, {}, { method: 'GET' })).data.list[0]!;
    const theirs = await call(
      ApiPath.catalogueImportStatus,
      { jobId: String(job.jobId) },
      { method: 'GET', to: other, headers: otherAdmin },
    );
    expect(theirs.errCode).toBe(CatalogueAdminErrCode.noSuchImport);
  });
});

describe('finding records and their MARC', () => {
  it('finds by title, ISBN, record id and barcode, and shows the MARC as tags, indicators and subfields', async () => {
    const from = (serial += 1000);
    const r = await upload(marcFile(from, 1, () => '目录查找测试之书'));
    await t.services.catalogueAdmin.whenIdle();
    expect((await status(r.data.jobId)).data.state).toBe('done');
    const found = await call<CatalogueFindPage>(
      ApiPath.catalogueFindRecords,
      { q: '目录查找测试' },
      { method: 'GET', headers: desk },
    );
    expect(found.success, found.message).toBe(true);
    expect(found.data.list.map((x) => x.title)).toEqual(['目录查找测试之书']);
    const recordId = found.data.list[0]!.recordId;
    const byId = await call<CatalogueFindPage>(
      ApiPath.catalogueFindRecords,
      { q: String(recordId), field: 'recordId' },
      { method: 'GET', headers: desk },
    );
    expect(byId.data.list.map((x) => x.recordId)).toEqual([recordId]);

    const view = await call<CatalogueRecordView>(
      ApiPath.catalogueRecord,
      { recordId: String(recordId) },
      { method: 'GET', headers: desk },
    );
    expect(view.success, view.message).toBe(true);
    expect(view.data.leader).toHaveLength(24);
    expect(view.data.fields.find((f) => f.tag === '001')?.value).toBe(`rec${String(from).padStart(7, '0')}`);
    expect(view.data.fields.find((f) => f.tag === '245')).toMatchObject({
      ind1: '1',
      ind2: '0',
      subfields: [
        { code: 'a', value: '目录查找测试之书' },
        { code: 'c', value: `作者${from}著` },
      ],
    });
    expect(view.data.items).toHaveLength(1);
    const barcode = view.data.items[0]!.barcode!;
    const byBarcode = await call<CatalogueFindPage>(
      ApiPath.catalogueFindRecords,
      { q: barcode, field: 'barcode' },
      { method: 'GET', headers: desk },
    );
    expect(byBarcode.data.list.map((x) => x.recordId)).toEqual([recordId]);
    const byIsbn = await call<CatalogueFindPage>(
      ApiPath.catalogueFindRecords,
      { q: '978-7-302-00000-0', field: 'isbn' },
      { method: 'GET', headers: desk },
    );
    expect(byIsbn.data.list.map((x) => x.recordId)).toContain(recordId);

    const missing = await call(ApiPath.catalogueRecord, { recordId: '2000000000' }, { method: 'GET', headers: desk });
    expect(missing.errCode).toBe(CatalogueAdminErrCode.noSuchRecord);
    const theirs = await call(
      ApiPath.catalogueRecord,
      { recordId: String(recordId) },
      { method: 'GET', to: other, headers: otherAdmin },
    );
    expect(theirs.errCode).toBe(CatalogueAdminErrCode.noSuchRecord);
  });

  it('shows a record stored without its MARC with an empty view', async () => {
    const [recordId] = await makeRecords(t, home.id, [{ title: '没有保留MARC的书' }]);
    await t.db.kysely.updateTable('bib_record').set({ marc: null }).where('record_id', '=', recordId).execute();
    const view = await call<CatalogueRecordView>(
      ApiPath.catalogueRecord,
      { recordId: String(recordId) },
      { method: 'GET', headers: desk },
    );
    expect(view.data).toMatchObject({ leader: null, fields: [], title: '没有保留MARC的书' });
  });
});

describe('suppressing and deleting', () => {
  const readerSearch = (words: string) => search(t, { searchFieldContent: words }, { tenant: home });
  const recordPage = (recordId: number) =>
    t.call({ url: ApiPath.getBookDetail, mappingPath: home.mappingPath, query: { recordId: String(recordId) } });

  it('hides a record from the reader search and record page, staff still see it; showing it again brings it back', async () => {
    const [recordId, kept] = await makeRecords(t, home.id, [{ title: '隐藏测试之书甲' }, { title: '隐藏测试之书乙' }]);
    expect(titles(await readerSearch('隐藏测试之书')).sort()).toEqual(['隐藏测试之书乙', '隐藏测试之书甲'].sort());

    const r = await call<{ recordId: number; suppressed: boolean }>(ApiPath.catalogueSuppress, {
      recordId,
      suppressed: true,
    });
    expect(r.success, r.message).toBe(true);
    expect(r.message).toBe(text('zh-CN', 'catalogueSuppressed', { title: '隐藏测试之书甲' }));
    const after = await readerSearch('隐藏测试之书');
    expect(titles(after)).toEqual(['隐藏测试之书乙']);
    expect(after.numFound).toBe(1);
    const page = envelopeOf(await recordPage(recordId));
    expect(page).toMatchObject({ success: false, errCode: DiscoveryErrCode.recordNotFound });
    expect(envelopeOf(await recordPage(kept)).success).toBe(true);

    const staffView = await call<CatalogueFindPage>(
      ApiPath.catalogueFindRecords,
      { q: '隐藏测试之书甲' },
      { method: 'GET', headers: desk },
    );
    expect(staffView.data.list).toMatchObject([{ recordId, suppressed: true }]);

    // A second tab doing the same: told, nothing changed.
    const twice = await call(ApiPath.catalogueSuppress, { recordId, suppressed: true }, { lang: 'en_US' });
    expect(twice).toMatchObject({ success: false, errCode: CatalogueAdminErrCode.alreadyInState });
    expect(twice.message).toBe(text('en-US', 'catalogueAlreadySuppressed', { title: '隐藏测试之书甲' }));

    const shown = await call(ApiPath.catalogueSuppress, { recordId, suppressed: false });
    expect(shown.message).toBe(text('zh-CN', 'catalogueShown', { title: '隐藏测试之书甲' }));
    expect(titles(await readerSearch('隐藏测试之书甲'))).toEqual(['隐藏测试之书甲']);

    const audit = (await t.services.staff.auditLog(home.id, 500)).filter((a) => a.target === `record ${recordId}`);
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      [
        'catalogue.unsuppress',
        { title: '隐藏测试之书甲', suppressed: true },
        { title: '隐藏测试之书甲', suppressed: false },
      ],
      [
        'catalogue.suppress',
        { title: '隐藏测试之书甲', suppressed: false },
        { title: '隐藏测试之书甲', suppressed: true },
      ],
    ]);
  });

  it('leaves suppressed records out of browsing (no text) too, in the total and the facet counts', async () => {
    const tenant = await makeTenant(t, { libraries: 'demo' });
    const tenantAdmin = await staffHeader(t, await makeStaff(t, tenant.id, { role: 'admin' }));
    const [hidden] = await makeRecords(t, tenant.id, [{ title: '浏览隐藏之书' }, { title: '浏览可见之书' }]);
    const browse = () => search(t, { searchFieldContent: '', docCode: ['1'], facet: '1' }, { tenant });
    expect((await browse()).numFound).toBe(2);
    const r = await call(
      ApiPath.catalogueSuppress,
      { recordId: hidden, suppressed: true },
      { headers: tenantAdmin, to: tenant },
    );
    expect(r.success, r.message).toBe(true);
    const after = await browse();
    expect(after.numFound).toBe(1);
    expect(titles(after)).toEqual(['浏览可见之书']);
    expect(after.facetIncluded).toBe(true);
    const counts = Object.values(after.facetResult).flatMap((d) => Object.values(d));
    expect(counts.length).toBeGreaterThan(0);
    for (const n of counts) expect(n).toBe(1);
  });

  it('leaves suppressed records out of the class tree counts, at once', async () => {
    const tenant = await makeTenant(t, { libraries: 'demo' });
    const tenantAdmin = await staffHeader(t, await makeStaff(t, tenant.id, { role: 'admin' }));
    const [hidden] = await makeRecords(t, tenant.id, [
      { title: '分类隐藏之书', clcClasses: ['TP311'] },
      { title: '分类可见之书', clcClasses: ['TP312'] },
    ]);
    const classT = async () => {
      const res = await t.call({ url: ApiPath.classificaList, mappingPath: tenant.mappingPath, body: {} });
      return envelopeOf<Array<{ code: string; count: number }>>(res).data.find((n) => n.code === 'T')?.count;
    };
    expect(await classT()).toBe(2);
    const r = await call(
      ApiPath.catalogueSuppress,
      { recordId: hidden, suppressed: true },
      { headers: tenantAdmin, to: tenant },
    );
    expect(r.success, r.message).toBe(true);
    expect(await classT()).toBe(1);
    await call(
      ApiPath.catalogueSuppress,
      { recordId: hidden, suppressed: false },
      { headers: tenantAdmin, to: tenant },
    );
    expect(await classT()).toBe(2);
  });

  it('lets only administrators suppress', async () => {
    const [recordId] = await makeRecords(t, home.id, [{ title: '权限测试之书' }]);
    const r = await call(ApiPath.catalogueSuppress, { recordId, suppressed: true }, { headers: desk });
    expect(r).toMatchObject({ status: 403, errCode: StaffErrCode.roleTooLow });
    const theirs = await call(
      ApiPath.catalogueSuppress,
      { recordId, suppressed: true },
      { headers: otherAdmin, to: other },
    );
    expect(theirs.errCode).toBe(CatalogueAdminErrCode.noSuchRecord);
  });

  it('deletes a record with its copies, refused while a copy is on loan', async () => {
    const [onLoan, free] = await makeRecords(t, home.id, [
      { title: '借出中的书', items: [{ barcode: 'CAT-LOAN-1' }] },
      { title: '可以删除的书', items: [{ barcode: 'CAT-FREE-1' }] },
    ]);
    await addLoans(t, home.id, [{ recordId: onLoan, loanDate: '2026-11-01', barcode: 'CAT-LOAN-1' }]);
    const refused = await call(ApiPath.catalogueDelete, { recordId: onLoan }, { lang: 'en_US' });
    expect(refused).toMatchObject({ success: false, errCode: CatalogueAdminErrCode.recordOnLoan });
    expect(refused.message).toBe(text('en-US', 'catalogueRecordOnLoan', { title: '借出中的书', count: 1 }));
    expect(
      await t.db.kysely.selectFrom('bib_record').select('record_id').where('record_id', '=', onLoan).executeTakeFirst(),
    ).toBeDefined();

    const r = await call(ApiPath.catalogueDelete, { recordId: free });
    expect(r.success, r.message).toBe(true);
    expect(r.message).toBe(text('zh-CN', 'catalogueDeleted', { title: '可以删除的书' }));
    expect(
      await t.db.kysely.selectFrom('item').select('record_id').where('barcode', '=', 'CAT-FREE-1').executeTakeFirst(),
    ).toBeUndefined();
    const [row] = (await auditOf('catalogue.delete')).filter((a) => a.target === `record ${free}`);
    expect(row).toMatchObject({ before: { title: '可以删除的书', copies: 1 }, after: null });
    const again = await call(ApiPath.catalogueDelete, { recordId: free });
    expect(again.errCode).toBe(CatalogueAdminErrCode.noSuchRecord);
  });
});
