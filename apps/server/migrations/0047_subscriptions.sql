-- Subscriptions and alerts (issue 29, My Library key 3): a reader follows a search, a class number
-- or a journal; the subscription job sends a digest of the records added since the last one, daily
-- or weekly, to the inbox and/or by e-mail.

-- `query` is the search request the job runs (a class number and a journal are searches of their
-- scope); `query_key` its normalised text, unique per reader so the same search is followed once.
-- Each channel has its own watermark (`inbox_up_to`, `mail_up_to`): the record creation time up to
-- which its digests were delivered. The inbox's advances in the transaction that writes the message,
-- the mail's only once the mail server took the mail, so a failed mail is sent again, whole, by the
-- next run and nothing is lost. Watermarks are whole milliseconds (as the job's clock and the
-- driver's dates are). `version` is raised by every change the reader makes.
CREATE TABLE subscription (
  id            bigserial PRIMARY KEY,
  tenant_id     integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  reader_id     integer NOT NULL REFERENCES reader(id) ON DELETE CASCADE,
  kind          text NOT NULL CHECK (kind IN ('search', 'class', 'journal')),
  title         text NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
  query_text    text NOT NULL,
  query         text NOT NULL,
  query_key     text NOT NULL,
  frequency     text NOT NULL CHECK (frequency IN ('daily', 'weekly')),
  by_email      boolean NOT NULL DEFAULT false,
  by_inbox      boolean NOT NULL DEFAULT true,
  paused        boolean NOT NULL DEFAULT false,
  -- The language the reader subscribed in (their reminder language wins when they have one), and the
  -- portal's address as they used it (links of the digest, the feed and the unsubscribe page).
  lang          text NOT NULL DEFAULT 'zh-CN' CHECK (lang IN ('zh-CN', 'zh-TW', 'en-US')),
  site_url      text NOT NULL DEFAULT '',
  inbox_up_to   timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  mail_up_to    timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  last_sent_at  timestamptz,
  last_count    integer NOT NULL DEFAULT 0,
  mail_attempts integer NOT NULL DEFAULT 0,
  mail_error    text,
  version       integer NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CHECK (by_email OR by_inbox)
);
CREATE UNIQUE INDEX subscription_reader_query ON subscription (tenant_id, reader_id, query_key);
CREATE INDEX subscription_reader ON subscription (tenant_id, reader_id, id DESC);
CREATE INDEX subscription_active ON subscription (tenant_id, reader_id) WHERE NOT paused;

-- The records added to a catalogue after a time: what the job's searches are narrowed to.
CREATE INDEX bib_record_tenant_created ON bib_record (tenant_id, created_at);
