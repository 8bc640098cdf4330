-- The staff accounts' second factor (issue 28): a TOTP secret (RFC 6238) confirmed with a first code
-- before it counts, the last time step a code was taken at (a code is taken once), and ten recovery
-- codes, kept as SHA-256 hashes (random, 50 bits each: no slow hash needed) and used once.
ALTER TABLE staff_account
  ADD COLUMN totp_pending_secret text,
  ADD COLUMN totp_enabled_at     timestamptz,
  ADD COLUMN totp_last_step      bigint NOT NULL DEFAULT 0;

CREATE TABLE staff_recovery_code (
  id         serial PRIMARY KEY,
  staff_id   integer NOT NULL REFERENCES staff_account(id) ON DELETE CASCADE,
  code_hash  text NOT NULL,
  used_at    timestamptz,
  UNIQUE (staff_id, code_hash)
);
