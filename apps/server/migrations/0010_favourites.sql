-- Readers' favourites (add to favourites from results and record pages). Folders come with
-- My Library; until then every favourite is in the reader's default folder (folder_id NULL).
CREATE TABLE favourite (
  id          bigserial PRIMARY KEY,
  tenant_id   integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  reader_id   integer NOT NULL REFERENCES reader(id) ON DELETE CASCADE,
  record_id   integer NOT NULL REFERENCES bib_record(record_id) ON DELETE CASCADE,
  folder_id   bigint,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (reader_id, record_id)
);
CREATE INDEX favourite_reader_newest ON favourite (reader_id, created_at DESC, id DESC);
CREATE INDEX favourite_record ON favourite (record_id);
