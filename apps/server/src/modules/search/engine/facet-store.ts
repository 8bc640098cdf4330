import { FACET_DIMENSIONS, type FacetDimension } from '@openfind/contract';
import { grow } from '../../../lib/typed-arrays.js';
import { CallNumbers } from './call-numbers.js';
import { TenantMirror, type MirrorLoader, type Mirrored } from './tenant-mirror.js';
import { TEXT_FACETS, TEXT_SORTS, type Filters, type TextSort } from '../search-query.js';
import { matchKey } from '../search-text.js';

/** What the facet store keeps of a record. */
export interface FacetRow {
  record_id: number;
  doc_code: string;
  physical_count: number;
  e_count: number;
  campus_ids: string[];
  lib_codes: string[];
  location_ids: string[];
  cur_location_ids: string[];
  lang_code: string | null;
  country_code: string | null;
  discode1: string[];
  clc_classes: string[];
  /** What the record belongs to (migration 0059): core lists, degree, review, databases, special collections. */
  core_includes: string[];
  dd_type: string | null;
  verify_status: string[];
  e_collection_ids: string[];
  collection_ids: string[];
  /** Call numbers of the record and of its copies, upper-cased, each once. */
  call_numbers: string[];
  authors: string[];
  publisher: string | null;
  subjects: string[];
  publish_year_int: number | null;
  on_shelf_count: number;
  /** first_in_date as days since 1970-01-01. */
  in_days: number | null;
  loan_count: number;
  /** A hash of the record's text sort keys: when it changes, the store's ranks of them are stale. */
  sort_hash: number;
  /** updated_at in ms since the epoch: a record read again is taken only when it changed since. */
  updated_ms: number;
}

/** What the facet store reads: its rows, and the places of records in the text orders. */
export interface FacetLoader extends MirrorLoader<FacetRow> {
  sortRanks(tenantId: number, sort: TextSort): Promise<{ ids: Int32Array; ranks: Int32Array }>;
}

/** Facet counts as rows (the database counts in the same shape). */
export interface FacetCount {
  dim: string;
  key: string;
  count: number;
}

/**
 * Dimensions kept per record: the contract's facets that have data ('customSub' has none), and
 * 'clc' (full class numbers), which serves kindNo filters and is not counted.
 */
type Dim = Exclude<FacetDimension, 'customSub'> | 'clc';
const DIMS: readonly Dim[] = [...FACET_DIMENSIONS.filter((d): d is Exclude<Dim, 'clc'> => d !== 'customSub'), 'clc'];
const DIM_INDEX = new Map<string, number>(DIMS.map((d, i) => [d, i]));
const CLC = DIM_INDEX.get('clc')!;
const KIND_NO = DIM_INDEX.get('kindNo')!;
/** Free-text dimensions, whose variant forms count as one value (see `idOf`). */
const TEXT_DIMS = new Set(TEXT_FACETS.map((d) => DIM_INDEX.get(d)!));
/**
 * The dimensions before this one have few values each (document types, places, languages,
 * countries, disciplines, main classes): the set of a record's values in them is its profile, and
 * a catalogue has far fewer profiles than records. Names, subjects and class numbers have many.
 */
const MANY_VALUES = DIM_INDEX.get('author')!;
const MAX_VALUES = 255;
const NO_VALUE = -(2 ** 31);

/**
 * Sorts the store can do itself, with the SQL path's order: by numbers it keeps, always, and by
 * text (title, author, call number) through each record's place in that order, computed by the
 * database, while those places hold for every record. Not ratings: they change without the record
 * changing (the store refreshes records by updated_at), so SQL sorts them.
 */
const NUMBER_SORTS = ['publishYear', 'inDate', 'loanCount'] as const;
export type MemorySort = (typeof NUMBER_SORTS)[number] | TextSort;
/** Sort values are clamped to ±this: (value rank < 2^22) · 2^31 + id stays exact in a double. */
const SORT_LIMIT = 2 ** 21 - 1;
/** Places in a text order are computed again after changes at most this often (ms), but for tests. */
const PLACES_INTERVAL_MS = 120_000;
/** Records stored since the value postings were built are tested one by one; past this share they are built again. */
const MAX_DIRTY_SHARE = 0.05;
const MIN_DIRTY_REBUILD = 20_000;

/** The CLC main class of a class number: the letter, or two letters in T. */
function mainClass(c: string): string | undefined {
  if (/^[Tt][A-Za-z]/.test(c)) return c.slice(0, 2).toUpperCase();
  if (/^[A-Za-z]/.test(c)) return c.charAt(0).toUpperCase();
  return undefined;
}

/** The facet values of a record, per dimension (the same derivations as the SQL facets). */
function valuesOf(r: FacetRow): Array<[Dim, string]> {
  const out: Array<[Dim, string]> = [];
  const add = (dim: Dim, values: Array<string | null | undefined>) => {
    for (const v of new Set(values)) if (v) out.push([dim, v]);
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
  add('author', r.authors);
  add('publisher', [r.publisher]);
  add('subject', r.subjects);
  add(
    'clc',
    r.clc_classes.map((c) => c.toUpperCase()),
  );
  return out.slice(0, MAX_VALUES);
}

/**
 * The facet values of every record of one tenant, dictionary-encoded in typed arrays (like a
 * search engine's doc values): counting facets over a result is then a loop in memory instead of
 * reading every matching row again.
 */
export class TenantFacets implements Mirrored<FacetRow> {
  /** record id → slot + 1 (0: absent). */
  private slotOf = new Int32Array(0);
  private recordOf = new Int32Array(0);
  private start = new Int32Array(0);
  private len = new Uint8Array(0);
  private year = new Int16Array(0);
  private onShelf = new Uint8Array(0);
  /** New-arrival date (days since 1970, NO_VALUE when none) and loans, for sorting in memory. */
  private inDays = new Int32Array(0);
  private loans = new Int32Array(0);
  /** Per slot: the hash of the record's text sort keys, and its places in the text orders (0: no value). */
  private sortHash = new Int32Array(0);
  private places = new Map<TextSort, Int32Array>();
  /** Counts records added or with changed text sort keys; the places are fresh while it is `placesAt`. */
  private sortChanges = 0;
  private placesAt = -1;
  placesComputedAt = 0;
  /**
   * Per slot, three numbers side by side: where its values of the many-valued dimensions begin (after
   * those with few values, `MANY_VALUES`), how many there are (class numbers, which come last and are
   * not counted, left out) and its profile (its values in the dimensions with few values). Counting
   * a result counts each record's profile once and its many-valued values one by one, then adds each
   * profile's count to its values: about 6 steps a record instead of 18, and what a record needs is
   * read from two places in memory (these numbers and its values), not three.
   */
  private tallyInfo = new Int32Array(0);
  /** The values of each profile: profileValues[profileStart[p] … + profileLen[p]]. */
  private readonly profileIds = new Map<string, number>();
  private profileStart = new Int32Array(0);
  private profileLen = new Uint8Array(0);
  private profileValues = new Int32Array(0);
  private profileCount = 0;
  /** Reused counters, one per profile. */
  private profileCounts = new Int32Array(0);
  /** The values of every slot (dictionary ids): 16 bits while the dictionary fits, which halves the memory a count reads. */
  private values: Uint16Array | Int32Array = new Uint16Array(0);
  private used = 0;
  private garbage = 0;
  private slots = 0;
  private readonly ids = new Map<string, number>();
  private dimOf = new Uint8Array(0);
  private readonly keyOf: string[] = [];
  /** The call numbers of the records and their copies (searches by call number). */
  private readonly callNumbers = new CallNumbers();
  /** Dictionary ids of full class numbers (for class filters). */
  private readonly clcIds: number[] = [];
  /**
   * The slots of each dictionary entry, ascending (postings: the entry's slots are
   * postSlots[postStart[v] … postStart[v+1])), built when a filter first drives a browse; records
   * stored since are in `dirty` and tested one by one, until so many changed that they are built again.
   */
  private postStart: Int32Array | undefined;
  private postSlots: Int32Array | undefined;
  private dirty: Set<number> | undefined;
  /** Reused marks, one per slot (`slotsWith`), all 0 between uses. */
  private marks = new Uint8Array(0);
  /** Reused counters, one per dictionary entry. */
  private counts = new Int32Array(0);
  /** Records per dictionary entry over the whole catalogue (kept up to date once computed). */
  private catalogueCounts: Int32Array | undefined;
  /** When each record was last changed, as read (ms since the epoch). */
  private updated = new Float64Array(0);

  get size(): number {
    return this.slots;
  }

  changedAt(recordId: number): number | undefined {
    const slot = recordId < this.slotOf.length ? this.slotOf[recordId]! - 1 : -1;
    return slot < 0 ? undefined : this.updated[slot];
  }

  /** The facets of every record of a tenant (`rows` yields batches, `pause` lets searches through). */
  static async build(rows: AsyncIterable<FacetRow[]>, pause: () => Promise<void>): Promise<TenantFacets> {
    const facets = new TenantFacets();
    for await (const batch of rows) {
      for (const r of batch) facets.put(r);
      await pause();
    }
    facets.loaded();
    return facets;
  }

  /** Whether the places in the text orders hold for every record. */
  get placesFresh(): boolean {
    return this.placesAt === this.sortChanges;
  }

  /** Whether the store can sort by this now. */
  canSort(sort: string): sort is MemorySort {
    if ((NUMBER_SORTS as readonly string[]).includes(sort)) return true;
    return this.placesFresh && this.places.has(sort as TextSort);
  }

  /** Where the places of the text orders stand (`placesAt` for `setPlaces`). */
  get placesVersion(): number {
    return this.sortChanges;
  }

  /**
   * Takes the places of records in the text orders, as read when the store stood at `version`:
   * they hold unless a record was added or its sort keys changed since. An order with more
   * distinct values than sort keys can hold is left to SQL.
   */
  setPlaces(version: number, orders: Map<TextSort, { ids: Int32Array; ranks: Int32Array }>): void {
    this.places = new Map();
    for (const [sort, { ids, ranks }] of orders) {
      const at = new Int32Array(this.slots);
      let fits = true;
      for (let i = 0; i < ids.length && fits; i++) {
        const id = ids[i]!;
        const slot = id < this.slotOf.length ? this.slotOf[id]! - 1 : -1;
        if (slot >= 0) at[slot] = ranks[i]!;
        fits = ranks[i]! <= 2 * SORT_LIMIT;
      }
      if (fits) this.places.set(sort, at);
    }
    this.placesAt = version;
    this.placesComputedAt = Date.now();
  }

  /**
   * The dictionary id of a value. Free-text values (authors, publishers, subjects) that differ only
   * in script (Traditional / Simplified), width, case or punctuation share one id, under the form
   * seen first: 中華書局 and 中华书局 are one publisher. Every form seen is kept as an alias.
   */
  private idOf(dim: number, key: string): number {
    const k = `${dim}\u0001${key}`;
    let id = this.ids.get(k);
    if (id !== undefined) return id;
    const folded = TEXT_DIMS.has(dim) ? `${dim}\u0002${matchKey(key) || key}` : undefined;
    id = folded === undefined ? undefined : this.ids.get(folded);
    if (id !== undefined) {
      this.ids.set(k, id);
      return id;
    }
    id = this.keyOf.length;
    this.ids.set(k, id);
    if (folded !== undefined) this.ids.set(folded, id);
    this.keyOf.push(key);
    this.dimOf = grow(this.dimOf, id + 1);
    this.dimOf[id] = dim;
    if (dim === CLC) this.clcIds.push(id);
    return id;
  }

  /** Stores (or replaces) the facet values of a record. */
  put(r: FacetRow): void {
    const values = valuesOf(r);
    this.slotOf = grow(this.slotOf, r.record_id + 1);
    let slot = this.slotOf[r.record_id]! - 1;
    const added = slot < 0;
    if (added) {
      slot = this.slots++;
      this.slotOf[r.record_id] = slot + 1;
      this.recordOf = grow(this.recordOf, this.slots);
      this.start = grow(this.start, this.slots);
      this.len = grow(this.len, this.slots);
      this.year = grow(this.year, this.slots);
      this.onShelf = grow(this.onShelf, this.slots);
      this.inDays = grow(this.inDays, this.slots);
      this.loans = grow(this.loans, this.slots);
      this.sortHash = grow(this.sortHash, this.slots);
      this.updated = grow(this.updated, this.slots);
      this.tallyInfo = grow(this.tallyInfo, 3 * this.slots);
      this.recordOf[slot] = r.record_id;
      this.sortChanges++;
    } else if (this.sortHash[slot] !== r.sort_hash) this.sortChanges++;
    this.sortHash[slot] = r.sort_hash;
    this.updated[slot] = r.updated_ms;
    this.callNumbers.put(slot, r.call_numbers);
    this.year[slot] = r.publish_year_int ?? 0;
    this.onShelf[slot] = r.on_shelf_count > 0 ? 1 : 0;
    this.inDays[slot] = r.in_days ?? NO_VALUE;
    this.loans[slot] = r.loan_count;
    // Grouped by dimension, in dimension order: `has` stops at the first value past its dimension.
    // Each id once: two forms of one name (張偉, 张伟) are one value, and the record counts once for it.
    const ids = [...new Set(values.map(([dim, key]) => this.idOf(DIM_INDEX.get(dim)!, key)))].sort(
      (a, b) => this.dimOf[a]! - this.dimOf[b]!,
    );
    // Read again with the same values (a refresh reads recent changes more than once): nothing to store.
    if (!added && this.hasValues(slot, ids)) return;
    // The whole catalogue's counts follow: the record's old values out, its new ones in.
    let whole = this.catalogueCounts;
    if (whole && !added) {
      for (let i = this.start[slot]!, to = i + this.len[slot]!; i < to; i++) whole[this.values[i]!]!--;
    }
    if (whole) whole = this.catalogueCounts = grow(whole, this.keyOf.length);
    if (!added) this.garbage += this.len[slot]!;
    if (this.values instanceof Uint16Array && this.keyOf.length > 0xffff) this.values = Int32Array.from(this.values);
    this.values = grow(this.values, this.used + ids.length);
    this.start[slot] = this.used;
    this.len[slot] = ids.length;
    for (const id of ids) this.values[this.used++] = id;
    const few = ids.filter((id) => this.dimOf[id]! < MANY_VALUES);
    this.tallyInfo[3 * slot] = this.start[slot]! + few.length;
    this.tallyInfo[3 * slot + 1] = ids.length - few.length - ids.filter((id) => this.dimOf[id] === CLC).length;
    this.tallyInfo[3 * slot + 2] = this.profileFor(few);
    if (whole) for (const id of ids) whole[id]!++;
    if (this.dirty) {
      this.dirty.add(slot);
      if (this.dirty.size > Math.max(MIN_DIRTY_REBUILD, this.slots * MAX_DIRTY_SHARE)) this.dropPostings();
    }
    if (this.garbage > this.used / 2 && this.used > 100_000) this.compact();
  }

  /** The profile of these values of the dimensions with few values (in dimension order). */
  private profileFor(few: number[]): number {
    const key = few.join(',');
    let p = this.profileIds.get(key);
    if (p !== undefined) return p;
    p = this.profileCount++;
    this.profileIds.set(key, p);
    this.profileStart = grow(this.profileStart, this.profileCount);
    this.profileLen = grow(this.profileLen, this.profileCount);
    const at = p === 0 ? 0 : this.profileStart[p - 1]! + this.profileLen[p - 1]!;
    this.profileValues = grow(this.profileValues, at + few.length);
    this.profileValues.set(few, at);
    this.profileStart[p] = at;
    this.profileLen[p] = few.length;
    return p;
  }

  /** Whether a slot holds exactly these values. */
  private hasValues(slot: number, ids: number[]): boolean {
    if (this.len[slot] !== ids.length) return false;
    const from = this.start[slot]!;
    for (let i = 0; i < ids.length; i++) if (this.values[from + i] !== ids[i]) return false;
    return true;
  }

  /** Drops the space of replaced values. */
  private compact(): void {
    const values = new (this.values.constructor as new (n: number) => Uint16Array | Int32Array)(
      this.used - this.garbage + 1024,
    );
    let at = 0;
    for (let s = 0; s < this.slots; s++) {
      values.set(this.values.subarray(this.start[s]!, this.start[s]! + this.len[s]!), at);
      this.tallyInfo[3 * s] = this.tallyInfo[3 * s]! - this.start[s]! + at;
      this.start[s] = at;
      at += this.len[s]!;
    }
    this.values = values;
    this.used = at;
    this.garbage = 0;
  }

  /**
   * Facet counts over `recordIds` (null: every record, with the year and on-shelf filters applied
   * here). Facet filters are multi-select: a record counts for a dimension when it passes every
   * other dimension's filter.
   */
  count(
    recordIds: ArrayLike<number> | null,
    filters: Filters,
    limit: number,
    /** With `recordIds` null: the slots that pass every filter, when the caller has them. */
    passing?: Int32Array,
  ): FacetCount[] {
    const tests = Object.entries(filters.facets).map(([dim, wanted]) => this.filterOf(dim as FacetDimension, wanted));
    this.counts = grow(this.counts, this.keyOf.length);
    const counts = this.counts;
    const touched: number[] = [];
    const inFrom = inDaysFrom(filters);
    if (!recordIds && !hasRange(filters, inFrom) && tests.length <= 1) {
      // Browsing with one facet filter or none: that dimension counts over the whole catalogue
      // (kept between searches), the others over the records that pass the filter.
      const whole = this.wholeCatalogueCounts();
      const own = tests[0];
      for (let v = 0; v < whole.length; v++) {
        if (whole[v]! > 0 && this.dimOf[v] !== CLC && (!own || this.dimOf[v] === own.dim)) {
          counts[v] = whole[v]!;
          touched.push(v);
        }
      }
      if (own) this.tally(passing ?? this.slotsWhere((slot) => this.passes(slot, own)), own.dim, touched);
      return this.topCounts(touched, limit);
    }
    if (!recordIds && passing && tests.length === 1 && this.postStart && this.postSlots && this.dirty) {
      // Browsing with one facet filter and a range (years, on shelf, new arrivals): the other
      // dimensions count over the records that pass both; the filter's own dimension over every
      // record in the range, which its values' postings give without reading every record.
      const own = tests[0]!;
      this.tally(passing, own.dim, touched);
      const dirty = this.dirty;
      const start = this.postStart;
      const postings = this.postSlots;
      for (let v = 0; v < start.length - 1; v++) {
        if (this.dimOf[v] !== own.dim) continue;
        let c = 0;
        for (let i = start[v]!; i < start[v + 1]!; i++) {
          const slot = postings[i]!;
          if (this.inRange(slot, filters, inFrom) && (dirty.size === 0 || !dirty.has(slot))) c++;
        }
        if (c) {
          if (counts[v] === 0) touched.push(v);
          counts[v] = counts[v]! + c;
        }
      }
      // Records stored since the postings were built: their values now.
      for (const slot of dirty) if (this.inRange(slot, filters, inFrom)) this.tallyDim(slot, own.dim, touched);
      return this.topCounts(touched, limit);
    }
    // In slot order: the values of neighbouring records lie together in memory (several times faster).
    const slots = recordIds
      ? this.slotsOfIds(recordIds)
      : this.slotsWhere((slot) => this.inRange(slot, filters, inFrom));
    if (!tests.length) {
      this.tally(slots, -1, touched);
      return this.topCounts(touched, limit);
    }
    // A record that passes every filter counts in every dimension; one that fails a single filter
    // counts in that filter's dimension only (the others would let it through): by profile when
    // that dimension has few values, else value by value.
    const whole = new Int32Array(slots.length);
    const failedBy = tests.map((t) => (t.dim < MANY_VALUES ? new Int32Array(this.profileCount) : undefined));
    let n = 0;
    for (let k = 0; k < slots.length; k++) {
      const slot = slots[k]!;
      let failed = 0;
      let failedTest = -1;
      for (let t = 0; t < tests.length && failed < 2; t++) {
        if (!this.passes(slot, tests[t]!)) {
          failed++;
          failedTest = t;
        }
      }
      if (failed === 0) whole[n++] = slot;
      else if (failed === 1) {
        const byProfile = failedBy[failedTest];
        if (byProfile) byProfile[this.tallyInfo[3 * slot + 2]!]!++;
        else this.tallyDim(slot, tests[failedTest]!.dim, touched);
      }
    }
    this.tally(whole.subarray(0, n), -1, touched);
    failedBy.forEach((byProfile, t) => byProfile && this.tallyProfiles(byProfile, tests[t]!.dim, touched));
    return this.topCounts(touched, limit);
  }

  /** Adds records counted by profile (`byProfile`) to their values of dimension `dim`. */
  private tallyProfiles(byProfile: Int32Array, dim: number, touched: number[]): void {
    const { counts, dimOf, profileStart, profileLen, profileValues } = this;
    for (let p = 0; p < byProfile.length; p++) {
      const c = byProfile[p]!;
      if (c === 0) continue;
      for (let i = profileStart[p]!, to = i + profileLen[p]!; i < to; i++) {
        const v = profileValues[i]!;
        if (dimOf[v] !== dim) continue;
        if (counts[v] === 0) touched.push(v);
        counts[v] = counts[v]! + c;
      }
    }
  }

  /**
   * Counts the values of `slots` in every dimension but class numbers and `except` (-1: none):
   * the many-valued ones value by value, the others by profile, then each profile's count is added
   * to its values. New entries go to `touched`.
   */
  private tally(slots: Int32Array, except: number, touched: number[]): void {
    const { counts, values, tallyInfo, dimOf } = this;
    this.profileCounts = grow(this.profileCounts, this.profileCount);
    const perProfile = this.profileCounts;
    const profiles: number[] = [];
    const checkDim = except >= MANY_VALUES;
    for (let k = 0; k < slots.length; k++) {
      const slot = slots[k]!;
      const p = tallyInfo[3 * slot + 2]!;
      if (perProfile[p] === 0) profiles.push(p);
      perProfile[p] = perProfile[p]! + 1;
      const from = tallyInfo[3 * slot]!;
      const to = from + tallyInfo[3 * slot + 1]!;
      for (let i = from; i < to; i++) {
        const v = values[i]!;
        if (checkDim && dimOf[v] === except) continue;
        if (counts[v] === 0) touched.push(v);
        counts[v] = counts[v]! + 1;
      }
    }
    const { profileStart, profileLen, profileValues } = this;
    for (const p of profiles) {
      const c = perProfile[p]!;
      perProfile[p] = 0;
      for (let i = profileStart[p]!, to = i + profileLen[p]!; i < to; i++) {
        const v = profileValues[i]!;
        if (dimOf[v] === except) continue;
        if (counts[v] === 0) touched.push(v);
        counts[v] = counts[v]! + c;
      }
    }
  }

  /** Counts a slot's values of one dimension. */
  private tallyDim(slot: number, dim: number, touched: number[]): void {
    const counts = this.counts;
    const many = dim >= MANY_VALUES;
    const from = many ? this.tallyInfo[3 * slot]! : this.start[slot]!;
    for (let i = from, to = many ? from + this.tallyInfo[3 * slot + 1]! : from + this.len[slot]!; i < to; i++) {
      const v = this.values[i]!;
      if (this.dimOf[v] !== dim) continue;
      if (counts[v] === 0) touched.push(v);
      counts[v] = counts[v]! + 1;
    }
  }

  /** The slots (ascending) for which `test` holds. */
  private slotsWhere(test: (slot: number) => boolean): Int32Array {
    const out = new Int32Array(this.slots);
    let n = 0;
    for (let slot = 0; slot < this.slots; slot++) if (test(slot)) out[n++] = slot;
    return out.subarray(0, n);
  }

  /** The slots of the records `ids` the store holds, ascending (ids given ascending need no sort). */
  private slotsOfIds(ids: ArrayLike<number>): Int32Array {
    const out = new Int32Array(ids.length);
    let n = 0;
    let ascending = true;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      const slot = id < this.slotOf.length ? this.slotOf[id]! - 1 : -1;
      if (slot < 0) continue;
      if (n && slot < out[n - 1]!) ascending = false;
      out[n++] = slot;
    }
    return ascending ? out.subarray(0, n) : out.subarray(0, n).sort();
  }

  /** How many postings a filter's accepted entries have (the postings are built if they are not). */
  private postingsSize(t: { test: number; accept: Uint8Array }): number {
    if (!this.postStart) this.buildPostings();
    const start = this.postStart!;
    let total = 0;
    for (let v = 0; v < t.accept.length && v < start.length - 1; v++) {
      if (t.accept[v] === 1 && this.dimOf[v] === t.test) total += start[v + 1]! - start[v]!;
    }
    return total;
  }

  /**
   * The first load is read: builds the postings, counts the whole catalogue's values (browsing's
   * facets) and sorts the call numbers before searches need them.
   */
  loaded(): void {
    if (!this.postStart) this.buildPostings();
    this.wholeCatalogueCounts();
    this.callNumbers.seal();
  }

  /** Forgets the postings (built again at their next use). */
  private dropPostings(): void {
    this.postStart = this.postSlots = this.dirty = undefined;
  }

  /** Builds the postings of every dictionary entry from the values (a counting sort). */
  private buildPostings(): void {
    const entries = this.keyOf.length;
    const start = new Int32Array(entries + 1);
    for (let slot = 0; slot < this.slots; slot++) {
      const from = this.start[slot]!;
      for (let i = from, to = from + this.len[slot]!; i < to; i++) start[this.values[i]! + 1]!++;
    }
    for (let v = 0; v < entries; v++) start[v + 1] = start[v + 1]! + start[v]!;
    const fill = start.slice(0, entries);
    const slots = new Int32Array(start[entries]!);
    for (let slot = 0; slot < this.slots; slot++) {
      const from = this.start[slot]!;
      for (let i = from, to = from + this.len[slot]!; i < to; i++) slots[fill[this.values[i]!]!++] = slot;
    }
    this.postStart = start;
    this.postSlots = slots;
    this.dirty = new Set();
  }

  /**
   * The slots (ascending) having a value of dimension `dim` that `accept` flags: from the postings,
   * and the records changed since they were built tested one by one.
   */
  private slotsWith(dim: number, accept: Uint8Array): Int32Array {
    if (!this.postStart || !this.postSlots || !this.dirty) this.buildPostings();
    const start = this.postStart!;
    const postings = this.postSlots!;
    const dirty = this.dirty!;
    const wanted: number[] = [];
    let total = 0;
    for (let v = 0; v < accept.length && v < start.length - 1; v++) {
      if (accept[v] === 1 && this.dimOf[v] === dim) {
        wanted.push(v);
        total += start[v + 1]! - start[v]!;
      }
    }
    this.marks = grow(this.marks, this.slots);
    const marks = this.marks;
    for (const v of wanted) for (let i = start[v]!; i < start[v + 1]!; i++) marks[postings[i]!] = 1;
    for (const slot of dirty) marks[slot] = this.has(slot, dim, accept) ? 1 : 0;
    const out = new Int32Array(total + dirty.size);
    let n = 0;
    if (total + dirty.size > this.slots / 16) {
      for (let slot = 0; slot < this.slots; slot++) {
        if (marks[slot] === 1) {
          out[n++] = slot;
          marks[slot] = 0;
        }
      }
      return out.subarray(0, n);
    }
    // Few: gather the marked slots from the lists themselves, then sort them.
    for (const v of wanted) {
      for (let i = start[v]!; i < start[v + 1]!; i++) {
        const slot = postings[i]!;
        if (marks[slot] === 1) {
          out[n++] = slot;
          marks[slot] = 0;
        }
      }
    }
    for (const slot of dirty) {
      if (marks[slot] === 1) {
        out[n++] = slot;
        marks[slot] = 0;
      }
    }
    return out.subarray(0, n).sort();
  }

  /** Records per dictionary entry over the whole catalogue. */
  private wholeCatalogueCounts(): Int32Array {
    if (this.catalogueCounts) return this.catalogueCounts;
    const whole = new Int32Array(this.keyOf.length);
    for (let slot = 0; slot < this.slots; slot++) {
      const from = this.start[slot]!;
      for (let i = from, to = from + this.len[slot]!; i < to; i++) whole[this.values[i]!]!++;
    }
    this.catalogueCounts = whole;
    return whole;
  }

  /** The `limit` biggest counts of each dimension among the `touched` entries, which it resets. */
  private topCounts(touched: number[], limit: number): FacetCount[] {
    const counts = this.counts;
    const byDim = new Map<number, number[]>();
    for (const v of touched) {
      const list = byDim.get(this.dimOf[v]!);
      if (list) list.push(v);
      else byDim.set(this.dimOf[v]!, [v]);
    }
    const out: FacetCount[] = [];
    const before = (a: number, b: number) =>
      counts[a]! > counts[b]! || (counts[a] === counts[b] && this.keyOf[a]! < this.keyOf[b]!);
    for (const [dim, list] of byDim) {
      if (dim === CLC) continue;
      // The `limit` biggest, kept in order by insertion: a dimension may have many thousand values.
      const top: number[] = [];
      for (const v of list) {
        if (top.length === limit && !before(v, top[limit - 1]!)) continue;
        let at = top.length === limit ? limit - 1 : top.length;
        while (at > 0 && before(v, top[at - 1]!)) {
          top[at] = top[at - 1]!;
          at--;
        }
        top[at] = v;
      }
      for (const v of top) out.push({ dim: DIMS[dim]!, key: this.keyOf[v]!, count: counts[v]! });
    }
    for (const v of touched) counts[v] = 0;
    return out;
  }

  /** Whether a record passes the year, on-shelf and new-arrival filters. */
  private inRange(slot: number, filters: Filters, inFrom: number | undefined): boolean {
    const { yearFrom, yearTo, onlyOnShelf } = filters;
    const y = this.year[slot]!;
    if (yearFrom !== undefined && (y === 0 || y < yearFrom)) return false;
    if (yearTo !== undefined && (y === 0 || y > yearTo)) return false;
    if (onlyOnShelf && !this.onShelf[slot]) return false;
    if (inFrom !== undefined && (this.inDays[slot] === NO_VALUE || this.inDays[slot]! < inFrom)) return false;
    return true;
  }

  /**
   * The ids of `recordIds` (in their order) that pass the year, on-shelf and new-arrival filters
   * (`recordIds` itself when there are none). Records the store does not hold yet are left out.
   */
  narrow(recordIds: Int32Array, filters: Filters): Int32Array {
    const inFrom = inDaysFrom(filters);
    if (!hasRange(filters, inFrom)) return recordIds;
    const out = new Int32Array(recordIds.length);
    let n = 0;
    for (let i = 0; i < recordIds.length; i++) {
      const id = recordIds[i]!;
      const slot = id < this.slotOf.length ? this.slotOf[id]! - 1 : -1;
      if (slot >= 0 && this.inRange(slot, filters, inFrom)) out[n++] = id;
    }
    return out.subarray(0, n);
  }

  /**
   * The ids of `recordIds` (in their order) that pass every facet filter. Records the store does
   * not hold yet (added since its last refresh) cannot be tested and are left out.
   */
  filter(recordIds: Int32Array, filters: Filters): Int32Array {
    const tests = Object.entries(filters.facets).map(([dim, wanted]) => this.filterOf(dim as FacetDimension, wanted));
    if (!tests.length) return recordIds;
    // Test in slot order (the values of neighbouring records lie together), then keep the given order.
    const slots = this.slotsOfIds(recordIds);
    const passes = new Uint8Array(this.slotOf.length);
    for (let k = 0; k < slots.length; k++) {
      const slot = slots[k]!;
      let ok = true;
      for (let t = 0; t < tests.length && ok; t++) ok = this.passes(slot, tests[t]!);
      if (ok) passes[this.recordOf[slot]!] = 1;
    }
    const out = new Int32Array(recordIds.length);
    let n = 0;
    for (let i = 0; i < recordIds.length; i++) if (passes[recordIds[i]!] === 1) out[n++] = recordIds[i]!;
    return out.subarray(0, n);
  }

  /**
   * `recordIds` ordered by a number the store keeps (years, new-arrival dates, loans) or by their
   * places in a text order (`canSort`), missing values last, then newest record first — the order
   * SQL gives; only the first `limit` (a page needs those before it, not the whole order).
   */
  sortBy(recordIds: Int32Array, sort: MemorySort, desc: boolean, limit: number): Int32Array {
    return idsOfKeys(smallest(this.sortKeys(recordIds, sort, desc), limit));
  }

  /**
   * One number per record that sorts natively in `sortBy`'s order: (value rank) · 2^31 +
   * (2^31 − 1 − id), values clamped to ±SORT_LIMIT so that the key stays exact in a double.
   */
  private sortKeys(recordIds: Int32Array, sort: MemorySort, desc: boolean): Float64Array {
    const ID = 2 ** 31;
    const places = this.places.get(sort as TextSort);
    const keys = new Float64Array(recordIds.length);
    for (let i = 0; i < recordIds.length; i++) {
      const id = recordIds[i]!;
      const slot = id < this.slotOf.length ? this.slotOf[id]! - 1 : -1;
      let v: number | undefined;
      if (slot >= 0) {
        if (sort === 'publishYear') v = this.year[slot] || undefined;
        else if (sort === 'inDate') v = this.inDays[slot] === NO_VALUE ? undefined : this.inDays[slot];
        else if (sort === 'loanCount') v = this.loans[slot];
        else if (places && slot < places.length && places[slot]! > 0) v = places[slot]! - SORT_LIMIT;
      }
      const clamped = v === undefined ? undefined : Math.max(-SORT_LIMIT, Math.min(SORT_LIMIT, v));
      const rank = clamped === undefined ? 2 * SORT_LIMIT + 1 : desc ? SORT_LIMIT - clamped : clamped + SORT_LIMIT;
      keys[i] = rank * ID + (ID - 1 - id);
    }
    return keys;
  }

  /**
   * Records with a class number (`class`) or a call number of the record or of a copy (`call`)
   * starting with one of `codes` (`exact`: equal to one), in the order a search by code ranks them
   * (`relevanceSql` without words): publication year latest first (counted from 1950 to 2050, a
   * missing year as 1950), then the newest record.
   */
  byCode(kind: 'class' | 'call', codes: string[], exact: boolean): Int32Array {
    const wanted = codes.map((c) => c.toUpperCase());
    let matching: Int32Array;
    if (kind === 'call') matching = this.callNumbers.find(wanted, exact);
    else {
      const accept = new Uint8Array(this.keyOf.length);
      for (const id of this.clcIds) {
        const cls = this.keyOf[id]!;
        if (wanted.some((c) => (exact ? cls === c : cls.startsWith(c)))) accept[id] = 1;
      }
      matching = this.slotsWith(CLC, accept);
    }
    const ID = 2 ** 31;
    const keys = new Float64Array(matching.length);
    let n = 0;
    for (const slot of matching) {
      const recency = Math.min(Math.max((this.year[slot] || 1950) - 1950, 0), 100);
      keys[n++] = (100 - recency) * ID + (ID - 1 - this.recordOf[slot]!);
    }
    return idsOfKeys(keys.subarray(0, n).sort());
  }

  /**
   * Browsing without text: newest record first (the order relevance gives when there is no text)
   * or by a number the store keeps; the total and the first `limit` ids, every filter applied here,
   * and with `facetLimit` the facet counts (`count`).
   */
  browse(
    filters: Filters,
    order: { sort: MemorySort; desc: boolean } | undefined,
    limit: number,
    facetLimit?: number,
  ): { total: number; ids: number[]; facets?: FacetCount[] } {
    const tests = Object.entries(filters.facets).map(([dim, v]) => this.filterOf(dim as FacetDimension, v));
    const inFrom = inDaysFrom(filters);
    const ranged = hasRange(filters, inFrom);
    // Plain loops and a native sort: a million records in tens of milliseconds, not hundreds (this
    // runs on the thread that answers every request).
    // A facet filter drives: only the records with its values (from the postings) are looked at.
    const driver = tests.length
      ? tests.reduce((a, b) => (this.postingsSize(b) < this.postingsSize(a) ? b : a))
      : undefined;
    const candidates = driver ? this.slotsWith(driver.test, driver.accept) : undefined;
    const others = tests.filter((t) => t !== driver);
    const total = candidates ? candidates.length : this.slots;
    const found = new Int32Array(total);
    const slots = new Int32Array(total);
    let n = 0;
    for (let at = 0; at < total; at++) {
      const slot = candidates ? candidates[at]! : at;
      if (ranged && !this.inRange(slot, filters, inFrom)) continue;
      let passes = true;
      for (let t = 0; t < others.length && passes; t++) passes = this.passes(slot, others[t]!);
      if (passes) {
        slots[n] = slot;
        found[n++] = this.recordOf[slot]!;
      }
    }
    const facets = facetLimit === undefined ? undefined : this.count(null, filters, facetLimit, slots.subarray(0, n));
    // Only the first `limit` are put in order: a quarter of a million records sorted whole took
    // tens of milliseconds on this thread.
    const ids = found.subarray(0, n);
    const keys = order ? this.sortKeys(ids, order.sort, order.desc) : Float64Array.from(ids, (id) => 2 ** 31 - 1 - id); // newest record first
    return { total: n, ids: Array.from(idsOfKeys(smallest(keys, limit))), ...(facets ? { facets } : {}) };
  }

  /**
   * Records per class code: for each of `codes`, the records with a class number starting with it
   * (each record once per code), among those passing the facet filters and not in `hidden` (records
   * suppressed by staff).
   */
  classCounts(codes: string[], filters: Filters, hidden: ReadonlySet<number> = new Set()): Map<string, number> {
    const wanted = new Set(codes.map((c) => c.toUpperCase()));
    const longest = Math.max(0, ...[...wanted].map((c) => c.length));
    const tests = Object.entries(filters.facets).map(([dim, v]) => this.filterOf(dim as FacetDimension, v));
    const counts = new Map<string, number>();
    const seen = new Set<string>();
    for (let slot = 0; slot < this.slots; slot++) {
      if (!tests.every((t) => this.passes(slot, t))) continue;
      if (hidden.size && hidden.has(this.recordOf[slot]!)) continue;
      seen.clear();
      const from = this.start[slot]!;
      const to = from + this.len[slot]!;
      for (let i = from; i < to; i++) {
        const v = this.values[i]!;
        if (this.dimOf[v] !== CLC) continue;
        const cls = this.keyOf[v]!;
        for (let n = 1; n <= Math.min(cls.length, longest); n++) {
          const p = cls.slice(0, n);
          if (wanted.has(p) && !seen.has(p)) {
            seen.add(p);
            counts.set(p, (counts.get(p) ?? 0) + 1);
          }
        }
      }
    }
    return counts;
  }

  /** The dictionary entries a filter accepts, and the dimension it is counted under. */
  private filterOf(dim: FacetDimension, wanted: string[]): FacetTest {
    const facetDim = DIM_INDEX.get(dim)!;
    // Answers per profile, for a test of a dimension with few values only (`passes`).
    const profiles = (test: number) => new Uint8Array(test < MANY_VALUES ? this.profileCount : 0);
    if (facetDim === KIND_NO) {
      // A class filter matches records with a class number starting with it (as the SQL does).
      const prefixes = wanted.map((w) => w.toUpperCase());
      const accept = new Uint8Array(this.keyOf.length);
      for (const id of this.clcIds) if (prefixes.some((p) => this.keyOf[id]!.startsWith(p))) accept[id] = 1;
      return { dim: facetDim, test: CLC, accept, profiles: profiles(CLC) };
    }
    // A flag per dictionary entry: much faster to test than a Set in the loops over records.
    const accept = new Uint8Array(this.keyOf.length);
    for (const w of wanted) {
      const id =
        this.ids.get(`${facetDim}\u0001${w}`) ??
        (TEXT_DIMS.has(facetDim) ? this.ids.get(`${facetDim}\u0002${matchKey(w) || w}`) : undefined);
      if (id !== undefined) accept[id] = 1;
    }
    return { dim: facetDim, test: facetDim, accept, profiles: profiles(facetDim) };
  }

  /**
   * Whether a slot passes a filter: in a dimension with few values its profile answers, once per
   * profile and filter; in the others its values are read.
   */
  private passes(slot: number, t: FacetTest): boolean {
    if (t.test >= MANY_VALUES) return this.has(slot, t.test, t.accept);
    const p = this.tallyInfo[3 * slot + 2]!;
    let known = t.profiles[p]!;
    if (known === 0) {
      known = 2;
      for (let i = this.profileStart[p]!, to = i + this.profileLen[p]!; i < to; i++) {
        const v = this.profileValues[i]!;
        if (this.dimOf[v] === t.test && t.accept[v] === 1) known = 1;
      }
      t.profiles[p] = known;
    }
    return known === 1;
  }

  /** Whether a slot has a value of `dim` that `accept` flags (a slot's values are in dimension order). */
  private has(slot: number, dim: number, accept: Uint8Array): boolean {
    // Names, subjects and class numbers come after the dimensions with few values: start there.
    const from = dim >= MANY_VALUES ? this.tallyInfo[3 * slot]! : this.start[slot]!;
    const to = this.start[slot]! + this.len[slot]!;
    for (let i = from; i < to; i++) {
      const v = this.values[i]!;
      const d = this.dimOf[v]!;
      if (d === dim) {
        if (accept[v] === 1) return true;
      } else if (d > dim) return false;
    }
    return false;
  }
}

/**
 * A facet filter: the dictionary entries it accepts (`accept`), the dimension it counts under
 * (`dim`) and the one whose values it tests (`test`: class numbers for a main-class filter); per
 * profile, whether it passes (0: not yet known, 1: yes, 2: no; empty when `test` has many values).
 */
interface FacetTest {
  dim: number;
  test: number;
  accept: Uint8Array;
  profiles: Uint8Array;
}

/**
 * Facet values of the catalogue in memory, per tenant (`TenantMirror`), with each record's place in
 * the text orders. Until a tenant is loaded the search counts facets in SQL instead.
 */
export class FacetStore extends TenantMirror<FacetRow, TenantFacets> {
  private readonly placing = new Map<number, Promise<void>>();

  constructor(
    private readonly facetLoader: FacetLoader,
    refreshMs: number,
    log?: (err: unknown) => void,
  ) {
    super(facetLoader, (rows, pause) => TenantFacets.build(rows, pause), refreshMs, log);
  }

  /** The tenant's facets if they can be used now; places in the text orders are read again when stale. */
  override async get(tenantId: number): Promise<TenantFacets | undefined> {
    const facets = await super.get(tenantId);
    if (facets && !facets.placesFresh) {
      const placing = this.place(tenantId, facets);
      if (this.refreshMs === 0) await placing;
      else placing.catch(this.log);
    }
    return facets;
  }

  /** Stops loading and placing (the database is about to close); waits for what is being read. */
  override async close(): Promise<void> {
    await Promise.allSettled([super.close(), ...this.placing.values()]);
  }

  /** A load places the records in the text orders before it is done. */
  protected override async built(tenantId: number, facets: TenantFacets): Promise<void> {
    await this.place(tenantId, facets).catch(this.log);
  }

  /**
   * Reads the places of the tenant's records in the text orders (title, author, call number) when
   * records were added or their sort keys changed: one reading at a time per tenant and, after the
   * first, at most every `PLACES_INTERVAL_MS` (at once in tests). Until then SQL sorts by them.
   */
  private place(tenantId: number, facets: TenantFacets): Promise<void> {
    const recent = Date.now() - facets.placesComputedAt < PLACES_INTERVAL_MS;
    if (facets.placesFresh || (this.refreshMs > 0 && recent)) return Promise.resolve();
    let running = this.placing.get(tenantId);
    if (!running) {
      running = (async () => {
        const version = facets.placesVersion;
        const orders = new Map<TextSort, { ids: Int32Array; ranks: Int32Array }>();
        for (const sort of TEXT_SORTS) {
          if (this.closed) return;
          orders.set(sort, await this.facetLoader.sortRanks(tenantId, sort));
        }
        facets.setPlaces(version, orders);
      })().finally(() => this.placing.delete(tenantId));
      this.placing.set(tenantId, running);
    }
    return running;
  }
}

/** Whether `filters` limit years, copies on shelf or arrival dates (`inFrom`: `inDaysFrom(filters)`). */
function hasRange(filters: Filters, inFrom: number | undefined): boolean {
  return filters.yearFrom !== undefined || filters.yearTo !== undefined || filters.onlyOnShelf || inFrom !== undefined;
}

/** The new-arrivals window of `filters` (getNewBook) as days since 1970-01-01, like `inDays`. */
function inDaysFrom(filters: Filters): number | undefined {
  return filters.inDateFrom ? Math.floor(Date.parse(`${filters.inDateFrom}T00:00:00Z`) / 86_400_000) : undefined;
}

/** Record ids of sort keys (`sortKeys`), in their order. */
function idsOfKeys(keys: Float64Array): Int32Array {
  const ID = 2 ** 31;
  return Int32Array.from(keys, (k) => ID - 1 - (k % ID));
}

/** The `k` smallest of `keys`, ascending (a bounded max-heap: one comparison for most keys). */
export function smallest(keys: Float64Array, k: number): Float64Array {
  if (keys.length <= 4 * k) return keys.sort().subarray(0, k);
  const heap = new Float64Array(k);
  let size = 0;
  const down = (at: number) => {
    for (;;) {
      const l = 2 * at + 1;
      const r = l + 1;
      let top = at;
      if (l < size && heap[l]! > heap[top]!) top = l;
      if (r < size && heap[r]! > heap[top]!) top = r;
      if (top === at) return;
      [heap[at], heap[top]] = [heap[top]!, heap[at]!];
      at = top;
    }
  };
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (size < k) {
      let at = size++;
      heap[at] = key;
      while (at > 0 && heap[(at - 1) >> 1]! < heap[at]!) {
        const up = (at - 1) >> 1;
        [heap[at], heap[up]] = [heap[up]!, heap[at]!];
        at = up;
      }
    } else if (key < heap[0]!) {
      heap[0] = key;
      down(0);
    }
  }
  return heap.subarray(0, size).sort();
}
