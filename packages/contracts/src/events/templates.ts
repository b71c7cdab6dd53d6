import { z } from 'zod';
import { TEMPLATE_STATUSES } from '../whatsapp-templates.ts';

export const templateEvents = {
  /** Meta changed a template's status, quality or category (its webhook) */
  'template.changed': z.object({ id: z.uuid(), channel_id: z.uuid(), status: z.enum(TEMPLATE_STATUSES) }),
};
