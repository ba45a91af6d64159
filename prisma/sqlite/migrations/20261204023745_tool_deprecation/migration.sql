-- Deprecation: registry state of a tool (message, replacement, when and by whom), kept beside its
-- definition and out of its content hash. Deprecating and undeprecating append revisions.
-- AlterTable
ALTER TABLE "Tool" ADD COLUMN "deprecatedAt" DATETIME;
ALTER TABLE "Tool" ADD COLUMN "deprecatedBy" TEXT;
ALTER TABLE "Tool" ADD COLUMN "deprecationMessage" TEXT;
ALTER TABLE "Tool" ADD COLUMN "replacedBy" TEXT;
