-- Author order: a sort key like title_sort (pinyin first, so Chinese names sort as a Chinese reader
-- expects, then the folded name). Computed by the catalogue when a record is stored; records
-- stored before this migration get theirs from the start-up backfill (NULL marks them).
ALTER TABLE bib_record ADD COLUMN author_sort text;
