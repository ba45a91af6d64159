-- CreateTable
CREATE TABLE "KeyedWrite" (
    "actor" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("actor", "key")
);

-- CreateIndex
CREATE INDEX "KeyedWrite_createdAt_idx" ON "KeyedWrite"("createdAt");
