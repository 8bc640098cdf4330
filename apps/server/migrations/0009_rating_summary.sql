-- Ratings on the record itself, so that search can sort by rating and show it in result rows
-- without aggregating record_rating for every matching record. The sum and the count are kept
-- by a trigger on record_rating, whatever writes the ratings (readers, the demo seed, staff).
-- Increments rather than a recount: two readers rating one record at the same moment both count
-- (an UPDATE that waits for the row lock re-applies its increment to the newest row version).
ALTER TABLE bib_record
  ADD COLUMN rating_sum integer NOT NULL DEFAULT 0,
  ADD COLUMN rating_count integer NOT NULL DEFAULT 0;

UPDATE bib_record b SET rating_sum = s.total, rating_count = s.n
FROM (SELECT record_id, sum(score)::int AS total, count(*)::int AS n FROM record_rating GROUP BY record_id) s
WHERE b.record_id = s.record_id;

CREATE FUNCTION record_rating_summary() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE bib_record SET rating_sum = rating_sum - OLD.score, rating_count = rating_count - 1
    WHERE record_id = OLD.record_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE bib_record SET rating_sum = rating_sum + NEW.score, rating_count = rating_count + 1
    WHERE record_id = NEW.record_id;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER record_rating_summary
AFTER INSERT OR DELETE OR UPDATE OF score, record_id ON record_rating
FOR EACH ROW EXECUTE FUNCTION record_rating_summary();
