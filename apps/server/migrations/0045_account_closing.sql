-- Self-service account closing (issue 29, My Library key 14). A closed account keeps its row, with
-- its personal fields emptied, so that the loans, requests, fines and ratings kept for statistics
-- still count under its id (an anonymous marker from then on), and never shows a name. `closed_at`
-- says when it was closed; a closed account cannot log in (its account name becomes `closed:<id>`,
-- its password an unusable value, its sign-on identities are deleted) and is shown as closed to staff.
ALTER TABLE reader ADD COLUMN closed_at timestamptz;
CREATE INDEX reader_closed ON reader (tenant_id, closed_at) WHERE closed_at IS NOT NULL;
