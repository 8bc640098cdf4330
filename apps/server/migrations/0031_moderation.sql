-- Moderation of readers' comments in the staff console (issue 28). A rejected comment keeps the
-- reason the reader sees in "my comments"; `flagged_words` are the institution's sensitive words the
-- comment contains (found when it is posted, found again when the list changes), listed first in the
-- queue. `moderated_by` (0004) names the staff account that decided.
ALTER TABLE record_comment
  ADD COLUMN reject_reason text CHECK (length(reject_reason) <= 200),
  ADD COLUMN flagged_words text[] NOT NULL DEFAULT '{}';
-- A reader's own comments, newest first ("my comments").
CREATE INDEX record_comment_reader ON record_comment (tenant_id, reader_id, created_at DESC);

-- An institution's sensitive words: a comment containing one is flagged for review. `folded` is the
-- word as matched (lower case, NFKC: full-width → half-width, Traditional → Simplified), once per
-- institution; `word` as the administrator typed it.
CREATE TABLE moderation_word (
  tenant_id   integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  folded      text NOT NULL CHECK (length(folded) BETWEEN 1 AND 50),
  word        text NOT NULL CHECK (length(word) BETWEEN 1 AND 50),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, folded)
);
