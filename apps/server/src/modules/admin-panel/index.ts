export { adminPanelRoutes } from './admin-panel.routes.ts';
