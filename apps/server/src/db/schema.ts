import type { ColumnType, Generated } from 'kysely';

/** Row types of the tables created by the migrations in ../../migrations. */
export interface TenantTable {
  id: Generated<number>;
  mapping_path: string;
  group_code: string;
  name: string;
  name_en: Generated<string>;
  name_tw: Generated<string>;
  label: Generated<string>;
  fid: Generated<string>;
  msg_flag: Generated<string>;
  created_at: ColumnType<Date, never, never>;
}
export interface SiteConfigTable {
  tenant_id: number;
  config: ColumnType<Record<string, unknown>, string, string>;
  updated_at: ColumnType<Date, string | undefined, string>;
}
export interface InstitutionParamTable {
  tenant_id: number;
  para_code: string;
  para_value: string;
}
export interface MenuItemTable {
  id: Generated<number>;
  tenant_id: number;
  menu_group: 'A' | 'B' | 'C';
  parent_id: number | null;
  seq: number;
  menu_name: string;
  english_name: string;
  complex_font: string;
  menu_url: string;
  use_flag: string;
  jump_mode: string;
}
interface Named {
  name: string;
  name_en: Generated<string>;
  name_tw: Generated<string>;
  seq: Generated<number>;
}
export interface LibraryTable extends Named {
  tenant_id: number;
  lib_code: string;
  is_main: Generated<boolean>;
}
export interface CampusTable extends Named {
  tenant_id: number;
  campus_id: string;
  lib_code: string;
}
export interface LocationTypeTable extends Named {
  tenant_id: number;
  code: string;
}
export interface LocationTable extends Named {
  tenant_id: number;
  location_id: string;
  campus_id: string;
  location_type_code: string;
  entrust: Generated<boolean>;
  subscribe: Generated<boolean>;
}
export interface DictEntryTable extends Named {
  id: Generated<number>;
  tenant_id: number | null;
  dict_name: string;
  code: string;
  parent_code: string | null;
  hidden: Generated<boolean>;
}
export interface SearchFieldParaTable extends Named {
  id: Generated<number>;
  tenant_id: number;
  field_code: string;
  default_match_mode: Generated<string>;
  use_flag: Generated<string>;
}
export interface SchemaMigrationTable {
  name: string;
  checksum: string;
  applied_at: ColumnType<Date, never, never>;
}

export interface Database {
  tenant: TenantTable;
  site_config: SiteConfigTable;
  institution_param: InstitutionParamTable;
  menu_item: MenuItemTable;
  library: LibraryTable;
  campus: CampusTable;
  location_type: LocationTypeTable;
  location: LocationTable;
  dict_entry: DictEntryTable;
  search_field_para: SearchFieldParaTable;
  schema_migration: SchemaMigrationTable;
}
