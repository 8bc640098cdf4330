import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { DonateNews } from './home-lists.js';
import { Id, freeText, yesNo } from './input.js';
import { Page, PageRequest, Rows } from './records.js';
import {
  DONATION_DECISIONS,
  DONATION_DELIVERIES,
  DONATION_MAX_LENGTH,
  DONATION_STATUSES,
  MAX_DONATION_BATCH,
  MAX_DONATION_COPIES,
  MAX_DONATION_ITEMS,
} from './values/donations.js';
export * from './values/donations.js';

/**
 * Book donations (spec §2 key 11 "resource donation", the routes /bookDonate, /bookDonate/detail and
 * /donate, §4 "Donation", §7 `/find/donate/*` and "export donates", whose payloads the spec does not
 * show: designed here). A reader offers books with a contact and how they will reach the library;
 * staff mark the offer received, accepted or declined with a reply the reader sees in My Library and
 * in the inbox; accepted donations make the public donors list, under the name the donor chose or
 * none. The donation news of `/bookDonate` is `searchDonateNews` (home-lists.ts).
 */

/** Free text up to `max`, trimmed; absent or null is ''. */
const text = (max: number) =>
  z
    .union([freeText(max), z.null()])
    .optional()
    .transform((v) => (v ?? '').trim());

/** One book of an offer. */
export const DonationItemInput = z.object({
  title: freeText(DONATION_MAX_LENGTH.title)
    .transform((v) => v.trim())
    .pipe(z.string().min(1, 'a title')),
  /** ISBN-10 or ISBN-13, hyphens and spaces allowed; checked (its check digit) when given. */
  isbn: text(DONATION_MAX_LENGTH.isbn),
  author: text(DONATION_MAX_LENGTH.author),
  copies: z.coerce.number().int().min(1).max(MAX_DONATION_COPIES).default(1),
});
export type DonationItemInput = z.infer<typeof DonationItemInput>;

/** `POST /find/donate/offer`: a reader offers books. */
export const DonationOffer = z.object({
  items: z.array(DonationItemInput).min(1).max(MAX_DONATION_ITEMS),
  /** The name shown on the donors list; ignored when `anonymous`. */
  donorName: text(DONATION_MAX_LENGTH.donorName),
  anonymous: yesNo,
  /** A phone number or an e-mail address, at least one. */
  contactPhone: text(DONATION_MAX_LENGTH.contactPhone),
  contactEmail: text(DONATION_MAX_LENGTH.contactEmail),
  delivery: z.enum(DONATION_DELIVERIES),
  note: text(DONATION_MAX_LENGTH.note),
  /** The form's token of this submission (the same token twice makes one donation: a double click). */
  submitKey: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});
export type DonationOffer = z.infer<typeof DonationOffer>;

export const DonationItem = z.object({
  title: z.string(),
  isbn: z.string(),
  author: z.string(),
  copies: z.number().int(),
});
export type DonationItem = z.infer<typeof DonationItem>;

/** A donation as its reader sees it. */
export const Donation = z.object({
  donationId: z.number().int(),
  status: z.enum(DONATION_STATUSES),
  donorName: z.string(),
  anonymous: z.boolean(),
  contactPhone: z.string(),
  contactEmail: z.string(),
  delivery: z.enum(DONATION_DELIVERIES),
  note: z.string(),
  /** The library's reply (why it was declined, where to bring the books…); '' when none. */
  reply: z.string(),
  copies: z.number().int(),
  items: z.array(DonationItem),
  version: z.number().int(),
  /** ISO 8601. */
  createdAt: z.string(),
  updatedAt: z.string(),
  receivedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type Donation = z.infer<typeof Donation>;

/** `GET /find/donate/myDonations`: the reader's donations, newest first (the spec's donateInfo). */
export const MyDonations = z.object({
  totalCount: z.number().int(),
  list: z.array(Donation),
  /** Donations waiting for staff now, and the most allowed. */
  openCount: z.number().int(),
  maxOpen: z.number().int(),
});
export type MyDonations = z.infer<typeof MyDonations>;

/** `POST /find/donate/cancel`: withdraws a donation still submitted. */
export const DonationIdRequest = z.object({ donationId: Id });
export const DonationIdQuery = z.object({ donationId: Id });

/** One entry of the public donors list: an accepted donation. */
export const Donor = z.object({
  id: z.number().int(),
  /** The name the donor chose; '' when anonymous. */
  donorName: z.string(),
  anonymous: z.boolean(),
  titles: z.array(z.string()),
  copies: z.number().int(),
  /** YYYY-MM-DD, when it was accepted. */
  date: z.string(),
});
export type Donor = z.infer<typeof Donor>;

/** `POST /find/donate/searchDonation {page, rows}`: the donors list, newest first. */
export const DonorPage = z.object({ totalCount: z.number().int(), list: z.array(Donor) });
export type DonorPage = z.infer<typeof DonorPage>;

/** `GET /find/donate/newsDetail?id=`: one published news item in full (/bookDonate/detail). */
export const DonateNewsQuery = z.object({ id: Id });

/** `GET /find/admin/donations/list`: the staff queue, filtered. */
export const DonationQueueQuery = z.object({
  /** One state, or all ('' / absent). */
  status: z
    .union([z.enum(DONATION_STATUSES), z.literal('')])
    .optional()
    .transform((v) => v || undefined),
  /** Words of a title, an ISBN, the donor's name, contact or account (any case). */
  q: text(100),
  page: Page,
  rows: Rows(20, MAX_DONATION_BATCH),
});
export type DonationQueueQuery = z.infer<typeof DonationQueueQuery>;

/** A donation as staff see it: with its reader. */
export const StaffDonation = Donation.extend({
  readerId: z.number().int(),
  account: z.string(),
  readerName: z.string(),
  /** The staff account that made the last change. */
  handledBy: z.string().nullable(),
});
export type StaffDonation = z.infer<typeof StaffDonation>;

export const DonationQueue = z.object({
  totalCount: z.number().int(),
  list: z.array(StaffDonation),
  /** Donations of the institution in each state (whatever the filter). */
  counts: z.record(z.enum(DONATION_STATUSES), z.number().int()),
});
export type DonationQueue = z.infer<typeof DonationQueue>;

/**
 * `POST /find/admin/donations/decide`: mark donations received, accepted or declined, with a reply
 * the reader reads. Each names the version the screen showed: one changed meanwhile (another tab,
 * another member of staff) is reported in `conflicts`, not overwritten.
 */
export const DecideDonationsRequest = z.object({
  donations: z
    .array(z.object({ donationId: Id, version: z.coerce.number().int().min(0) }))
    .min(1)
    .max(MAX_DONATION_BATCH),
  to: z.enum(DONATION_DECISIONS),
  reply: text(DONATION_MAX_LENGTH.reply),
});
export type DecideDonationsRequest = z.infer<typeof DecideDonationsRequest>;

export const DonationDecisionOutcome = z.object({
  /** The donations changed. */
  changed: z.array(z.number().int()),
  /** Donations not changed: changed meanwhile, or in a state this decision does not apply to. */
  conflicts: z.array(
    z.object({ donationId: z.number().int(), status: z.enum(DONATION_STATUSES), handledBy: z.string().nullable() }),
  ),
  /** Ids that name no donation of the institution. */
  missing: z.array(z.number().int()),
});
export type DonationDecisionOutcome = z.infer<typeof DonationDecisionOutcome>;

/** `GET /find/admin/donations/export` ("export donates"): the filtered donations, one row per book. */
export const DonationExportQuery = DonationQueueQuery.pick({ status: true, q: true });
export const DonationExportRow = z.object({
  donationId: z.number().int(),
  status: z.enum(DONATION_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  account: z.string(),
  readerName: z.string(),
  donorName: z.string(),
  anonymous: z.boolean(),
  contactPhone: z.string(),
  contactEmail: z.string(),
  delivery: z.enum(DONATION_DELIVERIES),
  title: z.string(),
  isbn: z.string(),
  author: z.string(),
  copies: z.number().int(),
  reply: z.string(),
});
export type DonationExportRow = z.infer<typeof DonationExportRow>;
export const DonationExport = z.object({
  list: z.array(DonationExportRow),
  /** More books matched than an export holds (`MAX_DONATION_EXPORT`): the newest are given. */
  capped: z.boolean(),
});
export type DonationExport = z.infer<typeof DonationExport>;

/** Donations: public lists, the reader's own, the staff queue. */
export const DonationCalls = calls('donations', {
  searchDonation: post('/find/donate/searchDonation', {
    input: PageRequest,
    output: DonorPage,
    access: 'public',
    summary: 'The donors list: accepted donations, newest first, under the name the donor chose or anonymous',
  }),
  donateNewsDetail: get('/find/donate/newsDetail', {
    input: DonateNewsQuery,
    output: DonateNews,
    access: 'public',
    summary: 'One published donation news item in full',
  }),
  offerDonation: post('/find/donate/offer', {
    input: DonationOffer,
    output: Donation,
    access: 'reader',
    summary: 'Offer books to the library (1–50 titles, a contact, how they will arrive)',
  }),
  myDonations: get('/find/donate/myDonations', {
    input: PageRequest,
    output: MyDonations,
    access: 'reader',
    summary: "The reader's donations with their state and the library's reply, newest first",
  }),
  cancelDonation: post('/find/donate/cancel', {
    input: DonationIdRequest,
    output: Donation,
    access: 'reader',
    summary: 'Withdraw a donation the library has not received yet',
  }),
  adminDonations: get('/find/admin/donations/list', {
    input: DonationQueueQuery,
    output: DonationQueue,
    access: 'staff',
    summary: 'Donations of the institution by state, oldest waiting first',
  }),
  adminDonation: get('/find/admin/donations/detail', {
    input: DonationIdQuery,
    output: StaffDonation,
    access: 'staff',
    summary: 'One donation with its books and reader',
  }),
  adminDecideDonations: post('/find/admin/donations/decide', {
    input: DecideDonationsRequest,
    output: DonationDecisionOutcome,
    access: 'staff',
    summary: 'Mark donations received, accepted or declined with a reply (the readers are told)',
  }),
  adminExportDonations: get('/find/admin/donations/export', {
    input: DonationExportQuery,
    output: DonationExport,
    access: 'staff',
    summary: 'The filtered donations, one row per book, for a CSV file',
  }),
});
