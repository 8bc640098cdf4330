-- The reader's inbox (My Library key 13) and the library's notices: staff write a notice to every
-- reader of the institution (or of some reader types), and it is put in each one's inbox.

-- A library notice as written, once. Its copies in the inboxes name it (reader_inbox.notice_id)
-- instead of repeating its body, so a notice to thirty thousand readers is stored once.
-- `request_key` is the screen's key of one send: a second send with it (a double click, a retry
-- after a lost answer) finds this notice instead of sending again. `recipients` is how many
-- inboxes it was put in when sent.
CREATE TABLE library_notice (
  id            bigserial PRIMARY KEY,
  tenant_id     integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  request_key   text NOT NULL,
  subject       text NOT NULL CHECK (length(subject) BETWEEN 1 AND 200),
  body          text NOT NULL,
  body_format   text NOT NULL DEFAULT 'text' CHECK (body_format IN ('text', 'html')),
  reader_types  text[] NOT NULL DEFAULT '{}',   -- empty: every reader of the institution
  status        text NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'withdrawn')),
  recipients    integer NOT NULL DEFAULT 0,
  staff_id      integer REFERENCES staff_account(id) ON DELETE SET NULL,
  sent_by       text NOT NULL DEFAULT '',       -- the staff account's name, kept when the account goes
  created_at    timestamptz NOT NULL DEFAULT now(),
  withdrawn_at  timestamptz
);
CREATE UNIQUE INDEX library_notice_request ON library_notice (tenant_id, request_key);
CREATE INDEX library_notice_tenant_created ON library_notice (tenant_id, created_at DESC, id DESC);

-- A message the reader deleted is kept, marked (`deleted_at`), not shown: a notice's read count
-- does not fall when its readers tidy their inbox, and a delete is one guarded UPDATE (nothing
-- half-deleted). A withdrawn notice's unread copies are removed outright (never seen).
ALTER TABLE reader_inbox ADD COLUMN deleted_at timestamptz;
-- The notice a message is a copy of (its subject and body are the notice's); one copy per reader.
ALTER TABLE reader_inbox ADD COLUMN notice_id bigint REFERENCES library_notice(id) ON DELETE CASCADE;
CREATE UNIQUE INDEX reader_inbox_notice_reader ON reader_inbox (notice_id, reader_id) WHERE notice_id IS NOT NULL;

-- The inbox's list and the header's unread count: a reader's messages of the inbox channel not deleted.
CREATE INDEX reader_inbox_shown ON reader_inbox (tenant_id, reader_id, id DESC)
  WHERE channel = 'inbox' AND deleted_at IS NULL;
