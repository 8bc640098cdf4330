import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { LongId, freeText, yesNo } from './input.js';
import { Page, PageRequest, Rows } from './records.js';
import {
  DOC_DELIVERY_FIELDS,
  DOC_DELIVERY_MAX_LENGTH,
  DOC_DELIVERY_STATUSES,
  type DocDeliveryField,
} from './values/doc-delivery.js';
export * from './values/doc-delivery.js';

/**
 * Document delivery (spec §2 key 19, §3 "Document delivery form", §6: the entry shows only when a
 * delivery login URL is obtained). The library names a third-party delivery service: the reader opens
 * it through a login link the server signs for them, or fills in the library's form of 13 fields,
 * which the server keeps and sends to the service (tried again until the service takes it). The spec
 * shows no call for it: the paths and payloads are designed here.
 */

/** Free text up to `max`, trimmed; absent or null is ''. */
const text = (max: number) =>
  z
    .union([freeText(max), z.null()])
    .optional()
    .transform((v) => (v ?? '').trim());

/** `GET /find/docDelivery/state`: whether the institution offers delivery, the reader's login link. */
export const DocDeliveryState = z.object({
  /** The service is offered (a login URL is set and the service is on). */
  offered: z.boolean(),
  /** The link that logs the reader into the service (signed for them when the library set a secret); null when not offered. */
  loginUrl: z.string().nullable(),
  /** The form can be sent (the library named where requests go). */
  acceptsRequests: z.boolean(),
  dailyLimit: z.number().int(),
  usedToday: z.number().int(),
});
export type DocDeliveryState = z.infer<typeof DocDeliveryState>;

const formShape = Object.fromEntries(DOC_DELIVERY_FIELDS.map((f) => [f, text(DOC_DELIVERY_MAX_LENGTH[f] + 20)])) as {
  [K in DocDeliveryField]: ReturnType<typeof text>;
};

/** `POST /find/docDelivery/save`: the request form (publication name or article title required). */
export const DocDeliveryInput = z.object({
  ...formShape,
  /** The form's token of this submission: the same token twice makes one request (a double click). */
  submitKey: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});
export type DocDeliveryInput = z.infer<typeof DocDeliveryInput>;

/** A request as its reader sees it. */
export const DocDeliveryRequest = z.object({
  id: z.number().int(),
  ...(Object.fromEntries(DOC_DELIVERY_FIELDS.map((f) => [f, z.string()])) as { [K in DocDeliveryField]: z.ZodString }),
  status: z.enum(DOC_DELIVERY_STATUSES),
  /** The service's number for it, once sent. */
  remoteId: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type DocDeliveryRequest = z.infer<typeof DocDeliveryRequest>;

export const DocDeliveryList = z.object({
  totalCount: z.number().int(),
  list: z.array(DocDeliveryRequest),
});
export type DocDeliveryList = z.infer<typeof DocDeliveryList>;

export const DocDeliveryIdRequest = z.object({ id: LongId });

/** The institution's document-delivery settings as staff see them (the secret never leaves the server). */
export const DocDeliverySettings = z.object({
  enabled: z.boolean(),
  /** The service's login page (http(s)); '' = not offered. */
  loginUrl: z.string(),
  /** Where the form's requests are POSTed (http(s)); '' = the form is not offered. */
  serviceUrl: z.string(),
  /** A shared secret is set (it signs the login link and what is sent). */
  hasSecret: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type DocDeliverySettings = z.infer<typeof DocDeliverySettings>;

/** `POST /find/admin/docDelivery/saveSettings`: '' secret keeps the one set; `clearSecret` removes it. */
export const SaveDocDeliverySettingsRequest = z.object({
  enabled: yesNo,
  loginUrl: text(500),
  serviceUrl: text(500),
  secret: text(200),
  clearSecret: yesNo,
});
export type SaveDocDeliverySettingsRequest = z.infer<typeof SaveDocDeliverySettingsRequest>;

/** `GET /find/admin/docDelivery/list`: the institution's requests, newest first. */
export const AdminDocDeliveryQuery = z.object({
  status: z
    .union([z.enum(DOC_DELIVERY_STATUSES), z.literal('')])
    .optional()
    .transform((v) => v ?? ''),
  /** Words of the titles, the DOI, the reader's account or name. */
  q: text(100),
  page: Page,
  rows: Rows(20, 100),
});
export type AdminDocDeliveryQuery = z.infer<typeof AdminDocDeliveryQuery>;

export const AdminDocDeliveryRequest = DocDeliveryRequest.extend({
  reader: z.string(),
  readerName: z.string(),
  attempts: z.number().int(),
  /** Why the last try failed (the service's answer or the network error), for staff. */
  lastError: z.string(),
});
export type AdminDocDeliveryRequest = z.infer<typeof AdminDocDeliveryRequest>;

export const AdminDocDeliveryList = z.object({
  totalCount: z.number().int(),
  counts: z.record(z.enum(DOC_DELIVERY_STATUSES), z.number().int()),
  list: z.array(AdminDocDeliveryRequest),
});
export type AdminDocDeliveryList = z.infer<typeof AdminDocDeliveryList>;

/** Document delivery: the reader's link, form and requests; the institution's settings and requests. */
export const DocDeliveryCalls = calls('docDelivery', {
  docDeliveryState: get('/find/docDelivery/state', {
    output: DocDeliveryState,
    access: 'reader',
    summary: "Whether the institution offers document delivery, and the reader's login link to the service",
  }),
  docDeliverySave: post('/find/docDelivery/save', {
    input: DocDeliveryInput,
    output: DocDeliveryRequest,
    access: 'reader',
    summary: 'Ask for a document (13 fields): kept, then sent to the delivery service',
  }),
  docDeliveryList: get('/find/docDelivery/list', {
    input: PageRequest,
    output: DocDeliveryList,
    access: 'reader',
    summary: "The reader's delivery requests with their state, newest first",
  }),
  docDeliveryCancel: post('/find/docDelivery/cancel', {
    input: DocDeliveryIdRequest,
    output: DocDeliveryRequest,
    access: 'reader',
    summary: 'Withdraw a request the service has not taken yet',
  }),
  adminDocDeliverySettings: get('/find/admin/docDelivery/settings', {
    output: DocDeliverySettings,
    access: 'admin',
    summary: "The institution's document-delivery service: login page, request endpoint, whether a secret is set",
  }),
  adminDocDeliverySaveSettings: post('/find/admin/docDelivery/saveSettings', {
    input: SaveDocDeliverySettingsRequest,
    output: DocDeliverySettings,
    access: 'admin',
    summary: "Set the institution's document-delivery service",
  }),
  adminDocDeliveryList: get('/find/admin/docDelivery/list', {
    input: AdminDocDeliveryQuery,
    output: AdminDocDeliveryList,
    access: 'staff',
    summary: "The institution's delivery requests by state, newest first",
  }),
  adminDocDeliveryResend: post('/find/admin/docDelivery/resend', {
    input: DocDeliveryIdRequest,
    output: AdminDocDeliveryRequest,
    access: 'staff',
    summary: 'Send a failed request to the service again',
  }),
});
