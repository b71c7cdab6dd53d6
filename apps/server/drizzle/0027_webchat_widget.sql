CREATE TABLE "webchat_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"visitor_id" uuid NOT NULL,
	"media_key" text NOT NULL,
	"media_type" text NOT NULL,
	"filename" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webchat_visitors" ALTER COLUMN "customer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "widget" jsonb;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "csat_score" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "csat_comment" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "csat_rated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webchat_visitors" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "webchat_visitors" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "webchat_visitors" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "webchat_uploads" ADD CONSTRAINT "webchat_uploads_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webchat_uploads" ADD CONSTRAINT "webchat_uploads_visitor_id_webchat_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."webchat_visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webchat_uploads_visitor" ON "webchat_uploads" USING btree ("visitor_id");