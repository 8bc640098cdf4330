-- Subject services (issue 30): departments (colleges) with their subjects and liaison librarian,
-- researchers with the works staff confirmed or excluded, the institution's theses as read from the
-- catalogue's thesis records, and who may open a thesis's full text (docs/subject-services.md).

CREATE TABLE department (
  id              serial PRIMARY KEY,
  tenant_id       integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  code            text NOT NULL CHECK (code ~ '^[A-Za-z0-9_.-]{1,32}$'),
  name            text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  name_tw         text NOT NULL DEFAULT '' CHECK (length(name_tw) <= 100),
  name_en         text NOT NULL DEFAULT '' CHECK (length(name_en) <= 100),
  description     text NOT NULL DEFAULT '' CHECK (length(description) <= 2000),
  description_en  text NOT NULL DEFAULT '' CHECK (length(description_en) <= 2000),
  -- discode1 codes of its disciplines (the databases of the same subjects) and the CLC classes of its books.
  discode1        text[] NOT NULL DEFAULT '{}',
  clc_classes     text[] NOT NULL DEFAULT '{}',
  liaison_name    text NOT NULL DEFAULT '' CHECK (length(liaison_name) <= 50),
  liaison_email   text NOT NULL DEFAULT '' CHECK (length(liaison_email) <= 200),
  liaison_phone   text NOT NULL DEFAULT '' CHECK (length(liaison_phone) <= 50),
  seq             integer NOT NULL DEFAULT 0,
  updated_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, code)
);

CREATE TABLE researcher (
  id              serial PRIMARY KEY,
  tenant_id       integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  -- The institution's number for the person (staff number), what a re-import updates by.
  code            text NOT NULL CHECK (code ~ '^[A-Za-z0-9_.-]{1,32}$'),
  name            text NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
  -- Pinyin or English name ("Wang Xiaoming"): the A–Z letter and one of the name forms matched.
  name_en         text NOT NULL DEFAULT '' CHECK (length(name_en) <= 100),
  department_id   integer REFERENCES department(id) ON DELETE SET NULL,
  title           text NOT NULL DEFAULT '' CHECK (length(title) <= 50),
  fields          text[] NOT NULL DEFAULT '{}',
  orcid           text NOT NULL DEFAULT '' CHECK (orcid = '' OR orcid ~ '^[0-9]{4}-[0-9]{4}-[0-9]{4}-[0-9]{3}[0-9X]$'),
  homepage        text NOT NULL DEFAULT '' CHECK (length(homepage) <= 500),
  -- Other forms of the name as records write it (a former name, "Wang X.M.", a romanisation).
  name_variants   text[] NOT NULL DEFAULT '{}',
  seq             integer NOT NULL DEFAULT 0,
  updated_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, code)
);
CREATE INDEX researcher_department ON researcher (tenant_id, department_id);

-- Staff decisions on a researcher's works: confirmed (listed whatever the rule says) or excluded
-- (never listed). Works without a row follow the matching rule.
CREATE TABLE researcher_work (
  tenant_id       integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  researcher_id   integer NOT NULL REFERENCES researcher(id) ON DELETE CASCADE,
  record_id       integer NOT NULL REFERENCES bib_record(record_id) ON DELETE CASCADE,
  decision        text NOT NULL CHECK (decision IN ('claimed', 'excluded')),
  decided_by      text NOT NULL DEFAULT '',
  decided_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (researcher_id, record_id)
);
CREATE INDEX researcher_work_tenant ON researcher_work (tenant_id, researcher_id);

-- The institution's theses, read from its catalogue's thesis records (docCode 3: MARC 502, CNMARC
-- 328, 008/24-27 'm'), kept in step with bib_record.updated_at (record_updated_at).
CREATE TABLE thesis (
  record_id          integer PRIMARY KEY REFERENCES bib_record(record_id) ON DELETE CASCADE,
  tenant_id          integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  degree             text CHECK (degree IN ('doctor', 'master', 'bachelor', 'postdoc')),
  discipline         text NOT NULL DEFAULT '',
  supervisor         text NOT NULL DEFAULT '',
  year               integer,
  -- The granting body as the record names it (502 $c, 328 $e), and the department it names.
  institution        text NOT NULL DEFAULT '',
  department_id      integer REFERENCES department(id) ON DELETE SET NULL,
  keywords           text[] NOT NULL DEFAULT '{}',
  -- Lower-cased title, authors, supervisor and keywords, for the search.
  search_text        text NOT NULL DEFAULT '',
  record_updated_at  timestamptz NOT NULL
);
CREATE INDEX thesis_tenant_year ON thesis (tenant_id, year DESC);

-- Who may open a thesis's full text: the institution's rule, and a thesis's own where the author
-- asked for another (an embargo until a date, campus only, none). "Campus" is the institution's
-- campus networks, kept once with the e-resource settings (e_resource_setting, 0050).
CREATE TABLE thesis_policy (
  tenant_id        integer PRIMARY KEY REFERENCES tenant(id) ON DELETE CASCADE,
  default_access   text NOT NULL DEFAULT 'campus' CHECK (default_access IN ('open', 'campus', 'none')),
  -- Names the institution's theses give as the granting body (502 $c), besides the institution's own.
  institution_names text[] NOT NULL DEFAULT '{}'
);

CREATE TABLE thesis_access (
  record_id       integer PRIMARY KEY REFERENCES bib_record(record_id) ON DELETE CASCADE,
  tenant_id       integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  access          text NOT NULL CHECK (access IN ('open', 'campus', 'none')),
  embargo_until   date,
  full_text_url   text NOT NULL DEFAULT '' CHECK (length(full_text_url) <= 500)
);
