-- Safety downgrades (spec section 9, Writes): what each revision lowered of its tool's safety.
-- Revisions written before this migration list none. An added column, not a rebuilt table: the
-- history may be long.
-- AlterTable
ALTER TABLE "ToolRevision" ADD COLUMN "safetyDowngrades" JSONB NOT NULL DEFAULT '[]';
