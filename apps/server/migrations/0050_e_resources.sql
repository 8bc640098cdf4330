-- Databases and e-resources navigation (issue 30, /dataBaseNav, /newDataBase): the fields of a
-- database's page, clicks counted per day, trial feedback, the institution's proxy and campus
-- networks, and KBART title lists (e_title: one line of a package's title list).

-- A database's page: Traditional Chinese description, usage guide in three languages, its types
-- (the §3 "dbTypes" screen), languages of its content, trial start, vendor, the off-campus link.
-- url_off_campus, when set, is the explicit remote link; otherwise a proxied database is opened off
-- campus through the institution's proxy prefix + url (EZproxy style), and an unproxied one by url.
ALTER TABLE e_collection
  ADD COLUMN description_tw  text NOT NULL DEFAULT '',
  ADD COLUMN guide           text NOT NULL DEFAULT '',
  ADD COLUMN guide_en        text NOT NULL DEFAULT '',
  ADD COLUMN guide_tw        text NOT NULL DEFAULT '',
  ADD COLUMN db_types        text[] NOT NULL DEFAULT '{}',
  ADD COLUMN languages       text[] NOT NULL DEFAULT '{}',
  ADD COLUMN trial_from      date,
  ADD COLUMN vendor          text NOT NULL DEFAULT '',
  ADD COLUMN url_off_campus  text,
  ADD COLUMN proxied         boolean NOT NULL DEFAULT false,
  ADD COLUMN package_code    text,
  ADD COLUMN visit_total     bigint NOT NULL DEFAULT 0,
  ADD CONSTRAINT e_collection_trial_dates CHECK (trial_from IS NULL OR trial_until IS NULL OR trial_from <= trial_until);
CREATE INDEX e_collection_tenant_added ON e_collection (tenant_id, added_on DESC, id DESC);
CREATE UNIQUE INDEX e_collection_package ON e_collection (tenant_id, package_code) WHERE package_code IS NOT NULL;

-- The institution's e-resource settings, set by administrators: the proxy prefix (e.g.
-- https://ezproxy.example.edu.cn/login?url=) and the campus networks (CIDR, IPv4 or IPv6) whose
-- readers open databases directly.
CREATE TABLE e_resource_setting (
  tenant_id        integer PRIMARY KEY REFERENCES tenant(id) ON DELETE CASCADE,
  proxy_prefix     text NOT NULL DEFAULT '',
  campus_networks  text[] NOT NULL DEFAULT '{}',
  version          integer NOT NULL DEFAULT 0,
  updated_at       timestamptz NOT NULL DEFAULT now(),
  updated_by       text NOT NULL DEFAULT ''
);

-- Clicks per database and day; e_collection.visit_count (the home page's hot list) is the sum of
-- the last 30 days, visit_total the sum of all days.
CREATE TABLE e_collection_visit (
  tenant_id      integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  collection_id  integer NOT NULL REFERENCES e_collection(id) ON DELETE CASCADE,
  day            date NOT NULL,
  visits         integer NOT NULL DEFAULT 0 CHECK (visits >= 0),
  PRIMARY KEY (collection_id, day)
);
CREATE INDEX e_collection_visit_tenant_day ON e_collection_visit (tenant_id, day);

-- Trial feedback from readers (at most 1000 characters, counted in code points in code), answered
-- or marked handled by staff.
CREATE TABLE e_collection_feedback (
  id             bigserial PRIMARY KEY,
  tenant_id      integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  collection_id  integer NOT NULL REFERENCES e_collection(id) ON DELETE CASCADE,
  reader_id      integer NOT NULL REFERENCES reader(id) ON DELETE CASCADE,
  rating         smallint CHECK (rating BETWEEN 1 AND 5),
  content        text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 1000),
  status         text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'read', 'replied', 'handled')),
  reply          text NOT NULL DEFAULT '',
  replied_by     text NOT NULL DEFAULT '',
  replied_at     timestamptz,
  version        integer NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX e_collection_feedback_queue ON e_collection_feedback (tenant_id, status, created_at DESC);
CREATE INDEX e_collection_feedback_reader ON e_collection_feedback (reader_id, created_at);
CREATE INDEX e_collection_feedback_collection ON e_collection_feedback (collection_id);

-- KBART (NISO RP-9-2014, Phase II): one line of a package's title list, i.e. one coverage range of
-- a title (a coverage gap is two rows). Identifiers are normalised: ISSN as NNNN-NNNX, ISBN as 13
-- digits. coverage_from / coverage_to are the parsed dates (coverage_to NULL = to the present).
-- embargo_info keeps the KBART text (R1Y: the most recent year is not available; P6M: only content
-- older than six months), embargo_months its length. A re-import of a package replaces its rows.
CREATE TABLE e_title (
  id                               bigserial PRIMARY KEY,
  tenant_id                        integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  collection_id                    integer REFERENCES e_collection(id) ON DELETE CASCADE,
  package_code                     text NOT NULL,
  line_no                          integer NOT NULL,
  publication_type                 text NOT NULL CHECK (publication_type IN ('serial', 'monograph')),
  publication_title                text NOT NULL,
  print_identifier                 text,
  online_identifier                text,
  date_first_issue_online          text,
  num_first_vol_online             text,
  num_first_issue_online           text,
  date_last_issue_online           text,
  num_last_vol_online              text,
  num_last_issue_online            text,
  coverage_from                    date,
  coverage_to                      date,
  title_url                        text,
  first_author                     text,
  title_id                         text,
  embargo_info                     text,
  embargo_months                   integer,
  coverage_depth                   text,
  notes                            text,
  publisher_name                   text,
  preceding_publication_title_id   text,
  date_monograph_published_print   text,
  date_monograph_published_online  text,
  monograph_volume                 text,
  monograph_edition                text,
  first_editor                     text,
  parent_publication_title_id      text,
  access_type                      text CHECK (access_type IS NULL OR access_type IN ('F', 'P')),
  imported_at                      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX e_title_online_id ON e_title (tenant_id, online_identifier);
CREATE INDEX e_title_print_id ON e_title (tenant_id, print_identifier);
CREATE INDEX e_title_type_title ON e_title (tenant_id, publication_type, publication_title);
CREATE INDEX e_title_collection ON e_title (collection_id);
CREATE INDEX e_title_package ON e_title (tenant_id, package_code, line_no);
