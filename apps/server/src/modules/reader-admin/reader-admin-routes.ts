import type { FastifyInstance } from 'fastify';
import { READER_IMPORT_MAX_BYTES, ReaderAdminCalls } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import type { MessageKey } from '../../http/messages.js';
import { readLimited } from '../../http/raw-body.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireStaff } from '../staff/staff-context.js';
import { ReaderAdminErrors } from './reader-admin-service.js';

/**
 * What a reader file may declare as its type: CSV and text as browsers and spreadsheets name them
 * (Windows calls CSV application/vnd.ms-excel), and plain bytes. The declaration is not trusted: the
 * content decides (`decodeReaderFile`).
 */
const FILE_TYPES =
  /^(?:text\/(?:csv|plain|tab-separated-values)|application\/(?:vnd\.ms-excel|csv|octet-stream))(?:;|$)/i;

/** The message of a status set, by status. */
const STATUS_SET: Record<string, MessageKey> = {
  normal: 'readerRestored',
  frozen: 'readerFrozen',
  lost: 'readerMarkedLost',
};

/**
 * The staff console's readers (issue 28): thin, each the `ReaderAdmin` operation for the acting staff
 * account. The session scope has checked the staff session, its institution and role.
 */
export function registerReaderAdminRoutes(app: FastifyInstance, services: Services): void {
  const { readerAdmin } = services;

  route(app, ReaderAdminCalls.adminReaderSearch, async (req) =>
    ok(req.lang, await readerAdmin.search(requireStaff(req), req.query)),
  );

  route(app, ReaderAdminCalls.adminReader, async (req) =>
    ok(req.lang, await readerAdmin.detail(requireStaff(req), req.query.readerId, req.lang)),
  );

  route(app, ReaderAdminCalls.adminReaderStatus, async (req) => {
    const { account, ...change } = await readerAdmin.setStatus(requireStaff(req), req.body, req.ip);
    const key = change.previous === change.status ? 'readerStatusUnchanged' : STATUS_SET[change.status]!;
    return okSaying(req.lang, change, key, { account });
  });

  route(app, ReaderAdminCalls.adminReaderResetPassword, async (req) => {
    const { readerId } = req.body;
    const { password, account } = await readerAdmin.resetPassword(requireStaff(req), readerId, req.ip);
    return okSaying(req.lang, { readerId, password }, 'readerPasswordReset', { account });
  });

  route(app, ReaderAdminCalls.adminReaderEndSessions, async (req) => {
    const { readerId } = req.body;
    const { account } = await readerAdmin.endSessions(requireStaff(req), readerId, req.ip);
    return okSaying(req.lang, { readerId }, 'readerSessionsEnded', { account });
  });

  // The import's body is the file itself, read by a parser of its own scope (the JSON routes keep theirs);
  // the tenant, session, cross-site and access hooks run first, before a byte is read.
  void app.register(async (scope) => {
    scope.addContentTypeParser(FILE_TYPES, (req, payload, done) => {
      readLimited(req, payload, READER_IMPORT_MAX_BYTES, ReaderAdminErrors.fileTooLarge).then(
        (body) => done(null, body),
        (err: Error) => done(err),
      );
    });
    const bytesOf = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

    route(scope, ReaderAdminCalls.adminReaderImportPreview, async (req) => {
      const r = await readerAdmin.previewImport(requireStaff(req), bytesOf(req.body));
      return okSaying(req.lang, r, 'readerImportPreviewed', {
        added: r.added,
        updated: r.updated,
        rejected: r.rejected.length,
      });
    });

    route(scope, ReaderAdminCalls.adminReaderImportCommit, async (req) => {
      const r = await readerAdmin.commitImport(requireStaff(req), bytesOf(req.body), req.ip);
      return okSaying(req.lang, r, 'readerImportCommitted', {
        added: r.added,
        updated: r.updated,
        rejected: r.rejected.length,
      });
    });
  });
}
