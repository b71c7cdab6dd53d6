CREATE TABLE "assignment_turns" (
	"workspace_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"last_turn" bigint NOT NULL,
	CONSTRAINT "assignment_turns_channel_id_member_id_pk" PRIMARY KEY("channel_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "auto_assign_mode" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "auto_assign_team_id" uuid;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "auto_assign_max_open" integer;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD COLUMN "availability" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "assignment_turns" ADD CONSTRAINT "assignment_turns_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_turns" ADD CONSTRAINT "assignment_turns_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_turns" ADD CONSTRAINT "assignment_turns_member_id_workspace_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."workspace_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_auto_assign_team_id_teams_id_fk" FOREIGN KEY ("auto_assign_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_open_assignee_idx" ON "conversations" USING btree ("channel_id","assignee_member_id") WHERE "conversations"."status" = 'open';