-- Journal navigation (issue 30, /magazineNav, /magazineNavDetail): core-collection marks by ISSN
-- and the views of a journal's page per day (the hot journals). A journal itself is not stored: it is
-- the catalogue's serial records and the KBART serial lines of e_title joined by ISSN.

-- A journal's mark in a core list or citation index of one edition (北大核心 2023, CSSCI 2023–2024,
-- SCI…): list_code is a code of the coreInclude or customCoreList code lists, upper case; the ISSN
-- normalised NNNN-NNNX. A re-import of a list and edition replaces its rows (openfind journals
-- core-import). title and class_code are as the list gives them: the class places a journal with
-- no print record in the CLC tree.
CREATE TABLE journal_core_mark (
  tenant_id   integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  list_code   text NOT NULL CHECK (list_code ~ '^[A-Z0-9_-]{1,20}$'),
  edition     text NOT NULL DEFAULT '' CHECK (char_length(edition) <= 20),
  issn        text NOT NULL CHECK (issn ~ '^[0-9]{4}-[0-9]{3}[0-9X]$'),
  title       text NOT NULL DEFAULT '',
  class_code  text NOT NULL DEFAULT '',
  imported_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, list_code, edition, issn)
);
CREATE INDEX journal_core_mark_issn ON journal_core_mark (tenant_id, issn);

-- Views of a journal's page per day (journal_key: its ISSN, or r<record id> / e<title id> for one
-- without), counted once per visitor and day; journal_view_seen holds who was counted, today's and
-- yesterday's rows only (older ones are dropped as views come).
CREATE TABLE journal_view_daily (
  tenant_id    integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  journal_key  text NOT NULL,
  day          date NOT NULL,
  views        integer NOT NULL DEFAULT 0 CHECK (views >= 0),
  PRIMARY KEY (tenant_id, day, journal_key)
);
CREATE TABLE journal_view_seen (
  tenant_id    integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  journal_key  text NOT NULL,
  day          date NOT NULL,
  visitor      text NOT NULL,
  PRIMARY KEY (tenant_id, day, journal_key, visitor)
);
