-- Readers' problem feedback and e-questions (issue 29, My Library key 12; the console's queue
-- /admin/feedback). A reader reports a problem (a category, at most 300 characters, optionally about a
-- record, optionally a contact) or asks the library a question (a subject, at most 1000 characters);
-- staff reply, each reply a row of the thread the reader reads, and close; the reader may close it too.
CREATE TABLE feedback (
  id             serial PRIMARY KEY,
  tenant_id      integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  reader_id      integer NOT NULL REFERENCES reader(id) ON DELETE CASCADE,
  kind           text NOT NULL CHECK (kind IN ('feedback', 'question')),
  -- Problem feedback's category; '' for a question.
  category       text NOT NULL DEFAULT ''
                   CHECK ((kind = 'feedback' AND category IN ('catalogue', 'website', 'service', 'other'))
                          OR (kind = 'question' AND category = '')),
  -- A question's subject; '' for feedback.
  subject        text NOT NULL DEFAULT '' CHECK (length(subject) <= 100 AND (kind = 'feedback' OR subject <> '')),
  -- Feedback at most 300 characters (spec §5), a question 1000.
  content        text NOT NULL
                   CHECK (length(content) BETWEEN 1 AND 1000 AND (kind = 'question' OR length(content) <= 300)),
  contact        text NOT NULL DEFAULT '' CHECK (length(contact) <= 100),
  -- The record the feedback is about (sent from its page); not a foreign key: a record re-imported or
  -- deleted leaves the feedback as it was.
  record_id      integer,
  status         text NOT NULL DEFAULT 'submitted' CHECK (status IN ('submitted', 'replied', 'closed')),
  -- Raised by each change: a change names the version it was made from (another tab's is refused).
  version        integer NOT NULL DEFAULT 0,
  -- The form's token of one submission: the same message sent twice (a double click) is made once.
  submit_key     text CHECK (length(submit_key) <= 64),
  handled_by     text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  -- The library's first reply (the e-questions' replied / unreplied lists).
  replied_at     timestamptz,
  closed_at      timestamptz,
  closed_by      text CHECK (closed_by IN ('reader', 'staff')),
  CHECK ((status = 'closed') = (closed_at IS NOT NULL))
);
CREATE UNIQUE INDEX feedback_submit_key ON feedback (tenant_id, reader_id, submit_key) WHERE submit_key IS NOT NULL;
-- A reader's own by kind, newest first (and today's count for the daily limit); the staff queue by state.
CREATE INDEX feedback_reader ON feedback (tenant_id, reader_id, kind, id DESC);
CREATE INDEX feedback_reader_day ON feedback (tenant_id, reader_id, created_at);
CREATE INDEX feedback_status ON feedback (tenant_id, status, id);

-- The thread of a message: the library's replies, oldest first.
CREATE TABLE feedback_reply (
  id           serial PRIMARY KEY,
  feedback_id  integer NOT NULL REFERENCES feedback(id) ON DELETE CASCADE,
  tenant_id    integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  body         text NOT NULL CHECK (length(body) BETWEEN 1 AND 1000),
  -- The staff account that wrote it (shown to staff; the reader reads "the library").
  staff_name   text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feedback_reply_feedback ON feedback_reply (tenant_id, feedback_id, id);

-- An institution's feedback settings (no row: ten messages a reader a day).
CREATE TABLE feedback_setting (
  tenant_id    integer PRIMARY KEY REFERENCES tenant(id) ON DELETE CASCADE,
  daily_limit  integer NOT NULL DEFAULT 10 CHECK (daily_limit BETWEEN 0 AND 100),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
