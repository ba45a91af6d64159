-- Tombstones: a deleted tool keeps its row, marked by "deletedAt", so that sync clients can learn of
-- the delete (tools(filter: { includeDeleted: true })). Rows of before are all live.
-- AlterTable
ALTER TABLE "Tool" ADD COLUMN     "deletedAt" TIMESTAMP(3),
ADD COLUMN     "deletedBy" TEXT;
