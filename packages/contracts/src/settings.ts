import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { emailField } from './fields.ts';

export * from './setting-keys.ts';

/** here, not in admin.ts: the public settings' endpoints load on every first screen, admin.ts's schemas need not */
export const smtpTestBodySchema = z.object({ to: emailField });
export const smtpTestResultSchema = z.object({ response: z.string() });

export const settingSchema = z.object({ key: z.string(), value: z.string() });
export type Setting = z.infer<typeof settingSchema>;

export const settingsQuerySchema = z.object({ keys: z.string().max(2000).optional() });
export const updateSettingsBodySchema = z.object({
  settings: z.array(z.object({ key: z.string().min(1).max(100), value: z.string().max(30_000_000) })).max(100),
});

export const settingEndpoints = {
  public: endpoint({
    method: 'GET',
    path: '/public/v1/system-setting',
    query: settingsQuerySchema,
    response: z.array(settingSchema),
    summary: 'Public settings (mode, name, logo, copyright, documents, Google client id); never a secret',
  }),
  list: endpoint({
    method: 'GET',
    path: '/v1/system-setting',
    query: settingsQuerySchema,
    response: z.array(settingSchema),
    summary: 'Settings by key (system admin); secrets masked',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/v1/system-setting',
    body: updateSettingsBodySchema,
    response: z.array(settingSchema),
    summary: 'Change settings (system admin); secrets are stored encrypted',
  }),
  smtpTest: endpoint({
    method: 'POST',
    path: '/v1/system-setting/smtp/test',
    body: smtpTestBodySchema,
    response: smtpTestResultSchema,
    summary: "Send a test e-mail with the current SMTP settings; answers the server's reply",
  }),
};
