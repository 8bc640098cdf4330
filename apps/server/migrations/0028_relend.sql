-- Re-lend (转借, issue 27): a reader asks for a record all of whose copies are lent; readers who have
-- a copy (and take part in transfer lending) are asked, anonymously; one agrees and gives the asker a
-- handover code when they meet; with it the loan moves to the asker. 0027 added the request type, the
-- status 'declined' and holder_reader_id; this adds what the asks need besides.

-- The last day an ask stays open (asks lapse after some days); a note the asker leaves for the
-- readers who have the book (where or when to meet: shown to them, never who asked).
ALTER TABLE circ_request
  ADD COLUMN ask_until  date,
  ADD COLUMN relend_note text NOT NULL DEFAULT '',
  ADD CONSTRAINT circ_request_relend_until CHECK (request_type <> 'relend' OR ask_until IS NOT NULL);

-- The readers who turned an ask down: it is not offered to them again (it stays open for the others).
CREATE TABLE relend_decline (
  tenant_id   integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  request_id  bigint NOT NULL REFERENCES circ_request(id) ON DELETE CASCADE,
  reader_id   integer NOT NULL REFERENCES reader(id) ON DELETE CASCADE,
  declined_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (request_id, reader_id)
);
CREATE INDEX relend_decline_reader ON relend_decline (tenant_id, reader_id);

-- How many times in a row a loan's copy was passed from reader to reader (0: lent at the desk). A
-- copy may be re-lent while this is under the institution's limit.
ALTER TABLE loan_event ADD COLUMN relend_count integer NOT NULL DEFAULT 0 CHECK (relend_count >= 0);

-- The limit, per loan policy (the institution's default row decides): 0 turns re-lending off.
ALTER TABLE loan_policy ADD COLUMN max_relends integer NOT NULL DEFAULT 2 CHECK (max_relends BETWEEN 0 AND 100);

-- The code the reader who agreed gives the asker: a purpose of its own, tied to the ask.
ALTER TABLE reader_code DROP CONSTRAINT reader_code_purpose_check;
ALTER TABLE reader_code ADD CONSTRAINT reader_code_purpose_check CHECK (purpose IN ('take', 'handover', 'relend'));
ALTER TABLE reader_code DROP CONSTRAINT reader_code_check;
ALTER TABLE reader_code ADD CONSTRAINT reader_code_check CHECK ((purpose IN ('handover', 'relend')) = (request_id IS NOT NULL));
