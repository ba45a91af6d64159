-- CreateIndex
CREATE INDEX "Tool_checkpointable_name_idx" ON "Tool"("checkpointable", "name");

-- CreateIndex
CREATE INDEX "Tool_idempotent_name_idx" ON "Tool"("idempotent", "name");

-- CreateIndex
CREATE INDEX "Tool_deprecatedAt_name_idx" ON "Tool"("deprecatedAt", "name");
