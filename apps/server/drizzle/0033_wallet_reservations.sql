CREATE TABLE "wallet_reservations" (
	"workspace_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_reservations_workspace_id_reference_pk" PRIMARY KEY("workspace_id","reference"),
	CONSTRAINT "wallet_reservations_not_negative" CHECK ("wallet_reservations"."cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "wallet_reservations" ADD CONSTRAINT "wallet_reservations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;