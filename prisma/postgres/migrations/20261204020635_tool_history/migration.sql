-- Tool history: every committed change appends a ToolRevision. Existing tools start at revision 1;
-- their "contentHash" and that first revision are computed in JavaScript (src/domain/history.ts) by
-- the backfill that runs right after the migrations (src/store/migrate.ts).
-- CreateEnum
CREATE TYPE "ToolRevisionKind" AS ENUM ('created', 'updated', 'deleted');

-- AlterTable
ALTER TABLE "Tool" ADD COLUMN     "contentHash" TEXT,
ADD COLUMN     "revision" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "ToolRevision" (
    "id" SERIAL NOT NULL,
    "toolName" TEXT NOT NULL,
    "revision" INTEGER NOT NULL,
    "kind" "ToolRevisionKind" NOT NULL,
    "definition" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "changedFields" JSONB NOT NULL,
    "actor" TEXT NOT NULL,
    "committedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ToolRevision_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ToolRevision_toolName_revision_key" ON "ToolRevision"("toolName", "revision");
