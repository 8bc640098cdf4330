-- Reader imports of the staff console (issue 28): an administrator uploads a CSV file, sees a preview
-- (rows to add, to update, rejected), then commits the same file. A row per previewed file: its digest
-- (sha-256 of the bytes) binds the commit to the file previewed, and the guarded change of `state`
-- from 'previewed' lets one commit through (a double click, two tabs: the second finds none). The
-- file itself is never stored (it may hold initial passwords); `summary` keeps the counts only.
CREATE TABLE reader_import (
  id            serial PRIMARY KEY,
  tenant_id     integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  staff_id      integer,
  digest        text NOT NULL,
  state         text NOT NULL DEFAULT 'previewed' CHECK (state IN ('previewed', 'committing', 'committed')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  committed_at  timestamptz,
  summary       jsonb
);
-- One preview waiting per institution and file (previewing it again renews it).
CREATE UNIQUE INDEX reader_import_waiting ON reader_import (tenant_id, digest) WHERE state = 'previewed';
