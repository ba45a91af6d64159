-- Writes are attributed (Tool.createdBy, Tool.updatedBy): every tool written before this migration
-- was written without a credential, so it is attributed to "anonymous". API tokens are stored as
-- the SHA-256 of the token, never the token itself.

-- AlterTable
ALTER TABLE "Tool" ADD COLUMN     "createdBy" TEXT NOT NULL DEFAULT 'anonymous',
ADD COLUMN     "updatedBy" TEXT NOT NULL DEFAULT 'anonymous';

-- CreateTable
CREATE TABLE "ApiToken" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "namespaces" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),

    CONSTRAINT "ApiToken_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_name_key" ON "ApiToken"("name");

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_tokenHash_key" ON "ApiToken"("tokenHash");
