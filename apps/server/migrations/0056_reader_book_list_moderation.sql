-- Staff hide a reader's public book list (issue 29: readers' public lists are found and read by
-- anyone, so the library must be able to take one down — an offensive title, spam). A hidden list
-- stays its reader's, public or not as they chose, but nobody else finds or opens it until staff
-- show it again; its reader reads the reason on their list and in their inbox.
ALTER TABLE reader_book_list
  ADD COLUMN hidden_at     timestamptz,
  ADD COLUMN hidden_reason text NOT NULL DEFAULT '' CHECK (length(hidden_reason) <= 200),
  ADD COLUMN hidden_by     integer REFERENCES staff_account(id) ON DELETE SET NULL;

-- The public lists are those public and not hidden.
DROP INDEX reader_book_list_public;
CREATE INDEX reader_book_list_public ON reader_book_list (tenant_id, view_count DESC, id DESC)
  WHERE is_public AND hidden_at IS NULL;
-- The staff's list: public or hidden ones, last changed first.
CREATE INDEX reader_book_list_moderation ON reader_book_list (tenant_id, updated_at DESC, id DESC)
  WHERE is_public OR hidden_at IS NOT NULL;
