CREATE TABLE "broadcast_counts" (
	"workspace_id" uuid NOT NULL,
	"broadcast_id" uuid NOT NULL,
	"status" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "broadcast_counts_broadcast_id_status_pk" PRIMARY KEY("broadcast_id","status")
);
--> statement-breakpoint
CREATE TABLE "broadcast_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"broadcast_id" uuid NOT NULL,
	"customer_id" uuid,
	"phone" text,
	"status" text NOT NULL,
	"skip_reason" text,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone,
	"retries" integer DEFAULT 0 NOT NULL,
	"external_id" text,
	"error_code" text,
	"error_title" text,
	"sending_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"replied_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "broadcasts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"channel_id" uuid NOT NULL,
	"template_id" uuid,
	"template_name" text NOT NULL,
	"template_language" text NOT NULL,
	"template_category" text NOT NULL,
	"parameters" jsonb NOT NULL,
	"audience" jsonb NOT NULL,
	"status" text NOT NULL,
	"status_reason" text,
	"send_at" timestamp with time zone NOT NULL,
	"run" integer DEFAULT 0 NOT NULL,
	"estimated_cost_cents" integer DEFAULT 0 NOT NULL,
	"created_by_member_id" uuid,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "broadcast_counts" ADD CONSTRAINT "broadcast_counts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_counts" ADD CONSTRAINT "broadcast_counts_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD CONSTRAINT "broadcast_recipients_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD CONSTRAINT "broadcast_recipients_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD CONSTRAINT "broadcast_recipients_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_template_id_whatsapp_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."whatsapp_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "broadcast_recipients_claim_idx" ON "broadcast_recipients" USING btree ("broadcast_id","status","id");--> statement-breakpoint
CREATE INDEX "broadcast_recipients_external_idx" ON "broadcast_recipients" USING btree ("external_id") WHERE "broadcast_recipients"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "broadcast_recipients_customer_idx" ON "broadcast_recipients" USING btree ("customer_id","sent_at") WHERE "broadcast_recipients"."sent_at" is not null and "broadcast_recipients"."replied_at" is null;--> statement-breakpoint
CREATE INDEX "broadcasts_workspace_idx" ON "broadcasts" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "broadcasts_sending_idx" ON "broadcasts" USING btree ("status") WHERE "broadcasts"."status" = 'sending';--> statement-breakpoint
-- A broadcast's counts by recipient status (and `replied`), moved by whole statements through transition tables:
-- the creation's INSERT … SELECT and each batch's UPDATE change them once, whatever the number of rows.
CREATE FUNCTION "broadcast_recipients_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "broadcast_counts" ("workspace_id", "broadcast_id", "status", "count")
    SELECT "workspace_id", "broadcast_id", "status", sum("n")::int FROM (
      SELECT "workspace_id", "broadcast_id", "status", 1 AS "n" FROM "new_rows"
      UNION ALL SELECT "workspace_id", "broadcast_id", 'total', 1 FROM "new_rows"
    ) AS "moved" GROUP BY 1, 2, 3 ORDER BY 2, 3
    ON CONFLICT ("broadcast_id", "status") DO UPDATE SET "count" = "broadcast_counts"."count" + excluded."count";
  ELSE
    INSERT INTO "broadcast_counts" ("workspace_id", "broadcast_id", "status", "count")
    SELECT "workspace_id", "broadcast_id", "status", sum("n")::int FROM (
      SELECT "workspace_id", "broadcast_id", "status", 1 AS "n" FROM "new_rows"
      UNION ALL SELECT "workspace_id", "broadcast_id", "status", -1 FROM "old_rows"
      UNION ALL SELECT "workspace_id", "broadcast_id", 'replied', 1 FROM "new_rows" WHERE "replied_at" IS NOT NULL
      UNION ALL SELECT "workspace_id", "broadcast_id", 'replied', -1 FROM "old_rows" WHERE "replied_at" IS NOT NULL
    ) AS "moved" GROUP BY 1, 2, 3 HAVING sum("n") <> 0 ORDER BY 2, 3
    ON CONFLICT ("broadcast_id", "status") DO UPDATE SET "count" = "broadcast_counts"."count" + excluded."count";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "broadcast_recipients_counted_insert" AFTER INSERT ON "broadcast_recipients"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "broadcast_recipients_counted"();
--> statement-breakpoint
CREATE TRIGGER "broadcast_recipients_counted_update" AFTER UPDATE ON "broadcast_recipients"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "broadcast_recipients_counted"();
