import { z } from 'zod';
import { calls, post } from './endpoint.js';
import { wholeNumber } from './input.js';
import { Page, RecordId, RecordIdBody, RecordPageRequest, Rows, optionalCode } from './records.js';

/**
 * A record's copies (issue 5): physical items with status and due date, grouped by library, shelf
 * places, electronic copies, serial issues and attachments.
 */

/** A copy as the holdings table shows it (captures `holding_*.json`, plus OpenFind's names and due date). */
export const PhysicalItem = z.object({
  itemId: z.number().int(),
  callNo: z.string(),
  barcode: z.string(),
  /** Property number (the barcode here). */
  propNo: z.string(),
  libCode: z.string(),
  libName: z.string(),
  /** A number when the code is numeric, as the real API sends it. */
  locationId: z.union([z.number().int(), z.string()]),
  locationName: z.string(),
  realLocationName: z.string(),
  curLocationId: z.union([z.number().int(), z.string()]),
  curLocationName: z.string(),
  campusId: z.string(),
  campusName: z.string(),
  shelfNo: z.string(),
  vol: z.string(),
  year: z.string(),
  /** YYYY-MM-DD or ''. */
  inDate: z.string(),
  /** Display text in the request language: 在架, 借出-应还日期:YYYY-MM-DD. */
  processType: z.string(),
  /** 411 on shelf, 412 on loan. */
  processTypeCode: z.string(),
  /** 0 可借, 1 阅览, 2 停借 … 6 (circAttr). */
  circAttr: z.string(),
  /** OpenFind: the circulation attribute's name in the request language. */
  circAttrName: z.string(),
  itemPolicyName: z.string(),
  listPrice: z.number().nullable(),
  donatorName: z.string().nullable(),
  /** Whether a reader may place a request on it (on loan and loanable). */
  requestable: z.boolean(),
  /** OpenFind: due date YYYY-MM-DD when on loan, else null. */
  dueDate: z.string().nullable(),
});
export type PhysicalItem = z.infer<typeof PhysicalItem>;

/** `POST /find/physical/groupitems`. */
export const GroupItemsRequest = z.object({
  recordId: RecordId,
  page: Page,
  rows: Rows(10, 500),
  /** Kept for compatibility (where the call came from); not used. */
  entrance: z.union([z.string().max(50), z.number(), z.null()]).optional(),
  isUnify: z.union([z.string().max(10), z.number(), z.boolean(), z.null()]).optional(),
  /** 1 by call number and barcode (default), 2 by library and location, 3 on shelf first (others: 1). */
  sortType: wholeNumber(1),
  /** Only copies with this call number. */
  callNo: optionalCode,
  /** OpenFind: only copies of this library. */
  libCode: optionalCode,
});
export type GroupItemsRequest = z.infer<typeof GroupItemsRequest>;
export const GroupItemsResponse = z.object({ totalCount: z.number().int(), list: z.array(PhysicalItem) });
export type GroupItemsResponse = z.infer<typeof GroupItemsResponse>;

/** One library's copies in `groupItemsByLibCode`. */
export const LibraryItems = z.object({
  libName: z.string(),
  libCode: z.string(),
  /** '1' for the institution's main library. */
  mainFlag: z.string(),
  phyItemVo: z.array(PhysicalItem),
});
export type LibraryItems = z.infer<typeof LibraryItems>;
/** `POST /find/physical/groupItemsByLibCode {recordId}`: copies grouped by library name (main library first). */
export const ItemsByLibrary = z.object({ sortedList: z.record(z.string(), LibraryItems) });
export type ItemsByLibrary = z.infer<typeof ItemsByLibrary>;

/** `POST /find/physical/shelfNos {recordId}`: where the copies stand (call number, location, shelf). */
export const ShelfNo = z.object({
  callNo: z.string(),
  libCode: z.string(),
  libName: z.string(),
  locationId: z.string(),
  locationName: z.string(),
  shelfNo: z.string(),
  /** Copies at this place and how many are on shelf. */
  itemCount: z.number().int(),
  onShelfCount: z.number().int(),
});
export type ShelfNo = z.infer<typeof ShelfNo>;
export const ShelfNosResponse = z.array(ShelfNo);
export type ShelfNosResponse = z.infer<typeof ShelfNosResponse>;

/** A digital / electronic copy (`POST /find/dItem/getDItems {recordId}`): the record's links. */
export const DigitalItem = z.object({
  dItemId: z.number().int(),
  title: z.string(),
  url: z.string(),
  /** Label of the link ('电子全文'…), else null. */
  urlName: z.string().nullable(),
});
export type DigitalItem = z.infer<typeof DigitalItem>;
export const DigitalItemsResponse = z.object({ totalCount: z.number().int(), list: z.array(DigitalItem) });
export type DigitalItemsResponse = z.infer<typeof DigitalItemsResponse>;

/** Issues of a serial (`POST /find/contiItem/list {recordId, page, rows}`), from the copies' year and volume. */
export const ContiItem = z.object({
  year: z.string(),
  vol: z.string(),
  itemCount: z.number().int(),
  onShelfCount: z.number().int(),
  callNo: z.string(),
});
export type ContiItem = z.infer<typeof ContiItem>;
export const ContiItemsResponse = z.object({ totalCount: z.number().int(), list: z.array(ContiItem) });
export type ContiItemsResponse = z.infer<typeof ContiItemsResponse>;

/** Files attached to a record (`POST /find/attachment/getAttachmentList {recordId}`): tables of contents, covers… */
export const Attachment = z.object({
  attachmentId: z.number().int(),
  name: z.string(),
  url: z.string(),
  /** 'toc', 'cover', 'preview', 'other'. */
  kind: z.string(),
  size: z.number().int().nullable(),
});
export type Attachment = z.infer<typeof Attachment>;
export const AttachmentsResponse = z.object({ totalCount: z.number().int(), list: z.array(Attachment) });
export type AttachmentsResponse = z.infer<typeof AttachmentsResponse>;

/** A record's holdings, open to visitors: copies, shelves, electronic copies, serial issues, attachments. */
export const HoldingsCalls = calls('holdings', {
  groupItems: post('/find/physical/groupitems', {
    input: GroupItemsRequest,
    output: GroupItemsResponse,
    access: 'public',
    summary: 'Copies of a record with status and due date, sorted and paged',
  }),
  groupItemsByLibCode: post('/find/physical/groupItemsByLibCode', {
    input: RecordIdBody,
    output: ItemsByLibrary,
    access: 'public',
    summary: 'Copies of a record grouped by library (main library first)',
  }),
  shelfNos: post('/find/physical/shelfNos', {
    input: RecordIdBody,
    output: ShelfNosResponse,
    access: 'public',
    summary: 'Where the copies stand: call number, location, shelf',
  }),
  getDItems: post('/find/dItem/getDItems', {
    input: RecordPageRequest,
    output: DigitalItemsResponse,
    access: 'public',
    summary: 'Electronic copies (links) of a record',
  }),
  contiItemList: post('/find/contiItem/list', {
    input: RecordPageRequest,
    output: ContiItemsResponse,
    access: 'public',
    summary: "A serial's holdings by year and volume",
  }),
  getAttachmentList: post('/find/attachment/getAttachmentList', {
    input: RecordPageRequest,
    output: AttachmentsResponse,
    access: 'public',
    summary: 'Files attached to a record (contents, covers, previews)',
  }),
});
