import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarcJson } from '@openfind/marc';
import {
  ApiPath,
  StaffErrCode,
  SubjectErrCode,
  type AdminResearcherList,
  type DecideWorkOutcome,
  type ResearcherDetail,
  type ResearcherWorks,
} from '@openfind/contract';
import { t as message } from '../src/http/messages.js';
import {
  saveThesisPolicy,
  upsertDepartments,
  upsertResearchers,
} from '../src/modules/subject-services/subject-repository.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { makeReader, makeRecords, makeTenant, signIn, type MadeTenant } from './support/factories.js';
import { makeStaff, staffHeader } from './support/staff.js';

/**
 * The console's researchers (issue 30): the researchers with their works counted by state, each
 * work with why the rule lists it, and the decisions on them — a work the rule missed added by
 * hand, the same decision twice (a double click, a second tab) changing nothing, staff only and
 * their own institution only. Every test has an institution of its own.
 */

let t: TestApp;
afterAll(async () => t?.close());
beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
});

const marc = (fields: Array<Record<string, unknown>>): MarcJson =>
  ({ leader: '00000nam a2200000 a 4500', fields }) as unknown as MarcJson;
const f = (tag: string, subs: Array<[string, string]>) => ({
  [tag]: { ind1: ' ', ind2: ' ', subfields: subs.map(([c, v]) => ({ [c]: v })) },
});

type As = { to: MadeTenant; headers?: Record<string, string>; lang?: CallOptions['lang'] };

async function call<T>(path: string, input: Record<string, unknown>, as: As, get = false) {
  const res = await t.call({
    url: path,
    mappingPath: as.to.mappingPath,
    lang: as.lang,
    headers: as.headers,
    ...(get ? { query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])) } : { body: input }),
  });
  return { status: res.statusCode, ...envelopeOf<T>(res) };
}

/**
 * An institution of the test's own (测试大学): two departments, 王晓明 (computing) and 陈志强
 * (mathematics); his book naming the university, his English book under the pinyin form, a
 * namesake's book elsewhere (possible only), and a book of his the rule cannot find (another name
 * form); its staff's call options.
 */
async function institution() {
  const tenant = await makeTenant(t, { name: '测试大学图书馆' });
  const db = t.db.kysely;
  // What the university's records call it in English.
  await saveThesisPolicy(db, tenant.id, { default_access: 'campus', institution_names: ['Test University'] });
  const dept = (code: string, name: string, nameEn: string, seq: number) => ({
    code,
    name,
    nameTw: name,
    nameEn,
    description: '',
    descriptionEn: '',
    discode1: [],
    clcClasses: [],
    liaisonName: '',
    liaisonEmail: '',
    liaisonPhone: '',
    seq,
  });
  await upsertDepartments(db, tenant.id, [
    dept('CS', '计算机学院', 'School of Computing', 0),
    dept('MATH', '数学学院', 'School of Mathematics', 1),
  ]);
  const person = (code: string, name: string, nameEn: string, departmentCode: string, seq: number) => ({
    code,
    name,
    nameEn,
    departmentCode,
    title: '教授',
    fields: ['数据库'],
    orcid: '',
    homepage: '',
    nameVariants: [],
    seq,
  });
  await upsertResearchers(db, tenant.id, [
    person('T1', '王晓明', 'Wang Xiaoming', 'CS', 0),
    person('T2', '陈志强', 'Chen Zhiqiang', 'MATH', 1),
  ]);
  const [own, english, namesake, missed] = await makeRecords(t, tenant.id, [
    {
      title: '分布式数据库原理',
      authors: ['王晓明'],
      publishYear: '2020',
      marc: marc([
        f('100', [
          ['a', '王晓明'],
          ['u', '测试大学计算机学院'],
        ]),
      ]),
    },
    {
      title: 'Distributed Transactions',
      authors: ['Wang, Xiaoming,'],
      publishYear: '2022',
      marc: marc([
        f('100', [
          ['a', 'Wang, Xiaoming,'],
          ['u', 'Test University'],
        ]),
      ]),
    },
    {
      title: '王晓明散文选',
      authors: ['王晓明著'],
      publishYear: '2012',
      marc: marc([f('100', [['a', '王晓明']]), f('710', [['a', '上海作家协会']])]),
    },
    { title: '数据库教学札记', authors: ['晓明'], publishYear: '2015' },
  ] as never);
  const researchers = (await db
    .selectFrom('researcher' as never)
    .select(['id', 'code'] as never[])
    .where('tenant_id' as never, '=', tenant.id as never)
    .execute()) as Array<{ id: number; code: string }>;
  const departments = (await db
    .selectFrom('department' as never)
    .select(['id', 'code'] as never[])
    .where('tenant_id' as never, '=', tenant.id as never)
    .execute()) as Array<{ id: number; code: string }>;
  t.services.subjects.changed(tenant.id);
  const account = await makeStaff(t, tenant.id, { role: 'staff' });
  return {
    tenant,
    as: { to: tenant, headers: await staffHeader(t, account) } satisfies As,
    username: account.username,
    wang: researchers.find((r) => r.code === 'T1')!.id,
    chen: researchers.find((r) => r.code === 'T2')!.id,
    cs: departments.find((d) => d.code === 'CS')!.id,
    math: departments.find((d) => d.code === 'MATH')!.id,
    own: own!,
    english: english!,
    namesake: namesake!,
    missed: missed!,
  };
}

const decide = (as: As, researcherId: number, recordId: number, decision: string) =>
  call<DecideWorkOutcome>(ApiPath.adminDecideWork, { researcherId, recordId, decision }, as);
const worksOf = (as: As, id: number, more: Record<string, unknown> = {}) =>
  call<ResearcherWorks>(ApiPath.adminResearcherWorks, { id, ...more }, as, true);
const publicWorks = async (to: MadeTenant, id: number) =>
  (await call<ResearcherDetail>(ApiPath.researcherDetails, { id }, { to })).data.works.list.map((w) => w.recordId);
const audits = (tenantId: number) =>
  t.db.kysely
    .selectFrom('audit_log')
    .select(['action', 'target'])
    .where('tenant_id', '=', tenantId)
    .where('action', 'like', 'researcher.work.%')
    .execute();

describe('the researchers for the console', () => {
  it('lists them by words and department with their works counted by state, and the departments', async () => {
    const i = await institution();
    const all = await call<AdminResearcherList>(ApiPath.adminResearcherList, {}, i.as, true);
    expect(all.data.totalCount).toBe(2);
    expect(all.data.departments.map((d) => d.name)).toEqual(['计算机学院', '数学学院']);
    expect(all.data.list.find((r) => r.id === i.wang)).toMatchObject({
      code: 'T1',
      departmentName: '计算机学院',
      worksCount: 2,
      counts: { matched: 2, claimed: 0, possible: 1, excluded: 0 },
    });
    const byWords = await call<AdminResearcherList>(ApiPath.adminResearcherList, { q: 'xiaoming' }, i.as, true);
    expect(byWords.data.list.map((r) => r.id)).toEqual([i.wang]);
    const byDept = await call<AdminResearcherList>(ApiPath.adminResearcherList, { departmentId: i.math }, i.as, true);
    expect(byDept.data.list.map((r) => r.id)).toEqual([i.chen]);
    // Those with works found by name alone, waiting for a decision.
    const waiting = await call<AdminResearcherList>(
      ApiPath.adminResearcherList,
      { possibleOnly: 'true' },
      { ...i.as, lang: 'en_US' },
      true,
    );
    expect(waiting.data.list.map((r) => r.id)).toEqual([i.wang]);
    expect(waiting.data.departments[0]!.name).toBe('School of Computing');
    await decide(i.as, i.wang, i.namesake, 'excluded');
    const none = await call<AdminResearcherList>(ApiPath.adminResearcherList, { possibleOnly: true }, i.as, true);
    expect(none.data.totalCount).toBe(0);
  });

  it('pages them; a department of another institution is a translated error', async () => {
    const i = await institution();
    const second = await call<AdminResearcherList>(ApiPath.adminResearcherList, { page: 2, rows: 1 }, i.as, true);
    expect(second.data.totalCount).toBe(2);
    expect(second.data.list).toHaveLength(1);
    const elsewhere = await institution();
    const foreign = await call(
      ApiPath.adminResearcherList,
      { departmentId: elsewhere.cs },
      { ...i.as, lang: 'zh_TW' },
      true,
    );
    expect(foreign).toMatchObject({
      success: false,
      errCode: SubjectErrCode.noSuchDepartment,
      message: message('zh-TW', 'subjectNoSuchDepartment'),
    });
  });
});

describe("a researcher's works for the console", () => {
  it('says why each work is listed: the name forms, the place its affiliation names', async () => {
    const i = await institution();
    const works = await worksOf(i.as, i.wang);
    expect(works.data.counts).toEqual({ matched: 2, claimed: 0, possible: 1, excluded: 0 });
    const byId = new Map(works.data.list.map((w) => [w.recordId, w]));
    expect(byId.get(i.own)).toMatchObject({
      state: 'matched',
      ruleState: 'matched',
      matchedNames: ['王晓明'],
      matchedPlace: '测试大学',
      affiliation: '测试大学计算机学院',
      decidedBy: '',
      decidedAt: null,
    });
    expect(byId.get(i.english)).toMatchObject({ matchedNames: ['Wang, Xiaoming,'], matchedPlace: 'Test University' });
    expect(byId.get(i.namesake)).toMatchObject({
      state: 'possible',
      ruleState: 'possible',
      matchedNames: ['王晓明著'],
      matchedPlace: '',
      affiliation: '上海作家协会',
    });
    expect(byId.has(i.missed)).toBe(false);
    // One state at a time, the counts all the same.
    const possible = await worksOf(i.as, i.wang, { state: 'possible' });
    expect(possible.data.list.map((w) => w.recordId)).toEqual([i.namesake]);
    expect(possible.data.counts.matched).toBe(2);
    const paged = await worksOf(i.as, i.wang, { page: 2, rows: 2 });
    expect(paged.data).toMatchObject({ totalCount: 3 });
    expect(paged.data.list).toHaveLength(1);
  });

  it('confirms a work the rule missed (chosen by hand), readers see it, and releasing it takes it away', async () => {
    const i = await institution();
    const added = await decide(i.as, i.wang, i.missed, 'claimed');
    expect(added).toMatchObject({
      success: true,
      data: { recordId: i.missed, state: 'claimed' },
      message: message('zh-CN', 'subjectWorkDecided'),
    });
    expect(await publicWorks(i.tenant, i.wang)).toContain(i.missed);
    const works = await worksOf(i.as, i.wang, { state: 'claimed' });
    expect(works.data.list[0]).toMatchObject({
      recordId: i.missed,
      ruleState: null,
      matchedNames: [],
      decidedBy: i.username,
    });
    expect(works.data.list[0]!.decidedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const released = await decide(i.as, i.wang, i.missed, 'clear');
    expect(released.message).toBe(message('zh-CN', 'subjectWorkCleared'));
    expect(await publicWorks(i.tenant, i.wang)).not.toContain(i.missed);
    expect((await worksOf(i.as, i.wang)).data.list.map((w) => w.recordId)).not.toContain(i.missed);
  });

  it('excludes a matched work and gives it back to the rule; readers follow', async () => {
    const i = await institution();
    expect((await decide(i.as, i.wang, i.own, 'excluded')).data.state).toBe('excluded');
    expect(await publicWorks(i.tenant, i.wang)).toEqual([i.english]);
    const excluded = await worksOf(i.as, i.wang, { state: 'excluded' });
    expect(excluded.data.list[0]).toMatchObject({ recordId: i.own, ruleState: 'matched', matchedPlace: '测试大学' });
    expect((await decide(i.as, i.wang, i.own, 'clear')).data.state).toBe('matched');
    expect((await publicWorks(i.tenant, i.wang)).sort()).toEqual([i.own, i.english].sort());
  });

  it('a decision made twice (a double click, two at once, a second tab) changes nothing the second time', async () => {
    const i = await institution();
    const twice = await Promise.all([
      decide(i.as, i.wang, i.namesake, 'claimed'),
      decide(i.as, i.wang, i.namesake, 'claimed'),
    ]);
    expect(twice.map((r) => [r.success, r.data.state])).toEqual([
      [true, 'claimed'],
      [true, 'claimed'],
    ]);
    const first = (await worksOf(i.as, i.wang, { state: 'claimed' })).data.list[0]!;
    const again = await decide(i.as, i.wang, i.namesake, 'claimed');
    expect(again.data.state).toBe('claimed');
    // Decided once: one audit row, the first decision's date kept.
    expect((await worksOf(i.as, i.wang, { state: 'claimed' })).data.list[0]!.decidedAt).toBe(first.decidedAt);
    expect(await audits(i.tenant.id)).toHaveLength(1);
    // A second tab still showing it as possible excludes it: the later decision stands.
    expect((await decide(i.as, i.wang, i.namesake, 'excluded')).data.state).toBe('excluded');
    // Released twice: the second finds nothing to release and says what the rule gives.
    expect((await decide(i.as, i.wang, i.namesake, 'clear')).data.state).toBe('possible');
    expect((await decide(i.as, i.wang, i.namesake, 'clear')).data.state).toBe('possible');
    expect((await audits(i.tenant.id)).map((a) => a.action)).toEqual([
      'researcher.work.claimed',
      'researcher.work.excluded',
      'researcher.work.clear',
    ]);
  });
});

describe('who may', () => {
  it('staff of the institution only: visitors, readers and other institutions’ staff are refused', async () => {
    const i = await institution();
    const calls = [
      () => call(ApiPath.adminResearcherList, {}, { to: i.tenant }, true),
      () => worksOf({ to: i.tenant }, i.wang),
      () => decide({ to: i.tenant }, i.wang, i.namesake, 'claimed'),
    ];
    for (const c of calls) expect((await c()).status).toBe(401);
    const reader = await signIn(t, i.tenant, await makeReader(t, i.tenant.id));
    expect((await call(ApiPath.adminResearcherList, {}, { to: i.tenant, headers: reader }, true)).status).toBe(403);
    expect((await worksOf({ to: i.tenant, headers: reader }, i.wang)).status).toBe(403);

    const elsewhere = await institution();
    const foreign = { to: i.tenant, headers: elsewhere.as.headers };
    for (const res of [
      await call(ApiPath.adminResearcherList, {}, foreign, true),
      await worksOf(foreign, i.wang),
      await decide(foreign, i.wang, i.namesake, 'claimed'),
    ])
      expect(res).toMatchObject({ status: 403, errCode: StaffErrCode.otherInstitution });
    // At their own institution, our researcher and our records name nothing.
    expect((await worksOf(elsewhere.as, i.wang)).errCode).toBe(SubjectErrCode.noSuchResearcher);
    expect((await decide(elsewhere.as, elsewhere.wang, i.missed, 'claimed')).errCode).toBe(SubjectErrCode.noSuchRecord);
    const theirs = await call<AdminResearcherList>(ApiPath.adminResearcherList, {}, elsewhere.as, true);
    expect(theirs.data.list.map((r) => r.id).sort()).toEqual([elsewhere.wang, elsewhere.chen].sort());
    // Nothing of ours was decided.
    expect(await audits(i.tenant.id)).toHaveLength(0);
    expect((await worksOf(i.as, i.wang)).data.counts).toEqual({ matched: 2, claimed: 0, possible: 1, excluded: 0 });
  });

  it('refuses bad input with a translated error, never a 500', async () => {
    const i = await institution();
    for (const res of [
      await worksOf({ ...i.as, lang: 'en_US' }, i.wang, { state: 'mine' }),
      await decide({ ...i.as, lang: 'en_US' }, i.wang, i.own, 'maybe'),
      await call(ApiPath.adminResearcherList, { rows: 'many' }, { ...i.as, lang: 'en_US' }, true),
    ]) {
      expect(res.status).toBeLessThan(500);
      expect(res.success).toBe(false);
      expect(res.message).toMatch(/[a-z]/i);
    }
    expect((await worksOf(i.as, 99999999)).errCode).toBe(SubjectErrCode.noSuchResearcher);
  });
});
