export { conversationsRoutes } from './conversations.routes.ts';
