import { type PageInfo, successEnvelope } from '@omnichat/contracts';
import type { z } from 'zod';

export const ok = <T>(data: T, page?: PageInfo) =>
  page ? { success: true as const, data, page } : { success: true as const, data };

/** Response schemas for a route: the success envelope around `data`. Errors are described once, globally. */
export const replies = <T extends z.ZodType>(data: T) => ({ 200: successEnvelope(data) });
