CREATE TABLE "billing_accounts" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"stripe_customer_id" text,
	"default_payment_method_id" text,
	"plan_id" uuid,
	"billing_cycle" text,
	"status" text DEFAULT 'not_subscribed' NOT NULL,
	"stripe_subscription_id" text,
	"stripe_schedule_id" text,
	"next_plan_id" uuid,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"trial_end" timestamp with time zone,
	"auto_renewal" boolean DEFAULT false NOT NULL,
	"paid_price_cents" integer,
	"comp" boolean DEFAULT false NOT NULL,
	"stripe_state_at" bigint,
	"low_balance_threshold_cents" integer,
	"low_balance_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_accounts_stripe_customer_id_unique" UNIQUE("stripe_customer_id"),
	CONSTRAINT "billing_accounts_stripe_subscription_id_unique" UNIQUE("stripe_subscription_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created" bigint NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tag" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"monthly_price_cents" integer NOT NULL,
	"yearly_price_cents" integer NOT NULL,
	"discounted_monthly_price_cents" integer,
	"discounted_yearly_price_cents" integer,
	"wallet_multiplier_milli" integer DEFAULT 1000 NOT NULL,
	"popular" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"member_limit" integer,
	"channel_limit" integer,
	"ai_agent_limit" integer,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"stripe_product_id" text,
	"stripe_monthly_price_id" text,
	"stripe_yearly_price_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_plans_tag_unique" UNIQUE("tag")
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"type" text NOT NULL,
	"topic" text NOT NULL,
	"description" text,
	"amount_cents" bigint NOT NULL,
	"balance_after_cents" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"reference" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_transactions_idempotency" UNIQUE("workspace_id","idempotency_key"),
	CONSTRAINT "wallet_transactions_amount_positive" CHECK ("wallet_transactions"."amount_cents" > 0),
	CONSTRAINT "wallet_transactions_balance_not_negative" CHECK ("wallet_transactions"."balance_after_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"reserved_cents" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_balance_not_negative" CHECK ("wallets"."balance_cents" >= 0),
	CONSTRAINT "wallets_reserved_within_balance" CHECK ("wallets"."reserved_cents" >= 0 and "wallets"."reserved_cents" <= "wallets"."balance_cents")
);
--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_next_plan_id_subscription_plans_id_fk" FOREIGN KEY ("next_plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_accounts_plan_idx" ON "billing_accounts" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "stripe_events_unapplied_idx" ON "stripe_events" USING btree ("received_at") WHERE "stripe_events"."applied_at" is null;--> statement-breakpoint
CREATE INDEX "wallet_transactions_workspace_idx" ON "wallet_transactions" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
-- The wallet's ledger is append-only: a movement is never changed or removed, only answered by another one. Its rows
-- go only with their organization (a purge's cascade, once the organization's row is gone).
CREATE FUNCTION "wallet_transactions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM "workspaces" WHERE "id" = OLD."workspace_id") THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'wallet_transactions is append-only' USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER "wallet_transactions_append_only" BEFORE UPDATE OR DELETE ON "wallet_transactions"
  FOR EACH ROW EXECUTE FUNCTION "wallet_transactions_append_only"();
