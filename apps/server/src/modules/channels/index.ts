export { channelsRoutes } from './channels.routes.ts';
