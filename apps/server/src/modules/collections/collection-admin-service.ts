import type { Kysely } from 'kysely';
import {
  CollectionAdminErrCode,
  CollectionErrCode,
  MAX_PACKAGE_LISTED,
  type AdminPackage,
  type AdminPackageDeleted,
  type AdminPackageList,
  type AdminPackageListed,
  type AdminPackageRecords,
  type PackageKind,
  type SaveAdminPackage,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import { recordBrief } from '../record-detail/record-brief.js';
import { refreshRecordTags } from '../catalogue/catalogue-repository.js';
import type { StaffActor } from '../staff/staff-context.js';
import type { StaffService } from '../staff/staff-service.js';
import {
  addListedRecord,
  countListed,
  deletePackage,
  findAdminPackage,
  findAdminPackages,
  findListedRecords,
  insertPackage,
  isCodeTaken,
  removeListedRecord,
  updatePackage,
  type AdminPackageRow,
  type PackageFields,
} from './collection-admin-repository.js';
import { findPackageReach } from './collection-repository.js';
import { changeListed, type ListedRecords } from './listed-records.js';

/** A package's records listed by hand; a record's collections are kept on it for the search (collectionName). */
const PACKAGE_RECORDS: ListedRecords = {
  count: countListed,
  add: addListedRecord,
  remove: removeListedRecord,
  full: () => new AppError('collectionInvalid', CollectionAdminErrCode.invalid, { detail: `> ${MAX_PACKAGE_LISTED}` }),
  max: MAX_PACKAGE_LISTED,
  audit: 'collection',
  table: 'special_package',
  changed: async (trx, tenantId, recordId) => void (await refreshRecordTags(trx, tenantId, [recordId])),
};

const noSuchPackage = () => new AppError('collectionNoSuchPackage', CollectionErrCode.noSuchPackage);
const badParent = () => new AppError('collectionBadParent', CollectionAdminErrCode.badParent);

/** A cover: an http(s) address or a path of the site. */
export const isCover = (v: string) => v === '' || /^https?:\/\/\S+$/i.test(v) || /^\/(?!\/)\S*$/.test(v);

function toAdmin(r: AdminPackageRow): AdminPackage {
  return {
    id: r.id,
    kind: r.kind,
    code: r.code,
    parentId: r.parent_id,
    name: r.name,
    nameTw: r.name_tw,
    nameEn: r.name_en,
    description: r.description,
    descriptionTw: r.description_tw,
    descriptionEn: r.description_en,
    coverUrl: r.cover_url,
    ruleKind: r.rule_kind,
    ruleValue: r.rule_value,
    seq: r.seq,
    hidden: r.hidden,
    listedCount: r.listed_count,
    childCount: r.child_count,
    version: r.version,
  };
}

/**
 * The console's special collections and special libraries (`/find/admin/collections/*`): staff of the
 * institution list every package (hidden too), create and change them with the version they read
 * (names in three languages, description, cover, order, hidden, parent, rule), delete them, and
 * list or unlist records by hand; every change writes an audit row in the same transaction.
 */
export class CollectionAdminService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: { staff: StaffService },
  ) {}

  async list(tenantId: number, kind: PackageKind): Promise<AdminPackageList> {
    return (await findAdminPackages(this.db, tenantId, kind)).map(toAdmin);
  }

  private async owned(tenantId: number, id: number): Promise<AdminPackageRow> {
    const row = await findAdminPackage(this.db, tenantId, id);
    if (!row) throw noSuchPackage();
    return row;
  }

  /** Creates (id 0) or changes a package; the parent must be a top-level special library of the institution. */
  async save(actor: StaffActor, input: SaveAdminPackage, ip: string): Promise<AdminPackage> {
    const { tenantId } = actor;
    const before = input.id ? await this.owned(tenantId, input.id) : undefined;
    const kind = before?.kind ?? input.kind;
    if (!isCover(input.coverUrl))
      throw new AppError('collectionInvalid', CollectionAdminErrCode.invalid, { detail: 'coverUrl' });
    if (input.ruleKind && !input.ruleValue)
      throw new AppError('collectionInvalid', CollectionAdminErrCode.invalid, { detail: 'ruleValue' });
    if (input.parentId) {
      // Child bases are one level deep below a special library: not a collection, not itself, not a parent.
      if (kind !== 'base' || input.parentId === input.id || (before?.child_count ?? 0) > 0) throw badParent();
      const parent = await findAdminPackage(this.db, tenantId, input.parentId);
      if (!parent || parent.kind !== 'base' || parent.parent_id !== null) throw badParent();
    }
    const fields: PackageFields = {
      code: input.code,
      parentId: input.parentId || null,
      name: input.name,
      nameTw: input.nameTw,
      nameEn: input.nameEn,
      description: input.description,
      descriptionTw: input.descriptionTw,
      descriptionEn: input.descriptionEn,
      coverUrl: input.coverUrl,
      ruleKind: input.ruleKind || null,
      ruleValue: input.ruleKind ? input.ruleValue : '',
      seq: input.seq,
      hidden: input.hidden,
    };
    const id = await inTransaction(this.db, async (trx) => {
      if (await isCodeTaken(trx, tenantId, input.code, input.id))
        throw new AppError('collectionCodeTaken', CollectionAdminErrCode.codeTaken, { code: input.code });
      let id = input.id;
      if (before) {
        if (!(await updatePackage(trx, tenantId, input.id, input.version, fields)))
          throw new AppError('collectionChanged', CollectionAdminErrCode.changedMeanwhile);
      } else {
        id = await insertPackage(trx, tenantId, kind, fields);
      }
      // Which records a collection takes is kept on the records (the search's collectionName): computed
      // again, for the records it had and has, when its rule or its visibility changes.
      const takes = (p: { rule_kind: string | null; rule_value: string; hidden: boolean }) =>
        p.hidden ? 'hidden' : `${p.rule_kind ?? ''}:${p.rule_value}`;
      const now = { rule_kind: fields.ruleKind, rule_value: fields.ruleValue, hidden: fields.hidden };
      if (kind === 'collection' && (before ? takes(before) : 'hidden') !== takes(now))
        await refreshRecordTags(trx, tenantId, await findPackageReach(trx, tenantId, { id, ...now }));
      await this.deps.staff.audit(
        {
          tenantId,
          staffId: actor.staffId,
          actor: actor.username,
          action: before ? 'collection.save' : 'collection.create',
          target: `special_package ${id}`,
          before: before ? { ...toAdmin(before), listedCount: undefined, childCount: undefined } : null,
          after: { kind, ...fields },
          ip,
        },
        trx,
      );
      return id;
    });
    return toAdmin((await findAdminPackage(this.db, tenantId, id))!);
  }

  /**
   * Deletes a package read at `version`; its listed records are unlisted (the catalogue keeps them).
   * A special library with child bases is refused: each child base is a librarian's work of its own,
   * deleted or moved on its own first, never taken along by a click on its parent.
   */
  async remove(actor: StaffActor, id: number, version: string, ip: string): Promise<AdminPackageDeleted> {
    const { tenantId } = actor;
    const before = await this.owned(tenantId, id);
    if (before.child_count > 0)
      throw new AppError('collectionHasChildren', CollectionAdminErrCode.hasChildren, { count: before.child_count });
    return inTransaction(this.db, async (trx) => {
      const unlistedCount = await countListed(trx, tenantId, id);
      const reach = before.kind === 'collection' ? await findPackageReach(trx, tenantId, before) : [];
      if (!(await deletePackage(trx, tenantId, id, version))) {
        const now = await findAdminPackage(trx, tenantId, id);
        if (now && now.child_count > 0)
          throw new AppError('collectionHasChildren', CollectionAdminErrCode.hasChildren, { count: now.child_count });
        throw new AppError('collectionChanged', CollectionAdminErrCode.changedMeanwhile);
      }
      await refreshRecordTags(trx, tenantId, reach);
      await this.deps.staff.audit(
        {
          tenantId,
          staffId: actor.staffId,
          actor: actor.username,
          action: 'collection.delete',
          target: `special_package ${id}`,
          before: { ...toAdmin(before), childCount: undefined },
          after: null,
          ip,
        },
        trx,
      );
      return { id, unlistedCount };
    });
  }

  async records(tenantId: number, id: number, page: number, rows: number): Promise<AdminPackageRecords> {
    await this.owned(tenantId, id);
    const { total, rows: list } = await findListedRecords(this.db, tenantId, id, page, rows);
    return { totalCount: total, list: list.map(recordBrief) };
  }

  /** Lists a record of the institution's catalogue in a package (at the end; a second time changes nothing). */
  async addRecord(actor: StaffActor, id: number, recordId: number, ip: string): Promise<AdminPackageListed> {
    await this.owned(actor.tenantId, id);
    return changeListed(this.db, this.deps.staff, PACKAGE_RECORDS, { actor, id, recordId, ip, how: 'add' });
  }

  async removeRecord(actor: StaffActor, id: number, recordId: number, ip: string): Promise<AdminPackageListed> {
    await this.owned(actor.tenantId, id);
    return changeListed(this.db, this.deps.staff, PACKAGE_RECORDS, { actor, id, recordId, ip, how: 'remove' });
  }
}
