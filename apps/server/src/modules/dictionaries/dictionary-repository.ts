import type { Kysely, Selectable } from 'kysely';
import type {
  CampusTable,
  Database,
  DictEntryTable,
  LibraryTable,
  LocationTable,
  LocationTypeTable,
  SearchFieldParaTable,
} from '../../db/schema.js';

export type DictEntryRow = Selectable<DictEntryTable>;
export type LibraryRow = Selectable<LibraryTable>;
export type CampusRow = Selectable<CampusTable>;
export type LocationTypeRow = Selectable<LocationTypeTable>;
export type LocationRow = Selectable<LocationTable>;
export type SearchFieldParaRow = Selectable<SearchFieldParaTable>;

/**
 * The tenant's code lists: installation defaults (tenant_id NULL) overridden by the tenant's own
 * rows with the same (dict_name, code); a tenant row marked hidden removes the entry.
 */
export async function findDictEntries(db: Kysely<Database>, tenantId: number): Promise<DictEntryRow[]> {
  const rows = await db
    .selectFrom('dict_entry')
    .selectAll()
    .where((eb) => eb.or([eb('tenant_id', 'is', null), eb('tenant_id', '=', tenantId)]))
    .orderBy('dict_name')
    .orderBy('seq')
    .orderBy('code')
    .execute();
  const merged = new Map<string, DictEntryRow>();
  for (const r of rows) {
    const key = `${r.dict_name}\u0000${r.code}`;
    const prev = merged.get(key);
    if (!prev || r.tenant_id !== null) merged.set(key, r);
  }
  return [...merged.values()]
    .filter((r) => !r.hidden)
    .sort((a, b) => a.dict_name.localeCompare(b.dict_name) || a.seq - b.seq || a.code.localeCompare(b.code));
}

export function findLibraries(db: Kysely<Database>, tenantId: number): Promise<LibraryRow[]> {
  return db
    .selectFrom('library')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('seq')
    .orderBy('lib_code')
    .execute();
}

export function findCampuses(db: Kysely<Database>, tenantId: number): Promise<CampusRow[]> {
  return db
    .selectFrom('campus')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('seq')
    .orderBy('campus_id')
    .execute();
}

export function findLocationTypes(db: Kysely<Database>, tenantId: number): Promise<LocationTypeRow[]> {
  return db
    .selectFrom('location_type')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('seq')
    .orderBy('code')
    .execute();
}

export function findLocations(db: Kysely<Database>, tenantId: number): Promise<LocationRow[]> {
  return db
    .selectFrom('location')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('seq')
    .orderBy('location_id')
    .execute();
}

export function findSearchFieldParas(db: Kysely<Database>, tenantId: number): Promise<SearchFieldParaRow[]> {
  return db
    .selectFrom('search_field_para')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('seq')
    .orderBy('id')
    .execute();
}
