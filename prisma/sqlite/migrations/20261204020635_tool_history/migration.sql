-- Tool history: every committed change appends a ToolRevision. Existing tools start at revision 1;
-- their "contentHash" and that first revision are computed in JavaScript (src/domain/history.ts) by
-- the backfill that runs right after the migrations (src/store/migrate.ts).
-- CreateTable
CREATE TABLE "ToolRevision" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "toolName" TEXT NOT NULL,
    "revision" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "definition" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "changedFields" JSONB NOT NULL,
    "actor" TEXT NOT NULL,
    "committedAt" DATETIME NOT NULL
);

-- AlterTable: columns added in place rather than by redefining Tool (what Prisma's diff writes),
-- which would drop the search index's triggers with the table.
ALTER TABLE "Tool" ADD COLUMN "revision" INTEGER NOT NULL DEFAULT 1;
ALTER TABLE "Tool" ADD COLUMN "contentHash" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "ToolRevision_toolName_revision_key" ON "ToolRevision"("toolName", "revision");
