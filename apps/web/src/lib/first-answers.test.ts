import { describe, expect, it } from 'vitest';
import { parseSearchParams, searchPageRequest } from '@openfind/contract';
import { callKey, readFirstAnswers, takeFirstAnswer } from './first-answers';

const page = (json: string) => ({
  getElementById: (id: string) => (id === 'of-first-answers' ? ({ textContent: json } as HTMLElement) : null),
});
const FIRST = JSON.stringify({
  lang: 'zh-CN',
  answers: [
    {
      method: 'POST',
      path: '/find/homePage/getGroupCode',
      input: { mappingPath: 'x' },
      data: { groupCode: '1' },
      message: 'ok',
    },
    { method: 'GET', path: '/find/findConfig/getFindConfig', data: { loginFlag: '1' }, message: 'ok' },
  ],
});

describe('the answers the page carries', () => {
  it('stand in once for the same call with the same input; later calls go to the server', () => {
    expect(readFirstAnswers('zh-CN', page(FIRST))).toBe(2);
    expect(takeFirstAnswer('POST', '/find/homePage/getGroupCode', { mappingPath: 'y' })).toBeUndefined();
    expect(takeFirstAnswer('GET', '/find/homePage/getGroupCode', { mappingPath: 'x' })).toBeUndefined();
    expect(takeFirstAnswer('POST', '/find/homePage/getGroupCode', { mappingPath: 'x' })).toEqual({
      data: { groupCode: '1' },
      message: 'ok',
    });
    expect(takeFirstAnswer('POST', '/find/homePage/getGroupCode', { mappingPath: 'x' })).toBeUndefined();
    expect(takeFirstAnswer('GET', '/find/findConfig/getFindConfig', undefined)?.data).toEqual({ loginFlag: '1' });
  });

  it('are not used in another language, nor when the block is missing or damaged', () => {
    expect(readFirstAnswers('en-US', page(FIRST))).toBe(0);
    expect(takeFirstAnswer('GET', '/find/findConfig/getFindConfig', undefined)).toBeUndefined();
    expect(readFirstAnswers('zh-CN', page('{"lang":"zh-CN","answers":[{'))).toBe(0);
    expect(readFirstAnswers('zh-CN', { getElementById: () => null })).toBe(0);
  });

  it('key a call by method, path and input, whatever the order of its keys; undefined values do not count', () => {
    expect(callKey('GET', '/p', { a: '1', b: '2' })).toBe(callKey('GET', '/p', { b: '2', a: '1', c: undefined }));
    expect(callKey('GET', '/p', undefined)).toBe(callKey('GET', '/p', {}));
    expect(callKey('GET', '/p', { a: '1' })).not.toBe(callKey('POST', '/p', { a: '1' }));
    // The server writes a query's numbers as text.
    expect(callKey('GET', '/p', { recordId: 5 })).toBe(callKey('GET', '/p', { recordId: '5' }));
  });

  it("hand a visitor's answer (the record's details) to a visitor only, never to a logged-in reader", () => {
    const withRecord = JSON.stringify({
      lang: 'zh-CN',
      answers: [
        {
          method: 'GET',
          path: '/find/searchResultDetail/getDetail',
          input: { recordId: '5' },
          anonymous: true,
          data: { myFav: false },
          message: 'ok',
        },
      ],
    });
    readFirstAnswers('zh-CN', page(withRecord));
    expect(takeFirstAnswer('GET', '/find/searchResultDetail/getDetail', { recordId: 5 }, true)).toBeUndefined();
    expect(takeFirstAnswer('GET', '/find/searchResultDetail/getDetail', { recordId: 5 }, false)?.data).toEqual({
      myFav: false,
    });
  });
});

describe("a results page's answer (issue 31)", () => {
  it('stands in for the search the page makes: the body the server built from the URL, read back from the page', () => {
    const state = parseSearchParams(new URLSearchParams('searchFieldContent=红楼梦&docCode=1&onlyOnShelf=1&page=2'));
    const { body } = searchPageRequest(state);
    const server = JSON.stringify({
      lang: 'zh-CN',
      answers: [
        {
          method: 'POST',
          path: '/find/unify/search',
          input: body,
          anonymous: true,
          data: { numFound: 3 },
          message: 'ok',
        },
      ],
    });
    expect(readFirstAnswers('zh-CN', page(server))).toBe(1);
    // Another page of the same search is not this answer.
    expect(takeFirstAnswer('POST', '/find/unify/search', { ...body, page: 3 })).toBeUndefined();
    expect(takeFirstAnswer('POST', '/find/unify/search', body, true)).toBeUndefined();
    expect(takeFirstAnswer('POST', '/find/unify/search', searchPageRequest(state).body)).toEqual({
      data: { numFound: 3 },
      message: 'ok',
    });
  });
});
