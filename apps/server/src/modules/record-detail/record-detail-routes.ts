import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RecordDetailCalls } from '@openfind/contract';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { readerIdOf } from '../auth/session-context.js';

/** The record's page on the web app as a phone would open it: `path` on this site, else its detail page. */
export function recordPageUrl(req: FastifyRequest, recordId: number, path?: string): string {
  const prefix = req.tenant.mappingPath ? `/${encodeURIComponent(req.tenant.mappingPath)}` : '';
  return `${req.protocol}://${req.host}${path ?? `${prefix}/searchList/bookDetails/${recordId}`}`;
}

/** `GET /find/searchResultDetail/*`: a record's details, QR code, usage and author. */
export function registerRecordDetailRoutes(app: FastifyInstance, services: Services): void {
  const details = services.recordDetail;

  route(app, RecordDetailCalls.getDetail, async (req) => {
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
  });

  route(app, RecordDetailCalls.getBookDetail, async (req) =>
    ok(req.lang, await details.bookDetail(req.tenant.id, req.lang, req.query.recordId)),
  );

  route(app, RecordDetailCalls.getQrCode, async (req) => {
    const { recordId, url } = req.query;
    return ok(req.lang, await details.qrCode(req.tenant.id, recordId, recordPageUrl(req, recordId, url)));
  });

  route(app, RecordDetailCalls.recordStatistics, async (req) =>
    ok(req.lang, await details.statistics(req.tenant.id, req.query.recordId)),
  );

  route(app, RecordDetailCalls.getAuthorInfo, async (req) =>
    ok(req.lang, await details.authorInfo(req.tenant.id, req.lang, req.query)),
  );
}
