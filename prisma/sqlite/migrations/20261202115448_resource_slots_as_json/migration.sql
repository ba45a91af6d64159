-- Resource slots move from the ResourceSlot table into Tool."resourceSlots", a JSON array of
-- slot objects in slot order (the keys are the ones src/store/mapping.ts reads). Hand-edited
-- from Prisma's output so that existing slots are kept: the redefined Tool table is filled with
-- each tool's slots, and ResourceSlot is dropped only after that copy (and before the old Tool
-- table, so no foreign key is left pointing at a dropped table).

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Tool" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "toolType" TEXT NOT NULL DEFAULT 'tool',
    "code" TEXT,
    "mcpServer" TEXT,
    "mcpToolName" TEXT,
    "agentSkillPath" TEXT,
    "wrapsName" TEXT,
    "wrapsToolType" TEXT,
    "inputSchema" JSONB,
    "outputSchema" JSONB,
    "readOnly" BOOLEAN NOT NULL,
    "writes" BOOLEAN NOT NULL,
    "writeScope" TEXT,
    "checkpointable" BOOLEAN NOT NULL,
    "checkpointScope" TEXT,
    "sideEffects" JSONB NOT NULL,
    "idempotent" BOOLEAN NOT NULL,
    "unsafe" BOOLEAN NOT NULL,
    "humanApprovalRequired" BOOLEAN NOT NULL,
    "costProfile" TEXT,
    "lifecycle" JSONB,
    "timeout" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "resourceSlots" JSONB NOT NULL,
    CONSTRAINT "Tool_wrapsName_wrapsToolType_fkey" FOREIGN KEY ("wrapsName", "wrapsToolType") REFERENCES "Tool" ("name", "toolType") ON DELETE RESTRICT ON UPDATE RESTRICT
);
INSERT INTO "new_Tool" ("agentSkillPath", "checkpointScope", "checkpointable", "code", "costProfile", "createdAt", "description", "humanApprovalRequired", "id", "idempotent", "inputSchema", "lifecycle", "mcpServer", "mcpToolName", "name", "outputSchema", "readOnly", "sideEffects", "source", "timeout", "toolType", "unsafe", "updatedAt", "wrapsName", "wrapsToolType", "writeScope", "writes", "resourceSlots") SELECT "agentSkillPath", "checkpointScope", "checkpointable", "code", "costProfile", "createdAt", "description", "humanApprovalRequired", "id", "idempotent", "inputSchema", "lifecycle", "mcpServer", "mcpToolName", "name", "outputSchema", "readOnly", "sideEffects", "source", "timeout", "toolType", "unsafe", "updatedAt", "wrapsName", "wrapsToolType", "writeScope", "writes", (
    SELECT json_group_array(json_object(
        'name', "ResourceSlot"."name",
        'resourceType', "ResourceSlot"."resourceType",
        'access', "ResourceSlot"."access",
        'description', "ResourceSlot"."description",
        'binding', "ResourceSlot"."binding",
        'staticResource', "ResourceSlot"."staticResource",
        'required', json(CASE WHEN "ResourceSlot"."required" THEN 'true' ELSE 'false' END)
    ) ORDER BY "ResourceSlot"."position")
    FROM "ResourceSlot" WHERE "ResourceSlot"."toolId" = "Tool"."id"
) FROM "Tool";
DROP INDEX "ResourceSlot_toolId_position_key";
DROP INDEX "ResourceSlot_toolId_name_key";
DROP TABLE "ResourceSlot";
DROP TABLE "Tool";
ALTER TABLE "new_Tool" RENAME TO "Tool";
CREATE UNIQUE INDEX "Tool_name_key" ON "Tool"("name");
CREATE INDEX "Tool_source_name_idx" ON "Tool"("source", "name");
CREATE INDEX "Tool_toolType_name_idx" ON "Tool"("toolType", "name");
CREATE INDEX "Tool_readOnly_name_idx" ON "Tool"("readOnly", "name");
CREATE INDEX "Tool_writes_name_idx" ON "Tool"("writes", "name");
CREATE INDEX "Tool_unsafe_name_idx" ON "Tool"("unsafe", "name");
CREATE INDEX "Tool_humanApprovalRequired_name_idx" ON "Tool"("humanApprovalRequired", "name");
CREATE INDEX "Tool_updatedAt_name_idx" ON "Tool"("updatedAt", "name");
CREATE INDEX "Tool_wrapsName_wrapsToolType_idx" ON "Tool"("wrapsName", "wrapsToolType");
CREATE UNIQUE INDEX "Tool_name_toolType_key" ON "Tool"("name", "toolType");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
