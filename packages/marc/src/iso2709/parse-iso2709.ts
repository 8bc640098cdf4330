/** A field located in a record's bytes: data runs from `start` to `end` (field terminator excluded). */
export interface RawField {
  /** Three-character tag. */
  tag: string;
  /** Offset of the field's first data byte. */
  start: number;
  /** Offset just past the field's last data byte. */
  end: number;
}

/** The structure of one ISO 2709 record, before any character decoding. */
export interface ParsedIso2709 {
  /** The 24-byte leader as ASCII. */
  leader: string;
  /** Fields in directory order. */
  fields: RawField[];
  /** Offset of the first data byte (the base address actually used). */
  dataStart: number;
  /** Offset just past the last data byte (before the record terminator). */
  dataEnd: number;
  /** Repairs made to read the record. */
  warnings: string[];
}

/** Why a record's structure could not be read. */
export interface Iso2709Failure {
  /** English, specific reason. */
  reason: string;
}

const FIELD_TERMINATOR = 0x1e;
const RECORD_TERMINATOR = 0x1d;
const LEADER_LENGTH = 24;
const ENTRY_LENGTH = 12;

function ascii(bytes: Uint8Array, start: number, end: number): string {
  let out = '';
  for (let i = start; i < end; i += 1) out += String.fromCharCode(bytes[i] ?? 0);
  return out;
}

function digits(bytes: Uint8Array, start: number, length: number): number {
  let value = 0;
  for (let i = start; i < start + length; i += 1) {
    const byte = bytes[i];
    if (byte === undefined || byte < 0x30 || byte > 0x39) return -1;
    value = value * 10 + (byte - 0x30);
  }
  return value;
}

function isTagByte(byte: number | undefined): boolean {
  return (
    byte !== undefined &&
    ((byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a))
  );
}

interface DirectoryEntry {
  tag: string;
  length: number;
  offset: number;
}

function readDirectory(bytes: Uint8Array, end: number): DirectoryEntry[] | string {
  const entries: DirectoryEntry[] = [];
  for (let at = LEADER_LENGTH; at + ENTRY_LENGTH <= end; at += ENTRY_LENGTH) {
    if (!isTagByte(bytes[at]) || !isTagByte(bytes[at + 1]) || !isTagByte(bytes[at + 2])) {
      return `directory entry ${entries.length + 1} has an unreadable tag "${ascii(bytes, at, at + 3)}"`;
    }
    const length = digits(bytes, at + 3, 4);
    const offset = digits(bytes, at + 7, 5);
    if (length < 0 || offset < 0) {
      return `directory entry ${entries.length + 1} (tag ${ascii(bytes, at, at + 3)}) has a non-numeric length or start "${ascii(bytes, at + 3, at + 12)}"`;
    }
    entries.push({ tag: ascii(bytes, at, at + 3), length, offset });
  }
  return entries;
}

/** Places each directory entry in the data; undefined when a start position does not begin a field. */
function locateFields(
  bytes: Uint8Array,
  directory: DirectoryEntry[],
  dataStart: number,
  dataEnd: number,
): { fields: RawField[]; repaired: number } | undefined {
  const fields: RawField[] = [];
  let repaired = 0;
  for (const entry of directory) {
    const start = dataStart + entry.offset;
    const declaredEnd = start + entry.length - 1;
    if (start > dataEnd || (start > dataStart && bytes[start - 1] !== FIELD_TERMINATOR)) return undefined;
    if (entry.length > 0 && declaredEnd <= dataEnd && bytes[declaredEnd] === FIELD_TERMINATOR) {
      fields.push({ tag: entry.tag, start, end: declaredEnd });
      continue;
    }
    const terminator = bytes.indexOf(FIELD_TERMINATOR, start);
    fields.push({ tag: entry.tag, start, end: terminator === -1 || terminator > dataEnd ? dataEnd : terminator });
    repaired += 1;
  }
  return { fields, repaired };
}

/**
 * Re-reads a directory whose entries are not all 12 bytes long (writers that print offsets over
 * 99,999 with six digits), guided by where the fields really start. Returns undefined when the
 * directory cannot be matched to the data that way.
 */
function readDirectoryGuided(
  bytes: Uint8Array,
  directoryEnd: number,
  dataStart: number,
  spans: { start: number; end: number }[],
): RawField[] | undefined {
  const fields: RawField[] = [];
  let at = LEADER_LENGTH;
  for (const span of spans) {
    if (
      at + ENTRY_LENGTH > directoryEnd ||
      !isTagByte(bytes[at]) ||
      !isTagByte(bytes[at + 1]) ||
      !isTagByte(bytes[at + 2])
    ) {
      return undefined;
    }
    const expected = span.start - dataStart;
    const width = digits(bytes, at + 7, 5) === expected ? 5 : digits(bytes, at + 7, 6) === expected ? 6 : 0;
    if (width === 0 || digits(bytes, at + 3, 4) < 0) return undefined;
    fields.push({ tag: ascii(bytes, at, at + 3), start: span.start, end: span.end });
    at += 7 + width;
  }
  return directoryEnd - at < ENTRY_LENGTH ? fields : undefined;
}

/** Splits the data area on field terminators: the fallback when the directory's positions are unusable. */
function scanFields(bytes: Uint8Array, dataStart: number, dataEnd: number): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  let start = dataStart;
  for (let i = dataStart; i < dataEnd; i += 1) {
    if (bytes[i] === FIELD_TERMINATOR) {
      spans.push({ start, end: i });
      start = i + 1;
    }
  }
  if (start < dataEnd) spans.push({ start, end: dataEnd });
  return spans;
}

/**
 * Reads the leader and directory of one ISO 2709 record. Positions come from the directory; when a
 * directory length disagrees with the data the field is read to its terminator, and when the
 * directory's positions are unusable the fields are recovered by scanning for field terminators
 * (tags still from the directory). A record that cannot be recovered that way is a failure.
 */
export function parseIso2709(bytes: Uint8Array): ParsedIso2709 | Iso2709Failure {
  const warnings: string[] = [];
  let dataEnd = bytes.length;
  if (bytes[dataEnd - 1] === RECORD_TERMINATOR) dataEnd -= 1;
  if (dataEnd < LEADER_LENGTH + 1) return { reason: `record is only ${bytes.length} bytes, too short for a leader` };
  const leader = ascii(bytes, 0, LEADER_LENGTH);

  const declaredLength = digits(bytes, 0, 5);
  if (declaredLength < 0) warnings.push(`leader record length "${leader.slice(0, 5)}" is not numeric`);
  else if (declaredLength !== bytes.length) {
    warnings.push(
      bytes.length > 99_999
        ? `record is ${bytes.length} bytes, more than the leader can state (it says ${declaredLength})`
        : `leader says the record is ${declaredLength} bytes but it is ${bytes.length}`,
    );
  }

  // The directory ends at the first field terminator after the leader.
  let directoryEnd = -1;
  for (let i = LEADER_LENGTH; i < dataEnd; i += 1) {
    if (bytes[i] === FIELD_TERMINATOR) {
      directoryEnd = i;
      break;
    }
  }
  if (directoryEnd < 0) return { reason: 'record has no field terminator: there is no directory to read' };
  const dataStart = directoryEnd + 1;
  const baseAddress = digits(bytes, 12, 5);
  if (baseAddress !== dataStart) {
    warnings.push(`leader base address "${leader.slice(12, 17)}" is wrong; the directory ends at byte ${directoryEnd}`);
  }
  const directory = readDirectory(bytes, directoryEnd);
  if (typeof directory !== 'string' && directory.length === 0) {
    return { reason: 'record has an empty directory (no fields)' };
  }
  const located = typeof directory === 'string' ? undefined : locateFields(bytes, directory, dataStart, dataEnd);
  if (located) {
    if ((directoryEnd - LEADER_LENGTH) % ENTRY_LENGTH !== 0) {
      warnings.push(
        `directory length ${directoryEnd - LEADER_LENGTH} is not a multiple of 12; the last entry is ignored`,
      );
    }
    if (located.repaired > 0) {
      warnings.push(
        `${located.repaired} directory length(s) disagree with the data; those fields were read to their terminator`,
      );
    }
    return { leader, fields: located.fields, dataStart, dataEnd, warnings };
  }

  const spans = scanFields(bytes, dataStart, dataEnd);
  const guided = readDirectoryGuided(bytes, directoryEnd, dataStart, spans);
  if (guided) {
    warnings.push(
      'directory entries are not all 12 bytes (offsets over 99,999 written with six digits?); fields were located by their terminators',
    );
    return { leader, fields: guided, dataStart, dataEnd, warnings };
  }
  if (typeof directory === 'string') return { reason: `directory is unusable: ${directory}` };
  if (spans.length !== directory.length) {
    return {
      reason: `directory is unusable: its start positions do not match the data, and the data holds ${spans.length} fields where the directory lists ${directory.length}`,
    };
  }
  warnings.push('directory start positions do not match the data; fields were recovered by their terminators');
  return {
    leader,
    fields: spans.map((span, index) => ({ tag: directory[index]?.tag ?? '???', start: span.start, end: span.end })),
    dataStart,
    dataEnd,
    warnings,
  };
}
