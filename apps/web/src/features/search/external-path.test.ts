import { describe, expect, it } from 'vitest';
import { parseExternalPath, parseResourcePath } from './external-path';

describe('external search links (spec §2)', () => {
  it('reads {searchType}/{keyword}/{matchType}', () => {
    expect(parseExternalPath('title/中华书局/1')).toMatchObject({
      field: 'title',
      text: '中华书局',
      matchMode: '1',
      filters: {},
    });
  });

  it('reads the optional {docType} as a document-type filter', () => {
    expect(parseExternalPath('author/老舍/2/1')).toMatchObject({ field: 'author', filters: { docCode: ['1'] } });
  });

  it('shows home (null) for an empty keyword', () => {
    expect(parseExternalPath('title//2')).toBeNull();
    expect(parseExternalPath('title/%20/2')).toBeNull();
  });

  it('reads the earlier form {keyword}/{matchType}/{docType}', () => {
    expect(parseExternalPath('红楼梦/2/1')).toMatchObject({
      field: 'keyWord',
      text: '红楼梦',
      matchMode: '2',
      filters: { docCode: ['1'] },
    });
  });

  it('decodes encoded keywords and falls back to defaults for unknown scopes and modes', () => {
    expect(parseExternalPath('nope/%E4%B8%AD%E5%9B%BD/9')).toMatchObject({
      field: 'keyWord',
      text: '中国',
      matchMode: '2',
    });
  });

  it('reads resource links as a resource-type filter', () => {
    expect(
      parseResourcePath({ searchType: 'title', keyword: '史记', matchType: '2', resourceType: '2' }),
    ).toMatchObject({ field: 'title', text: '史记', filters: { resourceType: ['2'] } });
    expect(parseResourcePath({ searchType: 'title', keyword: '', matchType: '2' })).toBeNull();
  });
});
