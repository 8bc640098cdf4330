import { grow } from '../../../lib/typed-arrays.js';
import { TenantMirror, type MirrorLoader, type Mirrored } from './tenant-mirror.js';
import {
  compareLexemes,
  executeQuery,
  operandPositions,
  scanTsVector,
  entryRank,
  prepareTsRank,
  prepareTsRankCd,
  weightOf,
  type DocEntries,
  type TsNode,
  type TsOperand,
  type TsQuery,
} from './ts-query.js';

/** What the text index keeps of a record: its search vector and what relevance reads beside it. */
export interface TextRow {
  record_id: number;
  /** search_vector as text (`'word':1A,7 …`). */
  vector: string;
  title_sort: string | null;
  /** lower(title), as the database lowers it. */
  title_lower: string | null;
  publish_year_int: number | null;
  doc_code: string;
  /** Subject headings, series and publisher as field checks compare them (see `FOLDED`), values joined by U+0001. */
  subjects_folded: string;
  series_folded: string;
  publisher_folded: string;
  /** updated_at in ms since the epoch: a record read again is taken only when it changed since. */
  updated_ms: number;
}

/** A prefix matching more lexemes than this is left to the database. */
const MAX_PREFIX_LEXEMES = 512;
/** Records changed since the postings were built are read one by one; past this share the postings are built again. */
const MAX_CHANGED_SHARE = 0.05;
const MIN_CHANGED_REBUILD = 20_000;

/** Two 32-bit hashes of a string (FNV-1a with two seeds): equal titles are found by comparing numbers. */
function hashPair(text: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  return [a | 0, b | 0];
}

/** Every UTF-16 unit mapped to itself: the start of a folding table (`withFieldKey`). */
const IDENTITY_UNITS = Uint16Array.from({ length: 0x10000 }, (_, u) => u);

/** Strings per slot, packed as UTF-16 units (replaced values leave garbage until the next build). */
class PackedStrings {
  private start = new Int32Array(0);
  private len = new Int32Array(0);
  private data = new Uint16Array(0);
  private used = 0;

  put(slot: number, text: string): void {
    this.start = grow(this.start, slot + 1);
    this.len = grow(this.len, slot + 1);
    this.data = grow(this.data, this.used + text.length);
    for (let i = 0; i < text.length; i++) this.data[this.used + i] = text.charCodeAt(i);
    this.start[slot] = this.used;
    this.len[slot] = text.length;
    this.used += text.length;
  }

  /**
   * Whether a slot's string holds `key` once each of its units is mapped through `fold` (a table of
   * every UTF-16 unit; null: as they are). Read in place: a view per record cost more than the search.
   */
  contains(slot: number, key: Uint16Array, fold: Uint16Array | null): boolean {
    if (slot >= this.start.length) return key.length === 0;
    const data = this.data;
    const from = this.start[slot]!;
    const last = from + this.len[slot]! - key.length;
    for (let at = from; at <= last; at++) {
      let i = 0;
      if (fold) while (i < key.length && fold[data[at + i]!] === key[i]) i++;
      else while (i < key.length && data[at + i] === key[i]) i++;
      if (i === key.length) return true;
    }
    return false;
  }

  /** The units of a slot's string (a view: valid until the next `put`). */
  units(slot: number): Uint16Array {
    return slot < this.start.length
      ? this.data.subarray(this.start[slot]!, this.start[slot]! + this.len[slot]!)
      : new Uint16Array(0);
  }
}

/** Fields whose words a search can require (`ScopeDef.precise`): values folded as `of_fold()` does. */
export type FoldedField = 'subject' | 'series' | 'publisher';

/** A record changed since the postings were built: its lexemes (in tsvector order) and their positions. */
interface LooseDoc {
  lexemes: string[];
  positions: Uint16Array[];
}

/** Parses a tsvector's text into a loose document (PostgreSQL writes lexemes in order). */
function looseDoc(vector: string): LooseDoc {
  const lexemes: string[] = [];
  const positions: Uint16Array[] = [];
  scanTsVector(vector, (lexeme, pos, count) => {
    lexemes.push(lexeme);
    positions.push(pos.slice(0, count));
  });
  return { lexemes, positions };
}

/** First index in `list[from, to)` whose value is ≥ `value` (galloping from `from`). */
function seek(list: Int32Array, from: number, to: number, value: number): number {
  if (from >= to || list[from]! >= value) return from;
  let step = 1;
  let lo = from;
  let hi = from + 1;
  while (hi < to && list[hi]! < value) {
    lo = hi;
    step *= 2;
    hi = from + step;
  }
  if (hi > to) hi = to;
  // list[lo] < value; the answer is in (lo, hi].
  while (lo + 1 < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < value) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** Sorted intersection. */
function intersect(a: Int32Array, b: Int32Array): Int32Array {
  if (a.length > b.length) [a, b] = [b, a];
  const out = new Int32Array(a.length);
  let n = 0;
  let j = 0;
  for (let i = 0; i < a.length && j < b.length; i++) {
    j = seek(b, j, b.length, a[i]!);
    if (j < b.length && b[j] === a[i]) out[n++] = a[i]!;
  }
  return out.subarray(0, n);
}

/** Sorted union. */
function union(a: Int32Array, b: Int32Array): Int32Array {
  if (!a.length) return b;
  if (!b.length) return a;
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      out[n++] = x;
      i++;
      j++;
    } else if (x < y) {
      out[n++] = x;
      i++;
    } else {
      out[n++] = y;
      j++;
    }
  }
  while (i < a.length) out[n++] = a[i++]!;
  while (j < b.length) out[n++] = b[j++]!;
  return out.subarray(0, n);
}

/** Sorted `a` without the values of sorted `b`. */
export function difference(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length);
  let n = 0;
  let j = 0;
  for (let i = 0; i < a.length; i++) {
    j = seek(b, j, b.length, a[i]!);
    if (j >= b.length || b[j] !== a[i]) out[n++] = a[i]!;
  }
  return out.subarray(0, n);
}

export { intersect as intersectSlots, union as unionSlots };

/**
 * Record ids by score, highest first, then the newest record (the database's `ORDER BY s DESC,
 * record_id DESC`). Sorting with a comparator took a hundred milliseconds for a hundred thousand
 * matches; instead each score becomes its place among the distinct scores. Ids given ascending (the
 * index's slots follow the records' ids) are then placed by a counting sort over those places,
 * walked from the newest: a quarter to a third faster than sorting (place, id) as one number, which
 * ids in any other order still do.
 */
export function orderByScore(scores: Float64Array, ids: Int32Array): Int32Array {
  const n = scores.length;
  const distinct = scores.slice().sort();
  let u = 0;
  for (let i = 0; i < n; i++) if (i === 0 || distinct[i] !== distinct[u - 1]) distinct[u++] = distinct[i]!;
  /** The place of a score among the distinct ones, highest first. */
  const placeOf = (s: number): number => {
    let lo = 0;
    let hi = u - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (distinct[mid]! < s) lo = mid + 1;
      else hi = mid;
    }
    return u - 1 - lo;
  };
  let ascending = true;
  for (let i = 1; i < n && ascending; i++) ascending = ids[i - 1]! < ids[i]!;
  if (ascending) {
    const places = new Int32Array(n);
    const starts = new Int32Array(u + 1);
    for (let i = 0; i < n; i++) {
      const place = placeOf(scores[i]!);
      places[i] = place;
      starts[place + 1]!++;
    }
    for (let p = 0; p < u; p++) starts[p + 1] = starts[p + 1]! + starts[p]!;
    const out = new Int32Array(n);
    for (let i = n - 1; i >= 0; i--) out[starts[places[i]!]!++] = ids[i]!;
    return out;
  }
  const ID = 2 ** 31;
  if (u >= 2 ** 22) {
    // (place, id) would not be exact in a double: sort with a comparator.
    const order = Uint32Array.from({ length: n }, (_, i) => i).sort(
      (a, b) => scores[b]! - scores[a]! || ids[b]! - ids[a]!,
    );
    return Int32Array.from(order, (i) => ids[i]!);
  }
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = placeOf(scores[i]!) * ID + (ID - 1 - ids[i]!);
  keys.sort();
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = ID - 1 - (keys[i]! % ID);
  return out;
}

/** The slots 0 … n−1. */
function slotsBelow(n: number): Int32Array {
  const all = new Int32Array(n);
  for (let s = 0; s < n; s++) all[s] = s;
  return all;
}

/** Whether a query has a NOT (which matches documents without its words). */
const hasNot = (node: TsNode): boolean =>
  node.type === 'not' || (node.type !== 'val' && (hasNot(node.left) || hasNot(node.right)));

/** Thrown when a query needs what the index does not do (the caller asks the database instead). */
export class UnsupportedInMemory extends Error {}

/** What relevance adds beside the text rank (`relevanceSql`'s twin). */
export interface TitleBoost {
  /** title_sort of the typed text: +10 when the record's is equal. */
  exact: string;
  /** The typed text, lowered as typed and folded: +1 when the title starts with either. */
  leading: string[];
}

/** Relevance in memory, as `relevanceSql` computes it in the database. */
export interface RelevanceSpec {
  /** The words' query; null when only codes were searched (no text rank). */
  rankQuery: TsQuery | null;
  /** One lexeme: ts_rank scaled so one title occurrence ranks 1; otherwise ts_rank_cd. */
  single: boolean;
  /** ts_rank's scale for one lexeme, as the database has it (a float4). */
  scale: number;
  titleBoost: TitleBoost | null;
}

const RANK_WEIGHTS = Float32Array.from([0.1, 0.2, 0.4, 1.0]);

/** The postings of one tenant's search vectors, with what relevance needs per record. */
export class TenantText implements Mirrored<TextRow> {
  /** record id → slot + 1. */
  private slotOf = new Int32Array(0);
  private recordOf = new Int32Array(0);
  private year = new Int16Array(0);
  /** When each record was last changed, as read (ms since the epoch). */
  private updated = new Float64Array(0);
  private docCode = new Uint8Array(0);
  private readonly docCodes = new Map<string, number>();
  private titleHashA = new Int32Array(0);
  private titleHashB = new Int32Array(0);
  /** lower(title), at most 64 characters: leading-title matches compare what a reader types. */
  private readonly titles = new PackedStrings();
  private readonly folded: Record<FoldedField, PackedStrings> = {
    subject: new PackedStrings(),
    series: new PackedStrings(),
    publisher: new PackedStrings(),
  };
  private slots = 0;

  /** The lexicon, in PostgreSQL's order; postings of lexeme L: docs[docStart[L] … docStart[L+1]). */
  private lexemes: string[] = [];
  private docStart = new Int32Array(1);
  private docs = new Int32Array(0);
  /** The weights of posting i's positions, a bit per weight (D 1, C 2, B 4, A 8, as tsquery writes them). */
  private weightMasks = new Uint8Array(0);
  /** Positions of posting i: pos[posStart[i] … posStart[i+1]). */
  private posStart = new Int32Array(1);
  private pos = new Uint16Array(0);
  /** Slots the postings hold (built); records changed since are `loose`. */
  private postedSlots = 0;
  private stale = new Uint8Array(0);
  private readonly loose = new Map<number, LooseDoc>();
  /** The loose documents of each lexeme, so that a query reads only the changed records with its words. */
  private readonly looseByLexeme = new Map<string, Set<number>>();

  get size(): number {
    return this.slots;
  }

  /** Records read since the postings were built (new or changed). */
  get changedCount(): number {
    return this.loose.size;
  }

  /** Whether so many records changed since the build that the postings should be built again. */
  get needsRebuild(): boolean {
    return this.loose.size > Math.max(MIN_CHANGED_REBUILD, this.slots * MAX_CHANGED_SHARE);
  }

  /** The slot of a record, created when new. */
  private slotFor(recordId: number): number {
    this.slotOf = grow(this.slotOf, recordId + 1);
    let slot = this.slotOf[recordId]! - 1;
    if (slot >= 0) return slot;
    slot = this.slots++;
    this.slotOf[recordId] = slot + 1;
    this.recordOf = grow(this.recordOf, this.slots);
    this.year = grow(this.year, this.slots);
    this.updated = grow(this.updated, this.slots);
    this.docCode = grow(this.docCode, this.slots);
    this.titleHashA = grow(this.titleHashA, this.slots);
    this.titleHashB = grow(this.titleHashB, this.slots);
    this.stale = grow(this.stale, this.slots);
    this.recordOf[slot] = recordId;
    return slot;
  }

  /** Keeps what relevance reads of a record (title keys, year, document type). */
  private putRecordData(slot: number, r: TextRow): void {
    this.year[slot] = r.publish_year_int ?? 0;
    this.updated[slot] = r.updated_ms;
    let code = this.docCodes.get(r.doc_code);
    if (code === undefined) {
      code = this.docCodes.size;
      if (code > 255) throw new Error('text index: more than 256 document types');
      this.docCodes.set(r.doc_code, code);
    }
    this.docCode[slot] = code;
    const [a, b] = r.title_sort === null ? [0, 0] : hashPair(r.title_sort);
    this.titleHashA[slot] = a;
    this.titleHashB[slot] = b;
    this.titles.put(slot, (r.title_lower ?? '').slice(0, 64));
    this.folded.subject.put(slot, r.subjects_folded);
    this.folded.series.put(slot, r.series_folded);
    this.folded.publisher.put(slot, r.publisher_folded);
  }

  /**
   * Slots (of `slots`) whose field has a value containing `key`, compared as `fieldCheck()` does in
   * the database: the value folded by `of_fold()`, whose translation of Traditional characters
   * (`trad` to `simp`, from `foldPairFor(key)`) is done here.
   */
  withFieldKey(slots: Int32Array, field: FoldedField, key: string, trad: string, simp: string): Int32Array {
    // translate() uses the first occurrence of a character in its `from` list: the last set wins here.
    let fold: Uint16Array | null = null;
    if (trad.length) {
      fold = IDENTITY_UNITS.slice();
      for (let i = trad.length - 1; i >= 0; i--) fold[trad.charCodeAt(i)] = simp.charCodeAt(i);
    }
    const k = Uint16Array.from(key, (c) => c.charCodeAt(0));
    const values = this.folded[field];
    // Values are joined by U+0001, which a key (letters and digits) never holds: a match never spans two.
    const out = new Int32Array(slots.length);
    let n = 0;
    for (let i = 0; i < slots.length; i++) if (values.contains(slots[i]!, k, fold)) out[n++] = slots[i]!;
    return out.subarray(0, n);
  }

  changedAt(recordId: number): number | undefined {
    const slot = recordId < this.slotOf.length ? this.slotOf[recordId]! - 1 : -1;
    return slot < 0 ? undefined : this.updated[slot];
  }

  /** Stores a record read after the build (new or changed): read as a loose document. */
  put(r: TextRow): void {
    const slot = this.slotFor(r.record_id);
    this.putRecordData(slot, r);
    for (const l of this.loose.get(slot)?.lexemes ?? []) this.looseByLexeme.get(l)?.delete(slot);
    const doc = looseDoc(r.vector);
    this.loose.set(slot, doc);
    for (const l of doc.lexemes) {
      let slots = this.looseByLexeme.get(l);
      if (!slots) this.looseByLexeme.set(l, (slots = new Set()));
      slots.add(slot);
    }
    if (slot < this.postedSlots) this.stale[slot] = 1;
  }

  /**
   * Builds the postings from every record of the tenant, in record id order (`rows` yields
   * batches), with PostgreSQL's order of lexemes.
   */
  static async build(rows: AsyncIterable<TextRow[]>, pause: () => Promise<void>): Promise<TenantText> {
    const t = new TenantText();
    const ids = new Map<string, number>();
    const lexemes: string[] = [];
    // Per record: its entries (lexeme id, position count) and their positions, in order.
    let entryLex = new Int32Array(1 << 16);
    let entryCount = new Uint16Array(1 << 16);
    let positions = new Uint16Array(1 << 16);
    let recordEntries = new Int32Array(1024);
    let entries = 0;
    let used = 0;
    for await (const batch of rows) {
      for (const r of batch) {
        const slot = t.slotFor(r.record_id);
        t.putRecordData(slot, r);
        const before = entries;
        scanTsVector(r.vector, (lexeme, pos, count) => {
          let id = ids.get(lexeme);
          if (id === undefined) {
            id = lexemes.length;
            ids.set(lexeme, id);
            lexemes.push(lexeme);
          }
          if (entries === entryLex.length) {
            entryLex = grow(entryLex, entries + 1);
            entryCount = grow(entryCount, entries + 1);
          }
          if (used + count > positions.length) positions = grow(positions, used + count);
          entryLex[entries] = id;
          entryCount[entries++] = count;
          for (let j = 0; j < count; j++) positions[used++] = pos[j]!;
        });
        recordEntries = grow(recordEntries, slot + 1);
        recordEntries[slot] = entries - before;
      }
      await pause();
    }
    // The lexicon in PostgreSQL's order: UTF-16 order is the same but for characters above U+FFFF.
    const order = Array.from(lexemes.keys()).sort((a, b) => (lexemes[a]! < lexemes[b]! ? -1 : 1));
    let sortedOk = true;
    for (let i = 1; i < order.length && sortedOk; i++)
      sortedOk = compareLexemes(lexemes[order[i - 1]!]!, lexemes[order[i]!]!) < 0;
    if (!sortedOk) order.sort((a, b) => compareLexemes(lexemes[a]!, lexemes[b]!));
    const rank = new Int32Array(lexemes.length);
    order.forEach((id, i) => (rank[id] = i));
    t.lexemes = order.map((id) => lexemes[id]!);
    await pause();

    // Counting sort of the entries into postings, lexeme by lexeme.
    const nLex = lexemes.length;
    const docStart = new Int32Array(nLex + 1);
    const lexPos = new Int32Array(nLex + 1);
    for (let e = 0; e < entries; e++) {
      const l = rank[entryLex[e]!]!;
      docStart[l + 1]!++;
      lexPos[l + 1] = lexPos[l + 1]! + entryCount[e]!;
    }
    for (let l = 0; l < nLex; l++) {
      docStart[l + 1] = docStart[l + 1]! + docStart[l]!;
      lexPos[l + 1] = lexPos[l + 1]! + lexPos[l]!;
    }
    const docs = new Int32Array(entries);
    const posStart = new Int32Array(entries + 1);
    const pos = new Uint16Array(used);
    const weightMasks = new Uint8Array(entries);
    const docFill = docStart.slice(0, nLex);
    const posFill = lexPos.slice(0, nLex);
    let e = 0;
    let p = 0;
    for (let slot = 0; slot < t.slots; slot++) {
      for (let k = recordEntries[slot]!; k > 0; k--, e++) {
        const l = rank[entryLex[e]!]!;
        const at = docFill[l]!++;
        docs[at] = slot;
        const count = entryCount[e]!;
        const to = posFill[l]!;
        posStart[at] = to;
        let mask = 0;
        for (let j = 0; j < count; j++) {
          pos[to + j] = positions[p + j]!;
          mask |= 1 << weightOf(positions[p + j]!);
        }
        weightMasks[at] = mask;
        posFill[l] = to + count;
        p += count;
      }
      if ((slot & 0xffff) === 0xffff) await pause();
    }
    posStart[entries] = used;
    t.docStart = docStart;
    t.docs = docs;
    t.posStart = posStart;
    t.pos = pos;
    t.weightMasks = weightMasks;
    t.postedSlots = t.slots;
    return t;
  }

  /** Whether a record has this lexeme (as the index keeps words). */
  hasLexeme(lexeme: string): boolean {
    const [from, to] = this.lexemeRange({ type: 'val', index: 0, lexeme, weights: 0, prefix: false });
    if (from === to) return (this.looseByLexeme.get(lexeme)?.size ?? 0) > 0;
    for (let i = this.docStart[from]!; i < this.docStart[to]!; i++) if (this.stale[this.docs[i]!] === 0) return true;
    return (this.looseByLexeme.get(lexeme)?.size ?? 0) > 0;
  }

  /** The lexicon range of an operand: [from, to) (one lexeme, or every lexeme a prefix starts). */
  private lexemeRange(op: TsOperand): [number, number] {
    let lo = 0;
    let hi = this.lexemes.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareLexemes(this.lexemes[mid]!, op.lexeme) < 0) lo = mid + 1;
      else hi = mid;
    }
    if (!op.prefix) return lo < this.lexemes.length && this.lexemes[lo] === op.lexeme ? [lo, lo + 1] : [lo, lo];
    let to = lo;
    while (to < this.lexemes.length && this.lexemes[to]!.startsWith(op.lexeme)) {
      to++;
      if (to - lo > MAX_PREFIX_LEXEMES) throw new UnsupportedInMemory(`prefix ${op.lexeme} matches too many words`);
    }
    return [lo, to];
  }

  /**
   * Slots whose posted vectors match a node: `sure` ones, and `maybe` ones (disjoint, both
   * ascending) where a phrase must be checked against positions. A word with weights is exact: each
   * posting knows which weights its positions have.
   */
  private candidates(node: TsNode): { sure: Int32Array; maybe: Int32Array } {
    const none = new Int32Array(0);
    switch (node.type) {
      case 'val': {
        const [from, to] = this.lexemeRange(node);
        let sure: Int32Array = none;
        for (let l = from; l < to; l++) {
          let list = this.docs.subarray(this.docStart[l]!, this.docStart[l + 1]!);
          if (node.weights !== 0) {
            // A plain loop: filter() with a callback cost tenths of a microsecond per document.
            const first = this.docStart[l]!;
            const masks = this.weightMasks;
            const kept = new Int32Array(list.length);
            let n = 0;
            for (let i = 0; i < list.length; i++) if ((masks[first + i]! & node.weights) !== 0) kept[n++] = list[i]!;
            list = kept.subarray(0, n);
          }
          sure = union(sure, list);
        }
        return { sure, maybe: none };
      }
      case 'and':
      case 'phrase': {
        if (node.type === 'and' && (node.left.type === 'not') !== (node.right.type === 'not')) {
          // X & !Y: only X's candidates can match (not every document, as !Y alone gives). Where Y
          // surely holds they cannot; where Y cannot hold, X decides.
          const [pos, neg] =
            node.right.type === 'not' ? [node.left, node.right.arg] : [node.right, (node.left as { arg: TsNode }).arg];
          const x = this.candidates(pos);
          if (!x.sure.length && !x.maybe.length) return x;
          const y = this.candidates(neg);
          return {
            sure: difference(x.sure, union(y.sure, y.maybe)),
            maybe: union(intersect(x.sure, y.maybe), difference(x.maybe, y.sure)),
          };
        }
        const l = this.candidates(node.left);
        if (!l.sure.length && !l.maybe.length) return l;
        const r = this.candidates(node.right);
        const all = intersect(union(l.sure, l.maybe), union(r.sure, r.maybe));
        if (node.type === 'phrase') return { sure: none, maybe: all };
        const sure = intersect(l.sure, r.sure);
        return { sure, maybe: difference(all, sure) };
      }
      case 'or': {
        const l = this.candidates(node.left);
        const r = this.candidates(node.right);
        const sure = union(l.sure, r.sure);
        return { sure, maybe: difference(union(l.maybe, r.maybe), sure) };
      }
      case 'not':
        return { sure: none, maybe: slotsBelow(this.postedSlots) };
    }
  }

  /** Slots of every record whose vector matches `query`, ascending. */
  match(query: TsQuery): Int32Array {
    const { sure, maybe } = this.candidates(query.root);
    const out = new Int32Array(sure.length + maybe.length);
    let n = 0;
    for (let i = 0; i < sure.length; i++) if (this.stale[sure[i]!] === 0) out[n++] = sure[i]!;
    if (maybe.length) {
      const cursors = new Cursors(this, query.operands);
      const checked = new Int32Array(maybe.length);
      let m = 0;
      for (let i = 0; i < maybe.length; i++) {
        const slot = maybe[i]!;
        if (this.stale[slot] === 1) continue;
        cursors.moveTo(slot);
        if (executeQuery(query.root, (op) => cursors.positionsOf(op))) checked[m++] = slot;
      }
      if (m) return this.withLoose(query, union(out.subarray(0, n), checked.subarray(0, m)));
    }
    return this.withLoose(query, out.subarray(0, n));
  }

  /** `posted` (ascending) with the records changed since the build that match `query`. */
  private withLoose(query: TsQuery, posted: Int32Array): Int32Array {
    if (!this.loose.size) return posted;
    // A query without NOT or prefixes matches only documents with one of its words.
    let slots: Iterable<number> = this.loose.keys();
    if (!hasNot(query.root) && !query.operands.some((op) => op.prefix)) {
      const withWords = new Set<number>();
      for (const op of query.operands) for (const slot of this.looseByLexeme.get(op.lexeme) ?? []) withWords.add(slot);
      slots = withWords;
    }
    const extra: number[] = [];
    for (const slot of slots) {
      const entries = looseEntries(this.loose.get(slot)!);
      if (executeQuery(query.root, (op) => operandPositions(entries(op), op))) extra.push(slot);
    }
    return union(posted.slice(), Int32Array.from(extra).sort());
  }

  /** Slots (ascending) of the records of these document types. */
  withDocCodes(slots: Int32Array, codes: readonly string[]): Int32Array {
    const wanted = new Uint8Array(256);
    for (const c of codes) {
      const code = this.docCodes.get(c);
      if (code !== undefined) wanted[code] = 1;
    }
    return slots.filter((s) => wanted[this.docCode[s]!] === 1);
  }

  /** Every slot, ascending (for NOT at the top of an expression). */
  allSlots(): Int32Array {
    return slotsBelow(this.slots);
  }

  /**
   * Record ids of `slots`, best first: the relevance of `spec` (text rank, exact and leading
   * title, a mild recency), then the newest record, as `relevanceSql` orders them.
   */
  rank(slots: Int32Array, spec: RelevanceSpec): Int32Array {
    const n = slots.length;
    const scores = new Float64Array(n);
    const q = spec.rankQuery;
    const only = q?.operands.length === 1 && !q.operands[0]!.prefix ? q.operands[0]! : undefined;
    if (q && spec.single && only) {
      // One word: its postings walked along the slots, each posting's positions ranked in place
      // (ts_rank of one lexeme is calc_rank_or of one entry).
      const [l, lEnd] = this.lexemeRange(only);
      let p = l < lEnd ? this.docStart[l]! : 0;
      const end = l < lEnd ? this.docStart[l + 1]! : 0;
      const { docs, posStart, pos } = this;
      const rank = prepareTsRank(RANK_WEIGHTS, q);
      const cursors = new Cursors(this, q.operands);
      for (let i = 0; i < n; i++) {
        const slot = slots[i]!;
        if (this.loose.size && this.loose.has(slot)) {
          scores[i] = Math.fround(rank(this.documentAt(slot, cursors).entries) * spec.scale);
          continue;
        }
        p = seek(docs, p, end, slot);
        const r =
          p < end && docs[p] === slot ? Math.fround(entryRank(RANK_WEIGHTS, pos, posStart[p]!, posStart[p + 1]!)) : 0;
        scores[i] = Math.fround(r * spec.scale);
      }
    } else if (q) {
      const cursors = new Cursors(this, q.operands);
      const rank = prepareTsRank(RANK_WEIGHTS, q);
      const rankCd = prepareTsRankCd(RANK_WEIGHTS, q);
      for (let i = 0; i < n; i++) {
        const slot = slots[i]!;
        const doc = this.documentAt(slot, cursors);
        scores[i] = spec.single ? Math.fround(rank(doc.entries) * spec.scale) : rankCd(doc.entries, doc.order);
      }
    }
    const boost = spec.titleBoost;
    const [ha, hb] = boost ? hashPair(boost.exact) : [0, 0];
    const leading = boost?.leading.map((t) => Uint16Array.from(t, (c) => c.charCodeAt(0))) ?? [];
    for (let i = 0; i < n; i++) {
      const slot = slots[i]!;
      let s = scores[i]!;
      if (boost) {
        if (this.titleHashA[slot] === ha && this.titleHashB[slot] === hb) s += 10;
        let leads = false;
        for (let k = 0; k < leading.length && !leads; k++) leads = this.titleStartsWith(slot, leading[k]!);
        if (leads) s += 1;
      }
      const recency = Math.min(Math.max((this.year[slot] || 1950) - 1950, 0), 100);
      scores[i] = s + recency * 0.0005;
    }
    return orderByScore(scores, this.recordIds(slots));
  }

  /** Whether lower(title) starts with `text` (titles are kept to 64 characters: longer text never does). */
  private titleStartsWith(slot: number, text: Uint16Array): boolean {
    const title = this.titles.units(slot);
    if (text.length > title.length) return false;
    for (let i = 0; i < text.length; i++) if (title[i] !== text[i]) return false;
    return true;
  }

  /** A slot's document as the ranking functions read it: posted, or loose when changed since. */
  private documentAt(
    slot: number,
    cursors: Cursors,
  ): { entries: DocEntries; order: (op: TsOperand, e: number) => number } {
    const doc = this.loose.size ? this.loose.get(slot) : undefined;
    if (doc) {
      const entries = looseEntries(doc);
      return { entries, order: (op, e) => looseOrder(doc, op, e) };
    }
    cursors.moveTo(slot);
    return cursors.document;
  }

  /** Record ids of slots, in the slots' order. */
  recordIds(slots: Int32Array): Int32Array {
    const ids = new Int32Array(slots.length);
    for (let i = 0; i < slots.length; i++) ids[i] = this.recordOf[slots[i]!]!;
    return ids;
  }

  /** Posting list access for `Cursors`. */
  postings(l: number): { from: number; to: number } {
    return { from: this.docStart[l]!, to: this.docStart[l + 1]! };
  }

  /** Internal arrays for `Cursors`. */
  get arrays(): { docs: Int32Array; posStart: Int32Array; pos: Uint16Array } {
    return { docs: this.docs, posStart: this.posStart, pos: this.pos };
  }

  /** The lexicon ranges of operands (for `Cursors`). */
  rangesOf(ops: TsOperand[]): Array<[number, number]> {
    return ops.map((op) => this.lexemeRange(op));
  }
}

/**
 * Walks the postings of a query's operands along ascending slots: at each slot, the positions of
 * every operand there (the entries of the lexemes it matches).
 */
class Cursors {
  private readonly ranges: Array<[number, number]>;
  private readonly at: Int32Array[];
  private readonly ends: Int32Array[];
  private slot = -1;
  private readonly docs: Int32Array;
  private readonly posStart: Int32Array;
  private readonly pos: Uint16Array;
  private readonly cache: Array<{ slot: number; positions: Uint16Array[]; lexemes: number[] }>;

  constructor(text: TenantText, ops: TsOperand[]) {
    ({ docs: this.docs, posStart: this.posStart, pos: this.pos } = text.arrays);
    this.ranges = text.rangesOf(ops);
    this.at = this.ranges.map(([from, to]) =>
      Int32Array.from({ length: to - from }, (_, k) => text.postings(from + k).from),
    );
    this.ends = this.ranges.map(([from, to]) =>
      Int32Array.from({ length: to - from }, (_, k) => text.postings(from + k).to),
    );
    this.cache = ops.map(() => ({ slot: -1, positions: [], lexemes: [] }));
  }

  moveTo(slot: number): void {
    this.slot = slot;
  }

  /** The entries (positions per matching lexeme) of operand `op` at the current slot. */
  private load(op: TsOperand): { positions: Uint16Array[]; lexemes: number[] } {
    const c = this.cache[op.index]!;
    if (c.slot === this.slot) return c;
    c.slot = this.slot;
    // Reused: the ranking functions read an operand's entries before the cursors move on.
    c.positions.length = 0;
    c.lexemes.length = 0;
    const at = this.at[op.index]!;
    const ends = this.ends[op.index]!;
    const from = this.ranges[op.index]![0];
    for (let k = 0; k < at.length; k++) {
      const i = seek(this.docs, at[k]!, ends[k]!, this.slot);
      at[k] = i;
      if (i < ends[k]! && this.docs[i] === this.slot) {
        c.positions.push(this.pos.subarray(this.posStart[i]!, this.posStart[i + 1]!));
        c.lexemes.push(from + k);
      }
    }
    return c;
  }

  /** The entries of an operand here (`DocEntries`). */
  readonly entriesOf = (op: TsOperand): Uint16Array[] => this.load(op).positions;

  /** The lexicon place of an operand's entry here (ts_rank_cd's order of ties). */
  readonly lexemeOf = (op: TsOperand, e: number): number => this.load(op).lexemes[e]!;

  /** The document at the current slot, for the ranking functions. */
  readonly document = { entries: this.entriesOf, order: this.lexemeOf };

  /** The operand's positions here, weights checked (null: not here). */
  positionsOf(op: TsOperand): number[] | null {
    return operandPositions(this.load(op).positions, op);
  }
}

/** The entries of a loose document matching an operand, in its lexeme order. */
function looseIndexes(doc: LooseDoc, op: TsOperand): number[] {
  let lo = 0;
  let hi = doc.lexemes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareLexemes(doc.lexemes[mid]!, op.lexeme) < 0) lo = mid + 1;
    else hi = mid;
  }
  const out: number[] = [];
  for (let i = lo; i < doc.lexemes.length; i++) {
    const l = doc.lexemes[i]!;
    if (op.prefix ? !l.startsWith(op.lexeme) : l !== op.lexeme) break;
    out.push(i);
  }
  return out;
}

function looseEntries(doc: LooseDoc): DocEntries {
  return (op) => looseIndexes(doc, op).map((i) => doc.positions[i]!);
}

function looseOrder(doc: LooseDoc, op: TsOperand, e: number): number {
  return looseIndexes(doc, op)[e]!;
}

/**
 * The full-text index of every tenant in memory (`TenantMirror`): until a tenant's index is built,
 * its searches are ranked by the database.
 */
export class TextIndex extends TenantMirror<TextRow, TenantText> {
  constructor(loader: MirrorLoader<TextRow>, refreshMs: number, log?: (err: unknown) => void) {
    super(loader, (rows, pause) => TenantText.build(rows, pause), refreshMs, log);
  }
}
