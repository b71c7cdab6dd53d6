/**
 * Tables that hold no tenant data and so carry neither `workspace_id` nor row-level security. Every other table
 * in `public` must be tenant-scoped (forced RLS with the `tenant_isolation` policy): `tenancy.test.ts` reads the
 * catalogue and fails on a table that is neither. Adding an entry here needs a review and one line of why.
 */
export const PLATFORM_TABLES: Record<string, string> = {
  users: 'people sign in before they belong to any organization, and may belong to several',
  system_admins: 'the operators of the platform, above every organization',
  system_settings: 'platform configuration (SMTP, limits), not owned by an organization',
  one_time_tokens: "a user's email verification and password reset links, before or across organizations",
  platform_secrets: 'keys of the platform itself (JWT secret), read at start-up',
  push_subscriptions: "a user's browsers for Web Push, across the organizations they belong to",
  socket_tickets: 'one-time tickets to open a socket, redeemed before any organization is known (admins have none)',
  pacing_buckets: "the pacing limiter's token buckets, keyed by what is paced (a sending number), not by organization",
  subscription_plans:
    'the plans the operator sells, offered to every organization (the public pricing page lists them)',
  stripe_events: "Stripe's webhook deliveries, stored before it is known which organization (if any) they concern",
};

/** drizzle-kit's own bookkeeping (it lives in the `drizzle` schema, but is excluded here should it move). */
export const MIGRATIONS_TABLE = '__drizzle_migrations';
