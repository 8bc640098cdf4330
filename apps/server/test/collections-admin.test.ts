import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  CollectionAdminErrCode,
  CollectionErrCode,
  StaffErrCode,
  type AdminPackage,
  type AdminPackageList,
  type AdminPackageListed,
  type AdminPackageRecords,
  type PackageList,
  type RecordPageOf,
} from '@openfind/contract';
import { addPackageRecords, upsertPackage } from '../src/modules/collections/collection-repository.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { makeReader, makeRecords, makeTenant, signIn, type MadeTenant } from './support/factories.js';
import { makeStaff, staffHeader } from './support/staff.js';

/**
 * The console's special collections and special libraries (`/find/admin/collections/*`): every
 * package listed (hidden ones too), created and changed with the version read, the parent rule of
 * child bases, the rule fields, records listed and unlisted by hand, deleting (not a special library
 * with child bases), audit rows, translated errors, and the walls: readers, visitors and another
 * institution's staff refused or seeing nothing.
 */

type Lang = CallOptions['lang'];

let t: TestApp;
let home: MadeTenant;
let other: MadeTenant;
let staff: Record<string, string>;
let recs: number[];
let foreignRecord: number;
let ids: { minguo: number; base: number; child: number; draft: number; foreign: number };

async function call<T>(
  url: string,
  input: Record<string, unknown>,
  o: { lang?: Lang; to?: MadeTenant; get?: boolean; headers?: Record<string, string> } = {},
) {
  const res = await t.call({
    url,
    mappingPath: (o.to ?? home).mappingPath,
    lang: o.lang,
    headers: o.headers ?? staff,
    ...(o.get ? { query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])) } : { body: input }),
  });
  return { status: res.statusCode, ...envelopeOf<T>(res) };
}
const list = async (kind: 'collection' | 'base', o: Parameters<typeof call>[2] = {}) =>
  call<AdminPackageList>(ApiPath.adminPackages, { kind }, { ...o, get: true });
const one = async (id: number, kind: 'collection' | 'base' = 'collection', o: Parameters<typeof call>[2] = {}) =>
  (await list(kind, o)).data!.find((p) => p.id === id)!;
/** A save's input from a package as listed, with changes. */
const saving = (p: AdminPackage, change: Record<string, unknown> = {}) => ({
  id: p.id,
  version: p.version,
  code: p.code,
  parentId: p.parentId ?? 0,
  name: p.name,
  nameTw: p.nameTw,
  nameEn: p.nameEn,
  description: p.description,
  descriptionTw: p.descriptionTw,
  descriptionEn: p.descriptionEn,
  coverUrl: p.coverUrl,
  ruleKind: p.ruleKind ?? '',
  ruleValue: p.ruleValue,
  seq: p.seq,
  hidden: p.hidden,
  ...change,
});
/** The audit rows of an action, of one institution when `tenantId` is given. */
const audits = (action: string, tenantId?: number) =>
  t.db.kysely
    .selectFrom('audit_log')
    .select(['action', 'target', 'tenant_id'])
    .where('action', '=', action)
    .$if(tenantId !== undefined, (q) => q.where('tenant_id', '=', tenantId!))
    .execute();
const pkg = (tenantId: number, p: Partial<Parameters<typeof upsertPackage>[2]> & { code: string; name: string }) =>
  upsertPackage(t.db.kysely, tenantId, { kind: 'collection', parentId: null, ...p });
/**
 * An institution of a test's own, for tests that change its packages: its staff's call options, a
 * special collection MG listing 申报, a hidden HID, and 四川通志 (K297.1) for a rule to take.
 */
async function ownInstitution() {
  const tenant = await makeTenant(t);
  const as = { to: tenant, headers: await staffHeader(t, await makeStaff(t, tenant.id, { role: 'staff' })) };
  const [shenbao] = await makeRecords(t, tenant.id, [
    { title: '申报', clcClasses: ['K25'], callNumbers: ['K25/12'] },
    { title: '四川通志', clcClasses: ['K297.1'], callNumbers: ['K297.1/3'] },
  ]);
  const minguo = await pkg(tenant.id, { code: 'MG', name: '民国文献', seq: 1 });
  await addPackageRecords(t.db.kysely, tenant.id, minguo, [shenbao]);
  const draft = await pkg(tenant.id, { code: 'HID', name: '未发布馆藏', hidden: true, seq: 2 });
  return { tenant, as, minguo, draft };
}

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  home = await makeTenant(t);
  other = await makeTenant(t);
  staff = await staffHeader(t, await makeStaff(t, home.id, { role: 'staff' }));
  recs = [
    ...(await makeRecords(t, home.id, [
      { title: '申报', clcClasses: ['K25'], callNumbers: ['K25/12'] },
      { title: '四川通志', clcClasses: ['K297.1'], callNumbers: ['K297.1/3'] },
      { title: '深度学习', clcClasses: ['TP181'], callNumbers: ['TP181/9'] },
    ])),
  ];
  [foreignRecord] = await makeRecords(t, other.id, [{ title: '别馆之书' }]);
  const minguo = await pkg(home.id, { code: 'MG', name: '民国文献', seq: 1 });
  await addPackageRecords(t.db.kysely, home.id, minguo, [recs[0]!]);
  const draft = await pkg(home.id, { code: 'HID', name: '未发布馆藏', hidden: true, seq: 2 });
  const base = await pkg(home.id, { kind: 'base', code: 'SB', name: '科技特色库' });
  const child = await pkg(home.id, { kind: 'base', code: 'SB1', name: '人工智能', parentId: base });
  const foreign = await pkg(other.id, { code: 'MG', name: '别馆民国文献' });
  ids = { minguo, base, child, draft, foreign };
});
afterAll(async () => t?.close());

describe('listing', () => {
  it('lists every package of a kind, hidden ones too, children after their parent, with counts', async () => {
    const collections = (await list('collection')).data!;
    expect(collections.map((p) => [p.code, p.hidden, p.listedCount])).toEqual([
      ['MG', false, 1],
      ['HID', true, 0],
    ]);
    const bases = (await list('base')).data!;
    expect(bases.map((p) => [p.code, p.parentId, p.childCount])).toEqual([
      ['SB', null, 1],
      ['SB1', ids.base, 0],
    ]);
    expect(bases[0]!.version).toMatch(/^\d{20}$/);
  });
});

describe('saving', () => {
  it('changes names, description, order, hidden and rule with the version read; audited; readers see it', async () => {
    // Its own institution: the packages it changes are seen by no other test.
    const own = await ownInstitution();
    const before = await one(own.draft, 'collection', own.as);
    const saved = await call<AdminPackage>(
      ApiPath.adminPackageSave,
      saving(before, {
        name: '民国期刊',
        nameTw: '民國期刊',
        nameEn: 'Republican-era periodicals',
        description: '馆藏民国时期期刊',
        hidden: false,
        seq: 3,
        ruleKind: 'classPrefix',
        ruleValue: 'K29',
      }),
      { ...own.as, lang: 'en-US' },
    );
    expect(saved).toMatchObject({ success: true, message: 'Saved' });
    expect(saved.data).toMatchObject({ name: '民国期刊', hidden: false, seq: 3, ruleKind: 'classPrefix' });
    expect(saved.data!.version).not.toBe(before.version);
    // Readers now see it, in English, with the record its rule takes.
    const pub = await call<PackageList>(
      ApiPath.packageList,
      { kind: 'collection' },
      { to: own.tenant, headers: {}, lang: 'en-US' },
    );
    expect(pub.data!.map((p) => [p.name, p.recordCount])).toEqual([
      ['民国文献', 1],
      ['Republican-era periodicals', 1],
    ]);
    // The version read before is stale: refused, translated, nothing written.
    const stale = await call(ApiPath.adminPackageSave, saving(before, { name: '覆盖' }), { ...own.as, lang: 'zh-TW' });
    expect(stale).toMatchObject({ success: false, errCode: CollectionAdminErrCode.changedMeanwhile });
    expect(stale.message).toContain('他人修改');
    expect((await one(own.draft, 'collection', own.as)).name).toBe('民国期刊');
    expect(await audits('collection.save', own.tenant.id)).toEqual([
      { action: 'collection.save', target: `special_package ${own.draft}`, tenant_id: own.tenant.id },
    ]);
  });

  it('creates a package (id 0); a taken code is refused', async () => {
    // Its own institution: the package it makes is seen by no other test.
    const own = await ownInstitution();
    const created = await call<AdminPackage>(
      ApiPath.adminPackageSave,
      { id: 0, kind: 'collection', code: 'XY', name: '校友文库', hidden: true, coverUrl: '/covers/xy.jpg' },
      own.as,
    );
    expect(created.data).toMatchObject({ kind: 'collection', code: 'XY', name: '校友文库', hidden: true });
    expect(await audits('collection.create', own.tenant.id)).toHaveLength(1);
    const taken = await call(ApiPath.adminPackageSave, { id: 0, code: 'mg', name: '重复' }, own.as);
    expect(taken).toMatchObject({ success: false, errCode: CollectionAdminErrCode.codeTaken });
    expect(taken.message).toContain('mg');
    // Another institution's code is not ours: MG exists there, XY does not; ours may still be XY.
    expect((await list('collection', own.as)).data!.map((p) => p.code)).toEqual(['MG', 'HID', 'XY']);
  });

  it('puts a child base only under a top-level special library of the institution', async () => {
    const bases = (await list('base')).data!;
    const base = bases.find((p) => p.id === ids.base)!;
    const child = bases.find((p) => p.id === ids.child)!;
    const minguo = await one(ids.minguo);
    const refusals = [
      saving(minguo, { parentId: ids.base }), // a collection cannot have a parent
      saving(child, { parentId: ids.child }), // not itself
      saving(base, { parentId: ids.child }), // a base with children cannot become a child; nor under a child
      saving(child, { parentId: ids.minguo }), // a collection is no parent
      saving(child, { parentId: ids.foreign }), // another institution's package
      saving(child, { parentId: 999_999 }),
    ];
    for (const input of refusals)
      expect(await call(ApiPath.adminPackageSave, input)).toMatchObject({
        success: false,
        errCode: CollectionAdminErrCode.badParent,
      });
    // Moved to the top level, then back under its base.
    const top = await call<AdminPackage>(ApiPath.adminPackageSave, saving(child, { parentId: 0 }));
    expect(top.data!.parentId).toBeNull();
    const back = await call<AdminPackage>(ApiPath.adminPackageSave, saving(top.data!, { parentId: ids.base }));
    expect(back.data!.parentId).toBe(ids.base);
  });

  it('refuses a rule without a value, a cover that is no address, and malformed input (400), never a 500', async () => {
    const minguo = await one(ids.minguo);
    const noValue = await call(ApiPath.adminPackageSave, saving(minguo, { ruleKind: 'subject', ruleValue: '' }));
    expect(noValue).toMatchObject({ success: false, errCode: CollectionAdminErrCode.invalid });
    const cover = await call(ApiPath.adminPackageSave, saving(minguo, { coverUrl: 'javascript:alert(1)' }));
    expect(cover).toMatchObject({ success: false, errCode: CollectionAdminErrCode.invalid });
    for (const bad of [
      { code: 'bad code!' },
      { name: '' },
      { ruleKind: 'regex' },
      { seq: -1 },
      { name: 'x'.repeat(101) },
      { id: 'x' },
    ])
      expect((await call(ApiPath.adminPackageSave, saving(minguo, bad))).status).toBe(400);
    expect((await one(ids.minguo)).version).toBe(minguo.version);
  });
});

describe('deleting', () => {
  it('an administrator deletes a collection read at its version: its records unlisted, the catalogue keeps them', async () => {
    const own = await ownInstitution();
    const admin = {
      to: own.tenant,
      headers: await staffHeader(t, await makeStaff(t, own.tenant.id, { role: 'admin' })),
    };
    const minguo = await one(own.minguo, 'collection', own.as);
    // Staff hide a package; deleting is the administrators' (as the content screen's other deletes).
    const byStaff = await call(ApiPath.adminPackageDelete, { id: own.minguo, version: minguo.version }, own.as);
    expect(byStaff).toMatchObject({ status: 403, errCode: StaffErrCode.roleTooLow });
    const stale = await call(ApiPath.adminPackageDelete, { id: own.minguo, version: '20000101000000000000' }, admin);
    expect(stale).toMatchObject({ success: false, errCode: CollectionAdminErrCode.changedMeanwhile });
    const deleted = await call(
      ApiPath.adminPackageDelete,
      { id: own.minguo, version: minguo.version },
      {
        ...admin,
        lang: 'en-US',
      },
    );
    expect(deleted).toMatchObject({ success: true, data: { id: own.minguo, unlistedCount: 1 } });
    expect(deleted.message).toContain('1 listed title');
    expect((await list('collection', own.as)).data!.map((p) => p.code)).toEqual(['HID']);
    const listed = await t.db.kysely
      .selectFrom('special_package_record')
      .select('record_id')
      .where('tenant_id', '=', own.tenant.id)
      .execute();
    expect(listed).toEqual([]);
    const records = await t.db.kysely
      .selectFrom('bib_record')
      .select('title')
      .where('tenant_id', '=', own.tenant.id)
      .orderBy('title')
      .execute();
    expect(records.map((r) => r.title).sort()).toEqual(['四川通志', '申报'].sort());
    const pub = await call(ApiPath.packageDetail, { id: own.minguo }, { to: own.tenant, headers: {}, get: true });
    expect(pub.errCode).toBe(CollectionErrCode.noSuchPackage);
    expect(await audits('collection.delete', own.tenant.id)).toEqual([
      { action: 'collection.delete', target: `special_package ${own.minguo}`, tenant_id: own.tenant.id },
    ]);
    const again = await call(ApiPath.adminPackageDelete, { id: own.minguo, version: minguo.version }, admin);
    expect(again.errCode).toBe(CollectionErrCode.noSuchPackage);
  });

  it('refuses a special library with child bases (translated); once its child is gone, it goes', async () => {
    const own = await ownInstitution();
    const admin = {
      to: own.tenant,
      headers: await staffHeader(t, await makeStaff(t, own.tenant.id, { role: 'admin' })),
    };
    const base = await pkg(own.tenant.id, { kind: 'base', code: 'SB', name: '科技特色库' });
    const child = await pkg(own.tenant.id, { kind: 'base', code: 'SB1', name: '人工智能', parentId: base });
    const [b, c] = [await one(base, 'base', own.as), await one(child, 'base', own.as)];
    const refused = await call(
      ApiPath.adminPackageDelete,
      { id: base, version: b.version },
      { ...admin, lang: 'zh-TW' },
    );
    expect(refused).toMatchObject({ success: false, errCode: CollectionAdminErrCode.hasChildren });
    expect(refused.message).toContain('1 個子庫');
    expect((await list('base', own.as)).data!.map((p) => p.code)).toEqual(['SB', 'SB1']);
    expect((await call(ApiPath.adminPackageDelete, { id: child, version: c.version }, admin)).success).toBe(true);
    expect((await call(ApiPath.adminPackageDelete, { id: base, version: b.version }, admin)).success).toBe(true);
    expect((await list('base', own.as)).data).toEqual([]);
  });

  it('refuses another institution’s package and malformed input (400)', async () => {
    const own = await ownInstitution();
    const theirs = await ownInstitution();
    const admin = {
      to: own.tenant,
      headers: await staffHeader(t, await makeStaff(t, own.tenant.id, { role: 'admin' })),
    };
    const their = await one(theirs.minguo, 'collection', theirs.as);
    const foreign = await call(ApiPath.adminPackageDelete, { id: theirs.minguo, version: their.version }, admin);
    expect(foreign.errCode).toBe(CollectionErrCode.noSuchPackage);
    expect((await one(theirs.minguo, 'collection', theirs.as)).version).toBe(their.version);
    for (const bad of [{ id: own.minguo }, { id: 'x', version: '' }, { id: own.minguo, version: 'v'.repeat(41) }])
      expect((await call(ApiPath.adminPackageDelete, bad, admin)).status).toBe(400);
  });
});

describe('listed records', () => {
  it('adds a record at the end once, removes it, audited; readers see the change', async () => {
    const added = await call<AdminPackageListed>(ApiPath.adminPackageRecordAdd, { id: ids.minguo, recordId: recs[2]! });
    expect(added).toMatchObject({ success: true, data: { id: ids.minguo, listedCount: 2 } });
    const again = await call<AdminPackageListed>(ApiPath.adminPackageRecordAdd, { id: ids.minguo, recordId: recs[2]! });
    expect(again.data!.listedCount).toBe(2);
    const page = await call<AdminPackageRecords>(ApiPath.adminPackageRecords, { id: ids.minguo }, { get: true });
    expect(page.data!.list.map((r) => r.title)).toEqual(['申报', '深度学习']);
    const pub = await call<RecordPageOf>(ApiPath.packageRecords, { id: ids.minguo }, { headers: {} });
    expect(pub.data!.totalCount).toBe(2);
    const removed = await call<AdminPackageListed>(ApiPath.adminPackageRecordRemove, {
      id: ids.minguo,
      recordId: recs[0]!,
    });
    expect(removed.data!.listedCount).toBe(1);
    expect(await audits('collection.record.add')).toHaveLength(1);
    expect(await audits('collection.record.remove')).toHaveLength(1);
  });

  it('refuses another institution’s record, and a package of another institution', async () => {
    const foreign = await call(
      ApiPath.adminPackageRecordAdd,
      { id: ids.minguo, recordId: foreignRecord },
      { lang: 'en-US' },
    );
    expect(foreign).toMatchObject({ success: false, errCode: CollectionAdminErrCode.noSuchRecord });
    expect(foreign.message).toContain(String(foreignRecord));
    for (const [url, input] of [
      [ApiPath.adminPackageRecordAdd, { id: ids.foreign, recordId: recs[1]! }],
      [ApiPath.adminPackageRecordRemove, { id: ids.foreign, recordId: recs[1]! }],
      [ApiPath.adminPackageSave, { id: ids.foreign, version: '', code: 'MG', name: '改' }],
    ] as const)
      expect(await call(url, input)).toMatchObject({ success: false, errCode: CollectionErrCode.noSuchPackage });
    const records = await call(ApiPath.adminPackageRecords, { id: ids.foreign }, { get: true });
    expect(records.errCode).toBe(CollectionErrCode.noSuchPackage);
    const theirs = await t.db.kysely
      .selectFrom('special_package')
      .select(['name'])
      .where('id', '=', ids.foreign)
      .executeTakeFirstOrThrow();
    expect(theirs.name).toBe('别馆民国文献');
  });
});

describe('who may', () => {
  it('staff of another institution, readers and visitors are refused', async () => {
    const theirs = await staffHeader(t, await makeStaff(t, other.id, { role: 'admin' }));
    // Their staff on our address: refused; on their own: only their packages.
    expect((await list('collection', { headers: theirs })).errCode).toBe(StaffErrCode.otherInstitution);
    expect((await list('collection', { headers: theirs, to: other })).data!.map((p) => p.code)).toEqual(['MG']);
    const reader = await makeReader(t, home.id);
    const readerHeaders = await signIn(t, home, reader);
    expect((await list('collection', { headers: readerHeaders })).status).toBe(403);
    expect((await list('collection', { headers: {} })).status).toBe(401);
    expect(
      (await call(ApiPath.adminPackageRecordAdd, { id: ids.minguo, recordId: recs[1]! }, { headers: {} })).status,
    ).toBe(401);
  });
});
