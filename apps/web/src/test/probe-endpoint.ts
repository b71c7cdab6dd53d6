import { endpoint, type HttpMethod } from '@omnichat/contracts';
import { z } from 'zod';

/** An endpoint that accepts any answer: for tests of the HTTP client's retries, toasts and errors. */
export const probe = (method: HttpMethod, path: string) =>
  endpoint({ method, path, response: z.unknown(), summary: 'test probe' });
