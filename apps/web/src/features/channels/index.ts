export { TYPE_ICONS } from './channels-api.ts';
