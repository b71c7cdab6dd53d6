import './customer-merge.ts';

export { conversationsRoutes } from './conversations.routes.ts';
