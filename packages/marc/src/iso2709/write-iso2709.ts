import { isControlField } from '../model/marc-record.js';
import type { MarcRecord } from '../model/marc-record.js';

/** One field's raw data for `buildIso2709`: the bytes between directory position and field terminator. */
export interface RawFieldData {
  /** Three-character tag. */
  tag: string;
  /** Field data without its terminator (indicators and 0x1F-delimited subfields for data fields). */
  data: Uint8Array;
}

const encoder = new TextEncoder();

/**
 * Assembles an ISO 2709 record from raw field bytes: leader positions 00-04 (length) and 12-16 (base
 * address) are computed, the rest of `leader` is kept. Bytes are written as given, so callers can
 * build MARC-8 or deliberately damaged records.
 */
export function buildIso2709(leader: string, fields: RawFieldData[]): Uint8Array {
  const directoryLength = fields.length * 12 + 1;
  const base = 24 + directoryLength;
  const dataLength = fields.reduce((sum, field) => sum + field.data.length + 1, 0);
  const total = base + dataLength + 1;
  const out = new Uint8Array(total);
  const head = `${String(total).padStart(5, '0').slice(-5)}${leader.padEnd(24, ' ').slice(5, 12)}${String(base).padStart(5, '0')}${leader.padEnd(24, ' ').slice(17, 24)}`;
  out.set(encoder.encode(head), 0);
  let directoryAt = 24;
  let dataAt = base;
  for (const field of fields) {
    const entry = `${field.tag.padEnd(3, ' ').slice(0, 3)}${String(field.data.length + 1).padStart(4, '0')}${String(dataAt - base).padStart(5, '0')}`;
    out.set(encoder.encode(entry), directoryAt);
    directoryAt += 12;
    out.set(field.data, dataAt);
    dataAt += field.data.length;
    out[dataAt] = 0x1e;
    dataAt += 1;
  }
  out[directoryAt] = 0x1e;
  out[total - 1] = 0x1d;
  return out;
}

/** Serialises a record as UTF-8 ISO 2709 (leader/09 set to "a"). */
export function writeIso2709(record: MarcRecord): Uint8Array {
  const leader = `${record.leader.slice(0, 9)}a${record.leader.slice(10)}`;
  return buildIso2709(
    leader,
    record.fields.map((field) => ({
      tag: field.tag,
      data: encoder.encode(
        isControlField(field)
          ? field.value
          : `${field.ind1}${field.ind2}${field.subfields.map((subfield) => `\u001f${subfield.code}${subfield.value}`).join('')}`,
      ),
    })),
  );
}
