import type { BibRecord } from './bib-record.js';
import type { MarcRecord } from './marc-record.js';

/** Where a record came from, precise enough to find it again in the file. */
export interface RecordSource {
  /** File name (or label) given to the reader. */
  file: string;
  /** Zero-based position of the record among everything read from the file (accepted and rejected). */
  index: number;
  /** Byte offset of the record's first byte (ISO 2709, JSON lines). */
  byteOffset?: number;
  /** One-based line of the record's start (XML, JSON lines, CSV). */
  line?: number;
}

/** A record that was read. `warnings` lists everything that was repaired or guessed. */
export interface ReadOk {
  /** Discriminant. */
  ok: true;
  /** The full MARC record, or null for CSV rows and ISO 20775 holdings. */
  record: MarcRecord | null;
  /** The record mapped to the bibliographic model. */
  bib: BibRecord;
  /** Where it came from. */
  source: RecordSource;
  /** English notes on repairs and guesses (empty when the record was clean). */
  warnings: string[];
}

/** A record that could not be read; its raw bytes or text go to a reject file. */
export interface ReadReject {
  /** Discriminant. */
  ok: false;
  /** English, specific reason. */
  reason: string;
  /** The raw bytes (binary formats) or text (XML, JSON, CSV) of what was rejected. */
  raw: Uint8Array | string;
  /** Where it came from. */
  source: RecordSource;
}

/** One input record's outcome. Nothing is dropped without one of these. */
export type ReadResult = ReadOk | ReadReject;
