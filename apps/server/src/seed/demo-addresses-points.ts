import { sql, type Kysely } from 'kysely';
import type { PointsPlatform, PointsRule } from '@openfind/contract';
import type { Database } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';

/**
 * The demo readers' delivery addresses and points (My Library keys 9 and 8): the normal reader
 * (D0001) has two addresses, the home one the default, and ten entries of points — the welcome
 * points (first login, phone and e-mail bound), returns on time and one late, an approved comment
 * and a library adjustment, 29 points in all; the frozen and lost readers have one address and the
 * welcome points. Safe to run again.
 */

interface DemoAddress {
  type: string;
  recipient: string;
  phone: string;
  region: string;
  detail: string;
  postcode: string;
}

const DEMO_ADDRESSES: Record<string, DemoAddress[]> = {
  // The first is the default.
  D0001: [
    {
      type: 'home',
      recipient: '李明',
      phone: '13800000001',
      region: '北京市 海淀区',
      detail: '中关村大街 27 号 3 单元 502 室',
      postcode: '100080',
    },
    {
      type: 'campus',
      recipient: '李明',
      phone: '13800000001',
      region: '北京市 海淀区',
      detail: '示范大学 学生公寓 12 号楼 408 室',
      postcode: '100871',
    },
  ],
  D0002: [
    {
      type: 'home',
      recipient: '王芳',
      phone: '13800000002',
      region: '浙江省 杭州市 西湖区',
      detail: '文三路 90 号 2 幢 1101 室',
      postcode: '310012',
    },
  ],
  D0003: [
    {
      type: 'work',
      recipient: '张伟',
      phone: '13800000003',
      region: '上海市 徐汇区',
      detail: '漕溪北路 398 号 15 楼',
      postcode: '200030',
    },
  ],
};

/** A ledger entry of the demo, `days` ago; `title`: the note is the title of the catalogue's n-th record. */
interface DemoEntry {
  rule: PointsRule;
  ref: string;
  points: number;
  platform: PointsPlatform;
  note?: string;
  title?: number;
  days: number;
}

const WELCOME: DemoEntry[] = [{ rule: 'firstLogin', ref: '', points: 5, platform: 'web', days: 90 }];

// Returns and a comment of the demo's own (references 'demo-…', never a real loan's or comment's id).
const DEMO_ENTRIES: Record<string, DemoEntry[]> = {
  D0001: [
    ...WELCOME,
    { rule: 'bindContact', ref: 'phone', points: 5, platform: 'web', days: 89 },
    { rule: 'bindContact', ref: 'mail', points: 5, platform: 'web', days: 89 },
    { rule: 'returnOnTime', ref: 'demo-1', points: 2, platform: 'desk', title: 1, days: 70 },
    { rule: 'returnOnTime', ref: 'demo-2', points: 2, platform: 'desk', title: 2, days: 52 },
    { rule: 'commentApproved', ref: 'demo-1', points: 1, platform: 'web', title: 1, days: 40 },
    { rule: 'returnOverdue', ref: 'demo-3', points: -5, platform: 'desk', title: 3, days: 35 },
    { rule: 'returnOnTime', ref: 'demo-4', points: 2, platform: 'desk', title: 4, days: 21 },
    { rule: 'adjustment', ref: 'demo-1', points: 10, platform: 'system', note: '读书月活动奖励', days: 15 },
    { rule: 'returnOnTime', ref: 'demo-5', points: 2, platform: 'desk', title: 5, days: 6 },
  ],
  D0002: WELCOME,
  D0003: WELCOME,
};

export async function seedDemoAddressesPoints(db: Kysely<Database>, tenantId: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const readers = await trx
      .selectFrom('reader')
      .select(['id', 'card_no'])
      .where('tenant_id', '=', tenantId)
      .where('card_no', 'in', Object.keys(DEMO_ENTRIES))
      .execute();
    for (const reader of readers) {
      const addresses = DEMO_ADDRESSES[reader.card_no] ?? [];
      const has = await trx
        .selectFrom('reader_address')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('reader_id', '=', reader.id)
        .executeTakeFirst();
      if (!has && addresses.length) {
        await trx
          .insertInto('reader_address')
          .values(
            addresses.map((a, i) => ({
              tenant_id: tenantId,
              reader_id: reader.id,
              address_type: a.type,
              recipient: a.recipient,
              phone: a.phone,
              region: a.region,
              detail: a.detail,
              postcode: a.postcode,
              is_default: i === 0,
              // Listed newest first after the default: the later ones were added later.
              created_at: sql<Date>`now() - make_interval(days => ${30 - i}::int)`,
              updated_at: sql<Date>`now() - make_interval(days => ${30 - i}::int)`,
            })),
          )
          .execute();
      }
      for (const e of DEMO_ENTRIES[reader.card_no] ?? []) {
        // The n-th record's title when the institution has a catalogue, else no note.
        const note =
          e.title === undefined
            ? sql`${e.note ?? ''}`
            : sql`coalesce((SELECT title FROM bib_record WHERE tenant_id = ${tenantId}
                            ORDER BY record_id OFFSET ${e.title - 1}::int LIMIT 1), '')`;
        await sql`
          INSERT INTO points_entry (tenant_id, reader_id, rule_code, ref, points, platform, note, created_at)
          VALUES (${tenantId}, ${reader.id}, ${e.rule}, ${e.ref}, ${e.points}, ${e.platform}, ${note},
                  date_trunc('hour', now()) - make_interval(days => ${e.days}::int, hours => 6))
          ON CONFLICT DO NOTHING`.execute(trx);
      }
    }
  });
}
