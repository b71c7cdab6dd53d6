ALTER TABLE "workspace_invites" ADD COLUMN "sent_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "workspace_invites" SET "sent_at" = "created_at";--> statement-breakpoint
-- a membership exists only once its invitation was accepted: no member is still "invited"
UPDATE "workspace_members" SET "invited" = false WHERE "invited";--> statement-breakpoint
-- team names become unique per organization whatever their case: the older team keeps its name, later ones get
-- " (2)", " (3)", …; a suffixed name that is taken as well gets the team's id instead
UPDATE "teams" SET "name" = "ranked"."name" || ' (' || "ranked"."n" || ')'
FROM (
  SELECT "id", "name", row_number() OVER (PARTITION BY "workspace_id", lower("name") ORDER BY "created_at", "id") AS "n"
  FROM "teams"
) AS "ranked"
WHERE "teams"."id" = "ranked"."id" AND "ranked"."n" > 1;--> statement-breakpoint
UPDATE "teams" SET "name" = "ranked"."name" || ' (' || "ranked"."id" || ')'
FROM (
  SELECT "id", "name", row_number() OVER (PARTITION BY "workspace_id", lower("name") ORDER BY "created_at", "id") AS "n"
  FROM "teams"
) AS "ranked"
WHERE "teams"."id" = "ranked"."id" AND "ranked"."n" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "teams_workspace_name_key" ON "teams" USING btree ("workspace_id",lower("name"));
