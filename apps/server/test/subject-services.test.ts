import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarcJson } from '@openfind/marc';
import {
  ApiPath,
  StaffErrCode,
  SubjectErrCode,
  isValidOrcid,
  type DecideWorkOutcome,
  type DepartmentDetail,
  type DepartmentNav,
  type DepartmentResources,
  type ResearcherDetail,
  type ResearcherList,
  type ResearcherWorks,
  type ThesisSearch,
} from '@openfind/contract';
import { t as message } from '../src/http/messages.js';
import { findEResourceSetting, saveEResourceSetting } from '../src/modules/e-resources/e-resource-repository.js';
import { nameForms, readMarc, thesisFields } from '../src/modules/subject-services/marc-fields.js';
import {
  saveThesisAccess,
  saveThesisPolicy,
  upsertDepartments,
  upsertResearchers,
} from '../src/modules/subject-services/subject-repository.js';
import { orcidOf } from '../src/seed/demo-subjects.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { makeCollections, makeReader, makeRecords, makeTenant, signIn, type MadeTenant } from './support/factories.js';
import { makeStaff, staffHeader } from './support/staff.js';

/**
 * Subject services (issue 30): departments and their resources, researchers and the works the
 * matching rule finds (name forms and affiliation) with staff decisions, the institution's theses
 * read from its thesis records (degree, supervisor, department; full text by the rule of each), and
 * the walls between institutions.
 */

let t: TestApp;
let home: MadeTenant;
let other: MadeTenant;
let staff: Record<string, string>;
let otherStaff: Record<string, string>;
const ids: Record<string, number> = {};
let cs = 0;
let math = 0;
let wang = 0;
let li = 0;

const marc = (fields: Array<Record<string, unknown>>): MarcJson =>
  ({ leader: '00000nam a2200000 a 4500', fields }) as unknown as MarcJson;
const f = (tag: string, subs: Array<[string, string]>) => ({
  [tag]: { ind1: ' ', ind2: ' ', subfields: subs.map(([c, v]) => ({ [c]: v })) },
});

async function call<T>(
  path: string,
  input: Record<string, unknown>,
  opts: { to?: MadeTenant; lang?: CallOptions['lang']; headers?: Record<string, string>; get?: boolean } = {},
) {
  const res = await t.call({
    url: path,
    mappingPath: (opts.to ?? home).mappingPath,
    lang: opts.lang,
    headers: opts.headers,
    ...(opts.get
      ? { query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])) }
      : { body: input }),
  });
  return { status: res.statusCode, ...envelopeOf<T>(res) };
}

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  home = await makeTenant(t, { name: '测试大学图书馆' });
  other = await makeTenant(t);
  staff = await staffHeader(t, await makeStaff(t, home.id, { role: 'staff' }));
  otherStaff = await staffHeader(t, await makeStaff(t, other.id, { role: 'admin' }));
  const db = t.db.kysely;
  await saveThesisPolicy(db, home.id, {
    default_access: 'campus',
    institution_names: ['测试大学', 'Test University'],
  });
  const dept = (code: string, name: string, nameEn: string, discode1: string[], clc: string[], seq: number) => ({
    code,
    name,
    nameTw: name,
    nameEn,
    description: `${name}简介`,
    descriptionEn: '',
    discode1,
    clcClasses: clc,
    liaisonName: '林馆员',
    liaisonEmail: 'lin@example.edu.cn',
    liaisonPhone: '010-1234',
    seq,
  });
  await upsertDepartments(db, home.id, [
    dept('CS', '计算机学院', 'School of Computing', ['08'], ['TP'], 0),
    dept('MATH', '数学学院', 'School of Mathematics', ['07'], ['O1'], 1),
  ]);
  // Another institution's department with the same code: never seen from home.
  await upsertDepartments(db, other.id, [dept('CS', '别校计算机学院', 'Elsewhere', ['08'], ['TP'], 0)]);
  const person = (code: string, name: string, nameEn: string, dept: string, seq: number) => ({
    code,
    name,
    nameEn,
    departmentCode: dept,
    title: '教授',
    fields: ['数据库'],
    orcid: '0000-0002-1825-0097',
    homepage: '',
    nameVariants: [],
    seq,
  });
  await upsertResearchers(db, home.id, [
    person('T1', '王晓明', 'Wang Xiaoming', 'CS', 0),
    person('T2', '李静', 'Li Jing', 'CS', 1),
    person('T3', '陈志强', 'Chen Zhiqiang', 'MATH', 2),
  ]);
  await upsertResearchers(db, other.id, [person('T9', '王晓明', 'Wang Xiaoming', 'CS', 0)]);
  t.services.subjects.changed(home.id);
  t.services.subjects.changed(other.id);
  const found = (await db
    .selectFrom('researcher' as never)
    .select(['id', 'code', 'tenant_id'] as never[])
    .execute()) as Array<{ id: number; code: string; tenant_id: number }>;
  wang = found.find((r) => r.code === 'T1' && r.tenant_id === home.id)!.id;
  li = found.find((r) => r.code === 'T2')!.id;
  ids.otherWang = found.find((r) => r.code === 'T9')!.id;
  const nav = await call<DepartmentNav>(ApiPath.collegeNavInfo, {});
  cs = nav.data.list.find((d) => d.code === 'CS')!.id;
  math = nav.data.list.find((d) => d.code === 'MATH')!.id;

  const shelf = { processTypeCode: '411' };
  [ids.wang1, ids.wangEn, ids.wangNamesake, ids.li1, ids.math1, ids.cs2] = await makeRecords(t, home.id, [
    {
      title: '分布式数据库原理',
      authors: ['王晓明'],
      clcClasses: ['TP311'],
      publishYear: '2020',
      marc: marc([
        f('100', [
          ['a', '王晓明'],
          ['u', '测试大学计算机学院'],
        ]),
      ]),
      items: [shelf],
    },
    {
      title: 'Distributed Transactions',
      authors: ['Wang, Xiaoming,', 'Smith, John'],
      clcClasses: ['TP311'],
      publishYear: '2022',
      marc: marc([
        f('100', [
          ['a', 'Wang, Xiaoming,'],
          ['u', 'Test University'],
        ]),
      ]),
      items: [],
    },
    {
      title: '王晓明散文选',
      authors: ['王晓明著'],
      clcClasses: ['I267'],
      publishYear: '2012',
      marc: marc([f('100', [['a', '王晓明']]), f('710', [['a', '上海作家协会']])]),
      items: [shelf],
    },
    {
      title: '中文信息处理',
      authors: ['李静'],
      clcClasses: ['TP391'],
      publishYear: '2021',
      marc: marc([
        f('700', [
          ['a', '李静'],
          ['u', '测试大学计算机学院'],
        ]),
      ]),
      items: [shelf, shelf],
    },
    {
      title: '数值分析',
      authors: ['陈志强'],
      clcClasses: ['O241'],
      publishYear: '2019',
      marc: marc([f('100', [['a', '陈志强']]), f('500', [['a', '作者单位：测试大学数学学院']])]),
      items: [],
    },
    { title: '编译原理', authors: ['佚名'], clcClasses: ['TP314'], publishYear: '2018', items: [shelf] },
  ] as never);
  // Theses: MARC 502 (degree, body, year), 700 $e 导师, 710 $b; one CNMARC-style; one of another university.
  [ids.thesisOpen, ids.thesisCampus, ids.thesisEmbargo, ids.thesisMath, ids.thesisElsewhere, ids.thesisNoLink] =
    await makeRecords(t, home.id, [
      {
        title: '分布式事务调度研究',
        authors: ['孙浩然'],
        docCode: '3',
        clcClasses: ['TP311'],
        publishYear: '2023',
        subjects: ['分布式事务'],
        links: [{ url: 'https://etd.example.edu.cn/1.pdf' }],
        marc: marc([
          f('502', [
            ['a', '博士学位论文'],
            ['b', '博士'],
            ['c', '测试大学计算机学院'],
            ['d', '2023'],
          ]),
          f('700', [
            ['a', '王晓明'],
            ['e', '导师'],
          ]),
          f('653', [['a', '调度']]),
        ]),
      },
      {
        title: '命名实体识别方法',
        authors: ['钱雨桐'],
        docCode: '3',
        clcClasses: ['TP391'],
        publishYear: '2024',
        links: [{ url: 'https://etd.example.edu.cn/2.pdf' }],
        marc: marc([
          f('502', [
            ['b', '硕士'],
            ['c', '测试大学'],
            ['d', '2024'],
          ]),
          f('700', [
            ['a', '李静'],
            ['4', 'ths'],
          ]),
          f('710', [
            ['a', '测试大学'],
            ['b', '计算机学院'],
          ]),
        ]),
      },
      {
        title: '拓扑超导研究',
        authors: ['冯启航'],
        docCode: '3',
        clcClasses: ['O4'],
        publishYear: '2024',
        links: [{ url: 'https://etd.example.edu.cn/3.pdf' }],
        marc: marc([
          f('502', [
            ['b', '博士'],
            ['c', '测试大学'],
            ['d', '2024'],
          ]),
        ]),
      },
      {
        title: '抛物方程有限元',
        authors: ['罗一鸣'],
        docCode: '3',
        clcClasses: ['O241'],
        publishYear: '2021',
        links: [{ url: 'https://etd.example.edu.cn/4.pdf' }],
        marc: marc([
          f('328', [
            ['a', '硕士学位论文'],
            ['b', '硕士'],
            ['c', '计算数学'],
            ['e', '测试大学数学学院'],
            ['d', '2021'],
          ]),
          f('702', [
            ['a', '陈志强'],
            ['4', '727'],
          ]),
        ]),
      },
      {
        title: '别校的论文',
        authors: ['外人'],
        docCode: '3',
        publishYear: '2020',
        marc: marc([
          f('502', [
            ['b', '硕士'],
            ['c', '远方大学'],
            ['d', '2020'],
          ]),
        ]),
      },
      {
        title: '学士论文无全文',
        authors: ['马嘉怡'],
        docCode: '3',
        publishYear: '2024',
        marc: marc([f('502', [['a', 'Thesis (B.S.)--Test University, 2024.']])]),
      },
    ] as never);
  await saveThesisAccess(db, home.id, ids.thesisOpen!, { access: 'open', embargoUntil: null, url: '' });
  await saveThesisAccess(db, home.id, ids.thesisEmbargo!, { access: 'open', embargoUntil: '2099-01-01', url: '' });
  await makeRecords(t, other.id, [
    { title: '别馆的论文', authors: ['王晓明'], docCode: '3', marc: marc([f('502', [['b', '博士']])]) },
  ] as never);
  await makeCollections(t, home.id, [
    { name: 'IEEE Xplore', subjects: ['08'] },
    { name: 'MathSciNet', subjects: ['07'] },
    { name: '隐藏库', subjects: ['08'], hidden: true },
  ]);
  // What the services read of the catalogue is read again (as a minute later).
  t.services.subjects.changed(home.id);
  t.services.subjects.changed(other.id);
});
afterAll(async () => t?.close());

describe('the pure rules', () => {
  it('validates ORCID check digits (ISO 7064 MOD 11-2) and makes valid ones', () => {
    expect(isValidOrcid('0000-0002-1825-0097')).toBe(true);
    expect(isValidOrcid('https://orcid.org/0000-0001-5109-3700')).toBe(true);
    expect(isValidOrcid('0000-0002-1694-233X')).toBe(true);
    expect(isValidOrcid('0000-0002-1825-0098')).toBe(false);
    expect(isValidOrcid('0000-0002-1825-009')).toBe(false);
    for (const seed of ['000000021825009', '123456789012345', '000000016789012'])
      expect(isValidOrcid(orcidOf(seed))).toBe(true);
  });

  it('folds name forms: Chinese, pinyin in both orders, initials, variants', () => {
    expect(nameForms('王晓明', 'Wang Xiaoming', ['Wang X.M.'])).toEqual(
      expect.arrayContaining(['王晓明', 'wangxiaoming', 'xiaomingwang', 'wangxm']),
    );
  });

  it('reads a thesis from MARC 502 and CNMARC 328, and an old 502 $a', () => {
    const m21 = thesisFields(
      readMarc(
        JSON.stringify(
          marc([
            f('502', [
              ['b', 'Ph.D.'],
              ['c', 'Test University'],
              ['d', '2019'],
            ]),
            f('700', [
              ['a', 'Smith, John,'],
              ['e', 'thesis advisor'],
            ]),
          ]),
        ),
      ),
      null,
      [],
    );
    expect(m21).toMatchObject({
      degree: 'doctor',
      institution: 'Test University',
      year: 2019,
      supervisor: 'Smith, John',
    });
    const cn = thesisFields(
      readMarc(
        JSON.stringify(
          marc([
            f('328', [
              ['b', '硕士'],
              ['c', '计算数学'],
              ['e', '测试大学'],
              ['d', '2021'],
            ]),
            f('702', [
              ['a', '陈志强'],
              ['4', '727'],
            ]),
          ]),
        ),
      ),
      null,
      [],
    );
    expect(cn).toMatchObject({ degree: 'master', discipline: '计算数学', supervisor: '陈志强', year: 2021 });
    const old = thesisFields(
      readMarc(JSON.stringify(marc([f('502', [['a', 'Thesis (M.A.)--Peking University, 2010.']])]))),
      null,
      [],
    );
    expect(old).toMatchObject({ degree: 'master', institution: 'Peking University', year: 2010 });
    expect(thesisFields(readMarc('not json'), 2001, ['k']).year).toBe(2001);
  });
});

describe('departments', () => {
  it('lists the departments in order with their disciplines and counts; words filter them', async () => {
    const nav = await call<DepartmentNav>(ApiPath.collegeNavInfo, {}, { lang: 'en_US' });
    expect(nav.success).toBe(true);
    const [first, second] = nav.data.list;
    expect(first).toMatchObject({
      code: 'CS',
      name: 'School of Computing',
      disciplines: [{ code: '08', name: 'Engineering' }],
    });
    // Books of TP (theses apart), databases of 08 (hidden ones apart), researchers, theses naming the unit.
    expect(first!.counts).toEqual({ books: 4, databases: 1, researchers: 2, theses: 2 });
    expect(second).toMatchObject({ code: 'MATH', counts: { researchers: 1, theses: 1, databases: 1 } });
    const found = await call<DepartmentNav>(ApiPath.collegeNavInfo, { q: '数学' });
    expect(found.data.list.map((d) => d.code)).toEqual(['MATH']);
  });

  it("gives a department's detail with its liaison librarian; an unknown or another institution's id is a translated error", async () => {
    const d = await call<DepartmentDetail>(ApiPath.collegeDetail, { id: cs }, { get: true });
    expect(d.data).toMatchObject({ name: '计算机学院', liaison: { name: '林馆员', email: 'lin@example.edu.cn' } });
    const fromOther = await call(ApiPath.collegeDetail, { id: cs }, { get: true, to: other, lang: 'en_US' });
    expect(fromOther).toMatchObject({
      success: false,
      errCode: SubjectErrCode.noSuchDepartment,
      message: message('en-US', 'subjectNoSuchDepartment'),
    });
    const bad = await call(ApiPath.collegeDetail, { id: 'x' }, { get: true });
    expect(bad.status).toBe(400);
  });

  it("pages a department's resources by tab", async () => {
    const tab = (type: string, rows = 10) =>
      call<DepartmentResources>(ApiPath.collegeResourceList, { id: cs, type, page: 1, rows });
    const books = await tab('newBooks', 2);
    expect(books.data.totalCount).toBe(4);
    expect(books.data.records).toHaveLength(2);
    const dbs = await tab('databases');
    expect(dbs.data.databases.map((x) => x.name)).toEqual(['IEEE Xplore']);
    const people = await tab('researchers');
    expect(people.data.researchers.map((r) => r.name)).toEqual(['李静', '王晓明']);
    const theses = await tab('theses');
    expect(theses.data.theses.map((x) => x.title).sort()).toEqual(['分布式事务调度研究', '命名实体识别方法'].sort());
    const wrong = await call(ApiPath.collegeResourceList, { id: cs, type: 'everything' });
    expect(wrong.status).toBe(400);
  });
});

describe('researchers and their works', () => {
  it('lists researchers by words, department and letter, with the A–Z letters and works counts', async () => {
    const all = await call<ResearcherList>(ApiPath.getResearcherList, {});
    expect(all.data.totalCount).toBe(3);
    expect(all.data.initials).toEqual(
      expect.arrayContaining([
        { initial: 'W', count: 1 },
        { initial: 'L', count: 1 },
      ]),
    );
    expect(all.data.list.find((r) => r.name === '王晓明')).toMatchObject({
      worksCount: 2,
      departmentName: '计算机学院',
    });
    expect(
      (await call<ResearcherList>(ApiPath.getResearcherList, { initial: 'c' })).data.list.map((r) => r.name),
    ).toEqual(['陈志强']);
    expect((await call<ResearcherList>(ApiPath.getResearcherList, { departmentId: math })).data.totalCount).toBe(1);
    expect(
      (await call<ResearcherList>(ApiPath.getResearcherList, { q: 'xiaoming' })).data.list.map((r) => r.name),
    ).toEqual(['王晓明']);
  });

  it('finds works by name form and affiliation: a namesake elsewhere is not listed', async () => {
    const d = await call<ResearcherDetail>(ApiPath.researcherDetails, { id: wang });
    expect(d.data.works.list.map((w) => w.recordId).sort()).toEqual([ids.wang1, ids.wangEn].sort());
    expect(d.data.counts).toMatchObject({ works: 2, available: 1, claimed: 0, firstYear: '2020', lastYear: '2022' });
    expect(d.data.researcher).toMatchObject({ orcid: '0000-0002-1825-0097', initial: 'W' });
    // A 500 note naming the unit is an affiliation too.
    const chen = (await call<ResearcherList>(ApiPath.getResearcherList, { initial: 'C' })).data.list[0]!;
    expect(
      (await call<ResearcherDetail>(ApiPath.researcherDetails, { id: chen.id })).data.works.list.map((w) => w.recordId),
    ).toEqual([ids.math1]);
  });

  it('staff confirm a possible work, exclude a matched one and give it back; readers and visitors cannot', async () => {
    const works = await call<ResearcherWorks>(
      ApiPath.adminResearcherWorks,
      { id: wang },
      { get: true, headers: staff },
    );
    expect(works.data.list.find((w) => w.recordId === ids.wangNamesake)?.state).toBe('possible');
    const claim = await call<DecideWorkOutcome>(
      ApiPath.adminDecideWork,
      { researcherId: wang, recordId: ids.wangNamesake, decision: 'claimed' },
      { headers: staff },
    );
    expect(claim).toMatchObject({
      success: true,
      data: { state: 'claimed' },
      message: message('zh-CN', 'subjectWorkDecided'),
    });
    await call(
      ApiPath.adminDecideWork,
      { researcherId: wang, recordId: ids.wang1, decision: 'excluded' },
      { headers: staff },
    );
    let d = await call<ResearcherDetail>(ApiPath.researcherDetails, { id: wang });
    expect(d.data.works.list.map((w) => w.recordId).sort()).toEqual([ids.wangEn, ids.wangNamesake].sort());
    expect(d.data.counts.claimed).toBe(1);
    const clear = await call<DecideWorkOutcome>(
      ApiPath.adminDecideWork,
      { researcherId: wang, recordId: ids.wang1, decision: 'clear' },
      { headers: staff },
    );
    expect(clear.data.state).toBe('matched');
    await call(
      ApiPath.adminDecideWork,
      { researcherId: wang, recordId: ids.wangNamesake, decision: 'clear' },
      { headers: staff },
    );
    d = await call<ResearcherDetail>(ApiPath.researcherDetails, { id: wang });
    expect(d.data.works.totalCount).toBe(2);

    const visitor = await call(ApiPath.adminDecideWork, {
      researcherId: wang,
      recordId: ids.wang1,
      decision: 'excluded',
    });
    expect(visitor.status).toBe(401);
    const reader = await makeReader(t, home.id);
    const session = await signIn(t, home, reader);
    const asReader = await call(
      ApiPath.adminDecideWork,
      { researcherId: wang, recordId: ids.wang1, decision: 'excluded' },
      { headers: session },
    );
    expect(asReader.status).toBe(403);
  });

  it("keeps institutions apart: another's staff, researcher and records are refused", async () => {
    const foreign = await call(
      ApiPath.adminDecideWork,
      { researcherId: wang, recordId: ids.wang1, decision: 'excluded' },
      { headers: otherStaff },
    );
    expect(foreign).toMatchObject({ status: 403, errCode: StaffErrCode.otherInstitution });
    // Their own institution, but our researcher or our record: nothing of ours is named.
    const ours = await call(
      ApiPath.adminDecideWork,
      { researcherId: wang, recordId: ids.wang1, decision: 'excluded' },
      { headers: otherStaff, to: other },
    );
    expect(ours.errCode).toBe(SubjectErrCode.noSuchResearcher);
    const record = await call(
      ApiPath.adminDecideWork,
      { researcherId: ids.otherWang, recordId: ids.wang1, decision: 'claimed' },
      { headers: otherStaff, to: other, lang: 'en_US' },
    );
    expect(record).toMatchObject({
      errCode: SubjectErrCode.noSuchRecord,
      message: message('en-US', 'subjectNoSuchRecord'),
    });
    expect((await call(ApiPath.researcherDetails, { id: wang }, { to: other })).errCode).toBe(
      SubjectErrCode.noSuchResearcher,
    );
    // The other institution's 王晓明 has no works of ours.
    const theirs = await call<ResearcherDetail>(ApiPath.researcherDetails, { id: ids.otherWang }, { to: other });
    expect(theirs.data.works.totalCount).toBe(0);
    expect(li).toBeGreaterThan(0);
  });
});

describe("the institution's theses", () => {
  it("reads degree, supervisor, year and department; leaves out another university's thesis and other institutions'", async () => {
    const all = await call<ThesisSearch>(ApiPath.localDissertations, {});
    expect(all.data.list.map((x) => x.recordId).sort()).toEqual(
      [ids.thesisOpen, ids.thesisCampus, ids.thesisEmbargo, ids.thesisMath, ids.thesisNoLink].sort(),
    );
    const open = all.data.list.find((x) => x.recordId === ids.thesisOpen)!;
    expect(open).toMatchObject({
      degree: 'doctor',
      supervisor: '王晓明',
      year: 2023,
      departmentId: cs,
      departmentName: '计算机学院',
    });
    expect(all.data.list.find((x) => x.recordId === ids.thesisMath)).toMatchObject({
      degree: 'master',
      discipline: '计算数学',
      supervisor: '陈志强',
      departmentId: math,
    });
    expect(all.data.list.find((x) => x.recordId === ids.thesisNoLink)).toMatchObject({
      degree: 'bachelor',
      year: 2024,
    });
    expect(all.data.facets.degree).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'doctor', name: '博士', count: 2 })]),
    );
  });

  it('searches words in a field and filters by degree, year and department', async () => {
    const q = async (input: Record<string, unknown>) =>
      (await call<ThesisSearch>(ApiPath.localDissertations, input)).data;
    expect((await q({ q: '李静', field: 'supervisor' })).list.map((x) => x.recordId)).toEqual([ids.thesisCampus]);
    expect((await q({ q: '调度', field: 'keyword' })).list.map((x) => x.recordId)).toEqual([ids.thesisOpen]);
    expect((await q({ q: '超导', field: 'title' })).list.map((x) => x.recordId)).toEqual([ids.thesisEmbargo]);
    expect((await q({ q: '钱雨桐', field: 'author' })).totalCount).toBe(1);
    expect((await q({ degree: 'master' })).totalCount).toBe(2);
    const y = await q({ year: 2024 });
    expect(y.totalCount).toBe(3);
    // The year facet counts across the other years.
    expect(y.facets.year.map((x) => x.code)).toEqual(['2024', '2023', '2021']);
    expect((await q({ departmentId: math })).list.map((x) => x.recordId)).toEqual([ids.thesisMath]);
    expect((await call(ApiPath.localDissertations, { degree: 'professor' })).status).toBe(400);
  });

  it('links the full text where the rule allows: open, campus network, embargo, none', async () => {
    const list = (await call<ThesisSearch>(ApiPath.localDissertations, {})).data.list;
    const of = (id: number | undefined) => list.find((x) => x.recordId === id)!;
    expect(of(ids.thesisOpen)).toMatchObject({ fullText: 'open', fullTextUrl: 'https://etd.example.edu.cn/1.pdf' });
    // The default is campus only; the test's address (127.0.0.1) is on no campus network (none are set).
    expect(of(ids.thesisCampus)).toMatchObject({ fullText: 'offCampus', fullTextUrl: '' });
    expect(of(ids.thesisEmbargo)).toMatchObject({ fullText: 'embargoed', fullTextUrl: '', embargoUntil: '2099-01-01' });
    expect(of(ids.thesisNoLink)).toMatchObject({ fullText: 'none', fullTextUrl: '' });
    // The institution's campus networks (kept with the e-resource settings) now include the test's address.
    const before = await findEResourceSetting(t.db.kysely, home.id);
    expect(
      await saveEResourceSetting(t.db.kysely, home.id, {
        proxyPrefix: '',
        campusNetworks: ['10.0.0.0/8', '127.0.0.0/8'],
        version: before.version,
        by: 'test',
      }),
    ).toBe(true);
    try {
      const onCampus = (await call<ThesisSearch>(ApiPath.localDissertations, {})).data.list;
      expect(onCampus.find((x) => x.recordId === ids.thesisCampus)).toMatchObject({
        fullText: 'campus',
        fullTextUrl: 'https://etd.example.edu.cn/2.pdf',
      });
    } finally {
      // The other tests read the institution off campus, as set up.
      await saveEResourceSetting(t.db.kysely, home.id, {
        proxyPrefix: before.proxy_prefix,
        campusNetworks: before.campus_networks,
        version: before.version + 1,
        by: 'test',
      });
    }
  });

  it('follows the catalogue: a record no longer a thesis leaves the list; another institution sees only its own', async () => {
    // A thesis of this test's own (no class, no unit, no researcher's name), so the others' figures stay as set up.
    const [own] = await makeRecords(t, home.id, [
      {
        title: '本测试自有的学士论文',
        authors: ['程思远'],
        docCode: '3',
        publishYear: '2024',
        marc: marc([f('502', [['a', 'Thesis (B.S.)--Test University, 2024.']])]),
      },
    ] as never);
    t.services.subjects.changed(home.id);
    const before = await call<ThesisSearch>(ApiPath.localDissertations, {});
    expect(before.data.list.map((x) => x.recordId)).toContain(own);
    await t.db.kysely
      .updateTable('bib_record')
      .set({ doc_code: '1', updated_at: new Date().toISOString() })
      .where('record_id', '=', own!)
      .execute();
    // The change notification reads the theses again at once, before any reader asks.
    t.services.subjects.catalogueChanged(home.id);
    await t.services.subjects.syncTheses(home.id);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM thesis WHERE record_id = ${own!}`.execute(
      t.db.kysely,
    );
    expect(rows[0]!.n).toBe(0);
    const after = await call<ThesisSearch>(ApiPath.localDissertations, {});
    expect(after.data.list.map((x) => x.recordId)).not.toContain(own);
    expect(after.data.list.map((x) => x.recordId)).toContain(ids.thesisNoLink);
    const theirs = await call<ThesisSearch>(ApiPath.localDissertations, {}, { to: other });
    expect(theirs.data.list.map((x) => x.title)).toEqual(['别馆的论文']);
  });
});

describe('the CSV loaders', () => {
  it('loads departments and researchers by code, refusing bad lines with their reasons', async () => {
    const { importDepartmentCsv, importResearcherCsv } =
      await import('../src/modules/subject-services/subject-import.js');
    const tenant = await makeTenant(t);
    const depts = await importDepartmentCsv(
      t.db.kysely,
      tenant.id,
      '\uFEFFcode,name,name_en,discode1,clc,liaison_name,liaison_email\n' +
        'LAW,法学院,Law School,03,d9,张馆员,zhang@example.edu.cn\n' +
        'bad code,坏院系,,,,,\n' +
        'ART,艺术学院,,13;x,J,,\n' +
        '"MED","医学院, 含护理","School of Medicine","10","R;R4",,"not-an-email"\n',
    );
    expect(depts.added).toBe(1);
    expect(depts.rejected.map((r) => r.line)).toEqual([3, 4, 5]);
    expect(depts.rejected[2]!.reason).toMatch(/e-mail/);
    const again = await importDepartmentCsv(t.db.kysely, tenant.id, 'code,name,clc\nLAW,法学院（新）,D9\n');
    expect(again).toMatchObject({ added: 0, updated: 1 });
    const people = await importResearcherCsv(
      t.db.kysely,
      tenant.id,
      'code,name,name_en,department,title,fields,orcid,homepage,variants\n' +
        'L1,钱明,Qian Ming,LAW,教授,民法;合同法,https://orcid.org/0000-0002-1825-0097,https://law.example.edu.cn/qm,Qian M.\n' +
        'L2,赵四,Zhao Si,NOPE,,,,,\n' +
        'L3,孙五,Sun Wu,LAW,,,0000-0002-1825-0098,,\n' +
        'L4,,,,,,,,\n',
    );
    expect(people.added).toBe(1);
    expect(people.rejected.map((r) => r.reason)).toEqual([
      'no department has the code "NOPE"',
      'the ORCID iD "0000-0002-1825-0098" is not valid (its form or check digit)',
      'the name is empty',
    ]);
    expect((await importResearcherCsv(t.db.kysely, tenant.id, 'name\n钱明\n')).rejected[0]!.reason).toMatch(
      /lacks the column/,
    );
    t.services.subjects.changed(tenant.id);
    const list = await call<ResearcherList>(ApiPath.getResearcherList, {}, { to: tenant });
    expect(list.data.list).toEqual([
      expect.objectContaining({ name: '钱明', departmentName: '法学院（新）', fields: ['民法', '合同法'] }),
    ]);
    const nav = await call<DepartmentNav>(ApiPath.collegeNavInfo, {}, { to: tenant });
    expect(nav.data.list[0]).toMatchObject({ code: 'LAW', clcClasses: ['D9'] });
  });
});
