ALTER TABLE "notifications" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_one_per_conversation" ON "notifications" USING btree ("user_id","subject") WHERE "notifications"."type" = 'conversation.message';--> statement-breakpoint
CREATE INDEX "notifications_subject_idx" ON "notifications" USING btree ("user_id","subject") WHERE "notifications"."subject" is not null;