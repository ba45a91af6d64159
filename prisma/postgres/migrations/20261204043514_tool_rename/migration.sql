-- renameTool: the tombstone left under the old name of a tool says where it went, and renames append
-- revisions of their own kind. Rows of before are no renames.
-- AlterEnum
ALTER TYPE "ToolRevisionKind" ADD VALUE 'renamed';

-- AlterTable
ALTER TABLE "Tool" ADD COLUMN     "renamedTo" TEXT;
