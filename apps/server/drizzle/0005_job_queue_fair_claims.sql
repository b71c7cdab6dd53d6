DROP INDEX "jobs_due_idx";--> statement-breakpoint
DROP INDEX "jobs_idempotency_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "queue" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_fair_idx" ON "jobs" USING btree ("queue",coalesce("workspace_id", '00000000-0000-0000-0000-000000000000'::uuid),"run_at") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_running_idx" ON "jobs" USING btree ("locked_at") WHERE "jobs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("finished_at") WHERE "jobs"."status" in ('done', 'failed', 'cancelled');--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_idempotency_idx" ON "jobs" USING btree ("name","idempotency_key") WHERE "jobs"."status" in ('queued', 'running');