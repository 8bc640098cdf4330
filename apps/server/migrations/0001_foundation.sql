-- Foundation: tenants, their site configuration, menus, libraries, campuses, locations and
-- dictionaries. Every tenant-owned row carries tenant_id and every query is scoped by it.

CREATE TABLE tenant (
  id            serial PRIMARY KEY,
  mapping_path  text NOT NULL UNIQUE CHECK (mapping_path ~ '^[A-Za-z0-9_-]{0,64}$'),
  group_code    text NOT NULL UNIQUE CHECK (group_code ~ '^[0-9A-Za-z_-]{1,32}$'),
  name          text NOT NULL,
  name_en       text NOT NULL DEFAULT '',
  name_tw       text NOT NULL DEFAULT '',
  label         text NOT NULL DEFAULT '',
  fid           text NOT NULL DEFAULT '',
  msg_flag      text NOT NULL DEFAULT '0',
  created_at    timestamptz NOT NULL DEFAULT now()
);

-- Only the fields an operator set are stored; defaults come from the contract schema.
CREATE TABLE site_config (
  tenant_id   integer PRIMARY KEY REFERENCES tenant(id) ON DELETE CASCADE,
  config      jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE institution_param (
  tenant_id   integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  para_code   text NOT NULL,
  para_value  text NOT NULL,
  PRIMARY KEY (tenant_id, para_code)
);

CREATE TABLE menu_item (
  id            serial PRIMARY KEY,
  tenant_id     integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  menu_group    char(1) NOT NULL CHECK (menu_group IN ('A', 'B', 'C')),
  parent_id     integer REFERENCES menu_item(id) ON DELETE CASCADE,
  seq           integer NOT NULL DEFAULT 0,
  menu_name     text NOT NULL,
  english_name  text NOT NULL DEFAULT '',
  complex_font  text NOT NULL DEFAULT '',
  menu_url      text NOT NULL DEFAULT '',
  use_flag      text NOT NULL DEFAULT '1' CHECK (use_flag IN ('1', '2')),
  jump_mode     text NOT NULL DEFAULT '1' CHECK (jump_mode IN ('1', '2'))
);
CREATE INDEX menu_item_tenant ON menu_item (tenant_id, menu_group, parent_id, seq);

CREATE TABLE library (
  tenant_id  integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  lib_code   text NOT NULL,
  name       text NOT NULL,
  name_en    text NOT NULL DEFAULT '',
  name_tw    text NOT NULL DEFAULT '',
  is_main    boolean NOT NULL DEFAULT false,
  seq        integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, lib_code)
);

CREATE TABLE campus (
  tenant_id  integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  campus_id  text NOT NULL,
  lib_code   text NOT NULL,
  name       text NOT NULL,
  name_en    text NOT NULL DEFAULT '',
  name_tw    text NOT NULL DEFAULT '',
  seq        integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, campus_id),
  FOREIGN KEY (tenant_id, lib_code) REFERENCES library (tenant_id, lib_code) ON DELETE CASCADE
);

CREATE TABLE location_type (
  tenant_id  integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  code       text NOT NULL,
  name       text NOT NULL,
  name_en    text NOT NULL DEFAULT '',
  name_tw    text NOT NULL DEFAULT '',
  seq        integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, code)
);

CREATE TABLE location (
  tenant_id           integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  location_id         text NOT NULL,
  campus_id           text NOT NULL,
  location_type_code  text NOT NULL,
  name                text NOT NULL,
  name_en             text NOT NULL DEFAULT '',
  name_tw             text NOT NULL DEFAULT '',
  entrust             boolean NOT NULL DEFAULT false,
  subscribe           boolean NOT NULL DEFAULT false,
  seq                 integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, location_id),
  FOREIGN KEY (tenant_id, campus_id) REFERENCES campus (tenant_id, campus_id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, location_type_code) REFERENCES location_type (tenant_id, code)
);

-- Code lists (document types, languages, countries, CLC classes, disciplines...). A row with
-- tenant_id NULL is the installation default; a tenant row with the same (dict_name, code)
-- overrides it and a tenant row with hidden = true removes it for that tenant.
CREATE TABLE dict_entry (
  id           serial PRIMARY KEY,
  tenant_id    integer REFERENCES tenant(id) ON DELETE CASCADE,
  dict_name    text NOT NULL,
  code         text NOT NULL,
  name         text NOT NULL,
  name_en      text NOT NULL DEFAULT '',
  name_tw      text NOT NULL DEFAULT '',
  parent_code  text,
  seq          integer NOT NULL DEFAULT 0,
  hidden       boolean NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX dict_entry_key ON dict_entry (coalesce(tenant_id, 0), dict_name, code);

CREATE TABLE search_field_para (
  id                  serial PRIMARY KEY,
  tenant_id           integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  field_code          text NOT NULL,
  name                text NOT NULL,
  name_en             text NOT NULL DEFAULT '',
  name_tw             text NOT NULL DEFAULT '',
  default_match_mode  text NOT NULL DEFAULT '2' CHECK (default_match_mode IN ('1', '2', '3', '4')),
  use_flag            text NOT NULL DEFAULT '1',
  seq                 integer NOT NULL DEFAULT 0,
  UNIQUE (tenant_id, field_code)
);
