import type { Kysely } from 'kysely';
import {
  DONATION_FROM,
  DONATION_STATUSES,
  DonationErrCode,
  MAX_DONATION_EXPORT,
  MAX_OPEN_DONATIONS,
  donationContactProblem,
  isValidDonationIsbn,
  normalizeDonationIsbn,
  type DecideDonationsRequest,
  type DonateNews,
  type Donation,
  type DonationDecisionOutcome,
  type DonationExport,
  type DonationOffer,
  type DonationQueue,
  type DonationQueueQuery,
  type DonationStatus,
  type DonorPage,
  type Lang,
  type MyDonations,
  type StaffDonation,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import { addInboxMessage } from '../readers/reader-repository.js';
import { awardPoints } from '../points/points-service.js';
import type { StaffActor } from '../staff/staff-context.js';
import type { StaffService } from '../staff/staff-service.js';
import {
  cancelDonation,
  countDonationsByStatus,
  countOpenDonations,
  decideDonation,
  findDonation,
  findDonationExport,
  findDonationIdByKey,
  findDonationItems,
  findDonationQueue,
  findDonationStates,
  findDonors,
  findPublishedNews,
  findReaderDonations,
  insertDonation,
  lockDonor,
  type DonationRow,
  type ItemRow,
} from './donation-repository.js';

const noSuchDonation = () => new AppError('donationNoSuch', DonationErrCode.noSuchDonation);

/** Text in `lang`: English when asked and given, else the Chinese (as the home lists do). */
const inLang = (lang: Lang, zh: string, en: string) => (lang === 'en-US' && en ? en : zh);

/** The state's name in the inbox notices (Chinese and English, as the library's other notices are). */
const STATE_WORDS: Record<DonationStatus, [string, string]> = {
  submitted: ['已提交', 'submitted'],
  received: ['已收到', 'received'],
  accepted: ['已接受', 'accepted'],
  declined: ['已谢绝', 'declined'],
  cancelled: ['已撤回', 'withdrawn'],
};

/** The first titles of a donation, to name it in a notice. */
function titlesOf(items: ItemRow[]): string {
  const names = items.slice(0, 3).map((i) => `《${i.title}》`);
  return items.length > 3 ? `${names.join('')}…` : names.join('');
}

/**
 * Tells the reader in their inbox that the library changed their donation's state, with the reply,
 * in the change's transaction.
 */
async function tellReader(
  trx: Kysely<Database>,
  tenantId: number,
  d: { id: number; readerId: number; to: DonationStatus; reply: string; items: ItemRow[] },
): Promise<void> {
  const [zh, en] = STATE_WORDS[d.to];
  const books = titlesOf(d.items);
  const reply = d.reply ? `\n图书馆回复 The library's reply: ${d.reply}` : '';
  await addInboxMessage(trx, {
    tenantId,
    readerId: d.readerId,
    channel: 'inbox',
    target: '',
    subject: `您的捐赠${zh} Your donation is ${en}: ${books}`,
    body:
      `您捐赠的图书${books}（第 ${d.id} 号）状态：${zh}。\n` +
      `Your donation no. ${d.id} (${books}) is ${en}.${reply}\n` +
      `详情见“我的图书馆 → 资源捐赠”。See My Library → Donations.`,
  });
}

function toDonation(r: DonationRow, items: ItemRow[]): Donation {
  return {
    donationId: r.id,
    status: r.status,
    donorName: r.donor_name,
    anonymous: r.anonymous,
    contactPhone: r.contact_phone,
    contactEmail: r.contact_email,
    delivery: r.delivery,
    note: r.note,
    reply: r.reply,
    copies: r.copies,
    items: items.map((i) => ({ title: i.title, isbn: i.isbn, author: i.author, copies: i.copies })),
    version: r.version,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    receivedAt: r.received_at,
    decidedAt: r.decided_at,
  };
}

function toStaffDonation(r: DonationRow, items: ItemRow[]): StaffDonation {
  return {
    ...toDonation(r, items),
    readerId: r.reader_id,
    account: r.account,
    readerName: r.reader_name,
    handledBy: r.handled_by,
  };
}

/**
 * Book donations: a reader's offers (any reader with a contact: a frozen account or a lost card may
 * still give books, the spec restricts only renewing and recommending), the public donors list and
 * news, and the staff queue. Every staff change is a guarded UPDATE (only a donation still at the
 * version and in a state the decision applies to moves), audited, and told to the reader in the
 * same transaction; an accepted donation earns its points there too.
 */
export class DonationService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: { staff: StaffService },
  ) {}

  /** The donors list: accepted donations, newest first. */
  async donors(tenantId: number, page: number, rows: number): Promise<DonorPage> {
    const { total, rows: list } = await findDonors(this.db, tenantId, (page - 1) * rows, rows);
    return {
      totalCount: total,
      list: list.map((d) => ({
        id: d.id,
        donorName: d.anonymous ? '' : d.donor_name,
        anonymous: d.anonymous,
        titles: d.titles,
        copies: d.copies,
        date: d.date,
      })),
    };
  }

  /** One published news item in `lang`. */
  async newsItem(tenantId: number, id: number, lang: Lang): Promise<DonateNews> {
    const n = await findPublishedNews(this.db, tenantId, id);
    if (!n) throw new AppError('donationNewsNoSuch', DonationErrCode.noSuchNews);
    return {
      id: n.id,
      title: inLang(lang, n.title, n.title_en),
      content: inLang(lang, n.content, n.content_en),
      donorName: n.donor_name,
      copies: n.copies,
      remark: n.remark,
      publishTime: n.publish_time,
    };
  }

  /**
   * A reader offers books. The same form token twice (a double click, a retry) gives the donation
   * made the first time; at most `MAX_OPEN_DONATIONS` wait for staff at once (counted with the
   * reader's row locked, so two tabs cannot pass the limit together).
   */
  async offer(tenantId: number, readerId: number, input: DonationOffer): Promise<Donation> {
    const items = input.items.map((item, n) => {
      const isbn = normalizeDonationIsbn(item.isbn);
      if (isbn && !isValidDonationIsbn(isbn))
        throw new AppError('donationIsbnInvalid', DonationErrCode.isbnInvalid, { n: n + 1, isbn: item.isbn });
      return { title: item.title, isbn, author: item.author, copies: item.copies };
    });
    const contact = donationContactProblem(input.contactPhone, input.contactEmail);
    if (contact === 'required') throw new AppError('donationContactRequired', DonationErrCode.contactRequired);
    if (contact === 'phoneInvalid') throw new AppError('donationPhoneInvalid', DonationErrCode.invalid);
    if (contact === 'emailInvalid') throw new AppError('donationEmailInvalid', DonationErrCode.invalid);
    if (!input.anonymous && !input.donorName)
      throw new AppError('donationDonorNameRequired', DonationErrCode.donorNameRequired);
    const id = await inTransaction(this.db, async (trx) => {
      if (!(await lockDonor(trx, tenantId, readerId))) throw noSuchDonation();
      if (input.submitKey) {
        const made = await findDonationIdByKey(trx, tenantId, readerId, input.submitKey);
        if (made !== undefined) return made;
      }
      if ((await countOpenDonations(trx, tenantId, readerId)) >= MAX_OPEN_DONATIONS)
        throw new AppError('donationTooManyOpen', DonationErrCode.tooManyOpen, { max: MAX_OPEN_DONATIONS });
      return insertDonation(trx, {
        tenantId,
        readerId,
        donorName: input.donorName,
        anonymous: input.anonymous,
        contactPhone: input.contactPhone.replace(/[\s-]+/g, ''),
        contactEmail: input.contactEmail,
        delivery: input.delivery,
        note: input.note,
        submitKey: input.submitKey ?? null,
        items,
      });
    });
    return this.readerDonation(tenantId, readerId, id);
  }

  /** A page of the reader's donations, newest first, and how many wait. */
  async mine(tenantId: number, readerId: number, page: number, rows: number): Promise<MyDonations> {
    const [{ total, rows: list }, openCount] = await Promise.all([
      findReaderDonations(this.db, tenantId, readerId, (page - 1) * rows, rows),
      countOpenDonations(this.db, tenantId, readerId),
    ]);
    const items = await findDonationItems(
      this.db,
      tenantId,
      list.map((d) => d.id),
    );
    return {
      totalCount: total,
      list: list.map((d) => toDonation(d, items.get(d.id) ?? [])),
      openCount,
      maxOpen: MAX_OPEN_DONATIONS,
    };
  }

  /** Withdraws the reader's donation while the library has not received it. */
  async cancel(tenantId: number, readerId: number, donationId: number): Promise<Donation> {
    const done = await cancelDonation(this.db, tenantId, readerId, donationId);
    if (!done) {
      if (!(await findDonation(this.db, tenantId, donationId, readerId))) throw noSuchDonation();
      throw new AppError('donationNotCancellable', DonationErrCode.notCancellable);
    }
    return this.readerDonation(tenantId, readerId, donationId);
  }

  private async readerDonation(tenantId: number, readerId: number, id: number): Promise<Donation> {
    const row = await findDonation(this.db, tenantId, id, readerId);
    if (!row) throw noSuchDonation();
    const items = await findDonationItems(this.db, tenantId, [id]);
    return toDonation(row, items.get(id) ?? []);
  }

  /** A page of the staff queue and the counts by state. */
  async queue(tenantId: number, q: DonationQueueQuery): Promise<DonationQueue> {
    const [{ total, rows }, counted] = await Promise.all([
      findDonationQueue(this.db, tenantId, {
        status: q.status,
        text: q.q.toLowerCase(),
        offset: (q.page - 1) * q.rows,
        rows: q.rows,
      }),
      countDonationsByStatus(this.db, tenantId),
    ]);
    const items = await findDonationItems(
      this.db,
      tenantId,
      rows.map((d) => d.id),
    );
    const counts = Object.fromEntries(DONATION_STATUSES.map((s) => [s, counted[s] ?? 0])) as Record<
      DonationStatus,
      number
    >;
    return { totalCount: total, list: rows.map((d) => toStaffDonation(d, items.get(d.id) ?? [])), counts };
  }

  async detail(tenantId: number, donationId: number): Promise<StaffDonation> {
    const row = await findDonation(this.db, tenantId, donationId);
    if (!row) throw noSuchDonation();
    const items = await findDonationItems(this.db, tenantId, [donationId]);
    return toStaffDonation(row, items.get(donationId) ?? []);
  }

  /**
   * Marks donations received, accepted or declined, in one transaction: each that is still at the
   * version named and in a state the decision applies to, with its audit row, the reader's notice and
   * (accepted) the reader's points. The others are reported: changed meanwhile or in another state
   * (`conflicts`), or not of this institution (`missing`); none changed: `changedMeanwhile`.
   */
  async decide(actor: StaffActor, input: DecideDonationsRequest, ip: string): Promise<DonationDecisionOutcome> {
    const { tenantId } = actor;
    if (input.to === 'declined' && !input.reply)
      throw new AppError('donationReplyRequired', DonationErrCode.replyRequired);
    const named = [...new Map(input.donations.map((d) => [d.donationId, d])).values()];
    const outcome = await inTransaction(this.db, async (trx) => {
      const changed: number[] = [];
      for (const d of named) {
        const before = await decideDonation(trx, tenantId, {
          id: d.donationId,
          version: d.version,
          from: DONATION_FROM[input.to],
          to: input.to,
          reply: input.reply,
          by: actor.username,
        });
        if (!before) continue;
        changed.push(d.donationId);
        const row = (await findDonation(trx, tenantId, d.donationId))!;
        const items = (await findDonationItems(trx, tenantId, [d.donationId])).get(d.donationId) ?? [];
        await tellReader(trx, tenantId, {
          id: row.id,
          readerId: row.reader_id,
          to: input.to,
          reply: input.reply,
          items,
        });
        let points = 0;
        if (input.to === 'accepted') {
          const award = await awardPoints(trx, {
            tenantId,
            readerId: row.reader_id,
            rule: 'donationAccepted',
            ref: row.id,
            note: items[0]?.title ?? '',
          });
          points = award.points;
        }
        await this.deps.staff.audit(
          {
            tenantId,
            staffId: actor.staffId,
            actor: actor.username,
            action: `donation.${input.to}`,
            target: `donation ${row.id}`,
            before: { status: before.status, reply: before.reply, version: d.version },
            after: { status: input.to, reply: row.reply, version: row.version, readerId: row.reader_id, points },
            ip,
          },
          trx,
        );
      }
      const done = new Set(changed);
      const others = await findDonationStates(
        trx,
        tenantId,
        named.map((d) => d.donationId).filter((id) => !done.has(id)),
      );
      const found = new Set(others.map((o) => o.id));
      return {
        changed,
        conflicts: others.map((o) => ({ donationId: o.id, status: o.status, handledBy: o.handled_by })),
        missing: named.map((d) => d.donationId).filter((id) => !done.has(id) && !found.has(id)),
      };
    });
    if (!outcome.changed.length && !outcome.conflicts.length) throw noSuchDonation();
    return outcome;
  }

  /** The filtered donations one row per book ("export donates"), newest first, at most `MAX_DONATION_EXPORT`. */
  async exportRows(tenantId: number, q: Pick<DonationQueueQuery, 'status' | 'q'>): Promise<DonationExport> {
    const rows = await findDonationExport(
      this.db,
      tenantId,
      { status: q.status, text: q.q.toLowerCase() },
      MAX_DONATION_EXPORT + 1,
    );
    return {
      capped: rows.length > MAX_DONATION_EXPORT,
      list: rows.slice(0, MAX_DONATION_EXPORT).map((r) => ({
        donationId: r.id,
        status: r.status,
        createdAt: r.created_at,
        decidedAt: r.decided_at,
        account: r.account,
        readerName: r.reader_name,
        donorName: r.donor_name,
        anonymous: r.anonymous,
        contactPhone: r.contact_phone,
        contactEmail: r.contact_email,
        delivery: r.delivery,
        title: r.title,
        isbn: r.isbn,
        author: r.author,
        copies: r.copies,
        reply: r.reply,
      })),
    };
  }
}
