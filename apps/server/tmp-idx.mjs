import { PGlite } from '@electric-sql/pglite';
const db = await PGlite.create('/tmp/ing/pgl');
await db.exec(`
CREATE OR REPLACE FUNCTION pfx2(codes text[]) RETURNS text[] LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE prefixes text[] := '{}'; code text; p text; multi boolean := cardinality(codes) > 1;
BEGIN
  FOREACH code IN ARRAY codes LOOP
    CONTINUE WHEN code IS NULL;
    code := upper(code);
    FOR n IN 1 .. least(length(code), 32) LOOP
      p := left(code, n);
      IF multi AND p = ANY(prefixes) THEN CONTINUE; END IF;
      prefixes := prefixes || p;
    END LOOP;
  END LOOP;
  RETURN prefixes;
END $$;
CREATE OR REPLACE FUNCTION pfx3(codes text[]) RETURNS text[] LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE prefixes text[] := '{}'; code text; prev text; shared int; i int := 0; len int;
BEGIN
  -- codes sorted: a code shares with the codes before it at most what it shares with the one just before
  FOREACH code IN ARRAY ARRAY(SELECT DISTINCT upper(c) FROM unnest(codes) c WHERE c IS NOT NULL ORDER BY 1) LOOP
    len := least(length(code), 32);
    shared := 0;
    IF prev IS NOT NULL THEN
      WHILE shared < len AND substr(code, shared + 1, 1) = substr(prev, shared + 1, 1) LOOP shared := shared + 1; END LOOP;
    END IF;
    FOR n IN shared + 1 .. len LOOP prefixes := prefixes || left(code, n); END LOOP;
    prev := code;
  END LOOP;
  RETURN prefixes;
END $$;
`);
for (const f of ['of_prefixes', 'pfx2', 'pfx3']) {
  const q = `SELECT sum(cardinality(${f}(call_numbers))) FROM bib_record`;
  for (let i = 0; i < 2; i++) { const t = performance.now(); const r = await db.query(q); console.log(f, r.rows[0], (performance.now() - t).toFixed(0), 'ms'); }
}
const chk = await db.query(`SELECT count(*) FROM bib_record WHERE (SELECT array_agg(x ORDER BY x) FROM unnest(of_prefixes(call_numbers)) x) IS DISTINCT FROM (SELECT array_agg(x ORDER BY x) FROM unnest(pfx2(call_numbers)) x)`);
console.log('pfx2 differs', chk.rows[0]);
await db.exec('DROP FUNCTION pfx2(text[]); DROP FUNCTION pfx3(text[]);');
await db.close();
