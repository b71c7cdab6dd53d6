import { z } from 'zod';
import { imageDataUrlField } from './fields.ts';
import { LIMITS } from './limits.ts';

export const organizationNameField = z
  .string({ error: 'organization_name_required' })
  .trim()
  .min(1, { error: 'organization_name_required' })
  .max(LIMITS.organizationNameMax - 1, { error: 'organization_name_max' });

export const timeZoneField = z
  .string({ error: 'time_zone_required' })
  .trim()
  .min(1, { error: 'time_zone_required' })
  .max(64, { error: 'invalid_time_zone' });

export const createWorkspaceBodySchema = z.object({
  name: organizationNameField,
  time_zone: timeZoneField,
  avatar: imageDataUrlField.optional(),
});
export type CreateWorkspaceBody = z.infer<typeof createWorkspaceBodySchema>;

export const updateWorkspaceBodySchema = createWorkspaceBodySchema.partial();

export const subscriptionCurrentSchema = z.object({ plan_tag: z.string().nullable() });
