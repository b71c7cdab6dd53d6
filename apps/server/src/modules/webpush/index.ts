export { pushToUser } from './webpush.service.ts';
export { type PushSubscriptionRow, pushSubscriptions } from './webpush.tables.ts';
