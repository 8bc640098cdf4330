-- Search: holdings kept on the record for facets and filters, prefix indexes for class and call
-- numbers, the vocabulary behind did-you-mean and suggestions, the search log behind popular
-- searches, and the readers' search history.

-- pg_trgm (similarity for did-you-mean) goes into a schema of its own unless the database already
-- has it somewhere: schemas that come and go (one per test run) must not take it with them.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE SCHEMA IF NOT EXISTS openfind_ext;
    CREATE EXTENSION pg_trgm WITH SCHEMA openfind_ext;
  END IF;
END $$;

-- Where a record's items are: libraries, campuses, locations, current locations (distinct codes).
-- Filled by the catalogue from the items at every store, like the item counts.
ALTER TABLE bib_record
  ADD COLUMN lib_codes         text[] NOT NULL DEFAULT '{}',
  ADD COLUMN campus_ids        text[] NOT NULL DEFAULT '{}',
  ADD COLUMN location_ids      text[] NOT NULL DEFAULT '{}',
  ADD COLUMN cur_location_ids  text[] NOT NULL DEFAULT '{}';

-- Backfill from the items already stored. The full-text index is rebuilt afterwards rather than
-- updated row by row, which is much faster on a large catalogue.
DROP INDEX bib_record_search;
UPDATE bib_record b SET
  lib_codes = h.lib_codes,
  campus_ids = h.campus_ids,
  location_ids = h.location_ids,
  cur_location_ids = h.cur_location_ids
FROM (
  SELECT record_id,
         coalesce(array_agg(DISTINCT lib_code ORDER BY lib_code) FILTER (WHERE lib_code IS NOT NULL), '{}') AS lib_codes,
         coalesce(array_agg(DISTINCT campus_id ORDER BY campus_id) FILTER (WHERE campus_id IS NOT NULL), '{}') AS campus_ids,
         coalesce(array_agg(DISTINCT location_id ORDER BY location_id) FILTER (WHERE location_id IS NOT NULL), '{}') AS location_ids,
         coalesce(array_agg(DISTINCT cur_location_id ORDER BY cur_location_id) FILTER (WHERE cur_location_id IS NOT NULL), '{}') AS cur_location_ids
  FROM item GROUP BY record_id
) h
WHERE b.record_id = h.record_id;
CREATE INDEX bib_record_search ON bib_record USING gin (search_vector);

-- Every prefix of every code, upper-cased: 'I242.4' gives I, I2, I24, I242, I242., I242.4. A GIN
-- index over it answers "class number (or call number) starts with" as an exact lookup.
-- Costly per row: the high COST makes the planner use the indexes rather than call it on many rows.
CREATE FUNCTION of_prefixes(codes text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 1000
  AS $$
    SELECT coalesce(array_agg(DISTINCT upper(left(c, n))), '{}')
    FROM unnest(codes) AS c, generate_series(1, least(length(c), 32)) AS n
  $$;
CREATE INDEX bib_record_class_prefix ON bib_record USING gin (of_prefixes(clc_classes));
CREATE INDEX bib_record_call_prefix ON bib_record USING gin (of_prefixes(call_numbers));

-- Text folded for field checks (exact / prefix / suffix, and which field a word is in): NFKC,
-- lower case, the Traditional forms of the query's characters translated to Simplified (the caller
-- passes only those, so the translation stays cheap), punctuation and spaces removed.
CREATE FUNCTION of_fold(t text, trad text, simp text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT regexp_replace(translate(lower(normalize(coalesce(t, ''), NFKC)), trad, simp), '[^[:alnum:]]+', '', 'g')
  $$;

-- ISSN without its hyphen, for the ISSN scope.
CREATE INDEX bib_record_issn ON bib_record (tenant_id, upper(replace(issn, '-', ''))) WHERE issn IS NOT NULL;
-- Vocabulary freshness: the newest change of a tenant's catalogue.
CREATE INDEX bib_record_tenant_updated ON bib_record (tenant_id, updated_at);
-- Barcode and call number scopes by prefix, on the items.
CREATE INDEX item_barcode_prefix ON item (tenant_id, barcode text_pattern_ops);
CREATE INDEX item_call_no_prefix ON item (tenant_id, upper(call_no) text_pattern_ops);

-- The vocabulary of a tenant's catalogue: title propers, author names, subject headings and words,
-- with their pinyin, for suggestions as you type and for did-you-mean. Rebuilt from the catalogue
-- by the search module when the catalogue has changed (see search_term_build).
CREATE TABLE search_term (
  tenant_id  integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  kind       char(1) NOT NULL CHECK (kind IN ('t', 'a', 's', 'w')),  -- title, author, subject, word
  term       text NOT NULL,     -- folded: NFKC, lower case, Simplified, single spaces
  display    text NOT NULL,     -- as catalogued
  pinyin     text,              -- full pinyin of the Chinese, no spaces ('hongloumeng')
  initials   text,              -- pinyin initials ('hlm')
  doc_count  integer NOT NULL,
  build_id   integer NOT NULL,  -- the build that wrote it; older builds' rows are removed at the end
  PRIMARY KEY (tenant_id, kind, term)
);
CREATE INDEX search_term_prefix ON search_term (tenant_id, term text_pattern_ops);
CREATE INDEX search_term_pinyin ON search_term (tenant_id, pinyin text_pattern_ops) WHERE pinyin IS NOT NULL;
CREATE INDEX search_term_initials ON search_term (tenant_id, initials text_pattern_ops) WHERE initials IS NOT NULL;
DO $$
DECLARE
  ext_schema text := (SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'pg_trgm');
BEGIN
  EXECUTE format('CREATE INDEX search_term_trgm ON search_term USING gin (term %s.gin_trgm_ops)', ext_schema);
END $$;

-- When a tenant's vocabulary was built, and from what state of the catalogue.
CREATE TABLE search_term_build (
  tenant_id       integer PRIMARY KEY REFERENCES tenant(id) ON DELETE CASCADE,
  built_at        timestamptz NOT NULL DEFAULT now(),
  build_id        integer NOT NULL,
  record_count    integer NOT NULL,
  last_updated_at timestamptz
);

-- Searches as readers typed them (no reader identity): popular searches over a rolling window.
CREATE TABLE search_log (
  id            bigserial PRIMARY KEY,
  tenant_id     integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  query_key     text NOT NULL,    -- folded form; popular searches group by it
  query_text    text NOT NULL,    -- as typed, trimmed
  search_field  text NOT NULL DEFAULT 'keyWord',
  num_found     integer,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX search_log_tenant_time ON search_log (tenant_id, created_at);

-- A reader's own search history. reader_id refers to the reader of the accounts feature, which
-- adds that table and the foreign key; entries are removed by the reader or with the tenant.
CREATE TABLE search_history (
  id          bigserial PRIMARY KEY,
  tenant_id   integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  reader_id   integer NOT NULL,
  search_type text NOT NULL,       -- search | advancedSearch | twiceSearch
  summary     text NOT NULL,       -- what the reader searched for, for the list
  request     jsonb NOT NULL,      -- the search request, to run it again
  num_found   integer,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX search_history_reader ON search_history (tenant_id, reader_id, created_at DESC);

-- Housekeeping the embedded database needs (it has no autovacuum): the catalogue state at the last
-- VACUUM ANALYZE, so the search module can run one when the catalogue has changed.
CREATE TABLE search_maintenance (
  id              integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  max_record_id   integer,
  last_updated_at timestamptz,
  done_at         timestamptz NOT NULL DEFAULT now()
);
