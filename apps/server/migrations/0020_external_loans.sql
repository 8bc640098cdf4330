-- Loans held by a library's own circulation system, reached over SIP2 (issue 27): OpenFind's record
-- of them, for loan ids that last (SIP2 names items, not loans), renewals counted, and the loan
-- history SIP2 cannot give (a loan no longer charged to the reader is marked returned).
CREATE TABLE external_loan (
  id           bigserial PRIMARY KEY,
  tenant_id    integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  reader_id    integer NOT NULL REFERENCES reader(id) ON DELETE CASCADE,
  item_id      text NOT NULL CHECK (length(item_id) BETWEEN 1 AND 200),
  title        text NOT NULL DEFAULT '',
  call_no      text,
  due_date     date,
  first_seen   date NOT NULL DEFAULT current_date,
  returned_on  date,
  renew_count  integer NOT NULL DEFAULT 0 CHECK (renew_count >= 0)
);
CREATE UNIQUE INDEX external_loan_open ON external_loan (tenant_id, reader_id, item_id) WHERE returned_on IS NULL;
CREATE INDEX external_loan_reader ON external_loan (reader_id, returned_on);
