import { z } from 'zod';

export * from './setting-keys.ts';

export const settingSchema = z.object({ key: z.string(), value: z.string() });
export type Setting = z.infer<typeof settingSchema>;

export const settingsQuerySchema = z.object({ keys: z.string().max(2000).optional() });
export const updateSettingsBodySchema = z.object({
  settings: z.array(z.object({ key: z.string().min(1).max(100), value: z.string().max(30_000_000) })).max(100),
});
