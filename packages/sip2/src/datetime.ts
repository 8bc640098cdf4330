/**
 * A date (and time) as a SIP2 message carries it: `YYYYMMDDZZZZHHMMSS`, where ZZZZ is the time
 * zone ("    " for the circulation system's local time, "   Z" for UTC). Kept as the system's
 * wall-clock parts, not a `Date`, because the system's own time zone is usually unknown.
 */
export interface SipDateTime {
  /** The field exactly as the system sent it. */
  raw: string;
  /** `YYYY-MM-DD`, or null when the field is not a SIP2 date. */
  date: string | null;
  /** `HH:MM:SS`, or null when the field has no time part (or is not a SIP2 date). */
  time: string | null;
  /** The zone indicator trimmed ("Z" for UTC), or null for the system's local time. */
  zone: string | null;
}

const SIP_DATE = /^(\d{4})(\d{2})(\d{2})(?:(.{4})(\d{2})(\d{2})(\d{2}))?$/;

/** Parses a SIP2 date field; text in another form keeps only its `raw` value. */
export function parseSipDateTime(raw: string): SipDateTime {
  const match = SIP_DATE.exec(raw.trim());
  if (!match) return { raw, date: null, time: null, zone: null };
  const [, year, month, day, zone, hour, minute, second] = match;
  const hasTime = hour !== undefined;
  return {
    raw,
    date: `${year}-${month}-${day}`,
    time: hasTime ? `${hour}:${minute}:${second}` : null,
    zone: hasTime && zone !== undefined && zone.trim() !== '' ? zone.trim() : null,
  };
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/**
 * `date` as a SIP2 date field in local time (`YYYYMMDD    HHMMSS`), or in UTC (`YYYYMMDD   ZHHMMSS`)
 * when `utc` is set.
 */
export function formatSipDateTime(date: Date, utc = false): string {
  if (utc) {
    return `${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}   Z${pad(
      date.getUTCHours(),
    )}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}`;
  }
  return `${pad(date.getFullYear(), 4)}${pad(date.getMonth() + 1)}${pad(date.getDate())}    ${pad(date.getHours())}${pad(
    date.getMinutes(),
  )}${pad(date.getSeconds())}`;
}
