-- Indexes a large import left out while it wrote, to be built again in one pass when it ends.
--
-- Keeping a full-text GIN index up to date costs an import about a quarter of its time in the
-- embedded database; building it once over the whole table costs a fraction of that. A large import
-- into a catalogue smaller than itself drops the costliest indexes first and records here how to
-- build them again (their definitions as the database gives them). Whatever opens the database next
-- builds any index still recorded here: an import killed halfway leaves no index missing for long.
CREATE TABLE deferred_index (
  name        text PRIMARY KEY,
  definition  text NOT NULL,
  deferred_at timestamptz NOT NULL DEFAULT now()
);
