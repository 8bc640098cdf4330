-- The staff console's catalogue (issue 28).
--
-- A suppressed record is hidden from readers (search, the record page, lists, counts) and stays in
-- the staff console. The column has a constant default, so adding it rewrites nothing; the reader
-- side tests `NOT b.suppressed` on rows it reads anyway (the full-text and prefix indexes find them,
-- the filter costs no index of its own). The few suppressed records are listed by a partial index
-- (the in-memory search engine leaves them out through it).
ALTER TABLE bib_record ADD COLUMN suppressed boolean NOT NULL DEFAULT false;
CREATE INDEX bib_record_suppressed ON bib_record (tenant_id, record_id) WHERE suppressed;

-- Imports started from the console: the uploaded file runs through the import pipeline of
-- `openfind import` in the server process, and this row follows it (polled by the screen): the
-- figures as batches are stored, a heartbeat, how it ended, and the reject report's text (kept with
-- the run, the file itself is not). One running import per institution (the partial unique index);
-- a row left running by a server that stopped (its heartbeat old) is marked interrupted at start-up
-- and whenever the institution's imports are looked at.
CREATE TABLE catalogue_import (
  id              serial PRIMARY KEY,
  tenant_id       integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  run_id          integer REFERENCES import_run(id) ON DELETE SET NULL,
  state           text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'done', 'failed', 'interrupted')),
  file_name       text NOT NULL,
  file_size       bigint NOT NULL,
  file_hash       text,
  format          text NOT NULL,
  detected        text,
  staff_id        integer,
  started_by      text NOT NULL,
  started_at      timestamptz NOT NULL DEFAULT now(),
  heartbeat_at    timestamptz NOT NULL DEFAULT now(),
  finished_at     timestamptz,
  bytes_read      bigint NOT NULL DEFAULT 0,
  read_count      integer NOT NULL DEFAULT 0,
  created_count   integer NOT NULL DEFAULT 0,
  updated_count   integer NOT NULL DEFAULT 0,
  unchanged_count integer NOT NULL DEFAULT 0,
  skipped_count   integer NOT NULL DEFAULT 0,
  error           text,
  reject_report   text
);
CREATE UNIQUE INDEX catalogue_import_running ON catalogue_import (tenant_id) WHERE state = 'running';
CREATE INDEX catalogue_import_tenant ON catalogue_import (tenant_id, id DESC);
CREATE INDEX catalogue_import_run ON catalogue_import (run_id);
