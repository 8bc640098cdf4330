import type { FastifyInstance } from 'fastify';
import { CourseCalls } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { readerIdOf, requireReader } from '../auth/session-context.js';
import { requireStaff } from '../staff/staff-context.js';

/**
 * Course reading lists (`/find/course/*`, `/find/courseMark/*`, `/find/admin/courses/*`): the public
 * searches and pages (a logged-in reader also learns whether they marked the course), the reader's
 * own marks (the session's reader only; marking is not restricted for a frozen account: it borrows
 * nothing), and staff matching for the acting account's institution.
 */
export function registerCourseRoutes(app: FastifyInstance, services: Services): void {
  const { courses } = services;

  route(app, CourseCalls.searchCourses, async (req) =>
    ok(req.lang, await courses.search(req.tenant.id, req.lang, req.body)),
  );

  route(app, CourseCalls.courseFilters, async (req) => ok(req.lang, await courses.filters(req.tenant.id, req.lang)));

  route(app, CourseCalls.courseDetail, async (req) =>
    ok(req.lang, await courses.detail(req.tenant.id, req.lang, req.query.id, readerIdOf(req))),
  );

  route(app, CourseCalls.searchCourseBooks, async (req) =>
    ok(req.lang, await courses.books(req.tenant.id, req.lang, req.body)),
  );

  route(app, CourseCalls.courseBookDetail, async (req) =>
    ok(req.lang, await courses.bookDetail(req.tenant.id, req.lang, req.query.id)),
  );

  route(app, CourseCalls.markCourse, async (req) =>
    okSaying(req.lang, await courses.mark(req.tenant.id, requireReader(req), req.body.courseId), 'courseMarked'),
  );

  route(app, CourseCalls.unmarkCourse, async (req) =>
    okSaying(req.lang, await courses.unmark(req.tenant.id, requireReader(req), req.body.courseId), 'courseUnmarked'),
  );

  route(app, CourseCalls.myCourses, async (req) =>
    ok(req.lang, await courses.mine(req.tenant.id, req.lang, requireReader(req), req.query.page, req.query.rows)),
  );

  route(app, CourseCalls.adminUnmatchedReadings, async (req) =>
    ok(req.lang, await courses.unmatched(requireStaff(req).tenantId, req.query.page, req.query.rows)),
  );

  route(app, CourseCalls.adminCourseList, async (req) =>
    ok(req.lang, await courses.adminCourses(requireStaff(req).tenantId, req.lang, req.query)),
  );

  route(app, CourseCalls.adminCourseReadings, async (req) =>
    ok(req.lang, await courses.adminReadings(requireStaff(req).tenantId, req.lang, req.query.id)),
  );

  route(app, CourseCalls.adminMatchReading, async (req) =>
    okSaying(
      req.lang,
      await courses.match(requireStaff(req), req.lang, req.body.readingId, req.body.recordId, req.ip),
      'courseReadingMatched',
    ),
  );
}
