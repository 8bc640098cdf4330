-- Fines, borrowing suspensions and payments in OpenFind's own circulation (issue 27): a reader's
-- behaviour records (spec §3: type, barcode, property number, amount due and paid, block start and
-- end, process flag, record time) and the payments that settle them. Money is kept in fen (cents).

-- What a late return costs, per policy row: a fine a day (capped per loan), or days without
-- borrowing per day late; and how much a reader may owe before borrowing, renewing and requesting stop.
ALTER TABLE loan_policy
  ADD COLUMN fine_per_day_cents     integer NOT NULL DEFAULT 10 CHECK (fine_per_day_cents BETWEEN 0 AND 100000),
  ADD COLUMN max_fine_cents         integer NOT NULL DEFAULT 5000 CHECK (max_fine_cents BETWEEN 0 AND 10000000),
  ADD COLUMN suspend_days_per_day   integer NOT NULL DEFAULT 0 CHECK (suspend_days_per_day BETWEEN 0 AND 30),
  ADD COLUMN fine_limit_cents       integer NOT NULL DEFAULT 1000 CHECK (fine_limit_cents BETWEEN 0 AND 10000000);

-- A behaviour record. Its state (spec §4's behaviour tabs): unprocessed (owed), processing (a payment
-- under way, or marked to be paid at the desk), processed (paid or served), ordered (a lost copy to be
-- replaced by the reader: the replacement ordered), shelved (the replacement received and shelved),
-- unsubscribed (the replacement order withdrawn; the fine stands again), cancelled (waived by staff).
CREATE TABLE circ_fine (
  id             bigserial PRIMARY KEY,
  tenant_id      integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  reader_id      integer NOT NULL REFERENCES reader(id) ON DELETE CASCADE,
  kind           text NOT NULL CHECK (kind IN ('overdue', 'lost', 'damaged', 'other')),
  status         text NOT NULL DEFAULT 'unprocessed'
                   CHECK (status IN ('unprocessed', 'processing', 'processed', 'ordered', 'unsubscribed', 'shelved', 'cancelled')),
  -- The loan it arose from (an overdue return gives one fine per loan).
  loan_id        bigint,
  barcode        text,
  prop_no        text,
  title          text NOT NULL DEFAULT '',
  amount_cents   integer NOT NULL CHECK (amount_cents >= 0),
  paid_cents     integer NOT NULL DEFAULT 0 CHECK (paid_cents >= 0 AND paid_cents <= amount_cents),
  -- Days without borrowing instead of (or besides) the fine.
  block_start    date,
  block_end      date,
  overdue_days   integer NOT NULL DEFAULT 0,
  note           text NOT NULL DEFAULT '',
  -- The payment under way for it, while processing.
  payment_id     bigint,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (block_end IS NULL OR block_start IS NOT NULL AND block_end >= block_start)
);
CREATE UNIQUE INDEX circ_fine_loan ON circ_fine (loan_id) WHERE loan_id IS NOT NULL AND kind = 'overdue';
CREATE INDEX circ_fine_reader ON circ_fine (reader_id, created_at DESC);

-- A payment of some fines: at the desk (staff take the money) or online through a channel (a QR
-- code the reader scans, valid 3 minutes; the channel's signed notice or a status query settles it).
CREATE TABLE circ_payment (
  id               bigserial PRIMARY KEY,
  tenant_id        integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  reader_id        integer NOT NULL REFERENCES reader(id) ON DELETE CASCADE,
  channel          text NOT NULL,
  -- Our order number at the channel (unique per installation).
  out_trade_no     text NOT NULL UNIQUE,
  amount_cents     integer NOT NULL CHECK (amount_cents > 0),
  fine_ids         bigint[] NOT NULL,
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed', 'expired', 'cancelled')),
  qr_content       text,
  expires_at       timestamptz,
  channel_trade_no text,
  -- Who took the money at the desk, or the channel's account.
  paid_by          text,
  paid_at          timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX circ_payment_reader ON circ_payment (reader_id, created_at DESC);

-- Short codes a reader shows or gives (spec §9: valid 5 minutes, used once): a take code (取书码)
-- the desk types to lend to the reader without their card, and a handover code with which another
-- reader accepts a request ready for pickup. A new code of the same purpose replaces the reader's last.
CREATE TABLE reader_code (
  tenant_id   integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  code        text NOT NULL,
  reader_id   integer NOT NULL REFERENCES reader(id) ON DELETE CASCADE,
  purpose     text NOT NULL CHECK (purpose IN ('take', 'handover')),
  request_id  bigint REFERENCES circ_request(id) ON DELETE CASCADE,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  PRIMARY KEY (tenant_id, code),
  CHECK ((purpose = 'handover') = (request_id IS NOT NULL))
);
CREATE UNIQUE INDEX reader_code_one ON reader_code (reader_id, purpose, coalesce(request_id, 0));

-- A ready request another reader accepted (with its handover code) ends as handed over.
ALTER TABLE circ_request DROP CONSTRAINT circ_request_status_check;
ALTER TABLE circ_request ADD CONSTRAINT circ_request_status_check
  CHECK (status IN ('waiting', 'ready', 'fulfilled', 'cancelled', 'expired', 'handedOver'));
