import type { Kysely } from 'kysely';
import {
  CollectionAdminErrCode,
  CollectionErrCode,
  MAX_TOPIC_LISTED,
  type AdminPackageListed,
  type AdminPackageRecords,
  type AdminTopic,
  type AdminTopicDeleted,
  type AdminTopicList,
  type SaveAdminTopic,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import { recordBrief } from '../record-detail/record-brief.js';
import type { StaffActor } from '../staff/staff-context.js';
import type { StaffService } from '../staff/staff-service.js';
import { isCover } from './collection-admin-service.js';
import {
  addTopicRecord,
  countTopicListed,
  createTopic,
  deleteTopic,
  findAdminTopic,
  findAdminTopics,
  findTopicListed,
  lockTopicIds,
  removeTopicRecord,
  renumberTopics,
  updateTopic,
  type AdminTopicRow,
  type TopicFields,
} from './topic-admin-repository.js';
import { changeListed, type ListedRecords } from './listed-records.js';

/** A topic's records listed by hand. */
const TOPIC_RECORDS: ListedRecords = {
  count: countTopicListed,
  add: addTopicRecord,
  remove: removeTopicRecord,
  full: () => new AppError('collectionTopicFull', CollectionAdminErrCode.invalid, { max: MAX_TOPIC_LISTED }),
  max: MAX_TOPIC_LISTED,
  audit: 'topic',
  table: 'book_topic',
};

const noSuchTopic = () => new AppError('collectionNoSuchTopic', CollectionErrCode.noSuchTopic);
const changedMeanwhile = () => new AppError('collectionTopicChanged', CollectionAdminErrCode.changedMeanwhile);

function toAdmin(r: AdminTopicRow): AdminTopic {
  return {
    id: r.id,
    title: r.title,
    titleTw: r.title_tw,
    titleEn: r.title_en,
    description: r.description,
    descriptionTw: r.description_tw,
    descriptionEn: r.description_en,
    coverUrl: r.cover_url,
    searchWords: r.search_words,
    seq: r.seq,
    hidden: r.hidden,
    viewCount: r.view_count,
    listedCount: r.listed_count,
    version: r.version,
  };
}

/** What an audit row keeps of a topic: its fields, not the counts that change without a save. */
const audited = (r: AdminTopicRow) => ({ ...toAdmin(r), viewCount: undefined, listedCount: undefined });

/**
 * The console's topics (专题, `/find/admin/collections/topics/*`): staff of the institution list
 * every topic (hidden too), create and change one with the version they read (titles and
 * descriptions in three languages, cover, saved search, order, hidden), delete one (administrators,
 * as the content screen's other deletes), and list or unlist records by hand; every change writes
 * an audit row in the same transaction.
 */
export class TopicAdminService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: { staff: StaffService },
  ) {}

  async list(tenantId: number): Promise<AdminTopicList> {
    return (await findAdminTopics(this.db, tenantId)).map(toAdmin);
  }

  private async owned(tenantId: number, id: number): Promise<AdminTopicRow> {
    const row = await findAdminTopic(this.db, tenantId, id);
    if (!row) throw noSuchTopic();
    return row;
  }

  /** Creates (id 0) or changes a topic. */
  async save(actor: StaffActor, input: SaveAdminTopic, ip: string): Promise<AdminTopic> {
    const { tenantId } = actor;
    const before = input.id ? await this.owned(tenantId, input.id) : undefined;
    if (!isCover(input.coverUrl))
      throw new AppError('collectionInvalid', CollectionAdminErrCode.invalid, { detail: 'coverUrl' });
    const fields: TopicFields = {
      title: input.title,
      titleTw: input.titleTw,
      titleEn: input.titleEn,
      description: input.description,
      descriptionTw: input.descriptionTw,
      descriptionEn: input.descriptionEn,
      coverUrl: input.coverUrl,
      searchWords: input.searchWords,
      seq: input.seq,
      hidden: input.hidden,
    };
    const id = await inTransaction(this.db, async (trx) => {
      let id = input.id;
      if (before) {
        if (!(await updateTopic(trx, tenantId, id, input.version, fields))) throw changedMeanwhile();
      } else {
        id = await createTopic(trx, tenantId, fields);
      }
      await this.deps.staff.audit(
        {
          tenantId,
          staffId: actor.staffId,
          actor: actor.username,
          action: before ? 'topic.save' : 'topic.create',
          target: `book_topic ${id}`,
          before: before ? audited(before) : null,
          after: fields,
          ip,
        },
        trx,
      );
      return id;
    });
    return toAdmin((await findAdminTopic(this.db, tenantId, id))!);
  }

  /** Puts the institution's topics in a new order: every topic once, or refused (the list changed meanwhile). */
  async order(actor: StaffActor, ids: number[], ip: string): Promise<AdminTopicList> {
    const { tenantId } = actor;
    await inTransaction(this.db, async (trx) => {
      const before = await lockTopicIds(trx, tenantId);
      const same =
        ids.length === before.length && new Set(ids).size === ids.length && ids.every((id) => before.includes(id));
      if (!same) throw new AppError('collectionTopicBadOrder', CollectionAdminErrCode.badOrder);
      await renumberTopics(trx, tenantId, ids);
      await this.deps.staff.audit(
        {
          tenantId,
          staffId: actor.staffId,
          actor: actor.username,
          action: 'topic.order',
          target: 'topics',
          before: null,
          after: { ids },
          ip,
        },
        trx,
      );
    });
    return this.list(tenantId);
  }

  /** Deletes a topic read at `version`; its listed records are unlisted (the catalogue keeps them). */
  async remove(actor: StaffActor, id: number, version: string, ip: string): Promise<AdminTopicDeleted> {
    const { tenantId } = actor;
    const before = await this.owned(tenantId, id);
    await inTransaction(this.db, async (trx) => {
      if (!(await deleteTopic(trx, tenantId, id, version))) throw changedMeanwhile();
      await this.deps.staff.audit(
        {
          tenantId,
          staffId: actor.staffId,
          actor: actor.username,
          action: 'topic.delete',
          target: `book_topic ${id}`,
          before: audited(before),
          after: null,
          ip,
        },
        trx,
      );
    });
    return { id };
  }

  async records(tenantId: number, id: number, page: number, rows: number): Promise<AdminPackageRecords> {
    await this.owned(tenantId, id);
    const { total, rows: list } = await findTopicListed(this.db, tenantId, id, page, rows);
    return { totalCount: total, list: list.map(recordBrief) };
  }

  /** Lists a record of the institution's catalogue in a topic (at the end; a second time changes nothing). */
  async addRecord(actor: StaffActor, id: number, recordId: number, ip: string): Promise<AdminPackageListed> {
    await this.owned(actor.tenantId, id);
    return changeListed(this.db, this.deps.staff, TOPIC_RECORDS, { actor, id, recordId, ip, how: 'add' });
  }

  async removeRecord(actor: StaffActor, id: number, recordId: number, ip: string): Promise<AdminPackageListed> {
    await this.owned(actor.tenantId, id);
    return changeListed(this.db, this.deps.staff, TOPIC_RECORDS, { actor, id, recordId, ip, how: 'remove' });
  }
}
