-- Daily figures for the staff console's dashboard and statistics (issue 28). The dashboard answers for
-- an institution with ten million logged searches within its time budget by reading rollups, never the
-- log itself: one row per institution, day and figure, and one per day and text that found nothing.
-- Triggers keep them current whatever writes the source rows (the search log's batches, every login
-- path, every renewal: a reader's, the desk's), in the writing transaction, on either engine.

-- Counters per institution and day: searches, searches that found nothing, reader logins, renewals.
-- Logins and renewals are counted from this migration on (before it nothing recorded them per day).
CREATE TABLE stat_daily (
  tenant_id  integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  metric     text NOT NULL CHECK (metric IN ('search', 'zero_result', 'login', 'renewal')),
  day        date NOT NULL,
  n          bigint NOT NULL DEFAULT 0 CHECK (n >= 0),
  PRIMARY KEY (tenant_id, metric, day)
);

-- The texts searched each day that found nothing (num_found = 0), by folded form: the dashboard's
-- list of what readers look for and the library lacks. The text shown is the latest typed.
CREATE TABLE search_zero_daily (
  tenant_id   integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  day         date NOT NULL,
  query_key   text NOT NULL,
  query_text  text NOT NULL,
  n           bigint NOT NULL DEFAULT 0 CHECK (n >= 0),
  PRIMARY KEY (tenant_id, day, query_key)
);

-- One statement of the search log (a batch) adds its counts in three grouped upserts, ordered so that
-- two batches at once take the rows' locks in the same order.
CREATE FUNCTION search_log_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_daily (tenant_id, metric, day, n)
  SELECT a.tenant_id, m.metric, a.created_at::date, count(*)
  FROM added a CROSS JOIN LATERAL (VALUES ('search'), ('zero_result')) m(metric)
  WHERE m.metric = 'search' OR a.num_found = 0
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (tenant_id, metric, day) DO UPDATE SET n = stat_daily.n + excluded.n;
  INSERT INTO search_zero_daily (tenant_id, day, query_key, query_text, n)
  SELECT a.tenant_id, a.created_at::date, a.query_key, (array_agg(a.query_text ORDER BY a.id DESC))[1], count(*)
  FROM added a WHERE a.num_found = 0
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (tenant_id, day, query_key)
  DO UPDATE SET n = search_zero_daily.n + excluded.n, query_text = excluded.query_text;
  RETURN NULL;
END
$$;
CREATE TRIGGER search_log_rollup AFTER INSERT ON search_log
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION search_log_rollup();

-- A reader's login sets last_login_at (every login path does): one login that day.
CREATE FUNCTION reader_login_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_daily (tenant_id, metric, day, n) VALUES (NEW.tenant_id, 'login', NEW.last_login_at::date, 1)
  ON CONFLICT (tenant_id, metric, day) DO UPDATE SET n = stat_daily.n + 1;
  RETURN NULL;
END
$$;
CREATE TRIGGER reader_login_count AFTER UPDATE OF last_login_at ON reader
  FOR EACH ROW WHEN (NEW.last_login_at IS NOT NULL AND NEW.last_login_at IS DISTINCT FROM OLD.last_login_at)
  EXECUTE FUNCTION reader_login_count();

-- A renewal raises a loan's renew_count (by the guarded update of the reader's or the desk's renewal).
CREATE FUNCTION loan_renewal_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_daily (tenant_id, metric, day, n)
  VALUES (NEW.tenant_id, 'renewal', current_date, NEW.renew_count - OLD.renew_count)
  ON CONFLICT (tenant_id, metric, day) DO UPDATE SET n = stat_daily.n + excluded.n;
  RETURN NULL;
END
$$;
CREATE TRIGGER loan_renewal_count AFTER UPDATE OF renew_count ON loan_event
  FOR EACH ROW WHEN (NEW.renew_count > OLD.renew_count) EXECUTE FUNCTION loan_renewal_count();

-- The searches logged before this migration (the log keeps its retention's days).
INSERT INTO stat_daily (tenant_id, metric, day, n)
SELECT s.tenant_id, m.metric, s.created_at::date, count(*)
FROM search_log s CROSS JOIN LATERAL (VALUES ('search'), ('zero_result')) m(metric)
WHERE m.metric = 'search' OR s.num_found = 0
GROUP BY 1, 2, 3;
INSERT INTO search_zero_daily (tenant_id, day, query_key, query_text, n)
SELECT tenant_id, created_at::date, query_key, (array_agg(query_text ORDER BY id DESC))[1], count(*)
FROM search_log WHERE num_found = 0
GROUP BY 1, 2, 3;

-- What waits for staff, counted per institution without reading the rest: comments to moderate,
-- requests in a queue or on the hold shelf.
CREATE INDEX record_comment_waiting_tenant ON record_comment (tenant_id) WHERE status = 'pending';
CREATE INDEX circ_request_open_tenant ON circ_request (tenant_id, status) WHERE status IN ('waiting', 'ready');
-- The audit log's filters: by account within an institution (the date range uses audit_log_tenant_at).
CREATE INDEX audit_log_tenant_actor ON audit_log (tenant_id, lower(actor), at DESC);
