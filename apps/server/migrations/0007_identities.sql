-- Single sign-on: the outside identities a reader is known by (a CAS user name, an SSO uid, a
-- WeChat openId, a passport id), and per-institution secrets that must never reach a client (the
-- key of the external-JWT entry), kept apart from the public site configuration.

CREATE TABLE reader_identity (
  tenant_id    integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  provider     text NOT NULL CHECK (provider IN ('cas', 'external', 'wechat', 'passport')),
  external_id  text NOT NULL,
  reader_id    integer NOT NULL REFERENCES reader(id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, provider, external_id)
);
CREATE INDEX reader_identity_reader ON reader_identity (reader_id);

CREATE TABLE tenant_secret (
  tenant_id   integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  name        text NOT NULL,
  value       text NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, name)
);
