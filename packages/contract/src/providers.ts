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

/** What a third-party content call at `path` answers; its last segment names it (to the providers too). */
const content = (path: string) => {
  const call = path.slice(path.lastIndexOf('/') + 1);
  const summary = `Third-party content (${call}); an empty list when no provider serves it, and the page hides the part`;
  return { output: ExternalContent, access: 'public', summary } as const;
};
/** A GET third-party content call: the record in the query. */
const contentGet = (path: string) => get(path, { input: ExternalQuery, ...content(path) });
/** A POST third-party content call: the record in the body. */
const contentPost = (path: string) => post(path, { input: ExternalBody, ...content(path) });

/**
 * The third-party content calls of the record page, open to visitors. The server hands each to the
 * providers under its name, so a name here is the call a provider answers.
 */
export const ProviderCalls = calls('record', {
  getDuxiuEBook: contentGet('/find/searchResultDetail/getDuxiuEBook'),
  getDuxiuTryRead: contentGet('/find/searchResultDetail/getDuxiuTryRead'),
  getJdRes: contentGet('/find/searchResultDetail/getJdRes'),
  getCadalRes: contentGet('/find/searchResultDetail/getCadalRes'),
  getCxzxRes: contentGet('/find/searchResultDetail/getCxzxRes'),
  getcxzxEBook: contentGet('/find/searchResultDetail/getcxzxEBook'),
  getBookInfoFromLanBo: contentGet('/find/searchResultDetail/getBookInfoFromLanBo'),
  wos: contentPost('/find/searchResultDetail/wos'),
  getBookinfo: contentPost('/find/searchResultDetail/getBookinfo'),
  getBookInfoFromJd: contentPost('/find/searchResultDetail/getBookInfoFromJd'),
  getBookInfoFromCxCkb: contentPost('/find/searchResultDetail/getBookInfoFromCxCkb'),
  getCatalog: contentPost('/find/searchResultDetail/getCatalog'),
  getLianTuCD: contentPost('/find/searchResultDetail/getLianTuCD'),
});
