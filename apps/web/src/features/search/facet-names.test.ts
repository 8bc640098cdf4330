import { describe, expect, it } from 'vitest';
import type { DictResponse } from '@openfind/contract';
import { facetNamer } from './facet-names';

const dict = {
  docCode: [{ code: '2', name: '期刊' }],
  campusCode: [{ code: '1', name: '中心校区', campusId: '1', campusName: '中心校区' }],
  locationId: [{ code: '101', name: '中文图书借阅区', campusId: '1', libCode: 'OFU' }],
  classNo: [{ code: 'K', name: '历史、地理' }],
} as unknown as DictResponse;

describe('facet value names', () => {
  it('names codes from the code lists, locations for both location dimensions', () => {
    const nameOf = facetNamer(dict);
    expect(nameOf('docCode', '2')).toBe('期刊');
    expect(nameOf('campusId', '1')).toBe('中心校区');
    expect(nameOf('locationId', '101')).toBe('中文图书借阅区');
    expect(nameOf('curLocationId', '101')).toBe('中文图书借阅区');
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
