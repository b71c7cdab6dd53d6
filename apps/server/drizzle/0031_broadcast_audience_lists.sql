CREATE TABLE "customer_import_members" (
	"workspace_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	CONSTRAINT "customer_import_members_import_id_customer_id_pk" PRIMARY KEY("import_id","customer_id")
);
--> statement-breakpoint
ALTER TABLE "customer_import_members" ADD CONSTRAINT "customer_import_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_import_members" ADD CONSTRAINT "customer_import_members_import_id_customer_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."customer_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_import_members" ADD CONSTRAINT "customer_import_members_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_import_members_customer_idx" ON "customer_import_members" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "broadcast_recipients_broadcast_idx" ON "broadcast_recipients" USING btree ("broadcast_id","id");