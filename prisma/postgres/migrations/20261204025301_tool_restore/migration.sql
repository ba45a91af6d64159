-- restoreTool appends revisions of their own kind (SQLite keeps the kind as text: no migration there).
-- AlterEnum
ALTER TYPE "ToolRevisionKind" ADD VALUE 'restored';
