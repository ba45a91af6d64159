-- CreateTable
CREATE TABLE "Tool" (
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
    CONSTRAINT "Tool_wrapsName_wrapsToolType_fkey" FOREIGN KEY ("wrapsName", "wrapsToolType") REFERENCES "Tool" ("name", "toolType") ON DELETE RESTRICT ON UPDATE RESTRICT
);

-- CreateTable
CREATE TABLE "ResourceSlot" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "toolId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "resourceType" TEXT NOT NULL,
    "access" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "binding" TEXT NOT NULL,
    "staticResource" TEXT,
    "required" BOOLEAN NOT NULL,
    CONSTRAINT "ResourceSlot_toolId_fkey" FOREIGN KEY ("toolId") REFERENCES "Tool" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "Tool_name_key" ON "Tool"("name");

-- CreateIndex
CREATE INDEX "Tool_source_name_idx" ON "Tool"("source", "name");

-- CreateIndex
CREATE INDEX "Tool_toolType_name_idx" ON "Tool"("toolType", "name");

-- CreateIndex
CREATE INDEX "Tool_readOnly_name_idx" ON "Tool"("readOnly", "name");

-- CreateIndex
CREATE INDEX "Tool_writes_name_idx" ON "Tool"("writes", "name");

-- CreateIndex
CREATE INDEX "Tool_unsafe_name_idx" ON "Tool"("unsafe", "name");

-- CreateIndex
CREATE INDEX "Tool_humanApprovalRequired_name_idx" ON "Tool"("humanApprovalRequired", "name");

-- CreateIndex
CREATE INDEX "Tool_updatedAt_idx" ON "Tool"("updatedAt");

-- CreateIndex
CREATE INDEX "Tool_wrapsName_wrapsToolType_idx" ON "Tool"("wrapsName", "wrapsToolType");

-- CreateIndex
CREATE UNIQUE INDEX "Tool_name_toolType_key" ON "Tool"("name", "toolType");

-- CreateIndex
CREATE UNIQUE INDEX "ResourceSlot_toolId_name_key" ON "ResourceSlot"("toolId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "ResourceSlot_toolId_position_key" ON "ResourceSlot"("toolId", "position");
