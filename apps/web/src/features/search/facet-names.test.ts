import { describe, expect, it } from 'vitest';
import type { DictResponse } from '@openfind/contract';
import { facetNamer } from './facet-names';

const dict = {
  docCode: [{ code: '2', name: '期刊' }],
  campusCode: [{ code: '1', name: '中心校区', campusId: '1', campusName: '中心校区' }],
  locationId: [{ code: '101', name: '中文图书借阅区', campusId: '1', libCode: 'OFU' }],
  classNo: [{ code: 'K', name: '历史、地理' }],
  coreInclude: [{ code: 'PKU', name: '北大核心期刊' }],
  customCoreList: [{ code: 'LIB1', name: '本校重点期刊' }],
  ddType: [{ code: '1', name: '博士' }],
  databaseFindDtoList: [{ code: '12', name: '中国知网' }],
  collections: [{ recordId: 3, collectionName: '地方文献' }],
} as unknown as DictResponse;

describe('facet value names', () => {
  it('names codes from the code lists, locations for both location dimensions', () => {
    const nameOf = facetNamer(dict);
    expect(nameOf('docCode', '2')).toBe('期刊');
    expect(nameOf('campusId', '1')).toBe('中心校区');
    expect(nameOf('locationId', '101')).toBe('中文图书借阅区');
    expect(nameOf('curLocationId', '101')).toBe('中文图书借阅区');
  });

  it('names what records belong to: core lists (standard and the library’s own), degrees, databases, collections', () => {
    const nameOf = facetNamer(dict);
    expect(nameOf('coreInclude', 'PKU')).toBe('北大核心期刊');
    expect(nameOf('coreInclude', 'LIB1')).toBe('本校重点期刊');
    expect(nameOf('ddType', '1')).toBe('博士');
    expect(nameOf('eCollectionIds', '12')).toBe('中国知网');
    expect(nameOf('collectionName', '3')).toBe('地方文献');
    expect(nameOf('collectionName', '4')).toBe('4');
  });

  it('shows a class with its number', () => {
    expect(facetNamer(dict)('kindNo', 'K')).toBe('K 历史、地理');
  });

  it('keeps keys that are names already, unknown codes, and everything while the lists load', () => {
    expect(facetNamer(dict)('author', '鲁迅')).toBe('鲁迅');
    expect(facetNamer(dict)('docCode', '99')).toBe('99');
    expect(facetNamer(undefined)('docCode', '2')).toBe('2');
  });
});
