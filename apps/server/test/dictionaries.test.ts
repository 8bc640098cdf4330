import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeName, ConditionList, DictResponse, LocationDict, SearchFieldPara } from '@openfind/contract';
import { ApiPath, CODE_LIST_NAMES } from '@openfind/contract';
import { sql } from 'kysely';
import { ISSUE_WORDS, t as text } from '../src/http/messages.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { makeInstitution, makeTenant, type MadeTenant } from './support/factories.js';

/** The code lists, search fields and location lists the search pages fill their choices from. */

let t: TestApp;
/** An institution with the demo institution's libraries: 3 campuses, 11 locations (101…107, 201, 202, 301, 302). */
let campus: MadeTenant;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  campus = await makeTenant(t, { libraries: 'demo' });
});
afterAll(async () => t.close());

type LocationList = {
  donateList: Array<{ locationId: string; locationName: string; campusId: string; entrust: string }>;
  totalCount: number;
};
const locations = async (body: unknown, lang?: 'en_US') =>
  t.call({ url: ApiPath.locationList, mappingPath: campus.mappingPath, body, lang });

describe('POST /find/groupResource/dict', () => {
  it('returns every code list of the spec', async () => {
    const d = envelopeOf<DictResponse>(
      await t.call({ url: ApiPath.dict, mappingPath: campus.mappingPath, body: {} }),
    ).data;
    for (const name of [
      ...CODE_LIST_NAMES,
      'libCode',
      'campusCode',
      'locationId',
      'collections',
      'findOpacSearchFieldParaList',
      'databaseFindDtoList',
    ]) {
      expect(d, name).toHaveProperty(name);
      expect(Array.isArray((d as Record<string, unknown>)[name]), name).toBe(true);
    }
  });

  it('holds the 22 CLC classes A–Z and the 14 discipline categories, named in the request language', async () => {
    const zh = envelopeOf<DictResponse>(
      await t.call({ url: ApiPath.dict, mappingPath: campus.mappingPath, body: {} }),
    ).data;
    const top = zh.classNo.filter((c) => /^[A-Z]$/.test(c.code));
    expect(top.map((c) => c.code).join('')).toBe('ABCDEFGHIJKNOPQRSTUVXZ');
    expect(top.find((c) => c.code === 'T')?.name).toBe('工业技术');
    expect(zh.discode1.map((d) => d.code)).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
      '11',
      '12',
      '13',
      '14',
    ]);
    const en = envelopeOf<DictResponse>(
      await t.call({ url: ApiPath.dict, mappingPath: campus.mappingPath, body: {}, lang: 'en_US' }),
    ).data;
    expect(en.discode1.find((d) => d.code === '08')?.name).toMatch(/engineering/i);
    const tw = envelopeOf<DictResponse>(
      await t.call({ url: ApiPath.dict, mappingPath: campus.mappingPath, body: {}, lang: 'zh_HK' }),
    ).data;
    expect(tw.classNo.find((c) => c.code === 'T')?.name).toBe('工業技術');
    expect(tw.docCode.find((c) => c.code === '1')?.name).toBe('圖書');
  });

  it('gives campuses and locations of the institution only', async () => {
    const beiling = await makeInstitution(t, {
      libraries: {
        libraries: [
          { code: 'BL', names: ['北岭理工大学图书馆', '北嶺理工大學圖書館', 'Beiling Tech Library'], main: true },
        ],
        campuses: [
          { id: '1', lib: 'BL', names: ['本部', '本部', 'Main Campus'] },
          { id: '2', lib: 'BL', names: ['南校区', '南校區', 'South Campus'] },
        ],
        locations: [
          ['11', '1', '1', ['自然科学借阅区', '自然科學借閱區', 'Science and Engineering Books'], true, true],
          ['12', '1', '1', ['社会科学借阅区', '社會科學借閱區', 'Social Sciences Books'], true, true],
          ['13', '1', '2', ['期刊阅览室', '期刊閱覽室', 'Journals Reading Room'], false, false],
          ['21', '2', '1', ['南校区图书借阅室', '南校區圖書借閱室', 'South Campus Lending Room'], true, true],
        ],
      },
    });
    const d = envelopeOf<DictResponse>(
      await t.call({ url: ApiPath.dict, mappingPath: beiling.mappingPath, body: {} }),
    ).data;
    expect(d.libCode).toEqual([{ code: 'BL', name: '北岭理工大学图书馆' }]);
    expect(d.campusCode.map((c) => c.campusId)).toEqual(['1', '2']);
    expect(d.campusCode[0]).toMatchObject({ campusId: '1', campusName: '本部', code: '1', name: '本部' });
    expect(d.locationId.map((l) => l.code)).toEqual(['11', '12', '13', '21']);
    expect(d.locationId[0]).toMatchObject({ campusId: '1', libCode: 'BL' });
  });

  it('accepts an empty body and no body', async () => {
    const noBody = await t.call({ method: 'POST', url: ApiPath.dict, mappingPath: campus.mappingPath });
    expect(envelopeOf(noBody).success).toBe(true);
  });

  it("lets an institution override or hide a default entry without touching the others'", async () => {
    const [changed, other] = [await makeTenant(t), await makeTenant(t)];
    await sql`INSERT INTO dict_entry (tenant_id, dict_name, code, name, name_en, name_tw, seq, hidden)
              VALUES (${changed.id}, 'docCode', '1', '普通图书', 'Books', '普通圖書', 0, false),
                     (${changed.id}, 'docCode', '5', '专利', 'Patent', '專利', 0, true)`.execute(t.db.kysely);
    t.services.dictionaries.invalidate();
    const x = envelopeOf<DictResponse>(
      await t.call({ url: ApiPath.dict, mappingPath: changed.mappingPath, body: {} }),
    ).data;
    expect(x.docCode.find((c) => c.code === '1')?.name).toBe('普通图书');
    expect(x.docCode.some((c) => c.code === '5')).toBe(false);
    const d = envelopeOf<DictResponse>(
      await t.call({ url: ApiPath.dict, mappingPath: other.mappingPath, body: {} }),
    ).data;
    expect(d.docCode.find((c) => c.code === '1')?.name).toBe('图书');
    expect(d.docCode.some((c) => c.code === '5')).toBe(true);
  });
});

describe('search fields, conditions and location dictionaries', () => {
  it('lists the configured search fields with numeric default match modes', async () => {
    const list = envelopeOf<SearchFieldPara[]>(
      await t.call({ url: ApiPath.searchFieldParaList, mappingPath: campus.mappingPath, lang: 'en_US' }),
    ).data;
    expect(list.length).toBeGreaterThanOrEqual(8);
    expect(list[0]).toMatchObject({
      searchField: 'Title',
      searchFieldCode: 'title',
      defaultMatchMode: 2,
      useFlag: '1',
      seq: 1,
    });
    expect(list.find((f) => f.searchFieldCode === 'callNo')?.defaultMatchMode).toBe(3);
    expect(list.map((f) => f.seq)).toEqual([...list.map((f) => f.seq)].sort((a, b) => a - b));
  });

  it('answers getConditionList with document types, countries and languages', async () => {
    const c = envelopeOf<ConditionList>(
      await t.call({ url: ApiPath.conditionList, mappingPath: campus.mappingPath }),
    ).data;
    const codes = (l: CodeName[]) => l.map((x) => x.code);
    expect(codes(c.documentTypeList)).toContain('1');
    expect(codes(c.countryList)).toContain('CN');
    expect(codes(c.languageList)).toEqual(expect.arrayContaining(['chi', 'eng', 'jpn']));
  });

  it('answers location/dict with campuses and location types', async () => {
    const d = envelopeOf<LocationDict>(
      await t.call({ url: ApiPath.locationDict, mappingPath: campus.mappingPath, lang: 'en_US' }),
    ).data;
    expect(d.campusCodes).toEqual([
      { campusId: '1', campusName: 'Central Campus' },
      { campusId: '2', campusName: 'East Campus' },
      { campusId: '3', campusName: 'Health Science Centre' },
    ]);
    expect(d.locationTypeSelectiveDtos.length).toBeGreaterThanOrEqual(4);
    expect(d.locationTypeSelectiveDtos[0]).toHaveProperty('locationTypeCode');
  });
});

describe('POST /find/location/list', () => {
  it('pages locations and counts them all', async () => {
    const page1 = envelopeOf<LocationList>(await locations({ page: 1, rows: 4 })).data;
    expect(page1.totalCount).toBe(11);
    expect(page1.donateList).toHaveLength(4);
    const page3 = envelopeOf<LocationList>(await locations({ page: 3, rows: 4 })).data;
    expect(page3.donateList).toHaveLength(3);
    const beyond = envelopeOf<LocationList>(await locations({ page: 9, rows: 4 })).data;
    expect(beyond).toEqual({ totalCount: 11, donateList: [] });
  });

  it('filters by campus (array or comma list), type, entrust and name in any language', async () => {
    const arr = envelopeOf<LocationList>(await locations({ campusIds: ['2', '3'] })).data;
    expect(arr.donateList.map((l) => l.locationId)).toEqual(['201', '202', '301', '302']);
    const str = envelopeOf<LocationList>(await locations({ campusIds: '2,3' })).data;
    expect(str.totalCount).toBe(4);
    const entrust = envelopeOf<LocationList>(await locations({ entrust: true, campusIds: ['2'] })).data;
    expect(entrust.donateList.map((l) => l.locationId)).toEqual(['201']);
    const byType = envelopeOf<LocationList>(await locations({ locationTypeCodes: ['2'] })).data;
    expect(byType.donateList.every((l) => ['103', '107', '302'].includes(l.locationId))).toBe(true);
    const byName = envelopeOf<LocationList>(await locations({ locationName: '期刊' })).data;
    expect(byName.totalCount).toBe(2);
    const byEnglishName = envelopeOf<LocationList>(await locations({ locationName: 'journals' }, 'en_US')).data;
    expect(byEnglishName.donateList.map((l) => l.locationName)).toEqual([
      'Chinese Journals Reading Room',
      'Medical Journals Reading Room',
    ]);
  });

  it('refuses a page or page size below 1 with a translated error, and clamps a large page size', async () => {
    const res = await locations({ page: 0, rows: 0 }, 'en_US');
    expect(res.statusCode).toBe(400);
    const env = envelopeOf(res);
    expect(env).toMatchObject({ success: false, errCode: 400, data: null });
    expect(env.message).toBe(
      text('en-US', 'badRequest', {
        detail: [`page ${ISSUE_WORDS['en-US'].invalid}`, `rows ${ISSUE_WORDS['en-US'].invalid}`].join(
          ISSUE_WORDS['en-US'].sep,
        ),
      }),
    );
    // The real API answers a large page size with its largest page (500 here), as clients expect.
    const large = envelopeOf<LocationList>(await locations({ page: 1, rows: 10000 })).data;
    expect(large.donateList).toHaveLength(11);
  });

  it('treats an empty body as the first page', async () => {
    const res = await t.call({ method: 'POST', url: ApiPath.locationList, mappingPath: campus.mappingPath });
    expect(envelopeOf<LocationList>(res).data.totalCount).toBe(11);
  });
});
