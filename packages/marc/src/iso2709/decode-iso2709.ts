import { chooseEncoding } from '../encoding/choose-encoding.js';
import { createAsciiDecoder, createFieldDecoder } from '../encoding/field-decoder.js';
import { detectFlavour } from '../flavour/detect-flavour.js';
import { MarcRecord } from '../model/marc-record.js';
import type { MarcField, Subfield } from '../model/marc-record.js';
import { parseIso2709 } from './parse-iso2709.js';
import type { RawField } from './parse-iso2709.js';

/** A decoded ISO 2709 record and the repairs made to read it. */
export interface DecodedIso2709 {
  /** The record. */
  record: MarcRecord;
  /** English notes on what was repaired or guessed. */
  warnings: string[];
}

/** Options for decoding ISO 2709 records. */
export interface DecodeIso2709Options {
  /** Accept non-MARC-8 records with undecodable bytes (kept as U+FFFD, with a warning) instead of rejecting them. */
  isLenient?: boolean;
}

const SUBFIELD_DELIMITER = 0x1f;
const SUBFIELD_SPLIT = '\u001f';

const SUBFIELD_CODE = /^[0-9A-Za-z]$/;
const isControlCode = (code: number): boolean => code < 0x20 || code === 0x7f;

/** Replaces stray control characters with spaces (keeps fixed-field positions where they were). */
function clean(value: string): string {
  let index = 0;
  while (index < value.length && !isControlCode(value.charCodeAt(index))) index += 1;
  if (index === value.length) return value;
  let out = value.slice(0, index);
  for (; index < value.length; index += 1) out += isControlCode(value.charCodeAt(index)) ? ' ' : value.charAt(index);
  return out;
}

/** Indicator values: digits, blank, fill character or the "#" some systems write for blank. */
function isIndicator(byte: number | undefined): boolean {
  return byte !== undefined && ((byte >= 0x30 && byte <= 0x39) || byte === 0x20 || byte === 0x7c || byte === 0x23);
}

function isControlTag(tag: string): boolean {
  return tag.startsWith('00');
}

function field100a(bytes: Uint8Array, fields: RawField[]): string | undefined {
  const field = fields.find((candidate) => candidate.tag === '100');
  if (!field) return undefined;
  const at = bytes.indexOf(SUBFIELD_DELIMITER, field.start);
  if (at < 0 || at >= field.end || bytes[at + 1] !== 0x61) return undefined;
  let text = '';
  for (let i = at + 2; i < Math.min(field.end, at + 40); i += 1) {
    const byte = bytes[i] ?? 0;
    if (byte === SUBFIELD_DELIMITER) break;
    text += String.fromCharCode(byte);
  }
  return text;
}

/** "N label: first three messages (and M more)". */
function summarise(messages: string[], label: string): string {
  const more = messages.length > 3 ? ` (and ${messages.length - 3} more)` : '';
  return `${messages.length} ${label}: ${messages.slice(0, 3).join('; ')}${more}`;
}

/** Splits decoded subfield text ("\u001faValue\u001fbValue") into subfields. */
function splitSubfields(text: string): Subfield[] {
  const subfields: Subfield[] = [];
  const pieces = text.split(SUBFIELD_SPLIT);
  for (let k = 1; k < pieces.length; k += 1) {
    const piece = pieces[k] ?? '';
    if (piece.length === 0) continue;
    const first = piece.charCodeAt(0);
    const width = first >= 0xd800 && first <= 0xdbff ? 2 : 1;
    subfields.push({ code: piece.slice(0, width), value: piece.slice(width) });
  }
  return subfields;
}

/**
 * Decodes one ISO 2709 record: structure from the directory (repaired where possible), character
 * set chosen per record, MARC21/UNIMARC chosen per record. Returns a reason when the record cannot
 * be read without guessing its text.
 */
export function decodeIso2709(
  bytes: Uint8Array,
  options: DecodeIso2709Options = {},
): DecodedIso2709 | { reason: string } {
  const parsed = parseIso2709(bytes);
  if ('reason' in parsed) return parsed;
  const warnings = [...parsed.warnings];
  const tags = parsed.fields.map((field) => field.tag);
  const flavour = detectFlavour(tags, field100a(bytes, parsed.fields));
  const leader09 = parsed.leader.charAt(9);
  const plan = chooseEncoding(bytes, parsed.dataStart, parsed.dataEnd, leader09, flavour);
  if (!plan.encoding) return { reason: plan.rejectReason ?? 'character set could not be determined' };
  if (plan.warning) warnings.push(plan.warning);

  const decoder = plan.isAscii
    ? createAsciiDecoder(bytes, plan.encoding === 'marc-8')
    : createFieldDecoder(bytes, plan.encoding);
  const decode = (start: number, end: number, tag: string): string => decoder.decode(start, end, tag);

  const fields: MarcField[] = [];
  let oddIndicators = 0;
  const badCodes = new Set<string>();
  for (const raw of parsed.fields) {
    if (isControlTag(raw.tag)) {
      fields.push({ tag: raw.tag, value: clean(decode(raw.start, raw.end, raw.tag)) });
      continue;
    }
    const delimiter = bytes.indexOf(SUBFIELD_DELIMITER, raw.start);
    if (delimiter < 0 || delimiter >= raw.end) {
      // No subfield delimiter: keep the data as $a; the first two bytes are indicators only if they look like ones.
      const hasIndicators =
        raw.end - raw.start >= 2 && isIndicator(bytes[raw.start]) && isIndicator(bytes[raw.start + 1]);
      const ind1 = hasIndicators ? String.fromCharCode(bytes[raw.start] ?? 0x20) : ' ';
      const ind2 = hasIndicators ? String.fromCharCode(bytes[raw.start + 1] ?? 0x20) : ' ';
      const rest = clean(decode(raw.start + (hasIndicators ? 2 : 0), raw.end, raw.tag));
      if (rest.trim()) warnings.push(`field ${raw.tag} has no subfield delimiter; its data was kept as $a`);
      fields.push({ tag: raw.tag, ind1, ind2, subfields: rest.trim() ? [{ code: 'a', value: rest }] : [] });
      continue;
    }
    const indicatorBytes = delimiter - raw.start;
    if (indicatorBytes !== 2) oddIndicators += 1;
    const ind1 = indicatorBytes >= 1 ? String.fromCharCode(bytes[raw.start] ?? 0x20) : ' ';
    const ind2 = indicatorBytes >= 2 ? String.fromCharCode(bytes[raw.start + 1] ?? 0x20) : ' ';
    const subfields = splitSubfields(decode(delimiter, raw.end, raw.tag));
    for (const subfield of subfields) {
      subfield.value = clean(subfield.value);
      if (!SUBFIELD_CODE.test(subfield.code)) badCodes.add(`${raw.tag} "${subfield.code}"`);
    }
    fields.push({ tag: raw.tag, ind1, ind2, subfields });
  }
  if (badCodes.size > 0) warnings.push(`subfield codes that are not letters or digits: ${[...badCodes].join(', ')}`);
  if (oddIndicators > 0) warnings.push(`${oddIndicators} field(s) do not have exactly two indicators`);

  if (decoder.repairs.length > 0) warnings.push(summarise(decoder.repairs, 'repaired while decoding'));
  if (decoder.errors.length > 0) {
    // A leader that promised UTF-8 gets MARC-8 only if MARC-8 reads it cleanly; real MARC-8 keeps U+FFFD.
    if (plan.rejectReason) return { reason: `${plan.rejectReason}: ${summarise(decoder.errors, 'undecodable')}` };
    if (!options.isLenient && plan.encoding !== 'marc-8') {
      return { reason: `${plan.encoding} data has ${summarise(decoder.errors, 'undecodable byte sequence(s)')}` };
    }
    warnings.push(summarise(decoder.errors, 'undecodable byte sequence(s) replaced by U+FFFD'));
  }
  return { record: new MarcRecord(parsed.leader, fields, flavour, plan.encoding), warnings };
}
