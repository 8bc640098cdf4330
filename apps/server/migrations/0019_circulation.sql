-- OpenFind's own circulation (issue 27), the `local` circulation provider: loan policies, and
-- renewals on the loans of `loan_event`, which stays the one row per loan behind hot borrowing,
-- the ten-year chart and the copy status.

-- Loan rules per reader type and copy circulation attribute ('' = any). The most specific row
-- applies: type and attribute, then type, then attribute, then the tenant's default ('', '').
CREATE TABLE loan_policy (
  tenant_id           integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  reader_type         text NOT NULL DEFAULT '',
  circ_attr           text NOT NULL DEFAULT '',
  loan_days           integer NOT NULL DEFAULT 30 CHECK (loan_days BETWEEN 1 AND 3650),
  max_loans           integer NOT NULL DEFAULT 10 CHECK (max_loans BETWEEN 0 AND 10000),
  max_renewals        integer NOT NULL DEFAULT 1 CHECK (max_renewals BETWEEN 0 AND 100),
  renewal_days        integer NOT NULL DEFAULT 30 CHECK (renewal_days BETWEEN 1 AND 3650),
  -- A renewal is accepted from this many days before the due date (0: at any time).
  renew_window_days   integer NOT NULL DEFAULT 0 CHECK (renew_window_days BETWEEN 0 AND 3650),
  renew_when_overdue  boolean NOT NULL DEFAULT false,
  PRIMARY KEY (tenant_id, reader_type, circ_attr)
);

-- Renewals and recalls of a loan. A loan is renewed by a guarded update (renew_count as read),
-- so that concurrent renewals of one loan renew it once.
ALTER TABLE loan_event
  ADD COLUMN renew_count     integer NOT NULL DEFAULT 0 CHECK (renew_count >= 0),
  ADD COLUMN last_renewed_on date,
  ADD COLUMN recall_count    integer NOT NULL DEFAULT 0 CHECK (recall_count >= 0);

-- One open loan per copy: two desks lending one copy at once make one loan.
CREATE UNIQUE INDEX loan_event_open_copy ON loan_event (tenant_id, barcode)
  WHERE return_date IS NULL AND barcode IS NOT NULL;
-- A reader's loans, current first.
CREATE INDEX loan_event_reader ON loan_event (reader_id, return_date, due_date) WHERE reader_id IS NOT NULL;
