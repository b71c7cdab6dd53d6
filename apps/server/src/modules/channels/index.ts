export { type ChannelRow, channels } from './channels.tables.ts';
export { widgetOf } from './widget-settings.ts';
