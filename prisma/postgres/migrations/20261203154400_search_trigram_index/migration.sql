-- search (a substring of "name" or "descriptionSearch") through a trigram index instead of a scan.
-- One GIN index over both columns joined by a line break narrows the candidates, and the LIKE on
-- each column decides (src/store/dialect.ts). It is an expression index on purpose: pg_trgm also
-- serves `=`, and a trigram index on "name" itself is what the planner picked, on fresh
-- statistics, for the lookups of tools by name, taking seconds where the unique index takes
-- microseconds. Prisma's schema cannot describe an expression index, and its diff ignores them.
-- New entries wait in the index's pending list, which every search reads in full until it is merged:
-- a 256 kB list (the default is 4 MB) keeps a search right after a large import at a few ms
-- (measured at 11,000 tools: 6 ms against 16 ms) for 5 % more import time.
-- pg_trgm is a trusted extension: the database owner may create it, no superuser needed.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX "Tool_search_trgm_idx" ON "Tool" USING GIN (("name" || E'\n' || COALESCE("descriptionSearch", '')) gin_trgm_ops)
WITH (gin_pending_list_limit = 256);
