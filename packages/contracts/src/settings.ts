import { z } from 'zod';

/**
 * Every system setting the platform knows. `public` keys are readable without signing in;
 * `secret` keys are stored encrypted and never returned whole.
 */
export const SYSTEM_SETTINGS = {
  'system.mode': { public: true, secret: false, default: 'platform' },
  'system.name': { public: true, secret: false, default: 'OmniChat' },
  'system.logo': { public: true, secret: false, default: '' },
  'system.copyright': { public: true, secret: false, default: '' },
  'system.privacy.pdf': { public: true, secret: false, default: '' },
  'system.terms.pdf': { public: true, secret: false, default: '' },
  'google.client.id': { public: true, secret: false, default: '' },
  'smtp.host': { public: false, secret: false, default: '' },
  'smtp.port': { public: false, secret: false, default: '587' },
  'smtp.security': { public: false, secret: false, default: 'starttls' },
  'smtp.user': { public: false, secret: false, default: '' },
  'smtp.password': { public: false, secret: true, default: '' },
  'smtp.sender': { public: false, secret: false, default: '' },
} as const satisfies Record<string, { public: boolean; secret: boolean; default: string }>;
export type SystemSettingKey = keyof typeof SYSTEM_SETTINGS;
export const SYSTEM_SETTING_KEYS = Object.keys(SYSTEM_SETTINGS) as SystemSettingKey[];
export const isSystemSettingKey = (key: string): key is SystemSettingKey => Object.hasOwn(SYSTEM_SETTINGS, key);
export const PUBLIC_SETTING_KEYS = SYSTEM_SETTING_KEYS.filter((key) => SYSTEM_SETTINGS[key].public);

export const settingSchema = z.object({ key: z.string(), value: z.string() });
export type Setting = z.infer<typeof settingSchema>;

export const settingsQuerySchema = z.object({ keys: z.string().max(2000).optional() });
export const updateSettingsBodySchema = z.object({
  settings: z.array(z.object({ key: z.string().min(1).max(100), value: z.string().max(30_000_000) })).max(100),
});
