/**
 * A small iCalendar (RFC 5545) writer for the calendar feed of a reader's due dates: all-day events
 * with an alarm, written with the escaping and line folding the RFC asks for. Kept here rather than
 * taken from a package: the feed needs three components, and the test reads what this writes with
 * an independent parser (ical.js).
 */

/** One all-day event. */
export interface IcsEvent {
  /** Stable across fetches: a calendar updates the event of the same UID (a renewal moves it). */
  uid: string;
  /** The day, YYYY-MM-DD. */
  date: string;
  summary: string;
  description?: string | undefined;
  location?: string | undefined;
  /** Bumped when the event changes (the loan's renewals). */
  sequence?: number | undefined;
  /** An alarm this many minutes before the day begins (900 = 09:00 the day before); none when undefined. */
  alarmMinutesBefore?: number | undefined;
  alarmText?: string | undefined;
}

export interface IcsCalendar {
  /** The product that wrote it: -//OpenFind//… */
  prodId: string;
  /** The calendar's name, as a subscribing application shows it. */
  name: string;
  /** How often a subscriber should look again (minutes). */
  refreshMinutes: number;
  events: readonly IcsEvent[];
  /** When it was written (DTSTAMP). */
  now: Date;
}

/** TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks; no control characters. */
export function escapeText(s: string): string {
  return (
    s
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- control characters have no place in a TEXT value
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, ' ')
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\n/g, '\\n')
  );
}

const encoder = new TextEncoder();

/**
 * Folds a content line (RFC 5545 §3.1): at most 75 octets a line, continued on lines that begin
 * with a space, never inside a UTF-8 sequence (whole code points are kept together).
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const out: string[] = [];
  let current = '';
  let octets = 0;
  // The first line holds 75 octets; each continuation 74 after its leading space.
  let limit = 75;
  for (const ch of line) {
    const n = encoder.encode(ch).length;
    if (octets + n > limit) {
      out.push(current);
      current = '';
      octets = 0;
      limit = 74;
    }
    current += ch;
    octets += n;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** YYYY-MM-DD → YYYYMMDD. */
const dateValue = (d: string) => d.replaceAll('-', '');

/** The day after YYYY-MM-DD (an all-day event's DTEND is exclusive). */
function nextDay(d: string): string {
  const t = new Date(`${d}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + 1);
  return t.toISOString().slice(0, 10);
}

/** A UTC date-time: 20261201T083000Z. */
function utcStamp(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/** A duration before the start: 900 minutes → -PT15H, 1500 → -P1DT1H. */
function before(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const time = hours || mins ? `T${hours ? `${hours}H` : ''}${mins ? `${mins}M` : ''}` : '';
  return `-P${days ? `${days}D` : ''}${time || (days ? '' : 'T0M')}`;
}

/** The calendar as text/calendar: CRLF line ends, folded lines. */
export function writeCalendar(cal: IcsCalendar): string {
  const lines: string[] = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${cal.prodId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${escapeText(cal.name)}`,
    `X-WR-CALNAME:${escapeText(cal.name)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:PT${cal.refreshMinutes}M`,
    `X-PUBLISHED-TTL:PT${cal.refreshMinutes}M`,
  ];
  const stamp = utcStamp(cal.now);
  for (const e of cal.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(e.uid)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${dateValue(e.date)}`,
      `DTEND;VALUE=DATE:${dateValue(nextDay(e.date))}`,
      `SUMMARY:${escapeText(e.summary)}`,
    );
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
    if (e.sequence !== undefined) lines.push(`SEQUENCE:${e.sequence}`);
    // A reminder on the calendar, not an appointment: the day stays free.
    lines.push('TRANSP:TRANSPARENT');
    if (e.alarmMinutesBefore !== undefined) {
      lines.push(
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        `DESCRIPTION:${escapeText(e.alarmText ?? e.summary)}`,
        `TRIGGER:${before(e.alarmMinutesBefore)}`,
        'END:VALARM',
      );
    }
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
