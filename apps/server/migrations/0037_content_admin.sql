-- The staff console's content screen (issue 28): e-resources, book lists, donation news and the
-- files attached to records, edited by staff.

-- How readers may use an e-resource: on trial until trial_until, bought, formally subscribed, or
-- open access. The rows of before: a trial when they had a trial end, bought otherwise.
ALTER TABLE e_collection
  ADD COLUMN access_kind text NOT NULL DEFAULT 'purchased'
    CHECK (access_kind IN ('trial', 'purchased', 'formal', 'open'));
UPDATE e_collection SET access_kind = 'trial' WHERE trial_until IS NOT NULL;

-- Each change raises `version`: a save names the version it was made from, and one made from an
-- older version (another tab saved in between) changes nothing.
ALTER TABLE e_collection ADD COLUMN version integer NOT NULL DEFAULT 0;
ALTER TABLE book_list ADD COLUMN version integer NOT NULL DEFAULT 0;
ALTER TABLE donate_news ADD COLUMN version integer NOT NULL DEFAULT 0;
ALTER TABLE record_attachment ADD COLUMN version integer NOT NULL DEFAULT 0;

-- The staff lists: e-resources in their order, book lists and news newest first.
CREATE INDEX e_collection_tenant_seq ON e_collection (tenant_id, seq, id);
CREATE INDEX book_list_tenant_created ON book_list (tenant_id, created_at DESC);
CREATE INDEX book_list_record_list ON book_list_record (book_list_id, seq);

-- The file of an uploaded attachment (the attachment row's url is the file route), checked by its
-- content when uploaded: its type as the content showed it, its SHA-256, at most 20 MB.
CREATE TABLE record_attachment_file (
  attachment_id  integer PRIMARY KEY REFERENCES record_attachment(id) ON DELETE CASCADE,
  tenant_id      integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  content_type   text NOT NULL,
  sha256         text NOT NULL,
  bytes          bytea NOT NULL CHECK (octet_length(bytes) BETWEEN 1 AND 20971520),
  uploaded_at    timestamptz NOT NULL DEFAULT now(),
  uploaded_by    text NOT NULL DEFAULT ''
);
CREATE INDEX record_attachment_file_tenant ON record_attachment_file (tenant_id);
