ALTER TABLE "audit_logs" ADD COLUMN "event_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_logs_event_idx" ON "audit_logs" USING btree ("event_id");