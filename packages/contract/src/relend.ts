import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { LongId, freeText } from './input.js';
import { RecordId } from './records.js';
import { ReaderCode } from './circulation.js';
export * from './values/relend.js';

/**
 * Re-lend (转借, spec §4's request type; spec §7 names `/find/subtenancy/*` without payloads, designed
 * here). An ask is a request of type 'relend' of the asker: it appears in their request list
 * (`/find/request/list`, cancelled with `/find/request/cancel`). Neither reader learns who the other is.
 */

/** `POST /find/subtenancy/beforeSubtenancy {recordId}`, and the record of `subtenancyTimes`. */
export const RelendRecord = z.object({ recordId: RecordId });

/** Whether the reader may ask for the record now; when not, why (translated) and its error code. */
export const RelendCheck = z.object({
  allowed: z.boolean(),
  errCode: z.number().int().nullable(),
  reason: z.string().nullable(),
  /** Days an ask stays open. */
  askDays: z.number().int(),
});
export type RelendCheck = z.infer<typeof RelendCheck>;

/** `POST /find/subtenancy/askBook`. */
export const AskBook = z.object({
  recordId: RecordId,
  /** A note for the readers who have the book: where or when the asker could meet (shown to them, not who asks). */
  note: freeText(200)
    .optional()
    .transform((v) => v ?? ''),
});
export type AskBook = z.infer<typeof AskBook>;

export const AskedBook = z.object({
  requestId: z.number().int(),
  /** YYYY-MM-DD: the ask's last day. */
  askUntil: z.string(),
});
export type AskedBook = z.infer<typeof AskedBook>;

/** An ask made of the reader for a book they have on loan: who asked is never said. */
export const HolderAsk = z.object({
  requestId: z.number().int(),
  recordId: z.number().int(),
  title: z.string(),
  author: z.string().nullable(),
  /** 'waiting': not answered yet; 'ready': this reader agreed (a handover code to give). */
  status: z.enum(['waiting', 'ready']),
  /** YYYY-MM-DD. */
  askedOn: z.string(),
  askUntil: z.string(),
  /** The asker's note ('' when none). */
  note: z.string(),
  /** The reader's own loan of the book: its due date. */
  dueDate: z.string(),
});
export type HolderAsk = z.infer<typeof HolderAsk>;

/** `GET /find/subtenancy/subtencyList`: the asks made of the reader, open ones, oldest first. */
export const HolderAsks = z.object({ list: z.array(HolderAsk) });
export type HolderAsks = z.infer<typeof HolderAsks>;

/** `agree`, `decline`, `userApplyCheck`: an ask made of the reader. */
export const AskRef = z.object({ requestId: LongId });

export const DeclinedAsk = z.object({
  /** True when nobody else can pass a copy on: the ask ended (declined). */
  askEnded: z.boolean(),
});
export type DeclinedAsk = z.infer<typeof DeclinedAsk>;

/** Whether the asker could take the book over now (card, fines, loans), for the reader who agreed, before they meet. */
export const AskerCheck = z.object({ eligible: z.boolean(), reason: z.string().nullable() });
export type AskerCheck = z.infer<typeof AskerCheck>;

/** `POST /find/subtenancy/receive {code}`: the asker takes the copy over with the code they were given. */
export const ReceiveBook = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'six digits'),
});
export const ReceivedBook = z.object({
  loanId: z.number().int(),
  recordId: z.number().int(),
  title: z.string(),
  /** YYYY-MM-DD: the new loan's due date, under the asker's own loan policy. */
  dueDate: z.string(),
});
export type ReceivedBook = z.infer<typeof ReceivedBook>;

/** `POST /find/subtenancy/subtenancyTimes {recordId?}`. */
export const RelendTimesQuery = z.object({ recordId: RecordId.optional() });
export const RelendTimes = z.object({
  /** Times in a row a copy may be re-lent (0: the institution does not re-lend). */
  limit: z.number().int(),
  /** With a record: the most times one of its lent copies may still be re-lent; else null. */
  timesLeft: z.number().int().nullable(),
  askDays: z.number().int(),
});
export type RelendTimes = z.infer<typeof RelendTimes>;

/** A logged-in reader's re-lend asks, and those made of them. */
export const RelendCalls = calls('relend', {
  beforeSubtenancy: post('/find/subtenancy/beforeSubtenancy', {
    input: RelendRecord,
    output: RelendCheck,
    access: 'reader',
    summary: 'Whether the reader may ask for a lent-out record to be re-lent to them, and why not',
  }),
  askBook: post('/find/subtenancy/askBook', {
    input: AskBook,
    output: AskedBook,
    access: 'reader',
    summary: 'Ask the readers who have the record on loan to pass a copy on (they are told, anonymously)',
  }),
  subtencyList: get('/find/subtenancy/subtencyList', {
    output: HolderAsks,
    access: 'reader',
    summary: 'Asks made of the reader for books they have on loan (who asked is not said)',
  }),
  agreeSubtenancy: post('/find/subtenancy/agree', {
    input: AskRef,
    output: ReaderCode,
    access: 'reader',
    summary: 'Agree to pass a copy on: a handover code to give the asker (5 minutes, once; asked again for a new one)',
  }),
  declineSubtenancy: post('/find/subtenancy/decline', {
    input: AskRef,
    output: DeclinedAsk,
    access: 'reader',
    summary: 'Turn an ask down (it stays open for the other readers who have the book)',
  }),
  userApplyCheck: post('/find/subtenancy/userApplyCheck', {
    input: AskRef,
    output: AskerCheck,
    access: 'reader',
    summary: 'For the reader who agreed: whether the asker may take the book over now (not who they are)',
  }),
  receiveSubtenancy: post('/find/subtenancy/receive', {
    input: ReceiveBook,
    output: ReceivedBook,
    access: 'reader',
    summary: "Take the copy over with the handover code: the giver's loan is returned, the asker's begins",
  }),
  subtenancyTimes: post('/find/subtenancy/subtenancyTimes', {
    input: RelendTimesQuery,
    output: RelendTimes,
    access: 'reader',
    summary: 'How many times in a row a copy may be re-lent, and how many times are left for a record',
  }),
});
