import { z } from 'zod';

/**
 * A member's availability in an organization: `online` members take auto-assigned conversations, `busy` and
 * `offline` ones do not (what they already handle stays theirs). Members who never chose are `online`.
 */
export const AVAILABILITY_STATUSES = ['online', 'busy', 'offline'] as const;
export type Availability = (typeof AVAILABILITY_STATUSES)[number];

export const availabilityField = z.enum(AVAILABILITY_STATUSES, { error: 'availability_invalid' });

/** `PUT /v1/self/availability`'s body and both availability answers. */
export const availabilitySchema = z.object({ status: availabilityField });
export type AvailabilityBody = z.input<typeof availabilitySchema>;
