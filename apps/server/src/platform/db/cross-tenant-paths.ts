/**
 * The reviewed paths that cross tenants, as `file (under apps/server/src): reason`. `cross-tenant-paths.test.ts`
 * compares every call of `unsafeCrossTenant` (with its reason) outside tests with this list, so a new path, a moved one or
 * a changed reason needs a reviewed entry here.
 */
export const CROSS_TENANT_PATHS: readonly string[] = [
  'modules/admin-panel/users-admin.service.ts: a system admin lists users with their organization counts',
  'modules/admin-panel/workspaces-admin.service.ts: a system admin lists every organization',
  'modules/audit/audit.service.ts: a system admin reads the whole audit log',
  'modules/audit/audit.service.ts: platform changes are audited outside any one organization',
  "modules/billing/operator/history.service.ts: a system admin reads one organization's subscription history from the audit log and Stripe's events",
  'modules/billing/operator/organizations.service.ts: a system admin lists every organization with its plan and wallet',
  "modules/billing/plans.service.ts: a plan's subscriber count",
  'modules/billing/plans.service.ts: deleting a plan only when no organization is on it',
  'modules/billing/plans.service.ts: plans with their subscriber counts',
  "modules/billing/stripe-webhook/event-jobs.ts: Stripe's events name an organization only by its Stripe customer",
  'modules/broadcasts/sender.ts: the sweeper restarts broadcasts of every organization',
  'modules/channels/webhook/delivery-writer.ts: webhook deliveries of several organizations are stored together',
  'modules/channels/webhook/webhook-channels.ts: a webhook finds its channel by the id in its address',
  'modules/channels/webhook/webhook-jobs.ts: the webhook sweep queues channels whose deliveries wait',
  'modules/cs-agents/retrieval/search-knowledge.ts: a knowledge search names its organization and agent and uses the full-text and trigram indexes that row-level security cannot (their operators are not leakproof)',
  'modules/customers/customers.service.ts: a customer search names its organization and uses the trigram and JSON indexes that row-level security cannot (their operators are not leakproof)',
  'modules/members/invites.service.ts: an invitee opens their invitation by its token',
  'modules/notifications/delivery.ts: the daily digest finds who chose it',
  'modules/notifications/delivery.ts: notification retention removes old notifications of every user',
  'modules/webchat/webchat.service.ts: the web-chat widget finds its channel by its key',
  'modules/workflows/runs.service.ts: a webhook names its workflow by id alone',
  'modules/workspaces/workspaces.service.ts: a user lists their own organizations',
  'platform/jobs/job-queue.ts: the job queue claims and records jobs of every organization',
  'platform/jobs/retention.ts: the job queue removes finished jobs of every organization',
  'platform/observability/metrics.ts: metrics read the job queue depth',
];
