-- Open interfaces (issue 30): OAI-PMH's deleted records and its walk over the catalogue in datestamp order.
--
-- A record deleted from the catalogue (the console's delete, a tenant's own clean-up) leaves a tombstone,
-- written by a trigger so that every delete path leaves one: OAI-PMH harvesters are told of the deletion
-- (deletedRecord "persistent": tombstones are kept as long as the institution). Its document type and CLC
-- classes are kept so that a selective harvest of a set hears of its own deletions. An institution's own
-- deletion (ON DELETE CASCADE from tenant) leaves none: the trigger writes only while the tenant exists.
CREATE TABLE oai_tombstone (
  tenant_id    integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  record_id    integer NOT NULL,
  doc_code     text NOT NULL DEFAULT '1',
  clc_classes  text[] NOT NULL DEFAULT '{}',
  deleted_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, record_id)
);
CREATE INDEX oai_tombstone_datestamp ON oai_tombstone (tenant_id, deleted_at, record_id);

CREATE FUNCTION of_oai_tombstone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO oai_tombstone (tenant_id, record_id, doc_code, clc_classes)
  SELECT OLD.tenant_id, OLD.record_id, OLD.doc_code, OLD.clc_classes
  WHERE EXISTS (SELECT 1 FROM tenant WHERE id = OLD.tenant_id)
  ON CONFLICT (tenant_id, record_id) DO UPDATE SET deleted_at = excluded.deleted_at;
  RETURN NULL;
END;
$$;
CREATE TRIGGER bib_record_oai_tombstone AFTER DELETE ON bib_record
  FOR EACH ROW EXECUTE FUNCTION of_oai_tombstone();

-- A harvest pages by (updated_at, record_id): many records share one updated_at (an import's batch is
-- one transaction), so the page's start needs both columns in the index. It serves every query of the
-- index it replaces (tenant_id, updated_at), the search engine's refresh among them.
CREATE INDEX bib_record_tenant_updated_id ON bib_record (tenant_id, updated_at, record_id);
DROP INDEX bib_record_tenant_updated;
