import { grow } from '../../../lib/typed-arrays.js';

/** Records changed since the sort are tested one by one; past this share the sort is done again. */
const MAX_CHANGED_SHARE = 0.05;
const MIN_CHANGED_RESORT = 20_000;

/**
 * The call numbers of every record of a tenant — the record's own and its copies' — upper-cased
 * and sorted, so that a search by call number (a prefix, or the whole number) is a binary search
 * instead of a scan of the copies in the database. Numbers are kept as UTF-16 units in one typed
 * array (a million records' numbers are tens of megabytes, and nothing for the collector to walk).
 *
 * Records stored after the sort are kept aside with their current numbers and tested one by one,
 * until so many changed that the sort is done again.
 */
export class CallNumbers {
  private data = new Uint16Array(0);
  private used = 0;
  /** Entry e: units data[start[e] … start[e] + len[e]) of slot slot[e]. */
  private start = new Int32Array(0);
  private len = new Uint16Array(0);
  private slot = new Int32Array(0);
  private entries = 0;
  /** Entries in the order of their numbers (UTF-16 unit order, as PostgreSQL's "C" order and JS compare them). */
  private order: Int32Array | undefined;
  /** Slots stored since the sort, with their numbers now; their sorted entries are out of date. */
  private readonly changed = new Map<number, string[]>();
  /** Per slot: its first entry + 1 (0: none) and how many it has (a slot's entries lie together). */
  private firstEntry = new Int32Array(0);
  private entryCount = new Int32Array(0);
  private slots = 0;

  /** Slots whose numbers changed since the sort (tested one by one). */
  get changedCount(): number {
    return this.changed.size;
  }

  /**
   * Stores the numbers of a slot: appended while loading, aside once sorted — unless they are the
   * numbers it has (records are read again when anything of theirs changes, a loan for one).
   */
  put(slot: number, numbers: readonly string[]): void {
    this.slots = Math.max(this.slots, slot + 1);
    if (!this.order) {
      for (const n of numbers) this.append(slot, n);
      return;
    }
    if (this.holds(slot, numbers)) return;
    this.changed.set(slot, [...numbers]);
    if (this.changed.size > Math.max(MIN_CHANGED_RESORT, this.slots * MAX_CHANGED_SHARE)) this.resort();
  }

  /** Whether a slot's numbers now are `numbers`, in that order. */
  private holds(slot: number, numbers: readonly string[]): boolean {
    const now = this.changed.get(slot);
    if (now) return now.length === numbers.length && now.every((n, i) => n === numbers[i]);
    const first = slot < this.firstEntry.length ? this.firstEntry[slot]! - 1 : -1;
    const count = first < 0 ? 0 : this.entryCount[slot]!;
    if (count !== numbers.filter((n) => n.length).length) return false;
    let e = first;
    for (const n of numbers) {
      if (!n.length) continue;
      if (this.len[e] !== n.length) return false;
      for (let i = 0, from = this.start[e]!; i < n.length; i++)
        if (this.data[from + i] !== n.charCodeAt(i)) return false;
      e++;
    }
    return true;
  }

  private append(slot: number, number: string | Uint16Array): void {
    if (!number.length) return;
    const units = Math.min(number.length, 0xffff);
    this.data = grow(this.data, this.used + units);
    if (typeof number === 'string') for (let i = 0; i < units; i++) this.data[this.used + i] = number.charCodeAt(i);
    else this.data.set(number.subarray(0, units), this.used);
    this.start = grow(this.start, this.entries + 1);
    this.len = grow(this.len, this.entries + 1);
    this.slot = grow(this.slot, this.entries + 1);
    this.start[this.entries] = this.used;
    this.len[this.entries] = units;
    this.slot[this.entries] = slot;
    this.firstEntry = grow(this.firstEntry, slot + 1);
    this.entryCount = grow(this.entryCount, slot + 1);
    if (this.firstEntry[slot] === 0) this.firstEntry[slot] = this.entries + 1;
    this.entryCount[slot]!++;
    this.entries++;
    this.used += units;
  }

  /** Sorts the numbers stored so far (after the first load; once); later ones are kept aside. */
  seal(): void {
    if (this.order) return;
    const { data, start, len } = this;
    const order = new Int32Array(this.entries);
    for (let e = 0; e < order.length; e++) order[e] = e;
    order.sort((a, b) => {
      const sa = start[a]!;
      const sb = start[b]!;
      const n = Math.min(len[a]!, len[b]!);
      for (let i = 0; i < n; i++) {
        const d = data[sa + i]! - data[sb + i]!;
        if (d !== 0) return d;
      }
      return len[a]! - len[b]! || this.slot[a]! - this.slot[b]!;
    });
    this.order = order;
  }

  /** Sorts again with the changed slots' numbers in place of their old ones. */
  private resort(): void {
    const old = { data: this.data, start: this.start, len: this.len, slot: this.slot, entries: this.entries };
    this.data = new Uint16Array(Math.max(1024, this.used));
    this.start = new Int32Array(old.entries);
    this.len = new Uint16Array(old.entries);
    this.slot = new Int32Array(old.entries);
    this.used = this.entries = 0;
    this.firstEntry.fill(0);
    this.entryCount.fill(0);
    this.order = undefined;
    for (let e = 0; e < old.entries; e++) {
      const slot = old.slot[e]!;
      if (this.changed.has(slot)) continue;
      const from = old.start[e]!;
      this.append(slot, old.data.subarray(from, from + old.len[e]!));
    }
    for (const [slot, numbers] of this.changed) for (const n of numbers) this.append(slot, n);
    this.changed.clear();
    this.seal();
  }

  /** Compares entry e's number with `code` over at most `code`'s length (prefix order). */
  private comparePrefix(e: number, code: string): number {
    const from = this.start[e]!;
    const n = Math.min(this.len[e]!, code.length);
    for (let i = 0; i < n; i++) {
      const d = this.data[from + i]! - code.charCodeAt(i);
      if (d !== 0) return d;
    }
    return this.len[e]! >= code.length ? 0 : -1;
  }

  /**
   * Slots (ascending, each once) with a number starting with one of `codes` (upper-cased), or
   * with `exact`, equal to one.
   */
  find(codes: readonly string[], exact: boolean): Int32Array {
    const order = this.order;
    if (!order) throw new Error('call numbers: searched before they were sorted');
    const found: number[] = [];
    for (const code of codes) {
      if (!code) continue;
      // The first entry not below the code, then every entry that starts with it.
      let lo = 0;
      let hi = order.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.comparePrefix(order[mid]!, code) < 0) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < order.length && this.comparePrefix(order[i]!, code) === 0; i++) {
        const e = order[i]!;
        if (exact && this.len[e] !== code.length) continue;
        if (!this.changed.size || !this.changed.has(this.slot[e]!)) found.push(this.slot[e]!);
      }
      for (const [slot, numbers] of this.changed) {
        if (numbers.some((n) => (exact ? n === code : n.startsWith(code)))) found.push(slot);
      }
    }
    const slots = Int32Array.from(found).sort();
    let n = 0;
    for (let i = 0; i < slots.length; i++) if (i === 0 || slots[i] !== slots[n - 1]) slots[n++] = slots[i]!;
    return slots.subarray(0, n);
  }
}
