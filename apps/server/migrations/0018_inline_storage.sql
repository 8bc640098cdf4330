-- Where a record's values are stored when its row is too large for a page's share (about 2 kB):
-- the kept MARC record goes out of line (0013), everything else stays in the row.
--
-- The text, list and JSON columns were EXTENDED, the default, and PostgreSQL's first pass over an
-- oversized row tries to compress the largest EXTENDED values before it moves an EXTERNAL one out:
-- a typical imported row, oversized only by its MARC record, had its notes, subjects and other
-- middling values run through the compressor first, in vain, before the MARC record went out of
-- line anyway — 5% of the database's time during an import. As MAIN they are left alone; they are
-- compressed (and moved out as a last resort) only if the row is still too large without the MARC
-- record. Nothing is rewritten: rows keep their form until they change.
DO $$
DECLARE
  col name;
BEGIN
  FOR col IN
    SELECT attname FROM pg_attribute
    WHERE attrelid = 'bib_record'::regclass AND attnum > 0 AND NOT attisdropped AND attstorage = 'x'
  LOOP
    EXECUTE format('ALTER TABLE bib_record ALTER COLUMN %I SET STORAGE MAIN', col);
  END LOOP;
END;
$$;
