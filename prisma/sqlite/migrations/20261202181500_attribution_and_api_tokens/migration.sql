-- Writes are attributed (Tool.createdBy, Tool.updatedBy): every tool written before this migration
-- was written without a credential, so it is attributed to "anonymous". API tokens are stored as
-- the SHA-256 of the token, never the token itself.

-- CreateTable
CREATE TABLE "ApiToken" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "namespaces" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" DATETIME
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Tool" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "descriptionSearch" TEXT,
    "source" TEXT NOT NULL,
    "toolType" TEXT NOT NULL DEFAULT 'tool',
    "code" TEXT,
    "mcpServer" TEXT,
    "mcpToolName" TEXT,
    "agentSkillPath" TEXT,
    "wrapsName" TEXT,
    "wrapsToolType" TEXT,
    "inputSchema" TEXT,
    "outputSchema" TEXT,
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
    "createdBy" TEXT NOT NULL DEFAULT 'anonymous',
    "updatedBy" TEXT NOT NULL DEFAULT 'anonymous',
    "resourceSlots" JSONB NOT NULL,
    CONSTRAINT "Tool_wrapsName_wrapsToolType_fkey" FOREIGN KEY ("wrapsName", "wrapsToolType") REFERENCES "Tool" ("name", "toolType") ON DELETE RESTRICT ON UPDATE RESTRICT
);
INSERT INTO "new_Tool" ("agentSkillPath", "checkpointScope", "checkpointable", "code", "costProfile", "createdAt", "description", "descriptionSearch", "humanApprovalRequired", "id", "idempotent", "inputSchema", "lifecycle", "mcpServer", "mcpToolName", "name", "outputSchema", "readOnly", "resourceSlots", "sideEffects", "source", "timeout", "toolType", "unsafe", "updatedAt", "wrapsName", "wrapsToolType", "writeScope", "writes") SELECT "agentSkillPath", "checkpointScope", "checkpointable", "code", "costProfile", "createdAt", "description", "descriptionSearch", "humanApprovalRequired", "id", "idempotent", "inputSchema", "lifecycle", "mcpServer", "mcpToolName", "name", "outputSchema", "readOnly", "resourceSlots", "sideEffects", "source", "timeout", "toolType", "unsafe", "updatedAt", "wrapsName", "wrapsToolType", "writeScope", "writes" FROM "Tool";
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

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_name_key" ON "ApiToken"("name");

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_tokenHash_key" ON "ApiToken"("tokenHash");
