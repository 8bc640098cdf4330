import type { FastifyInstance } from 'fastify';
import { BOOK_LIST_COVER_MAX_BYTES, BookListCalls, BookListCoverTarget } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { readLimited } from '../../http/raw-body.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { readerIdOf, requireReader } from '../auth/session-context.js';
import { requireStaff } from '../staff/staff-context.js';
import { BookListErrors } from './book-list-service.js';

/** What a cover upload may declare as its body (the content decides, as with avatars). */
const UPLOAD_TYPES = /^(?:image\/[\w.+-]+|application\/octet-stream)(?:;|$)/i;

/**
 * Readers' book lists (`/find/bookList/*`): the session's reader's own lists (each change acts on
 * their lists only), a list's page and the public lists for anyone, and `recordHotBookList`.
 */
export function registerBookListRoutes(app: FastifyInstance, services: Services): void {
  const { bookLists } = services;

  // Staff: readers' lists others can see, hidden from them with a reason and shown again.
  route(app, BookListCalls.adminReaderBookLists, async (req) => {
    requireStaff(req);
    return ok(req.lang, await bookLists.adminLists(req.tenant, req.query));
  });

  route(app, BookListCalls.adminHideReaderBookList, async (req) =>
    okSaying(req.lang, await bookLists.setHidden(req.tenant, requireStaff(req), req.body, req.ip), 'bookListHidden'),
  );

  route(app, BookListCalls.adminShowReaderBookList, async (req) =>
    okSaying(
      req.lang,
      await bookLists.setHidden(
        req.tenant,
        requireStaff(req),
        { bookListId: req.body.bookListId, reason: null },
        req.ip,
      ),
      'bookListShown',
    ),
  );

  route(app, BookListCalls.myBookLists, async (req) =>
    ok(req.lang, await bookLists.mine(req.tenant, requireReader(req), req.query)),
  );

  route(app, BookListCalls.createBookList, async (req) =>
    okSaying(req.lang, await bookLists.create(req.tenant, requireReader(req), req.body), 'bookListCreated'),
  );

  route(app, BookListCalls.updateBookList, async (req) =>
    okSaying(req.lang, await bookLists.update(req.tenant, requireReader(req), req.body), 'bookListSaved'),
  );

  route(app, BookListCalls.deleteBookList, async (req) =>
    okSaying(req.lang, await bookLists.remove(req.tenant, requireReader(req), req.body.bookListId), 'bookListDeleted'),
  );

  route(app, BookListCalls.deleteBookListCover, async (req) =>
    okSaying(
      req.lang,
      await bookLists.removeCover(req.tenant, requireReader(req), req.body.bookListId),
      'bookListDeleted',
    ),
  );

  route(app, BookListCalls.addBookListRecord, async (req) => {
    const { entry, title } = await bookLists.addRecord(req.tenant, requireReader(req), req.body);
    return okSaying(req.lang, entry, 'bookListRecordAdded', { title });
  });

  route(app, BookListCalls.updateBookListNote, async (req) =>
    okSaying(req.lang, await bookLists.updateNote(req.tenant, requireReader(req), req.body), 'bookListSaved'),
  );

  route(app, BookListCalls.removeBookListRecord, async (req) =>
    okSaying(req.lang, await bookLists.removeRecord(req.tenant, requireReader(req), req.body), 'bookListDeleted'),
  );

  route(app, BookListCalls.moveBookListRecord, async (req) =>
    ok(req.lang, await bookLists.moveRecord(req.tenant, requireReader(req), req.body)),
  );

  route(app, BookListCalls.bookListDetail, async (req) =>
    ok(req.lang, await bookLists.detail(req.tenant, readerIdOf(req), req.lang, req.query)),
  );

  route(app, BookListCalls.publicBookLists, async (req) =>
    ok(req.lang, await bookLists.publicLists(req.tenant, req.body)),
  );

  route(app, BookListCalls.recordHotBookList, async (req) => {
    const readerId = readerIdOf(req);
    const visitor =
      readerId !== null ? { readerId } : { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') };
    return ok(req.lang, await bookLists.recordView(req.tenant, req.body.bookListId, visitor));
  });

  // The upload's body is the image itself, read by a parser of its own scope (the JSON routes keep
  // theirs); the tenant, session, cross-site and access hooks of the scope above run first.
  void app.register(async (scope) => {
    scope.addContentTypeParser(UPLOAD_TYPES, (req, payload, done) => {
      readLimited(req, payload, BOOK_LIST_COVER_MAX_BYTES, BookListErrors.coverTooLarge).then(
        (body) => done(null, body),
        (err: Error) => done(err),
      );
    });
    route(scope, BookListCalls.uploadBookListCover, async (req) => {
      const readerId = requireReader(req);
      // The list is named in the address (the body is the image): a bad id is the usual translated 400.
      const target = BookListCoverTarget.parse(req.query);
      const body: unknown = req.body;
      const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
      return okSaying(
        req.lang,
        await bookLists.uploadCover(req.tenant, readerId, target.bookListId, bytes),
        'bookListCoverUploaded',
      );
    });
  });
}

/**
 * `GET /find/bookList/cover?mappingPath=&key=`: a cover at its unguessable address (an `<img>` sends
 * no API headers: the institution comes from the address). The bytes behind an address never change:
 * cached privately for a year (a private list's cover too), revalidated by ETag.
 */
export function registerBookListCoverRoute(app: FastifyInstance, services: Services): void {
  route(app, BookListCalls.bookListCover, async (req, reply) => {
    const tenant = await services.tenants.byMappingPath(req.query.mappingPath.trim());
    const cover = tenant ? await services.bookLists.cover(tenant, req.query.key) : undefined;
    if (!cover) {
      return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not Found');
    }
    reply
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('etag', cover.etag)
      .header('last-modified', cover.updatedAt.toUTCString())
      .header('cross-origin-resource-policy', 'same-origin')
      .header('content-disposition', 'inline; filename="cover.jpg"');
    if (req.headers['if-none-match'] === cover.etag) return reply.code(304).send();
    return reply.type(cover.contentType).send(cover.bytes);
  });
}
