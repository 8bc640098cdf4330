-- A reader's delivery addresses and points (My Library keys 9 and 8).

-- Where requested books are delivered (spec §3: type, detail, postcode, recipient, phone, region,
-- default flag). At most one default per reader (the service keeps exactly one while any exist).
CREATE TABLE reader_address (
  id            bigserial PRIMARY KEY,
  tenant_id     integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  reader_id     integer NOT NULL REFERENCES reader(id) ON DELETE CASCADE,
  -- A code of the code list `addressType` (home, work, campus, other by default).
  address_type  text NOT NULL,
  recipient     text NOT NULL CHECK (length(recipient) BETWEEN 1 AND 50),
  phone         text NOT NULL CHECK (length(phone) BETWEEN 1 AND 20),
  -- Province, city and district, as text.
  region        text NOT NULL CHECK (length(region) BETWEEN 1 AND 100),
  detail        text NOT NULL CHECK (length(detail) BETWEEN 1 AND 200),
  postcode      text NOT NULL CHECK (length(postcode) BETWEEN 1 AND 10),
  is_default    boolean NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reader_address_reader ON reader_address (tenant_id, reader_id, id);
CREATE UNIQUE INDEX reader_address_default ON reader_address (tenant_id, reader_id) WHERE is_default;

-- The points ledger: one row per event, counted once per reader, rule and reference (a loan id, a
-- comment id, '' for a once-only event such as the first login). The balance is the sum.
CREATE TABLE points_entry (
  id          bigserial PRIMARY KEY,
  tenant_id   integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  reader_id   integer NOT NULL REFERENCES reader(id) ON DELETE CASCADE,
  rule_code   text NOT NULL,
  ref         text NOT NULL DEFAULT '',
  points      integer NOT NULL CHECK (points <> 0 AND points BETWEEN -10000 AND 10000),
  platform    text NOT NULL DEFAULT 'system' CHECK (platform IN ('web', 'app', 'desk', 'system')),
  -- What it was for (a title…), shown beside the rule's name.
  note        text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX points_entry_event ON points_entry (tenant_id, reader_id, rule_code, ref);
CREATE INDEX points_entry_reader ON points_entry (tenant_id, reader_id, created_at DESC, id DESC);

-- An institution's own points for a rule, or the rule turned off; rules without a row count the
-- built-in points (DEFAULT_POINTS in packages/contract/src/values/points.ts).
CREATE TABLE points_rule (
  tenant_id   integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  rule_code   text NOT NULL,
  points      integer NOT NULL CHECK (points BETWEEN -10000 AND 10000),
  enabled     boolean NOT NULL DEFAULT true,
  PRIMARY KEY (tenant_id, rule_code)
);
