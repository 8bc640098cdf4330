-- What a record belongs to, for the search's filters and facets (issue 30): the core lists its journal is
-- in (coreInclude), the databases whose KBART title lists hold it (eCollectionIds), the special collections
-- that list it or whose rule takes it (collectionName), the degree of a thesis (ddType) and the staff's
-- review of it as a researcher's work (verifyStatus). Kept on bib_record like the copies' places
-- (lib_codes, location_ids), so that the SQL search and the in-memory facet store read them as any other
-- facet; dd_type is written by the catalogue with the record, the others by refresh_record_tags below,
-- which each writer of a membership calls (a core list's import, a KBART import, a collection's change,
-- a decision on a work, a catalogue import for its new records).
ALTER TABLE bib_record
  ADD COLUMN dd_type text,
  ADD COLUMN core_includes text[] NOT NULL DEFAULT '{}',
  ADD COLUMN e_collection_ids text[] NOT NULL DEFAULT '{}',
  ADD COLUMN collection_ids text[] NOT NULL DEFAULT '{}',
  ADD COLUMN verify_status text[] NOT NULL DEFAULT '{}';

CREATE INDEX researcher_work_record ON researcher_work (record_id);

-- The theses already read by subject services give their degree (ddType codes: 1 doctor, 2 master,
-- 3 bachelor, 4 postdoc); records imported from now on carry it from their MARC.
UPDATE bib_record b SET dd_type = CASE t.degree WHEN 'doctor' THEN '1' WHEN 'master' THEN '2'
  WHEN 'bachelor' THEN '3' WHEN 'postdoc' THEN '4' END
  FROM thesis t WHERE t.record_id = b.record_id AND t.degree IS NOT NULL;

-- An ISSN as NNNN-NNNX (the form of journal_core_mark and e_title), or NULL.
CREATE FUNCTION issn_key(issn text) RETURNS text IMMUTABLE LANGUAGE sql AS $$
  SELECT CASE WHEN d ~ '^[0-9]{7}[0-9X]$' THEN left(d, 4) || '-' || right(d, 4) END
  FROM (SELECT upper(regexp_replace(coalesce(issn, ''), '[^0-9Xx]', '', 'g')) AS d) s
$$;

-- Recomputes the memberships of a tenant's records (of those in p_ids; all when NULL) and returns how
-- many records changed. A changed record's updated_at moves, so the search's mirrors read it again; an
-- unchanged one is not written.
-- - coreInclude: the lists (journal_core_mark) that name the record's ISSN, or the other ISSN a KBART
--   line pairs with it (print and online).
-- - eCollectionIds: the databases (e_collection ids) whose title lists name its ISSN or one of its ISBNs.
-- - collectionName: the visible special collections (special_package, kind 'collection') listing it or
--   whose rule (call number or CLC prefix, subject) takes it, as special_package ids; not the packages
--   named after a vendor of p_vendors (the e-book vendors 超星, 书生: spec §9, the contract's
--   DICT_HIDDEN_COLLECTION_VENDORS, which the dictionary leaves out too).
-- - verifyStatus: '1' when staff confirmed it as some researcher's work, '2' when they only excluded it.
CREATE FUNCTION refresh_record_tags(p_tenant integer, p_ids integer[], p_vendors text[]) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
BEGIN
  -- Materialized: the identifiers are then plain values, which the title lists' indexes look up.
  WITH keyed AS MATERIALIZED (
    SELECT b.record_id, issn_key(b.issn) AS issn, b.isbns, b.subjects, b.call_prefixes, b.class_prefixes
    FROM bib_record b
    WHERE b.tenant_id = p_tenant AND (p_ids IS NULL OR b.record_id = ANY(p_ids))
  ), target AS MATERIALIZED (
    SELECT k.*, array_remove(ARRAY[k.issn], NULL) || k.isbns AS ids FROM keyed k
  ), rules AS (
    SELECT p.id, p.rule_kind, btrim(p.rule_value) AS value, left(upper(btrim(p.rule_value)), 32) AS prefix
    FROM special_package p
    WHERE p.tenant_id = p_tenant AND p.kind = 'collection' AND NOT p.hidden
      AND NOT EXISTS (SELECT 1 FROM unnest(p_vendors) v WHERE strpos(concat_ws(' ', p.name, p.name_tw, p.name_en), v) > 0)
      AND p.rule_kind IS NOT NULL AND btrim(p.rule_value) <> ''
  ), computed AS (
    SELECT t.record_id,
      CASE WHEN t.issn IS NULL THEN '{}'::text[] ELSE ARRAY(
        SELECT DISTINCT m.list_code FROM journal_core_mark m
        WHERE m.tenant_id = p_tenant AND m.issn = ANY(ARRAY[t.issn] || ARRAY(
          SELECT e.online_identifier FROM e_title e
           WHERE e.tenant_id = p_tenant AND e.print_identifier = t.issn AND e.online_identifier IS NOT NULL
          UNION
          SELECT e.print_identifier FROM e_title e
           WHERE e.tenant_id = p_tenant AND e.online_identifier = t.issn AND e.print_identifier IS NOT NULL))
        ORDER BY 1) END AS core_includes,
      CASE WHEN t.issn IS NULL AND cardinality(t.isbns) = 0 THEN '{}'::text[] ELSE ARRAY(
        SELECT DISTINCT i.collection_id::text FROM (
          SELECT e.collection_id FROM e_title e
           WHERE e.tenant_id = p_tenant AND e.print_identifier = ANY(t.ids)
          UNION ALL
          SELECT e.collection_id FROM e_title e
           WHERE e.tenant_id = p_tenant AND e.online_identifier = ANY(t.ids)
        ) i WHERE i.collection_id IS NOT NULL
        ORDER BY 1) END AS e_collection_ids,
      ARRAY(
        SELECT id FROM (
          SELECT r.package_id::text AS id FROM special_package_record r
            JOIN special_package p ON p.id = r.package_id AND p.kind = 'collection' AND NOT p.hidden
                 AND NOT EXISTS (SELECT 1 FROM unnest(p_vendors) v
                                 WHERE strpos(concat_ws(' ', p.name, p.name_tw, p.name_en), v) > 0)
           WHERE r.record_id = t.record_id AND r.tenant_id = p_tenant
          UNION
          SELECT u.id::text FROM rules u
           WHERE (u.rule_kind = 'subject' AND u.value = ANY(t.subjects))
              OR (u.rule_kind = 'callPrefix' AND t.call_prefixes @> ARRAY[u.prefix])
              OR (u.rule_kind = 'classPrefix' AND t.class_prefixes @> ARRAY[u.prefix])
        ) c ORDER BY 1) AS collection_ids,
      ARRAY(
        SELECT CASE WHEN bool_or(w.decision = 'claimed') THEN '1' ELSE '2' END
        FROM researcher_work w WHERE w.record_id = t.record_id AND w.tenant_id = p_tenant
        HAVING count(*) > 0) AS verify_status
    FROM target t
  )
  UPDATE bib_record b SET
    core_includes = c.core_includes,
    e_collection_ids = c.e_collection_ids,
    collection_ids = c.collection_ids,
    verify_status = c.verify_status,
    updated_at = now()
  FROM computed c
  WHERE b.tenant_id = p_tenant AND b.record_id = c.record_id
    AND (b.core_includes, b.e_collection_ids, b.collection_ids, b.verify_status)
        IS DISTINCT FROM (c.core_includes, c.e_collection_ids, c.collection_ids, c.verify_status);
  GET DIAGNOSTICS changed = ROW_COUNT;
  RETURN changed;
END;
$$;

-- The vendors as the contract names them when this migration was written.
SELECT refresh_record_tags(t.id, NULL, ARRAY['超星', '书生']) FROM tenant t;
