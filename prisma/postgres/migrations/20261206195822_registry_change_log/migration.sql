-- The registry-wide change log (spec section 9, Sync): what changes(after:) pages through.
-- Every revision already committed becomes a change, in the order revisions were appended (their
-- id), numbered from 1. Renames of before this migration do not say the name they left (the
-- revisions never recorded it), and purges of before left nothing to record.
-- CreateEnum
CREATE TYPE "RegistryChangeKind" AS ENUM ('created', 'updated', 'deleted', 'deprecated', 'undeprecated', 'restored', 'renamed', 'purged');

-- CreateTable
CREATE TABLE "RegistryChange" (
    "position" INTEGER NOT NULL,
    "kind" "RegistryChangeKind" NOT NULL,
    "toolName" TEXT NOT NULL,
    "renamedFrom" TEXT,
    "revision" INTEGER NOT NULL,
    "contentHash" TEXT NOT NULL,
    "safetyDowngrades" JSONB NOT NULL DEFAULT '[]',
    "actor" TEXT NOT NULL,
    "committedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RegistryChange_pkey" PRIMARY KEY ("position")
);

-- CreateIndex
CREATE INDEX "RegistryChange_toolName_position_idx" ON "RegistryChange"("toolName", "position");

-- Backfill
INSERT INTO "RegistryChange" ("position", "kind", "toolName", "renamedFrom", "revision", "contentHash", "safetyDowngrades", "actor", "committedAt")
SELECT ROW_NUMBER() OVER (ORDER BY "id"), "kind"::text::"RegistryChangeKind", "toolName", NULL, "revision", "contentHash", "safetyDowngrades", "actor", "committedAt"
FROM "ToolRevision";
