-- What an import costs the database per record, made smaller.
--
-- The kept MARC record as text rather than jsonb: nothing queries inside it (the record page reads it
-- whole), and building jsonb from it was the largest single cost of writing a record.
ALTER TABLE bib_record ALTER COLUMN marc TYPE text USING marc::text;

-- of_prefixes (0003) as a loop instead of a set-returning SQL query: the same set of prefixes at a
-- fraction of the cost. The class and call-number indexes call it for every record an import
-- writes. Duplicates are left out, as before; the order of the prefixes does not matter (the
-- callers and the GIN indexes use them as a set).
CREATE OR REPLACE FUNCTION of_prefixes(codes text[]) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE COST 1000
  AS $$
DECLARE
  prefixes text[] := '{}';
  code text;
BEGIN
  FOREACH code IN ARRAY codes LOOP
    CONTINUE WHEN code IS NULL;
    code := upper(code);
    FOR n IN 1 .. least(length(code), 32) LOOP
      prefixes := prefixes || left(code, n);
    END LOOP;
  END LOOP;
  -- The prefixes of one code differ in length; only several codes can share one.
  IF cardinality(codes) > 1 THEN
    RETURN ARRAY(SELECT DISTINCT p FROM unnest(prefixes) AS p);
  END IF;
  RETURN prefixes;
END;
$$;
