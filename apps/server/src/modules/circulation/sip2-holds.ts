import { sql, type Kysely } from 'kysely';
import {
  CirculationErrCode,
  RequestErrCode,
  requestWorkflow,
  type Lang,
  type PlaceRequest,
  type PlacedRequest,
  type RequestPage,
  type RequestStatus,
} from '@openfind/contract';
import { Sip2UnreachableError, type Sip2Client } from '@openfind/sip2';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { localName } from '../../lib/localized.js';
import { findPage } from '../../lib/paged-query.js';
import type { CirculationReader } from './provider.js';

/** A hold as the reader's request list shows it (the list adds the pickup library's name). */
export interface ExternalHoldRow {
  id: string;
  record_id: number | null;
  title: string;
  author: string | null;
  call_no: string | null;
  status: RequestStatus;
  pickup_lib_code: string;
  lib_name: string | null;
  lib_name_en: string | null;
  lib_name_tw: string | null;
  queue_position: number | null;
  created_at: string;
}

/**
 * A reader's requests when the library's own system keeps them (SIP2): holds placed (15 "+") and
 * cancelled (15 "-") there, listed from what the system says the reader holds (63 with the hold
 * summary). OpenFind keeps a row per hold for ids that last and for the titles; the system decides.
 * It knows holds only: a closed-stack retrieval, a home delivery or a re-lend is not offered.
 */
export class Sip2Holds {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly client: Sip2Client,
  ) {}

  async place(tenantId: number, reader: CirculationReader, input: PlaceRequest): Promise<PlacedRequest> {
    if (input.requestType !== 'reserve') throw new AppError('requestKindNotOffered', RequestErrCode.kindNotOffered);
    const copies = await this.db
      .selectFrom('item as i')
      .innerJoin('bib_record as b', 'b.record_id', 'i.record_id')
      .select(['i.barcode', 'b.title'])
      .where('i.tenant_id', '=', tenantId)
      .where('i.record_id', '=', input.recordId)
      .where('i.barcode', 'is not', null)
      .orderBy('i.item_id')
      .execute();
    const first = copies[0];
    if (!first?.barcode) throw new AppError('requestNotRequestable', RequestErrCode.notRequestable);
    const answer = await reach(() =>
      this.client.placeHold(reader.cardNo, first.barcode ?? undefined, {
        pickupLocation: input.pickupLibCode,
        holdType: 'any-copy',
      }),
    );
    if (!answer.ok) throw refusedBySystem(answer.screenMessages);
    const res = await sql<{ id: string }>`
      INSERT INTO external_hold (tenant_id, reader_id, item_id, record_id, title, pickup_lib_code, available, queue_position)
      VALUES (${tenantId}, ${reader.id}, ${first.barcode}, ${input.recordId}, ${answer.title ?? first.title},
              ${input.pickupLibCode}, ${answer.available}, ${answer.queuePosition})
      ON CONFLICT (tenant_id, reader_id, item_id) WHERE ended_at IS NULL
      DO UPDATE SET pickup_lib_code = excluded.pickup_lib_code, available = excluded.available,
                    queue_position = excluded.queue_position
      RETURNING id::text AS id`.execute(this.db);
    return {
      requestId: Number(res.rows[0]!.id),
      status: answer.available ? 'ready' : 'waiting',
      queuePosition: answer.queuePosition ?? 0,
    };
  }

  /** A page of the reader's holds, brought up to what the system lists first: open ones, then ended ones. */
  async list(
    tenantId: number,
    reader: CirculationReader,
    page: number,
    rows: number,
    lang: Lang,
  ): Promise<RequestPage> {
    await this.sync(tenantId, reader);
    const select = sql`
      SELECT h.id::text AS id, h.record_id, coalesce(nullif(h.title, ''), b.title, h.item_id) AS title, b.author,
             b.call_numbers[1] AS call_no,
             CASE WHEN h.ended_how = 'cancelled' THEN 'cancelled'
                  WHEN h.ended_at IS NOT NULL AND EXISTS (
                    SELECT 1 FROM external_loan x WHERE x.tenant_id = h.tenant_id AND x.reader_id = h.reader_id
                      AND x.item_id = h.item_id AND x.first_seen >= h.placed_at::date) THEN 'fulfilled'
                  WHEN h.ended_at IS NOT NULL THEN 'expired'
                  WHEN h.available THEN 'ready' ELSE 'waiting' END AS status,
             h.pickup_lib_code, l.name AS lib_name, l.name_en AS lib_name_en, l.name_tw AS lib_name_tw, CASE WHEN h.ended_at IS NULL THEN h.queue_position END AS queue_position,
             to_char(h.placed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
             (h.ended_at IS NULL) AS is_open, h.placed_at AS placed, coalesce(h.ended_at, h.placed_at) AS changed
      FROM external_hold h
      LEFT JOIN bib_record b ON b.record_id = h.record_id
      LEFT JOIN library l ON l.tenant_id = h.tenant_id AND l.lib_code = h.pickup_lib_code
      WHERE h.tenant_id = ${tenantId} AND h.reader_id = ${reader.id}`;
    const order = sql`is_open DESC, CASE WHEN is_open THEN placed END ASC, changed DESC, id DESC`;
    const found = await findPage<ExternalHoldRow>(this.db, select, order, (page - 1) * rows, rows);
    return {
      totalCount: found.total,
      list: found.rows.map((r) => ({
        requestId: Number(r.id),
        recordId: r.record_id ?? 0,
        title: r.title,
        author: r.author,
        callNo: r.call_no,
        requestType: 'reserve' as const,
        status: r.status,
        pickupLibCode: r.pickup_lib_code,
        pickupLibName: r.lib_name
          ? localName({ name: r.lib_name, name_en: r.lib_name_en ?? '', name_tw: r.lib_name_tw ?? '' }, lang)
          : r.pickup_lib_code,
        queuePosition: r.queue_position,
        // The system reports a hold available once the copy waits for pickup: on its hold shelf.
        holdStage: r.status === 'ready' ? ('shelved' as const) : null,
        // The system holds the copy and knows no OpenFind pickup code: the card is shown at the desk.
        barcode: null,
        readyUntil: null,
        pickupCode: null,
        createdAt: r.created_at,
        workflow: requestWorkflow('reserve', r.status),
        delivery: null,
      })),
    };
  }

  /** Cancels an open hold of the reader in the system; the system's own words when it will not. */
  async cancel(tenantId: number, reader: CirculationReader, requestId: number): Promise<{ cancelled: boolean }> {
    const hold = await this.db
      .selectFrom('external_hold')
      .select(['id', 'item_id'])
      .where('tenant_id', '=', tenantId)
      .where('reader_id', '=', reader.id)
      .where('id', '=', String(requestId))
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    if (!hold) throw new AppError('requestNoSuch', RequestErrCode.noSuchRequest);
    const answer = await reach(() => this.client.cancelHold(reader.cardNo, hold.item_id));
    if (!answer.ok) throw refusedBySystem(answer.screenMessages);
    await this.db
      .updateTable('external_hold')
      .set({ ended_at: sql<Date>`now()`, ended_how: 'cancelled' })
      .where('id', '=', hold.id)
      .where('ended_at', 'is', null)
      .execute();
    return { cancelled: true };
  }

  /**
   * Brings OpenFind's rows up to the system's list of the reader's holds: a hold placed in the
   * system by other means (at the desk) is added, one it no longer lists has ended there.
   */
  private async sync(tenantId: number, reader: CirculationReader): Promise<void> {
    const info = await reach(() => this.client.patronInformation(reader.cardNo, undefined, { kind: 'hold' }));
    const held = [...new Set(info.holdItems)];
    const known = new Set(
      (
        await this.db
          .selectFrom('external_hold')
          .select('item_id')
          .where('tenant_id', '=', tenantId)
          .where('reader_id', '=', reader.id)
          .where('ended_at', 'is', null)
          .execute()
      ).map((r) => r.item_id),
    );
    // A hold placed in the system by other means: its title from the system (the item may not be catalogued here).
    const added: Array<{ itemId: string; title: string }> = [];
    for (const itemId of held.filter((id) => !known.has(id))) {
      const item = await reach(() => this.client.itemInformation(itemId));
      added.push({ itemId, title: item.title ?? '' });
    }
    await this.db.transaction().execute(async (trx) => {
      for (const { itemId, title } of added) {
        await sql`
          INSERT INTO external_hold (tenant_id, reader_id, item_id, record_id, title)
          VALUES (${tenantId}, ${reader.id}, ${itemId},
                  (SELECT record_id FROM item WHERE tenant_id = ${tenantId} AND barcode = ${itemId} LIMIT 1), ${title})
          ON CONFLICT (tenant_id, reader_id, item_id) WHERE ended_at IS NULL DO NOTHING`.execute(trx);
      }
      await sql`
        UPDATE external_hold SET ended_at = now(), ended_how = 'gone'
        WHERE tenant_id = ${tenantId} AND reader_id = ${reader.id} AND ended_at IS NULL
          AND NOT (item_id = ANY(${held}::text[]))`.execute(trx);
    });
  }
}

/** A call to the system, its being out of reach said as such (never as a refusal). */
async function reach<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof Sip2UnreachableError)
      throw new AppError('circulationUnreachable', CirculationErrCode.unreachable);
    throw err;
  }
}

/** The system refused: its own words, when it gave some. */
function refusedBySystem(screenMessages: readonly string[]): AppError {
  const detail = screenMessages.join(' ').trim();
  return detail
    ? new AppError('requestRefusedBySystem', RequestErrCode.refusedBySystem, { detail })
    : new AppError('requestRefusedBySystemSilent', RequestErrCode.refusedBySystem);
}
