export { type ChannelRow, channels } from './channels.tables.ts';
export { channelNeedsReauth } from './needs-reauth.ts';
export { widgetOf } from './widget-settings.ts';
