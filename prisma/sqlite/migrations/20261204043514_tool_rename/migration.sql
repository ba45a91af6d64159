-- renameTool: the tombstone left under the old name of a tool says where it went. Rows of before are no renames.
-- AlterTable
ALTER TABLE "Tool" ADD COLUMN "renamedTo" TEXT;
