-- Accounts and sessions: readers (patrons) per tenant, image captchas, login throttling, session
-- revocation, verification codes sent by phone or e-mail, password-recovery tickets, the readers'
-- inbox (where the default SMS provider delivers) and the server's own secrets.

-- Readers. `account` is what a reader logs in with (usually the card number); `card_no` is also
-- accepted. Passwords are argon2id PHC strings. `token_version` is part of every session token:
-- raising it (password change, freeze) ends every session of the reader at once.
CREATE TABLE reader (
  id                   serial PRIMARY KEY,
  tenant_id            integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  account              text NOT NULL CHECK (length(account) BETWEEN 1 AND 64),
  card_no              text NOT NULL DEFAULT '',
  name                 text NOT NULL DEFAULT '',
  lib_code             text NOT NULL DEFAULT '',
  email                text NOT NULL DEFAULT '',
  email_verified       boolean NOT NULL DEFAULT false,
  phone                text NOT NULL DEFAULT '',
  phone_verified       boolean NOT NULL DEFAULT false,
  status               text NOT NULL DEFAULT 'normal' CHECK (status IN ('normal', 'lost', 'frozen')),
  department           text NOT NULL DEFAULT '',
  reader_type          text NOT NULL DEFAULT '',
  valid_from           date,
  valid_until          date,
  avatar_url           text NOT NULL DEFAULT '',
  password_hash        text NOT NULL,
  password_changed_at  timestamptz NOT NULL DEFAULT now(),
  must_change_password boolean NOT NULL DEFAULT false,   -- initial or staff-set password: change at login
  token_version        integer NOT NULL DEFAULT 0,
  first_login_flag     text NOT NULL DEFAULT '0' CHECK (first_login_flag IN ('0', '1')),
  last_login_at        timestamptz,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX reader_account ON reader (tenant_id, lower(account));
CREATE UNIQUE INDEX reader_card_no ON reader (tenant_id, lower(card_no)) WHERE card_no <> '';

-- Failed logins per typed account name, whether or not such a reader exists, so a lockout tells
-- nothing about which accounts exist.
CREATE TABLE login_throttle (
  tenant_id     integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  account_key   text NOT NULL,              -- lower-cased account name as typed
  failures      integer NOT NULL DEFAULT 0, -- consecutive failures
  locked_until  timestamptz,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, account_key)
);

-- Image captchas: single use (deleted when checked), short-lived, bound to their codeKey, their
-- scene (1 login, 2 recovery) and, for scene 2, the account name.
CREATE TABLE captcha (
  code_key     text PRIMARY KEY,
  tenant_id    integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  scene        smallint NOT NULL,
  user_name    text NOT NULL DEFAULT '',
  answer_hash  text NOT NULL,               -- sha256 of the lower-cased answer
  expires_at   timestamptz NOT NULL
);
CREATE INDEX captcha_expiry ON captcha (expires_at);

-- Sessions ended by logout before their expiry (token ids); rows are dropped once expired.
CREATE TABLE session_revocation (
  jti         text PRIMARY KEY,
  tenant_id   integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX session_revocation_expiry ON session_revocation (expires_at);

-- Codes sent by phone or e-mail, for password recovery ('reset') and binding ('bind'). Counted per
-- reader, channel and purpose per day for the daily limits.
CREATE TABLE verification_code (
  id          bigserial PRIMARY KEY,
  tenant_id   integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  reader_id   integer NOT NULL REFERENCES reader(id) ON DELETE CASCADE,
  channel     text NOT NULL CHECK (channel IN ('phone', 'mail')),
  purpose     text NOT NULL CHECK (purpose IN ('reset', 'bind')),
  target      text NOT NULL,               -- the phone number or e-mail address it was sent to
  code_hash   text NOT NULL,
  attempts    integer NOT NULL DEFAULT 0,  -- wrong answers; the code dies after five
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX verification_code_reader ON verification_code (reader_id, channel, purpose, created_at DESC);

-- Password recovery in progress: created by a correct scene-2 image code, verified by a phone or
-- e-mail code, consumed by the new password.
CREATE TABLE password_recovery (
  find_key     text PRIMARY KEY,            -- sha256 of the ticket handed to the client
  tenant_id    integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  reader_id    integer REFERENCES reader(id) ON DELETE CASCADE,  -- NULL: no such account (told apart by nothing)
  user_name    text NOT NULL,
  verified_at  timestamptz,
  expires_at   timestamptz NOT NULL
);

-- Messages to a reader: the default SMS provider delivers here, and later the personal centre's inbox.
CREATE TABLE reader_inbox (
  id          bigserial PRIMARY KEY,
  tenant_id   integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  reader_id   integer NOT NULL REFERENCES reader(id) ON DELETE CASCADE,
  channel     text NOT NULL,                -- phone | mail | inbox
  target      text NOT NULL DEFAULT '',
  subject     text NOT NULL DEFAULT '',
  body        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  read_at     timestamptz
);
CREATE INDEX reader_inbox_reader ON reader_inbox (reader_id, created_at DESC);

-- Secrets the server generates once when the operator gives none (the session signing key), so
-- that every process sharing the database signs and verifies alike.
CREATE TABLE server_secret (
  name        text PRIMARY KEY,
  value       text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
