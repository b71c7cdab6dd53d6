export { type ChannelRow, channels } from './channels.tables.ts';
