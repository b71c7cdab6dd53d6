export { channelsRoutes } from './channels.routes.ts';
export { type ChannelRow, channels } from './channels.tables.ts';
export { channelOfWebhook, WEBHOOK_PATH } from './webhook.routes.ts';
