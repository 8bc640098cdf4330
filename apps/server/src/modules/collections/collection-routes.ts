import type { FastifyInstance } from 'fastify';
import { CollectionCalls } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireStaff } from '../staff/staff-context.js';

/**
 * Special collections and libraries, topics and e-books: public calls of the institution the
 * request names; hidden packages and topics, other institutions' rows, suppressed records: none.
 * The console's calls (`/find/admin/collections/*`, topics under `topics/`) act on the staff account's
 * own institution.
 */
export function registerCollectionRoutes(app: FastifyInstance, services: Services): void {
  const { collections } = services;

  route(app, CollectionCalls.packageList, async (req) =>
    ok(req.lang, await collections.list(req.tenant.id, req.body, req.lang)),
  );
  route(app, CollectionCalls.packageDetail, async (req) =>
    ok(req.lang, await collections.detail(req.tenant.id, req.query.id, req.lang)),
  );
  route(app, CollectionCalls.packageRecords, async (req) =>
    ok(req.lang, await collections.records(req.tenant.id, req.body)),
  );
  route(app, CollectionCalls.indexHotTopic, async (req) =>
    ok(req.lang, await collections.topics(req.tenant.id, true, req.body.page, req.body.rows, req.lang)),
  );
  route(app, CollectionCalls.topicList, async (req) =>
    ok(req.lang, await collections.topics(req.tenant.id, false, req.body.page, req.body.rows, req.lang)),
  );
  route(app, CollectionCalls.topicDetail, async (req) =>
    ok(req.lang, await collections.topic(req.tenant.id, req.body, req.lang)),
  );
  route(app, CollectionCalls.ebookList, async (req) => ok(req.lang, await collections.ebooks(req.tenant.id, req.body)));

  const { collectionsAdmin } = services;
  route(app, CollectionCalls.adminPackages, async (req) =>
    ok(req.lang, await collectionsAdmin.list(requireStaff(req).tenantId, req.query.kind)),
  );
  route(app, CollectionCalls.adminPackageSave, async (req) =>
    okSaying(req.lang, await collectionsAdmin.save(requireStaff(req), req.body, req.ip), 'collectionSaved'),
  );
  route(app, CollectionCalls.adminPackageRecords, async (req) =>
    ok(
      req.lang,
      await collectionsAdmin.records(requireStaff(req).tenantId, req.query.id, req.query.page, req.query.rows),
    ),
  );
  route(app, CollectionCalls.adminPackageRecordAdd, async (req) =>
    okSaying(
      req.lang,
      await collectionsAdmin.addRecord(requireStaff(req), req.body.id, req.body.recordId, req.ip),
      'collectionRecordAdded',
    ),
  );
  route(app, CollectionCalls.adminPackageRecordRemove, async (req) =>
    okSaying(
      req.lang,
      await collectionsAdmin.removeRecord(requireStaff(req), req.body.id, req.body.recordId, req.ip),
      'collectionRecordRemoved',
    ),
  );
  route(app, CollectionCalls.adminPackageDelete, async (req) => {
    const deleted = await collectionsAdmin.remove(requireStaff(req), req.body.id, req.body.version, req.ip);
    return okSaying(req.lang, deleted, 'collectionDeleted', { count: deleted.unlistedCount });
  });

  const { topicsAdmin } = services;
  route(app, CollectionCalls.adminTopics, async (req) =>
    ok(req.lang, await topicsAdmin.list(requireStaff(req).tenantId)),
  );
  route(app, CollectionCalls.adminTopicSave, async (req) =>
    okSaying(req.lang, await topicsAdmin.save(requireStaff(req), req.body, req.ip), 'collectionSaved'),
  );
  route(app, CollectionCalls.adminTopicOrder, async (req) =>
    okSaying(req.lang, await topicsAdmin.order(requireStaff(req), req.body.ids, req.ip), 'collectionTopicOrdered'),
  );
  route(app, CollectionCalls.adminTopicDelete, async (req) =>
    okSaying(
      req.lang,
      await topicsAdmin.remove(requireStaff(req), req.body.id, req.body.version, req.ip),
      'collectionTopicDeleted',
    ),
  );
  route(app, CollectionCalls.adminTopicRecords, async (req) =>
    ok(req.lang, await topicsAdmin.records(requireStaff(req).tenantId, req.query.id, req.query.page, req.query.rows)),
  );
  route(app, CollectionCalls.adminTopicRecordAdd, async (req) =>
    okSaying(
      req.lang,
      await topicsAdmin.addRecord(requireStaff(req), req.body.id, req.body.recordId, req.ip),
      'collectionRecordAdded',
    ),
  );
  route(app, CollectionCalls.adminTopicRecordRemove, async (req) =>
    okSaying(
      req.lang,
      await topicsAdmin.removeRecord(requireStaff(req), req.body.id, req.body.recordId, req.ip),
      'collectionRecordRemoved',
    ),
  );
}
