-- Findings (spec section 8): what the scanner found in each definition, and the rank of the most
-- severe, which `maxFindingSeverity` filters by. NULL until the backfill (src/store/migrate.ts)
-- scans the tools stored before this migration.
-- AlterTable
ALTER TABLE "Tool" ADD COLUMN     "findings" TEXT,
ADD COLUMN     "maxFindingSeverity" INTEGER;

-- CreateIndex
CREATE INDEX "Tool_maxFindingSeverity_name_idx" ON "Tool"("maxFindingSeverity", "name");
