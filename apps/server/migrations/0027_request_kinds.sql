-- Two more kinds of request (issue 27): home delivery (a web loan: the copy is lent and sent to one
-- of the reader's addresses, and the reader confirms receipt) and re-lend (转借: a reader asks for a
-- record all of whose copies are lent; a reader who has it agrees and passes it on, and the loan
-- moves to the asker). A delivery keeps a copy of the address as it was when placed (the reader may
-- change or delete the address later), and its logistics (tracking number, sent, received).
ALTER TABLE circ_request DROP CONSTRAINT circ_request_request_type_check;
ALTER TABLE circ_request ADD CONSTRAINT circ_request_request_type_check
  CHECK (request_type IN ('reserve', 'entrust', 'delivery', 'relend'));
-- 'shipped': a delivery sent (lent to the reader, in logistics) until the reader confirms receipt;
-- 'declined': a re-lend ask that the reader who has the copy turned down.
ALTER TABLE circ_request DROP CONSTRAINT circ_request_status_check;
ALTER TABLE circ_request ADD CONSTRAINT circ_request_status_check
  CHECK (status IN ('waiting', 'ready', 'shipped', 'fulfilled', 'cancelled', 'expired', 'handedOver', 'declined'));

ALTER TABLE circ_request
  ADD COLUMN delivery_recipient text,
  ADD COLUMN delivery_phone     text,
  ADD COLUMN delivery_address   text,
  ADD COLUMN delivery_postcode  text,
  ADD COLUMN tracking_no        text,
  ADD COLUMN shipped_at         timestamptz,
  ADD COLUMN received_at        timestamptz,
  -- Re-lend: the reader who agreed to pass their copy (barcode) on.
  ADD COLUMN holder_reader_id   integer REFERENCES reader(id) ON DELETE SET NULL,
  ADD CONSTRAINT circ_request_delivery_address CHECK (request_type <> 'delivery' OR delivery_address IS NOT NULL);
-- A delivery in logistics, for the staff's list of parcels on their way.
CREATE INDEX circ_request_shipped ON circ_request (tenant_id, shipped_at) WHERE status = 'shipped';
-- Re-lend asks a reader who has the copy is asked to answer.
CREATE INDEX circ_request_holder ON circ_request (tenant_id, holder_reader_id) WHERE holder_reader_id IS NOT NULL;
