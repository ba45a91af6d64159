-- How many tools share each combination of facet columns (ToolFacet), so that toolStats,
-- namespaces and unsearched totals do not scan Tool. Write transactions keep it in step from now
-- on (src/store/facet-counts.ts), and this fills it from the tools already stored.
-- CreateTable
CREATE TABLE "ToolFacet" (
    "namespace" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "toolType" TEXT NOT NULL,
    "readOnly" BOOLEAN NOT NULL,
    "writes" BOOLEAN NOT NULL,
    "checkpointable" BOOLEAN NOT NULL,
    "idempotent" BOOLEAN NOT NULL,
    "unsafe" BOOLEAN NOT NULL,
    "humanApprovalRequired" BOOLEAN NOT NULL,
    "count" INTEGER NOT NULL,

    PRIMARY KEY ("namespace", "source", "toolType", "readOnly", "writes", "checkpointable", "idempotent", "unsafe", "humanApprovalRequired")
);

-- Backfill from the existing tools.
INSERT INTO "ToolFacet" ("namespace", "source", "toolType", "readOnly", "writes", "checkpointable", "idempotent", "unsafe", "humanApprovalRequired", "count")
SELECT substr("name", 1, instr("name", '/') - 1), "source", "toolType", "readOnly", "writes", "checkpointable", "idempotent", "unsafe", "humanApprovalRequired", COUNT(*)
FROM "Tool"
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
