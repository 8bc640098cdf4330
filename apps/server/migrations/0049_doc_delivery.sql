-- Document delivery (issue 29, My Library key 19; spec §3 "Document delivery form", §6). An
-- institution names a third-party delivery service: its login page (the entry shows only when one is
-- set) and where the library's request form is sent. A reader's request is kept here first, then sent;
-- a try that fails is tried again later (next_attempt_at), so nothing a reader asked for is lost when
-- the service is down.
CREATE TABLE doc_delivery_setting (
  tenant_id    integer PRIMARY KEY REFERENCES tenant(id) ON DELETE CASCADE,
  enabled      boolean NOT NULL DEFAULT true,
  login_url    text NOT NULL DEFAULT '' CHECK (length(login_url) <= 500),
  service_url  text NOT NULL DEFAULT '' CHECK (length(service_url) <= 500),
  -- Signs the reader's login link and every request sent (HMAC-SHA256); '' = unsigned.
  secret       text NOT NULL DEFAULT '' CHECK (length(secret) <= 200),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  updated_by   text
);

CREATE TABLE doc_delivery_request (
  id               serial PRIMARY KEY,
  tenant_id        integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  reader_id        integer NOT NULL REFERENCES reader(id) ON DELETE CASCADE,
  publication_name text NOT NULL DEFAULT '' CHECK (length(publication_name) <= 200),
  article_title    text NOT NULL DEFAULT '' CHECK (length(article_title) <= 300),
  author           text NOT NULL DEFAULT '' CHECK (length(author) <= 200),
  volume_issue     text NOT NULL DEFAULT '' CHECK (length(volume_issue) <= 50),
  edition          text NOT NULL DEFAULT '' CHECK (length(edition) <= 50),
  place            text NOT NULL DEFAULT '' CHECK (length(place) <= 100),
  publisher        text NOT NULL DEFAULT '' CHECK (length(publisher) <= 200),
  year             text NOT NULL DEFAULT '' CHECK (year = '' OR year ~ '^[0-9]{4}$'),
  issn             text NOT NULL DEFAULT '' CHECK (issn = '' OR issn ~ '^[0-9]{4}-[0-9]{3}[0-9X]$'),
  isbn             text NOT NULL DEFAULT '' CHECK (isbn = '' OR isbn ~ '^97[89][0-9]{10}$'),
  pages            text NOT NULL DEFAULT '' CHECK (length(pages) <= 50),
  doi              text NOT NULL DEFAULT '' CHECK (length(doi) <= 200),
  remarks          text NOT NULL DEFAULT '' CHECK (length(remarks) <= 500),
  CHECK (publication_name <> '' OR article_title <> ''),
  status           text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed', 'cancelled')),
  -- The service's number for the request, once it took it.
  remote_id        text,
  attempts         integer NOT NULL DEFAULT 0,
  last_error       text NOT NULL DEFAULT '',
  -- When a queued request is next tried; a sender claims one by moving this on (two never send one at once).
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  -- The form's token of one submission: the same form sent twice (a double click) is kept once.
  submit_key       text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  sent_at          timestamptz,
  updated_at       timestamptz NOT NULL DEFAULT now()
);
-- The reader's own, newest first (and today's count for the limit); the staff list by state.
CREATE INDEX doc_delivery_reader ON doc_delivery_request (tenant_id, reader_id, created_at DESC);
CREATE INDEX doc_delivery_status ON doc_delivery_request (tenant_id, status, created_at DESC);
-- The queue of what is to be sent, across institutions.
CREATE INDEX doc_delivery_due ON doc_delivery_request (next_attempt_at) WHERE status = 'queued';
CREATE UNIQUE INDEX doc_delivery_submit ON doc_delivery_request (tenant_id, reader_id, submit_key)
  WHERE submit_key IS NOT NULL;
