-- The staff console's site configuration (issue 28): images an administrator uploads for the portal
-- (the logo, the site icon, the search background). The server's own re-encoding of an upload (a PNG,
-- JPEG or WebP by its content, without metadata), kept in the database so that every process serves it;
-- named by the SHA-256 of its bytes, so that an address never changes its image (cached for a year) and
-- a new image is a new address. Images no longer set anywhere are removed when the appearance is saved.
CREATE TABLE site_asset (
  tenant_id     integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  hash          text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  content_type  text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
  width         integer NOT NULL CHECK (width > 0),
  height        integer NOT NULL CHECK (height > 0),
  image         bytea NOT NULL,
  created_by    text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, hash)
);
