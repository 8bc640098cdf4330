import { CONTENT_LANGUAGE, ErrCode, Header, X_LANG } from '@openfind/contract';
import type { CallRef, Endpoint, EntryOf, Envelope, InputOf, Lang, OutputOf } from '@openfind/contract';

/** Spec §9: every call gives up after 30 s. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** errCode of an expired or missing session. */
export const UNAUTHORIZED_ERR_CODE = ErrCode.unauthorized;
/** Spec §8: the global handler reads this server message as a login timeout. */
export const LOGIN_TIMEOUT_MESSAGE = 'xxx';

/** What went wrong, so that the global handler can word it. */
export type ApiErrorKind = 'business' | 'unauthorized' | 'timeout' | 'network' | 'http' | 'parse';

/** A failed call: a business failure (`success:false`), an expired session or a transport problem. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly errCode: number | null = null,
    readonly status: number | null = null,
    readonly envelope: Envelope<unknown> | null = null,
  ) {
    super(message);
  }
}

/** Who is asking: sent as headers on every call. */
export type RequestContext = { mappingPath: string; groupCode: string; lang: Lang };
/** The session token and the name of the header that carries it. */
export type SessionToken = { header: string; value: string };

export type HttpClientOptions = {
  /** Origin for absolute URLs (tests); '' in the browser. */
  baseUrl?: string;
  /** Path prefix in front of every API path (VITE_API_PREFIX). */
  prefix?: string;
  timeoutMs?: number;
  getContext: () => RequestContext;
  getToken: () => SessionToken | null;
  /**
   * Called on HTTP 401, errCode 401 or the 'xxx' message — unless the call was sent under a session
   * that has since ended or been replaced (a call still in flight at logout or at the next login):
   * that answer is about a login the reader already left, so it fails without the expired dialog.
   */
  onUnauthorized?: (error: ApiError) => void;
  /**
   * The answer the page already carries for a call (the first calls, put into the HTML by the
   * server), handed out in place of a request; undefined sends the request.
   */
  takeFirstAnswer?: (method: string, path: string, input: unknown) => { data: unknown; message: string } | undefined;
  /** Called on every other failure of a call that is not silent. */
  onError?: (error: ApiError) => void;
  fetchImpl?: typeof fetch;
};

export type RequestOptions = {
  /** Cancels the call (TanStack Query passes one). */
  signal?: AbortSignal;
  /** Do not report a business or transport failure (spec §8: some calls fail silently). */
  silent?: boolean;
  /** Send this session's token instead of the current one (the logout of a session already forgotten here). */
  token?: SessionToken | null;
  timeoutMs?: number;
};

type Scalar = string | number | boolean;
/** A query-string value; arrays repeat the key, null and undefined are left out. */
export type QueryValue = Scalar | null | undefined | readonly Scalar[];
export type Query = Record<string, QueryValue>;

/** The arguments of a call: its input (optional where the call takes none or may go without), then options. */
export type CallArgs<E extends Endpoint> =
  undefined extends InputOf<E>
    ? [input?: InputOf<E>, options?: RequestOptions]
    : [input: InputOf<E>, options?: RequestOptions];

export type HttpClient = {
  /**
   * Makes a call of the contract's table (`Calls` of `@openfind/contract/calls`): a GET sends the
   * input as its query string, a POST as its JSON body; resolves to the envelope's `data`, typed by
   * the entry.
   */
  call<R extends CallRef>(call: R, ...args: NoInfer<CallArgs<EntryOf<R>>>): Promise<OutputOf<EntryOf<R>>>;
  /** A call whose success message is shown to the reader (spec §8: favourites, code sends…): `data` and `message`. */
  callWithMessage<R extends CallRef>(
    call: R,
    ...args: NoInfer<CallArgs<EntryOf<R>>>
  ): Promise<{ data: OutputOf<EntryOf<R>>; message: string }>;
  /**
   * The page's answer to a call, at once, if it carries one (handed out once, as by `call`): a
   * query's `initialData`, so that the screen's first render shows it instead of a placeholder.
   */
  firstAnswer<R extends CallRef>(call: R, input: NoInfer<InputOf<EntryOf<R>>>): OutputOf<EntryOf<R>> | undefined;
  /**
   * POSTs a file as the whole request body (a call whose input is the bytes themselves, such as the
   * avatar upload), declared by the file's type when it is one of `types`, else as plain bytes:
   * `data` and `message`, as callWithMessage.
   */
  upload<R extends CallRef>(
    call: R,
    file: Blob,
    types: readonly string[],
    options?: RequestOptions,
  ): Promise<{ data: OutputOf<EntryOf<R>>; message: string }>;
};

/** Builds `?a=1&b=x&b=y` from a query object. */
export function toQueryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    const values: readonly Scalar[] = Array.isArray(value) ? value : [value as Scalar];
    for (const v of values) params.append(key, String(v));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The headers every call carries (spec §7). */
export function buildHeaders(context: RequestContext, token: SessionToken | null, hasBody: boolean) {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [Header.mappingPath]: context.mappingPath,
    [Header.lang]: X_LANG[context.lang],
    [Header.contentLanguage]: CONTENT_LANGUAGE[context.lang],
  };
  if (context.groupCode) headers[Header.groupCode] = context.groupCode;
  if (token?.value) headers[token.header] = token.value;
  if (hasBody) headers['Content-Type'] = 'application/json;charset=UTF-8';
  return headers;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { success?: unknown }).success === 'boolean';
}

function isUnauthorized(status: number, envelope: Envelope<unknown> | null): boolean {
  if (status === 401) return true;
  if (!envelope) return false;
  return envelope.errCode === UNAUTHORIZED_ERR_CODE || envelope.message === LOGIN_TIMEOUT_MESSAGE;
}

/** Ties an optional caller signal and a timeout to one controller. */
function withTimeout(ms: number, outer: AbortSignal | undefined) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ms);
  const onOuterAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener('abort', onOuterAbort, { once: true });
  return {
    signal: controller.signal,
    isTimedOut: () => timedOut,
    dispose: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    },
  };
}

/** Creates the one HTTP client of spec §7: headers, envelope, timeout, 401 and error reporting. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const base = `${options.baseUrl ?? ''}${(options.prefix ?? '').replace(/\/+$/, '')}`;
  const doFetch = options.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  const fail = (error: ApiError, silent: boolean, sentWith?: string): never => {
    if (error.kind === 'unauthorized') {
      if (sentWith === undefined || sentWith === (options.getToken()?.value ?? '')) options.onUnauthorized?.(error);
    } else if (!silent) options.onError?.(error);
    throw error;
  };

  async function send<T>(
    method: 'GET' | 'POST',
    url: string,
    body: unknown,
    opts: RequestOptions,
    file?: { blob: Blob; type: string },
  ): Promise<{ data: T; message: string }> {
    const hasBody = method === 'POST';
    const token = opts.token !== undefined ? opts.token : options.getToken();
    const headers = buildHeaders(options.getContext(), token, hasBody);
    if (file) headers['Content-Type'] = file.type;
    const timeout = withTimeout(opts.timeoutMs ?? options.timeoutMs ?? REQUEST_TIMEOUT_MS, opts.signal);
    const silent = opts.silent ?? false;
    let response: Response;
    let payload: unknown = null;
    try {
      response = await doFetch(url, {
        method,
        headers,
        credentials: 'include',
        body: file ? file.blob : hasBody ? JSON.stringify(body ?? {}) : undefined,
        signal: timeout.signal,
      });
      const text = await response.text();
      payload = text ? (JSON.parse(text) as unknown) : null;
    } catch (cause) {
      if (timeout.isTimedOut()) return fail(new ApiError('timeout', ''), silent);
      // A caller cancellation is not a failure to report.
      if (opts.signal?.aborted) throw cause;
      const kind = cause instanceof SyntaxError ? 'parse' : 'network';
      return fail(new ApiError(kind, cause instanceof Error ? cause.message : String(cause)), silent);
    } finally {
      timeout.dispose();
    }
    const envelope = isEnvelope(payload) ? payload : null;
    if (isUnauthorized(response.status, envelope)) {
      const message = envelope?.message === LOGIN_TIMEOUT_MESSAGE ? '' : (envelope?.message ?? '');
      return fail(
        new ApiError('unauthorized', message, envelope?.errCode ?? UNAUTHORIZED_ERR_CODE, response.status, envelope),
        silent,
        token?.value ?? '',
      );
    }
    if (envelope && !envelope.success) {
      return fail(new ApiError('business', envelope.message, envelope.errCode, response.status, envelope), silent);
    }
    if (!response.ok)
      return fail(new ApiError('http', envelope?.message ?? '', null, response.status, envelope), silent);
    if (!envelope) return fail(new ApiError('parse', '', null, response.status), silent);
    return { data: envelope.data as T, message: envelope.message };
  }

  /** The URL and body of a call of the table. */
  const callOf = (call: CallRef, input: unknown) =>
    call.method === 'GET'
      ? { url: `${base}${call.path}${toQueryString(input as Query | undefined)}`, body: undefined }
      : { url: `${base}${call.path}`, body: input };

  return {
    call: async <R extends CallRef>(call: R, ...[input, opts = {}]: CallArgs<EntryOf<R>>) => {
      const first = options.takeFirstAnswer?.(call.method, call.path, input);
      if (first) return first.data as OutputOf<EntryOf<R>>;
      const { url, body } = callOf(call, input);
      return (await send<OutputOf<EntryOf<R>>>(call.method, url, body, opts)).data;
    },
    callWithMessage: async <R extends CallRef>(call: R, ...[input, opts = {}]: CallArgs<EntryOf<R>>) => {
      const first = options.takeFirstAnswer?.(call.method, call.path, input);
      if (first) return first as { data: OutputOf<EntryOf<R>>; message: string };
      const { url, body } = callOf(call, input);
      return send<OutputOf<EntryOf<R>>>(call.method, url, body, opts);
    },
    firstAnswer: <R extends CallRef>(call: R, input: InputOf<EntryOf<R>>) =>
      options.takeFirstAnswer?.(call.method, call.path, input)?.data as OutputOf<EntryOf<R>> | undefined,
    upload: <R extends CallRef>(call: R, file: Blob, types: readonly string[], opts: RequestOptions = {}) => {
      const type = types.includes(file.type) ? file.type : 'application/octet-stream';
      return send<OutputOf<EntryOf<R>>>('POST', `${base}${call.path}`, undefined, opts, { blob: file, type });
    },
  };
}
