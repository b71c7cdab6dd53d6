import { z } from 'zod';

/** (status as text: the templates' schemas stay out of the app shell, which reads this catalogue) */
export const templateEvents = {
  /** Meta changed a template's status, quality or category (its webhook) */
  'template.changed': z.object({ id: z.uuid(), channel_id: z.uuid(), status: z.string() }),
};
