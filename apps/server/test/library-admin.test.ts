import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  LibraryAdminErrCode,
  StaffErrCode,
  type DictResponse,
  type ItemsByLibrary,
  type LibraryTree,
  type LoanPolicies,
  type SavedLoanPolicy,
  type SavedPlace,
  type UserLoanRules,
} from '@openfind/contract';
import { t as text } from '../src/http/messages.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { day, makeReaderWith, makeRecords, makeTenant, signIn, type MadeTenant } from './support/factories.js';
import { makeStaff, staffHeader } from './support/staff.js';

/**
 * Issue 28, libraries and circulation policies: the tree of libraries, campuses and locations
 * (add, rename in three languages, reorder, the main library, delete only what nothing uses), the
 * loan policies (validation, the default row kept), a change made from an old version refused, the
 * audit rows, and what readers see after a change (cached names forgotten at once; a new loan due by
 * the new policy).
 */

let t: TestApp;
let home: MadeTenant;
let admin: Record<string, string>;
let serial = 0;

beforeAll(async () => {
  // Caching on, as in production: a rename must reach readers through the cached dictionaries.
  t = await createTestApp({ seed: false, auth: TEST_AUTH, cacheMs: 60_000 });
  home = await makeTenant(t, { libraries: 'demo' });
  admin = await staffHeader(t, await makeStaff(t, home.id, { role: 'admin' }));
});
afterAll(async () => t?.close());

type Lang = CallOptions['lang'];

async function call<T>(
  url: string,
  input: Record<string, unknown> | undefined,
  opts: { headers?: Record<string, string>; lang?: Lang; to?: MadeTenant; method?: 'GET' | 'POST' } = {},
) {
  const method = opts.method ?? 'POST';
  const res = await t.call({
    url,
    method,
    mappingPath: (opts.to ?? home).mappingPath,
    lang: opts.lang,
    headers: opts.headers ?? admin,
    ...(method === 'GET' ? { query: (input ?? {}) as Record<string, string> } : { body: input ?? {} }),
  });
  return { status: res.statusCode, ...envelopeOf<T>(res) };
}

const tree = (opts: { to?: MadeTenant; headers?: Record<string, string>; lang?: Lang } = {}) =>
  call<LibraryTree>(ApiPath.libraryTree, undefined, { ...opts, method: 'GET' });
const policies = (opts: { to?: MadeTenant; headers?: Record<string, string> } = {}) =>
  call<LoanPolicies>(ApiPath.loanPolicies, undefined, { ...opts, method: 'GET' });

/** A fresh institution with its own administrator (one library L<n>, campus 1, location 1). */
async function institution() {
  const tenant = await makeTenant(t);
  const headers = await staffHeader(t, await makeStaff(t, tenant.id, { role: 'admin' }));
  return { tenant, headers, opts: { to: tenant, headers } };
}

const libraryOf = (tr: LibraryTree, code: string) => tr.libraries.find((l) => l.libCode === code)!;
const locationOf = (tr: LibraryTree, code: string) =>
  tr.libraries.flatMap((l) => l.campuses.flatMap((c) => c.locations)).find((o) => o.locationId === code)!;

async function auditOf(tenantId: number, target: string) {
  return (await t.services.staff.auditLog(tenantId, 500)).filter((r) => r.target === target);
}

describe('the tree', () => {
  it('lists libraries, campuses and locations in order, names in every language, and the location types', async () => {
    const r = await tree();
    expect(r.success, r.message).toBe(true);
    expect(r.data.libraries.map((l) => l.libCode)).toEqual(['OFU', 'OFU-MED']);
    const ofu = libraryOf(r.data, 'OFU');
    expect(ofu).toMatchObject({ name: '示范大学图书馆', nameTw: '示範大學圖書館', nameEn: 'Demo University Library' });
    expect(ofu.isMain).toBe(true);
    expect(ofu.campuses.map((c) => c.campusId)).toEqual(['1', '2']);
    expect(ofu.campuses[0]!.locations.map((o) => o.locationId)).toEqual([
      '101',
      '102',
      '103',
      '104',
      '105',
      '106',
      '107',
    ]);
    expect(locationOf(r.data, '101')).toMatchObject({ locationTypeCode: '1', entrust: true, subscribe: true });
    expect(r.data.locationTypes.length).toBeGreaterThan(0);
    expect(typeof ofu.version).toBe('string');
  });

  it('is for administrators only', async () => {
    const desk = await staffHeader(t, await makeStaff(t, home.id, { role: 'staff' }));
    const r = await tree({ headers: desk });
    expect(r.status).toBe(403);
    expect(r.errCode).toBe(StaffErrCode.roleTooLow);
  });
});

describe('adding and changing places', () => {
  it('adds a library, a campus and a location, each at the end of its level, with audit rows', async () => {
    const { tenant, opts } = await institution();
    const lib = await call<SavedPlace>(ApiPath.saveLibrary, { libCode: 'BR-1', name: '分馆', nameEn: 'Branch' }, opts);
    expect(lib.success, lib.message).toBe(true);
    expect(lib.data).toMatchObject({ kind: 'library', code: 'BR-1', added: true });
    expect(lib.message).toBe(text('zh-CN', 'libraryAdminAdded', { code: 'BR-1' }));
    const campus = await call<SavedPlace>(
      ApiPath.saveCampus,
      { campusId: 'C9', libCode: 'BR-1', name: '南校区' },
      opts,
    );
    expect(campus.success, campus.message).toBe(true);
    const types = (await tree(opts)).data.locationTypes;
    const loc = await call<SavedPlace>(
      ApiPath.saveLocation,
      { locationId: 'S-1', campusId: 'C9', locationTypeCode: types[0]!.code, name: '书库', entrust: true },
      opts,
    );
    expect(loc.success, loc.message).toBe(true);
    const r = (await tree(opts)).data;
    expect(r.libraries.map((l) => l.libCode).at(-1)).toBe('BR-1');
    const branch = libraryOf(r, 'BR-1');
    expect(branch.isMain).toBe(false);
    expect(branch).toMatchObject({ name: '分馆', nameEn: 'Branch', nameTw: '' });
    expect(branch.campuses[0]!.locations[0]).toMatchObject({ locationId: 'S-1', entrust: true, subscribe: false });
    const rows = await auditOf(tenant.id, 'library BR-1');
    expect(rows.map((a) => a.action)).toEqual(['library.add']);
    expect(rows[0]!.before).toBeNull();
    expect(rows[0]!.after).toMatchObject({ lib_code: 'BR-1', name: '分馆' });
    expect((await auditOf(tenant.id, 'location S-1')).map((a) => a.action)).toEqual(['location.add']);
  });

  it('checks codes: the character set, the length, unique in the institution in any case', async () => {
    const { opts } = await institution();
    const own = (await tree(opts)).data.libraries[0]!.libCode;
    for (const libCode of ['', 'a b', '-x', 'x'.repeat(33), '馆', 'a/b']) {
      const r = await call(ApiPath.saveLibrary, { libCode, name: '馆' }, opts);
      expect(r.errCode, libCode).toBe(LibraryAdminErrCode.codeInvalid);
    }
    const taken = await call(ApiPath.saveLibrary, { libCode: own.toLowerCase(), name: '馆' }, opts);
    expect(taken.errCode).toBe(LibraryAdminErrCode.codeTaken);
    const campusTaken = await call(ApiPath.saveCampus, { campusId: '1', libCode: own, name: '校区' }, opts);
    expect(campusTaken.errCode).toBe(LibraryAdminErrCode.codeTaken);
    // Another institution's codes are its own.
    const elsewhere = await call(ApiPath.saveLibrary, { libCode: 'OFU', name: '同代码' }, opts);
    expect(elsewhere.success, elsewhere.message).toBe(true);
    const noName = await call(ApiPath.saveLibrary, { libCode: 'NEW', name: '  ' }, opts);
    expect(noName.errCode).toBe(LibraryAdminErrCode.nameRequired);
    const badType = await call(
      ApiPath.saveLocation,
      { locationId: 'Z1', campusId: '1', locationTypeCode: 'nope', name: '区' },
      opts,
    );
    expect(badType.errCode).toBe(LibraryAdminErrCode.noSuchLocationType);
    const noCampus = await call(ApiPath.saveCampus, { campusId: 'C1', libCode: 'NOPE', name: '校区' }, opts);
    expect(noCampus.errCode).toBe(LibraryAdminErrCode.noSuchPlace);
    // Messages in the reader's language.
    const en = await call(ApiPath.saveLibrary, { libCode: 'a b', name: '馆' }, { ...opts, lang: 'en-US' });
    expect(en.message).toBe(text('en-US', 'libraryAdminCodeInvalid'));
    // Nothing half-written.
    expect((await tree(opts)).data.libraries.map((l) => l.libCode).sort()).toEqual([own, 'OFU'].sort());
  });

  it('renames a location in three languages, readers see it at once (the dictionaries and holdings)', async () => {
    const tenant = await makeTenant(t, { libraries: 'demo' });
    const headers = await staffHeader(t, await makeStaff(t, tenant.id, { role: 'admin' }));
    const [recordId] = await makeRecords(t, tenant.id, [{ items: [{ barcode: `RN${++serial}` }] }]);
    // Readers' calls fill the caches first.
    const dict = () => call<DictResponse>(ApiPath.dict, {}, { to: tenant, headers: {}, lang: 'en-US' });
    const holdings = () =>
      call<ItemsByLibrary>(ApiPath.groupItemsByLibCode, { recordId }, { to: tenant, headers: {}, lang: 'zh-TW' });
    expect((await dict()).data.locationId.find((l) => l.code === '101')!.name).toBe('Chinese Books (2F)');
    const before = await holdings();
    expect(JSON.stringify(before.data)).toContain('中文圖書借閱區（二樓）');

    const loc = locationOf((await tree({ to: tenant, headers })).data, '101');
    const saved = await call<SavedPlace>(
      ApiPath.saveLocation,
      { ...loc, name: '新书借阅区', nameTw: '新書借閱區', nameEn: 'New Books Room' },
      { to: tenant, headers },
    );
    expect(saved.success, saved.message).toBe(true);
    expect(saved.data.added).toBe(false);
    expect((await dict()).data.locationId.find((l) => l.code === '101')!.name).toBe('New Books Room');
    expect(JSON.stringify((await holdings()).data)).toContain('新書借閱區');
    const lib = libraryOf((await tree({ to: tenant, headers })).data, 'OFU-MED');
    await call(ApiPath.saveLibrary, { ...lib, nameEn: 'Health Sciences Library' }, { to: tenant, headers });
    expect((await dict()).data.libCode.find((l) => l.code === 'OFU-MED')!.name).toBe('Health Sciences Library');
    const rows = await auditOf(tenant.id, 'location 101');
    expect(rows[0]).toMatchObject({
      action: 'location.update',
      before: expect.objectContaining({ name_en: 'Chinese Books (2F)' }),
      after: expect.objectContaining({ name_en: 'New Books Room' }),
    });
  });

  it('makes one library the main one, and keeps one main library', async () => {
    const { opts } = await institution();
    await call(ApiPath.saveLibrary, { libCode: 'B', name: '分馆' }, opts);
    let r = (await tree(opts)).data;
    const main = r.libraries.find((l) => l.isMain)!;
    const unmark = await call(ApiPath.saveLibrary, { ...main, isMain: false }, opts);
    expect(unmark.errCode).toBe(LibraryAdminErrCode.mainRequired);
    const mark = await call(ApiPath.saveLibrary, { ...libraryOf(r, 'B'), isMain: true }, opts);
    expect(mark.success, mark.message).toBe(true);
    r = (await tree(opts)).data;
    expect(r.libraries.filter((l) => l.isMain).map((l) => l.libCode)).toEqual(['B']);
  });

  it('reorders a level, and refuses an order that does not name its rows as they are', async () => {
    const { tenant, opts } = await institution();
    for (const code of ['P2', 'P3'])
      await call(ApiPath.saveLocation, { locationId: code, campusId: '1', locationTypeCode: '1', name: code }, opts);
    const r = await call(ApiPath.reorderPlaces, { kind: 'location', parent: '1', codes: ['P3', '1', 'P2'] }, opts);
    expect(r.success, r.message).toBe(true);
    const campus = (await tree(opts)).data.libraries[0]!.campuses[0]!;
    expect(campus.locations.map((o) => o.locationId)).toEqual(['P3', '1', 'P2']);
    const stale = await call(ApiPath.reorderPlaces, { kind: 'location', parent: '1', codes: ['P2', 'P3'] }, opts);
    expect(stale.errCode).toBe(LibraryAdminErrCode.orderMismatch);
    const twice = await call(ApiPath.reorderPlaces, { kind: 'location', parent: '1', codes: ['P2', 'P2', 'P3'] }, opts);
    expect(twice.errCode).toBe(LibraryAdminErrCode.orderMismatch);
    const rows = await auditOf(tenant.id, 'campus 1');
    expect(rows[0]).toMatchObject({
      action: 'location.reorder',
      before: { order: ['1', 'P2', 'P3'] },
      after: { order: ['P3', '1', 'P2'] },
    });
  });
});

describe('two tabs', () => {
  it('refuses a change made from a version someone changed in between, and keeps the first', async () => {
    const { tenant, opts } = await institution();
    const read = locationOf((await tree(opts)).data, '1');
    const first = await call(ApiPath.saveLocation, { ...read, name: '第一个标签页' }, opts);
    expect(first.success, first.message).toBe(true);
    const second = await call(ApiPath.saveLocation, { ...read, name: '第二个标签页' }, opts);
    expect(second.success).toBe(false);
    expect(second.errCode).toBe(LibraryAdminErrCode.conflict);
    expect(second.message).toBe(text('zh-CN', 'libraryAdminConflict', { code: '1' }));
    expect(locationOf((await tree(opts)).data, '1').name).toBe('第一个标签页');
    // A delete made from the old version is refused too.
    const del = await call(ApiPath.deletePlace, { kind: 'location', code: '1', version: read.version }, opts);
    expect(del.errCode).toBe(LibraryAdminErrCode.conflict);
    expect((await auditOf(tenant.id, 'location 1')).map((a) => a.action)).toEqual(['location.update']);
  });

  it('refuses a change of a row deleted in between', async () => {
    const { opts } = await institution();
    await call(ApiPath.saveLocation, { locationId: 'GONE', campusId: '1', locationTypeCode: '1', name: '临时' }, opts);
    const read = locationOf((await tree(opts)).data, 'GONE');
    const del = await call(ApiPath.deletePlace, { kind: 'location', code: 'GONE', version: read.version }, opts);
    expect(del.success, del.message).toBe(true);
    const edit = await call(ApiPath.saveLocation, { ...read, name: '改名' }, opts);
    expect(edit.errCode).toBe(LibraryAdminErrCode.conflict);
  });
});

describe('deleting', () => {
  it('refuses a location with copies, a campus with locations, a library in use, saying what uses it', async () => {
    const { tenant, headers, opts } = await institution();
    await makeRecords(t, tenant.id, [{ items: [{ barcode: `DL${++serial}` }, { barcode: `DL${++serial}` }] }]);
    const r = (await tree(opts)).data;
    const lib = r.libraries[0]!;
    const loc = lib.campuses[0]!.locations[0]!;
    const locDel = await call(
      ApiPath.deletePlace,
      { kind: 'location', code: loc.locationId, version: loc.version },
      opts,
    );
    expect(locDel.errCode).toBe(LibraryAdminErrCode.inUse);
    expect(locDel.message).toBe(
      text('zh-CN', 'libraryAdminInUse', {
        code: loc.locationId,
        uses: text('zh-CN', 'libraryAdminUseCopies', { n: 2 }),
      }),
    );
    const campusDel = await call(
      ApiPath.deletePlace,
      { kind: 'campus', code: '1', version: lib.campuses[0]!.version },
      { ...opts, lang: 'en-US' },
    );
    expect(campusDel.errCode).toBe(LibraryAdminErrCode.inUse);
    expect(campusDel.message).toContain('1 location(s) in it');
    expect(campusDel.message).toContain('2 copies');

    // A branch used by a staff account, an open request and a reader.
    await call(ApiPath.saveLibrary, { libCode: 'BR', name: '分馆' }, opts);
    await makeStaff(t, tenant.id, { role: 'staff', libCodes: ['BR'] });
    const reader = await makeReaderWith(t, tenant.id, { libCode: 'BR' });
    const [recordId] = await makeRecords(t, tenant.id, [{ items: [{ barcode: `DL${++serial}` }] }]);
    await t.services.requests.place(tenant.id, reader, {
      recordId,
      requestType: 'reserve',
      pickupLibCode: 'BR',
      contactPhone: '',
    });
    const br = libraryOf((await tree(opts)).data, 'BR');
    const brDel = await call(
      ApiPath.deletePlace,
      { kind: 'library', code: 'BR', version: br.version },
      {
        ...opts,
        lang: 'en-US',
      },
    );
    expect(brDel.errCode).toBe(LibraryAdminErrCode.inUse);
    for (const use of [
      'staff account(s) limited to it',
      'open request(s) picked up there',
      'reader(s) registered at it',
    ])
      expect(brDel.message).toContain(use);
    // The main library while others exist.
    const mainDel = await call(
      ApiPath.deletePlace,
      { kind: 'library', code: lib.libCode, version: lib.version },
      {
        ...opts,
        lang: 'en-US',
      },
    );
    expect(mainDel.message).toContain('main library');
    // Nothing was deleted, nothing audited.
    expect((await tree({ to: tenant, headers })).data.libraries).toHaveLength(2);
    expect((await t.services.staff.auditLog(tenant.id, 500)).filter((a) => a.action.endsWith('.delete'))).toEqual([]);
  });

  it('deletes what nothing uses, with its audit row', async () => {
    const { tenant, opts } = await institution();
    await call(ApiPath.saveLibrary, { libCode: 'TMP', name: '临时馆' }, opts);
    await call(ApiPath.saveCampus, { campusId: 'TC', libCode: 'TMP', name: '临时校区' }, opts);
    const campus = libraryOf((await tree(opts)).data, 'TMP').campuses[0]!;
    const c = await call(ApiPath.deletePlace, { kind: 'campus', code: 'TC', version: campus.version }, opts);
    expect(c.success, c.message).toBe(true);
    const lib = libraryOf((await tree(opts)).data, 'TMP');
    const l = await call(ApiPath.deletePlace, { kind: 'library', code: 'TMP', version: lib.version }, opts);
    expect(l.success, l.message).toBe(true);
    expect(libraryOf((await tree(opts)).data, 'TMP')).toBeUndefined();
    const rows = await auditOf(tenant.id, 'library TMP');
    expect(rows.map((a) => a.action).sort()).toEqual(['library.add', 'library.delete']);
    expect(rows.find((a) => a.action === 'library.delete')!.before).toMatchObject({ lib_code: 'TMP', name: '临时馆' });
  });
});

describe('loan policies', () => {
  const values = {
    loanDays: 45,
    maxLoans: 20,
    maxRenewals: 2,
    renewalDays: 30,
    renewWindowDays: 7,
    renewWhenOverdue: false,
    maxRequests: 5,
    holdShelfDays: 7,
    finePerDayCents: 10,
    maxFineCents: 5000,
    suspendDaysPerDay: 0,
    fineLimitCents: 1000,
    maxRelends: 2,
  };

  it('shows the default row even before it is stored, and the readers’ types', async () => {
    const { tenant, opts } = await institution();
    await makeReaderWith(t, tenant.id, { readerType: '研究生' });
    await makeReaderWith(t, tenant.id, { readerType: '研究生' });
    await makeReaderWith(t, tenant.id, { readerType: '教师' });
    const r = await policies(opts);
    expect(r.success, r.message).toBe(true);
    expect(r.data.policies).toHaveLength(1);
    expect(r.data.policies[0]).toMatchObject({ readerType: '', circAttr: '', loanDays: 30, version: null });
    expect(r.data.readerTypes).toEqual([
      { readerType: '研究生', readers: 2 },
      { readerType: '教师', readers: 1 },
    ]);
    // Storing it: a save without a version.
    const saved = await call<SavedLoanPolicy>(
      ApiPath.saveLoanPolicy,
      { ...values, readerType: '', circAttr: '' },
      opts,
    );
    expect(saved.success, saved.message).toBe(true);
    expect(saved.message).toBe(text('zh-CN', 'libraryAdminPolicySaved'));
    expect((await policies(opts)).data.policies[0]).toMatchObject({ loanDays: 45, version: saved.data.version });
  });

  it('validates values: ranges, a renewal window no longer than the loan', async () => {
    const { opts } = await institution();
    for (const bad of [{ loanDays: 0 }, { loanDays: 3651 }, { maxLoans: 1000 }, { maxLoans: -1 }, { loanDays: 1.5 }]) {
      const r = await call(ApiPath.saveLoanPolicy, { ...values, readerType: '学生', ...bad }, opts);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    const window = await call(
      ApiPath.saveLoanPolicy,
      { ...values, readerType: '学生', loanDays: 5, renewWindowDays: 6 },
      { ...opts, lang: 'en-US' },
    );
    expect(window.errCode).toBe(LibraryAdminErrCode.policyInconsistent);
    expect(window.message).toBe(text('en-US', 'libraryAdminRenewWindow', { window: 6, loanDays: 5 }));
    expect((await policies(opts)).data.policies).toHaveLength(1);
  });

  it('adds, changes and deletes a policy; never the default; a second add or a stale change is refused', async () => {
    const { tenant, opts } = await institution();
    const add = await call<SavedLoanPolicy>(
      ApiPath.saveLoanPolicy,
      { ...values, readerType: '教师', circAttr: '0' },
      opts,
    );
    expect(add.success, add.message).toBe(true);
    const again = await call(ApiPath.saveLoanPolicy, { ...values, readerType: '教师', circAttr: '0' }, opts);
    expect(again.errCode).toBe(LibraryAdminErrCode.policyExists);
    const change = await call<SavedLoanPolicy>(
      ApiPath.saveLoanPolicy,
      { ...values, readerType: '教师', circAttr: '0', loanDays: 90, version: add.data.version },
      opts,
    );
    expect(change.success, change.message).toBe(true);
    const stale = await call(
      ApiPath.saveLoanPolicy,
      { ...values, readerType: '教师', circAttr: '0', loanDays: 10, version: add.data.version },
      opts,
    );
    expect(stale.errCode).toBe(LibraryAdminErrCode.conflict);
    const staleDelete = await call(
      ApiPath.deleteLoanPolicy,
      { readerType: '教师', circAttr: '0', version: add.data.version },
      opts,
    );
    expect(staleDelete.errCode).toBe(LibraryAdminErrCode.conflict);
    const del = await call(
      ApiPath.deleteLoanPolicy,
      { readerType: '教师', circAttr: '0', version: change.data.version },
      opts,
    );
    expect(del.success, del.message).toBe(true);
    const def = await call(ApiPath.deleteLoanPolicy, { readerType: '', circAttr: '', version: 'x' }, opts);
    expect(def.errCode).toBe(LibraryAdminErrCode.defaultPolicy);
    const missing = await call(ApiPath.deleteLoanPolicy, { readerType: '教师', circAttr: '0', version: 'x' }, opts);
    expect(missing.errCode).toBe(LibraryAdminErrCode.noSuchPolicy);
    const rows = await auditOf(tenant.id, 'policy 教师 × 0');
    expect(rows.map((a) => a.action).sort()).toEqual(['policy.add', 'policy.delete', 'policy.update']);
    const update = rows.find((a) => a.action === 'policy.update')!;
    expect(update.before).toMatchObject({ loanDays: 45 });
    expect(update.after).toMatchObject({ loanDays: 90 });
  });

  it('a changed loan period is what the next loan is due by, and what the reader is told', async () => {
    const { tenant, opts, headers } = await institution();
    const reader = await makeReaderWith(t, tenant.id, { readerType: '访问学者' });
    const barcodes = [`LP${++serial}`, `LP${++serial}`];
    await makeRecords(t, tenant.id, [{ items: [{ barcode: barcodes[0]! }] }, { items: [{ barcode: barcodes[1]! }] }]);
    const lend = (barcode: string) =>
      call<{ dueDate: string }>(ApiPath.deskCheckout, { reader: reader.account, barcode }, { to: tenant, headers });
    const first = await lend(barcodes[0]!);
    expect(first.success, first.message).toBe(true);
    expect(first.data.dueDate).toBe(day(30));
    const add = await call(ApiPath.saveLoanPolicy, { ...values, readerType: '访问学者', loanDays: 14 }, opts);
    expect(add.success, add.message).toBe(true);
    const second = await lend(barcodes[1]!);
    expect(second.data.dueDate).toBe(day(14));
    // The loan made before keeps its due date.
    const loans = await t.db.kysely
      .selectFrom('loan_event')
      .select(sql<string>`to_char(due_date, 'YYYY-MM-DD')`.as('due'))
      .where('tenant_id', '=', tenant.id)
      .where('reader_id', '=', reader.id)
      .orderBy('id')
      .execute();
    expect(loans.map((l) => l.due)).toEqual([day(30), day(14)]);
    const rules = await call<UserLoanRules>(ApiPath.userLoanRules, undefined, {
      to: tenant,
      headers: await signIn(t, tenant, reader),
      method: 'GET',
    });
    expect(rules.data.rules).toMatchObject({ loanDays: 14, maxLoans: 20 });
  });
});

describe('walls', () => {
  it('an administrator of one institution cannot touch another’s places or policies', async () => {
    const { opts } = await institution();
    const ofu = libraryOf((await tree()).data, 'OFU');
    // Its own institution has no OFU-MED: the change is not made anywhere.
    const lib = libraryOf((await tree()).data, 'OFU-MED');
    const r = await call(ApiPath.saveLibrary, { ...lib, name: '越界' }, opts);
    expect(r.success).toBe(false);
    expect(libraryOf((await tree()).data, 'OFU-MED').name).toBe('医学分馆');
    const del = await call(ApiPath.deletePlace, { kind: 'library', code: 'OFU', version: ofu.version }, opts);
    expect(del.errCode).toBe(LibraryAdminErrCode.noSuchPlace);
    expect(libraryOf((await tree()).data, 'OFU')).toBeDefined();
  });
});
