-- Readers' resource recommendations, or purchase suggestions (issue 29, My Library key 6 and
-- /personalCenter/freeOrder; the staff queue of issue 28). A reader suggests a book by ISBN, or a
-- journal or e-resource with the spec's extra fields; staff move it through the behaviour states
-- (processing, ordered, shelved, processed with a reply, unsubscribed); the reader cancels it while it
-- is unprocessed.
CREATE TABLE recommendation (
  id             serial PRIMARY KEY,
  tenant_id      integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  reader_id      integer NOT NULL REFERENCES reader(id) ON DELETE CASCADE,
  kind           text NOT NULL CHECK (kind IN ('book', 'journal', 'eresource')),
  title          text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  -- A book's ISBN as 13 digits (checked); '' for a journal or e-resource without one.
  isbn           text NOT NULL DEFAULT '' CHECK (isbn = '' OR isbn ~ '^97[89][0-9]{10}$'),
  author         text NOT NULL DEFAULT '' CHECK (length(author) <= 100),
  publisher      text NOT NULL DEFAULT '' CHECK (length(publisher) <= 100),
  publish_year   text NOT NULL DEFAULT '' CHECK (length(publish_year) <= 20),
  price          text NOT NULL DEFAULT '' CHECK (length(price) <= 20),
  reason         text NOT NULL DEFAULT '' CHECK (length(reason) <= 20),
  note           text NOT NULL DEFAULT '' CHECK (length(note) <= 500),
  language       text NOT NULL DEFAULT '' CHECK (language IN ('', 'chinese', 'western')),
  frequency      text NOT NULL DEFAULT '' CHECK (length(frequency) <= 50),
  resource_name  text NOT NULL DEFAULT '' CHECK (length(resource_name) <= 200),
  subject        text NOT NULL DEFAULT '' CHECK (length(subject) <= 100),
  doc_types      text NOT NULL DEFAULT '' CHECK (length(doc_types) <= 200),
  url            text NOT NULL DEFAULT '' CHECK (length(url) <= 500),
  -- What the same suggestion is: the ISBN, else the kind and the folded title (an open one of the
  -- reader's with the same key refuses another).
  match_key      text NOT NULL,
  status         text NOT NULL DEFAULT 'unprocessed'
                   CHECK (status IN ('unprocessed', 'processing', 'processed', 'ordered', 'unsubscribed',
                                     'shelved', 'cancelled')),
  reply          text NOT NULL DEFAULT '' CHECK (length(reply) <= 500),
  -- The record it led to, named by staff when shelved.
  record_id      integer,
  -- Raised by each change: a change names the version it was read at (another tab's is refused).
  version        integer NOT NULL DEFAULT 0,
  decided_by     text,
  decided_at     timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
-- A reader's own, newest first (and today's count for the quota); the staff queue by state.
CREATE INDEX recommendation_reader ON recommendation (tenant_id, reader_id, created_at DESC);
CREATE INDEX recommendation_status ON recommendation (tenant_id, status, created_at);
-- The same suggestion open twice for one reader: refused by the service, and by this index when two race.
CREATE UNIQUE INDEX recommendation_open ON recommendation (tenant_id, reader_id, match_key)
  WHERE status IN ('unprocessed', 'processing', 'ordered');

-- An institution's recommendation settings (no row: it takes them, five a reader a day).
CREATE TABLE recommendation_setting (
  tenant_id    integer PRIMARY KEY REFERENCES tenant(id) ON DELETE CASCADE,
  allow        boolean NOT NULL DEFAULT true,
  daily_quota  integer NOT NULL DEFAULT 5 CHECK (daily_quota BETWEEN 0 AND 100),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
