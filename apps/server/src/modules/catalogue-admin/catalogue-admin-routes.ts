import type { FastifyInstance } from 'fastify';
import { CatalogueAdminCalls, CatalogueImportParams } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireStaff } from '../staff/staff-context.js';
import { CatalogueAdminErrors } from './catalogue-admin-service.js';
import type { Upload } from './catalogue-upload.js';

/** What the upload's body parser hands the handler: the file on disk and the query's choices. */
interface Received {
  upload: Upload;
  params: CatalogueImportParams;
}

/**
 * The staff console's catalogue (issue 28): thin, each the `CatalogueAdmin` operation for the acting
 * staff account. The session scope has checked the staff session, its institution and role before
 * the body is read.
 */
export function registerCatalogueAdminRoutes(app: FastifyInstance, services: Services): void {
  const { catalogueAdmin } = services;

  route(app, CatalogueAdminCalls.catalogueImportStatus, async (req) =>
    ok(req.lang, await catalogueAdmin.status(requireStaff(req).tenantId, req.query.jobId)),
  );

  route(app, CatalogueAdminCalls.catalogueImportRuns, async (req) =>
    ok(req.lang, await catalogueAdmin.runs(requireStaff(req).tenantId, req.query)),
  );

  route(app, CatalogueAdminCalls.catalogueImportReport, async (req) =>
    ok(req.lang, await catalogueAdmin.report(requireStaff(req).tenantId, req.query.jobId)),
  );

  route(app, CatalogueAdminCalls.catalogueFindRecords, async (req) =>
    ok(req.lang, await catalogueAdmin.find(requireStaff(req).tenantId, req.query)),
  );

  route(app, CatalogueAdminCalls.catalogueRecord, async (req) =>
    ok(req.lang, await catalogueAdmin.record(requireStaff(req).tenantId, req.query.recordId)),
  );

  route(app, CatalogueAdminCalls.catalogueSuppress, async (req) => {
    const { title, ...done } = await catalogueAdmin.suppress(requireStaff(req), req.body, req.ip);
    return okSaying(req.lang, done, done.suppressed ? 'catalogueSuppressed' : 'catalogueShown', { title });
  });

  route(app, CatalogueAdminCalls.catalogueDelete, async (req) => {
    const { title, recordId } = await catalogueAdmin.delete(requireStaff(req), req.body.recordId, req.ip);
    return okSaying(req.lang, { recordId }, 'catalogueDeleted', { title });
  });

  // The upload's body is the file itself, streamed to disk by a parser of its own scope (any declared
  // type: the content decides). The tenant, session, cross-site and access hooks run first; then the
  // query is checked and a running import refuses the upload before a byte of it is read.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (req, payload, done) => {
      (async (): Promise<Received> => {
        const params = CatalogueImportParams.parse(req.query);
        const actor = requireStaff(req);
        await catalogueAdmin.assertIdle(actor.tenantId);
        return { params, upload: await catalogueAdmin.receive(req, payload, params.fileName) };
      })().then(
        (body) => done(null, body),
        (err: Error) => {
          payload.resume();
          done(err);
        },
      );
    });

    route(scope, CatalogueAdminCalls.catalogueImportUpload, async (req) => {
      const received = req.body as Received | undefined;
      // A POST without a body: an empty file.
      if (!received?.upload) throw CatalogueAdminErrors.emptyFile();
      const job = await catalogueAdmin.start(requireStaff(req), received.upload, received.params, req.ip);
      return okSaying(req.lang, job, 'catalogueImportStarted', { fileName: job.fileName });
    });
  });
}
