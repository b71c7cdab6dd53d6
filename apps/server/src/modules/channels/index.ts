export { type ChannelRow, channels } from './channels.tables.ts';
export { WEBHOOK_PATH } from './webhook.routes.ts';
export { channelOfWebhook } from './webhook-channels.ts';
