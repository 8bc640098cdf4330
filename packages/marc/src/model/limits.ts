import { Buffer } from 'node:buffer';
import type { MarcField } from './marc-record.js';

/**
 * Largest field any reader accepts, in bytes of UTF-8 as ISO 2709 would store it (indicators,
 * subfield codes and the field terminator included). ISO 2709's directory bounds a field at 9,999
 * bytes, but real exports break that (the largest real field seen is 11,241 bytes, a repaired
 * directory in marc4j's bad_oversize_field_bad_directory.mrc): 32 KiB leaves room for a very long
 * 505 contents note and still stops a 50 MB field before it reaches the catalogue.
 */
export const MAX_FIELD_BYTES = 32 * 1024;

/**
 * Largest record any reader accepts, in bytes of UTF-8 as ISO 2709 would store it. The leader's
 * five digits bound a record at 99,999 bytes, but real records are larger: a HathiTrust serial
 * with 8,259 item fields is 1,096,887 bytes (marc4j's bad_hathi_records.mrc). 2 MiB keeps it.
 */
export const MAX_RECORD_BYTES = 2 * 1024 * 1024;

/** Bytes of UTF-8 of a string (ASCII counted without encoding). */
export function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** A field's size as ISO 2709 stores it: data and terminator, or indicators, codes, data and terminator. */
export function fieldBytes(field: MarcField): number {
  if ('value' in field) return utf8Bytes(field.value) + 1;
  let size = 3;
  for (const subfield of field.subfields) size += 1 + utf8Bytes(subfield.code) + utf8Bytes(subfield.value);
  return size;
}

/** The field's name for a reject reason: "field 520", with a blank tag shown as "???". */
function fieldName(field: MarcField): string {
  return `field ${field.tag.trim() || '???'}`;
}

/** Reason for a field over {@link MAX_FIELD_BYTES}. */
export function fieldTooLarge(name: string, bytes: number | string): string {
  return `${name} is ${bytes} bytes, over the ${MAX_FIELD_BYTES}-byte field limit`;
}

/** Reason for a record over {@link MAX_RECORD_BYTES}. */
export function recordTooLarge(bytes: number | string): string {
  return `record is ${bytes} bytes, over the ${MAX_RECORD_BYTES}-byte record limit`;
}

/**
 * Why a record breaks the size limits (its first field over {@link MAX_FIELD_BYTES}, or its whole
 * size over {@link MAX_RECORD_BYTES}), or undefined when it keeps within them.
 */
export function checkRecordSize(fields: readonly MarcField[]): string | undefined {
  let total = 24 + 1 + 1;
  for (const field of fields) {
    const size = fieldBytes(field);
    if (size > MAX_FIELD_BYTES) return fieldTooLarge(fieldName(field), size);
    total += 12 + size;
  }
  return total > MAX_RECORD_BYTES ? recordTooLarge(total) : undefined;
}
