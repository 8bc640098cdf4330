import type { CallRef, Endpoint } from '@openfind/contract';
import type { ZodType } from 'zod';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createHttpClient, toQueryString } from './http';
import type { HttpClientOptions, RequestContext, SessionToken } from './http';

/** A call of the table as the web build holds it (method and path), for paths made up here: any input. */
const ref = (method: 'GET' | 'POST', path: string) =>
  ({ method, path }) as CallRef<Endpoint<'GET' | 'POST', ZodType<unknown, object | undefined>, ZodType<unknown>>>;

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };
type Reply = (req: IncomingMessage, res: ServerResponse) => void;

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};
const ok = (data: unknown) => ({ success: true, message: '操作成功', errCode: 200, errorCode: null, data });
const fail = (errCode: number, message: string) => ({ success: false, message, errCode, errorCode: null, data: null });

let server: Server;
let baseUrl = '';
let seen: Seen[] = [];
let reply: Reply = (_req, res) => json(res, 200, ok(null));

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      reply(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  reply = (_req, res) => json(res, 200, ok(null));
});

function client(overrides: Partial<HttpClientOptions> = {}, token: SessionToken | null = null) {
  const context: RequestContext = { mappingPath: 'beiling', groupCode: '200616', lang: 'zh-TW' };
  const onError = vi.fn<(e: ApiError) => void>();
  const onUnauthorized = vi.fn<(e: ApiError) => void>();
  const http = createHttpClient({
    baseUrl,
    getContext: () => context,
    getToken: () => token,
    onError,
    onUnauthorized,
    ...overrides,
  });
  return { http, onError, onUnauthorized };
}

describe('http client', () => {
  it('sends the tenant, language and token headers on every call', async () => {
    const { http } = client({}, { header: 'jwtOpacAuth', value: 'token-1' });
    await http.call(ref('GET', '/find/findConfig/getFindConfig'));
    const headers = seen[0]?.headers ?? {};
    expect(headers.mappingpath).toBe('beiling');
    expect(headers.groupcode).toBe('200616');
    expect(headers['x-lang']).toBe('CHI');
    expect(headers['content-language']).toBe('zh_HK');
    expect(headers.jwtopacauth).toBe('token-1');
    // POSTs too: the server accepts a call that changes something only with the header token or
    // from the site's own pages (the cookie alone is not enough).
    await http.call(ref('POST', '/find/record/addmyfav'), { recordId: 1 });
    await http.callWithMessage(ref('POST', '/find/bindMailAndPhone/updateUserMailAndPhone'), {});
    expect(seen.map((r) => r.headers.jwtopacauth)).toEqual(['token-1', 'token-1', 'token-1']);
  });

  it('sends an empty mappingPath for the default tenant and no groupCode or token until known', async () => {
    const http = createHttpClient({
      baseUrl,
      getContext: () => ({ mappingPath: '', groupCode: '', lang: 'en-US' }),
      getToken: () => null,
    });
    await http.call(ref('POST', '/find/homePage/getGroupCode'), { mappingPath: '' });
    const headers = seen[0]?.headers ?? {};
    expect(headers.mappingpath).toBe('');
    expect(headers.groupcode).toBeUndefined();
    expect(headers.jwtopacauth).toBeUndefined();
    expect(headers['x-lang']).toBe('ENG');
    expect(headers['content-language']).toBe('en_US');
  });

  it('puts GET parameters in the query string and POST payloads in a JSON body', async () => {
    const { http } = client();
    await http.call(ref('GET', '/find/a'), { page: 1, rows: 10, q: '中华书局', ids: ['1', '2'], skip: undefined });
    await http.call(ref('POST', '/find/b'), { libCode: 'A01' });
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.url).toBe('/find/a?page=1&rows=10&q=%E4%B8%AD%E5%8D%8E%E4%B9%A6%E5%B1%80&ids=1&ids=2');
    expect(seen[1]?.method).toBe('POST');
    expect(seen[1]?.headers['content-type']).toContain('application/json');
    expect(JSON.parse(seen[1]?.body ?? '')).toEqual({ libCode: 'A01' });
  });

  it('uploads a file as the whole body, declared by its type when allowed, with the headers and the message', async () => {
    const { http } = client({}, { header: 'jwtOpacAuth', value: 'token-1' });
    reply = (_req, res) => json(res, 200, { ...ok({ avatarUrl: '/x' }), message: '上傳成功！' });
    const types = ['image/jpeg', 'image/png'];
    const answer = await http.upload(
      ref('POST', '/find/userInfo/uploadAvatar'),
      new Blob(['abc'], { type: 'image/png' }),
      types,
    );
    await http.upload(ref('POST', '/find/userInfo/uploadAvatar'), new Blob(['def'], { type: 'image/gif' }), types);
    expect(answer).toEqual({ data: { avatarUrl: '/x' }, message: '上傳成功！' });
    expect(seen.map((r) => [r.method, r.headers['content-type'], r.body, r.headers.jwtopacauth])).toEqual([
      ['POST', 'image/png', 'abc', 'token-1'],
      ['POST', 'application/octet-stream', 'def', 'token-1'],
    ]);
    expect(seen[0]?.headers.mappingpath).toBe('beiling');
  });

  it('puts the configured prefix in front of every path', async () => {
    const { http } = client({ prefix: '/portal/' });
    await http.call(ref('GET', '/find/x'));
    expect(seen[0]?.url).toBe('/portal/find/x');
  });

  it('resolves to the envelope data on success', async () => {
    reply = (_req, res) => json(res, 200, ok({ groupCode: '200616' }));
    const { http, onError } = client();
    await expect(http.call(ref('GET', '/find/x'))).resolves.toEqual({ groupCode: '200616' });
    expect(onError).not.toHaveBeenCalled();
  });

  it('gives the server message with the data when the caller shows it', async () => {
    reply = (_req, res) => json(res, 200, { ...ok({ favoritesId: 7 }), message: '收藏成功' });
    const { http } = client();
    await expect(http.callWithMessage(ref('POST', '/find/record/addmyfav'), { recordId: 1 })).resolves.toEqual({
      data: { favoritesId: 7 },
      message: '收藏成功',
    });
  });

  it('rejects a business failure and reports the server message', async () => {
    reply = (_req, res) => json(res, 200, fail(40001, '未知的機構'));
    const { http, onError, onUnauthorized } = client();
    const error = await http.call(ref('GET', '/find/x')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'business', errCode: 40001, message: '未知的機構' });
    expect(onError).toHaveBeenCalledOnce();
    expect(onError.mock.calls[0]?.[0].message).toBe('未知的機構');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not report failures of silent calls', async () => {
    reply = (_req, res) => json(res, 200, fail(500, 'boom'));
    const { http, onError } = client();
    await expect(http.call(ref('GET', '/oga/opaclibcode/getlibs'), undefined, { silent: true })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(onError).not.toHaveBeenCalled();
  });

  it.each([
    ['HTTP status 401', (res: ServerResponse) => json(res, 401, fail(401, 'expired'))],
    ['errCode 401', (res: ServerResponse) => json(res, 200, fail(401, 'expired'))],
    ["the 'xxx' message", (res: ServerResponse) => json(res, 200, fail(500, 'xxx'))],
    ['a 401 without a body', (res: ServerResponse) => res.writeHead(401).end()],
  ])('treats %s as an expired login', async (_name, respond) => {
    reply = (_req, res) => respond(res);
    const { http, onError, onUnauthorized } = client({}, { header: 'jwtOpacAuth', value: 't' });
    const error = await http.call(ref('GET', '/oga/userinfo')).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unauthorized' });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(onError).not.toHaveBeenCalled();
  });

  it.each([
    ['logged out', null],
    ['logged in again', { header: 'jwtOpacAuth', value: 'token-2' }],
  ])('does not call a 401 an expired login when the reader has %s while the call was in flight', async (_n, next) => {
    let token: SessionToken | null = { header: 'jwtOpacAuth', value: 'token-1' };
    reply = (_req, res) => {
      token = next;
      json(res, 401, fail(401, 'expired'));
    };
    const { http, onError, onUnauthorized } = client({ getToken: () => token });
    const error = await http.call(ref('GET', '/oga/userinfo')).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unauthorized' });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
    expect(seen[0]?.headers.jwtopacauth).toBe('token-1');
  });

  it('gives up after the timeout and reports it', async () => {
    reply = (_req, res) => setTimeout(() => json(res, 200, ok(null)), 500);
    const { http, onError } = client({ timeoutMs: 50 });
    const started = Date.now();
    const error = await http.call(ref('GET', '/find/slow')).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(400);
    expect(onError).toHaveBeenCalledOnce();
  });

  it('uses a 30 000 ms timeout by default', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const pending: Array<(v: Response) => void> = [];
      const fetchImpl = vi.fn(
        (_url: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((resolve, reject) => {
            pending.push(resolve);
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      );
      const { http } = client({ fetchImpl: fetchImpl as unknown as typeof fetch });
      const result = http.call(ref('GET', '/find/x')).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(29_999);
      expect(fetchImpl.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await expect(result).resolves.toMatchObject({ kind: 'timeout' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports a network failure', async () => {
    const { http, onError } = client({ baseUrl: 'http://127.0.0.1:9' });
    await expect(http.call(ref('GET', '/find/x'))).rejects.toMatchObject({ kind: 'network' });
    expect(onError).toHaveBeenCalledOnce();
  });

  it('reports a non-envelope error response as an HTTP failure', async () => {
    reply = (_req, res) => {
      res.writeHead(502, { 'Content-Type': 'text/plain' });
      res.end('');
    };
    const { http, onError } = client();
    await expect(http.call(ref('GET', '/find/x'))).rejects.toMatchObject({ kind: 'http', status: 502 });
    expect(onError).toHaveBeenCalledOnce();
  });

  it('stays quiet when the caller cancels', async () => {
    reply = (_req, res) => setTimeout(() => json(res, 200, ok(null)), 300);
    const { http, onError } = client();
    const controller = new AbortController();
    const result = http.call(ref('GET', '/find/x'), undefined, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(result).rejects.not.toBeInstanceOf(ApiError);
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('toQueryString', () => {
  it("hands out the page's answer to a call at once, without a request (a query's initial data)", async () => {
    const takeFirstAnswer = vi.fn((method: string, path: string, input: unknown) =>
      path === '/find/unify/search' && (input as { page: number }).page === 1
        ? { data: { numFound: 3 }, message: 'ok' }
        : undefined,
    );
    const { http } = client({ takeFirstAnswer });
    expect(http.firstAnswer(ref('POST', '/find/unify/search'), { page: 1 })).toEqual({ numFound: 3 });
    expect(http.firstAnswer(ref('POST', '/find/unify/search'), { page: 2 })).toBeUndefined();
    expect(takeFirstAnswer).toHaveBeenCalledWith('POST', '/find/unify/search', { page: 2 });
    expect(seen).toHaveLength(0);
  });

  it('leaves out null and undefined and is empty for no parameters', () => {
    expect(toQueryString(undefined)).toBe('');
    expect(toQueryString({ a: null, b: undefined })).toBe('');
    expect(toQueryString({ flag: true, n: 0 })).toBe('?flag=true&n=0');
  });
});
