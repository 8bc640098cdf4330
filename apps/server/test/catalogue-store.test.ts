import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldText } from '@openfind/text';
import { sql } from 'kysely';
import { storeRecords } from '../src/modules/catalogue/catalogue-repository.js';
import type { RecordInput } from '../src/modules/catalogue/record-input.js';
import { backfillAuthorSort } from '../src/db/sort-key-backfill.js';
import { createTestApp, type TestApp } from './helpers.js';
import { makeTenant } from './support/factories.js';

/** Every test stores into an institution of its own (`withLibraries()` or `withBook()`). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t?.close());

const book = (over: Partial<RecordInput> = {}): RecordInput => ({
  sourceKey: 'ocm0001|OCoLC',
  sourceFormat: 'marc21',
  title: '紅樓夢',
  author: '曹雪芹著',
  authors: ['曹雪芹'],
  publisher: '人民文學出版社',
  publishYear: '1982',
  publishYearInt: 1982,
  isbns: ['9787020002207'],
  clcClasses: ['I242.47'],
  subjects: ['章回小说'],
  items: [
    {
      barcode: 'B0001',
      callNo: 'I242.47/2',
      libCode: 'OFU',
      locationId: '101',
      processTypeCode: '411',
      circAttr: '0',
      inDate: '2020-03-01',
    },
    {
      barcode: 'B0002',
      callNo: 'I242.47/2',
      libCode: 'OFU',
      locationId: '101',
      processTypeCode: '412',
      dueDate: '2026-12-01',
      circAttr: '0',
      inDate: '2019-05-01',
    },
  ],
  ...over,
});

const record = (sourceKey: string, tenant: number) =>
  t.db.kysely
    .selectFrom('bib_record')
    .selectAll()
    .where('tenant_id', '=', tenant)
    .where('source_key', '=', sourceKey)
    .executeTakeFirstOrThrow();

/** A new institution with the demo libraries and locations (OFU, 101…) that `book()`'s copies stand in; its id. */
async function withLibraries(): Promise<number> {
  return (await makeTenant(t, { libraries: 'demo' })).id;
}

/** An institution of its own with the demo libraries and locations, and `book()` stored in it. */
async function withBook(): Promise<number> {
  const id = await withLibraries();
  await storeRecords(t.db.kysely, id, [book()]);
  return id;
}

/** The copies of an institution with `barcode`. */
const itemsOf = (tenantId: number, barcode: string) =>
  t.db.kysely.selectFrom('item').where('tenant_id', '=', tenantId).where('barcode', '=', barcode);

/** The number of records of an institution. */
const recordCount = async (tenantId: number) =>
  (
    await t.db.kysely
      .selectFrom('bib_record')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow()
  ).n;

describe('storing records', () => {
  it('creates a record with its items and consistent counts', async () => {
    const id = await withLibraries();
    const r = await storeRecords(t.db.kysely, id, [book()]);
    expect(r).toMatchObject({ created: 1, updated: 0, unchanged: 0 });
    const row = await record('ocm0001|OCoLC', id);
    expect(row).toMatchObject({
      title: '紅樓夢',
      physical_count: 2,
      on_shelf_count: 1,
      discode1: ['05'],
      doc_code: '1',
    });
    expect(row.first_in_date?.toISOString().slice(0, 10)).toBe('2019-05-01');
  });

  it('changes nothing when the same record is stored again', async () => {
    const id = await withBook();
    const r = await storeRecords(t.db.kysely, id, [book()]);
    expect(r).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    const items = await t.db.kysely.selectFrom('item').select('barcode').where('tenant_id', '=', id).execute();
    expect(items.map((i) => i.barcode).sort()).toEqual(['B0001', 'B0002']);
  });

  it('updates a changed record in place and replaces its items', async () => {
    const id = await withBook();
    const before = await record('ocm0001|OCoLC', id);
    const r = await storeRecords(t.db.kysely, id, [
      book({ edition: '第3版', items: [{ barcode: 'B0003', processTypeCode: '411', circAttr: '1' }] }),
    ]);
    expect(r).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    const after = await record('ocm0001|OCoLC', id);
    expect(after.record_id).toBe(before.record_id);
    expect(after).toMatchObject({ edition: '第3版', physical_count: 1, on_shelf_count: 0 });
  });

  it('finds the record by Simplified, Traditional, pinyin and initials through its search vector', async () => {
    const id = await withBook();
    for (const q of ['红楼梦', '紅樓夢', 'hongloumeng', 'hlm', '曹雪芹', '章回小说', '人民文学出版社']) {
      // a single-lexeme query in the folded form the index holds
      const lexeme = foldText(q).replace(/'/g, "''");
      const n = await sql<{ n: number }>`SELECT count(*)::int AS n FROM bib_record
        WHERE tenant_id = ${id} AND search_vector @@ ${`'${lexeme}'`}::tsquery`.execute(t.db.kysely);
      expect(n.rows[0]!.n, q).toBe(1);
    }
  });

  it('moves an item to the record that now claims its barcode and fixes both counts', async () => {
    const id = await withBook();
    await storeRecords(t.db.kysely, id, [
      book({ sourceKey: 'other|X', title: '石头记', isbns: [], items: [{ barcode: 'B0002' }, { barcode: 'B0004' }] }),
    ]);
    expect((await record('ocm0001|OCoLC', id)).physical_count).toBe(1);
    expect((await record('other|X', id)).physical_count).toBe(2);
  });

  it('keeps the later of two items with one barcode in a batch, and says so', async () => {
    const tenantId = await withLibraries();
    const r = await storeRecords(t.db.kysely, tenantId, [
      book({
        sourceKey: 'dup|Y',
        title: 'Dup',
        items: [
          { barcode: 'D1', vol: 'v.1' },
          { barcode: 'D1', vol: 'v.2' },
        ],
      }),
    ]);
    expect(r.warnings.join()).toMatch(/barcode D1 appears twice/);
    const items = await itemsOf(tenantId, 'D1').select(['barcode', 'vol']).execute();
    expect(items).toEqual([{ barcode: 'D1', vol: 'v.2' }]);
  });

  it('never invents holdings: a record without items has none', async () => {
    const tenantId = await withLibraries();
    await storeRecords(t.db.kysely, tenantId, [book({ sourceKey: 'bare|Z', items: [] })]);
    expect(await record('bare|Z', tenantId)).toMatchObject({
      physical_count: 0,
      on_shelf_count: 0,
      first_in_date: null,
    });
  });

  it('stores a batch larger than one statement can carry (65,535 parameters), in one transaction', async () => {
    const tenantId = await withLibraries();
    const many = Array.from({ length: 3000 }, (_, i) =>
      book({ sourceKey: `bulk|${i}`, title: `批量记录 ${i}`, items: [{ barcode: `BULK${i}`, libCode: 'OFU' }] }),
    );
    const result = await storeRecords(t.db.kysely, tenantId, many);
    expect(result).toMatchObject({ created: 3000, updated: 0, unchanged: 0 });
    const stored = await t.db.kysely
      .selectFrom('bib_record')
      .select(sql<number>`count(*)::int`.as('n'))
      .select(sql<number>`sum(physical_count)::int`.as('items'))
      .where('tenant_id', '=', tenantId)
      .where('source_key', 'like', 'bulk|%')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ n: 3000, items: 3000 });
    // A failure in the last statement of such a batch takes the earlier statements back with it.
    const broken = [...many.map((b) => ({ ...b, title: `${b.title}（修订）` }))];
    broken[2999] = book({ sourceKey: 'bulk|2999', publishYearInt: 99999 });
    await expect(storeRecords(t.db.kysely, tenantId, broken)).rejects.toThrow();
    expect(await record('bulk|0', tenantId)).toMatchObject({ title: '批量记录 0' });
  });

  it('fills the author sort key of records stored before it existed, by pinyin', async () => {
    const tenantId = await withLibraries();
    await storeRecords(t.db.kysely, tenantId, [book({ sourceKey: 'old|1', authors: ['曹雪芹'], items: [] })]);
    await t.db.kysely.updateTable('bib_record').set({ author_sort: null }).execute();
    expect(await backfillAuthorSort(t.db.kysely)).toBeGreaterThan(0);
    expect(await record('old|1', tenantId)).toMatchObject({ author_sort: expect.stringMatching(/^cao ?xue ?qin /) });
    expect(await backfillAuthorSort(t.db.kysely)).toBe(0);
  });

  it('rolls a failing batch back whole', async () => {
    const tenantId = await withBook();
    const before = await recordCount(tenantId);
    await expect(
      storeRecords(t.db.kysely, tenantId, [
        book({ sourceKey: 'ok|1', title: 'fine' }),
        book({ sourceKey: 'bad|2', title: 'broken', publishYearInt: 99999 }), // out of smallint range
      ]),
    ).rejects.toThrow();
    expect(await recordCount(tenantId)).toBe(before);
  });
});

describe('the demo catalogue, through the analysis pipeline', () => {
  it('stores every generated record with items consistent with the counts, and re-running adds nothing', async () => {
    const library = await makeTenant(t, { libraries: 'demo' }); // the generator spreads copies over its locations
    const { seedDemoCatalogue } = await import('../src/seed/demo-catalogue.js');
    expect(await seedDemoCatalogue(t.db.kysely, library.id, 1200)).toBe(1200);
    expect(await seedDemoCatalogue(t.db.kysely, library.id, 1200)).toBe(0);
    const rows = await sql<{ n: number; bad: number; isbnless: number }>`
      SELECT count(*)::int AS n,
             count(*) FILTER (WHERE physical_count <> (SELECT count(*) FROM item i WHERE i.record_id = b.record_id))::int AS bad,
             count(*) FILTER (WHERE cardinality(isbns) = 0)::int AS isbnless
      FROM bib_record b WHERE tenant_id = ${library.id}`.execute(t.db.kysely);
    expect(rows.rows[0]).toEqual({ n: 1200, bad: 0, isbnless: 0 });
    const classic = await t.db.kysely
      .selectFrom('bib_record')
      .select(['title', 'author'])
      .where('tenant_id', '=', library.id)
      .where('source_key', '=', 'demo:0')
      .executeTakeFirstOrThrow();
    expect(classic).toEqual({ title: '红楼梦', author: '(清)曹雪芹著' });
  });
});

describe('the store pipeline', () => {
  it('writes batches in order, and a failing batch stops the run with its error, leaving earlier batches in', async () => {
    const { StorePipeline } = await import('../src/modules/catalogue/store-pipeline.js');
    const own = await makeTenant(t, { libraries: 'demo' });
    const p = new StorePipeline(t.db.kysely, own.id);
    await p.push([book({ sourceKey: 'p|1', title: 'first' })]);
    await p.push([book({ sourceKey: 'p|1', title: 'second' })]); // same record, later batch: wins
    await p.push([book({ sourceKey: 'p|2', title: 'bad', publishYearInt: 99999, items: [] })]);
    await expect(
      (async () => {
        await p.push([book({ sourceKey: 'p|3', title: 'after', items: [] })]);
        await p.finish();
      })(),
    ).rejects.toThrow();
    const rows = await t.db.kysely
      .selectFrom('bib_record')
      .select(['source_key', 'title'])
      .where('tenant_id', '=', own.id)
      .where('source_key', 'like', 'p|%')
      .execute();
    expect(rows).toEqual([{ source_key: 'p|1', title: 'second' }]);
  });

  it('with two writers, a record in a later batch still wins over the same record in flight', async () => {
    const { StorePipeline } = await import('../src/modules/catalogue/store-pipeline.js');
    const own = await makeTenant(t, { libraries: 'demo' });
    const stored: number[] = [];
    const p = new StorePipeline(t.db.kysely, own.id, (_r, batch) => stored.push(batch.length), 2);
    for (let round = 0; round < 6; round++) {
      await p.push([book({ sourceKey: 'w|1', title: `round ${round}` }), book({ sourceKey: `w|x${round}` })]);
    }
    expect(await p.finish()).toMatchObject({ created: 7, updated: 5 });
    expect(stored).toEqual([2, 2, 2, 2, 2, 2]);
    const kept = await t.db.kysely
      .selectFrom('bib_record')
      .select('title')
      .where('tenant_id', '=', own.id)
      .where('source_key', '=', 'w|1')
      .executeTakeFirstOrThrow();
    expect(kept.title).toBe('round 5');
  });
});

describe('values of every shape', () => {
  it('stores every value as given: quotes, backslashes, braces and commas in lists, empty and missing values, a lone record', async () => {
    const tenantId = await withLibraries();
    const awkward = book({
      sourceKey: 'awkward-1',
      title: 'Quotes "and" back\\slashes {braces}, commas',
      author: '',
      authors: ['O\'Brien, "Pat"', 'back\\slash', '{x,y}', 'NULL', ''],
      subjects: ['a,b', ' padded ', 'tab\there'],
      notes: ['line one\nline two'],
      publisher: undefined,
      edition: '',
      vernacular: { title: ['紅樓夢 "影印本"'] },
      links: [{ url: 'https://example.org/?a=1&b="2"', label: '\\' }],
      items: [{ barcode: 'AWK1', callNo: 'I24\\7"', inDate: undefined }],
    });
    expect(await storeRecords(t.db.kysely, tenantId, [awkward])).toMatchObject({ created: 1 });
    const row = await record('awkward-1', tenantId);
    expect(row).toMatchObject({
      title: awkward.title,
      author: '',
      authors: awkward.authors,
      subjects: awkward.subjects,
      notes: awkward.notes,
      publisher: null,
      edition: null,
      vernacular: awkward.vernacular,
      links: awkward.links,
      physical_count: 1,
    });
    const item = await itemsOf(tenantId, 'AWK1').selectAll().executeTakeFirstOrThrow();
    expect(item).toMatchObject({ call_no: 'I24\\7"', in_date: null, record_id: row.record_id });
    // The same record again changes nothing.
    expect(await storeRecords(t.db.kysely, tenantId, [awkward])).toMatchObject({ unchanged: 1 });
  });

  it('turns the characters that no catalogue text means (NUL, U+001E, U+001F) into spaces, and stores the rest', async () => {
    const tenantId = await withLibraries();
    const stray = book({
      sourceKey: 'stray-1',
      title: 'A\u0000B\u001eC\u001fD',
      subjects: ['x\u001ey'],
      items: [{ barcode: 'STRAY1', callNo: 'I\u001f1' }],
    });
    const other = book({ sourceKey: 'stray-2', title: 'Second', items: [] });
    expect(await storeRecords(t.db.kysely, tenantId, [stray, other])).toMatchObject({ created: 2 });
    expect(await record('stray-1', tenantId)).toMatchObject({ title: 'A B C D', subjects: ['x y'], physical_count: 1 });
    expect(await record('stray-2', tenantId)).toMatchObject({ title: 'Second', physical_count: 0 });
    const item = await itemsOf(tenantId, 'STRAY1').selectAll().executeTakeFirstOrThrow();
    expect(item.call_no).toBe('I 1');
  });
});
