-- Staff accounts (issue 27 builds them once for the circulation desk's HTTP calls; issue 28's staff
-- console adds its screens and the second factor), their sessions, and the append-only audit log of
-- what staff change. Staff accounts are not readers: a table, a login and tokens of their own.

-- A staff account of an institution, or an installation operator (no institution). `role`: staff
-- (the desk; `lib_codes` limits it to some libraries of the institution, '{}' = all), admin (the
-- institution), operator (every institution). argon2id PHC hashes as for readers. Failed logins are
-- counted on the account (`failed_logins`, `locked_until`: the readers' lockout rule). The TOTP
-- columns are reserved for the second factor of issue 28: an account with `totp_required` cannot log
-- in until that exists (refused, never let through on the password alone).
CREATE TABLE staff_account (
  id                   serial PRIMARY KEY,
  tenant_id            integer REFERENCES tenant(id) ON DELETE CASCADE,
  username             text NOT NULL CHECK (length(username) BETWEEN 1 AND 64),
  display_name         text NOT NULL DEFAULT '' CHECK (length(display_name) <= 100),
  password_hash        text NOT NULL,
  role                 text NOT NULL CHECK (role IN ('staff', 'admin', 'operator')),
  lib_codes            text[] NOT NULL DEFAULT '{}',
  disabled             boolean NOT NULL DEFAULT false,
  failed_logins        integer NOT NULL DEFAULT 0,
  locked_until         timestamptz,
  totp_secret          text,
  totp_required        boolean NOT NULL DEFAULT false,
  created_at           timestamptz NOT NULL DEFAULT now(),
  password_changed_at  timestamptz NOT NULL DEFAULT now(),
  -- Operators belong to no institution, and every other account to one.
  CONSTRAINT staff_account_operator_tenant CHECK ((role = 'operator') = (tenant_id IS NULL)),
  -- Only desk staff are limited to some libraries; administrators and operators see them all.
  CONSTRAINT staff_account_lib_codes CHECK (role = 'staff' OR lib_codes = '{}')
);
-- A username once per institution (any case), and once among the operators.
CREATE UNIQUE INDEX staff_account_username ON staff_account (coalesce(tenant_id, 0), lower(username));

-- A staff session: the token's id (`jti`), revocable (logout, a new password, the account removed).
-- `tenant_id` is the institution the login was made at (an operator may log in at any).
CREATE TABLE staff_session (
  id          text PRIMARY KEY,
  staff_id    integer NOT NULL REFERENCES staff_account(id) ON DELETE CASCADE,
  tenant_id   integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz,
  ip          text NOT NULL DEFAULT ''
);
CREATE INDEX staff_session_staff ON staff_session (staff_id);
CREATE INDEX staff_session_expiry ON staff_session (expires_at);

-- What staff (and the `openfind staff` command) changed: who, when, what, the state before and after,
-- from which address. Append-only: the code has no path that updates or deletes a row, and the
-- trigger below refuses UPDATE, DELETE and TRUNCATE on either engine. No foreign keys: the log keeps
-- its rows when the account or the institution they name is removed (`actor` keeps the name).
CREATE TABLE audit_log (
  id         bigserial PRIMARY KEY,
  tenant_id  integer,                 -- the institution acted in; NULL: installation-wide (operators)
  staff_id   integer,                 -- the staff account; NULL: the command line
  actor      text NOT NULL,           -- the account's username then, or 'cli:<system user>'
  at         timestamptz NOT NULL DEFAULT now(),
  action     text NOT NULL,           -- desk.checkout, staff.add, staff.login…
  target     text NOT NULL DEFAULT '',
  before     jsonb,
  after      jsonb,
  ip         text NOT NULL DEFAULT ''
);
CREATE INDEX audit_log_tenant_at ON audit_log (tenant_id, at DESC);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
