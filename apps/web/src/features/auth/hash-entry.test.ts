import { describe, expect, it } from 'vitest';
import { entryDestination, pageTypeDestination, parseEntryLink } from './hash-entry';

const to = (hash: string, search = '') => {
  const entry = parseEntryLink(hash, search);
  return entry ? entryDestination(entry) : null;
};

describe('entry by URL hash', () => {
  it('reads the token and pageType of the single-sign-on redirect', () => {
    const entry = parseEntryLink('#/Home?jwt=abc&jwtHeader=jwtOpacAuth&pageType=0&navigation=1');
    expect(entry).toMatchObject({ path: '/Home', jwt: 'abc', jwtHeader: 'jwtOpacAuth', pageType: '0' });
    expect(entryDestination(entry!)).toEqual({ path: '/personalCenter' });
  });

  it('maps every pageType of the table', () => {
    const table: Array<[string, string]> = [
      ['0', '/personalCenter'],
      ['4', '/personalExternal/4'],
      ['5', '/personalExternal/5'],
      ['6', '/personalExternal/6'],
      ['7', '/personalExternal/7'],
      ['10', '/personalExternal/10'],
      ['14', '/personalExternal/14'],
      ['11', '/personalExternal/8'],
      ['9', '/personalExternal/11'],
      ['8', '/customTabs'],
      ['101', '/searchList'],
      ['102', '/Home'],
      ['103', '/drivePurchas'],
      ['104', '/newBookInform'],
      ['108', '/dataBaseNav'],
    ];
    const none = { recordId: '', searchType: '', keyword: '', matchType: '' };
    for (const [pageType, path] of table)
      expect([pageType, pageTypeDestination({ ...none, pageType })]).toEqual([pageType, path]);
    expect(pageTypeDestination({ ...none, pageType: '102', recordId: '42' })).toBe('/searchList/bookDetails/42');
    expect(pageTypeDestination({ ...none, pageType: '108', recordId: '7' })).toBe('/dataBaseNav/details/7');
    expect(pageTypeDestination({ ...none, pageType: '102', recordId: '../x' })).toBe('/Home');
    expect(pageTypeDestination({ ...none, pageType: '999' })).toBeNull();
    expect(
      pageTypeDestination({ ...none, pageType: '101', keyword: '红楼梦', searchType: 'title', matchType: '1' }),
    ).toBe('/searchList?searchFieldContent=%E7%BA%A2%E6%A5%BC%E6%A2%A6&searchField=title&matchMode=1');
  });

  it('leads a search without pageType to the external search route', () => {
    expect(to('#/Home?searchType=title&keyword=a%2Fb&matchType=1&docType=1')).toEqual({
      path: '/searchListExternal/title/a%2Fb/1/1',
    });
    expect(to('#/Home?searchType=title&keyword=x')).toEqual({ path: '/searchListExternal/title/x/2' });
  });

  it('sends uid and relevanceUid to the bind screens with the ticket in navigation state', () => {
    expect(to('#/Home?uid=t1')).toEqual({ path: '/bindUid', state: { uid: 't1' } });
    expect(to('#/Home?relevanceUid=t2')).toEqual({ path: '/relevanceUid', state: { uid: 't2' } });
  });

  it('goes back to the login screen after a failed CAS round trip', () => {
    expect(to('#/login?ssoError=cas')).toEqual({ path: '/login?ssoError=cas' });
  });

  it('ignores in-page anchors and page parameters that are not entry parameters', () => {
    expect(parseEntryLink('#main')).toBeNull();
    expect(parseEntryLink('', '?searchFieldContent=x&page=2')).toBeNull();
    expect(parseEntryLink('', '?keyword=x&searchType=title')).toBeNull();
    expect(parseEntryLink('')).toBeNull();
  });

  it('accepts the entry parameters in the query string too', () => {
    expect(parseEntryLink('', '?jwt=a&jwtHeader=h&pageType=104')).toMatchObject({ jwt: 'a', pageType: '104' });
    expect(parseEntryLink('', '?libCode=OFU-MED')).toMatchObject({ libCode: 'OFU-MED' });
    expect(parseEntryLink('', '?libCode=OFU-MED', '/xihu/Home')).toMatchObject({ libCode: 'OFU-MED' });
    expect(to('#/unknownPage?navigation=1')).toEqual({ path: '/Home' });
  });

  it("leaves a search page's library filter alone: it is not a library choice", () => {
    expect(parseEntryLink('', '?searchFieldContent=x&libCode=OFU', '/searchList')).toBeNull();
    expect(parseEntryLink('', '?kindNo=I&libCode=OFU', '/xihu/categorySearchList')).toBeNull();
    // Other entry parameters there still count, the library filter is not taken for a choice.
    expect(parseEntryLink('', '?jwt=a&libCode=OFU', '/searchList')).toMatchObject({ jwt: 'a', libCode: '' });
    // In the hash it is the entry link's own.
    expect(parseEntryLink('#/Home?libCode=OFU', '', '/searchList')).toMatchObject({ libCode: 'OFU' });
  });
});
