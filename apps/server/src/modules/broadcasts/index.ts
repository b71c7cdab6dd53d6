export { type BroadcastRow, broadcasts } from './broadcasts.tables.ts';
