-- Special collections, special libraries (特色库) and topics (issue 30: /collectionNav,
-- /specialBaseNav, /specialBaseDetail/{id}/{twoId}, /specialNav, /find/dPackage/*, /find/bookTopic/*).
-- `special_package` holds both kinds a library curates: a special collection (民国文献, 古籍, 地方文献,
-- 校友文库: kind 'collection') and a special library (kind 'base'), whose child bases name a parent
-- of the same institution and kind, one level deep. Names in three languages, a description, a cover
-- address, an order and a hidden flag (staff prepare a package before readers see it).
-- A package's records are those listed in `special_package_record` (by record id; the CSV loader
-- `openfind collections import` fills it from ISBNs or control numbers) and, when a rule is set,
-- every record whose call number or CLC class starts with `rule_value` or whose subjects hold it:
-- what libraries do for "everything shelved under K29" without listing each record.
CREATE TABLE special_package (
  id           serial PRIMARY KEY,
  tenant_id    integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  kind         text NOT NULL CHECK (kind IN ('collection', 'base')),
  -- The library's own code of the package (the CSV's first column), unique per institution.
  code         text NOT NULL CHECK (length(code) BETWEEN 1 AND 40),
  parent_id    integer REFERENCES special_package(id) ON DELETE CASCADE,
  name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  name_tw      text NOT NULL DEFAULT '' CHECK (length(name_tw) <= 100),
  name_en      text NOT NULL DEFAULT '' CHECK (length(name_en) <= 100),
  description    text NOT NULL DEFAULT '' CHECK (length(description) <= 4000),
  description_tw text NOT NULL DEFAULT '' CHECK (length(description_tw) <= 4000),
  description_en text NOT NULL DEFAULT '' CHECK (length(description_en) <= 4000),
  cover_url    text NOT NULL DEFAULT '' CHECK (length(cover_url) <= 500),
  rule_kind    text CHECK (rule_kind IN ('callPrefix', 'classPrefix', 'subject')),
  rule_value   text NOT NULL DEFAULT '' CHECK (length(rule_value) <= 100),
  seq          integer NOT NULL DEFAULT 0,
  hidden       boolean NOT NULL DEFAULT false,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, code)
);
CREATE INDEX special_package_list ON special_package (tenant_id, kind, parent_id, seq, id);

-- Records listed in a package, in the library's order.
CREATE TABLE special_package_record (
  package_id integer NOT NULL REFERENCES special_package(id) ON DELETE CASCADE,
  record_id  integer NOT NULL REFERENCES bib_record(record_id) ON DELETE CASCADE,
  tenant_id  integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  seq        integer NOT NULL DEFAULT 0,
  PRIMARY KEY (package_id, record_id)
);
CREATE INDEX special_package_record_record ON special_package_record (record_id);

-- Topics (专题, /specialNav/{id}, the home page's hot topics): a title, a description and either a
-- saved search (the words a reader would type) or a list of records; hot by views.
CREATE TABLE book_topic (
  id           serial PRIMARY KEY,
  tenant_id    integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  title        text NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
  title_tw     text NOT NULL DEFAULT '' CHECK (length(title_tw) <= 100),
  title_en     text NOT NULL DEFAULT '' CHECK (length(title_en) <= 100),
  description    text NOT NULL DEFAULT '' CHECK (length(description) <= 2000),
  description_tw text NOT NULL DEFAULT '' CHECK (length(description_tw) <= 2000),
  description_en text NOT NULL DEFAULT '' CHECK (length(description_en) <= 2000),
  -- The saved search ('' for a topic of listed records).
  search_words text NOT NULL DEFAULT '' CHECK (length(search_words) <= 200),
  cover_url    text NOT NULL DEFAULT '' CHECK (length(cover_url) <= 500),
  view_count   integer NOT NULL DEFAULT 0,
  seq          integer NOT NULL DEFAULT 0,
  hidden       boolean NOT NULL DEFAULT false,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX book_topic_hot ON book_topic (tenant_id, view_count DESC, id DESC) WHERE NOT hidden;

CREATE TABLE book_topic_record (
  topic_id  integer NOT NULL REFERENCES book_topic(id) ON DELETE CASCADE,
  record_id integer NOT NULL REFERENCES bib_record(record_id) ON DELETE CASCADE,
  tenant_id integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  seq       integer NOT NULL DEFAULT 0,
  PRIMARY KEY (topic_id, record_id)
);
CREATE INDEX book_topic_record_record ON book_topic_record (record_id);
