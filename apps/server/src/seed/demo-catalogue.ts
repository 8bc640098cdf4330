import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ItemInput, RecordInput } from '../modules/catalogue/record-input.js';
import { StorePipeline } from '../modules/catalogue/store-pipeline.js';
import { CLASSIC_WORKS, GIVEN, PUBLISHERS, SUBJECT_AREAS, SURNAMES, TITLE_TAILS } from './demo-catalogue-data.js';
import { demoMarc } from './demo-marc.js';

/** A small deterministic PRNG, so the same seed gives the same catalogue. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}

/** A valid ISBN-13 from a 978 registrant prefix and a serial number. */
export function makeIsbn13(prefix: string, serial: number): string {
  const digits = prefix.replace(/-/g, '');
  const body = ('978' + digits + String(serial).padStart(9 - digits.length, '0')).slice(0, 12);
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return body + String((10 - (sum % 10)) % 10);
}

interface Place {
  libCode: string;
  campusId: string;
  locationId: string;
}

/** Generates record `n` of the demo catalogue of a tenant. */
function demoRecord(n: number, places: Place[], today: Date): RecordInput {
  const r = prng(n * 7919 + 17);
  const classic = n < CLASSIC_WORKS.length ? CLASSIC_WORKS[n] : r.next() < 0.04 ? r.pick(CLASSIC_WORKS) : undefined;
  let title: string,
    author: string,
    authors: string[],
    clc: string,
    subjects: string[],
    pub: [string, string, string],
    lang: string;
  if (classic) {
    [title, author, authors, clc, subjects, , lang] = [
      classic[0],
      classic[1],
      [classic[2]],
      classic[3],
      classic[4],
      0,
      classic[6],
    ];
    pub = PUBLISHERS[classic[5]]!;
    if (n >= CLASSIC_WORKS.length) title = `${title}${r.pick(['', '（校注本）', '（插图本）', '（典藏版）'])}`;
  } else {
    const [cls, heads, subs] = r.pick(SUBJECT_AREAS);
    const head = r.pick(heads);
    title = head + r.pick(TITLE_TAILS);
    const name = () => r.pick([...SURNAMES]) + r.pick(GIVEN);
    authors = r.next() < 0.3 ? [name(), name()] : [name()];
    author = `${authors.join('，')}${r.pick(['编著', '著', '主编', '编'])}`;
    clc = `${cls}${r.int(1, 99)}${r.next() < 0.5 ? '.' + r.int(1, 9) : ''}`;
    subjects = [r.pick(subs), head.replace(/（.*）/, '')];
    pub = r.pick(PUBLISHERS.slice(0, 16));
    lang = 'chi';
  }
  const year = Math.min(today.getFullYear(), 1978 + Math.floor(Math.sqrt(r.next()) * (today.getFullYear() - 1977)));
  const isbn = makeIsbn13(pub[2], 10_000 + n);
  const callNo = `${clc}/${r.int(1, 999)}${r.next() < 0.3 ? ':' + r.int(2, 3) : ''}`;
  // Generated records are books: the demo's journals and theses are real ones (demo-journals.ts,
  // demo-subjects.ts). The draw that once made one in ten a serial or thesis stays, so each book keeps its copies.
  if (r.next() >= 0.9) r.next();
  const copies = r.pick([0, 1, 1, 2, 2, 3, 4, 5]);
  const items: ItemInput[] = [];
  for (let c = 0; c < copies; c++) {
    const place = r.pick(places);
    const onLoan = r.next() < 0.3;
    const inDays = r.int(0, 3 * 365);
    const inDate = new Date(today.getTime() - inDays * 86_400_000).toISOString().slice(0, 10);
    const due = new Date(today.getTime() + r.int(-10, 60) * 86_400_000).toISOString().slice(0, 10);
    items.push({
      barcode: `D${String(n).padStart(7, '0')}${c}`,
      callNo,
      ...place,
      curLocationId: place.locationId,
      processTypeCode: onLoan ? '412' : '411',
      dueDate: onLoan ? due : null,
      circAttr: r.next() < 0.9 ? '0' : '1',
      price: `${r.int(18, 168)}.00`,
      inDate,
    });
  }
  const record: RecordInput = {
    sourceKey: `demo:${n}`,
    sourceFormat: 'demo',
    title,
    author,
    authors,
    responsibility: author,
    publisher: pub[0],
    publishPlace: pub[1],
    publishYear: String(year),
    publishYearInt: year,
    physicalDescription: `${r.int(120, 860)}页 ; ${r.pick(['21cm', '24cm', '26cm'])}`,
    isbns: [isbn],
    price: `CNY${r.int(18, 168)}.00`,
    clcClasses: [clc],
    callNumbers: [callNo],
    subjects,
    langCode: lang,
    countryCode: lang === 'chi' ? 'CN' : lang === 'eng' ? 'US' : lang === 'rus' ? 'RU' : 'JP',
    docCode: '1',
    abstract:
      lang === 'chi'
        ? `本书${r.pick(['系统介绍了', '深入讨论了', '全面阐述了'])}${subjects.join('、')}的${r.pick(['基本理论', '主要方法', '发展历程', '最新进展'])}。`
        : null,
    links: r.next() < 0.15 ? [{ url: `https://ebooks.example.org/book/${n}`, label: '电子全文' }] : [],
    items,
  };
  // The MARC21 record of the same description, for the record page's MARC view.
  record.marc = demoMarc(record, `OFD${String(n).padStart(8, '0')}`, today);
  return record;
}

/** Generates and stores `count` demo records for a tenant, in batches; returns how many were created. */
export async function seedDemoCatalogue(
  db: Kysely<Database>,
  tenantId: number,
  count: number,
  onProgress?: (done: number) => void,
  /** Batches written at once (more than one on a PostgreSQL server only, as `openfind import`). */
  writers = 1,
): Promise<number> {
  const locations = await db
    .selectFrom('location')
    .innerJoin('campus', (j) =>
      j.onRef('campus.tenant_id', '=', 'location.tenant_id').onRef('campus.campus_id', '=', 'location.campus_id'),
    )
    .select(['campus.lib_code as libCode', 'location.campus_id as campusId', 'location.location_id as locationId'])
    .where('location.tenant_id', '=', tenantId)
    .execute();
  const places: Place[] = locations.length ? locations : [{ libCode: '', campusId: '', locationId: '' }];
  const today = new Date();
  let done = 0;
  const pipeline = new StorePipeline(
    db,
    tenantId,
    (_r, batch) => {
      done += batch.length;
      onProgress?.(done);
    },
    writers,
  );
  try {
    for (let start = 0; start < count; start += 500) {
      await pipeline.push(
        Array.from({ length: Math.min(500, count - start) }, (_, i) => demoRecord(start + i, places, today)),
      );
    }
  } catch (err) {
    await pipeline.finish().catch(() => undefined); // stop the workers; the first failure is `err`
    throw err;
  }
  return (await pipeline.finish()).created;
}
