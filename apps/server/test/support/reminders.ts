import type { TestApp } from '../helpers.js';

/** The demo institution's reader of a card number (D0001 is the normal reader, account `reader`). */
export async function demoReader(t: Pick<TestApp, 'db'>, cardNo: string) {
  return t.db.kysely
    .selectFrom('reader')
    .innerJoin('tenant', 'tenant.id', 'reader.tenant_id')
    .select(['reader.id', 'reader.tenant_id'])
    .where('tenant.mapping_path', '=', '')
    .where('reader.card_no', '=', cardNo)
    .executeTakeFirstOrThrow();
}

/** The reminder messages in a reader's inbox. */
export async function remindersOf(t: Pick<TestApp, 'db'>, readerId: number) {
  return t.db.kysely
    .selectFrom('reader_inbox')
    .select(['subject', 'body'])
    .where('reader_id', '=', readerId)
    .where('channel', '=', 'inbox')
    .execute();
}
