-- The days a reader asks a held copy to be kept for them (spec §9: "request retention days are
-- chosen by the user"), at most the loan policy's hold-shelf days; null: the policy's own.
ALTER TABLE circ_request
  ADD COLUMN retention_days integer CHECK (retention_days BETWEEN 1 AND 365);
