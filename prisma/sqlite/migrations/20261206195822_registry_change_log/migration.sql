-- The registry-wide change log (spec section 9, Sync): what changes(after:) pages through.
-- Every revision already committed becomes a change, in the order revisions were appended (their
-- id), numbered from 1. Renames of before this migration do not say the name they left (the
-- revisions never recorded it), and purges of before left nothing to record.
-- CreateTable
CREATE TABLE "RegistryChange" (
    "position" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL,
    "toolName" TEXT NOT NULL,
    "renamedFrom" TEXT,
    "revision" INTEGER NOT NULL,
    "contentHash" TEXT NOT NULL,
    "safetyDowngrades" JSONB NOT NULL DEFAULT '[]',
    "actor" TEXT NOT NULL,
    "committedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "RegistryChange_toolName_position_idx" ON "RegistryChange"("toolName", "position");

-- Backfill
INSERT INTO "RegistryChange" ("position", "kind", "toolName", "renamedFrom", "revision", "contentHash", "safetyDowngrades", "actor", "committedAt")
SELECT ROW_NUMBER() OVER (ORDER BY "id"), "kind", "toolName", NULL, "revision", "contentHash", "safetyDowngrades", "actor", "committedAt"
FROM "ToolRevision";
