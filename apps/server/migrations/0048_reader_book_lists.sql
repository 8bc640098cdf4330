-- Readers' book lists (issue 29, My Library "Other personal-area content", /personalCenter/bookListDetails).
-- A reader's list: a title (1–50 characters), a description (up to 500), public or private, a cover
-- (the server's own re-encoding), a view count, and its records in the reader's order with a note
-- each (up to 200). A table of its own beside the library's `book_list` (staff-edited, translated
-- names, shown on the home page): the two differ in who edits them and what they carry, and the
-- staff screens and home lists stay as they were. Both take their ids from one sequence, so one
-- `bookListId` names a list of either kind (the list page, `recordHotBookList`).
CREATE TABLE reader_book_list (
  id           integer PRIMARY KEY DEFAULT nextval('book_list_id_seq'),
  tenant_id    integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  reader_id    integer NOT NULL REFERENCES reader(id) ON DELETE CASCADE,
  title        text NOT NULL CHECK (length(title) BETWEEN 1 AND 50),
  description  text NOT NULL DEFAULT '' CHECK (length(description) <= 500),
  is_public    boolean NOT NULL DEFAULT false,
  -- Views counted by recordHotBookList (once per visitor and day).
  view_count   integer NOT NULL DEFAULT 0,
  -- Records on the list (kept with them: the lists show it without counting).
  record_count integer NOT NULL DEFAULT 0 CHECK (record_count BETWEEN 0 AND 500),
  -- Raised by each change of the fields: a save names the version it was made from.
  version      integer NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
-- One title once per reader (a second "Summer reading" is a slip, not a wish).
CREATE UNIQUE INDEX reader_book_list_title ON reader_book_list (tenant_id, reader_id, lower(title));
-- The reader's lists, last changed first; the public lists, most viewed first.
CREATE INDEX reader_book_list_reader ON reader_book_list (tenant_id, reader_id, updated_at DESC, id DESC);
CREATE INDEX reader_book_list_public ON reader_book_list (tenant_id, view_count DESC, id DESC) WHERE is_public;

-- The records of a reader's list, in the reader's order (`seq`, unique within the list).
CREATE TABLE reader_book_list_record (
  list_id    integer NOT NULL REFERENCES reader_book_list(id) ON DELETE CASCADE,
  record_id  integer NOT NULL REFERENCES bib_record(record_id) ON DELETE CASCADE,
  tenant_id  integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  seq        integer NOT NULL,
  note       text NOT NULL DEFAULT '' CHECK (length(note) <= 200),
  added_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (list_id, record_id)
);
CREATE INDEX reader_book_list_record_seq ON reader_book_list_record (list_id, seq);
CREATE INDEX reader_book_list_record_record ON reader_book_list_record (record_id);

-- A list's cover: the server's re-encoding (a JPEG, no metadata) at a random address made anew by each upload.
CREATE TABLE reader_book_list_cover (
  list_id       integer PRIMARY KEY REFERENCES reader_book_list(id) ON DELETE CASCADE,
  tenant_id     integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  key           text NOT NULL UNIQUE CHECK (length(key) BETWEEN 20 AND 64),
  etag          text NOT NULL,
  content_type  text NOT NULL,
  bytes         bytea NOT NULL CHECK (octet_length(bytes) BETWEEN 1 AND 2097152),
  updated_at    timestamptz NOT NULL DEFAULT now()
);

-- Who viewed a list on a day (a reader, or a hash of an anonymous visitor's address and browser):
-- a view counts once per visitor and day. Rows of past days are dropped as new views come.
-- The list is of either kind (library or reader), hence no foreign key; deleting a list deletes its rows.
CREATE TABLE book_list_view (
  tenant_id     integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  book_list_id  integer NOT NULL,
  day           date NOT NULL,
  visitor       text NOT NULL CHECK (length(visitor) <= 64),
  PRIMARY KEY (book_list_id, day, visitor)
);
CREATE INDEX book_list_view_tenant ON book_list_view (tenant_id);
