-- Holds kept by a library's own circulation system, reached over SIP2 (issue 27): OpenFind's record
-- of them, for request ids that last (SIP2 names items, not holds), the title and record they are
-- for, where the reader asked to pick them up, and when they ended (a hold the system no longer
-- lists for the reader was fulfilled or lapsed there; one the reader cancelled here says so).
CREATE TABLE external_hold (
  id           bigserial PRIMARY KEY,
  tenant_id    integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  reader_id    integer NOT NULL REFERENCES reader(id) ON DELETE CASCADE,
  item_id      text NOT NULL CHECK (length(item_id) BETWEEN 1 AND 200),
  record_id    integer REFERENCES bib_record(record_id) ON DELETE SET NULL,
  title        text NOT NULL DEFAULT '',
  pickup_lib_code text NOT NULL DEFAULT '',
  -- Ready for pickup: the system listed it among the reader's available holds.
  available    boolean NOT NULL DEFAULT false,
  queue_position integer,
  placed_at    timestamptz NOT NULL DEFAULT now(),
  ended_at     timestamptz,
  ended_how    text CHECK (ended_how IN ('cancelled', 'gone'))
);
CREATE UNIQUE INDEX external_hold_open ON external_hold (tenant_id, reader_id, item_id) WHERE ended_at IS NULL;
CREATE INDEX external_hold_reader ON external_hold (reader_id, placed_at DESC);
