-- A reader's personal information (My Library key 1; spec §3 "Personal info"): what the library
-- records beside the account (position, grade, class, the certificate and its number, deposit and
-- prepayment in fen), two circulation preferences the reader sets, and the avatar the reader uploads.

ALTER TABLE reader
  ADD COLUMN position          text NOT NULL DEFAULT '' CHECK (length(position) <= 100),
  ADD COLUMN grade             text NOT NULL DEFAULT '' CHECK (length(grade) <= 50),
  ADD COLUMN class_name        text NOT NULL DEFAULT '' CHECK (length(class_name) <= 100),
  -- resident: the 18-character resident identity number (GB 11643); passport; hkmo / tw: the
  -- mainland travel permits of Hong Kong and Macao, and of Taiwan residents; other.
  ADD COLUMN id_type           text NOT NULL DEFAULT 'resident'
                                 CHECK (id_type IN ('resident', 'passport', 'hkmo', 'tw', 'other')),
  ADD COLUMN id_number         text NOT NULL DEFAULT '' CHECK (length(id_number) <= 30),
  ADD COLUMN deposit_cents     integer NOT NULL DEFAULT 0 CHECK (deposit_cents >= 0),
  ADD COLUMN prepayment_cents  integer NOT NULL DEFAULT 0 CHECK (prepayment_cents >= 0),
  -- Takes part in transfer lending (a loan may pass to another reader directly).
  ADD COLUMN transfer_lending  boolean NOT NULL DEFAULT false,
  -- Borrowing and returning ask for the reader's password.
  ADD COLUMN borrow_password   boolean NOT NULL DEFAULT false;

-- The avatar a reader uploaded: the server's own re-encoding (a square JPEG without metadata), one
-- per reader. `url_key` is random and new with each upload: the image's address, unguessable and
-- never reused, so that the image behind an address never changes and may be cached for long.
CREATE TABLE reader_avatar (
  reader_id     integer PRIMARY KEY REFERENCES reader(id) ON DELETE CASCADE,
  tenant_id     integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  url_key       text NOT NULL CHECK (length(url_key) BETWEEN 20 AND 64),
  -- Uploads so far (the first is 1).
  version       integer NOT NULL DEFAULT 1,
  etag          text NOT NULL,
  content_type  text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/webp', 'image/png')),
  width         integer NOT NULL,
  height        integer NOT NULL,
  image         bytea NOT NULL CHECK (octet_length(image) BETWEEN 1 AND 1048576),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX reader_avatar_key ON reader_avatar (tenant_id, url_key);
