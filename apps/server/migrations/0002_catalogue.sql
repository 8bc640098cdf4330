-- Catalogue: bibliographic records and their items (holdings), with the analysed text for search.

CREATE TABLE bib_record (
  record_id             serial PRIMARY KEY,
  tenant_id             integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  -- Source identity: '001|003' control number and agency, 'isbn:<13 digits>', or '<format>:<id>'.
  -- Re-importing the same source identity updates the record instead of adding another.
  source_key            text NOT NULL,
  source_format         text NOT NULL CHECK (source_format IN ('marc21', 'unimarc', 'csv', 'demo')),
  title                 text NOT NULL DEFAULT '',
  title_vernacular      text,
  other_titles          text[] NOT NULL DEFAULT '{}',
  responsibility        text,
  author                text NOT NULL DEFAULT '',   -- display form: '(美)尼尔·埃亚尔著'
  authors               text[] NOT NULL DEFAULT '{}', -- personal and corporate names, for facets
  edition               text,
  publisher             text,
  publish_place         text,
  publish_year          text,                       -- as catalogued ('2016.6', '[1923?]')
  publish_year_int      smallint,                   -- the year, when one can be read
  physical_description  text,
  isbns                 text[] NOT NULL DEFAULT '{}', -- valid ISBN-13, hyphen-free
  invalid_isbns         text[] NOT NULL DEFAULT '{}',
  issn                  text,
  price                 text,
  clc_classes           text[] NOT NULL DEFAULT '{}', -- 中图法 class numbers (chiClassNo)
  other_classes         text[] NOT NULL DEFAULT '{}',
  call_numbers          text[] NOT NULL DEFAULT '{}',
  subjects              text[] NOT NULL DEFAULT '{}',
  series                text[] NOT NULL DEFAULT '{}',
  lang_code             text,
  country_code          text,
  doc_code              text NOT NULL DEFAULT '1',
  discode1              text[] NOT NULL DEFAULT '{}', -- discipline categories, derived from the CLC class
  abstract              text,
  notes                 text[] NOT NULL DEFAULT '{}',
  links                 jsonb NOT NULL DEFAULT '[]'::jsonb,   -- [{url, label}]
  vernacular            jsonb NOT NULL DEFAULT '{}'::jsonb,   -- 880 forms paired with their fields
  marc                  jsonb,                                -- the full record (MARC-in-JSON) for the staff view
  physical_count        integer NOT NULL DEFAULT 0,           -- items
  on_shelf_count        integer NOT NULL DEFAULT 0,           -- items on shelf and loanable
  e_count               integer NOT NULL DEFAULT 0,           -- electronic links
  first_in_date         date,                                 -- earliest item in-date (new arrivals)
  loan_count            integer NOT NULL DEFAULT 0,
  search_vector         tsvector NOT NULL DEFAULT ''::tsvector,
  title_sort            text NOT NULL DEFAULT '',             -- pinyin / folded title for sorting
  content_hash          text NOT NULL,                        -- re-import changes nothing when equal
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, source_key)
);
CREATE INDEX bib_record_search ON bib_record USING gin (search_vector);
CREATE INDEX bib_record_tenant_year ON bib_record (tenant_id, publish_year_int);
CREATE INDEX bib_record_tenant_in_date ON bib_record (tenant_id, first_in_date);
CREATE INDEX bib_record_isbns ON bib_record USING gin (isbns);

CREATE TABLE item (
  item_id            serial PRIMARY KEY,
  tenant_id          integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  record_id          integer NOT NULL REFERENCES bib_record(record_id) ON DELETE CASCADE,
  barcode            text,          -- NULL when the source gives none (never invented)
  call_no            text,
  lib_code           text,
  campus_id          text,
  location_id        text,
  location_name      text,          -- as the source named it, when it maps to no location row
  cur_location_id    text,
  shelf_no           text,
  vol                text,
  year               text,
  process_type_code  text NOT NULL DEFAULT '411',  -- 411 on shelf, 412 on loan (processTypeList)
  due_date           date,
  circ_attr          text NOT NULL DEFAULT '0',    -- 0 loanable … 6 branch (circAttr)
  price              text,
  in_date            date,
  UNIQUE (tenant_id, barcode)
);
CREATE INDEX item_record ON item (record_id);

-- Import runs, for the operator's summary and for resuming an interrupted import.
CREATE TABLE import_run (
  id           serial PRIMARY KEY,
  tenant_id    integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  file_name    text NOT NULL,
  file_size    bigint NOT NULL,
  file_hash    text NOT NULL,
  format       text NOT NULL,
  started_at   timestamptz NOT NULL DEFAULT now(),
  finished_at  timestamptz,
  read_count     integer NOT NULL DEFAULT 0,
  created_count  integer NOT NULL DEFAULT 0,
  updated_count  integer NOT NULL DEFAULT 0,
  unchanged_count integer NOT NULL DEFAULT 0,
  skipped_count  integer NOT NULL DEFAULT 0
);
