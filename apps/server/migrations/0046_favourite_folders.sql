-- Favourite folders and e-favourites (issue 29, My Library key 2, /myFav). Every reader who keeps
-- favourites gets a default folder, and every favourite kept before this migration moves into it:
-- nothing is lost. A record stays in one folder of its reader (the UNIQUE (reader_id, record_id)
-- of 0010), and a folder holds a record once (UNIQUE (folder_id, record_id)); a favourite's folder
-- is one of its own reader's (the foreign key names the reader too).
CREATE TABLE favourite_folder (
  id          bigserial PRIMARY KEY,
  tenant_id   integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  reader_id   integer NOT NULL REFERENCES reader(id) ON DELETE CASCADE,
  name        text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 1 AND 50),
  is_default  boolean NOT NULL DEFAULT false,
  sort        integer NOT NULL DEFAULT 0,
  version     integer NOT NULL DEFAULT 1,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (id, reader_id)
);
-- One default folder per reader; names unique per reader, case aside.
CREATE UNIQUE INDEX favourite_folder_default ON favourite_folder (reader_id) WHERE is_default;
CREATE UNIQUE INDEX favourite_folder_name ON favourite_folder (reader_id, lower(name));

INSERT INTO favourite_folder (tenant_id, reader_id, name, is_default, created_at)
SELECT f.tenant_id, f.reader_id, '默认收藏夹', true, min(f.created_at)
FROM favourite f
GROUP BY f.tenant_id, f.reader_id;

UPDATE favourite f SET folder_id = d.id
FROM favourite_folder d
WHERE d.reader_id = f.reader_id AND d.is_default;

ALTER TABLE favourite ALTER COLUMN folder_id SET NOT NULL;
ALTER TABLE favourite
  ADD CONSTRAINT favourite_in_own_folder FOREIGN KEY (folder_id, reader_id)
  REFERENCES favourite_folder (id, reader_id);
ALTER TABLE favourite ADD CONSTRAINT favourite_folder_record UNIQUE (folder_id, record_id);
-- A folder's page, newest first.
CREATE INDEX favourite_folder_newest ON favourite (folder_id, created_at DESC, id DESC);

-- Electronic resources (the institution's databases, e_collection) a reader keeps.
CREATE TABLE e_favourite (
  id             bigserial PRIMARY KEY,
  tenant_id      integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  reader_id      integer NOT NULL REFERENCES reader(id) ON DELETE CASCADE,
  collection_id  integer NOT NULL REFERENCES e_collection(id) ON DELETE CASCADE,
  created_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (reader_id, collection_id)
);
CREATE INDEX e_favourite_reader_newest ON e_favourite (reader_id, created_at DESC, id DESC);
CREATE INDEX e_favourite_collection ON e_favourite (collection_id);
