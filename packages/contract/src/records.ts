import { z } from 'zod';
import { Id, pageNumber, pageSize } from './input.js';
import { MAX_LIST_ROWS } from './values/records.js';
export * from './values/records.js';

/**
 * What the catalogue calls share (record details, holdings, loans, home lists, evaluations,
 * favourites): record ids, pages and page sizes, codes as clients send them, a record in a list.
 *
 * Field names follow the real API where captures or public clients show them
 * (`../shared/docs/api-contract.md`); the rest is designed in the same style and marked
 * "OpenFind" in the descriptions.
 */

/** A record id as clients send it: 703048 or '703048' (1…MAX_ID; anything else is refused). */
export const RecordId = Id;

/** 1-based page; 0 and negatives are refused (400). */
export const Page = pageNumber();
/** Page size with a default; 0 is refused, more than `max` is clamped. */
export function Rows(fallback = 10, max = MAX_LIST_ROWS) {
  return pageSize(fallback, max);
}

/** A short optional code (libCode, disCode, docCode…); null and '' mean none. */
export const optionalCode = z
  .union([z.string().trim().max(100), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? '' : String(v).trim()));

/** A list of codes as sent: an array, a comma-separated string, or null. */
export const codeList = z
  .union([z.array(z.union([z.string().max(100), z.number()])).max(200), z.string().max(5000), z.null()])
  .optional()
  .transform((v): string[] => {
    const list = Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(',') : [];
    return [...new Set(list.map((s) => s.trim()).filter(Boolean))];
  });

/** `?recordId=` of the record-detail GET calls. */
export const RecordIdQuery = z.object({ recordId: RecordId });
export type RecordIdQuery = z.infer<typeof RecordIdQuery>;

/** A record in a list: its id, title, author, publisher, year and first ISBN ('' when unknown). */
export const RecordBrief = z.object({
  recordId: z.number().int(),
  title: z.string(),
  author: z.string(),
  publisher: z.string(),
  publishYear: z.string(),
  isbn: z.string(),
});
export type RecordBrief = z.infer<typeof RecordBrief>;

/** `{recordId}` body of the record POST calls. */
export const RecordIdBody = z.object({ recordId: RecordId });
export type RecordIdBody = z.infer<typeof RecordIdBody>;

/** Paged record calls: `{recordId, page, rows}`. */
export const RecordPageRequest = z.object({ recordId: RecordId, page: Page, rows: Rows(20) });
export type RecordPageRequest = z.infer<typeof RecordPageRequest>;

/** Paged list calls with nothing else: `{page, rows}`. */
export const PageRequest = z.object({ page: Page, rows: Rows(10) });
export type PageRequest = z.infer<typeof PageRequest>;
