import type { Kysely } from 'kysely';
import { MAX_COLLECTION_CSV_LINES, normalizeIsbn } from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import {
  addPackageRecords,
  findPackageByCode,
  findRecordsByIdentifiers,
  upsertPackage,
} from './collection-repository.js';
import { refreshRecordTags } from '../catalogue/catalogue-repository.js';

/** What an import did. */
export interface CollectionImportReport {
  /** Collections created or updated, by code. */
  collections: string[];
  /** Records newly listed in them. */
  added: number;
  /** Identifiers that name no record of the institution, with their line. */
  notFound: Array<{ line: number; identifier: string }>;
  /** Lines refused, with why. */
  rejected: Array<{ line: number; reason: string }>;
}

/** The fields of a CSV text (RFC 4180: quoted fields with "" for a quote, CRLF or LF), a BOM skipped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i += 1) {
    const c = s[i]!;
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

const HEADER = ['code', 'name', 'identifiers'];

/**
 * `openfind collections import`: a CSV of `code,name,identifiers` — the collection's code, its
 * (Chinese) name, and the records it holds as ISBNs (10 or 13 digits, hyphens allowed) or control
 * numbers (the 001 / system numbers the catalogue knows), separated by `;` or `|`. A header line is
 * optional; a code met again adds to the same collection; a known code keeps its other fields.
 * All in one transaction: a file refused as a whole (too long, no valid line) writes nothing.
 */
export async function importCollectionsCsv(
  db: Kysely<Database>,
  tenantId: number,
  text: string,
): Promise<CollectionImportReport> {
  const rows = parseCsv(text);
  if (rows.length > MAX_COLLECTION_CSV_LINES + 1)
    throw new Error(`the file has more than ${MAX_COLLECTION_CSV_LINES} lines`);
  const report: CollectionImportReport = { collections: [], added: 0, notFound: [], rejected: [] };
  const first = rows[0]?.map((c) => c.trim().toLowerCase());
  const start = first && HEADER.every((h, i) => first[i] === h) ? 1 : 0;
  const wanted = new Map<string, { name: string; ids: Array<{ line: number; identifier: string }> }>();
  for (let i = start; i < rows.length; i += 1) {
    const line = i + 1;
    const cells = rows[i]!.map((c) => c.trim());
    if (cells.every((c) => c === '')) continue;
    const [code = '', name = '', identifiers = ''] = cells;
    if (!/^[A-Za-z0-9_.-]{1,40}$/.test(code)) {
      report.rejected.push({ line, reason: 'the code must be 1–40 letters, digits, "-", "_" or "."' });
      continue;
    }
    if (!name || name.length > 100) {
      report.rejected.push({ line, reason: 'a name of 1–100 characters is needed' });
      continue;
    }
    const entry = wanted.get(code) ?? { name, ids: [] };
    for (const identifier of identifiers
      .split(/[;|]/)
      .map((s) => s.trim())
      .filter(Boolean))
      entry.ids.push({ line, identifier });
    wanted.set(code, entry);
  }
  if (!wanted.size) throw new Error('no valid line: each line is code,name,identifiers');

  return inTransaction(db, async (trx) => {
    for (const [code, { name, ids }] of wanted) {
      const known = await findPackageByCode(trx, tenantId, code);
      if (known && known.kind !== 'collection') {
        report.rejected.push({ line: ids[0]?.line ?? 0, reason: `"${code}" is a special library's code` });
        continue;
      }
      const id = known
        ? known.id
        : await upsertPackage(trx, tenantId, { kind: 'collection', code, parentId: null, name });
      const isbns = ids.map((x) => normalizeIsbn(x.identifier)).filter((x): x is string => !!x);
      const numbers = ids.map((x) => x.identifier);
      const found = await findRecordsByIdentifiers(trx, tenantId, isbns, numbers);
      const order: number[] = [];
      for (const x of ids) {
        const isbn = normalizeIsbn(x.identifier);
        const hits = found.filter((r) => (isbn && r.isbns.includes(isbn)) || r.system_numbers.includes(x.identifier));
        if (!hits.length) report.notFound.push(x);
        for (const h of hits) if (!order.includes(h.record_id)) order.push(h.record_id);
      }
      report.added += await addPackageRecords(trx, tenantId, id, order);
      report.collections.push(code);
    }
    // The search's collectionName filter reads a record's collections off the record.
    await refreshRecordTags(trx, tenantId);
    return report;
  });
}
