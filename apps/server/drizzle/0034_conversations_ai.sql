ALTER TABLE "conversations" ADD COLUMN "ai_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sender_agent_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sources" jsonb;