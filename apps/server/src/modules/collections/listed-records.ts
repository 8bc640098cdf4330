import type { Kysely } from 'kysely';
import { CollectionAdminErrCode, type AdminPackageListed } from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import type { StaffActor } from '../staff/staff-context.js';
import type { StaffService } from '../staff/staff-service.js';
import { isCatalogueRecord } from './collection-admin-repository.js';

type Db = Kysely<Database>;

/**
 * A list of records staff keep by hand (a special collection's, a topic's): its statements, its bound,
 * its name in the audit, and what follows a change inside the same transaction.
 */
export interface ListedRecords {
  count(db: Db, tenantId: number, id: number): Promise<number>;
  /** Lists the record at the end; false when it was listed already. */
  add(db: Db, tenantId: number, id: number, recordId: number): Promise<boolean>;
  /** False when it was not listed. */
  remove(db: Db, tenantId: number, id: number, recordId: number): Promise<boolean>;
  /** The error of a full list. */
  full(): AppError;
  max: number;
  /** The audit's names: actions `<audit>.record.add|remove`, target `<table> <id>`. */
  audit: string;
  table: string;
  /** What else a listed or unlisted record changes (the search's memberships of a collection). */
  changed?: (trx: Db, tenantId: number, recordId: number) => Promise<void>;
}

/**
 * Lists or unlists a record of the institution's catalogue (adding a record listed already, or
 * removing one not listed, changes nothing and writes no audit row: double clicks and two tabs).
 * The caller has checked that the list is the institution's.
 */
export async function changeListed(
  db: Db,
  staff: StaffService,
  list: ListedRecords,
  change: { actor: StaffActor; id: number; recordId: number; ip: string; how: 'add' | 'remove' },
): Promise<AdminPackageListed> {
  const { actor, id, recordId, ip, how } = change;
  const { tenantId } = actor;
  if (how === 'add' && !(await isCatalogueRecord(db, tenantId, recordId)))
    throw new AppError('collectionNoSuchRecord', CollectionAdminErrCode.noSuchRecord, { recordId });
  return inTransaction(db, async (trx) => {
    if (how === 'add' && (await list.count(trx, tenantId, id)) >= list.max) throw list.full();
    const changed =
      how === 'add' ? await list.add(trx, tenantId, id, recordId) : await list.remove(trx, tenantId, id, recordId);
    if (changed) {
      await list.changed?.(trx, tenantId, recordId);
      await staff.audit(
        {
          tenantId,
          staffId: actor.staffId,
          actor: actor.username,
          action: `${list.audit}.record.${how}`,
          target: `${list.table} ${id}`,
          before: null,
          after: { recordId },
          ip,
        },
        trx,
      );
    }
    return { id, listedCount: await list.count(trx, tenantId, id) };
  });
}
