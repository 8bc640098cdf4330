import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

const BATCH = 5000;

/**
 * Gives the records stored before migration 0005 their author sort key (pinyin needs the text
 * library, so SQL cannot do it). Runs at start-up; a catalogue stored since needs nothing, and the
 * partial index of migration 0008 makes finding that out instant (and the text library, slow to
 * load, is loaded only then).
 * Returns how many records it filled.
 */
export async function backfillAuthorSort(db: Kysely<Database>): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db
      .selectFrom('bib_record')
      .select(['record_id', 'author', sql<string | null>`authors[1]`.as('first')])
      .where('author_sort', 'is', null)
      .orderBy('record_id')
      .limit(BATCH)
      .execute();
    if (!rows.length) return filled;
    const [{ sortKey }, { sortAuthorOf }] = await Promise.all([
      import('@openfind/text'),
      import('../modules/catalogue/record-analysis.js'),
    ]);
    const ids = rows.map((r) => r.record_id);
    const keys = rows.map((r) => sortKey(sortAuthorOf({ authors: r.first ? [r.first] : [], author: r.author })));
    // updated_at stays: the record's content did not change, only a derived key was added.
    await sql`
      UPDATE bib_record b SET author_sort = k.key
      FROM unnest(${ids}::int[], ${keys}::text[]) AS k(id, key)
      WHERE b.record_id = k.id`.execute(db);
    filled += rows.length;
  }
}
