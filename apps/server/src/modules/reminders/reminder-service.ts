import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  CALENDAR_FEED_PATH,
  LoanListRequest,
  MAX_OVERDUE_EVERY_DAYS,
  MAX_REMINDER_DAYS_BEFORE,
  type CalendarFeed,
  type CalendarFeedAction,
  type Lang,
  type ReminderSettings,
  type UpdateReminderSettings,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { localName } from '../../lib/localized.js';
import { tenantSecret } from '../auth/auth-repository.js';
import type { RateLimiter } from '../auth/rate-limiter.js';
import type { CirculationService } from '../circulation/circulation-service.js';
import { SIP2_CONNECTION_SECRET } from '../circulation/sip2-settings.js';
import { maskEmail } from '../readers/contacts.js';
import { findReaderById } from '../readers/reader-repository.js';
import type { TenantDirectory } from '../tenants/tenant-directory.js';
import { writeCalendar } from './ical.js';
import { calendarWords } from './reminder-texts.js';
import {
  findFeedOwner,
  findReaderPref,
  findReminderSetting,
  noteReaderLang,
  setFeedTokenHash,
  touchFeed,
  upsertReaderPref,
  upsertReminderSetting,
  type ReminderSettingRow,
} from './reminder-repository.js';

/** A feed token: 32 random bytes, base64url (43 characters, 256 bits). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** Minutes a subscriber is asked to wait before looking again, and a feed answer may be cached. */
const FEED_REFRESH_MINUTES = 360;
const FEED_MAX_AGE_SECONDS = 900;

/** The SHA-256 of a feed token, as kept (hex). */
export const feedTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The answer of the feed route: the calendar, or a bare status. */
export type FeedAnswer =
  { status: 200; body: string; maxAge: number } | { status: 404 } | { status: 429 } | { status: 503 };

/** A setting an operator gives that is out of its range. */
export class ReminderSettingError extends Error {}

/**
 * Reminders as readers and operators see them: an institution's settings, a reader's choices, and
 * the calendar feed of a reader's due dates. The run that sends reminders is `ReminderJob`.
 */
export class ReminderService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: {
      circulation: CirculationService;
      tenants: TenantDirectory;
      /** Whether e-mail goes through a mail server (SMTP_URL); without one, reminders go to the inbox only. */
      mailServer: boolean;
      /** Feed requests one address may make per minute. */
      feedLimiter: RateLimiter;
    },
  ) {}

  /** The institution's reminder settings. */
  settings(tenantId: number): Promise<ReminderSettingRow> {
    return findReminderSetting(this.db, tenantId);
  }

  /** Changes the institution's settings (checked here: days before 0–30, overdue every 0–365). */
  async setSettings(tenantId: number, patch: Partial<ReminderSettingRow>): Promise<ReminderSettingRow> {
    const inRange = (v: number | undefined, max: number) =>
      v === undefined || (Number.isInteger(v) && v >= 0 && v <= max);
    if (!inRange(patch.daysBefore, MAX_REMINDER_DAYS_BEFORE))
      throw new ReminderSettingError(`daysBefore: a whole number from 0 to ${MAX_REMINDER_DAYS_BEFORE}`);
    if (!inRange(patch.overdueEvery, MAX_OVERDUE_EVERY_DAYS))
      throw new ReminderSettingError(`overdueEvery: a whole number from 0 to ${MAX_OVERDUE_EVERY_DAYS}`);
    await upsertReminderSetting(this.db, tenantId, patch);
    return this.settings(tenantId);
  }

  /** Whether the institution's loans are in the library's own system (SIP2): it sends its own notices. */
  async onLibrarySystem(tenantId: number): Promise<boolean> {
    return Boolean(await tenantSecret(this.db, tenantId, SIP2_CONNECTION_SECRET));
  }

  /** A reader's reminder settings; notes the language they use My Library in (their reminders'). */
  async readerSettings(tenantId: number, readerId: number, lang: Lang): Promise<ReminderSettings> {
    await noteReaderLang(this.db, tenantId, readerId, lang);
    return this.answer(tenantId, readerId);
  }

  async updateReaderSettings(
    tenantId: number,
    readerId: number,
    patch: UpdateReminderSettings,
    lang: Lang,
  ): Promise<ReminderSettings> {
    await upsertReaderPref(this.db, tenantId, readerId, { ...patch, lang });
    return this.answer(tenantId, readerId);
  }

  private async answer(tenantId: number, readerId: number): Promise<ReminderSettings> {
    const [pref, setting, sip2, reader] = await Promise.all([
      findReaderPref(this.db, tenantId, readerId),
      this.settings(tenantId),
      this.onLibrarySystem(tenantId),
      findReaderById(this.db, tenantId, readerId),
    ]);
    const verified = Boolean(reader?.emailVerified && reader.email);
    return {
      emailReminders: pref.emailReminders,
      inboxReminders: pref.inboxReminders,
      daysBefore: setting.daysBefore,
      overdueEvery: setting.overdueEvery,
      active: setting.enabled && !sip2,
      emailAvailable: verified && this.deps.mailServer,
      email: verified ? maskEmail(reader!.email) : '',
      feedActive: pref.feedActive,
      feedCreatedAt: pref.feedCreatedAt?.toISOString() ?? null,
      feedUsedAt: pref.feedUsedAt?.toISOString() ?? null,
    };
  }

  /**
   * Makes a new calendar feed (its address, under `origin`, is in this answer only: the token is kept
   * as its hash) replacing any old one, or revokes it.
   */
  async calendarFeed(
    tenantId: number,
    readerId: number,
    action: CalendarFeedAction,
    lang: Lang,
    origin: string,
  ): Promise<CalendarFeed> {
    if (action === 'revoke') {
      await setFeedTokenHash(this.db, tenantId, readerId, null, lang);
      return { feedUrl: null, feedCreatedAt: null };
    }
    const token = randomBytes(32).toString('base64url');
    const created = await setFeedTokenHash(this.db, tenantId, readerId, feedTokenHash(token), lang);
    return { feedUrl: `${origin}${CALENDAR_FEED_PATH}${token}.ics`, feedCreatedAt: created?.toISOString() ?? null };
  }

  /**
   * The calendar of `file` (`<token>.ics`): one all-day event per current loan on its due date, with
   * an alarm at 09:00 the day before, in the reader's language. The reader and the institution come
   * from the token alone, found by its hash (no comparison of the token itself, so no timing to
   * learn it from); an unknown or revoked token is a bare 404. Each address may ask `feedLimiter`'s
   * number a minute.
   */
  async feed(file: string, ip: string, now = new Date()): Promise<FeedAnswer> {
    if (!(await this.deps.feedLimiter.hit(ip))) return { status: 429 };
    const token = file.endsWith('.ics') ? file.slice(0, -4) : '';
    if (!TOKEN.test(token)) return { status: 404 };
    const owner = await findFeedOwner(this.db, feedTokenHash(token));
    if (!owner) return { status: 404 };
    const [tenant, reader, pref] = await Promise.all([
      this.deps.tenants.list().then((all) => all.find((t) => t.id === owner.tenantId)),
      findReaderById(this.db, owner.tenantId, owner.readerId),
      findReaderPref(this.db, owner.tenantId, owner.readerId),
    ]);
    if (!tenant || !reader) return { status: 404 };
    const lang = pref.lang ?? 'zh-CN';
    let loans;
    try {
      loans = await this.deps.circulation.loans(
        tenant.id,
        { id: reader.id, cardNo: reader.cardNo, account: reader.account },
        LoanListRequest.parse({ rows: 200 }),
        true,
        lang,
      );
    } catch {
      // The library's system did not answer: the calendar asks again later.
      return { status: 503 };
    }
    await touchFeed(this.db, tenant.id, reader.id);
    const w = calendarWords(lang);
    const library = localName(tenant, lang);
    const body = writeCalendar({
      prodId: '-//OpenFind//Loans due//EN',
      name: `${library} · ${w.calendarName}`,
      refreshMinutes: FEED_REFRESH_MINUTES,
      now,
      events: loans.searchResult
        .filter((l) => /^\d{4}-\d{2}-\d{2}$/.test(l.normReturnDate))
        .map((l) => ({
          uid: `loan-${l.loanId}.${tenant.id}@openfind`,
          date: l.normReturnDate,
          summary: w.eventSummary(l.title),
          description: w.eventDetail({ barcode: l.barcode, callNo: l.callNo, library: l.curLibName ?? l.locationName }),
          location: l.curLibName ?? undefined,
          sequence: l.renewTimes,
          alarmMinutesBefore: 15 * 60,
          alarmText: w.alarm(l.title),
        })),
    });
    return { status: 200, body, maxAge: FEED_MAX_AGE_SECONDS };
  }
}
