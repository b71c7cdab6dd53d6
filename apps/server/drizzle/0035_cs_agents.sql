CREATE TABLE "cs_agent_channels" (
	"workspace_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	CONSTRAINT "cs_agent_channels_agent_id_channel_id_pk" PRIMARY KEY("agent_id","channel_id")
);
--> statement-breakpoint
CREATE TABLE "cs_agent_instructions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"condition" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cs_agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"show_name_to_customer" boolean DEFAULT false NOT NULL,
	"response_tone" text NOT NULL,
	"response_features" text[] DEFAULT '{}'::text[] NOT NULL,
	"handoff_team_id" uuid,
	"handoff_message" text,
	"monthly_token_budget" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"source" text DEFAULT 'editor' NOT NULL,
	"source_name" text,
	"passage_count" integer DEFAULT 0 NOT NULL,
	"indexed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cs_agent_channels" ADD CONSTRAINT "cs_agent_channels_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cs_agent_channels" ADD CONSTRAINT "cs_agent_channels_agent_id_cs_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."cs_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cs_agent_channels" ADD CONSTRAINT "cs_agent_channels_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cs_agent_instructions" ADD CONSTRAINT "cs_agent_instructions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cs_agent_instructions" ADD CONSTRAINT "cs_agent_instructions_agent_id_cs_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."cs_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cs_agents" ADD CONSTRAINT "cs_agents_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cs_agents" ADD CONSTRAINT "cs_agents_handoff_team_id_teams_id_fk" FOREIGN KEY ("handoff_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_articles" ADD CONSTRAINT "knowledge_articles_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_articles" ADD CONSTRAINT "knowledge_articles_agent_id_cs_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."cs_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cs_agent_channels_channel_key" ON "cs_agent_channels" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "cs_agent_instructions_agent_idx" ON "cs_agent_instructions" USING btree ("agent_id","position");--> statement-breakpoint
CREATE INDEX "cs_agents_workspace_idx" ON "cs_agents" USING btree ("workspace_id","name");--> statement-breakpoint
CREATE INDEX "knowledge_articles_agent_idx" ON "knowledge_articles" USING btree ("agent_id","created_at");