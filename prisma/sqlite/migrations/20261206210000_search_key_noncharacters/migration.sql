-- The search key (src/domain/search.ts) now takes U+FFFE and U+FFFF as U+FFFD, as SQLite reads
-- them, so that a search answers the same on both databases. The keys that hold either are made
-- again by the backfill that runs right after migrating (src/store/migrate.ts).
UPDATE "Tool" SET "descriptionSearch" = NULL WHERE instr("descriptionSearch", char(65534)) > 0 OR instr("descriptionSearch", char(65535)) > 0;
