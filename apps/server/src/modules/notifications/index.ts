export { notificationsRoutes } from './notifications.routes.ts';
