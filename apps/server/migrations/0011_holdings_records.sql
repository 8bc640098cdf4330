-- Holdings that arrive as records of their own (MARC21 holdings / MFHD, ISO 20775) attach to the
-- bibliographic record they name. A record is found by the numbers its source systems know it by
-- (001s, 035 $a, 901 $a); records imported before this migration get theirs when imported again.
ALTER TABLE bib_record ADD COLUMN system_numbers text[] NOT NULL DEFAULT '{}';
CREATE INDEX bib_record_system_numbers ON bib_record USING gin (system_numbers);

-- Items that came from a holdings record carry its key: re-importing the bibliographic record
-- keeps them, re-importing the holdings record replaces exactly them.
ALTER TABLE item ADD COLUMN holdings_key text;
CREATE INDEX item_holdings ON item (record_id, holdings_key) WHERE holdings_key IS NOT NULL;
