-- Tombstones: a deleted tool keeps its row, marked by "deletedAt", so that sync clients can learn of
-- the delete (tools(filter: { includeDeleted: true })). Rows of before are all live.
-- AlterTable
ALTER TABLE "Tool" ADD COLUMN "deletedAt" DATETIME;
ALTER TABLE "Tool" ADD COLUMN "deletedBy" TEXT;
