export { createSettingsService, SECRET_MASK, type SettingsService } from './settings.service.ts';
