export { storeEvent, stripeEventsJob, stripeEventsSweepJob } from './event-jobs.ts';
export { stripeWebhookRoutes } from './webhook.routes.ts';
