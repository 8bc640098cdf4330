-- Readers' requests in OpenFind's own circulation (issue 27): a reservation of a record (the next
-- copy returned is held for the reader), or a retrieval from the closed stacks (entrust). A request
-- waits in its record's queue, becomes ready (a copy held at the pickup library until a date, with a
-- pickup code), and ends fulfilled (lent), cancelled or expired.
CREATE TABLE circ_request (
  id               bigserial PRIMARY KEY,
  tenant_id        integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  reader_id        integer NOT NULL REFERENCES reader(id) ON DELETE CASCADE,
  record_id        integer NOT NULL REFERENCES bib_record(record_id) ON DELETE CASCADE,
  request_type     text NOT NULL CHECK (request_type IN ('reserve', 'entrust')),
  status           text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'ready', 'fulfilled', 'cancelled', 'expired')),
  pickup_lib_code  text NOT NULL,
  -- The copy held for the reader once ready.
  barcode          text,
  contact_phone    text NOT NULL DEFAULT '',
  ready_until      date,
  pickup_code      text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
-- One open request per reader and record.
CREATE UNIQUE INDEX circ_request_open ON circ_request (tenant_id, reader_id, record_id) WHERE status IN ('waiting', 'ready');
-- A record's queue, first come first served (ids are given in turn, under the record's lock).
CREATE INDEX circ_request_queue ON circ_request (record_id, status, id);
CREATE INDEX circ_request_reader ON circ_request (reader_id, created_at DESC);

ALTER TABLE loan_policy
  ADD COLUMN max_requests   integer NOT NULL DEFAULT 5 CHECK (max_requests BETWEEN 0 AND 1000),
  ADD COLUMN hold_shelf_days integer NOT NULL DEFAULT 7 CHECK (hold_shelf_days BETWEEN 1 AND 365);
