CREATE TABLE "cs_agent_usage" (
	"workspace_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"day" date NOT NULL,
	"input_tokens" bigint DEFAULT 0 NOT NULL,
	"output_tokens" bigint DEFAULT 0 NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	"handoffs" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cs_agent_usage_agent_id_day_pk" PRIMARY KEY("agent_id","day")
);
--> statement-breakpoint
ALTER TABLE "cs_agent_usage" ADD CONSTRAINT "cs_agent_usage_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cs_agent_usage_workspace_idx" ON "cs_agent_usage" USING btree ("workspace_id","day");