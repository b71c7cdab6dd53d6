ALTER TABLE "audit_logs" ADD COLUMN "target_name" text;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "workspace_name" text;