import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ApiPath,
  AuthorInfo,
  AuthorInfoQuery,
  BookDetail,
  QrCode,
  QrCodeQuery,
  RecordDetail,
  RecordIdQuery,
  RecordStatistics,
  apiResponse,
} from '@openfind/contract';
import { ok } from '../../http/envelope.js';
import { zodApp } from '../../http/route-types.js';
import type { Services } from '../../services.js';
import { readerIdOf } from '../auth/session-context.js';

/** The record's page on the web app as a phone would open it: `path` on this site, else its detail page. */
export function recordPageUrl(req: FastifyRequest, recordId: number, path?: string): string {
  const prefix = req.tenant.mappingPath ? `/${encodeURIComponent(req.tenant.mappingPath)}` : '';
  return `${req.protocol}://${req.host}${path ?? `${prefix}/searchList/bookDetails/${recordId}`}`;
}

/** `GET /find/searchResultDetail/*`: a record's details, QR code, usage and author. */
export function registerRecordDetailRoutes(app: FastifyInstance, services: Services): void {
  const r = zodApp(app);
  const tags = ['record'];
  const details = services.recordDetail;

  r.get(
    ApiPath.getDetail,
    {
      schema: {
        tags,
        summary: 'A record for its detail page: basic information in the request language, MARC, links, counts',
        querystring: RecordIdQuery,
        response: { 200: apiResponse(RecordDetail) },
      },
    },
    async (req) => {
      const { recordId } = req.query;
      const [detail, myFav] = await Promise.all([
        details.detail(req.tenant.id, req.lang, recordId),
        services.favourites.isKept(req.tenant.id, readerIdOf(req), recordId),
      ]);
      return ok(
        req.lang,
        myFav
          ? { ...detail, baseMarcInfoDto: { ...detail.baseMarcInfoDto, myFav }, record: { ...detail.record, myFav } }
          : detail,
      );
    },
  );

  r.get(
    ApiPath.getBookDetail,
    {
      schema: {
        tags,
        summary: 'Basic information rows (bean2List) in the request language',
        querystring: RecordIdQuery,
        response: { 200: apiResponse(BookDetail) },
      },
    },
    async (req) => ok(req.lang, await details.bookDetail(req.tenant.id, req.lang, req.query.recordId)),
  );

  r.get(
    ApiPath.getQrCode,
    {
      schema: {
        tags,
        summary: "A QR code (PNG data URL) that opens the record's page",
        querystring: QrCodeQuery,
        response: { 200: apiResponse(QrCode) },
      },
    },
    async (req) => {
      const { recordId, url } = req.query;
      return ok(req.lang, await details.qrCode(req.tenant.id, recordId, recordPageUrl(req, recordId, url)));
    },
  );

  r.get(
    ApiPath.recordStatistics,
    {
      schema: {
        tags,
        summary: 'Views, loans, comments, ratings and copies of a record',
        querystring: RecordIdQuery,
        response: { 200: apiResponse(RecordStatistics) },
      },
    },
    async (req) => ok(req.lang, await details.statistics(req.tenant.id, req.query.recordId)),
  );

  r.get(
    ApiPath.getAuthorInfo,
    {
      schema: {
        tags,
        summary: "The author's records in the catalogue and an encyclopedia entry when a provider has one",
        querystring: AuthorInfoQuery,
        response: { 200: apiResponse(AuthorInfo) },
      },
    },
    async (req) => ok(req.lang, await details.authorInfo(req.tenant.id, req.lang, req.query)),
  );
}
