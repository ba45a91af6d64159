-- CreateTable
CREATE TABLE "KeyedWrite" (
    "actor" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "KeyedWrite_pkey" PRIMARY KEY ("actor","key")
);

-- CreateIndex
CREATE INDEX "KeyedWrite_createdAt_idx" ON "KeyedWrite"("createdAt");
