import { describe, expect, it } from 'vitest';
import type { FacetDimension } from '@openfind/contract';
import { TenantFacets, type FacetCount, type FacetRow } from '../src/modules/search/engine/facet-store.js';
import type { Filters } from '../src/modules/search/search-query.js';

/**
 * The store's facet counts and filters against a plain restatement of what they mean, over random
 * records (several copies in several places, missing values, Traditional and Simplified forms of
 * one author, records stored again with other values) and random filters.
 */

const LIMIT = 5;

function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a * 1103515245 + 12345) % 2 ** 31;
    return a / 2 ** 31;
  };
}

function makeRow(id: number, rnd: () => number): FacetRow {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const some = <T>(list: readonly T[], max: number): T[] =>
    Array.from({ length: Math.floor(rnd() * (max + 1)) }, () => pick(list));
  const physical = Math.floor(rnd() * 3);
  return {
    record_id: id,
    doc_code: pick(['1', '1', '1', '2', '4']),
    physical_count: physical,
    e_count: rnd() < 0.2 ? 1 : 0,
    campus_ids: physical ? some(['C1', 'C2'], 2) : [],
    lib_codes: physical ? some(['OFU', 'OFU-MED', 'OFU-LAW'], 2) : [],
    location_ids: physical ? some(['L1', 'L2', 'L3', 'L4'], 3) : [],
    cur_location_ids: physical ? some(['L1', 'L2', 'L3'], 2) : [],
    lang_code: rnd() < 0.1 ? null : pick(['chi', 'eng', 'jpn']),
    country_code: pick(['CN', 'US', 'JP', 'TW']),
    discode1: some(['0812', '0701', '0301'], 2),
    clc_classes: some(['TP311', 'TP312', 'O13', 'I247', 'K25', 'TN91'], 2),
    core_includes: doc_code2(rnd) ? some(['PKU', 'CSSCI', 'SCI'], 2) : [],
    dd_type: rnd() < 0.2 ? pick(['1', '2', '3']) : null,
    verify_status: rnd() < 0.1 ? [pick(['1', '2'])] : [],
    e_collection_ids: some(['7', '8', '12'], 2),
    collection_ids: some(['3', '4'], 1),
    call_numbers: [],
    authors: some(['王伟', '李娜', '張偉', '张伟', 'Smith, John'], 2),
    publisher: rnd() < 0.2 ? null : pick(['中华书局', '中華書局', '清华大学出版社', 'Penguin']),
    subjects: some(['计算机', '历史', '数学', '教材', '文学'], 3),
    publish_year_int: rnd() < 0.1 ? null : 1990 + Math.floor(rnd() * 35),
    on_shelf_count: Math.floor(rnd() * (physical + 1)),
    in_days: rnd() < 0.2 ? null : 19_000 + Math.floor(rnd() * 1000),
    loan_count: Math.floor(rnd() * 10),
    sort_hash: 0,
    updated_ms: 0,
  };
}

/** Some records are in core lists (not only serials: a bridge through KBART can mark any). */
const doc_code2 = (rnd: () => number) => rnd() < 0.3;

/** The Traditional forms of the test's values in Simplified. */
const fold = (s: string) => s.replace(/[張偉華書]/g, (c) => ({ 張: '张', 偉: '伟', 華: '华', 書: '书' })[c]!);

/** A record's values per dimension as the store names them (Traditional and Simplified forms as one). */
function dimsOf(r: FacetRow): Map<string, Set<string>> {
  const mainClass = (c: string) => (/^T[A-Z]/.test(c) ? c.slice(0, 2) : c.charAt(0));
  const out = new Map<string, Set<string>>();
  const add = (dim: string, values: Array<string | null>) => {
    const set = new Set(values.filter((v): v is string => !!v));
    if (set.size) out.set(dim, set);
  };
  add('docCode', [r.doc_code]);
  add('resourceType', [r.physical_count > 0 || r.e_count === 0 ? '1' : null, r.e_count > 0 ? '2' : null]);
  add('campusId', r.campus_ids);
  add('libCode', r.lib_codes);
  add('locationId', r.location_ids);
  add('curLocationId', r.cur_location_ids);
  add('langCode', [r.lang_code]);
  add('countryCode', [r.country_code]);
  add('discode1', r.discode1);
  add('kindNo', r.clc_classes.map(mainClass));
  add('coreInclude', r.core_includes);
  add('ddType', [r.dd_type]);
  add('verifyStatus', r.verify_status);
  add('eCollectionIds', r.e_collection_ids);
  add('collectionName', r.collection_ids);
  add('author', r.authors.map(fold));
  add('publisher', [r.publisher && fold(r.publisher)]);
  add('subject', r.subjects);
  return out;
}

/** Whether a record passes the filter of one dimension (a class filter matches class numbers by prefix). */
function passes(r: FacetRow, dim: string, wanted: string[]): boolean {
  if (dim === 'kindNo') return r.clc_classes.some((c) => wanted.some((w) => c.startsWith(w)));
  const values = dimsOf(r).get(dim);
  return !!values && wanted.some((w) => values.has(w));
}

function inRange(r: FacetRow, f: Filters): boolean {
  const y = r.publish_year_int ?? 0;
  if (f.yearFrom !== undefined && (y === 0 || y < f.yearFrom)) return false;
  if (f.yearTo !== undefined && (y === 0 || y > f.yearTo)) return false;
  return !(f.onlyOnShelf && r.on_shelf_count === 0);
}

/** Multi-select counts: a record counts for a dimension when it passes every other dimension's filter. */
function expected(rows: FacetRow[], f: Filters): Map<string, Map<string, number>> {
  const counts = new Map<string, Map<string, number>>();
  for (const r of rows) {
    if (!inRange(r, f)) continue;
    const failed = Object.entries(f.facets).filter(([dim, wanted]) => !passes(r, dim, wanted!));
    if (failed.length > 1) continue;
    for (const [dim, values] of dimsOf(r)) {
      if (failed.length === 1 && failed[0]![0] !== dim) continue;
      const c = counts.get(dim) ?? new Map<string, number>();
      for (const v of values) c.set(v, (c.get(v) ?? 0) + 1);
      counts.set(dim, c);
    }
  }
  return counts;
}

/** The store's answer, one dimension at a time, Traditional and Simplified forms as one. */
function byDim(rows: FacetCount[]): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const c = out.get(r.dim) ?? new Map<string, number>();
    c.set(fold(r.key), r.count);
    out.set(r.dim, c);
  }
  return out;
}

/** The store keeps the `LIMIT` biggest counts of each dimension: those must be the biggest expected. */
function checkCounts(got: FacetCount[], want: Map<string, Map<string, number>>, note: string): void {
  const have = byDim(got);
  expect([...have.keys()].sort(), note).toEqual([...want.keys()].sort());
  for (const [dim, counts] of want) {
    const top = [...counts.values()].sort((a, b) => b - a).slice(0, LIMIT);
    const gotDim = have.get(dim)!;
    expect([...gotDim.values()], `${note} ${dim}`).toEqual(top);
    for (const [key, n] of gotDim) expect(counts.get(key), `${note} ${dim} ${key}`).toBe(n);
  }
}

function randomFilters(rnd: () => number): Filters {
  const options: Array<[FacetDimension, string[]]> = [
    ['docCode', ['1', '2', '4']],
    ['libCode', ['OFU', 'OFU-MED', 'OFU-LAW']],
    ['locationId', ['L1', 'L2', 'L3', 'L4']],
    ['langCode', ['chi', 'eng']],
    ['kindNo', ['TP', 'O', 'I', 'TP3']],
    ['author', ['王伟', '张伟', 'Smith, John']],
    ['publisher', ['中华书局', 'Penguin']],
    ['subject', ['历史', '数学']],
    ['resourceType', ['1', '2']],
    ['coreInclude', ['PKU', 'SCI']],
    ['ddType', ['1', '2']],
    ['verifyStatus', ['1']],
    ['eCollectionIds', ['7', '12']],
    ['collectionName', ['3']],
  ];
  const facets: Filters['facets'] = {};
  const n = Math.floor(rnd() * 3);
  for (let i = 0; i < n; i++) {
    const [dim, values] = options[Math.floor(rnd() * options.length)]!;
    facets[dim] = values.filter(() => rnd() < 0.5).concat(values[0]!);
  }
  const f: Filters = { facets, onlyOnShelf: rnd() < 0.2 };
  if (rnd() < 0.3) f.yearFrom = 2000 + Math.floor(rnd() * 10);
  if (rnd() < 0.2) f.yearTo = 2010 + Math.floor(rnd() * 10);
  return f;
}

describe('facet counts in memory', () => {
  it('count what the filters mean, over a result, over the whole catalogue and while browsing', () => {
    const rnd = random(42);
    const store = new TenantFacets();
    const rows = new Map<number, FacetRow>();
    for (let id = 1; id <= 600; id++) {
      const r = makeRow(id, rnd);
      rows.set(id, r);
      store.put(r);
    }
    store.loaded();
    // Records stored again with other values, after the first load (as a refresh does).
    for (let k = 0; k < 80; k++) {
      const id = 1 + Math.floor(rnd() * 600);
      const r = makeRow(id, rnd);
      rows.set(id, r);
      store.put(r);
    }
    for (let k = 0; k < 150; k++) {
      const f = randomFilters(rnd);
      const note = JSON.stringify(f);
      // Over a result (ids ascending, as the store is given them): every filter tested here.
      const ids = [...rows.keys()].filter(() => rnd() < 0.4).sort((a, b) => a - b);
      const subset = ids.map((id) => rows.get(id)!);
      const ranged = store.narrow(Int32Array.from(ids), f);
      checkCounts(store.count(ranged, f, LIMIT), expected(subset, f), `result ${note}`);
      // The records that pass every filter, in the given order.
      const passing = store.filter(ranged, f);
      const want = subset.filter(
        (r) => inRange(r, f) && Object.entries(f.facets).every(([dim, w]) => passes(r, dim, w!)),
      );
      expect([...passing], note).toEqual(want.map((r) => r.record_id));
      // Browsing: the whole catalogue, total and facets.
      const browsed = store.browse(f, undefined, 10, LIMIT);
      const all = [...rows.values()];
      const total = all.filter(
        (r) => inRange(r, f) && Object.entries(f.facets).every(([dim, w]) => passes(r, dim, w!)),
      ).length;
      expect(browsed.total, note).toBe(total);
      checkCounts(browsed.facets!, expected(all, f), `browse ${note}`);
    }
  });
});
