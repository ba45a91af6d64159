-- CreateEnum
CREATE TYPE "ToolSource" AS ENUM ('mcp', 'agent_skill', 'builtin', 'custom', 'wrapped');

-- CreateEnum
CREATE TYPE "ToolType" AS ENUM ('tool', 'validation');

-- CreateEnum
CREATE TYPE "CheckpointScope" AS ENUM ('resource', 'write_scope', 'session');

-- CreateEnum
CREATE TYPE "ResourceAccessMode" AS ENUM ('read_only', 'read_write');

-- CreateEnum
CREATE TYPE "BindingMode" AS ENUM ('contextual', 'static');

-- CreateTable
CREATE TABLE "Tool" (
    "id" SERIAL NOT NULL,
    "name" TEXT COLLATE "C" NOT NULL,
    "description" TEXT NOT NULL,
    "source" "ToolSource" NOT NULL,
    "toolType" "ToolType" NOT NULL DEFAULT 'tool',
    "code" TEXT,
    "mcpServer" TEXT,
    "mcpToolName" TEXT,
    "agentSkillPath" TEXT,
    "wrapsName" TEXT COLLATE "C",
    "wrapsToolType" "ToolType",
    "inputSchema" JSONB,
    "outputSchema" JSONB,
    "readOnly" BOOLEAN NOT NULL,
    "writes" BOOLEAN NOT NULL,
    "writeScope" TEXT,
    "checkpointable" BOOLEAN NOT NULL,
    "checkpointScope" "CheckpointScope",
    "sideEffects" JSONB NOT NULL,
    "idempotent" BOOLEAN NOT NULL,
    "unsafe" BOOLEAN NOT NULL,
    "humanApprovalRequired" BOOLEAN NOT NULL,
    "costProfile" TEXT,
    "lifecycle" JSONB,
    "timeout" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Tool_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ResourceSlot" (
    "id" SERIAL NOT NULL,
    "toolId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "resourceType" TEXT NOT NULL,
    "access" "ResourceAccessMode" NOT NULL,
    "description" TEXT NOT NULL,
    "binding" "BindingMode" NOT NULL,
    "staticResource" TEXT,
    "required" BOOLEAN NOT NULL,

    CONSTRAINT "ResourceSlot_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "Tool" ADD CONSTRAINT "Tool_wrapsName_wrapsToolType_fkey" FOREIGN KEY ("wrapsName", "wrapsToolType") REFERENCES "Tool"("name", "toolType") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ResourceSlot" ADD CONSTRAINT "ResourceSlot_toolId_fkey" FOREIGN KEY ("toolId") REFERENCES "Tool"("id") ON DELETE CASCADE ON UPDATE CASCADE;
