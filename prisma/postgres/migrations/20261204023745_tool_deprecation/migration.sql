-- Deprecation: registry state of a tool (message, replacement, when and by whom), kept beside its
-- definition and out of its content hash. Deprecating and undeprecating append revisions.
-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "ToolRevisionKind" ADD VALUE 'deprecated';
ALTER TYPE "ToolRevisionKind" ADD VALUE 'undeprecated';

-- AlterTable
ALTER TABLE "Tool" ADD COLUMN     "deprecatedAt" TIMESTAMP(3),
ADD COLUMN     "deprecatedBy" TEXT,
ADD COLUMN     "deprecationMessage" TEXT,
ADD COLUMN     "replacedBy" TEXT;
