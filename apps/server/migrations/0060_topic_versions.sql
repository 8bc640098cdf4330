-- Topics edited in the staff console (issue 30): a save names the version it read and fails when a
-- colleague saved the topic since, as a special collection's save does (its updated_at). Readers'
-- views change view_count, not updated_at: a topic that is read while it is edited still saves.
ALTER TABLE book_topic ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
-- The console's list and the public one, in the library's order.
CREATE INDEX book_topic_order ON book_topic (tenant_id, seq, id);
