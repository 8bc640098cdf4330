import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CONTENT_LANGUAGE,
  DEFAULT_LANG,
  DictionaryCalls,
  Header,
  LANGUAGES,
  RecordDetailCalls,
  SearchCalls,
  SiteConfigCalls,
  TenantCalls,
  X_LANG,
  isReservedMappingPath,
  isRunnable,
  parseSearchParams,
  searchFacetRequest,
  searchPageRequest,
  type Endpoint,
  type Lang,
} from '@openfind/contract';

/**
 * The answers a page needs before it can paint anything, put into the HTML itself (issue 31):
 * without them a phone waits for the app's code, then the tenant, then the site configuration, then
 * menus, logo and libraries — four round trips before the first useful pixel. The answers are those
 * of the real calls (made here with `inject`, the same handlers, checks and envelope), so the web
 * app's client hands them out in place of the first request of each and asks the server for every
 * later one.
 */

/**
 * Marks the calls made here for a page, so that the log shows the page once, not seven requests: a
 * value drawn at start, which no outside request can send.
 */
const FIRST_ANSWER_HEADER = 'x-openfind-first-answer';
const FIRST_ANSWER_MARK = randomBytes(16).toString('hex');

/** True for a call made here for a page's answers (left out of the request log). */
export function isFirstAnswerCall(req: FastifyRequest): boolean {
  return req.headers[FIRST_ANSWER_HEADER] === FIRST_ANSWER_MARK;
}

/** The cookie in which the web app mirrors the reader's language (localStorage `langFlag`) for the server. */
export const LANG_COOKIE = 'of_lang';

/**
 * One call as the web app makes it: method, path and input (a GET's query, a POST's body).
 * `anonymous`: the answer is a visitor's (made without the reader's session), for the web app to
 * use only when no reader is logged in (a reader's answer says what they keep, rated…).
 */
export type FirstCall = {
  method: Endpoint['method'];
  path: string;
  /** A GET's query (strings) or a POST's body. */
  input?: Record<string, unknown>;
  anonymous?: true;
};
/** A call with the `data` and `message` of its successful answer. */
export type FirstAnswer = FirstCall & { data: unknown; message: string };
/** What the page carries: the language the answers are in and the answers. */
export type FirstAnswers = { lang: Lang; answers: FirstAnswer[] };

const at = (call: Endpoint, input?: Record<string, unknown>): FirstCall => ({
  method: call.method,
  path: call.path,
  input,
});

/** The calls of every screen's start, for the institution at `mappingPath` (the web app's `main.tsx` and gates). */
export function firstCalls(mappingPath: string): FirstCall[] {
  return [
    at(TenantCalls.getGroupCode, { mappingPath }),
    at(SiteConfigCalls.getFindConfig),
    at(SiteConfigCalls.getMenuList),
    at(SiteConfigCalls.getLogoUrl),
    at(SiteConfigCalls.institutionGet),
    at(DictionaryCalls.getLibraryList),
  ];
}

/** The largest record id the contract takes (a 32-bit integer). */
const MAX_ID = 2 ** 31 - 1;

/**
 * The calls of the screen itself, for a visitor (`anonymous`), whose answers are what a phone paints
 * last: the record page's details (its heading and cover), the results page's page of results and
 * its facet counts (the same two calls as the web app's, built from the URL by the contract's
 * `parseSearchParams`). None for other screens, or for a results URL that asks for nothing.
 */
export function screenCalls(url: string): FirstCall[] {
  const [first, second, id, ...rest] = appPathOf(url).split('/').filter(Boolean);
  if (first === 'searchList' && second === undefined) return searchCallsOf(url);
  // `/searchList/bookDetails/{id}[/{type}]` (spec §2).
  if (first !== 'searchList' || second !== 'bookDetails' || rest.length > 1) return [];
  if (!id || !/^[1-9]\d{0,9}$/.test(id) || Number(id) > MAX_ID) return [];
  return [{ ...at(RecordDetailCalls.getDetail, { recordId: id }), anonymous: true }];
}

function searchCallsOf(url: string): FirstCall[] {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const state = parseSearchParams(new URLSearchParams(query));
  if (!isRunnable(state)) return [];
  return [searchPageRequest(state), searchFacetRequest(state)].map(({ kind, body }) => ({
    ...at(SearchCalls[kind], body),
    anonymous: true,
  }));
}

/** The institution's mapping path in a page's URL, as the web app reads it (`detectTenant`). */
export function mappingPathOf(url: string): string {
  const first = (url.split('?')[0] ?? '').split('/')[1] ?? '';
  let segment: string;
  try {
    segment = decodeURIComponent(first);
  } catch {
    return '';
  }
  return !segment || isReservedMappingPath(segment) ? '' : segment;
}

/**
 * The page's path within the app: without its query and without the institution's mapping path
 * (`/beiling/searchList/bookDetails/5?x` → `/searchList/bookDetails/5`), still encoded.
 */
export function appPathOf(url: string): string {
  const segments = (url.split('?')[0] ?? '').split('/');
  if (mappingPathOf(url)) segments.splice(1, 1);
  return segments.join('/') || '/';
}

/** The page's language: the web app's cookie, else the default (the app ignores answers in another language). */
export function pageLang(req: FastifyRequest): Lang {
  const value = req.cookies?.[LANG_COOKIE];
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Lang) : DEFAULT_LANG;
}

/**
 * Makes the first calls of the page at `url` and returns their answers; none when the institution is
 * unknown (the app then asks, and shows its unknown-institution page) or when a call fails (the app
 * asks that one again and shows the failure as it would).
 */
export async function firstAnswers(
  app: FastifyInstance,
  url: string,
  lang: Lang,
  /** The reader's address: the calls are made as theirs (a search counts among the popular ones per address). */
  client: string,
): Promise<FirstAnswers> {
  const mappingPath = mappingPathOf(url);
  const answers: FirstAnswer[] = [];
  let groupCode = '';
  const start = firstCalls(mappingPath);
  const screen = screenCalls(url);
  for (const call of [...start, ...screen]) {
    const isScreenCall = !start.includes(call);
    const query = call.method === 'GET' ? new URLSearchParams(call.input as Record<string, string>).toString() : '';
    const res = await app.inject({
      method: call.method,
      remoteAddress: client,
      url: query ? `${call.path}?${query}` : call.path,
      headers: {
        [FIRST_ANSWER_HEADER]: FIRST_ANSWER_MARK,
        [Header.mappingPath]: mappingPath,
        [Header.lang]: X_LANG[lang],
        [Header.contentLanguage]: CONTENT_LANGUAGE[lang],
        ...(groupCode ? { [Header.groupCode]: groupCode } : {}),
        ...(call.method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      ...(call.method === 'POST' ? { payload: JSON.stringify(call.input ?? {}) } : {}),
    });
    // A failed start-up call ends the answers (the app asks again and shows the failure); a failed
    // screen call (no such record) is left to the app, which asks and shows its not-found page.
    if (res.statusCode !== 200) {
      if (isScreenCall) continue;
      break;
    }
    const envelope = res.json<{ success: boolean; data: unknown; message: string }>();
    if (!envelope.success) {
      if (isScreenCall) continue;
      break;
    }
    if (call.path === TenantCalls.getGroupCode.path) groupCode = (envelope.data as { groupCode: string }).groupCode;
    answers.push({ ...call, data: envelope.data, message: envelope.message });
  }
  return { lang, answers };
}

/** The answers as a data block for the page's <head>: JSON that no `</script>` or `<!--` inside can end early. */
export function firstAnswersScript(first: FirstAnswers): string {
  const json = JSON.stringify(first)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="of-first-answers">${json}</script>`;
}
