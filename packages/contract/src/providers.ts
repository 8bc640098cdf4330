import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { freeText } from './input.js';
import { RecordId } from './records.js';

/**
 * Third-party content (Duxiu, JD, CADAL, Chaoxing, WoS, LanBo…), answered by the configured
 * providers; with none configured the calls answer success with empty data.
 */

/** Query of the third-party GET calls: the record, optionally its ISBN and title. */
export const ExternalQuery = z.object({
  recordId: RecordId.optional(),
  isbn: z.string().trim().max(100).optional(),
  title: freeText(500)
    .transform((v) => v.trim())
    .optional(),
});
export type ExternalQuery = z.infer<typeof ExternalQuery>;
/** Body of the third-party POST calls. */
export const ExternalBody = ExternalQuery.extend({}).passthrough();
export type ExternalBody = z.infer<typeof ExternalBody>;
/** One resource a provider offers for the record. */
export const ExternalResource = z.object({
  title: z.string(),
  url: z.string().nullable(),
  image: z.string().nullable(),
  summary: z.string().nullable(),
  /** Citation counts, prices… as the provider gives them. */
  extra: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type ExternalResource = z.infer<typeof ExternalResource>;
/** Answer of every third-party content call; `provider` null and an empty `list` when none is configured. */
export const ExternalContent = z.object({
  provider: z.string().nullable(),
  list: z.array(ExternalResource),
});
export type ExternalContent = z.infer<typeof ExternalContent>;

const CONTENT_SUMMARY =
  'Third-party content, named by the last segment of the path; an empty list when no provider serves it, and the page hides the part';
/** A GET third-party content call: the record in the query. */
const inQuery = { input: ExternalQuery, output: ExternalContent, access: 'public', summary: CONTENT_SUMMARY } as const;
/** A POST third-party content call: the record in the body. */
const inBody = { input: ExternalBody, output: ExternalContent, access: 'public', summary: CONTENT_SUMMARY } as const;

/**
 * The third-party content calls of the record page, open to visitors. The server hands each to the
 * providers under its name, so a name here is the call a provider answers.
 */
export const ProviderCalls = calls('record', {
  getDuxiuEBook: get('/find/searchResultDetail/getDuxiuEBook', inQuery),
  getDuxiuTryRead: get('/find/searchResultDetail/getDuxiuTryRead', inQuery),
  getJdRes: get('/find/searchResultDetail/getJdRes', inQuery),
  getCadalRes: get('/find/searchResultDetail/getCadalRes', inQuery),
  getCxzxRes: get('/find/searchResultDetail/getCxzxRes', inQuery),
  getcxzxEBook: get('/find/searchResultDetail/getcxzxEBook', inQuery),
  getBookInfoFromLanBo: get('/find/searchResultDetail/getBookInfoFromLanBo', inQuery),
  wos: post('/find/searchResultDetail/wos', inBody),
  getBookinfo: post('/find/searchResultDetail/getBookinfo', inBody),
  getBookInfoFromJd: post('/find/searchResultDetail/getBookInfoFromJd', inBody),
  getBookInfoFromCxCkb: post('/find/searchResultDetail/getBookInfoFromCxCkb', inBody),
  getCatalog: post('/find/searchResultDetail/getCatalog', inBody),
  getLianTuCD: post('/find/searchResultDetail/getLianTuCD', inBody),
});
