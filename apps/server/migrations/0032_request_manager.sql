-- The staff console's request manager (issue 28): where a held copy is on its way to the reader. A
-- ready request's copy is to be fetched from the stacks ('pick': held from the open shelf when the
-- request was placed), in staff's hands ('retrieved': taken from the shelf, or returned at the desk
-- and held for the next reader), or on the hold shelf ('shelved': the reader was told, with the
-- pickup code and the last day). An expired hold whose copy sat on the hold shelf stays listed until
-- staff pass the copy on to the next reader or put it back on the shelf (`cleared_at`). A request
-- staff cancel keeps the reason the reader was told.
ALTER TABLE circ_request
  ADD COLUMN hold_stage    text CHECK (hold_stage IN ('pick', 'retrieved', 'shelved')),
  ADD COLUMN retrieved_at  timestamptz,
  ADD COLUMN shelved_at    timestamptz,
  ADD COLUMN cleared_at    timestamptz,
  ADD COLUMN cancel_reason text;

-- Requests ready before this migration: a delivery's copy is still to be picked; a pickup's was put
-- on the hold shelf by the desk as before (the reader had the pickup code already).
UPDATE circ_request SET hold_stage = CASE WHEN request_type = 'delivery' THEN 'pick' ELSE 'shelved' END
WHERE status = 'ready' AND barcode IS NOT NULL AND request_type <> 'relend';

-- The staff list, newest first per institution, and the copies to pick or on the hold shelf.
CREATE INDEX circ_request_tenant_created ON circ_request (tenant_id, created_at DESC, id DESC);
CREATE INDEX circ_request_stage ON circ_request (tenant_id, hold_stage) WHERE status IN ('ready', 'expired');
