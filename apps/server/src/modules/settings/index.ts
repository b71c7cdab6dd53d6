export { createSecretBox, loadSecretsKey, type SecretBox } from './secret-box.ts';
export { createSettingsService, SECRET_MASK, type SettingsService } from './settings.service.ts';
