import type { FastifyInstance } from 'fastify';
import {
  ApiPath,
  AttachmentsResponse,
  ContiItemsResponse,
  DigitalItemsResponse,
  GroupItemsRequest,
  GroupItemsResponse,
  ItemsByLibrary,
  RecordIdBody,
  RecordPageRequest,
  ShelfNosResponse,
  apiResponse,
} from '@openfind/contract';
import { ok } from '../../http/envelope.js';
import { zodApp } from '../../http/route-types.js';
import type { Services } from '../../services.js';

/** Holdings of a record: copies, copies by library, shelves, electronic copies, serial issues, attachments. */
export function registerHoldingsRoutes(app: FastifyInstance, services: Services): void {
  const r = zodApp(app);
  const tags = ['holdings'];
  const h = services.holdings;

  r.post(
    ApiPath.groupItems,
    {
      schema: {
        tags,
        summary: 'Copies of a record with status and due date, sorted and paged',
        body: GroupItemsRequest,
        response: { 200: apiResponse(GroupItemsResponse) },
      },
    },
    async (req) => ok(req.lang, await h.groupItems(req.tenant.id, req.lang, req.body)),
  );

  r.post(
    ApiPath.groupItemsByLibCode,
    {
      schema: {
        tags,
        summary: 'Copies of a record grouped by library (main library first)',
        body: RecordIdBody,
        response: { 200: apiResponse(ItemsByLibrary) },
      },
    },
    async (req) => ok(req.lang, await h.byLibrary(req.tenant.id, req.lang, req.body.recordId)),
  );

  r.post(
    ApiPath.shelfNos,
    {
      schema: {
        tags,
        summary: 'Where the copies stand: call number, location, shelf',
        body: RecordIdBody,
        response: { 200: apiResponse(ShelfNosResponse) },
      },
    },
    async (req) => ok(req.lang, await h.shelfNos(req.tenant.id, req.lang, req.body.recordId)),
  );

  r.post(
    ApiPath.getDItems,
    {
      schema: {
        tags,
        summary: 'Electronic copies (links) of a record',
        body: RecordPageRequest,
        response: { 200: apiResponse(DigitalItemsResponse) },
      },
    },
    async (req) => ok(req.lang, await h.digitalItems(req.tenant.id, req.body)),
  );

  r.post(
    ApiPath.contiItemList,
    {
      schema: {
        tags,
        summary: "A serial's holdings by year and volume",
        body: RecordPageRequest,
        response: { 200: apiResponse(ContiItemsResponse) },
      },
    },
    async (req) => ok(req.lang, await h.contiItems(req.tenant.id, req.lang, req.body)),
  );

  r.post(
    ApiPath.getAttachmentList,
    {
      schema: {
        tags,
        summary: 'Files attached to a record (contents, covers, previews)',
        body: RecordPageRequest,
        response: { 200: apiResponse(AttachmentsResponse) },
      },
    },
    async (req) => ok(req.lang, await h.attachments(req.tenant.id, req.body)),
  );
}
