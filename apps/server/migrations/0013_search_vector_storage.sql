-- Where a record's large values are stored, for the cost of ranking.
--
-- A search by a common word ranks every record it matches, and ranking reads each record's search
-- vector. PostgreSQL shrinks rows over about 2 kB by compressing their largest values first, and the
-- search vector (about 0.8 kB) and the kept MARC record (about 1 kB) were both compressed: ranking
-- then decompressed a vector per matching record, most of the time of such a search.
--
-- Now the MARC record, read only by the record page, goes out of line uncompressed when a row is
-- too large (EXTERNAL), and the search vector stays in the row uncompressed (MAIN; it is compressed
-- only if the row is still too large without the MARC record). Measured on 100,000 demo records in
-- the embedded database, with the sort change of the same commit: ranking the 12,714 matches of 管理
-- from 78 to about 37 ms; the table grows
-- from 297 to 346 MB, as the MARC records are no longer compressed (which also spares an import
-- the compressing).
ALTER TABLE bib_record ALTER COLUMN search_vector SET STORAGE MAIN;
ALTER TABLE bib_record ALTER COLUMN marc SET STORAGE EXTERNAL;

-- Rows written before keep their compressed values until rewritten: rewrite them once. (Appending
-- nothing builds new, uncompressed values; updated_at is left as it was, the record has not changed.)
UPDATE bib_record SET search_vector = search_vector || ''::tsvector, marc = marc || '';

-- The rewrite leaves a dead version of every row: the embedded database's housekeeping (which has
-- no autovacuum) vacuums at the next start when it finds no record of its last run.
DELETE FROM search_maintenance;
