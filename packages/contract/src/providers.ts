import { z } from 'zod';
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
