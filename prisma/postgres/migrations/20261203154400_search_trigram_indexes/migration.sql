-- search (LIKE %…% on "name" and "descriptionSearch") through trigram indexes instead of a scan.
-- pg_trgm is a trusted extension: the database owner may create it, no superuser needed.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "Tool_name_trgm_idx" ON "Tool" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Tool_descriptionSearch_trgm_idx" ON "Tool" USING GIN ("descriptionSearch" gin_trgm_ops);
