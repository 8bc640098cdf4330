-- The records still waiting for their author sort key (see 0005): an index that is empty once the
-- start-up backfill has run, so that the check at every start costs nothing on a large catalogue.
CREATE INDEX bib_record_author_sort_pending ON bib_record (record_id) WHERE author_sort IS NULL;
