-- `search` matches a case-folded copy of the description (descriptionSearch), filled by the store on
-- every write and, for the rows that exist before this migration, by the backfill that runs right
-- after migrating (src/store/migrate.ts): the folding is JavaScript (src/domain/search.ts), so that
-- both databases match exactly the same tools. The JSON Schema columns become the JSON text the
-- store writes, which keeps keys exactly as given, and existing values are kept as their JSON text.

-- AlterTable
ALTER TABLE "Tool" ADD COLUMN     "descriptionSearch" TEXT,
ALTER COLUMN "inputSchema" SET DATA TYPE TEXT,
ALTER COLUMN "outputSchema" SET DATA TYPE TEXT;
