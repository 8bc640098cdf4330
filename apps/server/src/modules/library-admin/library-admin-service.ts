import type { Kysely, Transaction } from 'kysely';
import {
  DEFAULT_MAX_RELENDS,
  LibraryAdminErrCode,
  PLACE_CODE_PATTERN,
  type AdminLoanPolicy,
  type DeleteLoanPolicyRequest,
  type DeletePlaceRequest,
  type Lang,
  type LibraryTree,
  type LoanPolicies,
  type PlaceKind,
  type ReorderPlacesRequest,
  type SaveCampusRequest,
  type SaveLibraryRequest,
  type SaveLoanPolicyRequest,
  type SaveLocationRequest,
  type SavedLoanPolicy,
  type SavedPlace,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import { t, type MessageKey } from '../../http/messages.js';
import { localName } from '../../lib/localized.js';
import { DEFAULT_POLICY } from '../circulation/renewal-rules.js';
import type { DictionaryService } from '../dictionaries/dictionary-service.js';
import type { StaffActor } from '../staff/staff-context.js';
import type { StaffService } from '../staff/staff-service.js';
import {
  codeInUse,
  findLocationTypes,
  findPlaces,
  findPolicies,
  findReaderTypes,
  lockCampus,
  lockLibrary,
  lockLocation,
  lockPolicy,
  nextSeq,
  usesOf,
  versionOf,
  type CampusRow,
  type LibraryRow,
  type LocationRow,
  type PlaceUses,
  type PolicyRow,
} from './library-admin-repository.js';

const err = (key: MessageKey, code: number, params: Record<string, string | number> = {}) =>
  new AppError(key, code, params);

/** A place's version: of what it holds, not of its place in the order (reordering is its own change). */
const placeVersion = (row: LibraryRow | CampusRow | LocationRow) => {
  const { seq: _seq, ...held } = row;
  return versionOf(held);
};
const policyVersion = (row: PolicyRow) => {
  const { tenant_id: _tenant, ...held } = row;
  return versionOf(held);
};

/** How a policy is named in messages and the audit log: '' is "any" (*). */
const policyName = (readerType: string, circAttr: string) => `${readerType || '*'} × ${circAttr || '*'}`;

/** The words of each use, in the order a refusal lists them. */
const USE_TEXTS: Array<[keyof PlaceUses, MessageKey]> = [
  ['campuses', 'libraryAdminUseCampuses'],
  ['locations', 'libraryAdminUseLocations'],
  ['copies', 'libraryAdminUseCopies'],
  ['staff', 'libraryAdminUseStaff'],
  ['requests', 'libraryAdminUseRequests'],
  ['readers', 'libraryAdminUseReaders'],
  ['loans', 'libraryAdminUseLoans'],
];

const toPolicy = (r: PolicyRow): AdminLoanPolicy => ({
  readerType: r.reader_type,
  circAttr: r.circ_attr,
  loanDays: r.loan_days,
  maxLoans: r.max_loans,
  maxRenewals: r.max_renewals,
  renewalDays: r.renewal_days,
  renewWindowDays: r.renew_window_days,
  renewWhenOverdue: r.renew_when_overdue,
  maxRequests: r.max_requests,
  holdShelfDays: r.hold_shelf_days,
  finePerDayCents: r.fine_per_day_cents,
  maxFineCents: r.max_fine_cents,
  suspendDaysPerDay: r.suspend_days_per_day,
  fineLimitCents: r.fine_limit_cents,
  maxRelends: r.max_relends,
  version: policyVersion(r),
});

/**
 * The institution's libraries, campuses and locations, and its loan policies, as administrators
 * keep them. Every change locks the row it changes, refuses it when its version is not the one the
 * screen read (someone changed it in between), writes its audit row in the same transaction, and —
 * for places — forgets the cached names, so readers see the change with their next call.
 */
export class LibraryAdmin {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: { staff: StaffService; dictionaries: DictionaryService },
  ) {}

  /** The tree, in order, names in every language, and the location types (named in `lang`). */
  async tree(tenantId: number, lang: Lang): Promise<LibraryTree> {
    const [{ libraries, campuses, locations }, types] = await Promise.all([
      findPlaces(this.db, tenantId),
      findLocationTypes(this.db, tenantId),
    ]);
    const names = (r: { name: string; name_tw: string; name_en: string }) => ({
      name: r.name,
      nameTw: r.name_tw,
      nameEn: r.name_en,
    });
    return {
      libraries: libraries.map((l) => ({
        libCode: l.lib_code,
        ...names(l),
        isMain: l.is_main,
        seq: l.seq,
        version: placeVersion(l),
        campuses: campuses
          .filter((c) => c.lib_code === l.lib_code)
          .map((c) => ({
            campusId: c.campus_id,
            libCode: c.lib_code,
            ...names(c),
            seq: c.seq,
            version: placeVersion(c),
            locations: locations
              .filter((o) => o.campus_id === c.campus_id)
              .map((o) => ({
                locationId: o.location_id,
                campusId: o.campus_id,
                locationTypeCode: o.location_type_code,
                ...names(o),
                entrust: o.entrust,
                subscribe: o.subscribe,
                seq: o.seq,
                version: placeVersion(o),
              })),
          })),
      })),
      locationTypes: types.map((ty) => ({ code: ty.code, name: localName(ty, lang) })),
    };
  }

  /** Adds a library or changes one; marking one main makes it the only main library. */
  async saveLibrary(actor: StaffActor, input: SaveLibraryRequest, ip: string): Promise<SavedPlace> {
    const { tenantId } = actor;
    const code = checkedCode(input.libCode);
    if (!input.name) throw err('libraryAdminNameRequired', LibraryAdminErrCode.nameRequired);
    const saved = await inTransaction(this.db, async (trx) => {
      const before = input.version === undefined ? undefined : await lockLibrary(trx, tenantId, code);
      if (input.version !== undefined) this.sameVersion(code, before, input.version);
      const mains = await trx
        .selectFrom('library')
        .select('lib_code')
        .where('tenant_id', '=', tenantId)
        .where('is_main', '=', true)
        .forUpdate()
        .execute();
      // The first library of an institution without a main one is the main one.
      let isMain = input.isMain || mains.length === 0;
      if (before?.is_main && !input.isMain) {
        if (mains.length <= 1) throw err('libraryAdminMainRequired', LibraryAdminErrCode.mainRequired);
        isMain = false;
      }
      const unmarked = isMain ? mains.map((m) => m.lib_code).filter((c) => c !== code) : [];
      if (unmarked.length)
        await trx
          .updateTable('library')
          .set({ is_main: false })
          .where('tenant_id', '=', tenantId)
          .where('lib_code', 'in', unmarked)
          .execute();
      const values = { name: input.name, name_tw: input.nameTw, name_en: input.nameEn, is_main: isMain };
      let after: LibraryRow | undefined;
      if (before) {
        after = await trx
          .updateTable('library')
          .set(values)
          .where('tenant_id', '=', tenantId)
          .where('lib_code', '=', code)
          .returning(['lib_code', 'name', 'name_en', 'name_tw', 'is_main', 'seq'])
          .executeTakeFirstOrThrow();
      } else {
        if (await codeInUse(trx, tenantId, 'library', code))
          throw err('libraryAdminCodeTaken', LibraryAdminErrCode.codeTaken, { code });
        after = await trx
          .insertInto('library')
          .values({ tenant_id: tenantId, lib_code: code, ...values, seq: await nextSeq(trx, tenantId, 'library', '') })
          .onConflict((oc) => oc.doNothing())
          .returning(['lib_code', 'name', 'name_en', 'name_tw', 'is_main', 'seq'])
          .executeTakeFirst();
        if (!after) throw err('libraryAdminCodeTaken', LibraryAdminErrCode.codeTaken, { code });
      }
      await this.audit(trx, actor, ip, before ? 'library.update' : 'library.add', `library ${code}`, before, {
        ...after,
        ...(unmarked.length ? { mainBefore: unmarked } : {}),
      });
      return { kind: 'library' as const, code, version: placeVersion(after), added: !before };
    });
    this.deps.dictionaries.invalidate(tenantId);
    return saved;
  }

  /** Adds a campus to a library, or changes a campus's names. */
  async saveCampus(actor: StaffActor, input: SaveCampusRequest, ip: string): Promise<SavedPlace> {
    const { tenantId } = actor;
    const code = checkedCode(input.campusId);
    if (!input.name) throw err('libraryAdminNameRequired', LibraryAdminErrCode.nameRequired);
    const saved = await inTransaction(this.db, async (trx) => {
      const before = input.version === undefined ? undefined : await lockCampus(trx, tenantId, code);
      if (input.version !== undefined) this.sameVersion(code, before, input.version);
      const values = { name: input.name, name_tw: input.nameTw, name_en: input.nameEn };
      const columns = ['campus_id', 'lib_code', 'name', 'name_en', 'name_tw', 'seq'] as const;
      let after: CampusRow | undefined;
      if (before) {
        after = await trx
          .updateTable('campus')
          .set(values)
          .where('tenant_id', '=', tenantId)
          .where('campus_id', '=', code)
          .returning(columns)
          .executeTakeFirstOrThrow();
      } else {
        // The library stays as it is while a campus is added to it (a delete waits).
        if (!(await lockLibrary(trx, tenantId, input.libCode)))
          throw err('libraryAdminNoSuchPlace', LibraryAdminErrCode.noSuchPlace, { code: input.libCode });
        if (await codeInUse(trx, tenantId, 'campus', code))
          throw err('libraryAdminCodeTaken', LibraryAdminErrCode.codeTaken, { code });
        after = await trx
          .insertInto('campus')
          .values({
            tenant_id: tenantId,
            campus_id: code,
            lib_code: input.libCode,
            ...values,
            seq: await nextSeq(trx, tenantId, 'campus', input.libCode),
          })
          .onConflict((oc) => oc.doNothing())
          .returning(columns)
          .executeTakeFirst();
        if (!after) throw err('libraryAdminCodeTaken', LibraryAdminErrCode.codeTaken, { code });
      }
      await this.audit(trx, actor, ip, before ? 'campus.update' : 'campus.add', `campus ${code}`, before, after);
      return { kind: 'campus' as const, code, version: placeVersion(after), added: !before };
    });
    this.deps.dictionaries.invalidate(tenantId);
    return saved;
  }

  /** Adds a location to a campus, or changes a location's names, type and switches. */
  async saveLocation(actor: StaffActor, input: SaveLocationRequest, ip: string): Promise<SavedPlace> {
    const { tenantId } = actor;
    const code = checkedCode(input.locationId);
    if (!input.name) throw err('libraryAdminNameRequired', LibraryAdminErrCode.nameRequired);
    const saved = await inTransaction(this.db, async (trx) => {
      const before = input.version === undefined ? undefined : await lockLocation(trx, tenantId, code);
      if (input.version !== undefined) this.sameVersion(code, before, input.version);
      const type = await trx
        .selectFrom('location_type')
        .select('code')
        .where('tenant_id', '=', tenantId)
        .where('code', '=', input.locationTypeCode)
        .executeTakeFirst();
      if (!type)
        throw err('libraryAdminNoSuchLocationType', LibraryAdminErrCode.noSuchLocationType, {
          code: input.locationTypeCode,
        });
      const values = {
        name: input.name,
        name_tw: input.nameTw,
        name_en: input.nameEn,
        location_type_code: input.locationTypeCode,
        entrust: input.entrust,
        subscribe: input.subscribe,
      };
      const columns = [
        'location_id',
        'campus_id',
        'location_type_code',
        'name',
        'name_en',
        'name_tw',
        'entrust',
        'subscribe',
        'seq',
      ] as const;
      let after: LocationRow | undefined;
      if (before) {
        after = await trx
          .updateTable('location')
          .set(values)
          .where('tenant_id', '=', tenantId)
          .where('location_id', '=', code)
          .returning(columns)
          .executeTakeFirstOrThrow();
      } else {
        if (!(await lockCampus(trx, tenantId, input.campusId)))
          throw err('libraryAdminNoSuchPlace', LibraryAdminErrCode.noSuchPlace, { code: input.campusId });
        if (await codeInUse(trx, tenantId, 'location', code))
          throw err('libraryAdminCodeTaken', LibraryAdminErrCode.codeTaken, { code });
        after = await trx
          .insertInto('location')
          .values({
            tenant_id: tenantId,
            location_id: code,
            campus_id: input.campusId,
            ...values,
            seq: await nextSeq(trx, tenantId, 'location', input.campusId),
          })
          .onConflict((oc) => oc.doNothing())
          .returning(columns)
          .executeTakeFirst();
        if (!after) throw err('libraryAdminCodeTaken', LibraryAdminErrCode.codeTaken, { code });
      }
      await this.audit(trx, actor, ip, before ? 'location.update' : 'location.add', `location ${code}`, before, after);
      return { kind: 'location' as const, code, version: placeVersion(after), added: !before };
    });
    this.deps.dictionaries.invalidate(tenantId);
    return saved;
  }

  /**
   * Deletes a library, campus or location nothing uses: what it holds, copies, staff accounts limited
   * to it, open requests picked up there, readers registered at it, loans lent there still out. A
   * place in use is refused with what uses it (in `lang`); so is the main library while others exist.
   */
  async deletePlace(actor: StaffActor, input: DeletePlaceRequest, lang: Lang, ip: string) {
    const { tenantId } = actor;
    const { kind, code } = input;
    await inTransaction(this.db, async (trx) => {
      const before =
        kind === 'library'
          ? await lockLibrary(trx, tenantId, code)
          : kind === 'campus'
            ? await lockCampus(trx, tenantId, code)
            : await lockLocation(trx, tenantId, code);
      if (!before) throw err('libraryAdminNoSuchPlace', LibraryAdminErrCode.noSuchPlace, { code });
      this.sameVersion(code, before, input.version);
      const uses = await usesOf(trx, tenantId, kind, code);
      const words = USE_TEXTS.filter(([k]) => uses[k] > 0).map(([k, key]) => t(lang, key, { n: uses[k] }));
      if (kind === 'library' && (before as LibraryRow).is_main) {
        const others = await trx
          .selectFrom('library')
          .select('lib_code')
          .where('tenant_id', '=', tenantId)
          .where('lib_code', '<>', code)
          .executeTakeFirst();
        if (others) words.push(t(lang, 'libraryAdminUseMain'));
      }
      if (words.length)
        throw err('libraryAdminInUse', LibraryAdminErrCode.inUse, {
          code,
          uses: words.join(lang === 'en-US' ? '; ' : '；'),
        });
      const table = kind === 'library' ? 'library' : kind === 'campus' ? 'campus' : 'location';
      const column = kind === 'library' ? 'lib_code' : kind === 'campus' ? 'campus_id' : 'location_id';
      await trx.deleteFrom(table).where('tenant_id', '=', tenantId).where(column, '=', code).execute();
      await this.audit(trx, actor, ip, `${kind}.delete`, `${kind} ${code}`, before, undefined);
    });
    this.deps.dictionaries.invalidate(tenantId);
    return { kind, code };
  }

  /**
   * Sets the order of one level: every library, a library's campuses or a campus's locations, first
   * to last. The codes must be exactly the level's rows as they are now (a row added or deleted in
   * between: `orderMismatch`).
   */
  async reorder(actor: StaffActor, input: ReorderPlacesRequest, ip: string): Promise<{ codes: string[] }> {
    const { tenantId } = actor;
    const { kind, parent, codes } = input;
    await inTransaction(this.db, async (trx) => {
      const current = await this.level(trx, tenantId, kind, parent);
      const sorted = (l: string[]) => [...l].sort().join('\n');
      if (new Set(codes).size !== codes.length || sorted(current) !== sorted(codes))
        throw err('libraryAdminOrderMismatch', LibraryAdminErrCode.orderMismatch);
      for (const [seq, code] of codes.entries()) {
        if (kind === 'library')
          await trx
            .updateTable('library')
            .set({ seq })
            .where('tenant_id', '=', tenantId)
            .where('lib_code', '=', code)
            .execute();
        else if (kind === 'campus')
          await trx
            .updateTable('campus')
            .set({ seq })
            .where('tenant_id', '=', tenantId)
            .where('campus_id', '=', code)
            .execute();
        else
          await trx
            .updateTable('location')
            .set({ seq })
            .where('tenant_id', '=', tenantId)
            .where('location_id', '=', code)
            .execute();
      }
      await this.audit(
        trx,
        actor,
        ip,
        `${kind}.reorder`,
        kind === 'library' ? 'libraries' : `${kind === 'campus' ? 'library' : 'campus'} ${parent}`,
        { order: current },
        { order: codes },
      );
    });
    this.deps.dictionaries.invalidate(tenantId);
    return { codes };
  }

  /** The codes of one level in their order now, locked. */
  private async level(trx: Transaction<Database>, tenantId: number, kind: PlaceKind, parent: string) {
    if (kind === 'library')
      return (
        await trx
          .selectFrom('library')
          .select('lib_code as code')
          .where('tenant_id', '=', tenantId)
          .orderBy('seq')
          .orderBy('lib_code')
          .forUpdate()
          .execute()
      ).map((r) => r.code);
    if (kind === 'campus')
      return (
        await trx
          .selectFrom('campus')
          .select('campus_id as code')
          .where('tenant_id', '=', tenantId)
          .where('lib_code', '=', parent)
          .orderBy('seq')
          .orderBy('campus_id')
          .forUpdate()
          .execute()
      ).map((r) => r.code);
    return (
      await trx
        .selectFrom('location')
        .select('location_id as code')
        .where('tenant_id', '=', tenantId)
        .where('campus_id', '=', parent)
        .orderBy('seq')
        .orderBy('location_id')
        .forUpdate()
        .execute()
    ).map((r) => r.code);
  }

  /**
   * The loan policies, the default row first (when it is not stored, the built-in rules circulation
   * uses then, with no version), the reader types of the readers and of the policies, and the
   * circulation attributes of the code list.
   */
  async policies(tenantId: number, lang: Lang): Promise<LoanPolicies> {
    const [rows, readerTypes, circAttrs] = await Promise.all([
      findPolicies(this.db, tenantId),
      findReaderTypes(this.db, tenantId),
      this.deps.dictionaries.codeList(tenantId, 'circAttr', lang),
    ]);
    const policies = rows.map(toPolicy);
    const isDefault = (p: AdminLoanPolicy) => p.readerType === '' && p.circAttr === '';
    const stored = policies.find(isDefault);
    const defaultRow: AdminLoanPolicy = stored ?? {
      readerType: '',
      circAttr: '',
      ...DEFAULT_POLICY,
      maxRelends: DEFAULT_MAX_RELENDS,
      version: null,
    };
    const types = new Map(readerTypes.map((r) => [r.readerType, r.readers]));
    for (const p of policies) if (p.readerType && !types.has(p.readerType)) types.set(p.readerType, 0);
    return {
      policies: [defaultRow, ...policies.filter((p) => !isDefault(p))],
      readerTypes: [...types.entries()]
        .map(([readerType, readers]) => ({ readerType, readers }))
        .sort((a, b) => b.readers - a.readers || (a.readerType < b.readerType ? -1 : 1)),
      circAttrs,
    };
  }

  /**
   * Adds a policy (no version) or changes one. New loans, renewals, requests and the fines of returns
   * follow it from now on; the due dates of loans already made stay.
   */
  async savePolicy(actor: StaffActor, input: SaveLoanPolicyRequest, ip: string): Promise<SavedLoanPolicy> {
    const { tenantId } = actor;
    const { readerType, circAttr } = input;
    if (input.renewWindowDays > input.loanDays)
      throw err('libraryAdminRenewWindow', LibraryAdminErrCode.policyInconsistent, {
        window: input.renewWindowDays,
        loanDays: input.loanDays,
      });
    if (input.finePerDayCents > 0 && input.maxFineCents < input.finePerDayCents)
      throw err('libraryAdminMaxFine', LibraryAdminErrCode.policyInconsistent);
    const values = {
      loan_days: input.loanDays,
      max_loans: input.maxLoans,
      max_renewals: input.maxRenewals,
      renewal_days: input.renewalDays,
      renew_window_days: input.renewWindowDays,
      renew_when_overdue: input.renewWhenOverdue,
      max_requests: input.maxRequests,
      hold_shelf_days: input.holdShelfDays,
      fine_per_day_cents: input.finePerDayCents,
      max_fine_cents: input.maxFineCents,
      suspend_days_per_day: input.suspendDaysPerDay,
      fine_limit_cents: input.fineLimitCents,
      max_relends: input.maxRelends,
    };
    const name = policyName(readerType, circAttr);
    return inTransaction(this.db, async (trx) => {
      const before = await lockPolicy(trx, tenantId, readerType, circAttr);
      let after: PolicyRow | undefined;
      if (input.version === undefined) {
        if (before) throw err('libraryAdminPolicyExists', LibraryAdminErrCode.policyExists, { readerType, circAttr });
        after = await trx
          .insertInto('loan_policy')
          .values({ tenant_id: tenantId, reader_type: readerType, circ_attr: circAttr, ...values })
          .onConflict((oc) => oc.doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!after) throw err('libraryAdminPolicyExists', LibraryAdminErrCode.policyExists, { readerType, circAttr });
      } else {
        if (!before || policyVersion(before) !== input.version)
          throw err('libraryAdminConflict', LibraryAdminErrCode.conflict, { code: name });
        after = await trx
          .updateTable('loan_policy')
          .set(values)
          .where('tenant_id', '=', tenantId)
          .where('reader_type', '=', readerType)
          .where('circ_attr', '=', circAttr)
          .returningAll()
          .executeTakeFirstOrThrow();
      }
      await this.audit(
        trx,
        actor,
        ip,
        before ? 'policy.update' : 'policy.add',
        `policy ${name}`,
        before && toPolicy(before),
        toPolicy(after),
      );
      return { readerType, circAttr, version: policyVersion(after), added: !before };
    });
  }

  /** Deletes a policy (never the default one): its readers and copies follow a more general one. */
  async deletePolicy(actor: StaffActor, input: DeleteLoanPolicyRequest, ip: string) {
    const { tenantId } = actor;
    const { readerType, circAttr } = input;
    if (!readerType && !circAttr) throw err('libraryAdminDefaultPolicy', LibraryAdminErrCode.defaultPolicy);
    const name = policyName(readerType, circAttr);
    await inTransaction(this.db, async (trx) => {
      const before = await lockPolicy(trx, tenantId, readerType, circAttr);
      if (!before) throw err('libraryAdminNoSuchPolicy', LibraryAdminErrCode.noSuchPolicy, { readerType, circAttr });
      if (policyVersion(before) !== input.version)
        throw err('libraryAdminConflict', LibraryAdminErrCode.conflict, { code: name });
      await trx
        .deleteFrom('loan_policy')
        .where('tenant_id', '=', tenantId)
        .where('reader_type', '=', readerType)
        .where('circ_attr', '=', circAttr)
        .execute();
      await this.audit(trx, actor, ip, 'policy.delete', `policy ${name}`, toPolicy(before), undefined);
    });
    return { readerType, circAttr };
  }

  /** Refuses a change made from another version of the row than it has now (or of a row gone meanwhile). */
  private sameVersion(code: string, row: LibraryRow | CampusRow | LocationRow | undefined, version: string) {
    if (!row || placeVersion(row) !== version)
      throw err('libraryAdminConflict', LibraryAdminErrCode.conflict, { code });
  }

  private audit(
    trx: Kysely<Database>,
    actor: StaffActor,
    ip: string,
    action: string,
    target: string,
    before: object | undefined,
    after: object | undefined,
  ) {
    return this.deps.staff.audit(
      { tenantId: actor.tenantId, staffId: actor.staffId, actor: actor.username, action, target, before, after, ip },
      trx,
    );
  }
}

/** The code typed, if it is a code (letters, digits, `-`, `_`, `.`; 1–32; a letter or digit first). */
function checkedCode(code: string): string {
  if (!PLACE_CODE_PATTERN.test(code)) throw err('libraryAdminCodeInvalid', LibraryAdminErrCode.codeInvalid);
  return code;
}
