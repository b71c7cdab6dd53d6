CREATE TABLE "knowledge_passages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"article_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"search_text" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, search_text)) STORED NOT NULL,
	"embedding" real[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_terms" (
	"workspace_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"term" text NOT NULL,
	"passages" integer NOT NULL,
	CONSTRAINT "knowledge_terms_workspace_id_agent_id_term_pk" PRIMARY KEY("workspace_id","agent_id","term")
);
--> statement-breakpoint
ALTER TABLE "knowledge_passages" ADD CONSTRAINT "knowledge_passages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_passages" ADD CONSTRAINT "knowledge_passages_agent_id_cs_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."cs_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_terms" ADD CONSTRAINT "knowledge_terms_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_terms" ADD CONSTRAINT "knowledge_terms_agent_id_cs_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."cs_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_passages_vector_idx" ON "knowledge_passages" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "knowledge_passages_trgm_idx" ON "knowledge_passages" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "knowledge_passages_agent_idx" ON "knowledge_passages" USING btree ("agent_id","article_id");--> statement-breakpoint
CREATE INDEX "knowledge_passages_article_idx" ON "knowledge_passages" USING btree ("article_id","position");