import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { addInboxMessage } from '../readers/reader-repository.js';
import { findAgreedAsksOnCopy, reopenAsk } from './relend-repository.js';

type Trx = Kysely<Database>;

/**
 * A reader whose copy was taken back at the desk while they had agreed to pass it on: the ask falls
 * back to waiting (another reader who has the book may agree; the returned copy went to the reservation
 * queue or the shelf, never held for the asker), and the asker is told. Runs inside the check-in.
 */
export async function relendCopyReturned(trx: Trx, tenantId: number, barcode: string): Promise<void> {
  for (const ask of await findAgreedAsksOnCopy(trx, tenantId, barcode)) {
    await reopenAsk(trx, tenantId, ask.id);
    await addInboxMessage(trx, {
      tenantId,
      readerId: ask.reader_id,
      channel: 'inbox',
      target: '',
      subject: `转借请求已重新开放 Re-lend ask open again: ${ask.title}`,
      body: `同意转借《${ask.title}》的读者已把书还给图书馆，您的转借请求已重新开放；您也可以取消它，改为预约这本书。\nThe reader who agreed to pass “${ask.title}” on returned it to the library instead. Your ask is open again; you may also cancel it and reserve the book.`,
    });
  }
}
