import type { FastifyInstance } from 'fastify';
import { InboxCalls, NoticeAdminCalls } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireReader } from '../auth/session-context.js';
import { requireStaff } from '../staff/staff-context.js';
import { InboxService } from './inbox-service.js';

/**
 * The reader's inbox (`/find/lspNotice/*`, 401 for visitors: each call acts on the session's
 * reader in the session's institution only; a frozen account or a lost card still reads its
 * messages) and the library's notices (`/find/admin/notices/*`, staff of the institution).
 */
export function registerInboxRoutes(app: FastifyInstance, services: Services): void {
  const inbox = new InboxService(services.db.kysely, { staff: services.staff });

  route(app, InboxCalls.inboxList, async (req) =>
    ok(req.lang, await inbox.list(req.tenant.id, requireReader(req), req.query)),
  );
  route(app, InboxCalls.inboxMessage, async (req) =>
    ok(req.lang, await inbox.message(req.tenant.id, requireReader(req), req.query.messageId)),
  );
  route(app, InboxCalls.inboxUnreadCount, async (req) =>
    ok(req.lang, await inbox.unreadCount(req.tenant.id, requireReader(req))),
  );
  route(app, InboxCalls.inboxMarkRead, async (req) =>
    okSaying(req.lang, await inbox.markRead(req.tenant.id, requireReader(req), req.body), 'inboxMarkedRead'),
  );
  route(app, InboxCalls.inboxDelete, async (req) =>
    okSaying(req.lang, await inbox.delete(req.tenant.id, requireReader(req), req.body.messageIds), 'inboxDeleted'),
  );
  route(app, InboxCalls.inboxDeleteAll, async (req) =>
    okSaying(req.lang, await inbox.deleteAll(req.tenant.id, requireReader(req), req.body), 'inboxDeletedAll'),
  );

  const N = NoticeAdminCalls;
  route(app, N.adminNotices, async (req) => ok(req.lang, await inbox.notices(requireStaff(req).tenantId, req.query)));
  route(app, N.adminNoticeAudience, async (req) => ok(req.lang, await inbox.audience(requireStaff(req).tenantId)));
  route(app, N.adminNoticeSend, async (req) => {
    const notice = await inbox.send(requireStaff(req), req.body, req.ip);
    return okSaying(req.lang, notice, 'noticeSent', { n: notice.recipients });
  });
  route(app, N.adminNoticeWithdraw, async (req) => {
    const out = await inbox.withdraw(requireStaff(req), req.body.noticeId, req.ip);
    return okSaying(req.lang, out, 'noticeWithdrawn', { n: out.removed });
  });
}
