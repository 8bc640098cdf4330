-- The home page's navigation services (issue 30): element counters, the navigation click log and the
-- fixed icons at the page's right edge.

-- Clicks, downloads and visits of a page element (a home banner, a quick link, a notice attachment,
-- a fixed icon) and clicks of menu entries (kind 'nav'), counted per institution and day: one row per
-- element, kind and day, its count raised by an upsert. The service bounds the distinct rows of an
-- institution's day (HOME_MAX_ELEMENTS_PER_DAY), so a script cannot grow the table without end; the
-- databases' own visits stay in e_collection_visit (0050).
CREATE TABLE home_element_daily (
  tenant_id  integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  day        date NOT NULL,
  kind       text NOT NULL CHECK (kind IN ('click', 'download', 'visit', 'nav')),
  element    text NOT NULL CHECK (length(element) BETWEEN 1 AND 200),
  count      integer NOT NULL DEFAULT 0 CHECK (count >= 0),
  PRIMARY KEY (tenant_id, day, kind, element)
);

-- The fixed icons of an institution, set by administrators: the whole list as one JSON array (kind
-- top | link | qr, names in three languages, link or image address, enabled, in order), saved at
-- once with the version read. No row: the icons the service offers by default (back to top).
CREATE TABLE home_fixed_icon_set (
  tenant_id   integer PRIMARY KEY REFERENCES tenant(id) ON DELETE CASCADE,
  icons       jsonb NOT NULL DEFAULT '[]',
  version     integer NOT NULL DEFAULT 1,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  updated_by  text NOT NULL DEFAULT ''
);
