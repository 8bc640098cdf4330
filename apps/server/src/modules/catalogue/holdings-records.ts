import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import {
  announceCatalogueChange,
  deleteHoldingsItems,
  findRecordsBySystemNumbers,
  insertItems,
  refreshItemCounts,
  type StoredItem,
} from './catalogue-repository.js';
import type { ItemInput } from './record-input.js';

/** A holdings record (MFHD, ISO 20775) to attach to the bibliographic record it names. */
export interface HoldingsRecordInput {
  /** Its own identity: re-importing it replaces exactly the items it brought. */
  key: string;
  /** The numbers that name its bibliographic record (004 or ISO 20775 record id, else its own 001s). */
  links: string[];
  items: ItemInput[];
}

/** What became of each holdings record, in the order given. */
export type HoldingsOutcome =
  | { kind: 'attached'; recordId: number; items: number }
  | { kind: 'missing' }
  | { kind: 'ambiguous'; recordIds: number[] };

/**
 * Attaches holdings records to the tenant's bibliographic records, in one transaction: a holdings
 * record whose links name exactly one record replaces the items it brought before (wherever they
 * went) with its items; counts of every record concerned are recomputed. Records named by none
 * (not imported yet) or by several (ambiguous numbers) are left for the caller to report.
 */
export async function attachHoldingsRecords(
  db: Kysely<Database>,
  tenantId: number,
  holdings: HoldingsRecordInput[],
): Promise<HoldingsOutcome[]> {
  const numbers = [...new Set(holdings.flatMap((h) => h.links))];
  if (!numbers.length) return holdings.map(() => ({ kind: 'missing' }));
  return inTransaction(db, async (trx) => {
    const found = await findRecordsBySystemNumbers(trx, tenantId, numbers);
    const byNumber = new Map<string, Set<number>>();
    for (const r of found) {
      for (const n of r.system_numbers) {
        const set = byNumber.get(n) ?? new Set<number>();
        set.add(r.record_id);
        byNumber.set(n, set);
      }
    }
    const outcomes: HoldingsOutcome[] = [];
    const attached: Array<{ h: HoldingsRecordInput; recordId: number }> = [];
    for (const h of holdings) {
      const ids = new Set(h.links.flatMap((n) => [...(byNumber.get(n) ?? [])]));
      if (ids.size === 0) outcomes.push({ kind: 'missing' });
      else if (ids.size > 1) outcomes.push({ kind: 'ambiguous', recordIds: [...ids].sort((a, b) => a - b) });
      else {
        const recordId = [...ids][0]!;
        attached.push({ h, recordId });
        outcomes.push({ kind: 'attached', recordId, items: h.items.length });
      }
    }
    if (!attached.length) return outcomes;

    const keys = attached.map((a) => a.h.key);
    const previous = await deleteHoldingsItems(trx, tenantId, keys);
    // One barcode names one copy: of two items with one barcode, the later is kept.
    const byBarcode = new Map<string, StoredItem>();
    const unnamed: StoredItem[] = [];
    for (const { h, recordId } of attached) {
      for (const item of h.items) {
        const stored = { ...item, recordId, holdingsKey: h.key };
        const barcode = item.barcode?.trim();
        if (barcode) byBarcode.set(barcode, { ...stored, barcode });
        else unnamed.push(stored);
      }
    }
    const items = [...unnamed, ...byBarcode.values()];
    const movedFrom = await insertItems(trx, tenantId, items);
    await refreshItemCounts(trx, tenantId, [
      ...new Set([...attached.map((a) => a.recordId), ...previous, ...movedFrom]),
    ]);
    await announceCatalogueChange(trx, tenantId);
    return outcomes;
  });
}
