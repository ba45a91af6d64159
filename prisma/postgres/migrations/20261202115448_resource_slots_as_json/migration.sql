-- Resource slots move from the ResourceSlot table into Tool."resourceSlots", a JSON array of
-- slot objects in slot order (the keys are the ones src/store/mapping.ts reads). Hand-edited
-- from Prisma's output so that existing slots are kept: the column is added nullable, filled
-- with each tool's slots, then made NOT NULL, and only then is ResourceSlot dropped.

-- AlterTable
ALTER TABLE "Tool" ADD COLUMN     "resourceSlots" JSONB;

-- CopySlots
UPDATE "Tool" SET "resourceSlots" = COALESCE((
    SELECT json_agg(json_build_object(
        'name', "ResourceSlot"."name",
        'resourceType', "ResourceSlot"."resourceType",
        'access', "ResourceSlot"."access",
        'description', "ResourceSlot"."description",
        'binding', "ResourceSlot"."binding",
        'staticResource', "ResourceSlot"."staticResource",
        'required', "ResourceSlot"."required"
    ) ORDER BY "ResourceSlot"."position")
    FROM "ResourceSlot" WHERE "ResourceSlot"."toolId" = "Tool"."id"
), '[]')::jsonb;

-- AlterTable
ALTER TABLE "Tool" ALTER COLUMN "resourceSlots" SET NOT NULL;

-- DropForeignKey
ALTER TABLE "ResourceSlot" DROP CONSTRAINT "ResourceSlot_toolId_fkey";

-- DropTable
DROP TABLE "ResourceSlot";

-- DropEnum
DROP TYPE "BindingMode";

-- DropEnum
DROP TYPE "ResourceAccessMode";
