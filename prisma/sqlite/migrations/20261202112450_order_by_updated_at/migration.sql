-- DropIndex
DROP INDEX "Tool_updatedAt_idx";

-- CreateIndex
CREATE INDEX "Tool_updatedAt_name_idx" ON "Tool"("updatedAt", "name");
