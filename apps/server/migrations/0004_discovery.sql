-- Discovery: circulation history behind the hot-loan lists and loan charts, ratings and comments
-- with moderation, record views, electronic collections (hot / new / trial), book lists, donation
-- news and record attachments.

-- One row per loan of a copy. Copies are identified by barcode: items are rewritten when their
-- record is re-imported, so their ids do not last. reader_id refers to the reader of the accounts
-- feature (no foreign key until that table exists); NULL for loans imported without a reader.
CREATE TABLE loan_event (
  id           bigserial PRIMARY KEY,
  tenant_id    integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  record_id    integer NOT NULL REFERENCES bib_record(record_id) ON DELETE CASCADE,
  barcode      text,
  lib_code     text,
  reader_id    integer,
  loan_date    date NOT NULL,
  due_date     date,
  return_date  date,              -- NULL while on loan
  CHECK (return_date IS NULL OR return_date >= loan_date)
);
CREATE INDEX loan_event_tenant_date ON loan_event (tenant_id, loan_date);
CREATE INDEX loan_event_record_date ON loan_event (record_id, loan_date);

-- Ratings: one per reader and record; a later rating replaces the earlier one.
CREATE TABLE record_rating (
  tenant_id   integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  record_id   integer NOT NULL REFERENCES bib_record(record_id) ON DELETE CASCADE,
  reader_id   integer NOT NULL,
  score       smallint NOT NULL CHECK (score BETWEEN 1 AND 5),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (record_id, reader_id)
);
CREATE INDEX record_rating_tenant ON record_rating (tenant_id, record_id);

-- Comments wait for staff: only approved ones are listed.
CREATE TABLE record_comment (
  id            bigserial PRIMARY KEY,
  tenant_id     integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  record_id     integer NOT NULL REFERENCES bib_record(record_id) ON DELETE CASCADE,
  reader_id     integer NOT NULL,
  reader_name   text NOT NULL DEFAULT '',   -- the name shown (masked when listed)
  content       text NOT NULL CHECK (length(content) BETWEEN 1 AND 1000),
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  moderated_at  timestamptz,
  moderated_by  text
);
CREATE INDEX record_comment_listed ON record_comment (record_id, status, created_at DESC);
CREATE INDEX record_comment_queue ON record_comment (tenant_id, status, created_at);

-- Detail-page views per record.
CREATE TABLE record_view (
  record_id       integer PRIMARY KEY REFERENCES bib_record(record_id) ON DELETE CASCADE,
  tenant_id       integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  view_count      integer NOT NULL DEFAULT 0,
  last_viewed_at  timestamptz NOT NULL DEFAULT now()
);

-- Files attached to a record: tables of contents, covers, previews.
CREATE TABLE record_attachment (
  id         serial PRIMARY KEY,
  tenant_id  integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  record_id  integer NOT NULL REFERENCES bib_record(record_id) ON DELETE CASCADE,
  name       text NOT NULL,
  url        text NOT NULL,
  kind       text NOT NULL DEFAULT 'other' CHECK (kind IN ('toc', 'cover', 'preview', 'other')),
  size       bigint,
  seq        integer NOT NULL DEFAULT 0
);
CREATE INDEX record_attachment_record ON record_attachment (record_id, seq);

-- Electronic collections (databases). Hot: most visited; new: added recently; trial: a trial
-- period that has not ended.
CREATE TABLE e_collection (
  id              serial PRIMARY KEY,
  tenant_id       integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  name            text NOT NULL,
  name_en         text NOT NULL DEFAULT '',
  name_tw         text NOT NULL DEFAULT '',
  description     text NOT NULL DEFAULT '',
  description_en  text NOT NULL DEFAULT '',
  url             text NOT NULL,
  image_url       text,
  subjects        text[] NOT NULL DEFAULT '{}',   -- discipline codes (discode1)
  added_on        date NOT NULL DEFAULT current_date,
  trial_until     date,                           -- set for a trial
  visit_count     integer NOT NULL DEFAULT 0,     -- visits in the last 30 days
  hidden          boolean NOT NULL DEFAULT false,
  seq             integer NOT NULL DEFAULT 0,
  UNIQUE (tenant_id, name)
);

-- Book lists (reading lists) and their records.
CREATE TABLE book_list (
  id              serial PRIMARY KEY,
  tenant_id       integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  name            text NOT NULL,
  name_en         text NOT NULL DEFAULT '',
  name_tw         text NOT NULL DEFAULT '',
  description     text NOT NULL DEFAULT '',
  description_en  text NOT NULL DEFAULT '',
  image_url       text,
  view_count      integer NOT NULL DEFAULT 0,   -- views in the last 90 days
  published       boolean NOT NULL DEFAULT true,
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, name)
);
CREATE TABLE book_list_record (
  book_list_id  integer NOT NULL REFERENCES book_list(id) ON DELETE CASCADE,
  record_id     integer NOT NULL REFERENCES bib_record(record_id) ON DELETE CASCADE,
  seq           integer NOT NULL DEFAULT 0,
  note          text NOT NULL DEFAULT '',
  PRIMARY KEY (book_list_id, record_id)
);

-- Donation news.
CREATE TABLE donate_news (
  id            serial PRIMARY KEY,
  tenant_id     integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  title         text NOT NULL,
  title_en      text NOT NULL DEFAULT '',
  content       text NOT NULL DEFAULT '',
  content_en    text NOT NULL DEFAULT '',
  donor_name    text NOT NULL DEFAULT '',
  copies        integer NOT NULL DEFAULT 0,
  remark        text NOT NULL DEFAULT '',
  published_on  date NOT NULL DEFAULT current_date,
  published     boolean NOT NULL DEFAULT true
);
CREATE INDEX donate_news_tenant ON donate_news (tenant_id, published_on DESC);
