export { createSettingsService, SECRET_MASK, type SettingsService } from './settings.service.ts';
export { settingsRoutes } from './settings.routes.ts';
