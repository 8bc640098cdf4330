/** What a quick look at a record's bytes tells about its encoding. */
export interface ByteProfile {
  /** Bytes >= 0x80 present. */
  hasHighBytes: boolean;
  /** An ESC (0x1B), the start of every MARC-8 character-set switch, is present. */
  hasEscape: boolean;
  /** Well-formed UTF-8 sequences of two or more bytes. */
  utf8Multibyte: number;
  /** Bytes that cannot be part of well-formed UTF-8. */
  utf8Invalid: number;
  /** Offset of the first byte that breaks UTF-8, or -1. */
  firstInvalidUtf8: number;
}

function continuation(bytes: Uint8Array, at: number, count: number, end: number): boolean {
  if (at + count >= end) return false;
  for (let k = 1; k <= count; k += 1) {
    const byte = bytes[at + k] ?? 0;
    if ((byte & 0xc0) !== 0x80) return false;
  }
  return true;
}

/** Profiles bytes [start, end): high bytes, escapes, and UTF-8 well-formedness. */
export function profileBytes(bytes: Uint8Array, start: number, end: number): ByteProfile {
  const profile: ByteProfile = {
    hasHighBytes: false,
    hasEscape: false,
    utf8Multibyte: 0,
    utf8Invalid: 0,
    firstInvalidUtf8: -1,
  };
  let i = start;
  while (i < end) {
    const byte = bytes[i] ?? 0;
    if (byte < 0x80) {
      if (byte === 0x1b) profile.hasEscape = true;
      i += 1;
      continue;
    }
    profile.hasHighBytes = true;
    const need =
      byte >= 0xc2 && byte <= 0xdf ? 1 : byte >= 0xe0 && byte <= 0xef ? 2 : byte >= 0xf0 && byte <= 0xf4 ? 3 : 0;
    if (need > 0 && continuation(bytes, i, need, end)) {
      profile.utf8Multibyte += 1;
      i += need + 1;
      continue;
    }
    profile.utf8Invalid += 1;
    if (profile.firstInvalidUtf8 < 0) profile.firstInvalidUtf8 = i;
    i += 1;
  }
  return profile;
}

/**
 * True when the high bytes look like Windows-1251 Cyrillic text: almost all are Cyrillic letters
 * (0xC0-0xFF, Ё/ё) and they come in word-length runs. MARC-8 Latin diacritics are single bytes before
 * ASCII letters, so their runs are short; UTF-8 has already been ruled out by the caller.
 */
export function looksLikeWindows1251(bytes: Uint8Array, start: number, end: number): boolean {
  let high = 0;
  let cyrillic = 0;
  let runs = 0;
  let inRun = false;
  for (let i = start; i < end; i += 1) {
    const byte = bytes[i] ?? 0;
    if (byte >= 0x80) {
      high += 1;
      if (byte >= 0xc0 || byte === 0xa8 || byte === 0xb8) cyrillic += 1;
      if (!inRun) runs += 1;
      inRun = true;
    } else {
      inRun = false;
    }
  }
  if (high < 8 || runs === 0) return false;
  return cyrillic / high >= 0.95 && high / runs >= 3;
}

/**
 * True when the high bytes read as Chinese in GB18030 (GBK, GB2312), the 8-bit character set of
 * many Chinese library systems' exports: every high byte belongs to a two-byte character (lead
 * 0x81-0xFE, trail 0x40-0xFE but 0x7F) or a four-byte one (lead, digit, lead, digit), and nearly all
 * two-byte characters lie in GB2312's rows (both bytes 0xA1-0xFE), as Chinese text does, and the
 * high bytes come in runs of three or more on average (words of two characters or more). MARC-8 and
 * ISO 5426 diacritics stand before ASCII letters, alone or two stacked (Vietnamese): their pairs
 * fall outside those rows or their runs are short. Callers rule out UTF-8 and Windows-1251 first.
 */
export function looksLikeGb18030(bytes: Uint8Array, start: number, end: number): boolean {
  let pairs = 0;
  let gb2312 = 0;
  let high = 0;
  let runs = 0;
  const isDigit = (b: number) => b >= 0x30 && b <= 0x39;
  const isLead = (b: number) => b >= 0x81 && b <= 0xfe;
  for (let i = start; i < end; i += 1) {
    const lead = bytes[i] ?? 0;
    if (lead < 0x80) continue;
    if (i === start || (bytes[i - 1] ?? 0) < 0x80) runs += 1;
    if (!isLead(lead) || i + 1 >= end) return false;
    const trail = bytes[i + 1] ?? 0;
    if (isDigit(trail)) {
      if (i + 3 >= end || !isLead(bytes[i + 2] ?? 0) || !isDigit(bytes[i + 3] ?? 0)) return false;
      high += 2;
      i += 3;
      continue;
    }
    if (trail < 0x40 || trail === 0x7f || trail === 0xff) return false;
    pairs += 1;
    high += trail >= 0x80 ? 2 : 1;
    if (lead >= 0xa1 && trail >= 0xa1) gb2312 += 1;
    i += 1;
  }
  return pairs >= 2 && gb2312 / pairs >= 0.9 && high / runs >= 3;
}
