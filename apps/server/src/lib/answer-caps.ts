import { sql, type RawBuilder } from 'kysely';

/**
 * Caps on what an answer built from catalogue data may hold, whatever is stored: the import limits
 * fields and records (see @openfind/marc's limits), but rows stored before those limits, or
 * written another way (a seed, a CSV, the database itself), may hold a 50 MB value or 100,000
 * repeated fields, and one record page must not answer hundreds of MB and stall the server.
 */
export interface AnswerCaps {
  /** Longest string kept, in characters; a longer one is cut and ends with {@link ELLIPSIS}. */
  maxString: number;
  /** Most items of any one array. */
  maxItems: number;
  /** Characters of strings in the whole answer: past it, strings are cut short and arrays end. */
  budget: number;
}

/** Marks a value that was cut. */
export const ELLIPSIS = '…';

/**
 * A record page (getDetail, getBookDetail): a 32 KiB field (the import's limit) is shown whole,
 * 500 fields or values of one kind, at most 400 K characters in all (a few hundred KB).
 */
export const RECORD_CAPS: AnswerCaps = { maxString: 32_768, maxItems: 500, budget: 400_000 };

/**
 * One part of a record page (its rows, its essentials, its MARC view), capped on its own first so
 * that a part over the limits (20,000 notes) does not leave the parts after it empty.
 */
export const RECORD_PART_CAPS: AnswerCaps = { maxString: 32_768, maxItems: 500, budget: 60_000 };

/** E-copy links of a record: a link over 2,048 characters is refused anyway (see safeLinkUrl). */
export const LINK_CAPS: AnswerCaps = { maxString: 2_048, maxItems: 500, budget: 200_000 };

/** One search result row: a short abstract, a few dozen values of a kind. */
export const ROW_CAPS: AnswerCaps = { maxString: 2_000, maxItems: 50, budget: 8_000 };

/** One copy of a record (its call number, place, status…). */
export const ITEM_CAPS: AnswerCaps = { maxString: 1_000, maxItems: 50, budget: 4_000 };

/** A holdings list (copies of a record, grouped or paged): 2,000 copies of a few hundred characters each. */
export const HOLDINGS_CAPS: AnswerCaps = { maxString: 2_048, maxItems: 2_000, budget: 600_000 };

/**
 * `value` within `caps`: every string of at most `maxString` characters, every array of at most
 * `maxItems` items, and once `budget` characters are spent, what follows is cut (strings shortened
 * to the ellipsis, arrays ended) so that the answer's size is bounded whatever is stored. The shape
 * stays the same: objects keep all their keys, values keep their types. Pure: `value` is not changed.
 */
export function capAnswer<T>(value: T, caps: AnswerCaps): T {
  let left = caps.budget;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const max = Math.min(caps.maxString, Math.max(left, 0));
      if (v.length <= max) {
        left -= v.length;
        return v;
      }
      // Never between the two halves of a surrogate pair.
      let end = Math.max(0, max - ELLIPSIS.length);
      if (end > 0 && /[\uD800-\uDBFF]/.test(v.charAt(end - 1))) end -= 1;
      left -= end + ELLIPSIS.length;
      return v.slice(0, end) + ELLIPSIS;
    }
    if (Array.isArray(v)) {
      const out: unknown[] = [];
      for (const item of v) {
        if (out.length >= caps.maxItems || left <= 0) break;
        out.push(walk(item));
      }
      return out;
    }
    if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(v)) out[key] = walk(item);
      return out;
    }
    return v;
  };
  return walk(value) as T;
}

/*
 * Reading capped: a 20 MB value takes seconds to come out of the database (PGlite most of all),
 * so the queries behind capped answers read one character more than `maxString` of a text and
 * one item more than `maxItems` of an array (the cap then marks the cut), never the whole value.
 */

/** A text column read at most one character over `caps.maxString`. */
export function readText(column: string, caps: AnswerCaps): RawBuilder<string | null> {
  return sql<string | null>`left(${sql.ref(column)}, ${sql.lit(caps.maxString + 1)})`;
}

/** A text[] column: its first `caps.maxItems + 1` values, each read as {@link readText}. */
export function readTexts(column: string, caps: AnswerCaps): RawBuilder<string[]> {
  return sql<
    string[]
  >`ARRAY(SELECT left(v, ${sql.lit(caps.maxString + 1)}) FROM unnest((${sql.ref(column)})[1:${sql.lit(caps.maxItems + 1)}]) WITH ORDINALITY AS u(v, n) ORDER BY n)`;
}

/** A jsonb array of `{ url, label }` links: its first `caps.maxItems + 1`, url and label read as {@link readText}. */
export function readLinks(column: string, caps: AnswerCaps): RawBuilder<Array<{ url: string; label?: string | null }>> {
  const chars = sql.lit(caps.maxString + 1);
  return sql<Array<{ url: string; label?: string | null }>>`coalesce((
    SELECT jsonb_agg(jsonb_build_object('url', left(e->>'url', ${chars}), 'label', left(e->>'label', ${chars})) ORDER BY n)
    FROM (SELECT e, n FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${sql.ref(column)}) = 'array' THEN ${sql.ref(column)} ELSE '[]'::jsonb END) WITH ORDINALITY AS a(e, n) ORDER BY n LIMIT ${sql.lit(caps.maxItems + 1)}) AS first
  ), '[]'::jsonb)`;
}
