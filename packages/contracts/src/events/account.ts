import { z } from 'zod';

export const accountEvents = {
  /** an account's tokens older than `token_version` stopped working: logout, password change or reset, deactivation */
  'account.tokens_revoked': z.object({
    kind: z.enum(['user', 'admin']),
    account_id: z.uuid(),
    token_version: z.number().int(),
  }),
};
